#pragma once
// The radix sort as its engine (detail/front_end/engine.hpp) drives it: its resolved tuning
// (tuning.hpp), one config and program set per tile shape where the defaults change the shape
// with the sort's size (defaults.hpp min_count), a plan per call (plan.hpp), its programs
// (programs.hpp) with the subgroup check of their tile programs (detail/gl/subgroup_check.hpp),
// its scratch by name (scratch.hpp), and the run of a plan (run.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"
#include "../gl/dispatch.hpp"
#include "../gl/scratch.hpp"
#include "../job/count_limit.hpp"
#include "../job/sort_job.hpp"
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
  using Plan = radix::Plan;
  using Scratch = radix::Scratch;

  /// Sorts by a BitRange (job.bits); its scratch is the same whatever the bits.
  static constexpr bool takes_bit_ranges = true;

  /// Where the context has GL 4.4 the slots get immutable storage (radix/scratch.hpp says why).
  static bool immutable_scratch(const DeviceLimits& device) {
    return device.major > 4 || (device.major == 4 && device.minor >= 4);
  }

  /// Resolves `tuning` for `device` and `elements` into a config per tile shape
  /// (make_configs(): fails where the device lacks what the radix kernels need, device_need());
  /// builds nothing (build_first()).
  Status init(const DeviceLimits& device, const RadixTuning& tuning, ProgramCache* cache, const Elements& elements) {
    asked_ = tuning;
    cache_ = cache;
    return make_shapes(tuning, device, elements, shapes_, programs_);
  }

  /// The programs a sort of all the key's bits runs below the first size threshold, the tile
  /// program among them, so that its subgroup check runs at construction (the shapes of larger
  /// sorts are built by reserve(), prepare(), or the first sort that needs them).
  Status build_first(bool& mismatch) {
    if (Status status = build_all_bits(shapes_, programs_, 0, 2, mismatch); !status || mismatch) return status;
    probe_program_ = programs_.front().get(Kernel::init).name();
    return {};
  }

  /// The shapes of the asked tuning without subgroups (RadixTuning::use_subgroups), for the
  /// same device and elements, with the first programs built (build_first()); every program
  /// built before is deleted. Where that fails, the shapes stay as they were, less the
  /// mismatched tile program, which the next build checks again.
  Status without_subgroups() {
    RadixTuning tuning = asked_;
    tuning.use_subgroups = false;
    std::vector<SizedConfig> fresh;
    std::vector<Programs> fresh_programs;
    if (Status status = make_shapes(tuning, limits(), config().elements, fresh, fresh_programs); !status) {
      return fail("the radix tile kernel was compiled for subgroups of " + std::to_string(config().subgroup_size) +
                  " lanes but the GPU runs it with " + std::to_string(checker_.counts().mismatched_size) +
                  ", and its shared-memory ranking, which runs at any size, does not fit the tuning: " +
                  status.message());
    }
    for (SizedConfig& shape : fresh) shape.config.withhold_every = config().withhold_every;  // planned at construction
    bool mismatch = false;  // nothing to check without subgroups
    if (Status status = build_all_bits(fresh, fresh_programs, 0, 2, mismatch); !status) return status;
    shapes_ = std::move(fresh);
    programs_ = std::move(fresh_programs);
    probe_program_ = programs_.front().get(Kernel::init).name();  // the one it had is deleted
    return {};
  }

  const DeviceLimits& limits() const { return config().device; }
  /// The config of sorts below every size threshold (RadixSorter::tuning(), tile_size()).
  const Config& config() const { return shapes_.front().config; }
  GLuint probe_program() const { return probe_program_; }
  SubgroupCheck subgroup_check() const { return checker_.counts(); }

  /// GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size (and over Onesweep's status words per
  /// tile, of the shape that sorts that many), and below 2^30 (30-bit status counts).
  CountLimit count_limit() const {
    std::uint64_t most = 0;
    for (std::size_t i = 0; i < shapes_.size(); ++i) {
      const Config& c = shapes_[i].config;
      const std::uint64_t block = c.device.max_storage_block_bytes;
      const std::uint64_t by_status = block / (std::uint64_t{4} << c.tuning.digit_bits) * c.tile_size;
      most = (std::min)({block / c.elements.key_bytes, by_status, (std::uint64_t{1} << 30) - 1});
      // A shape that cannot sort up to the next one's threshold ends the counts.
      if (i + 1 == shapes_.size() || most + 1 < shapes_[i + 1].min_count) break;
    }
    return CountLimit{static_cast<std::size_t>(most), "below 2^30"};
  }

  void set_observer(RadixPassObserver observer) { runner_.set_observer(std::move(observer)); }

  /// The digit passes of a sort by `bits`, into `passes`; fails for a BitRange the keys do not
  /// have (every shape has the same digit_bits, make_configs()).
  Status passes(BitRange bits, Passes& passes) const {
    return passes_of(bits, config().elements, config().tuning.digit_bits, passes);
  }

  /// What plan_job() plans with: every shape's config.
  const std::vector<SizedConfig>& planning() const { return shapes_; }

  /// Builds what the kernels of `plan` lack. `mismatch`: the tile program runs with another
  /// subgroup size than it was compiled for (it was deleted; Engine's policy resolves again:
  /// its shared-memory ranking may need another tile, which every kernel plans with).
  Status build(const Plan& plan, bool& mismatch) {
    return programs_[plan.shape].build(plan.kernels, shapes_[plan.shape].config, checker_, mismatch);
  }

  /// Runs `plan` (built) for `job` in `scratch` (placed).
  void run(const Plan& plan, const SortJob& job, const Scratch& scratch) const {
    const IndirectCount indirect{job.count_buffer, job.count_offset};
    runner_.run(plan, job.buffers, job.order, job.kind == JobKind::indices, job.indirect() ? &indirect : nullptr,
                shapes_[plan.shape].config, programs_[plan.shape], scratch);
  }

  /// The jobs whose plans size the scratch of every sort of up to `capacity` elements: the
  /// largest count of each shape such a sort runs, by all the key's bits (the scratch does not
  /// depend on the bits, nor on the kind: every radix sort is stable, sort_indirect() plans
  /// its capacity). Within a shape no smaller count needs more.
  std::vector<SortJob> sizing_jobs(std::size_t capacity, JobKind /*kind*/) const {
    std::vector<SortJob> jobs;
    for (std::size_t i = 0; i < shapes_.size() && shapes_[i].min_count <= capacity; ++i) {
      SortJob job;
      job.count = i + 1 < shapes_.size() ? (std::min)(capacity, shapes_[i + 1].min_count - 1) : capacity;
      jobs.push_back(job);
    }
    return jobs;
  }

  /// reserve() builds the programs of every shape a sort of up to `capacity` elements runs, by
  /// all the key's bits: a sort of each shape's least count.
  std::vector<SortJob> reserve_jobs(std::size_t capacity) const {
    std::vector<SortJob> jobs;
    for (std::size_t i = 0; i < shapes_.size() && shapes_[i].min_count <= capacity; ++i) {
      SortJob job;
      job.count = (std::max)(std::size_t{2}, shapes_[i].min_count);
      jobs.push_back(job);
    }
    return jobs;
  }

  void scratch_moved() {}

  /// What a sort of `count` by `passes` dispatches.
  RadixPlan plan(std::size_t count, const Passes& passes) const {
    return make_plan(count, passes, shapes_[shape_index(shapes_, count)].config).summary();
  }

 private:
  /// The shapes of `tuning` for `device` and `elements` (make_configs()), and an empty program
  /// set for each.
  Status make_shapes(const RadixTuning& tuning, const DeviceLimits& device, const Elements& elements,
                     std::vector<SizedConfig>& shapes, std::vector<Programs>& programs) const {
    if (Status status = make_configs(tuning, device, elements, shapes); !status) return status;
    programs.clear();
    for (std::size_t i = 0; i < shapes.size(); ++i) programs.emplace_back(cache_);
    return {};
  }

  /// Builds into `programs` what shape `shape` of `shapes` runs for a sort of `count` elements by
  /// all the key's bits.
  Status build_all_bits(const std::vector<SizedConfig>& shapes, std::vector<Programs>& programs, std::size_t shape,
                        std::size_t count, bool& mismatch) {
    const Config& c = shapes[shape].config;
    Passes all;
    if (Status status = passes_of(BitRange{}, c.elements, c.tuning.digit_bits, all); !status) return status;
    return programs[shape].build(make_plan(count, all, c).kernels, c, checker_, mismatch);
  }

  RadixTuning asked_;              // the tuning as asked (without_subgroups() resolves it anew)
  ProgramCache* cache_ = nullptr;  // not owned
  SubgroupChecker checker_;        // the tile programs' subgroup check, for every shape
  std::vector<SizedConfig> shapes_;  // ascending min_count, the first 0 (make_configs())
  std::vector<Programs> programs_;   // each shape's
  GLuint probe_program_ = 0;       // the init kernel
  Runner runner_;
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
