#pragma once
// The checks every sort call makes before it writes anything: counts and ranges against the
// device's limits, the caller's buffers (objects, sizes, mappings), and sort_indirect()'s
// count. Each throws gpusort::Error naming the problem and the fix.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "../error.hpp"
#include "device.hpp"
#include "element_layout.hpp"

namespace gpusort {
namespace detail {

/// The largest count one call can sort: GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size,
/// and 2^31 (32-bit GPU indexing).
inline std::size_t max_sort_count(const DeviceLimits& limits, std::uint32_t key_bytes) {
  const std::uint64_t by_block = limits.max_storage_block_bytes / key_bytes;
  return static_cast<std::size_t>(std::min<std::uint64_t>(by_block, std::uint64_t{1} << 31));
}

inline void check_count(std::size_t count, const DeviceLimits& limits, std::uint32_t key_bytes) {
  const std::size_t max_count = max_sort_count(limits, key_bytes);
  if (count > max_count) {
    throw Error("count " + std::to_string(count) + " exceeds the " + std::to_string(max_count) +
                " elements one call can sort on this context (GL_MAX_SHADER_STORAGE_BLOCK_SIZE = " +
                std::to_string(limits.max_storage_block_bytes) +
                " bytes, and at most 2^31 elements): sort smaller ranges");
  }
}

/// check_count(), and that elements [first, first + count) bind as one storage block.
inline void check_range(std::size_t first, std::size_t count, const DeviceLimits& limits, std::uint32_t key_bytes) {
  check_count(count, limits, key_bytes);
  // The bound range starts at the aligned offset at or below `first`; keys are the
  // widest elements.
  const std::uint64_t lead_bytes = std::uint64_t{first} * key_bytes % limits.storage_offset_alignment;
  if (first > std::numeric_limits<std::uint32_t>::max() - count ||
      lead_bytes + std::uint64_t{count} * key_bytes > limits.max_storage_block_bytes) {
    throw Error("elements " + std::to_string(first) + " .. " + std::to_string(first) + " + " +
                std::to_string(count) + " cannot be bound as one shader storage block of at most " +
                std::to_string(limits.max_storage_block_bytes) + " bytes (GL_MAX_SHADER_STORAGE_BLOCK_SIZE): "
                "sort smaller ranges");
  }
}

/// Throws unless `buffer` is a buffer object holding elements [first, first + count) of
/// `element_size` bytes that the GPU may access now. Binds GL_COPY_READ_BUFFER (the
/// caller's GlStateBackup restores it).
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
  const std::uint64_t needed = (std::uint64_t{first} + count) * element_size;
  if (static_cast<std::uint64_t>(size) < needed) {
    throw Error(label + " is too small: it holds " + std::to_string(size) + " bytes but " +
                (first != 0 ? "elements " + std::to_string(first) + " .. " + std::to_string(first + count) +
                                  " (exclusive)"
                            : std::to_string(count) + " elements") +
                " need " + std::to_string(needed) + " bytes; pass a smaller count or a larger buffer");
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
      throw Error(label + " is mapped: unmap it (glUnmapBuffer) before sorting, or map it with "
                          "GL_MAP_PERSISTENT_BIT");
    }
  }
}

/// The key buffer, and for key-value layouts the (distinct) value buffer, hold elements
/// [first, first + count).
inline void check_sort_buffers(GLuint keys, GLuint values, std::size_t first, std::size_t count,
                               const ElementLayout& layout) {
  check_buffer(keys, "keys", first, count, layout.key_bytes);
  if (layout.has_values()) {
    check_buffer(values, "values", first, count, layout.value_bytes);
    if (values == keys) {
      throw Error("keys and values are the same buffer " + std::to_string(keys) +
                  ": a key-value sort needs two distinct buffers");
    }
  }
}

/// sort_indirect()'s count: an aligned 32-bit uint at byte `count_offset` of `count_buffer`,
/// outside the `capacity` elements of `keys` and `values` being sorted.
inline void check_indirect_count(GLuint count_buffer, std::size_t count_offset, GLuint keys, GLuint values,
                                 std::size_t capacity, const ElementLayout& layout) {
  if (count_offset % sizeof(std::uint32_t) != 0) {
    throw Error("count_offset " + std::to_string(count_offset) +
                " is not a multiple of 4: the count must be an aligned 32-bit uint");
  }
  check_buffer(count_buffer, "count", count_offset / sizeof(std::uint32_t), 1, sizeof(std::uint32_t));
  const bool overlaps = (count_buffer == keys && count_offset < std::uint64_t{capacity} * layout.key_bytes) ||
                        (layout.has_values() && count_buffer == values &&
                         count_offset < std::uint64_t{capacity} * layout.value_bytes);
  if (overlaps) {
    throw Error("the count at byte " + std::to_string(count_offset) + " of buffer " + std::to_string(count_buffer) +
                " lies inside the elements being sorted: keep it outside [0, capacity)");
  }
}

}  // namespace detail
}  // namespace gpusort
