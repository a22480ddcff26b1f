#pragma once
// resolve_tuning(): fills the zero fields of a BitonicTuning from the row of the defaults table
// (defaults.hpp) for the device and the element type and from the device's limits, one small
// derivation per field, then checks the result. Each derivation reads only the fields
// resolved above it in resolve_tuning().
#include <algorithm>
#include <cstdint>
#include <string>

#include "../../bitonic_tuning.hpp"
#include "../bits.hpp"
#include "../device/limits.hpp"
#include "../status.hpp"
#include "config.hpp"
#include "defaults.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

/// What the defaults derive from: the device, the bytes of an element and of its key, and the
/// row of the defaults table for them.
struct TuningInputs {
  const DeviceLimits& device;
  std::uint32_t element_bytes;  // key + value (shared memory per element)
  std::uint32_t key_bytes;      // 4 or 8
  const Defaults& row;

  /// Shared memory of a tile of `tile` elements (with the emulated shuffles' word each).
  std::uint64_t shared_bytes(std::uint64_t tile, bool emulated) const {
    return tile * (element_bytes + (emulated ? 4 : 0));
  }
};

/// Rows that fix local_elements before the tile (software renderers, where the JIT of the
/// 8-element tile kernel dominates the first sort, and speed is moot).
inline std::uint32_t local_elements_first(const BitonicTuning& t, const TuningInputs& in) {
  return t.local_elements == 0 && in.row.local_elements_first ? in.row.local_elements : t.local_elements;
}

/// Shuffles emulated through shared memory (DeviceFacts::emulated_subgroup_size), only where the
/// device has no subgroups.
inline bool emulates_subgroups(const BitonicTuning& t, const TuningInputs& in) {
  return t.use_subgroups && emulated_subgroups(in.device) != 0;
}

/// The row's budget (GPUs: 16 KiB, so that several workgroups share an SM and hide each
/// other's barriers), or all of shared memory (software renderers: fewer passes). An explicit
/// local_elements also bounds it through the invocation limit.
inline std::uint32_t default_tile_size(const BitonicTuning& t, const TuningInputs& in) {
  const std::uint64_t max_shared = in.device.max_shared_bytes;
  const std::uint64_t budget =
      in.row.tile_bytes == 0 ? max_shared : std::min<std::uint64_t>(max_shared, in.row.tile_bytes);
  std::uint32_t tile = 1;
  while (in.shared_bytes(std::uint64_t{tile} * 2, emulates_subgroups(t, in)) <= budget && tile < (1u << 20)) tile *= 2;
  while (t.local_elements != 0 && tile / t.local_elements > in.device.max_invocations) tile /= 2;
  return tile;
}

/// The row's (8, or 4 for elements of 8 bytes or more: a 16 KiB tile then runs 512
/// invocations); more where the invocation limit needs.
inline std::uint32_t default_local_elements(const BitonicTuning& t, const TuningInputs& in) {
  std::uint32_t elements = in.row.local_elements;
  while (elements < 32 && t.tile_size / elements > in.device.max_invocations) elements *= 2;
  return elements;
}

/// The row's tiles per compute unit where the units are known (the fused program can then
/// bound the workgroups per unit), else its tiles in all; never where it has none (software
/// renderers: slower, and where several threads run workgroups unsafe).
inline std::uint32_t default_fused_passes_max_count(const BitonicTuning& t, const TuningInputs& in) {
  if (in.row.fused_tiles_per_unit == 0) return BitonicTuning::never;
  const std::uint64_t units = in.device.compute_units;
  const std::uint64_t tiles = units != 0 ? std::uint64_t{in.row.fused_tiles_per_unit} * units
                                         : in.row.fused_tiles_units_unknown;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(tiles * t.tile_size, BitonicTuning::never - 1));
}

/// Whatever was asked: never where workgroups cannot wait for each other.
inline std::uint32_t runnable_fused_passes_max_count(const BitonicTuning& t, const TuningInputs& in) {
  return in.device.cross_workgroup_waits ? t.fused_passes_max_count : BitonicTuning::never;
}

/// 64-bit keys run the global kernel scalar (its uvec4 lanes are 32-bit keys).
inline std::uint32_t runnable_global_vector_width(const BitonicTuning& t, const TuningInputs& in) {
  return in.key_bytes == 8 ? 1u : t.global_vector_width;
}

/// Half tiles for fused sorts that leave compute units idle, where the row takes them, on
/// devices whose units are known, where half-tile windows still fuse more steps than a
/// register pass; else tile_size (off).
inline std::uint32_t default_fused_tile_size(const BitonicTuning& t, const TuningInputs& in) {
  const std::uint32_t half = t.tile_size / 2;
  const bool windows = half >= 4ull * t.window_run && half / t.window_run > t.global_elements;
  const bool fused = t.fused_passes_max_count != BitonicTuning::never && in.device.compute_units != 0;
  return in.row.fused_half_tiles && fused && windows ? half : t.tile_size;
}

/// The single-dispatch tile's elements per invocation before the invocation limit: the row's
/// at the least (8 on GPUs), or local_elements.
inline std::uint32_t single_tile_elements_wanted(const BitonicTuning& t, const TuningInputs& in) {
  if (t.single_tile_elements != 0) return t.single_tile_elements;
  return in.row.single_tile_elements == 0 ? t.local_elements : (std::max)(in.row.single_tile_elements, t.local_elements);
}

/// tile_size (no second program) where fused passes take sorts of two tiles, which measured faster
/// than one wide workgroup; else the widest tile shared memory and `elements` per invocation allow.
inline std::uint32_t default_single_dispatch_tile(const BitonicTuning& t, const TuningInputs& in,
                                                  std::uint32_t elements) {
  const bool fused_two_tiles = t.fused_passes_max_count != BitonicTuning::never && t.merge_stages &&
                               t.fused_passes_max_count >= 2ull * t.tile_size;
  std::uint32_t tile = t.tile_size;
  while (!fused_two_tiles &&
         in.shared_bytes(std::uint64_t{tile} * 2, emulates_subgroups(t, in)) <= in.device.max_shared_bytes &&
         tile * 2 / elements <= in.device.max_invocations && tile < (1u << 20))
    tile *= 2;
  return tile;
}

/// `elements`, raised where single_dispatch_tile / it exceeds the invocation limit.
inline std::uint32_t default_single_tile_elements(const BitonicTuning& t, const TuningInputs& in,
                                                  std::uint32_t elements) {
  while (elements < 32 && t.single_dispatch_tile / elements > in.device.max_invocations) elements *= 2;
  return elements;
}

/// Direct tile I/O's layouts are drawn for 3 register bits, 5 lane bits and 9 .. 12 tile
/// bits; with a value stream it measured slower.
inline bool runs_direct_tile_io(const BitonicTuning& t, const TuningInputs& in, std::uint32_t subgroups) {
  return t.direct_tile_io && in.element_bytes == 4 && t.use_subgroups && subgroups == 32 && t.local_elements == 8 &&
         t.tile_size >= 512 && t.tile_size <= 4096;
}

/// Fails unless the device can run `t` (with every field resolved).
inline Status check_tuning(const BitonicTuning& t, const TuningInputs& in) {
  const auto invalid = [](const std::string& why) { return fail("invalid BitonicTuning: " + why); };
  const DeviceLimits& d = in.device;
  const std::string tile = std::to_string(t.tile_size);
  const bool emulated = emulates_subgroups(t, in);
  const auto shared_bytes = [&](std::uint64_t elements) { return in.shared_bytes(elements, emulated); };
  if (!is_power_of_two(t.tile_size)) return invalid("tile_size " + tile + " is not a power of two");
  if (shared_bytes(t.tile_size) > d.max_shared_bytes)
    return invalid("tile_size " + tile + " needs " + std::to_string(shared_bytes(t.tile_size)) +
                   " bytes of shared memory, more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE = " +
                   std::to_string(d.max_shared_bytes) + "; use a smaller tile_size or 0 for the default");
  // Elements per invocation of the main tile program.
  const auto check_elements = [&](std::uint32_t elements, const std::string& name) -> Status {
    if (!is_power_of_two(elements) || elements < 4 || elements > 32)
      return invalid(name + " must be a power of two in 4..32");
    if (elements > t.tile_size) return invalid(name + " exceeds tile_size");
    if (t.tile_size / elements > d.max_invocations)
      return invalid("tile_size / " + name + " = " + std::to_string(t.tile_size / elements) +
                     " invocations exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = " +
                     std::to_string(d.max_invocations) + "; raise " + name + " or lower tile_size");
    return {};
  };
  if (Status elements = check_elements(t.local_elements, "local_elements"); !elements) return elements;
  if (!is_power_of_two(t.single_tile_elements) || t.single_tile_elements < 4 || t.single_tile_elements > 32 ||
      t.single_tile_elements > t.single_dispatch_tile)
    return invalid("single_tile_elements must be a power of two in 4..32 and at most single_dispatch_tile");
  if (!is_power_of_two(t.global_elements) || t.global_elements < 2 || t.global_elements > 32 ||
      t.global_elements > t.tile_size)
    return invalid("global_elements must be a power of two in 2..32 and at most tile_size");
  if (t.global_vector_width != 1 && t.global_vector_width != 4) return invalid("global_vector_width must be 1 or 4");
  if (std::uint64_t{t.global_elements} * t.global_vector_width * 2 > t.tile_size)
    return invalid("global_elements * global_vector_width * 2 must not exceed tile_size");
  if (!is_power_of_two(t.window_run) || t.window_run < 4 || t.window_run > t.tile_size)
    return invalid("window_run must be a power of two in 4..tile_size");
  if (!is_power_of_two(t.fused_tile_size) || t.fused_tile_size > t.tile_size ||
      (t.fused_tile_size < t.tile_size &&
       (t.fused_tile_size < 4ull * t.window_run || t.fused_tile_size < t.local_elements)))
    return invalid("fused_tile_size " + std::to_string(t.fused_tile_size) +
                   " must be a power of two of at least 4 * window_run and local_elements and at most tile_size (" +
                   tile + ", which turns it off); 0 for the default");
  if (!is_power_of_two(t.single_dispatch_tile) || t.single_dispatch_tile < t.tile_size ||
      shared_bytes(t.single_dispatch_tile) > d.max_shared_bytes ||
      t.single_dispatch_tile / t.single_tile_elements > d.max_invocations)
    return invalid(
        "single_dispatch_tile must be a power of two >= tile_size whose elements fit shared memory and whose "
        "invocations (single_dispatch_tile / single_tile_elements) fit GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS");
  if (t.global_group_size > d.max_invocations)
    return invalid("global_group_size exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = " +
                   std::to_string(d.max_invocations));
  return {};
}

/// `requested` with every zero field derived and every switch set to what runs, checked.
/// element_bytes: key + value bytes per element; key_bytes: 4 or 8. The result goes to
/// `resolved` only where the device can run it.
inline Status resolve_tuning(BitonicTuning t, const DeviceLimits& device, std::uint32_t element_bytes,
                             std::uint32_t key_bytes, BitonicTuning& resolved) {
  const TuningInputs in{device, element_bytes, key_bytes, defaults_for(device, key_bytes, element_bytes > key_bytes)};
  const auto fill = [](std::uint32_t& field, std::uint32_t value) {
    if (field == 0) field = value;
  };
  t.local_elements = local_elements_first(t, in);
  const std::uint32_t subgroups = shuffle_subgroup_size(device);
  fill(t.tile_size, default_tile_size(t, in));
  fill(t.local_elements, default_local_elements(t, in));
  fill(t.fused_passes_max_count, default_fused_passes_max_count(t, in));
  t.fused_passes_max_count = runnable_fused_passes_max_count(t, in);
  fill(t.global_elements, in.row.global_elements);
  fill(t.global_vector_width, in.row.global_vector_width);
  t.global_vector_width = runnable_global_vector_width(t, in);
  fill(t.global_group_size, in.row.global_group_size);
  fill(t.window_run, std::min<std::uint32_t>(in.row.window_run, t.tile_size));
  fill(t.fused_tile_size, default_fused_tile_size(t, in));
  const std::uint32_t single_elements = single_tile_elements_wanted(t, in);
  fill(t.single_dispatch_tile, default_single_dispatch_tile(t, in, single_elements));
  fill(t.single_tile_elements, default_single_tile_elements(t, in, single_elements));
  fill(t.max_workgroups_x, device.max_groups_x);
  if (Status checked = check_tuning(t, in); !checked) return checked;
  // What runs of the switches and paths that were asked for.
  t.use_subgroups = t.use_subgroups && subgroups_fit(t.tile_size, t.local_elements, subgroups);
  t.direct_tile_io = runs_direct_tile_io(t, in, subgroups);
  // GPUs keep the per-mode code their defaults were measured with.
  t.compact_tile_program = t.compact_tile_program && device.software;
  fill(t.wide_chunk_min_count, in.row.wide_chunk_min_count);
  if (!t.use_subgroups) t.wide_chunk_min_count = BitonicTuning::never;  // wide chunks are subgroup steps
  // Passes that cross stages are window passes.
  t.merge_stages = t.merge_stages && t.tile_size / t.window_run > t.global_elements;
  if (t.max_workgroups_x > device.max_groups_x)
    return fail("invalid BitonicTuning: max_workgroups_x exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] = " +
                std::to_string(device.max_groups_x));
  resolved = t;
  return {};
}

/// resolve_tuning() for tools and tests: the resolved tuning, with a failure reported (report()).
inline BitonicTuning resolve_tuning(const BitonicTuning& t, const DeviceLimits& device, std::uint32_t element_bytes,
                                    std::uint32_t key_bytes = 4) {
  BitonicTuning resolved;
  report(resolve_tuning(t, device, element_bytes, key_bytes, resolved));
  return resolved;
}

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
