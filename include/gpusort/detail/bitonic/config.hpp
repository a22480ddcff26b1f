#pragma once
// What a bitonic sorter plans and builds with, fixed at construction: its resolved tuning,
// the device's limits, the element layout, and the tile geometries derived from them.
#include <algorithm>
#include <cstdint>

#include "../../bitonic_tuning.hpp"
#include "../bits.hpp"
#include "../device/limits.hpp"
#include "../gl/dispatch.hpp"
#include "../job/count_limit.hpp"
#include "../job/elements.hpp"
#include "../shader_interface.hpp"
#include "network.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

/// The largest count one call can sort: GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size,
/// and 2^31 (32-bit GPU indexing).
inline CountLimit count_limit(const DeviceLimits& limits, std::uint32_t key_bytes) {
  const std::uint64_t by_block = limits.max_storage_block_bytes / key_bytes;
  return CountLimit{static_cast<std::size_t>(std::min<std::uint64_t>(by_block, std::uint64_t{1} << 31)),
                    "and at most 2^31 elements"};
}

/// Whether a tile program of `tile_size` elements, `elements` per invocation, can run its narrow
/// steps with subgroups of `subgroup_size`: whole subgroups per workgroup (a workgroup of one
/// subgroup too).
inline bool subgroups_fit(std::uint32_t tile_size, std::uint32_t elements, std::uint32_t subgroup_size) {
  return subgroup_size != 0 && (tile_size / elements) % subgroup_size == 0;
}

/// A tile size and what the pass schedule derives from it: BitonicTuning::tile_size for most
/// sorts, BitonicTuning::fused_tile_size for the fused sorts that take it (make_plan()).
struct Geometry {
  std::uint32_t tile_size = 0;
  std::uint32_t tile_log2 = 0;
  std::uint32_t window_log2 = 0;       // most wide steps per window pass (tile_log2 - log2(window_run))
  std::uint32_t single_tile_log2 = 0;  // counts up to 2^this above the tile: one dispatch
};

struct Config {
  BitonicTuning tuning;  // resolved: every field filled in
  DeviceLimits device;   // compute_units as in effect (DeviceFacts)
  Elements elements;
  Geometry tiles;        // BitonicTuning::tile_size
  Geometry fused_tiles;  // BitonicTuning::fused_tile_size
  std::uint32_t global_log2 = 0;  // log2(BitonicTuning::global_elements)
  std::uint32_t lanes_log2 = 0;   // log2(BitonicTuning::global_vector_width)

  const Geometry& geometry(bool fused_tile) const { return fused_tile ? fused_tiles : tiles; }

  DispatchLimits dispatch_limits() const { return {tuning.max_workgroups_x, device.max_groups_y}; }

  /// Invocations per workgroup of the permute kernel (permute.hpp).
  std::uint32_t permute_group_size() const {
    return (std::min)(std::uint32_t{GPUSORT_BITONIC_PERMUTE_GROUP_SIZE}, device.max_invocations);
  }

  /// How sorts in `tiles` cut the network into passes.
  Schedule schedule(bool merge_stages, const Geometry& geometry) const {
    return Schedule{geometry.tile_log2, global_log2, geometry.window_log2, geometry.single_tile_log2, merge_stages};
  }

  /// Shared memory of a tile of `tile_size` elements (and the subgroup emulation's words).
  std::uint64_t tile_shared_bytes(std::uint64_t tile_size) const {
    const bool emulated = tuning.use_subgroups && emulated_subgroups(device) != 0;
    return tile_size * (elements.element_bytes() + (emulated ? 4u : 0u));
  }

  /// Shared-memory words the fused program reserves beside its tile of `tile_size` so that
  /// at most `per_unit` workgroups fit on one compute unit, taking
  /// GL_MAX_COMPUTE_SHARED_MEMORY_SIZE as what a unit's workgroups share (NVIDIA under GL:
  /// 48 KiB per SM, found with bench/lab/occupancy_probe.cpp): more than 1 / (per_unit + 1) of it
  /// per workgroup (with 256 bytes to spare for the driver's rounding). 0: no reserve.
  std::uint32_t fused_reserve_words(std::uint32_t per_unit, std::uint32_t tile_size) const {
    if (per_unit == 0) return 0;
    const std::uint64_t tile_bytes = tile_shared_bytes(tile_size);
    const std::uint64_t group_bytes = device.max_shared_bytes / (per_unit + 1) + 256;
    return group_bytes > tile_bytes && group_bytes <= device.max_shared_bytes
               ? static_cast<std::uint32_t>((group_bytes - tile_bytes + 3) / 4)
               : 0u;
  }
};

inline Geometry make_geometry(std::uint32_t tile_size, std::uint32_t single_dispatch_tile, std::uint32_t window_run) {
  Geometry geometry;
  geometry.tile_size = tile_size;
  geometry.tile_log2 = ceil_log2(tile_size);
  geometry.window_log2 = geometry.tile_log2 - ceil_log2(window_run);
  geometry.single_tile_log2 = ceil_log2(single_dispatch_tile);
  return geometry;
}

/// The config of a sorter with the resolved `tuning` on `device`.
inline Config make_config(const BitonicTuning& tuning, const DeviceLimits& device, const Elements& elements) {
  Config config;
  config.tuning = tuning;
  config.device = device;
  config.elements = elements;
  config.tiles = make_geometry(tuning.tile_size, tuning.single_dispatch_tile, tuning.window_run);
  config.fused_tiles = make_geometry(tuning.fused_tile_size, tuning.fused_tile_size, tuning.window_run);
  config.global_log2 = ceil_log2(tuning.global_elements);
  config.lanes_log2 = ceil_log2(tuning.global_vector_width);
  return config;
}

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
