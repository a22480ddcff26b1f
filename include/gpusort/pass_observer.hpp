#pragma once
// A profiling hook set on a sorter at run time: sorter.set_pass_observer(observer) calls
// `observer` around every dispatch of every later sort (bench/lab/pass_profile.cpp records a
// GL_TIMESTAMP query there).
#include "version.hpp"

#include <cstdint>
#include <functional>

#include "detail/bitonic/network.hpp"

namespace gpusort {

/// One dispatch of a sort, as a pass observer sees it.
struct PassInfo {
  /// What the dispatch runs: its kind, stage, pivots and steps. A dispatch that runs several
  /// fused passes (BitonicTuning::fused_passes_max_count) is one pass of kind fused_passes, with
  /// the last fused pass's stage and pivots, the steps of them all, and `first` set where
  /// it starts with the local sort.
  detail::Pass pass;
  /// false: just before the dispatch is issued; true: just after.
  bool after = false;
};

/// Called with the current context, on the thread that sorts; it may issue GL commands that
/// leave the GL state as it was (queries, timestamps), and must not call the sorter.
using PassObserver = std::function<void(const PassInfo&)>;

/// The kernels of a RadixSorter sort (shaders/radix/), in the order a sort runs them.
enum class RadixKernel { init, histogram, upsweep, scan, downsweep, onesweep, copy };

/// One dispatch of a RadixSorter sort, as its pass observer sees it.
struct RadixPassInfo {
  RadixKernel kernel = RadixKernel::init;
  /// The digit pass (0 = least significant digit) of upsweep, scan, downsweep and onesweep.
  std::uint32_t digit_pass = 0;
  /// Bytes of keys and values the dispatch must read and write at the least (0 for the
  /// bookkeeping kernels): bytes / GPU time is its bandwidth against a streaming copy's.
  /// sort_indirect(): for `capacity` elements.
  std::uint64_t bytes = 0;
  /// false: just before the dispatch is issued; true: just after.
  bool after = false;
};

/// RadixSorter's observer; the same rules as PassObserver.
using RadixPassObserver = std::function<void(const RadixPassInfo&)>;

}  // namespace gpusort
