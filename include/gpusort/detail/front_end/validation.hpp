#pragma once
// The checks every sort call makes before it writes anything: counts and ranges against the
// device's limits, the caller's buffers (objects, sizes, mappings), and sort_indirect()'s
// count. Each throws gpusort::Error naming the problem and the fix.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "../../error.hpp"
#include "../device/limits.hpp"
#include "element_layout.hpp"
#include "../gl/binding.hpp"

namespace gpusort {
namespace detail {

/// The most elements one call of a sorter takes, and what bounds it (for the message).
struct CountLimit {
  std::size_t max_count = 0;
  const char* bound = "";
};

inline void check_count(std::size_t count, const CountLimit& limit, const DeviceLimits& limits) {
  if (count > limit.max_count) {
    throw Error("count " + std::to_string(count) + " exceeds the " + std::to_string(limit.max_count) +
                " elements one call can sort on this context (GL_MAX_SHADER_STORAGE_BLOCK_SIZE = " +
                std::to_string(limits.max_storage_block_bytes) + " bytes, " + limit.bound +
                "): sort smaller ranges");
  }
}

/// check_count(), and that elements [first, first + count) bind as one storage block with
/// 32-bit element indices.
inline void check_range(std::size_t first, std::size_t count, const CountLimit& limit, const DeviceLimits& limits,
                        std::uint32_t key_bytes) {
  check_count(count, limit, limits);
  // The bound range starts at the aligned offset at or below `first`; keys are the
  // widest elements.
  if (first > std::numeric_limits<std::uint32_t>::max() - count ||
      bound_range_bytes(first, count, key_bytes, limits.storage_offset_alignment) > limits.max_storage_block_bytes) {
    throw Error("elements " + std::to_string(first) + " .. " + std::to_string(first) + " + " +
                std::to_string(count) + " cannot be bound as one shader storage block of at most " +
                std::to_string(limits.max_storage_block_bytes) + " bytes (GL_MAX_SHADER_STORAGE_BLOCK_SIZE): "
                "sort smaller ranges");
  }
}

/// Throws unless `buffer` is a buffer object in the current context; returns its size in
/// bytes. Binds it to GL_COPY_READ_BUFFER.
inline std::uint64_t buffer_size(GLuint buffer, const std::string& label) {
  if (buffer == 0 || glIsBuffer(buffer) != GL_TRUE) {
    throw Error(label + " is not a buffer object in the current context: pass a name from glGenBuffers or "
                        "glCreateBuffers that has storage (glBufferData/glBufferStorage) and was not deleted");
  }
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  GLint64 size = 0;
  glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &size);
  return static_cast<std::uint64_t>(size < 0 ? 0 : size);
}

/// GL_MAP_PERSISTENT_BIT (GL 4.4, ARB_buffer_storage), spelled GL_MAP_PERSISTENT_BIT_EXT by ES
/// headers (EXT_buffer_storage) and absent from GL 4.3's and ES 3.1's: the same value in all.
constexpr GLint map_persistent_bit = 0x0040;

/// Throws if the buffer bound to GL_COPY_READ_BUFFER is mapped without GL_MAP_PERSISTENT_BIT.
inline void check_not_mapped(const std::string& label) {
  GLint mapped = GL_FALSE;
  glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_MAPPED, &mapped);
  if (mapped == GL_TRUE) {
    GLint access = 0;
    glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_ACCESS_FLAGS, &access);
    const bool persistent = (access & map_persistent_bit) != 0;
    if (!persistent) {
      throw Error(label + " is mapped: unmap it (glUnmapBuffer) before sorting, or map it with "
                          "GL_MAP_PERSISTENT_BIT");
    }
  }
}

/// Throws unless `buffer` is a buffer object holding elements [first, first + count) of
/// `element_size` bytes that the GPU may access now. Overflow-safe for any first and count.
/// Binds GL_COPY_READ_BUFFER (the caller's GlStateBackup restores it).
inline void check_buffer(GLuint buffer, const char* what, std::size_t first, std::size_t count,
                         std::size_t element_size) {
  const std::string label = std::string(what) + " buffer " + std::to_string(buffer);
  const std::uint64_t size = buffer_size(buffer, label);
  const std::uint64_t held = size / element_size;  // whole elements
  if (count > held || first > held - count) {
    // (The message's byte count is exact for the ranges check_range() lets through.)
    const std::uint64_t needed = (std::uint64_t{first} + count) * element_size;
    throw Error(label + " is too small: it holds " + std::to_string(size) + " bytes but " +
                (first != 0 ? "elements " + std::to_string(first) + " .. " + std::to_string(first + count) +
                                  " (exclusive)"
                            : std::to_string(count) + " elements") +
                " need " + std::to_string(needed) + " bytes; pass a smaller count or a larger buffer");
  }
  check_not_mapped(label);
}

/// The key buffer, and for key-value layouts the (distinct) value buffer, hold elements
/// [first, first + count). `values_what` names the value buffer in messages.
inline void check_sort_buffers(GLuint keys, GLuint values, std::size_t first, std::size_t count,
                               const ElementLayout& layout, const char* values_what = "values") {
  check_buffer(keys, "keys", first, count, layout.key_bytes);
  if (layout.has_values()) {
    check_buffer(values, values_what, first, count, layout.value_bytes);
    if (values == keys) {
      throw Error(std::string("keys and ") + values_what + " are the same buffer " + std::to_string(keys) +
                  ": a key-value sort needs two distinct buffers");
    }
  }
}

/// Throws unless `count_buffer` is a buffer object that the GPU may access now with a
/// 32-bit count at byte `count_offset` (a multiple of 4) that the shaders can index.
/// Binds GL_COPY_READ_BUFFER (the caller's GlStateBackup restores it).
inline void check_count_buffer(GLuint count_buffer, std::size_t count_offset) {
  const std::string label = "count buffer " + std::to_string(count_buffer);
  const std::uint64_t size = buffer_size(count_buffer, label);
  // Never count_offset + 4, which wraps for offsets near SIZE_MAX.
  if (size < sizeof(std::uint32_t) || count_offset > size - sizeof(std::uint32_t)) {
    throw Error(label + " is too small: it holds " + std::to_string(size) +
                " bytes but the 32-bit count at count_offset " + std::to_string(count_offset) +
                " needs the 4 bytes from there; " +
                (size < sizeof(std::uint32_t) ? std::string("pass a buffer of at least 4 bytes")
                                              : "pass a count_offset of at most " +
                                                    std::to_string(size - sizeof(std::uint32_t)) +
                                                    " or a larger buffer"));
  }
  // The shaders read the count as word count_offset / 4 of the whole buffer, a 32-bit index.
  const std::uint64_t last_word_offset = std::uint64_t{std::numeric_limits<std::uint32_t>::max()} * 4;
  if (count_offset > last_word_offset) {
    throw Error("count_offset " + std::to_string(count_offset) + " of " + label +
                " is beyond the 2^32 words that the shaders index with 32-bit integers: put the count at a "
                "count_offset of at most " + std::to_string(last_word_offset));
  }
  check_not_mapped(label);
}

/// sort_indirect()'s count: an aligned 32-bit uint at byte `count_offset` of `count_buffer`,
/// outside the `capacity` elements of `keys` and `values` being sorted.
inline void check_indirect_count(GLuint count_buffer, std::size_t count_offset, GLuint keys, GLuint values,
                                 std::size_t capacity, const ElementLayout& layout) {
  if (count_offset % sizeof(std::uint32_t) != 0) {
    throw Error("count_offset " + std::to_string(count_offset) +
                " is not a multiple of 4: the count must be an aligned 32-bit uint");
  }
  check_count_buffer(count_buffer, count_offset);
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
