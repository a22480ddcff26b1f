// GPU time of command ranges, from pairs of GL_TIMESTAMP queries: the one timer of the tests,
// the benchmark and the probes. Timestamps rather than GL_TIME_ELAPSED because llvmpipe
// reports ~0 for the latter; the pair also works where elapsed-time queries cannot nest.
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace gpusort_support {

class GpuTimer {
 public:
  GpuTimer();
  ~GpuTimer();
  GpuTimer(GpuTimer&& other) noexcept;
  GpuTimer& operator=(GpuTimer&& other) noexcept;
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  void start();  // recorded once all earlier GL commands have completed
  void stop();
  // Blocks until both timestamps are available. Never returns less than
  // kMinimumSeconds: a zero would make benchmark's iteration estimate explode.
  double seconds() const;
  double milliseconds() const { return seconds() * 1e3; }
  double microseconds() const { return seconds() * 1e6; }
  // The GPU's clock at start() and stop() in nanoseconds (blocks), for spans that begin at one
  // timer's start and end at another's stop.
  std::uint64_t start_nanoseconds() const;
  std::uint64_t stop_nanoseconds() const;

  static constexpr double kMinimumSeconds = 1e-7;

 private:
  GLuint queries_[2] = {0, 0};
};

// Seconds from `first`'s start to `last`'s stop (at least GpuTimer::kMinimumSeconds).
double seconds_between(const GpuTimer& first, const GpuTimer& last);

// Up to `depth` timed submissions in flight: submit() queues work between a pair of
// timestamps, wait_oldest() blocks for the oldest pair and returns its GPU seconds. With
// depth 1 every submission is read back before the next; deeper queues keep the GPU busy.
class TimedQueue {
 public:
  explicit TimedQueue(int depth) {
    for (int i = 0; i < depth; ++i) timers_.push_back(std::make_unique<GpuTimer>());
  }

  template <class Work>
  void submit(Work&& work) {
    GpuTimer& timer = *timers_[(oldest_ + pending_) % timers_.size()];
    timer.start();
    work();
    timer.stop();
    ++pending_;
  }

  double wait_oldest() {
    const double seconds = timers_[oldest_]->seconds();
    oldest_ = (oldest_ + 1) % timers_.size();
    --pending_;
    return seconds;
  }

  std::size_t depth() const { return timers_.size(); }
  std::size_t pending() const { return pending_; }

 private:
  std::vector<std::unique_ptr<GpuTimer>> timers_;
  std::size_t oldest_ = 0;
  std::size_t pending_ = 0;
};

}  // namespace gpusort_support
