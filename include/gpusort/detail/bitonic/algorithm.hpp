#pragma once
// The bitonic network as the front end (detail/front_end/front_end.hpp) calls it: its resolved
// tuning (tuning.hpp), a plan per call (plan.hpp), its programs (programs.hpp), its scratch by
// name (scratch.hpp), and the run of a plan (run.hpp); stable sorts and sort_indices() add the
// permute kernel (permute.hpp).
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../../bitonic_tuning.hpp"
#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../device/limits.hpp"
#include "../front_end/element_layout.hpp"
#include "../front_end/sort_job.hpp"
#include "../front_end/validation.hpp"
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
  /// Resolves `tuning` for `device` and elements of `layout` (keys of `key_kind`,
  /// KeyTraits::glsl_kind), and builds the programs most sorts use.
  Algorithm(const BitonicTuning& tuning, ProgramCache* cache, const DeviceLimits& device, ElementLayout layout,
            std::uint32_t key_kind)
      : config_(make_config(resolve_tuning(tuning, device, layout.element_bytes(), layout.key_bytes), device, layout,
                            key_kind)),
        programs_(cache),
        permute_(cache, config_.tuning.extra_shader_source, config_.device, config_.dispatch_limits()) {
    GLint previous_program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);  // building does not bind, but stay defensive
    // The main tile and global programs, in one batch so that the driver may compile both at
    // once; every other variant is built on the first sort that needs it.
    programs_.build({local_program(config_, false), global_program(false)}, config_);
    glUseProgram(static_cast<GLuint>(previous_program));
  }

  const DeviceLimits& limits() const { return config_.device; }
  const Config& config() const { return config_; }
  SubgroupCheck subgroup_check() const { return programs_.subgroup_check(); }
  CountLimit count_limit() const { return bitonic::count_limit(config_.device, config_.layout.key_bytes); }

  void set_observer(BitonicPassObserver observer) { runner_.set_observer(std::move(observer)); }

  void run(const SortJob& job) {
    check_dispatch_limits(job.count, config_);
    const BufferRange& range = job.buffers;
    if (job.indirect) {
      // Every program is built before anything is bound or written.
      const GLuint planner = programs_.get(arguments_program(), config_);
      plan_and_build(job.count, false, false);
      runner_.run_indirect(plan_, program_names_, planner, range, job.count_buffer,
                           static_cast<GLuint>(job.count_offset / sizeof(std::uint32_t)), job.order, config_,
                           scratch_);
      return;
    }
    plan_and_build(job.count, true, job.keeps_order());
    if (job.keeps_order()) permute_.program();
    if (job.indices) {
      permute_.iota(range.values, range.value_first, job.count);
      if (job.count < 2) return;
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      runner_.run(plan_, program_names_, range, job.order, config_, scratch_);
    } else if (job.stable) {
      // (key, original index) pairs sorted with ties broken by index, then the values gathered.
      sort_values_stably(permute_, scratch_, range.values, range.value_first, job.count, [&](GLuint indices) {
        runner_.run(plan_, program_names_, {range.keys, indices, range.key_first, 0}, job.order, config_, scratch_);
      });
    } else {
      runner_.run(plan_, program_names_, range, job.order, config_, scratch_);
    }
  }

  /// The programs a sort of `count` builds on first use: the single-dispatch tile, the
  /// wide-chunk program of large key-value sorts, the fused-pass program of sorts that fuse, one
  /// per tile size (BitonicTuning::fused_tile_size) and bound on workgroups per compute unit;
  /// `stable`: the stable set and the permute kernel; `indirect`: planned for the capacity, and
  /// sort_indirect()'s GPU-side planner.
  void prepare(std::size_t count, bool stable, bool indirect) {
    plan_and_build(count, !indirect, stable);
    if (stable) permute_.program();
    if (indirect && count >= 2) programs_.get(arguments_program(), config_);
  }

  /// Stable sorts' indices and gathered values (key-value layouts), sort_indirect()'s per-pass
  /// arguments, the fused passes' two words. Unstable direct sorts need none.
  void reserve(std::size_t capacity) {
    if (capacity < 2) return;
    if (config_.layout.has_values()) {
      const std::uint64_t bytes = std::uint64_t{capacity} * sizeof(std::uint32_t);
      scratch_.reserve(ScratchSlot::stable_indices, bytes);
      scratch_.reserve(ScratchSlot::gathered_values, bytes);
    }
    runner_.reserve(make_plan(capacity, config_, false, false).passes.size(), config_, scratch_);
  }

  /// What a direct sort of `count` dispatches.
  BitonicPlan plan(std::size_t count) const { return make_plan(count, config_, true, false).summary(); }

 private:
  /// Plans a sort of `count` elements (`direct`: the CPU knows the count) into plan_ and
  /// builds every program it runs into program_names_ (for stable sorts the stable main
  /// programs too), before anything is bound or written: a build that throws changes nothing.
  void plan_and_build(std::size_t count, bool direct, bool stable) {
    make_plan(plan_, count, config_, direct, stable);
    if (stable) programs_.build({local_program(config_, true), global_program(true)}, config_);
    programs_.build(plan_.programs, config_);
    program_names_.clear();
    for (const ProgramKey& key : plan_.programs) program_names_.push_back(programs_.get(key, config_));
  }

  Config config_;  // the resolved tuning, the device, the element layout
  Programs programs_;
  Runner runner_;
  WordPermute permute_;  // stable sorts and sort_indices()
  Scratch scratch_;
  SortPlan plan_;                      // the current call's plan (storage reused)
  std::vector<GLuint> program_names_;  // the names of plan_.programs
};

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
