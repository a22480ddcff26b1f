#pragma once
// BitonicTuning: the bitonic sorter's knobs, plain data grouped by the passes they tune.
// 0 (or the default shown) means "derive from the device and the element type"; the
// sorter's tuning() reports every field as resolved, and a value the device cannot run makes
// its constructor throw gpusort::Error naming the field. Every size threshold counts
// elements. The defaults are a table (detail/bitonic/defaults.hpp), the derivations are in
// detail/bitonic/tuning.hpp; device facts that are not tunings (compute units) are in
// device_facts.hpp.
#include "version.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpusort {

struct BitonicTuning {
  /// "Never" for the *_count thresholds (and what tuning() reports where a path is off).
  static constexpr std::uint32_t never = 0xFFFFFFFFu;

  // --- Tile passes: local sorts, local disperses and windows in shared-memory tiles --------
  /// Elements per workgroup tile. Default: the widest power of two of at most 16 KiB on GPUs (4096 keys, 2048 pairs),
  /// all shared memory on software renderers. Range: a power of two that fits shared memory.
  std::uint32_t tile_size = 0;
  /// Elements each invocation holds in registers in the tile passes. Default: 8 for 32-bit keys alone, 4 for wider
  /// elements and on software renderers. Range: a power of two 4..32, at most tile_size.
  std::uint32_t local_elements = 0;
  /// Narrow steps by subgroup shuffles (GL_KHR_shader_subgroup) where the context has them, or where
  /// DeviceFacts::emulated_subgroup_size emulates them (a test facility). Default: true; tuning() says whether they
  /// are used.
  bool use_subgroups = true;
  /// Sorts of at least this many elements run the tile passes' shared-memory steps in wide chunks (with subgroups).
  /// Default: 2^21 for 32-bit keys with values on GPUs, else never. Range: 1..never. Kept: those sorts ran slower
  /// without it (the record: detail/bitonic/defaults.hpp).
  std::uint32_t wide_chunk_min_count = 0;

  // --- Small sorts: one dispatch of one workgroup -------------------------------------------
  /// Counts above tile_size up to this sort in one dispatch of a tile program this wide. Default: tile_size (off)
  /// where fused passes take two tiles, else the widest tile that fits. Range: a power of two >= tile_size that fits.
  std::uint32_t single_dispatch_tile = 0;
  /// Elements per invocation of that single-dispatch tile. Default: 8 on GPUs (more if the invocations need),
  /// local_elements on software renderers. Range: a power of two 4..32.
  std::uint32_t single_tile_elements = 0;

  // --- Window passes: several wide steps on a tile of contiguous runs -----------------------
  /// Passes cross stage boundaries (fewer sweeps, same network). Default: true; false where windows are off, and
  /// sort_indirect() always plans stage by stage.
  bool merge_stages = true;
  /// Elements per run of a window tile (a window fuses log2(tile_size / window_run) steps). Default: 16. Range: a
  /// power of two 4..tile_size (tile_size: no windows).
  std::uint32_t window_run = 0;
  /// Windows move global memory straight to and from registers. Default: true; used only for 32-bit keys alone,
  /// subgroups of 32, local_elements 8 and tiles of 512..4096. Kept: large sorts of 32-bit keys ran slower without
  /// it (bench/results/history.md).
  bool direct_tile_io = true;
  /// Tile programs without subgroups walk each pass through one copy of their step code, which llvmpipe's JIT (per-lane
  /// code at every shared-memory access) builds 2-6 times faster: the same steps in the same order. Default: true;
  /// used only on software renderers (tuning() says whether), where false builds the GPUs' per-mode code (a test
  /// facility).
  bool compact_tile_program = true;

  // --- Global passes: a few wide steps in registers, straight from global memory ------------
  /// Elements each invocation holds (log2 of it: steps per sweep). Default: 8. Range: a power of two 2..32, at most
  /// tile_size.
  std::uint32_t global_elements = 0;
  /// Elements per memory access: 1 (uint) or 4 (uvec4). Default: 4; always 1 for 64-bit keys.
  std::uint32_t global_vector_width = 0;
  /// Invocations per workgroup. Default: 128. Range: 1..GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS.
  std::uint32_t global_group_size = 0;

  // --- Fused passes: the tile passes of a small sort in one dispatch ------------------------
  /// Sorts of at most this many elements (count known to the CPU) fuse their tile passes. Default: 2 * compute units
  /// * tile_size on GPUs (16 tiles where units are unknown), never on software renderers. Fused passes wait between
  /// workgroups: never where DeviceFacts::workgroup_waits allows no waits (by default all but NVIDIA's desktop
  /// driver), whatever is asked. Range: 1..never.
  std::uint32_t fused_passes_max_count = 0;
  /// Tile of fused sorts of more than 4 and at most compute-units such tiles. Default: tile_size / 2 on GPUs with
  /// known compute units for elements of up to 8 bytes, else tile_size (off). Range: a power of two, 4 *
  /// window_run..tile_size.
  std::uint32_t fused_tile_size = 0;

  // --- Every program and dispatch -----------------------------------------------------------
  /// GLSL lines after the #version line and gpusort's #defines of every program, for experiments. Default: none; a
  /// line that does not compile makes the constructor throw.
  std::string extra_shader_source;
  /// Most workgroups per dispatch in x; larger dispatches are split over y. Default:
  /// GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]. Range: 1..that.
  std::uint32_t max_workgroups_x = 0;
};

/// What a BitonicSorter sort of a given count dispatches (BitonicSorter::plan()).
struct BitonicPlan {
  std::size_t dispatches = 0;     ///< glDispatchCompute calls
  std::size_t memory_passes = 0;  ///< full read+write sweeps over keys (and values)
  std::size_t network_steps = 0;  ///< compare-exchange steps of the network
};

}  // namespace gpusort
