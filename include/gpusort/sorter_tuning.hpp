#pragma once
// Sorter's choice between the bitonic network and the radix sort: plain data, with defaults
// measured on the devices they name, that a caller can override.
#include "version.hpp"

#include <cstddef>
#include <string>

#include "bitonic_tuning.hpp"
#include "radix_tuning.hpp"

namespace gpusort {

/// The element counts from which Sorter takes the radix sort; below them it takes the
/// bitonic network. A field of 0 takes the measured default for the device (Crossover::for_device).
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

  /// The default for a device: software renderers (llvmpipe, softpipe, SwiftShader) take
  /// software_crossover; a GPU whose GL_RENDERER contains the `renderer_match` of an entry of
  /// gpu_crossovers takes that entry (measured on it: device and date beside it); any other GPU
  /// takes gpu_crossover (gpusort_bench: bitonic/* against radix/*, bench/results/README.md).
  static Crossover for_device(const std::string& renderer, bool software);
};

/// The algorithms gpusort::Sorter chooses between (Sorter::algorithm_for()).
enum class Algorithm {
  /// BitonicSorter: in place, data-independent time, fastest for small and mid counts.
  bitonic,
  /// RadixSorter: O(n), stable, scratch memory of about the data's size; fastest for large counts.
  radix,
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

/// A default crossover as measured: the counts, and the device and date of the run that
/// measured them (data, so that a new measurement replaces all of them together). The timings
/// behind each are in bench/results/history.md.
struct MeasuredCrossover {
  Crossover radix_from;
  /// A substring of GL_RENDERER that picks this entry in Crossover::for_device ("" matches none:
  /// the entry is reached only as a fallback).
  const char* renderer_match;
  /// GL_RENDERER and GL_VERSION of the run.
  const char* device;
  /// Date of the run (ISO 8601).
  const char* date;
};

namespace detail {
constexpr std::size_t above_power_of_two(unsigned log2) { return (std::size_t{1} << log2) + 1; }
}  // namespace detail

/// GPUs measured one by one. Both algorithms at every power of two, 4 sorts in flight; the radix
/// sort takes over right above the last power of two the network won (a count just above a
/// power of two costs the network a whole stage more). Order: keys, pairs, stable, wide keys.
inline constexpr MeasuredCrossover gpu_crossovers[] = {
    {{detail::above_power_of_two(18), detail::above_power_of_two(17), detail::above_power_of_two(16),
      detail::above_power_of_two(19)},
     "NVIDIA H200",
     "NVIDIA H200/PCIe/SSE2, OpenGL 4.6.0 NVIDIA 580.159.04",
     "2026-11-25"},
    {{detail::above_power_of_two(18), detail::above_power_of_two(17), detail::above_power_of_two(16),
      detail::above_power_of_two(19)},
     "NVIDIA H100",
     "NVIDIA H100 80GB HBM3/PCIe/SSE2, OpenGL 4.6.0 NVIDIA 580.159.04",
     "2026-11-25"},
};

/// GPUs not in gpu_crossovers: the first entry's counts (a guess that the newest NVIDIA
/// measurements stand for other GPUs until those are measured).
inline constexpr MeasuredCrossover gpu_crossover{gpu_crossovers[0].radix_from, "",
                                                 gpu_crossovers[0].device, gpu_crossovers[0].date};

/// Software renderers. Stable pairs take the pairs' count (the network's stable sort only
/// costs more); 64-bit keys, not measured there, the keys'. Measured when llvmpipe's radix sort
/// ran reduce-then-scan (it runs Onesweep now); not measured again since.
inline constexpr MeasuredCrossover software_crossover{
    {detail::above_power_of_two(16), detail::above_power_of_two(14), detail::above_power_of_two(14),
     detail::above_power_of_two(16)},
    "",
    "llvmpipe, OpenGL 4.5 Mesa 22.3.6, two shared cores",
    "2026-11-23"};

namespace detail {
/// Crossover::for_device over any table (tests give it one whose entries differ).
template <std::size_t N>
Crossover choose_crossover(const std::string& renderer, bool software, const MeasuredCrossover (&gpus)[N],
                           const MeasuredCrossover& other_gpus, const MeasuredCrossover& software_renderers) {
  if (software) return software_renderers.radix_from;
  for (const MeasuredCrossover& measured : gpus) {
    if (*measured.renderer_match != '\0' && renderer.find(measured.renderer_match) != std::string::npos)
      return measured.radix_from;
  }
  return other_gpus.radix_from;
}
}  // namespace detail

inline Crossover Crossover::for_device(const std::string& renderer, bool software) {
  return detail::choose_crossover(renderer, software, gpu_crossovers, gpu_crossover, software_crossover);
}

}  // namespace gpusort
