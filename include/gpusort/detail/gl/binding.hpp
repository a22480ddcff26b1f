#pragma once
// Binding a range of the caller's elements as a shader storage block: the range is bound
// from the GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT boundary at or below its first byte, and
// the kernels add the returned base (an element index) to every position.
#include <cstddef>
#include <cstdint>

namespace gpusort {
namespace detail {

/// Binds elements [first, first + count) of `element_size` bytes (4 or 8) of `buffer` at
/// `binding` from the aligned offset below, and returns the element index of `first`
/// inside the bound range. Exact for 8-byte elements too: the alignment is a power of
/// two of at least 4, so the offset is either `first`'s own byte or a multiple of 8.
/// count must be at least 1 (GL refuses empty ranges).
inline GLuint bind_elements(GLuint binding, GLuint buffer, std::size_t first, std::size_t count,
                            std::size_t element_size, std::uint32_t offset_alignment) {
  const std::uint64_t begin = std::uint64_t{first} * element_size;
  const std::uint64_t offset = begin / offset_alignment * offset_alignment;
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffer, static_cast<GLintptr>(offset),
                    static_cast<GLsizeiptr>((std::uint64_t{first} + count) * element_size - offset));
  return static_cast<GLuint>((begin - offset) / element_size);
}

/// Bytes a range of `count` elements from element `first` takes once bound from the aligned
/// offset below it (what GL_MAX_SHADER_STORAGE_BLOCK_SIZE must hold).
inline std::uint64_t bound_range_bytes(std::size_t first, std::size_t count, std::size_t element_size,
                                       std::uint32_t offset_alignment) {
  return std::uint64_t{first} * element_size % offset_alignment + std::uint64_t{count} * element_size;
}

/// bind_elements() for 32-bit words: values, indices, and the permute kernel's data.
inline GLuint bind_words(GLuint binding, GLuint buffer, std::size_t first, std::size_t count,
                         std::uint32_t offset_alignment) {
  return bind_elements(binding, buffer, first, count, sizeof(std::uint32_t), offset_alignment);
}

}  // namespace detail
}  // namespace gpusort
