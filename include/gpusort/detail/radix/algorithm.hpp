#pragma once
// The radix sort as the front end (detail/front_end/front_end.hpp) calls it: its resolved
// tuning (tuning.hpp), a plan per call (plan.hpp), its programs (programs.hpp), its scratch by
// name (scratch.hpp), and the run of a plan (run.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"
#include "../front_end/sort_job.hpp"
#include "../front_end/validation.hpp"
#include "../gl/dispatch.hpp"
#include "../gl/scratch.hpp"
#include "../status.hpp"
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
  /// Resolves `tuning` for `device` and `elements` (fails where the device lacks what the
  /// radix kernels need, device_need()), and builds the programs a sort of all the key's bits
  /// runs, the tile program among them (so that its subgroup check runs here).
  Status init(const DeviceLimits& device, const RadixTuning& tuning, ProgramCache* cache, const Elements& elements) {
    asked_ = tuning;
    if (Status status = make_config(tuning, device, elements, config_); !status) return status;
    programs_ = Programs(cache);
    scratch_.use_immutable_storage(device.major > 4 || (device.major == 4 && device.minor >= 4));
    Passes all;
    if (Status status = passes(BitRange{}, all); !status) return status;
    bool replanned = false;
    if (Status status = build(make_plan(2, all, config_).kernels(), replanned); !status) return status;
    probe_program_ = programs_.get(Kernel::init).name();
    return {};
  }

  const DeviceLimits& limits() const { return config_.device; }
  const Config& config() const { return config_; }
  GLuint probe_program() const { return probe_program_; }
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

  /// The digit passes of a sort by `bits`, into `passes`; fails for a BitRange the keys do not
  /// have.
  Status passes(BitRange bits, Passes& passes) const {
    return passes_of(bits, config_.elements, config_.tuning.digit_bits, passes);
  }

  /// Plans `job` (by job.bits), checks its dispatch limits, builds what it lacks and places its
  /// scratch; writes nothing.
  Status ready(const SortJob& job) {
    Passes by;
    if (Status status = passes(job.bits, by); !status) return status;
    plan_ = make_plan(job.count, by, config_);
    if (Status status = check_dispatch_limits(plan_); !status) return status;
    bool replanned = false;
    if (Status status = build(plan_.kernels(), replanned); !status) return status;
    if (replanned) {  // for the shared-memory ranking, whose tile may differ
      if (Status status = passes(job.bits, by); !status) return status;
      plan_ = make_plan(job.count, by, config_);
      if (Status status = check_dispatch_limits(plan_); !status) return status;
      if (Status status = build(plan_.kernels(), replanned); !status) return status;
    }
    return scratch_.place(needs(plan_), config_.device.storage_offset_alignment);
  }

  void run(const SortJob& job) {
    const IndirectCount indirect{job.count_buffer, job.count_offset};
    runner_.run(plan_, job.buffers, job.order, job.indices, job.indirect ? &indirect : nullptr, config_, programs_,
                scratch_);
  }

  /// The programs a sort of job.count elements by job.bits runs (the constructor built those of
  /// every sort of all the key's bits; a BitRange of an odd number of passes adds the copy).
  /// Every radix sort is stable, and sort_indirect() runs the same programs.
  Status prepare(const SortJob& job) {
    Passes by;
    if (Status status = passes(job.bits, by); !status) return status;
    bool replanned = false;
    return build(make_plan(job.count, by, config_).kernels(), replanned);
  }

  /// The scratch of every sort of up to `capacity` elements (sort_indirect() included);
  /// nothing after use_scratch().
  Status reserve(std::size_t capacity) {
    if (scratch_.in_caller_range()) return Status();
    return scratch_.place(needs(plan_for(capacity)), config_.device.storage_offset_alignment);
  }

  /// A caller's range for every sort of up to `capacity` (>= 1) elements, stable or not (every
  /// radix sort is): what a sort of `capacity` uses, which no smaller count exceeds.
  std::uint64_t scratch_bytes(std::size_t capacity, bool /*stable*/) const {
    std::uint64_t bytes = 0;
    Scratch::range_bytes(needs(plan_for(capacity)), config_.device.storage_offset_alignment, bytes);
    return bytes;
  }

  void use_scratch(const BufferSlice& range, std::uint64_t range_start) { scratch_.use_range(range, range_start); }
  void release_scratch() { scratch_.release(); }

  /// What a sort of `count` by `passes` dispatches.
  RadixPlan plan(std::size_t count, const Passes& passes) const { return make_plan(count, passes, config_).summary(); }

 private:
  /// A sort of `count` elements by all the key's bits (the scratch does not depend on the bits).
  Plan plan_for(std::size_t count) const {
    Passes all;
    (void)passes(BitRange{}, all);  // BitRange{}: every key has all its bits
    return make_plan(count, all, config_);
  }

  /// Fails where `plan` needs more workgroups than one dispatch takes.
  Status check_dispatch_limits(const Plan& plan) const {
    const DispatchLimits limits = dispatch_limits(config_);
    const Geometry& g = plan.geometry;
    for (std::uint64_t groups : {g.tiles, g.blocks, g.histogram_groups, g.copy_groups}) {
      if (Status status =
              check_workgroups(groups, limits, plan.count, "RadixTuning::max_workgroups_x or keys_per_invocation");
          !status)
        return status;
    }
    return {};
  }

  /// Builds what `kernels` lack. Where the tile program runs with another subgroup size than it
  /// was compiled for, re-plans the sort for the shared-memory ranking (its tile may differ,
  /// which every kernel plans with) and builds `kernels` anew: `replanned` says so then (plans
  /// made before are stale). Where that fails, the config and programs stay as they were, less
  /// the mismatched tile program, which the next build checks again.
  Status build(const std::vector<Kernel>& kernels, bool& replanned) {
    bool holds = true;
    if (Status status = programs_.build(kernels, config_, holds); !status) return status;
    replanned = !holds;
    if (holds) return {};
    Config shared;
    if (Status status = shared_memory_config(shared); !status) return status;
    if (Status status = programs_.rebuild(kernels, shared); !status) return status;
    config_ = shared;
    probe_program_ = programs_.get(Kernel::init).name();  // the one it had is deleted
    return {};
  }

  /// The config of the asked tuning without subgroups (RadixTuning::use_subgroups), for the
  /// same device and elements, into `c`.
  Status shared_memory_config(Config& c) const {
    RadixTuning tuning = asked_;
    tuning.use_subgroups = false;
    if (Status status = make_config(tuning, config_.device, config_.elements, c); !status) {
      return fail("the radix tile kernel was compiled for subgroups of " + std::to_string(config_.subgroup_size) +
                  " lanes but the GPU runs it with " + std::to_string(programs_.subgroup_check().mismatched_size) +
                  ", and its shared-memory ranking, which runs at any size, does not fit the tuning: " +
                  status.message());
    }
    c.withhold_every = config_.withhold_every;  // planned at construction, like the rest
    return {};
  }

  /// The scratch of a sort of `plan`: the meta words, the other half of the key (and value)
  /// ping-pong, the tile state.
  Scratch::Needs needs(const Plan& plan) const {
    const std::uint64_t count = plan.count;
    Scratch::Needs n{};
    n[static_cast<std::size_t>(ScratchSlot::meta)] = GPUSORT_RADIX_META_WORDS * 4ull;
    n[static_cast<std::size_t>(ScratchSlot::keys)] = count * config_.elements.key_bytes;
    if (config_.elements.has_values) n[static_cast<std::size_t>(ScratchSlot::values)] = count * Elements::value_bytes;
    n[static_cast<std::size_t>(ScratchSlot::tile_state)] = plan.geometry.tile_state_words * 4;
    return n;
  }

  RadixTuning asked_;  // the tuning as asked (shared_memory_config() resolves it anew)
  Config config_;      // the resolved tuning, the device, the elements
  Programs programs_;
  GLuint probe_program_ = 0;  // the init kernel
  Scratch scratch_;
  Runner runner_;
  Plan plan_;  // the current call's plan
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
