#pragma once
// The network's word permute kernel (shaders/bitonic/permute.comp) and what stable sorts and
// sort_indices() do with it: fill indices 0 .. count-1, gather values through sorted indices,
// copy back.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "../../program_cache.hpp"
#include "../device/glsl_target.hpp"
#include "../device/limits.hpp"
#include "../generated/embedded_shaders.hpp"
#include "../gl/binding.hpp"
#include "../gl/dispatch.hpp"
#include "../gl/program_slots.hpp"
#include "../gl/scratch.hpp"
#include "../shader_interface.hpp"
#include "../shader_interface_glsl.hpp"
#include "../status.hpp"
#include "config.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

/// The permute kernel's source for `target`, with `extra_source` (BitonicTuning::extra_shader_source)
/// and `group_size` invocations per workgroup.
inline ProgramSource permute_source(GlslTarget target, const std::string& extra_source,
                                    std::uint32_t group_size = GPUSORT_BITONIC_PERMUTE_GROUP_SIZE) {
  return ProgramSource{"permute", {glsl_prelude(target) + "#define GROUP_SIZE " + std::to_string(group_size) + "\n" +
                                       extra_source_fragment("BitonicTuning", extra_source),
                                   shaders::common_interface_glsl, shaders::permute_interface_glsl,
                                   shaders::bitonic_permute_comp}};
}

class WordPermute {
 public:
  WordPermute() = default;
  /// For the network of config `c`: its extra shader source, its device's limits (offset
  /// alignment, invocations, storage blocks), its dispatch limits and permute_group_size().
  WordPermute(ProgramCache* cache, const Config& c)
      : cache_(cache), target_(c.device.glsl_target), extra_source_(c.tuning.extra_shader_source), device_(c.device),
        offset_alignment_(c.device.storage_offset_alignment), group_size_(c.permute_group_size()),
        dispatch_(c.dispatch_limits()) {}

  /// Builds the kernel unless it is built. Call it before writing anything, so that a build
  /// that fails leaves the caller's data as it was.
  Status build() {
    return program_.build(cache_, [&] {
      ProgramSource source = permute_source(target_, extra_source_, group_size_);
      source.device = &device_;
      return source;
    });
  }

  /// Invocations per workgroup: a dispatch over n words launches n / group_size() workgroups.
  std::uint32_t group_size() const { return group_size_; }

  /// The words of `indices` from byte `offset`: word i = i for i < count.
  void iota(GLuint indices, std::uint64_t offset, std::size_t count) {
    const GLuint base = bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, indices, offset, count,
                                   offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, indices, offset, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_INDICES, indices, offset, count, offset_alignment_);
    run(GPUSORT_BITONIC_PERMUTE_IOTA, count, base, 0);
  }

  /// destination[i] = source[indices[i]] for i < count, `source` the words of buffer `source`
  /// from byte `source_offset`; `destination` and `indices` start aligned (scratch slices).
  void gather(const BufferSlice& destination, GLuint source, std::uint64_t source_offset, const BufferSlice& indices,
              std::size_t count) {
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, destination.buffer, destination.offset, count,
               offset_alignment_);
    const GLuint source_base =
        bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, source, source_offset, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_INDICES, indices.buffer, indices.offset, count, offset_alignment_);
    run(GPUSORT_BITONIC_PERMUTE_GATHER, count, 0, source_base);
  }

  /// destination[i] = source[i] for i < count, `destination` the words of buffer `destination`
  /// from byte `destination_offset`, `source` aligned (a scratch slice). Reads no indices (the
  /// indices binding stays as the last gather left it: the kernel declares it).
  void copy(GLuint destination, std::uint64_t destination_offset, const BufferSlice& source, std::size_t count) {
    const GLuint destination_base = bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, destination,
                                               destination_offset, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, source.buffer, source.offset, count, offset_alignment_);
    run(GPUSORT_BITONIC_PERMUTE_COPY, count, destination_base, 0);
  }

 private:
  /// One dispatch over `count` words, on what the caller bound at the permute bindings.
  void run(GLuint mode, std::size_t count, GLuint destination_base, GLuint source_base) {
    glUseProgram(program_.name());
    glUniform1ui(GPUSORT_BITONIC_PERMUTE_LOCATION_COUNT, static_cast<GLuint>(count));
    glUniform1ui(GPUSORT_BITONIC_PERMUTE_LOCATION_MODE, mode);
    glUniform1ui(GPUSORT_BITONIC_PERMUTE_LOCATION_DESTINATION_BASE, destination_base);
    glUniform1ui(GPUSORT_BITONIC_PERMUTE_LOCATION_SOURCE_BASE, source_base);
    dispatch_workgroups((count + group_size_ - 1) / group_size_, dispatch_);
  }

  ProgramCache* cache_ = nullptr;
  GlslTarget target_ = GlslTarget::gl430_core;
  std::string extra_source_;
  DeviceLimits device_;
  std::uint32_t offset_alignment_ = 4;
  std::uint32_t group_size_ = GPUSORT_BITONIC_PERMUTE_GROUP_SIZE;
  DispatchLimits dispatch_;
  ProgramSlot program_;
};

/// A stable key-value sort of the `count` values of `values` from byte `offset` from a sort
/// that is not: `sort_with_indices(indices)` sorts the keys carrying the indices 0 .. count-1
/// (ties broken by index), then the values are gathered through the sorted indices and copied
/// back. `indices` and `gathered` are scratch of count words each. Places the barriers between
/// its dispatches, not before the first or after the last.
template <class SortWithIndices>
void sort_values_stably(WordPermute& permute, const BufferSlice& indices, const BufferSlice& gathered, GLuint values,
                        std::uint64_t offset, std::size_t count, SortWithIndices&& sort_with_indices) {
  permute.iota(indices.buffer, indices.offset, count);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  sort_with_indices(indices);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  permute.gather(gathered, values, offset, indices, count);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  permute.copy(values, offset, gathered, count);
}

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
