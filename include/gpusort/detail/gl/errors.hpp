#pragma once
// Taking GL errors after a call that the driver refused. GL keeps one flag per error code and
// no record of which call raised it, so an error the caller had left pending goes with the
// refusal's own: the message names every code taken, so that the caller's is not lost unseen.
// No other path of gpusort calls glGetError().
#include <string>

namespace gpusort {
namespace detail {

/// Clears every pending GL error and returns " (GL errors taken: 0x0505, 0x0502)", or "" where
/// none was pending.
inline std::string take_gl_errors() {
  std::string codes;
  // Bounded: a context that was lost reports GL_CONTEXT_LOST on every call.
  for (int i = 0; i < 16; ++i) {
    const GLenum error = glGetError();
    if (error == GL_NO_ERROR) break;
    static const char digits[] = "0123456789abcdef";
    std::string hex = "0x";
    for (int shift = 12; shift >= 0; shift -= 4) hex += digits[(error >> shift) & 0xFu];
    codes += (codes.empty() ? "" : ", ") + hex;
  }
  return codes.empty() ? std::string() : " (GL errors taken: " + codes + ")";
}

}  // namespace detail
}  // namespace gpusort
