#pragma once
// Reads a buffer's contents back to the CPU with the calls GL 4.3 core and ES 3.1 share:
// glGetBufferSubData is desktop-only, glMapBufferRange is in both.
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "../status.hpp"
#include "counters.hpp"
#include "errors.hpp"

namespace gpusort {
namespace detail {

/// Copies the first `bytes` bytes of `buffer` to `out`. Binds GL_COPY_READ_BUFFER (callers
/// restore it). Fails when the driver cannot map the buffer or loses its contents.
inline Status read_buffer(GLuint buffer, std::size_t bytes, void* out) {
  if (bytes == 0) return {};
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  int& maps_left = gl_faults().maps_before_failure;
  const bool refused = maps_left == 0;
  if (maps_left >= 0) --maps_left;
  const void* mapped =
      refused ? nullptr : glMapBufferRange(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
  if (mapped == nullptr) {
    // The refusal's error must not stay behind.
    return fail("reading " + std::to_string(bytes) + " sorted bytes back failed: glMapBufferRange returned no "
                "mapping" + take_gl_errors() + "; the device may be out of memory: sort fewer elements per call");
  }
  std::memcpy(out, mapped, bytes);
  // GL_FALSE: the store was lost while mapped (a display mode change, by the spec).
  if (glUnmapBuffer(GL_COPY_READ_BUFFER) != GL_TRUE) {
    return fail("reading sorted data back failed: the buffer's contents were lost while mapped "
                "(glUnmapBuffer returned GL_FALSE); sort again");
  }
  return {};
}

/// read_buffer() into bytes [at, at + bytes) of `staging`, grown where it is smaller (its
/// other bytes kept).
inline Status read_buffer(GLuint buffer, std::size_t bytes, std::vector<unsigned char>& staging, std::size_t at) {
  if (staging.size() < at + bytes) staging.resize(at + bytes);
  return read_buffer(buffer, bytes, staging.data() + at);
}

}  // namespace detail
}  // namespace gpusort
