// Restores a working buffer from a pristine copy before every timed sort.
// A compute-shader copy instead of glCopyBufferSubData because the latter is
// slow on NVIDIA and would dominate the untimed part of each iteration.
#pragma once

#include <cstddef>

#include "gl_program.hpp"

namespace gpusort_bench {

class BufferRefill {
 public:
  BufferRefill();  // needs a current GL 4.3 context

  // Copies `words` 32-bit words from `source` to `destination` (from its word
  // `destination_first`) and issues the shader-storage barrier, so the following sort sees
  // the fresh data.
  void copy(GLuint source, GLuint destination, std::size_t words, std::size_t destination_first = 0);

 private:
  Program program_;
  GLint words_location_ = -1;
  GLint first_location_ = -1;
  GLint max_groups_ = 65535;
};

}  // namespace gpusort_bench
