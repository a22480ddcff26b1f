#pragma once
// The bitonic network as its engine (detail/front_end/engine.hpp) drives it: its resolved
// tuning (tuning.hpp), a plan per call (plan.hpp), its programs (programs.hpp) with the subgroup
// check of those compiled for a subgroup size (detail/gl/subgroup_check.hpp), its scratch by
// name (scratch.hpp), and the run of a plan (run.hpp); stable sorts and sort_indices() add the
// permute kernel (permute.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../bitonic_tuning.hpp"
#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../device/limits.hpp"
#include "../gl/subgroup_check.hpp"
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
  using Plan = SortPlan;
  using Scratch = bitonic::Scratch;

  /// The network compares whole keys: no sort by a BitRange (Sorter runs those on the radix sort).
  static constexpr bool takes_bit_ranges = false;

  /// The network's scratch is small and refilled rarely: plain buffers.
  static bool immutable_scratch(const DeviceLimits&) { return false; }

  /// Resolves `tuning` for `device` and `elements`; builds nothing (build_first()).
  Status init(const DeviceLimits& device, const BitonicTuning& tuning, ProgramCache* cache, const Elements& elements) {
    asked_ = tuning;
    cache_ = cache;
    if (Status status = resolve(tuning, device, elements, config_); !status) return status;
    programs_ = Programs(cache);
    permute_ = WordPermute(cache, config_);
    return {};
  }

  /// The main tile and global programs, in one batch so that the driver may compile both at
  /// once; every other variant is built on the first sort that needs it.
  Status build_first(bool& mismatch) {
    GLint previous_program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);  // building does not bind, but stay defensive
    Status built = build_main_programs(programs_, config_, mismatch);
    glUseProgram(static_cast<GLuint>(previous_program));
    if (!built) return built;
    if (!mismatch) probe_program_ = programs_.get(local_program(config_, false));
    return {};
  }

  /// The asked tuning resolved again without subgroups (BitonicTuning::use_subgroups), for the
  /// same device and elements, with the first programs built (build_first()); every program
  /// built before is deleted. Where that fails, the network stays as it was, less the
  /// mismatched program, which the next build checks again.
  Status without_subgroups() {
    BitonicTuning tuning = asked_;
    tuning.use_subgroups = false;
    Algorithm fresh;
    if (Status status = fresh.init(config_.device, tuning, cache_, config_.elements); !status) {
      return fail("a bitonic tile program was compiled for subgroups of " +
                  std::to_string(checker_.counts().planned_size) + " lanes but the GPU runs it with " +
                  std::to_string(checker_.counts().mismatched_size) +
                  ", and the network without subgroups does not fit the tuning: " + status.message());
    }
    bool mismatch = false;  // nothing to check without subgroups
    if (Status status = build_main_programs(fresh.programs_, fresh.config_, mismatch); !status) return status;
    config_ = fresh.config_;
    programs_ = std::move(fresh.programs_);
    probe_program_ = programs_.get(local_program(config_, false));  // the one it had is deleted
    return {};
  }

  const DeviceLimits& limits() const { return config_.device; }
  const Config& config() const { return config_; }
  SubgroupCheck subgroup_check() const { return checker_.counts(); }
  CountLimit count_limit() const { return bitonic::count_limit(config_.device, config_.elements.key_bytes); }
  GLuint probe_program() const { return probe_program_; }

  void set_observer(BitonicPassObserver observer) { runner_.set_observer(std::move(observer)); }

  /// What plan_job() plans with.
  const Config& planning() const { return config_; }

  /// Builds every program `plan` runs and names them for run() (before anything is bound or
  /// written: a build that fails changes nothing). `mismatch`: a program runs with another
  /// subgroup size than it was compiled for (it was deleted; Engine's policy resolves again).
  Status build(const SortPlan& plan, bool& mismatch) {
    mismatch = false;
    if (plan.planner) {
      if (Status status = programs_.build({arguments_program()}, config_, checker_, mismatch); !status || mismatch)
        return status;
    }
    if (plan.stable_set) {
      if (Status status = programs_.build({local_program(config_, true), global_program(true)}, config_, checker_,
                                          mismatch);
          !status || mismatch)
        return status;
    }
    if (Status status = programs_.build(plan.programs, config_, checker_, mismatch, &program_names_);
        !status || mismatch)
      return status;
    return plan.permute ? permute_.build() : Status();
  }

  /// Runs `plan` (built) for `job` in `scratch` (placed).
  void run(const SortPlan& plan, const SortJob& job, const Scratch& scratch) {
    const BufferRange& range = job.buffers;
    if (counters_move(plan, scratch)) {
      // The permute kernel's iota writes the fused passes' counters 0 (tickets) and 1 (items).
      const BufferSlice& sync = scratch.slice(ScratchSlot::pass_sync);
      permute_.iota(sync.buffer, sync.offset, 2);
      runner_.track_counters(sync, 0, 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (job.indirect()) {
      runner_.run_indirect(plan, program_names_, programs_.get(arguments_program()), range, job.count_buffer,
                           job.count_offset, job.order, config_, scratch);
    } else if (job.kind == JobKind::indices) {
      permute_.iota(range.values, range.value_offset, job.count);
      if (job.count < 2) return;
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      runner_.run(plan, program_names_, range, job.order, config_);
    } else if (job.kind == JobKind::stable) {
      // (key, original index) pairs sorted with ties broken by index, then the values gathered.
      sort_values_stably(permute_, scratch.slice(ScratchSlot::stable_indices),
                         scratch.slice(ScratchSlot::gathered_values), range.values, range.value_offset, job.count,
                         [&](const BufferSlice& indices) {
                           const BufferRange with_indices{range.keys, indices.buffer, range.key_offset, indices.offset};
                           runner_.run(plan, program_names_, with_indices, job.order, config_);
                         });
    } else {
      runner_.run(plan, program_names_, range, job.order, config_);
    }
  }

  /// The jobs of `kind` whose plans size the scratch of every sort of that kind of up to
  /// `capacity` elements. The passes of sort_indirect()'s plan grow with the stages: every
  /// power of two below the capacity is planned, and the capacity. Stable sorts need their
  /// scratch only with values (keys alone sort stably by plain compares).
  std::vector<SortJob> sizing_jobs(std::size_t capacity, JobKind kind) const {
    std::vector<SortJob> jobs;
    SortJob job;
    job.kind = kind;
    if (kind == JobKind::stable && !config_.elements.has_values()) return jobs;
    if (kind == JobKind::indirect) {
      for (job.count = 2; job.count < capacity; job.count *= 2) jobs.push_back(job);
    }
    job.count = capacity;
    jobs.push_back(job);
    return jobs;
  }

  /// reserve() builds nothing ahead: the network's programs do not change with the count
  /// beyond what the first sort of each builds.
  std::vector<SortJob> reserve_jobs(std::size_t /*capacity*/) const { return {}; }

  /// The fused passes' counters are zeroed before the next fused sort, even in a range given
  /// before (its contents may have changed).
  void scratch_moved() { runner_.track_counters(BufferSlice{}, 0, 0); }

  /// The bytes at the start of a caller's range that keep state between sorts (the fused
  /// passes' counters), up to the next aligned offset: Sorter places the radix sort after them.
  std::uint64_t persistent_scratch_bytes() const {
    std::uint64_t bytes = 0;
    if (can_fuse(config_)) align_up(pass_sync_bytes, config_.device.storage_offset_alignment, bytes);
    return bytes;
  }

  /// What a direct sort of `count` dispatches.
  BitonicPlan plan(std::size_t count) const { return make_plan(count, config_, true, false).summary(); }

 private:
  /// The main tile and global programs of `c` into `programs`, in one batch.
  Status build_main_programs(Programs& programs, const Config& c, bool& mismatch) {
    return programs.build({local_program(c, false), global_program(false)}, c, checker_, mismatch);
  }

  /// `tuning` resolved for `device` and `elements` into `config`.
  static Status resolve(const BitonicTuning& tuning, const DeviceLimits& device, const Elements& elements,
                        Config& config) {
    BitonicTuning resolved;
    if (Status status = resolve_tuning(tuning, device, elements.element_bytes(), elements.key_bytes, resolved); !status)
      return status;
    config = make_config(resolved, device, elements);
    return {};
  }

  /// Whether `plan` fuses passes and its counters are not where the runner has them (a new
  /// buffer, a caller's range, or released): run() zeroes them first.
  bool counters_move(const SortPlan& plan, const Scratch& scratch) const {
    return plan.fused.size() != 0 && scratch.slice(ScratchSlot::pass_sync) != runner_.counters();
  }

  BitonicTuning asked_;            // the tuning as asked (without_subgroups() resolves it anew)
  ProgramCache* cache_ = nullptr;  // not owned
  Config config_;                  // the resolved tuning, the device, the elements
  SubgroupChecker checker_;        // the subgroup check of every program compiled for a subgroup size
  Programs programs_;
  GLuint probe_program_ = 0;  // the main tile program
  Runner runner_;
  WordPermute permute_;  // stable sorts, sort_indices(), and zeroing the fused passes' counters
  std::vector<GLuint> program_names_;  // the names of the last built plan's programs (run())
};

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
