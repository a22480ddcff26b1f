#pragma once
// RadixSorter's options: plain data. Zero means "derive from the device"; the sorter
// validates the rest and throws gpusort::Error for what the device cannot run.
#include "bit_range.hpp"  // BitRange, which RadixSorter's calls took first
#include "version.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpusort {

/// How the digit passes find where keys go.
enum class RadixPath {
  /// onesweep, on every device.
  automatic,
  /// One histogram pass, then one dispatch per digit whose tiles find their offsets by
  /// decoupled look-back over earlier tiles of the same dispatch, with decoupled fallback: a
  /// tile whose predecessor has not published after a few polls counts that predecessor's keys
  /// itself, so no workgroup ever needs another to make progress. Runs on every GL 4.3 / ES 3.1
  /// driver, whatever DeviceFacts::workgroup_waits says.
  onesweep,
  /// Per digit: upsweep (block histograms), scan, downsweep: three dispatches per digit and
  /// more memory traffic. Kept as an escape hatch and for measurement.
  reduce_then_scan,
};

struct RadixTuning {
  /// Key bits per digit pass, 4 .. 8, at most log2 of the device's workgroup invocations. 0: 8
  /// (a 32-bit key in 4 passes); 7 where workgroups hold fewer than 256 invocations.
  std::uint32_t digit_bits = 0;
  /// Keys each invocation ranks per tile, 1 .. 32. 0: 8 on GPUs, 4 on software renderers, fewer
  /// where such a tile does not fit the device's shared memory; with workgroup_size 0 too, on
  /// NVIDIA, 9 for 64-bit keys alone, 4 for 32-bit keys with values, and 16 (scattered through
  /// shared memory in halves) for 32-bit keys alone in sorts from a size threshold on
  /// (detail/radix/defaults.hpp; RadixPlan::tile_size).
  std::uint32_t keys_per_invocation = 0;
  /// Invocations per workgroup of the tile kernels, a multiple of 32. 0: 512 on GPUs, 256 on
  /// software renderers, at most the device's GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, and halved
  /// where the ballots' per-subgroup counters of small subgroups would not fit shared memory;
  /// with keys_per_invocation 0 too, on NVIDIA, 1024 for 32-bit keys with values (where the
  /// device allows 1024 invocations).
  std::uint32_t workgroup_size = 0;
  /// The algorithm; after construction tuning() names the one in use.
  RadixPath path = RadixPath::automatic;
  /// Reduce-then-scan: the most upsweep/downsweep workgroups, each taking a run of tiles. 0: as
  /// many as the compute units hold at once where known (units x the workgroups whose shared
  /// memory and invocations fit one), else 512; software renderers one tile per workgroup
  /// (and at most 64 / keys_per_invocation tiles).
  std::uint32_t blocks = 0;
  /// Onesweep histogram pass: keys per workgroup, a multiple of 1024. 0: 8192.
  std::uint32_t histogram_keys = 0;
  /// Rank with subgroup ballots (GL_KHR_shader_subgroup: basic, ballot, shuffle) where the
  /// context has them and the workgroup holds whole subgroups, or with ballots emulated where
  /// DeviceFacts::emulated_subgroup_size asks (a test facility); else digits are matched in
  /// shared memory. After construction tuning() says whether ballots rank.
  bool use_subgroups = true;
  /// Cap on workgroups per dispatch dimension; larger dispatches are split over y.
  /// 0: GL_MAX_COMPUTE_WORK_GROUP_COUNT[0].
  std::uint32_t max_workgroups_x = 0;
  /// GLSL lines inserted after the #version and #extension lines of every program.
  std::string extra_shader_source;
};

/// What a RadixSorter sort of a given count dispatches (RadixSorter::plan()); all 0 below 2
/// elements.
struct RadixPlan {
  std::size_t dispatches = 0;     ///< glDispatchCompute calls (a split over y counts once)
  std::size_t memory_passes = 0;  ///< full read+write sweeps over keys (and values): the digit passes and a copy back
  std::size_t digit_passes = 0;   ///< passes of RadixTuning::digit_bits over the key bits sorted
  /// Keys per tile of the digit passes: RadixSorter::tile_size(), or, where the defaults give
  /// large sorts a larger tile, that tile from their size on.
  std::size_t tile_size = 0;
};

}  // namespace gpusort
