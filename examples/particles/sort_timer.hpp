#pragma once
// GPU time of each frame's sort from a pair of GL_TIMESTAMP queries. Results are read a few frames
// later, and only once the GPU says they are available, so timing never makes the CPU wait.
// (GL_TIME_ELAPSED would be simpler but reads ~0 on llvmpipe; timestamps work everywhere.)

#include <glad/gl.h>

#include <array>
#include <cstddef>
#include <vector>

namespace particles {

class SortTimer {
 public:
  SortTimer();
  ~SortTimer();
  SortTimer(const SortTimer&) = delete;
  SortTimer& operator=(const SortTimer&) = delete;

  void begin();  // around the sort of one frame
  void end();

  // Collects every pair whose result has arrived; with `wait`, all of them (use at exit only).
  void collect(bool wait = false);

  double latest_ms() const { return latest_ms_; }  // < 0 until a result has arrived
  const std::vector<double>& samples_ms() const { return samples_ms_; }
  double median_ms() const;  // < 0 without samples

 private:
  // Enough pairs in flight for drivers that queue several frames; a slot whose result has still
  // not arrived when it comes round again is dropped rather than waited for.
  static constexpr std::size_t ring_size = 8;
  std::array<GLuint, ring_size * 2> queries_{};
  std::array<bool, ring_size> pending_{};
  std::size_t next_ = 0;
  std::size_t oldest_ = 0;
  double latest_ms_ = -1.0;
  std::vector<double> samples_ms_;
};

}  // namespace particles
