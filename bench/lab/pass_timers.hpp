// GPU time of every dispatch of a sort, from a sorter's pass observer: its call just before a
// dispatch starts a timer and its call just after stops it (PassInfo::after and
// RadixPassInfo::after). The timers stay for the next sort; clear() before it.
#pragma once

#include <cstddef>
#include <vector>

#include "gpu_timer.hpp"

namespace gpusort_bench {

class PassTimers {
 public:
  void observe(bool after) {
    if (after) {
      timers_[passes_++].stop();
      return;
    }
    if (passes_ == timers_.size()) timers_.emplace_back();
    timers_[passes_].start();
  }
  void clear() { passes_ = 0; }

  // Dispatches timed since clear(). The readings block until the GPU has run them.
  std::size_t passes() const { return passes_; }
  double microseconds(std::size_t pass) const { return timers_[pass].microseconds(); }
  // From the start of the first dispatch to the end of the last, gaps included.
  double total_microseconds() const {
    return gpusort_support::seconds_between(timers_.front(), timers_[passes_ - 1]) * 1e6;
  }

 private:
  std::vector<gpusort_support::GpuTimer> timers_;
  std::size_t passes_ = 0;
};

}  // namespace gpusort_bench
