// The smallest sequence of gpusort calls found to make Mesa 22.3's zink (over lavapipe) run a
// compute program with stale specialised uniforms: four sort_indirect() calls on one
// BitonicSorter<uint32_t>. The fourth leaves thousands of its 32768 words wrong. Reduced by delta
// debugging from SortIndirect.SortsTheCountAShaderWrote (leave any call out and the last sorts
// right); replayed at the GL level and reduced again, it is seven dispatches of two programs (the
// GPU planner and the tile kernel) and a handful of uniform values, none of which can go. It is
// not how the count reaches the shaders: with u_count_source out of every branch (count =
// source * buffered + (1 - source) * uniform) the replay still goes wrong. With
// ZINK_INLINE_UNIFORMS=0 (zink compiles each program once, without specialising it on uniform
// values) the same calls sort correctly, as they do on llvmpipe.
//
// Exit status 0: every sort matched std::sort; 1: a sort was wrong (the driver bug, or a bug of
// ours); 2: no GL context. ctest runs it on zink with and without the variable
// (tests/CMakeLists.txt), so the day a driver update fixes the bug, the run without it says so.

#include "support/headless_context.hpp"

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <random>
#include <vector>

namespace {

struct IndirectCall {
  std::size_t capacity;
  std::uint32_t gpu_count;  // may exceed the capacity: sort_indirect() clamps it
  std::size_t count_word;   // where in the count buffer the count lives
};

// One sort_indirect() of `call.capacity` random keys; returns the number of wrong words.
std::size_t run(gpusort::BitonicSorter<std::uint32_t>& sorter, const IndirectCall& call, std::uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<std::uint32_t> keys(call.capacity);
  for (auto& key : keys) key = static_cast<std::uint32_t>(random());
  std::vector<std::uint32_t> count_words(32, 0xDEADBEEFu);
  count_words[call.count_word] = call.gpu_count;

  GLuint buffers[2] = {0, 0};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[0]);
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(keys.size() * 4), keys.data(), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[1]);
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(count_words.size() * 4), count_words.data(),
               GL_DYNAMIC_DRAW);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);

  sorter.sort_indirect(buffers[0], buffers[1], call.count_word * 4, call.capacity);

  std::vector<std::uint32_t> sorted(call.capacity);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers[0]);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(sorted.size() * 4), sorted.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  glDeleteBuffers(2, buffers);

  const std::size_t count = std::min<std::size_t>(call.gpu_count, call.capacity);
  std::sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(count));
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) wrong += sorted[i] != keys[i];
  return wrong;
}

}  // namespace

int main() {
  try {
    gpusort_support::HeadlessContext context;
    std::printf("indirect_after_indirect_repro on %s, OpenGL %s\n", context.renderer().c_str(),
                context.version().c_str());
    gpusort::BitonicSorter<std::uint32_t> sorter;
    const std::size_t tile = sorter.tuning().tile_size;
    // Each call is needed: leave any one out and the last sorts correctly.
    const IndirectCall calls[] = {
        {1000, 1000, 0},
        {1000, 5000, 0},
        {8 * tile, 3, 0},
        {8 * tile, static_cast<std::uint32_t>(tile + 3), 16},
    };
    int failures = 0;
    std::uint32_t seed = 1;
    for (const IndirectCall& call : calls) {
      const std::size_t wrong = run(sorter, call, seed++);
      std::printf("sort_indirect(capacity %zu, GPU count %u at word %zu): %s (%zu wrong words)\n", call.capacity,
                  call.gpu_count, call.count_word, wrong == 0 ? "ok" : "WRONG", wrong);
      failures += wrong != 0;
    }
    if (glGetError() != GL_NO_ERROR) {
      std::printf("a GL error was left behind\n");
      return 1;
    }
    return failures == 0 ? 0 : 1;
  } catch (const std::exception& error) {
    std::printf("indirect_after_indirect_repro: %s\n", error.what());
    return 2;
  }
}
