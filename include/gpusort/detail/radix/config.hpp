#pragma once
// What a radix sorter plans and builds with, fixed at construction: the resolved tuning
// (tuning.hpp) and what the programs derive from it, and what every radix kernel needs of the
// device.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "../job/elements.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"
#include "../gl/dispatch.hpp"
#include "../shader_interface.hpp"
#include "defaults.hpp"

namespace gpusort {
namespace detail {
namespace radix {

// The meta buffer's layout and init.comp's DispatchIndirectCommands are in the shader
// interface (detail/shader_interface/radix.hpp, GPUSORT_RADIX_META_*, GPUSORT_RADIX_ARGUMENTS_*).
constexpr std::uint32_t max_small_group = 256;  // init, scan, upsweep and copy workgroups, at most

using VariableGroupDispatch = detail::VariableGroupDispatch;

/// Ranking (the subgroup backend, shaders/radix/tile_subgroups.glsl SUBGROUP_MODE).
enum class Ranking : std::uint32_t { shared_match = 0, emulated_ballots = 1, ballots = 2 };

/// A RadixTuning with every field resolved, plus what the programs derive from it, and the
/// device and elements it was resolved for.
struct Config {
  RadixTuning tuning;
  Ranking ranking = Ranking::shared_match;
  std::uint32_t subgroup_size = 32;  // real, emulated, or the shared match's rows of 32
  std::uint32_t tile_size = 0;       // workgroup_size * keys_per_invocation
  std::uint32_t area_words = 0;      // tile.glsl AREA_WORDS
  std::uint32_t scatter_parts = 1;   // tile.glsl SCATTER_PARTS (Defaults::scatter_parts)
  bool lean_registers = false;       // tile.glsl PACK_RANKS and RECOMPUTE_DIGITS (Defaults::lean_registers)
  bool values_after_keys = false;    // tile.glsl VALUES_AFTER_KEYS, sorts with values only (Defaults::values_after_keys)
  bool whole_key_staging = false;    // tile.glsl WHOLE_KEY_STAGING, 64-bit keys only (Defaults::whole_key_staging)
  bool kept_order_passes = true;     // histogram.comp and onesweep.comp KEPT_ORDER (Defaults::kept_order_passes)
  std::uint64_t shared_bytes = 0;    // shared memory of the tile kernels
  /// scan.comp: up to this many blocks one workgroup walks them, an invocation per digit. On
  /// GPUs a walk of dependent loads is slow (32); llvmpipe starts workgroups slowly (4096).
  std::uint32_t serial_scan_blocks = 32;
  std::uint32_t small_group = 256;     // invocations of init, scan, upsweep and copy
  std::uint32_t histogram_group = 128; // invocations of Onesweep's histogram (Defaults::histogram_group_size)
  std::uint32_t copy_elements = 1024;  // elements per copy.comp workgroup (small_group x 4)
  DeviceLimits device;                 // the limits it was resolved for
  Elements elements;                   // the sort's element type (make_config())

  DispatchLimits dispatch_limits() const { return {tuning.max_workgroups_x, device.max_groups_y}; }
  /// Test mode (test_hooks()): every k-th Onesweep partition withholds its status posts, so
  /// that the next one must recount it (onesweep.comp WITHHOLD_POSTS, a program of its own);
  /// 0: off.
  std::uint32_t withhold_every = 0;
  /// Probe mode (test_hooks()): the buffer Onesweep's tiles stamp their phases into
  /// (onesweep.comp PHASE_CLOCK, a program of its own; the layout: shader_interface/radix.hpp
  /// GPUSORT_RADIX_PHASE_*); 0: off, as in every sort outside gpusort_radix_probe --phases.
  GLuint phase_clock_buffer = 0;
  /// Probe mode (test_hooks()): Onesweep's tile kernel declares layout(local_size_variable)
  /// (GL_ARB_compute_variable_group_size, onesweep.comp VARIABLE_GROUP_SIZE) and its direct
  /// dispatches go through this function, which calls glDispatchComputeGroupSizeARB (the caller
  /// loads it: gpusort declares no GL entry point beyond what GL 4.3 and ES 3.1 have). The
  /// extension has no indirect dispatch: a sort_indirect() would fail in GL (INVALID_OPERATION),
  /// and the probe makes none. nullptr: off, as in every sort outside the probe.
  VariableGroupDispatch variable_group_dispatch = nullptr;
};

/// Test hooks, not part of the API: sorters constructed while a field is set plan with it
/// (tests/radix/fallback_test.cpp, tests/radix/shapes_by_size_test.cpp). withhold_every:
/// Config::withhold_every; defaults: a table to resolve with instead of defaults_table (size
/// thresholds on any device); scatter_parts: Config::scatter_parts instead of the row's (0: the
/// row's), for gpusort_radix_probe's grids; phase_clock_buffer: Config::phase_clock_buffer,
/// for gpusort_radix_probe --phases (needs GL_ARB_shader_clock); values_after_keys:
/// Config::values_after_keys instead of the row's (-1: the row's; 0 off, 1 on), for the probe's
/// grids; whole_key_staging and kept_order_passes: likewise; variable_group_dispatch:
/// Config::variable_group_dispatch, for the probe's lsv=1 (needs the extension).
struct TestHooks {
  std::uint32_t withhold_every = 0;
  const DefaultsTable* defaults = nullptr;
  std::uint32_t scatter_parts = 0;
  GLuint phase_clock_buffer = 0;
  int values_after_keys = -1;
  int whole_key_staging = -1;
  int kept_order_passes = -1;
  VariableGroupDispatch variable_group_dispatch = nullptr;
};

inline TestHooks& test_hooks() {
  static TestHooks hooks;
  return hooks;
}

/// Shared memory of downsweep.comp / onesweep.comp (tile.glsl): the area (which also holds the
/// digit counts, starts and scan temporaries), s_delta, the downsweep's s_base or Onesweep's
/// s_lookback_next and, without real subgroups (tile_subgroups.glsl), a word per invocation for shuffles plus
/// the row's digits (shared match: a word per invocation) or the ballot words (emulated
/// ballots: digit_bits words per 32 invocations), and with values after keys the word that holds
/// the tile's first position (s_value_first).
inline std::uint64_t tile_shared_bytes(const Config& c) {
  const std::uint64_t radix = std::uint64_t{1} << c.tuning.digit_bits;
  const std::uint64_t group = c.tuning.workgroup_size;
  const std::uint64_t lanes = c.ranking == Ranking::ballots            ? 0
                              : c.ranking == Ranking::emulated_ballots ? group + c.tuning.digit_bits * group / 32
                                                                       : 2 * group;
  return 4 * (c.area_words + 2 * radix + lanes + (c.values_after_keys ? 1 : 0));
}

/// What every radix kernel needs of the device, whatever the tuning: storage blocks per
/// compute shader (the most any kernel declares), binding points (GPUSORT_RADIX_BINDING_*),
/// invocations (a workgroup of 128 covers 7-bit digits) and shared memory (a tile of 128 x 8).
constexpr std::uint32_t needed_storage_blocks = 8;
constexpr std::uint32_t needed_binding_points = GPUSORT_RADIX_BINDING_COUNT_BUFFER + 1;
constexpr std::uint32_t needed_invocations = 128;
constexpr std::uint32_t needed_shared_bytes = 16384;

/// The first limit of `limits` below what the radix kernels need, as a sentence; "" if none.
inline std::string device_need(const DeviceLimits& limits) {
  const auto need = [&](const char* limit, std::uint64_t has, std::uint64_t wants) {
    return "the radix sort needs " + std::string(limit) + " >= " + std::to_string(wants) + ", but this device (" +
           limits.renderer + ") has " + std::to_string(has);
  };
  if (limits.max_compute_storage_blocks < needed_storage_blocks)
    return need("GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS", limits.max_compute_storage_blocks, needed_storage_blocks);
  if (limits.max_storage_bindings < needed_binding_points)
    return need("GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS", limits.max_storage_bindings, needed_binding_points);
  if (limits.max_invocations < needed_invocations)
    return need("GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS", limits.max_invocations, needed_invocations);
  if (limits.max_shared_bytes < needed_shared_bytes)
    return need("GL_MAX_COMPUTE_SHARED_MEMORY_SIZE", limits.max_shared_bytes, needed_shared_bytes);
  return "";
}

/// A config and the sorts it is for: those of at least min_count elements (up to the next
/// SizedConfig's). A sorter has one per tile shape (make_configs()), ascending, the first 0.
struct SizedConfig {
  std::size_t min_count = 0;
  Config config;
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
