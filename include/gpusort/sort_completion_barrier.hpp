#pragma once
// The memory barrier every GPU-buffer sort ends with.
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

namespace gpusort {

/// The memory barrier every sort() ends with. Later shader-storage reads, vertex
/// attribute and index fetches, and buffer reads/updates (glGetBufferSubData,
/// glCopyBufferSubData, mapping) see the sorted data without another barrier.
constexpr GLbitfield sort_completion_barrier = GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                                               GL_ELEMENT_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT;

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
