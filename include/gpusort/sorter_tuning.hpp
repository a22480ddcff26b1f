#pragma once
// Sorter's choice between the bitonic network and the radix sort: plain data, measured per
// device, that a caller can override.
#include <cstddef>
#include <string>

#include "radix_tuning.hpp"
#include "tuning.hpp"

namespace gpusort {

/// The algorithms gpusort::Sorter chooses between.
enum class Algorithm {
  /// BitonicSorter: in place, data-independent time, fastest for small and mid counts.
  bitonic,
  /// RadixSorter: O(n), stable, scratch memory of about the data's size; fastest for large counts.
  radix,
};

/// The element counts from which Sorter takes the radix sort; below them it takes the
/// bitonic network. A field of 0 takes the device's measured default (Crossover::for_device).
struct Crossover {
  /// 32-bit keys without values.
  std::size_t keys = 0;
  /// 32-bit keys with values, unstable sorts.
  std::size_t pairs = 0;
  /// 32-bit keys with values, Stability::stable and sort_indices() (the network pays three
  /// extra passes and 8 bytes per element for stability; the radix sort is stable anyway).
  std::size_t stable = 0;
  /// 64-bit keys, with or without values, stable or not.
  std::size_t wide_keys = 0;

  /// The defaults measured on `renderer` (GL_RENDERER). GPUs not measured take the NVIDIA
  /// H200's figures; software renderers take the network up to the largest count they sort in
  /// reasonable time (the radix sort wins there from much smaller counts, but the time is
  /// seconds either way).
  static Crossover for_device(const std::string& renderer, bool software);
};

/// Everything a Sorter is built with.
struct SorterTuning {
  /// Where the radix sort takes over; 0 fields: the device's default.
  Crossover radix_from;
  /// The network's tuning (tile sizes, fused passes, ...).
  Tuning bitonic;
  /// The radix sort's tuning (digit bits, path, ...).
  RadixTuning radix;
};

inline Crossover Crossover::for_device(const std::string& renderer, bool software) {
  (void)renderer;
  Crossover measured;
  if (software) {
    measured.keys = measured.pairs = measured.stable = measured.wide_keys = std::size_t{1} << 16;
    return measured;
  }
  // NVIDIA H200, GL 4.6.0 NVIDIA 580.159.04: the first power of two from which the radix sort
  // was faster in one gpusort_bench run of both (bench/results/history.md).
  measured.keys = std::size_t{1} << 19;
  measured.pairs = std::size_t{1} << 18;
  measured.stable = std::size_t{1} << 16;
  measured.wide_keys = std::size_t{1} << 16;
  return measured;
}

}  // namespace gpusort
