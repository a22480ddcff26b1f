// The baseline gpusort is measured against: the bitonic sort as textbooks
// write it for a GPU. One dispatch per compare-exchange step (partner i ^ j),
// a glMemoryBarrier between steps, no shared memory, power-of-two sizes only.
// Deliberately unoptimised; it is the yardstick, not a competitor.
#pragma once

#include <cstddef>

#include "gl_program.hpp"

namespace gpusort_bench {

enum class TextbookKey { u32, f32 };

class TextbookBitonic {
 public:
  TextbookBitonic(TextbookKey key, bool with_values);  // needs a current GL 4.3 context

  // Ascending in place. `values` is ignored unless built with values.
  // Throws std::invalid_argument unless `count` is a power of two.
  void sort(GLuint keys, GLuint values, std::size_t count);

  // Compare-exchange steps for `count`; each one reads and writes every
  // element once, so it is also the number of memory passes.
  static std::size_t steps(std::size_t count);

  static bool supports(std::size_t count) { return count != 0 && (count & (count - 1)) == 0; }

 private:
  Program program_;
  bool with_values_;
  GLint count_location_ = -1;
  GLint block_location_ = -1;
  GLint distance_location_ = -1;
};

}  // namespace gpusort_bench
