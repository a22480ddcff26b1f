#pragma once
// BufferView: where in a GL buffer object a sort's keys, values or indices start.
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <cstddef>

namespace gpusort {

/// The elements of buffer object `buffer` from byte `offset`, a multiple of the element's size
/// (4 bytes, 8 for 64-bit keys); aligned to GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT or not.
/// Every call that takes a keys, values or indices buffer takes a view, and a plain GLuint
/// converts to the view of its start, so keys and values may be two ranges of one
/// sub-allocated buffer:
///   sorter.sort({arena, keys_offset}, {arena, values_offset}, count);
///   sorter.sort(key_buffer, value_buffer, count);  // both from offset 0
struct BufferView {
  GLuint buffer = 0;
  std::size_t offset = 0;

  BufferView() = default;
  BufferView(GLuint buffer_name, std::size_t byte_offset = 0) : buffer(buffer_name), offset(byte_offset) {}
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
