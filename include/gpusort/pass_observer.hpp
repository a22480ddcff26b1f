#pragma once
// Profiling hooks set on a sorter at run time: sorter.set_pass_observer(observer) calls
// `observer` around every dispatch of every later sort (bench/lab/pass_profile.cpp records a
// GL_TIMESTAMP query there). Each algorithm reports its own dispatches: BitonicSorter its
// network passes (BitonicPassInfo), RadixSorter its kernels (RadixPassInfo).
#include "version.hpp"

#include <cstdint>
#include <functional>

namespace gpusort {

/// A contiguous run of the bitonic network's steps that one dispatch runs: what a
/// BitonicSorter plans (detail/bitonic/network.hpp cuts the network into these) and what its
/// pass observer sees.
struct BitonicPass {
  /// local_sort: stages 1 .. `stage` in each shared-memory tile (shaders/bitonic/tile_kernel.comp, mode 0);
  /// global_steps: a few wide steps held in registers (shaders/bitonic/global_steps.comp);
  /// window_steps: more wide steps on a tile of coalesced runs (tile_kernel.comp, mode 2);
  /// local_disperse: pivots p_hi .. 0 in each tile (mode 1);
  /// single_tile_sort: the whole network in one workgroup of the widest tile (mode 0);
  /// fused_passes: never planned; a dispatch that runs several passes
  /// (BitonicTuning::fused_passes_max_count) reaches a pass observer as one pass of this kind.
  enum class Kind { local_sort, global_steps, window_steps, local_disperse, single_tile_sort, fused_passes };
  Kind kind = Kind::local_sort;
  std::uint32_t stage = 0;  ///< stage k the steps belong to (local_sort: the last stage it runs)
  std::uint32_t p_hi = 0;   ///< global/window/disperse: pivot bit of the first step (k-1 for the flip)
  std::uint32_t p_lo = 0;   ///< global/window: pivot bit of the last step (disperse: 0)
  bool flip = false;        ///< global/window: the first step is the stage's flip
  bool first = false;       ///< reads the caller's raw keys
  bool last = false;        ///< writes the caller's raw keys
  std::uint32_t steps = 0;  ///< network steps this pass runs
  /// window_steps: before its own steps the pass runs the last `pre` disperses of stage k-1
  /// (pivots pre-1 .. 0), which lie in the window's runs.
  std::uint32_t pre = 0;
};

/// One dispatch of a BitonicSorter sort, as its pass observer sees it.
struct BitonicPassInfo {
  /// What the dispatch runs. A dispatch that runs several fused passes is one pass of kind
  /// fused_passes, with the last fused pass's stage and pivots, the steps of them all, and
  /// `first` set where it starts with the local sort.
  BitonicPass pass;
  /// false: just before the dispatch call; true: just after.
  bool after = false;
};

/// Called with the current context, on the thread that sorts; it may make GL calls that
/// leave the GL state as it was (queries, timestamps), and must not call the sorter. An exception
/// it throws leaves the sort (whose data is then undefined) with the GL state restored; later
/// sorts are right.
using BitonicPassObserver = std::function<void(const BitonicPassInfo&)>;

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
  /// false: just before the dispatch call; true: just after.
  bool after = false;
};

/// RadixSorter's observer; the same rules as BitonicPassObserver.
using RadixPassObserver = std::function<void(const RadixPassInfo&)>;

}  // namespace gpusort
