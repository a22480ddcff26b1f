#pragma once
// Runs a radix Plan: binds the caller's buffers and the scratch, sets each kernel's uniforms
// and dispatches (directly, or for sort_indirect() from the arguments init.comp writes).
//
//   init        1 workgroup: the count, zeroed histograms and tickets, indirect arguments
//   Onesweep:   histogram (every pass's digits, one read of the keys), then per digit pass
//               one onesweep dispatch (a workgroup per tile)
//   otherwise:  per digit pass upsweep (per-block histograms), scan (a workgroup per digit),
//               downsweep (a workgroup per block of tiles)
//   copy        only after an odd number of passes: scratch back into the caller's buffers
//
// Pass p reads the caller's buffers when p is even and the sorter's scratch when it is odd,
// and writes the other; a glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT) separates dispatches.
// The first and the last barrier are the front end's (detail/front_end/front_end.hpp).
#include <cstddef>
#include <cstdint>
#include <utility>

#include "../../key_traits.hpp"
#include "../../order.hpp"
#include "../../pass_observer.hpp"
#include "../job/sort_job.hpp"
#include "../gl/binding.hpp"
#include "../gl/dispatch.hpp"
#include "../shader_interface.hpp"
#include "config.hpp"
#include "plan.hpp"
#include "programs.hpp"
#include "scratch.hpp"

namespace gpusort {
namespace detail {
namespace radix {

/// sort_indirect(): the count's buffer and byte offset (a multiple of 4).
struct IndirectCount {
  GLuint buffer = 0;
  std::size_t offset = 0;
};

class Runner {
 public:
  /// Calls `observer` around every dispatch from now on (empty: none).
  void set_observer(RadixPassObserver observer) { observer_ = std::move(observer); }

  /// The dispatches of `plan` (count >= 2, or 1 for sort_indices(): `iota`) on `target`, whose
  /// programs are built and scratch placed; `indirect`: the count is read on the GPU,
  /// plan.count is the capacity.
  void run(const Plan& plan, const BufferRange& target, Order order, bool iota, const IndirectCount* indirect,
           const Config& c, const Programs& programs, const Scratch& scratch) const {
    const Dispatches d{plan, target, order, iota, indirect, c, programs, scratch, observer_};
    d.bind_state_and_count();
    d.init();
    if (plan.onesweep) d.histogram();
    const std::uint32_t pass_count = plan.passes.count();
    for (std::uint32_t pass = 0; pass < pass_count; ++pass) {
      if (plan.onesweep) {
        d.onesweep_pass(pass);
      } else {
        d.decoupled_pass(pass);
      }
      if (pass + 1 < pass_count || plan.copies_back()) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (plan.copies_back()) d.copy_back();
  }

 private:
  /// Element offsets of the bound source and destination ranges (u_bases).
  struct Bases {
    GLuint src_keys = 0, dst_keys = 0, src_values = 0, dst_values = 0;
  };


  /// One run's dispatches, step by step: what run() needs, held for the steps.
  struct Dispatches {
    const Plan& plan;
    const BufferRange& target;
    Order order;
    bool iota;
    const IndirectCount* indirect;
    const Config& c;
    const Programs& programs;
    const Scratch& scratch;
    const RadixPassObserver& observer;

    const BufferSlice& meta() const { return scratch.slice(ScratchSlot::meta); }

    /// The scratch's counters and tile states, and the count's word (sort_indirect()) or, since
    /// init declares the count block, something valid in its place.
    void bind_state_and_count() const {
      bind_slice(GPUSORT_RADIX_BINDING_META, meta());
      bind_slice(GPUSORT_RADIX_BINDING_TILE_STATE, scratch.slice(ScratchSlot::tile_state));
      if (indirect == nullptr) bind_slice(GPUSORT_RADIX_BINDING_COUNT_BUFFER, meta());
    }

    /// init.comp, one workgroup: the count, zeroed histograms and tickets, and for
    /// sort_indirect() the dispatch arguments of every later kernel, bound for them.
    void init() const {
      GLuint count_word = 0;
      if (indirect != nullptr) {
        count_word = bind_words(GPUSORT_RADIX_BINDING_COUNT_BUFFER, indirect->buffer, indirect->offset, 1,
                                c.device.storage_offset_alignment);
      }
      const Program& p = use(Kernel::init, Bases{}, 0, false);
      // u_count: the count, where it comes from, its word, and the capacity of an indirect sort.
      p.set(GPUSORT_RADIX_LOCATION_COUNT, static_cast<GLuint>(plan.count),
            indirect != nullptr ? GPUSORT_COUNT_FROM_BUFFER : GPUSORT_COUNT_FROM_UNIFORM, count_word,
            static_cast<GLuint>(plan.count));
      p.set(GPUSORT_RADIX_LOCATION_MAX_GROUPS_X, c.tuning.max_workgroups_x);
      p.set(GPUSORT_RADIX_LOCATION_PASSES, plan.passes.count());
      observe(Kernel::init, 0, false);
      glDispatchCompute(1, 1, 1);
      observe(Kernel::init, 0, true);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (indirect != nullptr ? GL_COMMAND_BARRIER_BIT : 0u));
      if (indirect != nullptr) glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, meta().buffer);
    }

    /// Onesweep's upfront histogram: every pass's digits in one read of the keys.
    void histogram() const {
      const Program& p = use(Kernel::histogram, bind_pass(true), 0, iota);
      p.set(GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES, plan.passes.count());
      p.set(GPUSORT_RADIX_LOCATION_BEGIN_BIT, plan.passes.begin);
      p.set(GPUSORT_RADIX_LOCATION_END_BIT, plan.passes.end);
      launch(Kernel::histogram, 0, GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, plan.geometry.histogram_groups);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    /// Digit pass `pass` in one dispatch, a workgroup per tile.
    void onesweep_pass(std::uint32_t pass) const {
      use(Kernel::onesweep, bind_pass(pass % 2 == 0), pass, iota)
          .set(GPUSORT_RADIX_LOCATION_WITHHOLD_EVERY, c.withhold_every);  // test mode only
      // Probe mode only: outside the bindings a sort restores, so unbound again after.
      if (c.phase_clock_buffer != 0) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_PHASE_CLOCK, c.phase_clock_buffer);
      launch(Kernel::onesweep, pass, GPUSORT_RADIX_ARGUMENTS_PARTITION, plan.geometry.tiles);
      if (c.phase_clock_buffer != 0) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_PHASE_CLOCK, 0);
    }

    /// Digit pass `pass` without forward-progress assumptions: upsweep, scan, downsweep.
    void decoupled_pass(std::uint32_t pass) const {
      const Bases bases = bind_pass(pass % 2 == 0);
      use(Kernel::upsweep, bases, pass, iota);
      launch(Kernel::upsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, plan.geometry.blocks);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(Kernel::scan, bases, pass, iota);
      launch(Kernel::scan, pass, GPUSORT_RADIX_ARGUMENTS_SCAN, plan.geometry.scan_groups);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(Kernel::downsweep, bases, pass, iota);
      launch(Kernel::downsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, plan.geometry.blocks);
    }

    /// After an odd number of passes: the last pass wrote the scratch; copy it back.
    void copy_back() const {
      use(Kernel::copy, bind_pass(false), 0, false);
      launch(Kernel::copy, 0, GPUSORT_RADIX_ARGUMENTS_COPY, plan.geometry.copy_groups);
    }

    /// Uses `kernel`'s program with the uniforms of digit pass `pass`.
    const Program& use(Kernel kernel, const Bases& bases, std::uint32_t pass, bool pass_iota) const {
      const Program& p = programs.get(kernel);
      glUseProgram(p.name());
      set_pass_uniforms(p, bases, order, plan.passes, pass, pass_iota, plan.geometry.tiles_per_block);
      return p;
    }

    Bases bind_pass(bool from_target) const { return Runner::bind_pass(target, plan.count, from_target, c, scratch); }

    /// A dispatch of `groups` workgroups, or of what init.comp computed from the GPU's count.
    void launch(Kernel kernel, std::uint32_t pass, std::uint32_t arguments, std::uint64_t groups) const {
      observe(kernel, pass, false);
      if (const VariableGroupDispatch variable = variable_group_dispatch(kernel, c)) {
        const GroupSplit split = split_groups(groups, c.tuning.max_workgroups_x);  // probe mode: direct sorts only
        variable(static_cast<GLuint>(split.x), static_cast<GLuint>(split.y), 1, c.tuning.workgroup_size, 1, 1);
      } else if (indirect != nullptr) {
        glDispatchComputeIndirect(
            static_cast<GLintptr>(meta().offset + (GPUSORT_RADIX_META_ARGUMENTS + 3 * arguments) * 4));
      } else {
        dispatch_workgroups(groups, c.dispatch_limits());
      }
      observe(kernel, pass, true);
    }

    /// The observer's call, with the bytes a kernel must move at the least (RadixPassInfo::bytes).
    void observe(Kernel kernel, std::uint32_t pass, bool after) const {
      if (!observer) return;
      const std::uint64_t keys = std::uint64_t{plan.count} * c.elements.key_bytes;
      const std::uint64_t values = c.elements.has_values() ? std::uint64_t{plan.count} * c.elements.value_bytes : 0;
      std::uint64_t bytes = 0;
      switch (kernel) {
        case Kernel::histogram: case Kernel::upsweep: bytes = keys; break;
        case Kernel::downsweep: case Kernel::onesweep:  // sort_indices()'s first pass reads no values
          bytes = 2 * keys + (iota && pass == 0 ? 1 : 2) * values; break;
        case Kernel::copy: bytes = 2 * (keys + values); break;
        default: break;
      }
      observer(RadixPassInfo{kernel, pass, bytes, after});
    }
  };

  static void bind_slice(GLuint binding, const BufferSlice& slice) {
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, slice.buffer, static_cast<GLintptr>(slice.offset),
                      static_cast<GLsizeiptr>(slice.bytes));
  }

  /// Binds a digit pass's source (the caller's data if `from_target`, else scratch) and
  /// destination (the other one) for `count` elements. The scratch slices start aligned: their
  /// base is 0.
  static Bases bind_pass(const BufferRange& target, std::size_t count, bool from_target, const Config& c,
                         const Scratch& scratch) {
    const std::uint32_t align = c.device.storage_offset_alignment;
    const std::uint32_t key_bytes = c.elements.key_bytes, value_bytes = c.elements.value_bytes;
    const GLuint src_keys = GPUSORT_RADIX_BINDING_SRC_KEYS, dst_keys = GPUSORT_RADIX_BINDING_DST_KEYS;
    const GLuint src_values = GPUSORT_RADIX_BINDING_SRC_VALUES, dst_values = GPUSORT_RADIX_BINDING_DST_VALUES;
    const BufferSlice& scratch_keys = scratch.slice(ScratchSlot::keys);
    const GLuint caller_keys =
        bind_elements(from_target ? src_keys : dst_keys, target.keys, target.key_offset, count, key_bytes, align);
    bind_elements(from_target ? dst_keys : src_keys, scratch_keys.buffer, scratch_keys.offset, count, key_bytes, align);
    Bases bases;
    (from_target ? bases.src_keys : bases.dst_keys) = caller_keys;
    if (c.elements.has_values()) {
      const BufferSlice& scratch_values = scratch.slice(ScratchSlot::values);
      const GLuint caller_values = bind_elements(from_target ? src_values : dst_values, target.values,
                                                 target.value_offset, count, value_bytes, align);
      bind_elements(from_target ? dst_values : src_values, scratch_values.buffer, scratch_values.offset, count,
                    value_bytes, align);
      (from_target ? bases.src_values : bases.dst_values) = caller_values;
    }
    return bases;
  }

  /// The uniforms of digit pass `pass` (of passes.count()) every radix kernel declares.
  static void set_pass_uniforms(const Program& p, const Bases& bases, Order order, const Passes& passes,
                                std::uint32_t pass, bool iota, std::uint64_t tiles_per_block) {
    p.set(GPUSORT_RADIX_LOCATION_BASES, bases.src_keys, bases.dst_keys, bases.src_values, bases.dst_values);
    p.set(GPUSORT_RADIX_LOCATION_KEY_XOR, order_xor(order));
    p.set(GPUSORT_RADIX_LOCATION_PASS, pass);
    p.set(GPUSORT_RADIX_LOCATION_DIGIT, passes.shift(pass), passes.mask(pass));
    p.set(GPUSORT_RADIX_LOCATION_FLAGS, (pass == 0 ? GPUSORT_RADIX_FLAG_FIRST : 0u) |
                                            (pass + 1 == passes.count() ? GPUSORT_RADIX_FLAG_LAST : 0u) |
                                            (iota && pass == 0 ? GPUSORT_RADIX_FLAG_IOTA : 0u));
    p.set(GPUSORT_RADIX_LOCATION_TILES_PER_BLOCK, static_cast<GLuint>(tiles_per_block));
  }

  RadixPassObserver observer_;
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
