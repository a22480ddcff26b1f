#pragma once
// The radix sort's measured defaults, as data: one row per device family and element layout
// (and, where a shape pays only for large sorts, per size), each naming the bench/results/
// record that chose its values. resolve_tuning() (tuning.hpp) takes the first row that matches
// and derives every field the caller left 0 from it and the device's limits. A new measurement
// changes a row, not the code.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../device/family.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"

namespace gpusort {
namespace detail {
namespace radix {

struct Defaults {
  DefaultsFor where;
  /// The row is for sorts of at least this many elements (sort_indirect(): of that capacity);
  /// 0: any. Only whole-shape rows take one, and their digit_bits is that of the row below
  /// them, so that a sorter runs one shape below min_count and this row's from there on.
  std::size_t min_count;
  /// workgroup_size: shrunk to the device's invocations (in whole 32s).
  std::uint32_t workgroup_size;
  /// keys_per_invocation: fewer where such a tile does not fit the device's shared memory.
  std::uint32_t keys_per_invocation;
  /// The shape applies only as a whole: where both fields were left 0 and the device has
  /// workgroup_size invocations; else the next row that matches gives them.
  bool whole_shape;
  /// digit_bits: fewer where the small kernels' workgroups hold fewer than 2^digit_bits invocations.
  std::uint32_t digit_bits;
  std::uint32_t histogram_keys;  ///< histogram_keys
  /// Invocations of Onesweep's histogram workgroups: halved to the device's invocations.
  std::uint32_t histogram_group_size;
  /// Reduce-then-scan: up to this many blocks one scan workgroup walks them (Config::serial_scan_blocks).
  std::uint32_t serial_scan_blocks;
  /// The bench/results/ records that chose the row's values.
  const char* source;
  /// Whole-shape rows: the tile's scatter passes through shared memory in this many parts
  /// (tile.glsl SCATTER_PARTS), so that the tile needs a part's words; 1 where it does not
  /// divide keys_per_invocation.
  std::uint32_t scatter_parts = 1;
  /// Whole-shape rows: ranks packed two a word and digits taken from the keys again (tile.glsl
  /// PACK_RANKS, RECOMPUTE_DIGITS), fewer registers for some more instructions.
  bool lean_registers = false;
  /// Sorts with values: the values load only once the keys are ranked and staged (tile.glsl
  /// VALUES_AFTER_KEYS), so that the ranking and look-back hold keys alone.
  bool values_after_keys = false;
  /// 64-bit keys: the scatter stages whole keys (two words a slot, one sweep and a barrier pair
  /// a part) rather than a word at a time (tile.glsl WHOLE_KEY_STAGING): a part takes twice the
  /// words.
  bool whole_key_staging = false;
  /// Onesweep: a pass whose digit every key shares copies its partitions instead of ranking
  /// them (histogram.comp marks it, onesweep.comp write_tile_in_place(); KEPT_ORDER). Off: the
  /// histogram marks nothing and the tile program has no copy path.
  bool kept_order_passes = true;
};

using Devices = DefaultsFor::Devices;
using Values = DefaultsFor::Values;

/// NVIDIA, 32-bit keys alone: where 512 x 16 tiles (scattered in halves, lean registers) take
/// over from 512 x 8 (the first size where the larger tiles were not slower).
constexpr std::size_t nvidia_keys_large_tiles_from = (std::size_t{1} << 20) + 1;

inline constexpr Defaults defaults_table[] = {
    {{Devices::nvidia, 8, Values::none}, 0, 512, 9, true, 8, 8192, 128, 32,
     "history.md 2026-11-26, levers-h200-2026-11-26-radix.md, levers-h200-2026-11-26-radix-2.md"},
    {{Devices::nvidia, 4, Values::carried}, 0, 1024, 4, true, 8, 8192, 128, 32,
     "history.md 2026-11-25, levers-h200-2026-11-26-radix-2.md, levers-h200-2026-11-27-scatter-parts.md", 1, true},
    {{Devices::nvidia, 4, Values::none}, nvidia_keys_large_tiles_from, 512, 16, true, 8, 8192, 128, 32,
     "levers-h200-2026-11-27-scatter-parts.md, levers-h200-2026-11-26-radix-2.md", 2, true},
    {{Devices::software, 0, Values::either}, 0, 256, 4, false, 8, 8192, 128, 4096,
     "none: llvmpipe's tiles fit its loop limit and short JITs; one scan workgroup, as it starts them slowly"},
    {{Devices::gpus, 0, Values::either}, 0, 512, 8, false, 8, 8192, 128, 32,
     "tuning-h200-2026-11-24-radix.md, history.md 2026-11-24, levers-h200-2026-11-26-radix-2.md"},
};

/// The table resolve_tuning() reads: defaults_table, or a test's (test_hooks()).
struct DefaultsTable {
  const Defaults* rows = defaults_table;
  std::size_t size = sizeof(defaults_table) / sizeof(defaults_table[0]);
};

/// Whether `row` may give the defaults where the caller asked for `asked` on `device`.
inline bool row_accepts(const Defaults& row, const DeviceLimits& device, const RadixTuning& asked) {
  return !row.whole_shape || (asked.workgroup_size == 0 && asked.keys_per_invocation == 0 &&
                              device.max_invocations >= row.workgroup_size);
}

/// The row of `table` for `device`, elements of `key_bytes` with or without values, a sort of
/// `count` elements and the fields the caller asked for: the first that matches (the last row
/// matches every case).
inline const Defaults& defaults_for(const DefaultsTable& table, const DeviceLimits& device, std::uint32_t key_bytes,
                                    bool has_values, const RadixTuning& asked, std::size_t count) {
  const DeviceFamily family = device_family(device);
  for (std::size_t i = 0; i < table.size; ++i) {
    const Defaults& row = table.rows[i];
    if (row.where.matches(family, key_bytes, has_values) && row.min_count <= count && row_accepts(row, device, asked))
      return row;
  }
  return table.rows[table.size - 1];
}

/// The counts from which another row of `table` may give this sorter's defaults (ascending,
/// above 0): the min_count of each row that matches and accepts.
inline std::vector<std::size_t> size_thresholds(const DefaultsTable& table, const DeviceLimits& device,
                                                std::uint32_t key_bytes, bool has_values, const RadixTuning& asked) {
  const DeviceFamily family = device_family(device);
  std::vector<std::size_t> thresholds;
  for (std::size_t i = 0; i < table.size; ++i) {
    const Defaults& row = table.rows[i];
    if (row.min_count != 0 && row.where.matches(family, key_bytes, has_values) && row_accepts(row, device, asked))
      thresholds.push_back(row.min_count);
  }
  std::sort(thresholds.begin(), thresholds.end());
  thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
  return thresholds;
}

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
