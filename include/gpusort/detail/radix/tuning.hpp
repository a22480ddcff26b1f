#pragma once
// resolve_tuning(): fills the zero fields of a RadixTuning from the row of the defaults table
// (defaults.hpp) for the device and the element layout and from the device's limits, then
// checks the result.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"
#include "../status.hpp"
#include "config.hpp"
#include "defaults.hpp"

namespace gpusort {
namespace detail {
namespace radix {

/// The defaults table in effect: defaults_table, unless a test set another (test_hooks()).
inline DefaultsTable defaults_in_effect() {
  return test_hooks().defaults != nullptr ? *test_hooks().defaults : DefaultsTable{};
}

/// Fills the zero fields of `t` from the device (and, for the tile shape, the sort's keys:
/// `key_bytes`, `has_values`, and the sorts of at least `count` elements a row with a size
/// threshold is for) and checks the result. Calls no GL (the limits carry the vendor and the
/// ballot subgroup size), so that tools may derive every program variant without a context
/// (tests/glslang_variants.cpp). The result goes to `resolved` only where the device can run it.
inline Status resolve_tuning(RadixTuning t, const DeviceLimits& limits, std::uint32_t key_bytes, bool has_values,
                             Config& resolved, std::size_t count = 0) {
  const auto invalid = [](const std::string& why) { return fail("invalid RadixTuning: " + why); };
  const std::string unmet = device_need(limits);
  if (!unmet.empty())
    return fail(unmet + ": use BitonicSorter, or Sorter, which then runs the network for every count");
  Config c;
  const RadixTuning asked = t;
  const Defaults& row = defaults_for(defaults_in_effect(), limits, key_bytes, has_values, asked, count);
  c.device = limits;
  c.serial_scan_blocks = row.serial_scan_blocks;
  const std::uint32_t parts = test_hooks().scatter_parts != 0 ? test_hooks().scatter_parts : row.scatter_parts;
  c.lean_registers = row.lean_registers;
  const auto hook_or_row = [](int hook, bool row_value) { return hook >= 0 ? hook != 0 : row_value; };
  c.values_after_keys = has_values && hook_or_row(test_hooks().values_after_keys, row.values_after_keys);
  c.whole_key_staging = key_bytes == 8 && hook_or_row(test_hooks().whole_key_staging, row.whole_key_staging);
  c.kept_order_passes = hook_or_row(test_hooks().kept_order_passes, row.kept_order_passes);
  // The small kernels (init, scan, upsweep, copy): 256 invocations, or the device's most.
  c.small_group = max_small_group;
  while (c.small_group > limits.max_invocations) c.small_group /= 2;
  c.copy_elements = 4 * c.small_group;
  c.histogram_group = row.histogram_group_size;
  while (c.histogram_group > limits.max_invocations) c.histogram_group /= 2;
  if (t.digit_bits == 0) t.digit_bits = row.digit_bits;
  // The scan gives each digit an invocation: 7-bit digits where workgroups are smaller than 256.
  if (asked.digit_bits == 0) while ((1u << t.digit_bits) > c.small_group) --t.digit_bits;
  if (t.digit_bits < 4 || t.digit_bits > 8)
    return invalid("digit_bits is " + std::to_string(t.digit_bits) + "; use 4 .. 8");
  if ((1u << t.digit_bits) > c.small_group)
    return invalid("digit_bits " + std::to_string(t.digit_bits) + " needs workgroups of " +
                   std::to_string(1u << t.digit_bits) + " invocations but the device has " +
                   std::to_string(limits.max_invocations) +
                   " (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS): leave digit_bits at 0");
  if (t.workgroup_size == 0) t.workgroup_size = row.workgroup_size;
  if (t.keys_per_invocation == 0) t.keys_per_invocation = row.keys_per_invocation;
  // Defaults shrink to the device: workgroups to its invocations (in whole 32s).
  if (asked.workgroup_size == 0) t.workgroup_size = (std::min)(t.workgroup_size, limits.max_invocations / 32 * 32);
  if (t.workgroup_size == 0 || t.workgroup_size % 32 != 0 || t.workgroup_size > limits.max_invocations)
    return invalid("workgroup_size " + std::to_string(t.workgroup_size) + " must be a multiple of 32 of at most " +
                   std::to_string(limits.max_invocations) + " (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)");
  if (t.keys_per_invocation < 1 || t.keys_per_invocation > 32)
    return invalid("keys_per_invocation " + std::to_string(t.keys_per_invocation) + " must be 1 .. 32");
  if (t.histogram_keys == 0) t.histogram_keys = row.histogram_keys;
  if (t.histogram_keys % 1024 != 0) return invalid("histogram_keys must be a positive multiple of 1024");
  if (t.max_workgroups_x == 0) t.max_workgroups_x = limits.max_groups_x;
  if (t.max_workgroups_x > limits.max_groups_x)
    return invalid("max_workgroups_x exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] = " +
                   std::to_string(limits.max_groups_x));
  const auto shape = [&] {
    c.tile_size = t.workgroup_size * t.keys_per_invocation;
    c.scatter_parts = t.keys_per_invocation % parts == 0 ? parts : 1;
    // A part of the tile (two words a key where whole 64-bit keys are staged), or the
    // per-subgroup counters plus S_COUNT, S_START and S_TMP (tile.glsl's s_area).
    const std::uint32_t subgroups = t.workgroup_size / c.subgroup_size;
    c.area_words = (std::max)(c.tile_size / c.scatter_parts * (c.whole_key_staging ? 2 : 1),
                            subgroups * ((1u << t.digit_bits) / 2) + 3 * (1u << t.digit_bits));
    c.tuning = t;
    c.shared_bytes = tile_shared_bytes(c);
  };
  // Ranking: ballots of the device's subgroups, or of those DeviceFacts::emulated_subgroup_size
  // emulates where it has none, where the workgroup holds whole subgroups and their counters fit
  // shared memory; else digits matched in shared memory in rows of 32. A default workgroup of
  // many small subgroups halves until their counters fit.
  const std::uint32_t own_size = limits.ballot_subgroup_size;
  const std::uint32_t ballot_size =
      planned_subgroup_size(own_size != 0 ? own_size : emulated_subgroups(limits), limits);
  const auto rank_by_ballots = [&] {
    const bool whole = ballot_size != 0 && t.workgroup_size % ballot_size == 0;
    c.ranking = !t.use_subgroups || !whole ? Ranking::shared_match
                : own_size != 0            ? Ranking::ballots
                                           : Ranking::emulated_ballots;
    c.subgroup_size = c.ranking == Ranking::shared_match ? 32 : ballot_size;
    const std::uint32_t keys = t.keys_per_invocation;
    t.keys_per_invocation = 1;
    shape();
    t.keys_per_invocation = keys;
    return c.ranking != Ranking::shared_match && c.shared_bytes <= limits.max_shared_bytes;
  };
  const std::uint32_t unit = (std::max)(32u, ballot_size);  // whole subgroups, whole rows of 32
  while (!rank_by_ballots() && c.ranking != Ranking::shared_match && asked.workgroup_size == 0 &&
         t.workgroup_size / 2 >= unit && (t.workgroup_size / 2) % unit == 0) {
    t.workgroup_size /= 2;
  }
  if (c.ranking != Ranking::shared_match && c.shared_bytes > limits.max_shared_bytes) {
    c.ranking = Ranking::shared_match;
    c.subgroup_size = 32;
  }
  t.use_subgroups = c.ranking != Ranking::shared_match;
  shape();
  // Defaults shrink to the device: keys per invocation until a tile fits its shared memory.
  while (asked.keys_per_invocation == 0 && t.keys_per_invocation > 1 && c.shared_bytes > limits.max_shared_bytes) {
    --t.keys_per_invocation;
    shape();
  }
  if (test_hooks().scatter_parts != 0 && c.scatter_parts != test_hooks().scatter_parts)
    return invalid("the scatter's " + std::to_string(test_hooks().scatter_parts) + " parts (a test hook) must divide " +
                   "keys_per_invocation " + std::to_string(t.keys_per_invocation));
  if (c.tile_size > 32768)
    return invalid("a tile of workgroup_size x keys_per_invocation = " + std::to_string(c.tile_size) +
                   " keys exceeds 32768 (16-bit counters)");
  if (c.shared_bytes > limits.max_shared_bytes)
    return invalid("a tile of " + std::to_string(c.tile_size) + " keys needs " + std::to_string(c.shared_bytes) +
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
  // Onesweep's look-back never waits without bound (a partition not ready after a few polls
  // is counted by the workgroup that waits for it), so it runs on every device, whatever the
  // forward-progress policy says.
  if (c.tuning.path == RadixPath::automatic) c.tuning.path = RadixPath::onesweep;
  c.withhold_every = test_hooks().withhold_every;
  c.phase_clock_buffer = test_hooks().phase_clock_buffer;
  if (c.phase_clock_buffer != 0) {
    if (!limits.shader_clock)
      return invalid("the phase clock (a test hook) needs GL_ARB_shader_clock on a desktop GL 4.5 context, which " +
                     limits.renderer + " does not offer here");
    if (limits.max_storage_bindings <= GPUSORT_RADIX_BINDING_PHASE_CLOCK)
      return invalid("the phase clock (a test hook) needs shader storage binding " +
                     std::to_string(GPUSORT_RADIX_BINDING_PHASE_CLOCK));
  }
  c.variable_group_dispatch = test_hooks().variable_group_dispatch;
  if (c.variable_group_dispatch != nullptr && !(limits.variable_group_size && c.tuning.path == RadixPath::onesweep))
    return invalid("variable group sizes (a test hook) need Onesweep and GL_ARB_compute_variable_group_size, which " +
                   limits.renderer + " does not offer here");
  resolved = c;
  return {};
}

/// resolve_tuning() for tools and tests: the config, with a failure reported (report()).
inline Config resolve_tuning(const RadixTuning& t, const DeviceLimits& limits, std::uint32_t key_bytes = 4,
                             bool has_values = false, std::size_t count = 0) {
  Config c;
  report(resolve_tuning(t, limits, key_bytes, has_values, c, count));
  return c;
}

/// The config of a sorter of `elements` with `tuning` on `device`, into `c`.
inline Status make_config(const RadixTuning& tuning, const DeviceLimits& device, const Elements& elements, Config& c) {
  if (Status status = resolve_tuning(tuning, device, elements.key_bytes, elements.has_values(), c); !status)
    return status;
  c.elements = elements;
  return {};
}

/// make_config() for tools and tests: the config, with a failure reported (report()).
inline Config make_config(const RadixTuning& tuning, const DeviceLimits& device, const Elements& elements) {
  Config c;
  report(make_config(tuning, device, elements, c));
  return c;
}

/// Whether two configs build the same programs and plan the same geometry.
inline bool same_shape(const Config& a, const Config& b) {
  const RadixTuning &s = a.tuning, &t = b.tuning;
  return s.digit_bits == t.digit_bits && s.keys_per_invocation == t.keys_per_invocation &&
         s.workgroup_size == t.workgroup_size && s.path == t.path && s.blocks == t.blocks &&
         s.histogram_keys == t.histogram_keys && s.use_subgroups == t.use_subgroups && a.ranking == b.ranking &&
         a.subgroup_size == b.subgroup_size && a.serial_scan_blocks == b.serial_scan_blocks &&
         a.histogram_group == b.histogram_group && a.scatter_parts == b.scatter_parts &&
         a.lean_registers == b.lean_registers && a.values_after_keys == b.values_after_keys &&
         a.whole_key_staging == b.whole_key_staging && a.kept_order_passes == b.kept_order_passes;
}

/// The configs of a sorter of `elements` with `tuning` on `device`, into `configs`: the first
/// for every count, then one from each size threshold of the defaults rows that apply
/// (defaults.hpp Defaults::min_count) whose shape differs from the one below it. Thresholds
/// change the tile shape, never the digit passes: a row that resolves to other digit_bits is a
/// table error, reported.
inline Status make_configs(const RadixTuning& tuning, const DeviceLimits& device, const Elements& elements,
                           std::vector<SizedConfig>& configs) {
  std::vector<SizedConfig> made(1);
  if (Status status = make_config(tuning, device, elements, made[0].config); !status) return status;
  for (std::size_t from :
       size_thresholds(defaults_in_effect(), device, elements.key_bytes, elements.has_values(), tuning)) {
    SizedConfig sized{from, Config{}};
    if (Status status = resolve_tuning(tuning, device, elements.key_bytes, elements.has_values(), sized.config, from);
        !status)
      return status;
    sized.config.elements = elements;
    if (sized.config.tuning.digit_bits != made[0].config.tuning.digit_bits)
      return fail("gpusort: the radix defaults row for sorts from " + std::to_string(from) +
                  " elements resolves to other digit_bits than the rows below it (detail/radix/defaults.hpp)");
    if (!same_shape(sized.config, made.back().config)) made.push_back(sized);
  }
  configs = std::move(made);
  return {};
}

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
