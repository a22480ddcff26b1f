#pragma once
// Sorter's choice between the bitonic network and the radix sort: plain data, measured per
// device, that a caller can override.
#include <cstddef>
#include <string>

#include "bitonic_tuning.hpp"
#include "radix_tuning.hpp"

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

  /// The defaults for `renderer` (GL_RENDERER). Measured on an NVIDIA H200; other GPUs take
  /// its figures until they are measured (gpusort_bench's gpusort/* against radix/*).
  /// Software renderers take llvmpipe's figures.
  static Crossover for_device(const std::string& renderer, bool software);
};

/// Everything a Sorter is built with.
struct SorterTuning {
  /// Where the radix sort takes over; 0 fields: the device's default.
  Crossover radix_from;
  /// The network's tuning (tile sizes, fused passes, ...).
  BitonicTuning bitonic;
  /// The radix sort's tuning (digit bits, path, ...).
  RadixTuning radix;
};

inline Crossover Crossover::for_device(const std::string& renderer, bool software) {
  (void)renderer;
  Crossover measured;
  if (software) {
    // Mesa llvmpipe 22.3.6 on two cores (shared with other jobs, so +-20 %): the radix sort
    // (reduce-then-scan there) won from 2^17 keys (237 against 294 ms; 2^16: 143 against 78)
    // and 2^15 pairs (37 against 51 ms; 2^14: 20.3 against 22.0). Stable pairs take the
    // pairs' figure (the network's stable sort only costs more); 64-bit keys, not measured,
    // the keys'.
    measured.keys = (std::size_t{1} << 16) + 1;
    measured.pairs = (std::size_t{1} << 14) + 1;
    measured.stable = (std::size_t{1} << 14) + 1;
    measured.wide_keys = (std::size_t{1} << 16) + 1;
    return measured;
  }
  // NVIDIA H200, GL 4.6.0 NVIDIA 580.159.04, gpusort_bench with 4 sorts in flight, both
  // algorithms at every power of two (bench/results/history.md): the radix sort was faster
  // from 2^19 keys (2^18: 0.064 against 0.057 ms; 2^19: 0.069 against 0.073), 2^19 pairs
  // (2^18: 0.077 against 0.071), 2^18 stable pairs (2^17: 0.075 against 0.069) and 2^20
  // 64-bit keys (2^19: 0.159 against 0.137; 2^20: 0.195 against 0.261). A count just above a power of two costs the
  // network a whole stage more, so the radix sort takes over right above the last power of
  // two the network won.
  measured.keys = (std::size_t{1} << 18) + 1;
  measured.pairs = (std::size_t{1} << 18) + 1;
  measured.stable = (std::size_t{1} << 17) + 1;
  measured.wide_keys = (std::size_t{1} << 19) + 1;
  return measured;
}

}  // namespace gpusort
