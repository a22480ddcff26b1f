#pragma once
// A profiling hook set on a sorter at run time: sorter.set_pass_observer(observer) calls
// `observer` around every dispatch of every later sort (bench/pass_profile.cpp records a
// GL_TIMESTAMP query there).
#include <functional>

#include "detail/bitonic_network.hpp"

namespace gpusort {

/// One dispatch of a sort, as a pass observer sees it.
struct PassInfo {
  /// What the dispatch runs: its kind, stage, pivots and steps. A dispatch that runs several
  /// fused passes (Tuning::fused_passes_max_count) is one pass of kind fused_passes, with
  /// the last fused pass's stage and pivots, the steps of them all, and `first` set where
  /// it starts with the local sort.
  detail::Pass pass;
  /// false: just before the dispatch is issued; true: just after.
  bool after = false;
};

/// Called with the current context, on the thread that sorts; it may issue GL commands that
/// leave the GL state as it was (queries, timestamps), and must not call the sorter.
using PassObserver = std::function<void(const PassInfo&)>;

}  // namespace gpusort
