#pragma once
// RadixSorter's plan: the resolved tuning, the digit passes of a bit range, and the tiles,
// blocks and workgroups of a count. Mirrors what shaders/radix/*.comp derive on the GPU.
#include <algorithm>
#include <cstdint>
#include <string>

#include "../../error.hpp"
#include "../../key_traits.hpp"
#include "../../radix_tuning.hpp"
#include "../device.hpp"
#include "../generated/shader_interface.hpp"

namespace gpusort {
namespace detail {

// The meta buffer's layout and init.comp's DispatchIndirectCommands are in the shader
// interface (shaders/radix/radix_interface.h, GPUSORT_RADIX_META_*, GPUSORT_RADIX_ARGUMENTS_*).
constexpr std::uint32_t radix_small_group = 256;  // init, scan, histogram and copy workgroups, at most

/// Ranking (the subgroup backend, shaders/radix/tile_subgroups.glsl SUBGROUP_MODE).
enum class RadixRanking : std::uint32_t { shared_match = 0, emulated_ballots = 1, ballots = 2 };

/// A RadixTuning with every field resolved, plus what the programs derive from it.
struct RadixConfig {
  RadixTuning tuning;
  RadixRanking ranking = RadixRanking::shared_match;
  std::uint32_t subgroup_size = 32;  // real, emulated, or the shared match's rows of 32
  std::uint32_t tile_size = 0;       // workgroup_size * keys_per_invocation
  std::uint32_t area_words = 0;      // tile.glsl AREA_WORDS
  std::uint64_t shared_bytes = 0;    // shared memory of the tile kernels
  bool software = false;             // tiles per block capped (llvmpipe's loop limit)
  GlslTarget glsl_target = GlslTarget::gl430_core;  // DeviceLimits::glsl_target
  /// scan.comp: up to this many blocks one workgroup walks them, an invocation per digit. On
  /// GPUs a walk of dependent loads is slow (32); llvmpipe starts workgroups slowly (4096).
  std::uint32_t serial_scan_blocks = 32;
  std::uint32_t small_group = 256;     // invocations of init, scan, histogram and copy
  std::uint32_t copy_elements = 1024;  // elements per copy.comp workgroup (small_group x 4)
};

/// Shared memory of downsweep.comp / onesweep.comp (tile.glsl): the area (which
/// also holds the digit counts, starts and scan temporaries), s_delta, the downsweep's s_base
/// and, without real subgroups (tile_subgroups.glsl), a word per invocation for shuffles plus
/// the row's digits (shared match: a word per invocation) or the ballot words (emulated
/// ballots: digit_bits words per 32 invocations).
inline std::uint64_t radix_tile_shared_bytes(const RadixConfig& c) {
  const std::uint64_t radix = std::uint64_t{1} << c.tuning.digit_bits;
  const std::uint64_t group = c.tuning.workgroup_size;
  const std::uint64_t lanes = c.ranking == RadixRanking::ballots            ? 0
                              : c.ranking == RadixRanking::emulated_ballots ? group + c.tuning.digit_bits * group / 32
                                                                            : 2 * group;
  return 4 * (c.area_words + 2 * radix + lanes);
}

/// What every radix kernel needs of the device, whatever the tuning: storage blocks per
/// compute shader (the most any kernel declares), binding points (GPUSORT_RADIX_BINDING_*),
/// invocations (a workgroup of 128 covers 7-bit digits) and shared memory (a tile of 128 x 8).
constexpr std::uint32_t radix_storage_blocks = 8;
constexpr std::uint32_t radix_binding_points = GPUSORT_RADIX_BINDING_COUNT_BUFFER + 1;
constexpr std::uint32_t radix_min_invocations = 128;
constexpr std::uint32_t radix_min_shared_bytes = 16384;

/// The first limit of `limits` below what the radix kernels need, as a sentence; "" if none.
inline std::string radix_device_need(const DeviceLimits& limits) {
  const auto need = [&](const char* limit, std::uint64_t has, std::uint64_t wants) {
    return "the radix sort needs " + std::string(limit) + " >= " + std::to_string(wants) + ", but this device (" +
           limits.renderer + ") has " + std::to_string(has);
  };
  if (limits.max_compute_storage_blocks < radix_storage_blocks)
    return need("GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS", limits.max_compute_storage_blocks, radix_storage_blocks);
  if (limits.max_storage_bindings < radix_binding_points)
    return need("GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS", limits.max_storage_bindings, radix_binding_points);
  if (limits.max_invocations < radix_min_invocations)
    return need("GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS", limits.max_invocations, radix_min_invocations);
  if (limits.max_shared_bytes < radix_min_shared_bytes)
    return need("GL_MAX_COMPUTE_SHARED_MEMORY_SIZE", limits.max_shared_bytes, radix_min_shared_bytes);
  return "";
}

/// Fills the zero fields of `t` from the device (and, for the tile shape, the sort's keys:
/// `key_bytes`, `has_values`) and checks the result. Calls no GL (the limits carry the vendor
/// and the ballot subgroup size), so that tools may derive every program variant without a
/// context (tests/glslang_variants.cpp).
inline RadixConfig resolve_radix_tuning(RadixTuning t, const DeviceLimits& limits, std::uint32_t key_bytes = 4,
                                        bool has_values = false) {
  const auto fail = [](const std::string& why) { throw Error("invalid RadixTuning: " + why); };
  const std::string unmet = radix_device_need(limits);
  if (!unmet.empty()) throw Error(unmet + ": use BitonicSorter, or Sorter, which then runs the network for every count");
  RadixConfig c;
  const RadixTuning asked = t;
  c.software = limits.software;
  c.glsl_target = limits.glsl_target;
  if (limits.software) c.serial_scan_blocks = 4096;
  // The small kernels (init, scan, histogram, copy): 256 invocations, or the device's most.
  c.small_group = radix_small_group;
  while (c.small_group > limits.max_invocations) c.small_group /= 2;
  c.copy_elements = 4 * c.small_group;
  if (t.digit_bits == 0) t.digit_bits = 8;
  // The scan gives each digit an invocation: 7-bit digits where workgroups are smaller than 256.
  if (asked.digit_bits == 0) while ((1u << t.digit_bits) > c.small_group) --t.digit_bits;
  if (t.digit_bits < 4 || t.digit_bits > 8) fail("digit_bits is " + std::to_string(t.digit_bits) + "; use 4 .. 8");
  if ((1u << t.digit_bits) > c.small_group)
    fail("digit_bits " + std::to_string(t.digit_bits) + " needs workgroups of " + std::to_string(1u << t.digit_bits) +
         " invocations but the device has " + std::to_string(limits.max_invocations) +
         " (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS): leave digit_bits at 0");
  const bool nvidia = limits.vendor.find("NVIDIA") != std::string::npos;
  if (t.workgroup_size == 0 && t.keys_per_invocation == 0 && nvidia && key_bytes == 8 && !has_values &&
      limits.max_invocations >= 384) {
    // 64-bit keys alone ran faster in 384 x 10 tiles than in 512 x 8 on NVIDIA (history.md).
    t.workgroup_size = 384;
    t.keys_per_invocation = 10;
  }
  if (t.workgroup_size == 0 && t.keys_per_invocation == 0 && nvidia && key_bytes == 4 && has_values &&
      limits.max_invocations >= 1024) {
    // 32-bit pairs ran faster in 1024 x 4 tiles than in 512 x 8 on NVIDIA, except around 2^20
    // (history.md). 32-bit keys alone stay 512 x 8: 256 x 15 won from 2^22 but lost at 2^18-2^20.
    t.workgroup_size = 1024;
    t.keys_per_invocation = 4;
  }
  if (t.workgroup_size == 0) t.workgroup_size = limits.software ? 256 : 512;
  if (t.keys_per_invocation == 0) t.keys_per_invocation = limits.software ? 4 : 8;
  // Defaults shrink to the device: workgroups to its invocations (in whole 32s).
  if (asked.workgroup_size == 0) t.workgroup_size = std::min(t.workgroup_size, limits.max_invocations / 32 * 32);
  if (t.workgroup_size == 0 || t.workgroup_size % 32 != 0 || t.workgroup_size > limits.max_invocations)
    fail("workgroup_size " + std::to_string(t.workgroup_size) + " must be a multiple of 32 of at most " +
         std::to_string(limits.max_invocations) + " (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)");
  if (t.keys_per_invocation < 1 || t.keys_per_invocation > 32)
    fail("keys_per_invocation " + std::to_string(t.keys_per_invocation) + " must be 1 .. 32");
  if (t.histogram_keys == 0) t.histogram_keys = 8192;
  if (t.histogram_keys % 1024 != 0) fail("histogram_keys must be a positive multiple of 1024");
  if (t.max_workgroups_x == 0) t.max_workgroups_x = limits.max_groups_x;
  if (t.max_workgroups_x > limits.max_groups_x)
    fail("max_workgroups_x exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] = " + std::to_string(limits.max_groups_x));
  const auto shape = [&] {
    c.tile_size = t.workgroup_size * t.keys_per_invocation;
    // The tile, or the per-subgroup counters plus S_COUNT, S_START and S_TMP (tile.glsl's s_area).
    const std::uint32_t subgroups = t.workgroup_size / c.subgroup_size;
    c.area_words = std::max(c.tile_size, subgroups * ((1u << t.digit_bits) / 2) + 3 * (1u << t.digit_bits));
    c.tuning = t;
    c.shared_bytes = radix_tile_shared_bytes(c);
  };
  // Ranking: ballots of the device's subgroups, or of those DeviceFacts::emulated_subgroup_size
  // emulates where it has none, where the workgroup holds whole subgroups and their counters fit
  // shared memory; else digits matched in shared memory in rows of 32. A default workgroup of
  // many small subgroups halves until their counters fit.
  const std::uint32_t own_size = limits.ballot_subgroup_size;
  const std::uint32_t ballot_size = own_size != 0 ? own_size : emulated_subgroups(limits);
  const auto rank_by_ballots = [&] {
    const bool whole = ballot_size != 0 && t.workgroup_size % ballot_size == 0;
    c.ranking = !t.use_subgroups || !whole ? RadixRanking::shared_match
                : own_size != 0            ? RadixRanking::ballots
                                           : RadixRanking::emulated_ballots;
    c.subgroup_size = c.ranking == RadixRanking::shared_match ? 32 : ballot_size;
    const std::uint32_t keys = t.keys_per_invocation;
    t.keys_per_invocation = 1;
    shape();
    t.keys_per_invocation = keys;
    return c.ranking != RadixRanking::shared_match && c.shared_bytes <= limits.max_shared_bytes;
  };
  const std::uint32_t unit = std::max(32u, ballot_size);  // whole subgroups, whole rows of 32
  while (!rank_by_ballots() && c.ranking != RadixRanking::shared_match && asked.workgroup_size == 0 &&
         t.workgroup_size / 2 >= unit && (t.workgroup_size / 2) % unit == 0) {
    t.workgroup_size /= 2;
  }
  if (c.ranking != RadixRanking::shared_match && c.shared_bytes > limits.max_shared_bytes) {
    c.ranking = RadixRanking::shared_match;
    c.subgroup_size = 32;
  }
  t.use_subgroups = c.ranking != RadixRanking::shared_match;
  shape();
  // Defaults shrink to the device: keys per invocation until a tile fits its shared memory.
  while (asked.keys_per_invocation == 0 && t.keys_per_invocation > 1 && c.shared_bytes > limits.max_shared_bytes) {
    --t.keys_per_invocation;
    shape();
  }
  if (c.tile_size > 32768)
    fail("a tile of workgroup_size x keys_per_invocation = " + std::to_string(c.tile_size) +
         " keys exceeds 32768 (16-bit counters)");
  if (c.shared_bytes > limits.max_shared_bytes)
    fail("a tile of " + std::to_string(c.tile_size) + " keys needs " + std::to_string(c.shared_bytes) +
         " bytes of shared memory but the device has " + std::to_string(limits.max_shared_bytes) +
         " (GL_MAX_COMPUTE_SHARED_MEMORY_SIZE): lower keys_per_invocation or workgroup_size");
  if (t.blocks == 0) {
    // One wave of downsweep workgroups: as many as fit on the compute units at once, taking
    // GL_MAX_COMPUTE_SHARED_MEMORY_SIZE as what a unit's workgroups share (NVIDIA under GL:
    // 48 KiB an SM) and 2048 invocations a unit. Software renderers: a workgroup per tile.
    const std::uint64_t per_unit = std::max<std::uint64_t>(
        1, std::min<std::uint64_t>(limits.max_shared_bytes / c.shared_bytes, 2048 / t.workgroup_size));
    c.tuning.blocks = limits.software ? 0xFFFFFFFFu
                      : limits.compute_units != 0 ? static_cast<std::uint32_t>(per_unit * limits.compute_units)
                                                  : 512u;
  }
  // Onesweep's look-back waits for other workgroups of its dispatch: where the forward-progress
  // policy (forward_progress.hpp, DeviceFacts::workgroup_waits) allows it, on GPUs.
  const bool waits = limits.cross_workgroup_waits && !limits.software;
  if (c.tuning.path == RadixPath::automatic) c.tuning.path = waits ? RadixPath::onesweep : RadixPath::reduce_then_scan;
  if (c.tuning.path == RadixPath::onesweep && !limits.cross_workgroup_waits)
    fail("RadixPath::onesweep needs workgroups that may wait for each other, which gpusort has not verified on "
         "this renderer (" + limits.renderer + "; llvmpipe: only under LP_NUM_THREADS=1): use "
         "RadixPath::reduce_then_scan or automatic, or opt in with DeviceFacts::workgroup_waits = allowed");
  return c;
}

/// The digit passes of a sort: bits [begin, end) in passes of digit_bits, lowest first.
struct RadixPasses {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::uint32_t digit_bits = 8;
  std::uint32_t count() const { return (end - begin + digit_bits - 1) / digit_bits; }
  std::uint32_t shift(std::uint32_t pass) const { return begin + pass * digit_bits; }
  std::uint32_t mask(std::uint32_t pass) const {
    return (1u << std::min(digit_bits, end - shift(pass))) - 1u;
  }
};

/// The passes of a sort of Key by `bits` (BitRange{}: all bits). Throws Error for a
/// BitRange on a key that is not unsigned, or one outside the key.
template <class Key>
RadixPasses radix_passes(BitRange bits, std::uint32_t digit_bits) {
  const std::uint32_t key_bits = sizeof(Key) * 8;
  RadixPasses passes;
  passes.digit_bits = digit_bits;
  passes.end = key_bits;
  if (bits.begin_bit == 0 && bits.end_bit == 0) return passes;
  const std::string range = "BitRange{" + std::to_string(bits.begin_bit) + ", " + std::to_string(bits.end_bit) + "}";
  if (KeyTraits<Key>::glsl_kind != 0) {
    throw Error(range + " on " + KeyTraits<Key>::name + " keys: a bit range is for unsigned keys (std::uint32_t, "
                "std::uint64_t); signed and floating-point keys sort by all their bits (pass BitRange{})");
  }
  const std::uint32_t end = bits.end_bit == 0 ? key_bits : bits.end_bit;
  if (end > key_bits || bits.begin_bit >= end) {
    throw Error(range + " is invalid for " + std::to_string(key_bits) + "-bit keys: it needs begin_bit < end_bit <= " +
                std::to_string(key_bits) + " (end_bit 0: up to the key's top bit)");
  }
  passes.begin = bits.begin_bit;
  passes.end = end;
  return passes;
}

/// The workgroups of a sort of `count` elements (count >= 1).
struct RadixGeometry {
  std::uint64_t tiles = 0;            // Onesweep partitions, downsweep tiles
  std::uint64_t tiles_per_block = 1;  // reduce-then-scan
  std::uint64_t blocks = 0;
  std::uint64_t histogram_groups = 0;
  std::uint64_t copy_groups = 0;
  std::uint64_t scan_groups = 0;
  std::uint64_t tile_state_words = 0;  // Onesweep: RADIX per partition; reduce-then-scan: per block
};

inline std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

/// `tiles_per_block`: 0 to derive it from the count (a sort_indirect() plans it for its capacity).
inline RadixGeometry radix_geometry(const RadixConfig& c, std::uint64_t count, std::uint64_t tiles_per_block = 0) {
  RadixGeometry g;
  const std::uint64_t radix = std::uint64_t{1} << c.tuning.digit_bits;
  g.tiles = ceil_div(count, c.tile_size);
  if (tiles_per_block == 0) {
    tiles_per_block = std::max<std::uint64_t>(1, ceil_div(g.tiles, c.tuning.blocks));
    // llvmpipe ends an invocation's loops after 65535 iterations in all; a tile's ranking takes
    // loop iterations in proportion to the keys an invocation holds (shared match: 32 a key).
    if (c.software) tiles_per_block = std::min<std::uint64_t>(tiles_per_block, std::max(1u, 64 / c.tuning.keys_per_invocation));
  }
  g.tiles_per_block = tiles_per_block;
  g.blocks = ceil_div(g.tiles, g.tiles_per_block);
  g.histogram_groups = ceil_div(count, c.tuning.histogram_keys);
  g.copy_groups = ceil_div(count, c.copy_elements);
  g.scan_groups = g.blocks <= c.serial_scan_blocks ? 1 : radix;
  // Reduce-then-scan: as many words as any count up to this one needs (blocks are not
  // monotonic in the count, but never more than the tiles or, on GPUs, RadixTuning::blocks).
  const std::uint64_t most_blocks = c.software ? g.tiles : std::min<std::uint64_t>(g.tiles, c.tuning.blocks);
  g.tile_state_words = radix * (c.tuning.path == RadixPath::onesweep ? g.tiles : std::max(g.blocks, most_blocks));
  return g;
}

}  // namespace detail
}  // namespace gpusort
