#pragma once
// Checks and bindings of the caller's buffers, and dispatches split over x and y: free
// functions any sorter can use (RadixSorter does; BitonicSorter has the same logic as
// private members).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "../error.hpp"

namespace gpusort {
namespace detail {

/// Throws unless `buffer` is a buffer object holding elements [first, first + count) of
/// `element_size` bytes that the GPU may access now (not mapped, unless persistently).
/// Overflow-safe for any first and count. Binds GL_COPY_READ_BUFFER (the caller's
/// GlStateBackup restores it).
inline void check_buffer(GLuint buffer, const char* what, std::size_t first, std::size_t count,
                         std::size_t element_size) {
  const std::string label = std::string(what) + " buffer " + std::to_string(buffer);
  if (buffer == 0 || glIsBuffer(buffer) != GL_TRUE) {
    throw Error(label + " is not a buffer object in the current context: pass a name from glGenBuffers or "
                        "glCreateBuffers that has storage (glBufferData/glBufferStorage) and was not deleted");
  }
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  GLint64 size = 0;
  glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &size);
  const std::uint64_t held = static_cast<std::uint64_t>(size < 0 ? 0 : size) / element_size;  // whole elements
  if (count > held || first > held - count) {
    const std::string elements =
        first != 0 ? "elements " + std::to_string(first) + " .. " + std::to_string(first) + " + " +
                         std::to_string(count) + " (exclusive)"
                   : std::to_string(count) + " elements";
    throw Error(label + " is too small: it holds " + std::to_string(size) + " bytes, " + std::to_string(held) +
                " elements of " + std::to_string(element_size) + " bytes, but " + elements +
                " are needed; pass a smaller count or a larger buffer");
  }
  GLint mapped = GL_FALSE;
  glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_MAPPED, &mapped);
  if (mapped == GL_TRUE) {
    GLint access = 0;
    glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_ACCESS_FLAGS, &access);
#if defined(GL_MAP_PERSISTENT_BIT)
    const bool persistent = (access & GL_MAP_PERSISTENT_BIT) != 0;
#else
    const bool persistent = false;
#endif
    if (!persistent) {
      throw Error(label + " is mapped: unmap it (glUnmapBuffer) before sorting, or map it with GL_MAP_PERSISTENT_BIT");
    }
  }
}

/// Binds elements [first, first + count) of `element_size` bytes (4 or 8) of `buffer` at
/// shader storage `binding`, from the offset at or below `first` that GL accepts
/// (GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, `alignment`, a power of two of at least 4),
/// and returns the element index of `first` inside the bound range. Exact for 8-byte
/// elements too: the offset is either `first`'s own byte or a multiple of 8.
/// count must be at least 1 (GL refuses empty ranges).
inline GLuint bind_elements(GLuint binding, GLuint buffer, std::size_t first, std::size_t count,
                            std::size_t element_size, std::uint32_t alignment) {
  const std::uint64_t begin = std::uint64_t{first} * element_size;
  const std::uint64_t offset = begin / alignment * alignment;
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffer, static_cast<GLintptr>(offset),
                    static_cast<GLsizeiptr>((std::uint64_t{first} + count) * element_size - offset));
  return static_cast<GLuint>((begin - offset) / element_size);
}

/// Bytes a range of `count` elements from element `first` takes once bound from the aligned
/// offset below it (what GL_MAX_SHADER_STORAGE_BLOCK_SIZE must hold).
inline std::uint64_t bound_range_bytes(std::size_t first, std::size_t count, std::size_t element_size,
                                       std::uint32_t alignment) {
  return std::uint64_t{first} * element_size % alignment + std::uint64_t{count} * element_size;
}

/// A dispatch of `groups` workgroups split over x (at most max_x) and y; kernels number
/// their workgroups y * num_groups_x + x and skip those at or past `groups`.
struct GroupSplit {
  std::uint64_t x = 0;
  std::uint64_t y = 0;
};

inline GroupSplit split_groups(std::uint64_t groups, std::uint64_t max_x) {
  GroupSplit split;
  split.x = std::min<std::uint64_t>(groups, max_x);
  split.y = split.x == 0 ? 1 : (groups + split.x - 1) / split.x;
  return split;
}

/// glDispatchCompute of `groups` workgroups split over x and y (nothing for 0 groups);
/// the caller checked that y fits GL_MAX_COMPUTE_WORK_GROUP_COUNT[1].
inline void dispatch_split(std::uint64_t groups, std::uint64_t max_x) {
  if (groups == 0) return;
  const GroupSplit split = split_groups(groups, max_x);
  glDispatchCompute(static_cast<GLuint>(split.x), static_cast<GLuint>(split.y), 1);
}

/// Whether `groups` workgroups fit one split dispatch.
inline bool fits_split_dispatch(std::uint64_t groups, std::uint64_t max_x, std::uint64_t max_y) {
  return groups <= max_x * max_y;
}

}  // namespace detail
}  // namespace gpusort
