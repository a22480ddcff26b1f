#pragma once
// The bitonic network as the front end (detail/front_end/front_end.hpp) calls it: its resolved
// tuning (tuning.hpp), a plan per call (plan.hpp), its programs (programs.hpp), its scratch by
// name (scratch.hpp), and the run of a plan (run.hpp); stable sorts and sort_indices() add the
// permute kernel (permute.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../../bitonic_tuning.hpp"
#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../device/limits.hpp"
#include "../job/count_limit.hpp"
#include "../job/elements.hpp"
#include "../job/sort_job.hpp"
#include "../status.hpp"
#include "config.hpp"
#include "permute.hpp"
#include "plan.hpp"
#include "programs.hpp"
#include "run.hpp"
#include "scratch.hpp"
#include "tuning.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

class Algorithm {
 public:
  /// The network compares whole keys: no sort by a BitRange (Sorter runs those on the radix sort).
  static constexpr bool takes_bit_ranges = false;

  /// Resolves `tuning` for `device` and `elements`, and builds the programs most sorts use.
  Status init(const DeviceLimits& device, const BitonicTuning& tuning, ProgramCache* cache, const Elements& elements) {
    BitonicTuning resolved;
    if (Status status = resolve_tuning(tuning, device, elements.element_bytes(), elements.key_bytes, resolved); !status)
      return status;
    config_ = make_config(resolved, device, elements);
    programs_ = Programs(cache);
    permute_ = WordPermute(cache, config_.tuning.extra_shader_source, config_.device, config_.dispatch_limits());
    GLint previous_program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);  // building does not bind, but stay defensive
    // The main tile and global programs, in one batch so that the driver may compile both at
    // once; every other variant is built on the first sort that needs it.
    const ProgramKey main = local_program(config_, false);
    Status built = programs_.build({main, global_program(false)}, config_);
    glUseProgram(static_cast<GLuint>(previous_program));
    if (!built) return built;
    probe_program_ = programs_.get(main);
    return {};
  }

  const DeviceLimits& limits() const { return config_.device; }
  const Config& config() const { return config_; }
  SubgroupCheck subgroup_check() const { return programs_.subgroup_check(); }
  CountLimit count_limit() const { return bitonic::count_limit(config_.device, config_.elements.key_bytes); }
  GLuint probe_program() const { return probe_program_; }

  void set_observer(BitonicPassObserver observer) { runner_.set_observer(std::move(observer)); }

  /// Plans `job`, builds every program it runs and places its scratch (a fused plan whose
  /// counters have moved also builds the permute kernel, which zeroes them); writes nothing.
  Status ready(const SortJob& job) {
    if (Status status = check_dispatch_limits(job.count, config_, permute_.group_size()); !status) return status;
    if (job.indirect()) {
      if (Status status = programs_.build({arguments_program()}, config_); !status) return status;
      if (Status status = plan_and_build(job.count, false, false); !status) return status;
    } else {
      if (Status status = plan_and_build(job.count, true, job.keeps_order()); !status) return status;
      if (job.keeps_order()) {
        if (Status status = permute_.build(); !status) return status;
      }
    }
    if (Status status = scratch_.place(needs(job, plan_.passes.size()), alignment()); !status) return status;
    if (counters_move()) return permute_.build();
    return {};
  }

  void run(const SortJob& job) {
    const BufferRange& range = job.buffers;
    if (counters_move()) {
      // The permute kernel's iota writes the fused passes' counters 0 (tickets) and 1 (items).
      const BufferSlice& sync = scratch_.slice(ScratchSlot::pass_sync);
      permute_.iota(sync.buffer, sync.offset, 2);
      runner_.track_counters(sync, 0, 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (job.indirect()) {
      runner_.run_indirect(plan_, program_names_, programs_.get(arguments_program()), range, job.count_buffer,
                           job.count_offset, job.order, config_, scratch_);
    } else if (job.kind == JobKind::indices) {
      permute_.iota(range.values, range.value_offset, job.count);
      if (job.count < 2) return;
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      runner_.run(plan_, program_names_, range, job.order, config_);
    } else if (job.kind == JobKind::stable) {
      // (key, original index) pairs sorted with ties broken by index, then the values gathered.
      sort_values_stably(permute_, scratch_.slice(ScratchSlot::stable_indices),
                         scratch_.slice(ScratchSlot::gathered_values), range.values, range.value_offset, job.count,
                         [&](const BufferSlice& indices) {
                           const BufferRange with_indices{range.keys, indices.buffer, range.key_offset, indices.offset};
                           runner_.run(plan_, program_names_, with_indices, job.order, config_);
                         });
    } else {
      runner_.run(plan_, program_names_, range, job.order, config_);
    }
  }

  /// The programs a sort of job.count builds on first use: the single-dispatch tile, the
  /// wide-chunk program of large key-value sorts, the fused-pass program of sorts that fuse, one
  /// per tile size (BitonicTuning::fused_tile_size) and bound on workgroups per compute unit;
  /// stable sorts and sort_indices(): the stable set and the permute kernel, which also zeroes
  /// the counters of fused passes; sort_indirect(): planned for the capacity, and its
  /// GPU-side planner.
  Status prepare(const SortJob& job) {
    if (Status status = plan_and_build(job.count, !job.indirect(), job.keeps_order()); !status) return status;
    if (job.keeps_order() || plan_.fused.size() != 0) {
      if (Status status = permute_.build(); !status) return status;
    }
    if (job.indirect() && job.count >= 2) return programs_.build({arguments_program()}, config_);
    return {};
  }

  /// The scratch of every sort of up to `capacity` elements: stable sorts' indices and gathered
  /// values (key-value layouts), sort_indirect()'s per-pass arguments, the fused passes' two
  /// words. Nothing after use_scratch().
  Status reserve(std::size_t capacity) {
    if (capacity < 2 || scratch_.in_caller_range()) return Status();
    Scratch::Needs most = needs_for(capacity, JobKind::indirect);
    if (config_.elements.has_values()) {
      const Scratch::Needs stable = needs_for(capacity, JobKind::stable);
      for (std::size_t i = 0; i < scratch_slots; ++i) most[i] = (std::max)(most[i], stable[i]);
    }
    return scratch_.place(most, alignment());
  }

  /// A caller's range for every sort of up to `capacity` elements (with `stable` sorts).
  std::uint64_t scratch_bytes(std::size_t capacity, bool stable) const {
    const std::uint64_t most = (std::max)(scratch_bytes(capacity, JobKind::direct),
                                        scratch_bytes(capacity, JobKind::indirect));
    return stable ? (std::max)(most, scratch_bytes(capacity, JobKind::stable)) : most;
  }

  /// A caller's range for every sort of `kind` of up to `capacity` elements.
  std::uint64_t scratch_bytes(std::size_t capacity, JobKind kind) const {
    std::uint64_t bytes = 0;
    Scratch::range_bytes(needs_for(capacity, kind), alignment(), bytes);  // no overflow: counts up to 2^31
    return bytes;
  }

  /// The bytes at the start of a caller's range that keep state between sorts (the fused
  /// passes' counters), up to the next aligned offset: Sorter places the radix sort after them.
  std::uint64_t persistent_scratch_bytes() const {
    std::uint64_t bytes = 0;
    if (can_fuse()) align_up(pass_sync_bytes, alignment(), bytes);
    return bytes;
  }

  /// A new range, or the sorter's own scratch again: the fused passes' counters are zeroed
  /// before the next fused sort, even in a range given before (its contents may have changed).
  void use_scratch(const BufferSlice& range, std::uint64_t range_start) {
    scratch_.use_range(range, range_start);
    runner_.track_counters(BufferSlice{}, 0, 0);
  }
  void release_scratch() {
    scratch_.release();
    runner_.track_counters(BufferSlice{}, 0, 0);
  }

  /// What a direct sort of `count` dispatches.
  BitonicPlan plan(std::size_t count) const { return make_plan(count, config_, true, false).summary(); }

 private:
  static constexpr std::uint64_t pass_sync_bytes = 2 * sizeof(GLuint);

  std::uint32_t alignment() const { return config_.device.storage_offset_alignment; }
  bool can_fuse() const { return config_.tuning.fused_passes_max_count != BitonicTuning::never; }

  /// Whether the planned sort fuses passes and its counters are not where the runner has them
  /// (a new buffer, a caller's range, or released): run() zeroes them first.
  bool counters_move() const {
    return plan_.fused.size() != 0 && scratch_.slice(ScratchSlot::pass_sync) != runner_.counters();
  }

  /// The scratch of `job` (a sort of job.count of `passes` passes): the fused passes' counters
  /// first, where the tuning may fuse, so that they stay in place in a caller's range.
  Scratch::Needs needs(const SortJob& job, std::size_t passes) const {
    Scratch::Needs n{};
    if (job.count < 2) return n;
    if (can_fuse()) n[static_cast<std::size_t>(ScratchSlot::pass_sync)] = pass_sync_bytes;
    if (job.indirect()) n[static_cast<std::size_t>(ScratchSlot::indirect_arguments)] = Runner::arguments_bytes(passes);
    if (job.kind == JobKind::stable && config_.elements.has_values()) {
      const std::uint64_t words = std::uint64_t{job.count} * sizeof(std::uint32_t);
      n[static_cast<std::size_t>(ScratchSlot::stable_indices)] = words;
      n[static_cast<std::size_t>(ScratchSlot::gathered_values)] = words;
    }
    return n;
  }

  /// The most scratch any sort of `kind` of up to `capacity` elements needs, slot by slot. The
  /// passes of sort_indirect()'s plan grow with the stages: every power of two below the
  /// capacity is planned, and the capacity.
  Scratch::Needs needs_for(std::size_t capacity, JobKind kind) const {
    SortJob job;
    job.count = capacity;
    job.kind = kind;
    std::size_t passes = 0;
    if (job.indirect() && capacity >= 2) {
      for (std::size_t count = 2; count < capacity; count *= 2)
        passes = (std::max)(passes, make_plan(count, config_, false, false).passes.size());
      passes = (std::max)(passes, make_plan(capacity, config_, false, false).passes.size());
    }
    return needs(job, passes);
  }

  /// Plans a sort of `count` elements (`direct`: the CPU knows the count) into plan_ and
  /// builds every program it runs into program_names_ (for stable sorts the stable main
  /// programs too), before anything is bound or written: a build that fails changes nothing.
  Status plan_and_build(std::size_t count, bool direct, bool stable) {
    make_plan(plan_, count, config_, direct, stable);
    if (stable) {
      if (Status status = programs_.build({local_program(config_, true), global_program(true)}, config_); !status)
        return status;
    }
    if (Status status = programs_.build(plan_.programs, config_); !status) return status;
    program_names_.clear();
    for (const ProgramKey& key : plan_.programs) program_names_.push_back(programs_.get(key));
    return {};
  }

  Config config_;  // the resolved tuning, the device, the element layout
  Programs programs_;
  GLuint probe_program_ = 0;  // the main tile program
  Runner runner_;
  WordPermute permute_;  // stable sorts, sort_indices(), and zeroing the fused passes' counters
  Scratch scratch_;
  SortPlan plan_;                      // the current call's plan (storage reused)
  std::vector<GLuint> program_names_;  // the names of plan_.programs
};

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
