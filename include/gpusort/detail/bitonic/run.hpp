#pragma once
// Runs a bitonic SortPlan: binds the caller's ranges, sets each pass's uniforms, dispatches
// (directly, or for sort_indirect() from the arguments its GPU-side planner writes), and
// keeps the fused passes' ticket counters. The barriers between its passes are its own; the
// first and the last are the front end's (detail/front_end/front_end.hpp).
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../../key_traits.hpp"
#include "../../order.hpp"
#include "../../pass_observer.hpp"
#include "../job/sort_job.hpp"
#include "../gl/binding.hpp"
#include "../gl/dispatch.hpp"
#include "../shader_interface.hpp"
#include "config.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

class Runner {
 public:
  /// Calls `observer` around every dispatch from now on (empty: none).
  void set_observer(BitonicPassObserver observer) { observer_ = std::move(observer); }

  /// Runs `plan` (count >= 2, known to the CPU) on `range`; `programs` are the names of
  /// plan.programs.
  void run(const SortPlan& plan, const std::vector<GLuint>& programs, const BufferRange& range, Order order,
           const Config& c) {
    const Uniforms uniforms = bind(range, plan.count, c);
    // The kernels declare the count block; a direct sort never reads it, but binds
    // something valid there all the same.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_BITONIC_BINDING_COUNT_BUFFER, range.keys);
    run_passes(plan, programs, uniforms, order, c, [&](std::size_t, std::uint64_t groups) {
      dispatch_workgroups(groups, c.dispatch_limits());
    });
  }

  /// Where the fused passes' counters are, and the values they hold once every fused dispatch
  /// made so far has run: from now on `counters`, holding `tickets` and `finished`.
  const BufferSlice& counters() const { return counters_; }
  void track_counters(const BufferSlice& counters, GLuint tickets, GLuint finished) {
    counters_ = counters;
    tickets_taken_ = tickets;
    items_finished_ = finished;
  }

  /// sort_indirect(): runs `plan` (planned for `capacity` >= 2, not direct) on the first
  /// min(n, capacity) elements of `range`, n the uint at byte `count_offset` of `count_buffer`.
  /// `planner` (arguments_program()) turns n into every pass's workgroups first.
  void run_indirect(const SortPlan& plan, const std::vector<GLuint>& programs, GLuint planner, const BufferRange& range,
                    GLuint count_buffer, std::uint64_t count_offset, Order order, const Config& c,
                    const Scratch& scratch) {
    const BufferSlice& arguments = scratch.slice(ScratchSlot::indirect_arguments);
    Uniforms uniforms = bind(range, plan.count, c);
    // Only the count's word is bound (from the aligned offset below it): a driver may clamp a
    // whole-buffer binding to GL_MAX_SHADER_STORAGE_BLOCK_SIZE and read 0 past it.
    const GLuint count_word = bind_words(GPUSORT_BITONIC_BINDING_COUNT_BUFFER, count_buffer, count_offset, 1,
                                         c.device.storage_offset_alignment);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, GPUSORT_BITONIC_BINDING_ARGUMENTS, arguments.buffer,
                      static_cast<GLintptr>(arguments.offset), static_cast<GLsizeiptr>(arguments.bytes));
    uniforms.count = 0;
    uniforms.count_source = GPUSORT_COUNT_FROM_BUFFER;
    uniforms.count_word = count_word;
    uniforms.capacity = static_cast<GLuint>(plan.count);
    glUseProgram(planner);
    set_count_uniforms(uniforms);
    glUniform1ui(GPUSORT_BITONIC_ARGUMENTS_LOCATION_CAPACITY_STAGES, ceil_log2(plan.count));
    glUniform1ui(GPUSORT_BITONIC_ARGUMENTS_LOCATION_MAX_GROUPS_X, c.tuning.max_workgroups_x);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, arguments.buffer);
    run_passes(plan, programs, uniforms, order, c, [&](std::size_t index, std::uint64_t) {
      glDispatchComputeIndirect(static_cast<GLintptr>(arguments.offset + indirect_arguments_bytes(index)));
    });
  }

 private:
  /// The uniforms every kernel of a sort declares (shaders/bitonic/elements.glsl).
  struct Uniforms {
    GLuint count = 0;                                  // u_count: when the CPU knows it
    GLuint count_source = GPUSORT_COUNT_FROM_UNIFORM;  // u_count_source
    GLuint count_word = 0;                             // u_count_word
    GLuint capacity = 0;                               // u_capacity
    GLuint key_base = 0;                               // u_base
    GLuint value_base = 0;                             // u_value_base
  };

  /// Binds the range's keys and values; the uniforms of a direct sort of `count` of them.
  static Uniforms bind(const BufferRange& range, std::size_t count, const Config& c) {
    Uniforms uniforms;
    const std::uint32_t alignment = c.device.storage_offset_alignment;
    uniforms.count = static_cast<GLuint>(count);
    uniforms.key_base =
        bind_elements(GPUSORT_BITONIC_BINDING_KEYS, range.keys, range.key_offset, count, c.elements.key_bytes, alignment);
    if (c.elements.has_values())
      uniforms.value_base =
          bind_words(GPUSORT_BITONIC_BINDING_VALUES, range.values, range.value_offset, count, alignment);
    return uniforms;
  }

  static void set_count_uniforms(const Uniforms& u) {
    glUniform1ui(GPUSORT_BITONIC_LOCATION_COUNT, u.count);
    glUniform1ui(GPUSORT_BITONIC_LOCATION_COUNT_SOURCE, u.count_source);
    glUniform1ui(GPUSORT_BITONIC_LOCATION_COUNT_WORD, u.count_word);
    glUniform1ui(GPUSORT_BITONIC_LOCATION_CAPACITY, u.capacity);
  }

  /// Sets a tile pass's uniforms (the tile kernel's u_mode .. u_pre).
  static void set_tile_pass(const PlannedPass& planned, Order order) {
    const Pass& pass = planned.pass;
    glUniform1ui(GPUSORT_BITONIC_LOCATION_KEY_XOR, order_xor(order));  // only the tile kernel maps keys
    const GLuint mode = planned.tile_mode;
    glUniform1ui(GPUSORT_BITONIC_TILE_LOCATION_MODE, mode);
    glUniform1ui(GPUSORT_BITONIC_TILE_LOCATION_STAGE, pass.stage);
    if (mode != GPUSORT_BITONIC_TILE_LOCAL_SORT) glUniform1ui(GPUSORT_BITONIC_TILE_LOCATION_P_HI, pass.p_hi);
    if (mode == GPUSORT_BITONIC_TILE_WINDOW) {
      glUniform1ui(GPUSORT_BITONIC_TILE_LOCATION_P_LO, pass.p_lo);
      glUniform1ui(GPUSORT_BITONIC_TILE_LOCATION_FLIP, pass.flip ? 1u : 0u);
      glUniform1ui(GPUSORT_BITONIC_TILE_LOCATION_PRE, pass.pre);
    }
  }

  static void set_global_pass(const Pass& pass) {
    glUniform1ui(GPUSORT_BITONIC_GLOBAL_LOCATION_STAGE, pass.stage);
    glUniform1ui(GPUSORT_BITONIC_GLOBAL_LOCATION_P_HI, pass.p_hi);
    glUniform1ui(GPUSORT_BITONIC_GLOBAL_LOCATION_P_LO, pass.p_lo);
    glUniform1ui(GPUSORT_BITONIC_GLOBAL_LOCATION_FLIP, pass.flip ? 1u : 0u);
  }

  /// Every pass of the plan in order, with a barrier between two; dispatch_pass(index,
  /// workgroups) dispatches a pass. The fused passes are one dispatch (run_fused()).
  template <class DispatchPass>
  void run_passes(const SortPlan& plan, const std::vector<GLuint>& programs, const Uniforms& uniforms, Order order,
                  const Config& c, DispatchPass&& dispatch_pass) {
    GLuint bound = 0;
    const auto use = [&](GLuint program) {
      if (bound == program) return;
      glUseProgram(program);
      set_count_uniforms(uniforms);
      glUniform1ui(GPUSORT_BITONIC_LOCATION_BASE, uniforms.key_base);
      if (c.elements.has_values()) glUniform1ui(GPUSORT_BITONIC_LOCATION_VALUE_BASE, uniforms.value_base);
      bound = program;
    };
    const FusedDispatch& fused = plan.fused;
    for (std::size_t index = 0; index < plan.passes.size(); ++index) {
      const PlannedPass& planned = plan.passes[index];
      if (index < fused.end) {  // a fused pass: the last of them dispatches them all
        if (index + 1 < fused.end) continue;
        use(programs[fused.program]);
        glUniform1ui(GPUSORT_BITONIC_LOCATION_KEY_XOR, order_xor(order));
        run_fused(fused, c);
        continue;
      }
      if (index != 0) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(programs[planned.program]);
      if (planned.pass.kind == Pass::Kind::global_steps) {
        set_global_pass(planned.pass);
      } else {
        set_tile_pass(planned, order);
      }
      observe(planned.pass, false);
      dispatch_pass(index, planned.groups);
      observe(planned.pass, true);
    }
  }

  /// The fused dispatch of `fused`'s passes with the fused program in use: a workgroup per
  /// tile of every pass (a split over y may launch a few more, which find no item). The
  /// counters are where track_counters() put them (the algorithm zeroes them where they moved).
  void run_fused(const FusedDispatch& fused, const Config& c) {
    const FusedTable& table = fused.table;
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, GPUSORT_BITONIC_BINDING_PASS_SYNC, counters_.buffer,
                      static_cast<GLintptr>(counters_.offset), static_cast<GLsizeiptr>(counters_.bytes));
    glUniform1ui(GPUSORT_BITONIC_FUSED_LOCATION_TICKET_BASE, tickets_taken_);
    glUniform1ui(GPUSORT_BITONIC_FUSED_LOCATION_FINISHED_BASE, items_finished_);
    glUniform1ui(GPUSORT_BITONIC_FUSED_LOCATION_ITEMS, table.items);
    glUniform4uiv(GPUSORT_BITONIC_FUSED_LOCATION_PASSES, GPUSORT_BITONIC_FUSED_MAX_PASSES, table.passes);
    glUniform1uiv(GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS, GPUSORT_BITONIC_FUSED_MAX_PASSES, table.first_item);
    if (fused.reserve_words != 0) glUniform1ui(GPUSORT_BITONIC_FUSED_LOCATION_TICKET_WORD, fused.reserve_words - 1);
    Pass observed = table.last_pass;
    observed.kind = Pass::Kind::fused_passes;
    observed.first = table.passes[0] == GPUSORT_BITONIC_TILE_LOCAL_SORT;  // starts with the local sort: reads raw keys
    observed.steps = table.steps;
    observe(observed, false);
    const std::uint64_t launched = dispatch_workgroups(table.items, c.dispatch_limits());
    // Every workgroup takes a ticket (unsigned wrap-around is intended). Counted before the
    // observer hears of the dispatch, so that an observer that throws leaves the counters
    // right for the next sort.
    tickets_taken_ += static_cast<GLuint>(launched);
    items_finished_ += table.items;
    observe(observed, true);
  }

  void observe(const Pass& pass, bool after) const {
    if (observer_) observer_(BitonicPassInfo{pass, after});
  }

  // Fused passes: where their counters (ScratchSlot::pass_sync) are, and the values they hold
  // once every fused dispatch made so far has run.
  BufferSlice counters_;
  GLuint tickets_taken_ = 0;
  GLuint items_finished_ = 0;
  BitonicPassObserver observer_;
};

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
