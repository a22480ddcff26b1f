#pragma once
// Reads a buffer's contents back to the CPU with the calls GL 4.3 core and ES 3.1 share:
// glGetBufferSubData is desktop-only, glMapBufferRange is in both.
#include <cstddef>
#include <cstring>
#include <string>

#include "../status.hpp"

namespace gpusort {
namespace detail {

/// Copies the first `bytes` bytes of `buffer` to `out`. Binds GL_COPY_READ_BUFFER (callers
/// restore it). Fails when the driver cannot map the buffer or loses its contents.
inline Status read_buffer(GLuint buffer, std::size_t bytes, void* out) {
  if (bytes == 0) return {};
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  const void* mapped = glMapBufferRange(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
  if (mapped == nullptr) {
    const GLenum error = glGetError();  // the map failure's error must not stay behind
    return fail("reading " + std::to_string(bytes) + " sorted bytes back failed: glMapBufferRange returned no "
                "mapping (GL error 0x" + [&] {
                  const char* digits = "0123456789abcdef";
                  std::string hex;
                  for (int shift = 12; shift >= 0; shift -= 4) hex += digits[(error >> shift) & 0xFu];
                  return hex;
                }() + "); the device may be out of memory: sort fewer elements per call");
  }
  std::memcpy(out, mapped, bytes);
  // GL_FALSE: the store was lost while mapped (a display mode change, by the spec).
  if (glUnmapBuffer(GL_COPY_READ_BUFFER) != GL_TRUE) {
    return fail("reading sorted data back failed: the buffer's contents were lost while mapped "
                "(glUnmapBuffer returned GL_FALSE); sort again");
  }
  return {};
}

}  // namespace detail
}  // namespace gpusort
