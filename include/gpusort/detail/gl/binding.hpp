#pragma once
// Binding a range of elements as a shader storage block: the range is bound from the
// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT boundary at or below its first byte, and the kernels
// add the returned base (an element index) to every position. So elements may start at any
// multiple of their size: the caller's views (BufferView), sort_range()'s `first`, and the
// scratch slots, which start aligned (base 0).
#include <cstddef>
#include <cstdint>

namespace gpusort {
namespace detail {

/// Binds `count` elements of `element_size` bytes (4 or 8) of `buffer` from byte `first_byte`
/// (a multiple of element_size) at `binding`, from the aligned offset below, and returns the
/// element index of the first inside the bound range. Exact for 8-byte elements too: the
/// alignment is a power of two of at least 4, so the bound offset is either `first_byte` itself
/// or a multiple of 8. count must be at least 1 (GL refuses empty ranges).
inline GLuint bind_elements(GLuint binding, GLuint buffer, std::uint64_t first_byte, std::size_t count,
                            std::size_t element_size, std::uint32_t offset_alignment) {
  const std::uint64_t offset = first_byte / offset_alignment * offset_alignment;
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffer, static_cast<GLintptr>(offset),
                    static_cast<GLsizeiptr>(first_byte + std::uint64_t{count} * element_size - offset));
  return static_cast<GLuint>((first_byte - offset) / element_size);
}

/// Bytes `count` elements from byte `first_byte` take once bound from the aligned offset below
/// (what GL_MAX_SHADER_STORAGE_BLOCK_SIZE must hold).
inline std::uint64_t bound_range_bytes(std::uint64_t first_byte, std::size_t count, std::size_t element_size,
                                       std::uint32_t offset_alignment) {
  return first_byte % offset_alignment + std::uint64_t{count} * element_size;
}

/// bind_elements() for 32-bit words: values, indices, and the permute kernel's data.
inline GLuint bind_words(GLuint binding, GLuint buffer, std::uint64_t first_byte, std::size_t count,
                         std::uint32_t offset_alignment) {
  return bind_elements(binding, buffer, first_byte, count, sizeof(std::uint32_t), offset_alignment);
}

}  // namespace detail
}  // namespace gpusort
