#pragma once
// The radix sort as the front end (detail/front_end/front_end.hpp) calls it: its resolved
// tuning (tuning.hpp), a plan per call (plan.hpp), its programs (programs.hpp), its scratch by
// name (scratch.hpp), and the run of a plan (run.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "../../error.hpp"
#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"
#include "../front_end/sort_job.hpp"
#include "../front_end/validation.hpp"
#include "config.hpp"
#include "plan.hpp"
#include "programs.hpp"
#include "run.hpp"
#include "scratch.hpp"
#include "tuning.hpp"

namespace gpusort {
namespace detail {
namespace radix {

class Algorithm {
 public:
  /// Resolves `tuning` for `device` and `elements` (throws Error where the device lacks what
  /// the radix kernels need, device_need()), and builds the programs a sort of all the key's
  /// bits runs, the tile program among them (so that its subgroup check runs here).
  Algorithm(const RadixTuning& tuning, ProgramCache* cache, const DeviceLimits& device, const Elements& elements)
      : asked_(tuning), config_(make_config(tuning, device, elements)), programs_(cache) {
    scratch_.use_immutable_storage(device.major > 4 || (device.major == 4 && device.minor >= 4));
    build(make_plan(2, passes(BitRange{}), config_).kernels());
  }

  const DeviceLimits& limits() const { return config_.device; }
  const Config& config() const { return config_; }
  SubgroupCheck subgroup_check() const { return programs_.subgroup_check(); }

  /// GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size (and over Onesweep's status words per
  /// tile), and below 2^30 (30-bit status counts).
  CountLimit count_limit() const {
    const std::uint64_t block = config_.device.max_storage_block_bytes;
    const std::uint64_t by_status = block / (std::uint64_t{4} << config_.tuning.digit_bits) * config_.tile_size;
    const std::uint64_t most =
        std::min({block / config_.elements.key_bytes, by_status, (std::uint64_t{1} << 30) - 1});
    return CountLimit{static_cast<std::size_t>(most), "below 2^30"};
  }

  void set_observer(RadixPassObserver observer) { runner_.set_observer(std::move(observer)); }

  /// The digit passes of a sort by `bits`; throws Error for a BitRange the keys do not have.
  Passes passes(BitRange bits) const { return passes_of(bits, config_.elements, config_.tuning.digit_bits); }

  void run(const SortJob& job) { run(job, passes(BitRange{})); }

  /// A sort by `passes` (passes(bits)).
  void run(const SortJob& job, const Passes& passes) {
    const Plan plan = prepare_run(job.count, passes);  // may build or allocate; writes nothing
    const IndirectCount indirect{job.count_buffer, job.count_offset / sizeof(std::uint32_t)};
    runner_.run(plan, job.buffers, job.order, job.indices,
                job.indirect ? &indirect : nullptr, config_, programs_, scratch_);
  }

  /// The programs a sort of `count` elements by `passes` runs (the constructor built those of
  /// every sort of all the key's bits; a BitRange of an odd number of passes adds the copy).
  void prepare(std::size_t count, bool /*stable: every radix sort is*/, bool /*indirect: the same programs*/,
               const Passes& passes) {
    build(make_plan(count, passes, config_).kernels());
  }
  void prepare(std::size_t count, bool stable, bool indirect) { prepare(count, stable, indirect, passes(BitRange{})); }

  /// The scratch of every sort of up to `capacity` elements (sort_indirect() included).
  void reserve(std::size_t capacity) { reserve_scratch(make_plan(capacity, passes(BitRange{}), config_)); }

  /// What a sort of `count` by `passes` dispatches.
  RadixPlan plan(std::size_t count, const Passes& passes) const { return make_plan(count, passes, config_).summary(); }

 private:
  /// The plan of a sort of `count` elements by `passes`, its dispatch limits checked, what it
  /// lacks built and its scratch allocated, before anything is written.
  Plan prepare_run(std::size_t count, const Passes& passes) {
    Plan plan = make_plan(count, passes, config_);
    check_dispatch_limits(plan);
    if (build(plan.kernels())) {
      plan = make_plan(count, passes, config_);
      check_dispatch_limits(plan);
    }
    reserve_scratch(plan);
    return plan;
  }

  void check_dispatch_limits(const Plan& plan) const {
    const DispatchLimits limits = dispatch_limits(config_);
    const Geometry& g = plan.geometry;
    for (std::uint64_t groups : {g.tiles, g.blocks, g.histogram_groups, g.copy_groups}) {
      if (groups > limits.capacity()) {
        throw Error("sorting " + std::to_string(plan.count) + " elements needs more workgroups than "
                    "GL_MAX_COMPUTE_WORK_GROUP_COUNT allows (" + std::to_string(limits.max_x) + " x " +
                    std::to_string(limits.max_y) +
                    "): raise RadixTuning::max_workgroups_x or keys_per_invocation, or sort fewer elements");
      }
    }
  }

  /// Builds what `kernels` lack. Where the tile program runs with another subgroup size than it
  /// was compiled for, re-plans the sort for the shared-memory ranking (its tile may differ,
  /// which every kernel plans with) and builds `kernels` anew: returns true then (plans made
  /// before are stale).
  bool build(const std::vector<Kernel>& kernels) {
    if (programs_.build(kernels, config_)) return false;
    config_ = shared_memory_config();
    programs_.clear();
    programs_.build(kernels, config_);  // no subgroups: nothing to check
    return true;
  }

  /// The config of the asked tuning without subgroups (RadixTuning::use_subgroups), for the
  /// same device and elements.
  Config shared_memory_config() const {
    RadixTuning tuning = asked_;
    tuning.use_subgroups = false;
    try {
      Config c = make_config(tuning, config_.device, config_.elements);
      c.withhold_every = config_.withhold_every;  // planned at construction, like the rest
      return c;
    } catch (const Error& e) {
      std::string why = e.what();
      const std::string prefix = "gpusort: ";
      if (why.compare(0, prefix.size(), prefix) == 0) why.erase(0, prefix.size());
      throw Error("the radix tile kernel was compiled for subgroups of " + std::to_string(config_.subgroup_size) +
                  " lanes but the GPU runs it with " +
                  std::to_string(programs_.subgroup_check().mismatched_size) +
                  ", and its shared-memory ranking, which runs at any size, does not fit the tuning: " + why);
    }
  }

  void reserve_scratch(const Plan& plan) {
    const std::uint64_t count = plan.count;
    scratch_.reserve(ScratchSlot::meta, GPUSORT_RADIX_META_WORDS * 4ull);
    scratch_.reserve(ScratchSlot::keys, count * config_.elements.key_bytes);
    if (config_.elements.has_values) scratch_.reserve(ScratchSlot::values, count * Elements::value_bytes);
    scratch_.reserve(ScratchSlot::tile_state, plan.geometry.tile_state_words * 4);
  }

  RadixTuning asked_;  // the tuning as asked (shared_memory_config() resolves it anew)
  Config config_;      // the resolved tuning, the device, the elements
  Programs programs_;
  Scratch scratch_;
  Runner runner_;
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
