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
#include "../front_end/sort_job.hpp"
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

inline DispatchLimits dispatch_limits(const Config& c) { return {c.tuning.max_workgroups_x, c.device.max_groups_y}; }

class Runner {
 public:
  /// Calls `observer` around every dispatch from now on (empty: none).
  void set_observer(RadixPassObserver observer) { observer_ = std::move(observer); }

  /// The dispatches of `plan` (count >= 2, or 1 for sort_indices(): `iota`) on `target`, whose
  /// programs are built and scratch placed; `indirect`: the count is read on the GPU,
  /// plan.count is the capacity.
  void run(const Plan& plan, const BufferRange& target, Order order, bool iota, const IndirectCount* indirect,
           const Config& c, const Programs& programs, const Scratch& scratch) {
    const Geometry& g = plan.geometry;
    const Passes& passes = plan.passes;
    const std::size_t count = plan.count;
    const BufferSlice& meta = scratch.slice(ScratchSlot::meta);
    bind_slice(GPUSORT_RADIX_BINDING_META, meta);
    bind_slice(GPUSORT_RADIX_BINDING_TILE_STATE, scratch.slice(ScratchSlot::tile_state));
    GLuint count_word = 0;
    if (indirect != nullptr) {
      count_word = bind_words(GPUSORT_RADIX_BINDING_COUNT_BUFFER, indirect->buffer, indirect->offset, 1,
                              c.device.storage_offset_alignment);
    } else {
      // init declares the count block: bind something valid.
      bind_slice(GPUSORT_RADIX_BINDING_COUNT_BUFFER, meta);
    }
    // Uses `kernel`'s program with the uniforms of digit pass `pass`.
    const auto use = [&](Kernel kernel, const Bases& bases, std::uint32_t pass, bool pass_iota) -> const Program& {
      const Program& p = programs.get(kernel);
      glUseProgram(p.name());
      set_pass_uniforms(p, bases, order, passes, pass, pass_iota, g.tiles_per_block);
      return p;
    };
    const Program& init = use(Kernel::init, Bases{}, 0, false);
    // u_count: the count, where it comes from, its word, and the capacity of an indirect sort.
    init.set(GPUSORT_RADIX_LOCATION_COUNT, static_cast<GLuint>(count),
             indirect != nullptr ? GPUSORT_COUNT_FROM_BUFFER : GPUSORT_COUNT_FROM_UNIFORM, count_word,
             static_cast<GLuint>(count));
    init.set(GPUSORT_RADIX_LOCATION_MAX_GROUPS_X, c.tuning.max_workgroups_x);
    init.set(GPUSORT_RADIX_LOCATION_PASSES, passes.count());
    // Bytes a kernel must move at the least (RadixPassInfo::bytes).
    const std::uint64_t key_bytes_all = std::uint64_t{count} * c.elements.key_bytes;
    const std::uint64_t value_bytes_all = c.elements.has_values ? std::uint64_t{count} * Elements::value_bytes : 0;
    const auto observe = [&](Kernel kernel, std::uint32_t pass, bool after) {
      if (!observer_) return;
      std::uint64_t bytes = 0;
      switch (kernel) {
        case Kernel::histogram: case Kernel::upsweep: bytes = key_bytes_all; break;
        case Kernel::downsweep: case Kernel::onesweep:  // sort_indices()'s first pass reads no values
          bytes = 2 * key_bytes_all + (iota && pass == 0 ? 1 : 2) * value_bytes_all; break;
        case Kernel::copy: bytes = 2 * (key_bytes_all + value_bytes_all); break;
        default: break;
      }
      observer_(RadixPassInfo{kernel, pass, bytes, after});
    };
    observe(Kernel::init, 0, false);
    glDispatchCompute(1, 1, 1);
    observe(Kernel::init, 0, true);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (indirect != nullptr ? GL_COMMAND_BARRIER_BIT : 0u));
    if (indirect != nullptr) glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, meta.buffer);
    // A dispatch of `groups` workgroups, or of what init.comp computed from the GPU's count.
    const auto launch = [&](Kernel kernel, std::uint32_t pass, std::uint32_t arguments, std::uint64_t groups) {
      observe(kernel, pass, false);
      if (indirect != nullptr) {
        glDispatchComputeIndirect(
            static_cast<GLintptr>(meta.offset + (GPUSORT_RADIX_META_ARGUMENTS + 3 * arguments) * 4));
      } else {
        dispatch_workgroups(groups, dispatch_limits(c));
      }
      observe(kernel, pass, true);
    };
    const std::uint32_t pass_count = passes.count();
    if (plan.onesweep) {
      const Program& histogram = use(Kernel::histogram, bind_pass(target, count, true, c, scratch), 0, iota);
      histogram.set(GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES, pass_count);
      histogram.set(GPUSORT_RADIX_LOCATION_BEGIN_BIT, passes.begin);
      histogram.set(GPUSORT_RADIX_LOCATION_END_BIT, passes.end);
      launch(Kernel::histogram, 0, GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, g.histogram_groups);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    for (std::uint32_t pass = 0; pass < pass_count; ++pass) {
      const Bases bases = bind_pass(target, count, pass % 2 == 0, c, scratch);
      if (plan.onesweep) {
        use(Kernel::onesweep, bases, pass, iota)
            .set(GPUSORT_RADIX_LOCATION_WITHHOLD_EVERY, c.withhold_every);  // test mode only
        launch(Kernel::onesweep, pass, GPUSORT_RADIX_ARGUMENTS_PARTITION, g.tiles);
      } else {
        use(Kernel::upsweep, bases, pass, iota);
        launch(Kernel::upsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, g.blocks);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        use(Kernel::scan, bases, pass, iota);
        launch(Kernel::scan, pass, GPUSORT_RADIX_ARGUMENTS_SCAN, g.scan_groups);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        use(Kernel::downsweep, bases, pass, iota);
        launch(Kernel::downsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, g.blocks);
      }
      if (pass + 1 < pass_count || plan.copies_back()) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (plan.copies_back()) {
      // The last pass wrote the scratch: bind_pass(..., false) reads it and writes the caller's.
      use(Kernel::copy, bind_pass(target, count, false, c, scratch), 0, false);
      launch(Kernel::copy, 0, GPUSORT_RADIX_ARGUMENTS_COPY, g.copy_groups);
    }
  }

 private:
  /// Element offsets of the bound source and destination ranges (u_bases).
  struct Bases {
    GLuint src_keys = 0, dst_keys = 0, src_values = 0, dst_values = 0;
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
    const std::uint32_t key_bytes = c.elements.key_bytes, value_bytes = Elements::value_bytes;
    const GLuint src_keys = GPUSORT_RADIX_BINDING_SRC_KEYS, dst_keys = GPUSORT_RADIX_BINDING_DST_KEYS;
    const GLuint src_values = GPUSORT_RADIX_BINDING_SRC_VALUES, dst_values = GPUSORT_RADIX_BINDING_DST_VALUES;
    const BufferSlice& scratch_keys = scratch.slice(ScratchSlot::keys);
    const GLuint caller_keys =
        bind_elements(from_target ? src_keys : dst_keys, target.keys, target.key_offset, count, key_bytes, align);
    bind_elements(from_target ? dst_keys : src_keys, scratch_keys.buffer, scratch_keys.offset, count, key_bytes, align);
    Bases bases;
    (from_target ? bases.src_keys : bases.dst_keys) = caller_keys;
    if (c.elements.has_values) {
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
