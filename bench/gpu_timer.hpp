// GPU time of one command range, from a pair of GL_TIMESTAMP queries.
// Timestamps rather than GL_TIME_ELAPSED because llvmpipe reports ~0 for the
// latter; the pair also works where elapsed-time queries cannot nest.
#pragma once

#include <glad/gl.h>

namespace gpusort_bench {

class GpuTimer {
 public:
  GpuTimer();
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  void start();  // recorded once all earlier GL commands have completed
  void stop();
  // Blocks until both timestamps are available. Never returns less than
  // kMinimumSeconds: a zero would make benchmark's iteration estimate explode.
  double seconds() const;

  static constexpr double kMinimumSeconds = 1e-7;

 private:
  GLuint queries_[2] = {0, 0};
};

}  // namespace gpusort_bench
