// The input of a probe's sorts: random keys and their indices as values in GL buffers, restored
// from pristine copies before every sort with gpusort_bench's streaming copy. Include it after
// the GL declarations (glad).
#pragma once

#include <gpusort/gpusort.hpp>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "gl_buffer.hpp"
#include "gpu_timer.hpp"
#include "uvec4_copy.hpp"

namespace gpusort_bench {

class SortBuffers {
 public:
  // `count` elements of keys `key_words` 32-bit words wide, from std::mt19937(seed); a sort of
  // narrower keys uses the front of the buffer.
  SortBuffers(std::size_t count, std::size_t key_words, std::uint32_t seed)
      : copy_(gpusort::detail::build_compute_program("copy", {uvec4_copy_source})),
        key_words_(random_words(count * key_words, seed)),
        pristine_keys_(key_words_.size() * 4, key_words_.data()),
        pristine_values_(count * 4, indices(count).data()),
        keys_(key_words_.size() * 4, nullptr),
        values_(count * 4, nullptr) {}

  GLuint keys() const { return keys_.name(); }
  GLuint values() const { return values_.name(); }
  const std::vector<std::uint32_t>& pristine_key_words() const { return key_words_; }
  std::vector<std::uint32_t> read_key_words(std::size_t words) const { return keys_.read_as<std::uint32_t>(words); }

  // The first `count` elements, keys `key_words` words wide.
  void restore(std::size_t count, std::size_t key_words = 1) {
    dispatch_uvec4_copy(copy_.name(), pristine_keys_.name(), keys_.name(), count * key_words);
    dispatch_uvec4_copy(copy_.name(), pristine_values_.name(), values_.name(), count);
  }

  // GPU milliseconds of `sort()`, started once the restore before it has finished (or its tail
  // would land inside the measurement).
  template <class Sort>
  double sort_ms(Sort&& sort) {
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glFinish();
    timer_.start();
    sort();
    timer_.stop();
    return timer_.milliseconds();
  }

  // GPU milliseconds of the streaming copy of `words` words of keys.
  double copy_ms(std::size_t words) {
    timer_.start();
    dispatch_uvec4_copy(copy_.name(), pristine_keys_.name(), keys_.name(), words);
    timer_.stop();
    return timer_.milliseconds();
  }

 private:
  static std::vector<std::uint32_t> random_words(std::size_t words, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> result(words);
    for (auto& word : result) word = random();
    return result;
  }
  static std::vector<std::uint32_t> indices(std::size_t count) {
    std::vector<std::uint32_t> result(count);
    for (std::size_t i = 0; i < count; ++i) result[i] = static_cast<std::uint32_t>(i);
    return result;
  }

  gpusort::detail::GlProgram copy_;
  std::vector<std::uint32_t> key_words_;
  gpusort_support::GlBuffer pristine_keys_, pristine_values_, keys_, values_;
  gpusort_support::GpuTimer timer_;
};

}  // namespace gpusort_bench
