#pragma once
// The radix sort's measured defaults, as data: one row per device family and element layout,
// each naming the bench/results/ record that chose its values. resolve_tuning() (tuning.hpp)
// takes the first row that matches and derives every field the caller left 0 from it and the
// device's limits. A new measurement changes a row, not the code.
#include <cstdint>

#include "../device/family.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"

namespace gpusort {
namespace detail {
namespace radix {

struct Defaults {
  DefaultsFor where;
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
};

using Devices = DefaultsFor::Devices;
using Values = DefaultsFor::Values;

inline constexpr Defaults defaults_table[] = {
    {{Devices::nvidia, 8, Values::none}, 512, 9, true, 8, 8192, 128, 32,
     "history.md 2026-11-26 (64-bit keys alone: 512 x 9 once Onesweep falls back instead of waiting; 384 x 10 "
     "before), raw output in levers-h200-2026-11-26-radix.md; histogram workgroups of 128: "
     "levers-h200-2026-11-26-radix-2.md, history.md 2026-11-26"},
    {{Devices::nvidia, 4, Values::carried}, 1024, 4, true, 8, 8192, 128, 32,
     "history.md 2026-11-25 (A/B of 512 x 8 against 1024 x 4 for 32-bit pairs; 256 x 15 rejected for keys); "
     "histogram workgroups of 128: levers-h200-2026-11-26-radix-2.md, history.md 2026-11-26"},
    {{Devices::software, 0, Values::either}, 256, 4, false, 8, 8192, 128, 4096,
     "none: llvmpipe's shape keeps a tile's ranking within its loop limit and its shader JIT short, and its scan "
     "walks up to 4096 blocks in one workgroup because it starts workgroups slowly, histogram workgroups as the GPUs' "
     "(not timed)"},
    {{Devices::gpus, 0, Values::either}, 512, 8, false, 8, 8192, 128, 32,
     "tuning-h200-2026-11-24-radix.md (512 x 8 tiles), history.md 2026-11-24 (8192 keys per histogram workgroup), "
     "levers-h200-2026-11-26-radix-2.md and history.md 2026-11-26 (histogram workgroups of 128)"},
};

/// The row for `device` and elements of `key_bytes` with or without values, given the
/// fields the caller asked for.
inline const Defaults& defaults_for(const DeviceLimits& device, std::uint32_t key_bytes, bool has_values,
                                    const RadixTuning& asked) {
  return first_row(defaults_table, device, key_bytes, has_values, [&](const Defaults& row) {
    return !row.whole_shape || (asked.workgroup_size == 0 && asked.keys_per_invocation == 0 &&
                                device.max_invocations >= row.workgroup_size);
  });
}

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
