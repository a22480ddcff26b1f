#pragma once
// Runs one radix sort: its programs, scratch and dispatches. RadixSorter checks the call and
// hands a Runner the caller's buffers.
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
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../error.hpp"
#include "../../order.hpp"
#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../device.hpp"
#include "../dispatch.hpp"
#include "../generated/shader_interface.hpp"
#include "../storage_binding.hpp"
#include "plan.hpp"
#include "programs.hpp"
#include "scratch.hpp"

namespace gpusort {
namespace detail {
namespace radix {

/// Where a sort's data lives: the caller's (or the host staging) buffers and first elements.
struct Target {
  GLuint keys = 0;
  GLuint values = 0;
  std::size_t first = 0;
};

/// sort_indirect(): the count's buffer and word.
struct IndirectCount {
  GLuint buffer = 0;
  std::size_t word = 0;
};

/// What a run needs to know of the sort's element type.
struct Elements {
  int key_kind = 0;  // KeyTraits::glsl_kind
  std::uint32_t key_bytes = 4;
  bool has_values = false;
  static constexpr std::uint32_t value_bytes = 4;
};

class Runner {
 public:
  using Kernel = RadixKernel;
  using Scratch = RadixScratch;

  Runner(const RadixConfig& config, const DeviceLimits& limits, Elements elements, ProgramCache* cache)
      : config_(config), limits_(limits), elements_(elements), cache_(cache) {
    scratch_.use_immutable_storage(limits_.major > 4 || (limits_.major == 4 && limits_.minor >= 4));
  }

  /// Builds `kernels` in one batch (drivers may compile them concurrently).
  void build(const std::vector<Kernel>& kernels) {
    std::vector<RadixProgram> built = build_radix_programs(kernels, config_, elements_.key_kind, elements_.key_bytes,
                                                           elements_.has_values, cache_, limits_);
    for (std::size_t i = 0; i < kernels.size(); ++i) programs_[static_cast<int>(kernels[i])] = std::move(built[i]);
  }

  void set_observer(RadixPassObserver observer) { observer_ = std::move(observer); }

  /// Allocates the scratch of a sort of `count` elements (RadixSorter::reserve()).
  void reserve(std::size_t count) { reserve_scratch(radix_geometry(config_, count), count); }

  /// The host overloads' staging copy of `bytes` bytes of `data` (GL_COPY_WRITE_BUFFER bound).
  GLuint upload(Scratch::Slot slot, const void* data, std::uint64_t bytes) { return scratch_.upload(slot, data, bytes); }

  const RadixConfig& config() const { return config_; }
  const DeviceLimits& limits() const { return limits_; }
  DispatchLimits dispatch_limits() const { return {config_.tuning.max_workgroups_x, limits_.max_groups_y}; }

  /// The dispatches of one sort of `count` elements of `target` (count >= 2, or 1 for
  /// sort_indices()); `indirect`: the count is read on the GPU, `count` is the capacity.
  void run(const Target& target, std::size_t count, Order order, const RadixPasses& passes, bool iota,
           const IndirectCount* indirect) {
    const RadixGeometry g = radix_geometry(config_, count);
    prepare_run(g, count, passes);  // may build or allocate; writes nothing
    const std::uint64_t max_x = config_.tuning.max_workgroups_x;
    const std::uint64_t tiles_per_block = g.tiles_per_block;
    const GLuint meta = scratch_.name(Scratch::meta);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_META, meta);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_TILE_STATE, scratch_.name(Scratch::tile_state));
    GLuint count_word = 0;
    if (indirect != nullptr) {
      count_word = bind_words(GPUSORT_RADIX_BINDING_COUNT_BUFFER, indirect->buffer, indirect->word, 1,
                              limits_.storage_offset_alignment);
    } else {
      // init declares the count block: bind something valid.
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_COUNT_BUFFER, meta);
    }
    const RadixProgram& init = use(Kernel::init, Bases{}, order, passes, 0, false, tiles_per_block);
    init.set(GPUSORT_RADIX_LOCATION_COUNT, static_cast<GLuint>(count));
    init.set(GPUSORT_RADIX_LOCATION_COUNT_SOURCE,
             indirect != nullptr ? GPUSORT_COUNT_FROM_BUFFER : GPUSORT_COUNT_FROM_UNIFORM);
    init.set(GPUSORT_RADIX_LOCATION_COUNT_WORD, count_word);
    init.set(GPUSORT_RADIX_LOCATION_CAPACITY, static_cast<GLuint>(count));  // the capacity of an indirect sort
    init.set(GPUSORT_RADIX_LOCATION_MAX_GROUPS_X, static_cast<GLuint>(max_x));
    init.set(GPUSORT_RADIX_LOCATION_PASSES, passes.count());
    // Bytes a kernel must move at the least (RadixPassInfo::bytes).
    const std::uint64_t key_bytes_all = std::uint64_t{count} * elements_.key_bytes;
    const std::uint64_t value_bytes_all = elements_.has_values ? std::uint64_t{count} * Elements::value_bytes : 0;
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
    if (indirect != nullptr) glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, meta);
    // A dispatch of `groups` workgroups, or of what init.comp computed from the GPU's count.
    const auto launch = [&](Kernel kernel, std::uint32_t pass, std::uint32_t arguments, std::uint64_t groups) {
      observe(kernel, pass, false);
      if (indirect != nullptr) {
        glDispatchComputeIndirect(static_cast<GLintptr>((GPUSORT_RADIX_META_ARGUMENTS + 3 * arguments) * 4));
      } else {
        dispatch_workgroups(groups, dispatch_limits());
      }
      observe(kernel, pass, true);
    };
    const bool onesweep = config_.tuning.path == RadixPath::onesweep;
    const std::uint32_t pass_count = passes.count();
    if (onesweep) {
      const RadixProgram& histogram =
          use(Kernel::histogram, bind_pass(target, count, true), order, passes, 0, iota, tiles_per_block);
      histogram.set(GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES, pass_count);
      histogram.set(GPUSORT_RADIX_LOCATION_BEGIN_BIT, passes.begin);
      histogram.set(GPUSORT_RADIX_LOCATION_END_BIT, passes.end);
      launch(Kernel::histogram, 0, GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, g.histogram_groups);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    for (std::uint32_t pass = 0; pass < pass_count; ++pass) {
      const Bases bases = bind_pass(target, count, pass % 2 == 0);
      if (onesweep) {
        use(Kernel::onesweep, bases, order, passes, pass, iota, tiles_per_block);
        launch(Kernel::onesweep, pass, GPUSORT_RADIX_ARGUMENTS_PARTITION, g.tiles);
      } else {
        use(Kernel::upsweep, bases, order, passes, pass, iota, tiles_per_block);
        launch(Kernel::upsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, g.blocks);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        use(Kernel::scan, bases, order, passes, pass, iota, tiles_per_block);
        launch(Kernel::scan, pass, GPUSORT_RADIX_ARGUMENTS_SCAN, g.scan_groups);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        use(Kernel::downsweep, bases, order, passes, pass, iota, tiles_per_block);
        launch(Kernel::downsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, g.blocks);
      }
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (pass_count % 2 != 0) {
      // The last pass wrote the scratch: bind_pass(..., false) reads it and writes the caller's.
      use(Kernel::copy, bind_pass(target, count, false), order, passes, 0, false, tiles_per_block);
      launch(Kernel::copy, 0, GPUSORT_RADIX_ARGUMENTS_COPY, g.copy_groups);
    }
  }

 private:
  /// Element offsets of the bound source and destination ranges (u_src_key_base ..).
  struct Bases {
    GLuint src_keys = 0, dst_keys = 0, src_values = 0, dst_values = 0;
  };

  const RadixProgram& program(Kernel kernel) const { return programs_[static_cast<int>(kernel)]; }

  /// Builds what a sort planned for `count` elements lacks, allocates its scratch and checks
  /// its dispatch limits, before anything is written.
  void prepare_run(const RadixGeometry& g, std::size_t count, const RadixPasses& passes) {
    const std::uint64_t max_x = config_.tuning.max_workgroups_x, max_y = limits_.max_groups_y;
    for (std::uint64_t groups : {g.tiles, g.blocks, g.histogram_groups, g.copy_groups}) {
      if (groups > dispatch_limits().capacity()) {
        throw Error("sorting " + std::to_string(count) + " elements needs more workgroups than "
                    "GL_MAX_COMPUTE_WORK_GROUP_COUNT allows (" + std::to_string(max_x) + " x " + std::to_string(max_y) +
                    "): raise RadixTuning::max_workgroups_x or keys_per_invocation, or sort fewer elements");
      }
    }
    if (passes.count() % 2 != 0 && program(Kernel::copy).name() == 0) build({Kernel::copy});
    reserve_scratch(g, count);
  }

  void reserve_scratch(const RadixGeometry& g, std::size_t count) {
    scratch_.reserve(Scratch::meta, GPUSORT_RADIX_META_WORDS * 4ull);
    scratch_.reserve(Scratch::keys, std::uint64_t{count} * elements_.key_bytes);
    if (elements_.has_values) scratch_.reserve(Scratch::values, std::uint64_t{count} * Elements::value_bytes);
    scratch_.reserve(Scratch::tile_state, g.tile_state_words * 4);
  }

  /// Binds a digit pass's source (the caller's data if `from_target`, else scratch) and
  /// destination (the other one) for `count` elements.
  Bases bind_pass(const Target& target, std::size_t count, bool from_target) {
    const std::uint32_t align = limits_.storage_offset_alignment;
    const std::uint32_t key_bytes = elements_.key_bytes, value_bytes = Elements::value_bytes;
    const GLuint src_keys = GPUSORT_RADIX_BINDING_SRC_KEYS, dst_keys = GPUSORT_RADIX_BINDING_DST_KEYS;
    const GLuint src_values = GPUSORT_RADIX_BINDING_SRC_VALUES, dst_values = GPUSORT_RADIX_BINDING_DST_VALUES;
    const GLuint caller_keys =
        bind_elements(from_target ? src_keys : dst_keys, target.keys, target.first, count, key_bytes, align);
    bind_elements(from_target ? dst_keys : src_keys, scratch_.name(Scratch::keys), 0, count, key_bytes, align);
    Bases bases;
    (from_target ? bases.src_keys : bases.dst_keys) = caller_keys;
    if (elements_.has_values) {
      const GLuint caller_values = bind_elements(from_target ? src_values : dst_values, target.values, target.first,
                                                 count, value_bytes, align);
      bind_elements(from_target ? dst_values : src_values, scratch_.name(Scratch::values), 0, count, value_bytes,
                    align);
      (from_target ? bases.src_values : bases.dst_values) = caller_values;
    }
    return bases;
  }

  /// Uses `kernel`'s program with the uniforms of digit pass `pass` (of passes.count()).
  const RadixProgram& use(Kernel kernel, const Bases& bases, Order order, const RadixPasses& passes,
                          std::uint32_t pass, bool iota, std::uint64_t tiles_per_block) {
    const RadixProgram& p = program(kernel);
    glUseProgram(p.name());
    p.set(GPUSORT_RADIX_LOCATION_SRC_KEY_BASE, bases.src_keys);
    p.set(GPUSORT_RADIX_LOCATION_DST_KEY_BASE, bases.dst_keys);
    p.set(GPUSORT_RADIX_LOCATION_SRC_VALUE_BASE, bases.src_values);
    p.set(GPUSORT_RADIX_LOCATION_DST_VALUE_BASE, bases.dst_values);
    p.set(GPUSORT_RADIX_LOCATION_KEY_XOR, order_xor(order));
    p.set(GPUSORT_RADIX_LOCATION_PASS, pass);
    p.set(GPUSORT_RADIX_LOCATION_SHIFT, passes.shift(pass));
    p.set(GPUSORT_RADIX_LOCATION_DIGIT_MASK, passes.mask(pass));
    p.set(GPUSORT_RADIX_LOCATION_FLAGS, (pass == 0 ? GPUSORT_RADIX_FLAG_FIRST : 0u) |
                                            (pass + 1 == passes.count() ? GPUSORT_RADIX_FLAG_LAST : 0u) |
                                            (iota && pass == 0 ? GPUSORT_RADIX_FLAG_IOTA : 0u));
    p.set(GPUSORT_RADIX_LOCATION_TILES_PER_BLOCK, static_cast<GLuint>(tiles_per_block));
    return p;
  }

  RadixConfig config_;
  DeviceLimits limits_;
  Elements elements_;
  ProgramCache* cache_ = nullptr;  // not owned
  RadixProgram programs_[7];
  Scratch scratch_;
  RadixPassObserver observer_;
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
