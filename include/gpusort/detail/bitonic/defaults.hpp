#pragma once
// The network's measured defaults, as data: one row per device family and element layout, each
// naming the bench/results/ record that chose its values. resolve_tuning() (tuning.hpp) takes
// the first row that matches and derives every field the caller left 0 from it and the device's
// limits. A new measurement changes a row, not the code.
#include <cstdint>

#include "../../bitonic_tuning.hpp"
#include "../device/family.hpp"
#include "../device/limits.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

struct Defaults {
  DefaultsFor where;
  /// Shared memory a default tile may take (tile_size: the widest power of two that fits); 0: all of it.
  std::uint32_t tile_bytes;
  /// Elements per invocation in the tile passes (local_elements), raised where the tile's
  /// invocations would exceed the device's.
  std::uint32_t local_elements;
  /// local_elements is fixed before the tile is sized, so that it bounds the tile instead.
  bool local_elements_first;
  /// Elements per invocation of the single-dispatch tile at the least (single_tile_elements); 0: local_elements.
  std::uint32_t single_tile_elements;
  std::uint32_t global_elements;      ///< global_elements
  std::uint32_t global_vector_width;  ///< global_vector_width (64-bit keys always run 1)
  std::uint32_t global_group_size;    ///< global_group_size
  std::uint32_t window_run;           ///< window_run (at most tile_size)
  /// Fused passes take sorts of up to this many tiles per compute unit (fused_passes_max_count); 0: never fuse.
  std::uint32_t fused_tiles_per_unit;
  /// ... or of up to this many tiles where the compute units are unknown.
  std::uint32_t fused_tiles_units_unknown;
  /// Fused sorts that leave compute units idle take half tiles (fused_tile_size), where the units are known.
  bool fused_half_tiles;
  /// Sorts from this many elements run wide chunks (wide_chunk_min_count).
  std::uint32_t wide_chunk_min_count;
  /// The bench/results/ records that chose the row's values.
  const char* source;
};

using Devices = DefaultsFor::Devices;
using Values = DefaultsFor::Values;

/// The files every GPU row's tile, global-pass, window and fused-pass values come from.
#define GPUSORT_BITONIC_GPU_SOURCES                                                                  \
  "tuning-h200-2026-11-21-windows.md (16 KiB tiles, window_run 16), tuning-h200-2026-11-21.md (global " \
  "passes), history.md 2026-11-22 (fused passes of up to 2 tiles per compute unit, half tiles)"

inline constexpr Defaults defaults_table[] = {
    {{Devices::gpus, 4, Values::none}, 16384, 8, false, 8, 8, 4, 128, 16, 2, 16, true, BitonicTuning::never,
     GPUSORT_BITONIC_GPU_SOURCES "; tuning-h200-2026-11-21-sixteen.md (8 keys per invocation)"},
    {{Devices::gpus, 4, Values::carried}, 16384, 4, false, 8, 8, 4, 128, 16, 2, 16, true, 1u << 21,
     GPUSORT_BITONIC_GPU_SOURCES "; history.md 2026-11-22 (4 per invocation for 8-byte elements, wide chunks from "
     "2^21), knobs-h200-2026-11-24.md (wide chunks kept)"},
    {{Devices::gpus, 8, Values::none}, 16384, 4, false, 8, 8, 4, 128, 16, 2, 16, true, BitonicTuning::never,
     GPUSORT_BITONIC_GPU_SOURCES "; history.md 2026-11-22 (4 per invocation for 8-byte elements, no wide chunks "
     "for 64-bit keys)"},
    {{Devices::gpus, 8, Values::carried}, 16384, 4, false, 8, 8, 4, 128, 16, 2, 16, false, BitonicTuning::never,
     GPUSORT_BITONIC_GPU_SOURCES "; history.md 2026-11-22 (no half tiles for 64-bit keys with values)"},
    {{Devices::software, 0, Values::either}, 0, 4, true, 0, 8, 4, 128, 16, 0, 0, false, BitonicTuning::never,
     "history.md 2026-11-21 (4 per invocation on llvmpipe: shader JIT time), 2026-11-22 (no fused passes on "
     "llvmpipe)"},
};
#undef GPUSORT_BITONIC_GPU_SOURCES

/// The row for `device` and elements of `key_bytes` with or without values.
inline const Defaults& defaults_for(const DeviceLimits& device, std::uint32_t key_bytes, bool has_values) {
  return first_row(defaults_table, device, key_bytes, has_values, [](const Defaults&) { return true; });
}

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
