#pragma once
// The word permute kernel (shaders/bitonic/permute.comp) and what stable sorts and sort_indices()
// do with it: fill indices 0 .. count-1, gather values through sorted indices, copy back.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "../program_cache.hpp"
#include "device.hpp"
#include "dispatch.hpp"
#include "generated/embedded_shaders.hpp"
#include "gl_buffer.hpp"
#include "gl_state.hpp"
#include "glsl_target.hpp"
#include "program_slots.hpp"
#include "generated/shader_interface.hpp"
#include "storage_binding.hpp"

namespace gpusort {
namespace detail {

/// The permute kernel's source for `target`, with `extra_source` (BitonicTuning::extra_shader_source)
/// and `group_size` invocations per workgroup.
inline ProgramSource permute_source(GlslTarget target, const std::string& extra_source,
                                    std::uint32_t group_size = GPUSORT_BITONIC_PERMUTE_GROUP_SIZE) {
  return ProgramSource{"permute", {glsl_prelude(target) + "#define GROUP_SIZE " + std::to_string(group_size) + "\n" +
                                       extra_source + "\n",
                                   shaders::common_shader_interface_h, shaders::bitonic_permute_interface_h,
                                   shaders::bitonic_permute_comp}};
}

class WordPermute {
 public:
  WordPermute() = default;
  /// `extra_source`: BitonicTuning::extra_shader_source; `device`: the sorter's limits (offset
  /// alignment, invocations, storage blocks); `dispatch`: the sorter's dispatch limits.
  WordPermute(ProgramCache* cache, std::string extra_source, const DeviceLimits& device, DispatchLimits dispatch)
      : cache_(cache), target_(device.glsl_target), extra_source_(std::move(extra_source)), device_(device),
        offset_alignment_(device.storage_offset_alignment),
        group_size_(std::min<std::uint32_t>(GPUSORT_BITONIC_PERMUTE_GROUP_SIZE, device.max_invocations)),
        dispatch_(dispatch) {}

  /// The kernel, built on first use. Call it before writing anything, so that a build that
  /// throws leaves the caller's data as it was.
  GLuint program() {
    return program_.get(cache_, [&] {
      ProgramSource source = permute_source(target_, extra_source_, group_size_);
      source.device = &device_;
      return source;
    });
  }

  /// indices[first + i] = i for i < count.
  void iota(GLuint indices, std::size_t first, std::size_t count) {
    const GLuint base = bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, indices, first, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, indices, first, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_INDICES, indices, first, count, offset_alignment_);
    run(GPUSORT_BITONIC_PERMUTE_IOTA, count, base, 0);
  }

  /// destination[i] = source[source_first + indices[i]] for i < count.
  void gather(GLuint destination, GLuint source, std::size_t source_first, GLuint indices, std::size_t count) {
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, destination, 0, count, offset_alignment_);
    const GLuint source_base =
        bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, source, source_first, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_INDICES, indices, 0, count, offset_alignment_);
    run(GPUSORT_BITONIC_PERMUTE_GATHER, count, 0, source_base);
  }

  /// destination[destination_first + i] = source[i] for i < count. Reads no indices (the
  /// indices binding stays as the last gather left it: the kernel declares it).
  void copy(GLuint destination, std::size_t destination_first, GLuint source, std::size_t count) {
    const GLuint destination_base =
        bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, destination, destination_first, count, offset_alignment_);
    bind_words(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, source, 0, count, offset_alignment_);
    run(GPUSORT_BITONIC_PERMUTE_COPY, count, destination_base, 0);
  }

 private:
  /// One dispatch over `count` words, on what the caller bound at the permute bindings.
  void run(GLuint mode, std::size_t count, GLuint destination_base, GLuint source_base) {
    glUseProgram(program());
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

/// A stable key-value sort of elements [first, first + count) of `values` from a sort that
/// is not: `sort_with_indices(indices)` sorts the keys carrying the indices 0 .. count-1
/// (ties broken by index), then the values are gathered through the sorted indices into
/// `gathered` and copied back. `indices` and `gathered` are scratch, grown to count words.
/// Ends with the caller's completion barrier still to issue.
template <class SortWithIndices>
void sort_values_stably(WordPermute& permute, GlBuffer& indices, GlBuffer& gathered, GLuint values,
                        std::size_t first, std::size_t count, SortWithIndices&& sort_with_indices) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  indices.reserve(bytes);
  gathered.reserve(bytes);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  permute.iota(indices.name(), 0, count);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  sort_with_indices(indices.name());
  permute.gather(gathered.name(), values, first, indices.name(), count);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  permute.copy(values, first, gathered.name(), count);
}

}  // namespace detail
}  // namespace gpusort
