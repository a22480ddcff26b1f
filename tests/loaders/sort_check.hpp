#pragma once
// What every loader program (tests/loaders/CMakeLists.txt) runs: an EGL context, the program's
// loader, then gpusort::Sorter sorting key-value pairs in GL buffers with both of its algorithms,
// checked against std::stable_sort. Every GL call here and in gpusort goes through the program's
// loader. Include after the loader's header and <gpusort/gpusort.hpp>.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <utility>
#include <vector>

#include "egl_context.hpp"

namespace loader_test {

/// 0 where `count` pairs came back as std::stable_sort orders them, 1 (with a message) otherwise.
template <class Sorter>
int sort_pairs_and_check(Sorter& sorter, std::size_t count, gpusort::Algorithm expected) {
  if (sorter.algorithm_for(count, gpusort::Stability::stable) != expected) {
    std::fprintf(stderr, "FAIL: %zu pairs do not take the algorithm this check is for\n", count);
    return 1;
  }
  std::vector<std::uint32_t> keys(count), values(count);
  std::uint32_t state = 12345;
  for (std::size_t i = 0; i < count; ++i) {
    state = state * 1664525u + 1013904223u;
    keys[i] = state >> 20;  // few distinct keys, so that stability shows
    values[i] = static_cast<std::uint32_t>(i);
  }
  GLuint buffers[2] = {0, 0};
  glGenBuffers(2, buffers);
  const auto bytes = static_cast<GLsizeiptr>(count * sizeof(std::uint32_t));
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[0]);
  glBufferData(GL_SHADER_STORAGE_BUFFER, bytes, keys.data(), GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[1]);
  glBufferData(GL_SHADER_STORAGE_BUFFER, bytes, values.data(), GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);

  sorter.sort(buffers[0], buffers[1], count, gpusort::Order::ascending, gpusort::Stability::stable);

  // glMapBufferRange rather than glGetBufferSubData: OpenGL ES has only the former.
  std::vector<std::uint32_t> sorted_keys(count), sorted_values(count);
  for (int i = 0; i < 2; ++i) {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[i]);
    const void* mapped = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, bytes, GL_MAP_READ_BIT);
    if (mapped != nullptr) std::memcpy((i == 0 ? sorted_keys : sorted_values).data(), mapped, count * sizeof(std::uint32_t));
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
  }
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  glDeleteBuffers(2, buffers);

  std::vector<std::pair<std::uint32_t, std::uint32_t>> expected_pairs(count);
  for (std::size_t i = 0; i < count; ++i) expected_pairs[i] = {keys[i], values[i]};
  std::stable_sort(expected_pairs.begin(), expected_pairs.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < count; ++i) {
    if (sorted_keys[i] != expected_pairs[i].first || sorted_values[i] != expected_pairs[i].second) {
      std::fprintf(stderr, "FAIL: %s sort of %zu pairs: element %zu is (%u, %u), std::stable_sort has (%u, %u)\n",
                   expected == gpusort::Algorithm::radix ? "radix" : "bitonic", count, i, sorted_keys[i],
                   sorted_values[i], expected_pairs[i].first, expected_pairs[i].second);
      return 1;
    }
  }
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) {
    std::fprintf(stderr, "FAIL: GL error 0x%04x pending after the sort\n", error);
    return 1;
  }
  return 0;
}

/// Sorts below and above the crossover (so both algorithms run) and prints what ran where.
/// Returns 0 only when both sorts were right.
inline int sort_and_check(const char* loader) {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  std::printf("%s: %s, %s\n", loader, renderer ? renderer : "?", version ? version : "?");
  gpusort::SorterTuning tuning;
  tuning.radix_from.stable = 4096;
  gpusort::Sorter<std::uint32_t, std::uint32_t> sorter(tuning);
  const bool radix = sorter.radix_unavailable().empty();
  if (!radix) std::printf("%s: no radix sort on this device (%s)\n", loader, sorter.radix_unavailable().c_str());
  if (sort_pairs_and_check(sorter, 1000, gpusort::Algorithm::bitonic) != 0) return 1;
  if (radix && sort_pairs_and_check(sorter, 50000, gpusort::Algorithm::radix) != 0) return 1;
  std::printf("%s: sorted right (bitonic%s)\n", loader, radix ? " and radix" : "");
  return 0;
}

/// The program's exit status: creates the context, runs `load` (false: the loader failed, and
/// said why), then sort_and_check.
template <class Load>
int run(const char* loader, ContextApi api, Load&& load) {
  try {
    EglContext context(api);
    if (!load()) return 1;
    return sort_and_check(loader);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "FAIL: %s\n", error.what());
    return 1;
  }
}

/// The program's exit status when the loader was never run: constructing a sorter must throw
/// gpusort::Error whose message names `loader_call` (and must not crash on a null pointer).
inline int expect_not_loaded_error(const char* loader, ContextApi api, const char* loader_call) {
  try {
    EglContext context(api);
    gpusort::Sorter<std::uint32_t> sorter;
    std::fprintf(stderr, "FAIL: %s not loaded, yet the sorter was built\n", loader);
  } catch (const gpusort::Error& error) {
    std::printf("%s not loaded: gpusort::Error: %s\n", loader, error.what());
    if (std::strstr(error.what(), loader_call) != nullptr) return 0;
    std::fprintf(stderr, "FAIL: the message does not name %s\n", loader_call);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "FAIL: not gpusort::Error: %s\n", error.what());
  }
  return 1;
}

}  // namespace loader_test
