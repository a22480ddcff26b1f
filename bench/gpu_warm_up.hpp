// The GPU's clock governor runs an idle or lightly loaded GPU at lower clocks (an H200:
// 345 MHz idle, 1080-1400 MHz while small sorts were timed one at a time, 1980 MHz under load;
// bench/results/history.md). Whatever is timed right after an idle
// stretch (start-up, shader compiles, CPU work) reads slow, so the bench tools keep the GPU
// busy for a while first. Include it after the GL declarations (glad).
#pragma once

#include <chrono>

namespace gpusort_bench {

// Queues `work` (some GPU work) back to back for `duration`, eight at a time between
// glFinish calls so that the queue stays short.
template <class Work>
void keep_gpu_busy(std::chrono::milliseconds duration, Work&& work) {
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < duration) {
    for (int i = 0; i < 8; ++i) work();
    glFinish();
  }
}

}  // namespace gpusort_bench
