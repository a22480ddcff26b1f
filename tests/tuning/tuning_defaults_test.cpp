// detail::bitonic::resolve_tuning on its own (no GL): the defaults the BitonicTuning comments promise for a
// GPU like the H200 the numbers were measured on, and for a software renderer, from device
// limits written out here instead of queried.

// device/limits.hpp also holds the GL queries, so it needs GL declarations first (the loader's).
#include <glad/gl.h>

#include <gpusort/detail/bitonic/tuning.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>

namespace gpusort_test {
namespace {

using gpusort::detail::DeviceLimits;
using gpusort::detail::bitonic::resolve_tuning;

constexpr std::uint32_t never = gpusort::BitonicTuning::never;

// What an H200 reports through GL (GL 4.6, 48 KiB of shared memory, subgroups of 32, 132 SMs).
DeviceLimits gpu_limits() {
  DeviceLimits limits;
  limits.major = 4;
  limits.minor = 6;
  limits.max_shared_bytes = 49152;
  limits.max_invocations = 1024;
  limits.max_groups_x = 0x7FFFFFFF;
  limits.max_groups_y = 65535;
  limits.max_storage_block_bytes = std::uint64_t{1} << 31;
  limits.subgroup_size = 32;
  limits.compute_units = 132;
  limits.cross_workgroup_waits = true;  // a GPU where the forward-progress policy allows waits
  return limits;
}

// llvmpipe: 32 KiB of shared memory, no subgroups.
DeviceLimits software_limits() {
  DeviceLimits limits = gpu_limits();
  limits.max_shared_bytes = 32768;
  limits.max_groups_x = 65535;
  limits.subgroup_size = 0;
  limits.software = true;
  return limits;
}

TEST(TuningDefaults, GpuTilesAndPrograms) {
  const auto keys = resolve_tuning({}, gpu_limits(), 4, 4);
  EXPECT_EQ(keys.tile_size, 4096u);
  EXPECT_EQ(keys.local_elements, 8u);
  EXPECT_TRUE(keys.direct_tile_io);
  EXPECT_TRUE(keys.merge_stages);
  EXPECT_EQ(keys.single_dispatch_tile, 4096u) << "sorts of two tiles take fused passes";
  EXPECT_EQ(keys.single_tile_elements, 8u);
  const auto pairs = resolve_tuning({}, gpu_limits(), 8, 4);
  EXPECT_EQ(pairs.tile_size, 2048u);
  EXPECT_FALSE(pairs.direct_tile_io);
}

// Elements of 8 bytes or more hold 4 per invocation in the tile passes (512 invocations for a
// 16 KiB tile), 8 in the single-dispatch tile.
TEST(TuningDefaults, WideElementsHoldFourInTilePasses) {
  for (const auto& type : {std::pair<std::uint32_t, std::uint32_t>{8, 4}, {8, 8}, {12, 8}}) {
    SCOPED_TRACE("element bytes " + std::to_string(type.first) + ", key bytes " + std::to_string(type.second));
    const auto tuning = resolve_tuning({}, gpu_limits(), type.first, type.second);
    EXPECT_EQ(tuning.local_elements, 4u);
    EXPECT_EQ(tuning.single_tile_elements, 8u);
    EXPECT_EQ(tuning.single_dispatch_tile, tuning.tile_size) << "sorts of two tiles take fused passes";
  }
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 12, 8).tile_size, 1024u);
  // An explicit local_elements keeps its own single tile.
  gpusort::BitonicTuning eight;
  eight.local_elements = 8;
  const auto explicit_eight = resolve_tuning(eight, gpu_limits(), 8, 4);
  EXPECT_EQ(explicit_eight.single_tile_elements, 8u);
  // Software renderers: 4 everywhere (shader JIT time), as before.
  const auto software = resolve_tuning({}, software_limits(), 8, 4);
  EXPECT_EQ(software.local_elements, 4u);
  EXPECT_EQ(software.single_tile_elements, 4u);
  // A single tile too wide for 8 per invocation under the invocation limit holds more.
  DeviceLimits fewer_invocations = gpu_limits();
  fewer_invocations.max_invocations = 512;
  gpusort::BitonicTuning wide_single;
  wide_single.single_dispatch_tile = 8192;
  EXPECT_EQ(resolve_tuning(wide_single, fewer_invocations, 4, 4).single_tile_elements, 16u);
  gpusort::BitonicTuning unfused;
  unfused.fused_passes_max_count = never;
  EXPECT_EQ(resolve_tuning(unfused, fewer_invocations, 4, 4).single_dispatch_tile, 4096u)
      << "the default single tile stays within 8 per invocation";
}

// The single-dispatch tile: where fused passes take sorts of two tiles (GPUs, passes across
// stages), none beyond the tile; otherwise the widest tile shared memory and 8 elements per
// invocation allow (8192 keys, 4096 pairs with 48 KiB), as on software renderers.
TEST(TuningDefaults, SingleDispatchTileOnlyWhereTwoTilesDoNotFuse) {
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 4, 4).single_dispatch_tile, 4096u);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 4).single_dispatch_tile, 2048u);
  gpusort::BitonicTuning unfused;
  unfused.fused_passes_max_count = never;
  EXPECT_EQ(resolve_tuning(unfused, gpu_limits(), 4, 4).single_dispatch_tile, 8192u);
  EXPECT_EQ(resolve_tuning(unfused, gpu_limits(), 8, 4).single_dispatch_tile, 4096u);
  gpusort::BitonicTuning stage_by_stage;
  stage_by_stage.merge_stages = false;
  EXPECT_EQ(resolve_tuning(stage_by_stage, gpu_limits(), 4, 4).single_dispatch_tile, 8192u)
      << "without passes across stages a sort has register passes, which do not fuse";
  gpusort::BitonicTuning one_tile;
  one_tile.fused_passes_max_count = 4096;
  EXPECT_EQ(resolve_tuning(one_tile, gpu_limits(), 4, 4).single_dispatch_tile, 8192u);
  // Software renderers (fused passes off): 4 keys per invocation, so the 4096-key tile is
  // already as wide as 1024 invocations hold; with 8 it takes the wider single tile.
  EXPECT_EQ(resolve_tuning({}, software_limits(), 4, 4).single_dispatch_tile, 4096u);
  gpusort::BitonicTuning eight;
  eight.local_elements = 8;
  eight.tile_size = 2048;
  DeviceLimits one_thread = software_limits();
  one_thread.cross_workgroup_waits = true;
  EXPECT_EQ(resolve_tuning(eight, one_thread, 4, 4).single_dispatch_tile, 8192u) << "software: fused passes off";
}

// With emulated subgroups (the testing aid) the default tile leaves room for the emulation's
// exchange word per element; before, the default for pairs on llvmpipe did not fit.
// Fused passes: on GPUs up to 2 tiles per pass and compute unit, or 16 tiles where the units
// are unknown; never on a software renderer by default, and not even when asked for where its
// threads cannot wait for each other (llvmpipe on several threads,
// DeviceLimits::cross_workgroup_waits).
TEST(TuningDefaults, FusedPassesOnlyWhereWorkgroupsMayWait) {
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 4, 4).fused_passes_max_count, 264u * 4096u);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 4).fused_passes_max_count, 264u * 2048u);
  DeviceLimits units_unknown = gpu_limits();
  units_unknown.compute_units = 0;
  EXPECT_EQ(resolve_tuning({}, units_unknown, 4, 4).fused_passes_max_count, 16u * 4096u);
  EXPECT_EQ(resolve_tuning({}, units_unknown, 8, 4).fused_passes_max_count, 16u * 2048u);
  DeviceLimits told_units = gpu_limits();  // a sorter's DeviceFacts override the queried units
  told_units.compute_units = 10;
  EXPECT_EQ(resolve_tuning({}, told_units, 4, 4).fused_passes_max_count, 20u * 4096u);
  gpusort::BitonicTuning asked;
  asked.fused_passes_max_count = 1u << 20;
  EXPECT_EQ(resolve_tuning(asked, gpu_limits(), 4, 4).fused_passes_max_count, 1u << 20);
  DeviceLimits one_thread = software_limits();
  one_thread.cross_workgroup_waits = true;
  EXPECT_EQ(resolve_tuning({}, one_thread, 4, 4).fused_passes_max_count, never);
  EXPECT_EQ(resolve_tuning(asked, one_thread, 4, 4).fused_passes_max_count, 1u << 20);
  DeviceLimits threads = software_limits();
  threads.cross_workgroup_waits = false;
  EXPECT_EQ(resolve_tuning(asked, threads, 4, 4).fused_passes_max_count, never);
  DeviceLimits waitless_gpu = gpu_limits();
  waitless_gpu.cross_workgroup_waits = false;
  EXPECT_EQ(resolve_tuning({}, waitless_gpu, 4, 4).fused_passes_max_count, never);
}

// Fused sorts that leave compute units idle take half tiles on GPUs whose units are known,
// for elements of up to 8 bytes (64-bit keys with values measured no faster); elsewhere the
// fused tile is the tile itself, which turns it off.
TEST(TuningDefaults, FusedTilesHalveTheTileWhereUnitsAreKnown) {
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 4, 4).fused_tile_size, 2048u);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 4).fused_tile_size, 1024u) << "32-bit keys with values";
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 8).fused_tile_size, 1024u) << "64-bit keys";
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 12, 8).fused_tile_size, 1024u) << "64-bit keys with values: off";
  DeviceLimits units_unknown = gpu_limits();
  units_unknown.compute_units = 0;
  EXPECT_EQ(resolve_tuning({}, units_unknown, 4, 4).fused_tile_size, 4096u);
  gpusort::BitonicTuning unfused;
  unfused.fused_passes_max_count = never;
  EXPECT_EQ(resolve_tuning(unfused, gpu_limits(), 4, 4).fused_tile_size, 4096u);
  EXPECT_EQ(resolve_tuning({}, software_limits(), 4, 4).fused_tile_size, 4096u);
  gpusort::BitonicTuning long_runs;  // half tiles of 2048 in runs of 512: windows of 2 steps, not wider than 8
  long_runs.window_run = 512;
  EXPECT_EQ(resolve_tuning(long_runs, gpu_limits(), 4, 4).fused_tile_size, 4096u);
  gpusort::BitonicTuning asked;
  asked.fused_tile_size = 512;
  EXPECT_EQ(resolve_tuning(asked, gpu_limits(), 4, 4).fused_tile_size, 512u);
}

// llvmpipe with DeviceFacts::emulated_subgroup_size = lanes.
DeviceLimits emulating(std::uint32_t lanes) {
  DeviceLimits limits = software_limits();
  limits.emulated_subgroup_size = lanes;
  return limits;
}

// The emulated shuffles' word per element counts against shared memory; not where use_subgroups
// is off, nor on a device with subgroups (which runs its own).
TEST(TuningDefaults, EmulatedSubgroupsFitTheDefaultTile) {
  EXPECT_EQ(resolve_tuning({}, emulating(32), 8, 4).tile_size, 2048u);
  EXPECT_EQ(resolve_tuning({}, software_limits(), 8, 4).tile_size, 4096u);
  EXPECT_EQ(resolve_tuning({}, emulating(32), 4, 4).tile_size, 4096u);
  gpusort::BitonicTuning off;
  off.use_subgroups = false;
  EXPECT_EQ(resolve_tuning(off, emulating(32), 8, 4).tile_size, 4096u);
  DeviceLimits own = gpu_limits();
  own.emulated_subgroup_size = 32;
  EXPECT_EQ(resolve_tuning({}, own, 8, 4).tile_size, 2048u) << "the H200's tile of pairs";
}

// Subgroups run where the tile program's workgroup holds whole ones, a workgroup of one
// subgroup included; direct tile I/O only at 32 lanes.
TEST(TuningDefaults, EmulatedSubgroupSizesFollowTheWorkgroup) {
  gpusort::BitonicTuning tuning;
  tuning.tile_size = 1024;
  tuning.local_elements = 8;  // 128 invocations
  for (std::uint32_t lanes : {4u, 8u, 16u, 32u, 64u, 128u}) {
    SCOPED_TRACE(std::to_string(lanes) + " lanes");
    const auto resolved = resolve_tuning(tuning, emulating(lanes), 4, 4);
    EXPECT_TRUE(resolved.use_subgroups);
    EXPECT_EQ(resolved.direct_tile_io, lanes == 32);
  }
  tuning.tile_size = 512;  // 64 invocations: half a subgroup of 128
  EXPECT_FALSE(resolve_tuning(tuning, emulating(128), 4, 4).use_subgroups);
  EXPECT_TRUE(resolve_tuning(tuning, emulating(64), 4, 4).use_subgroups);
}

// Wide chunks by default only where they were measured to win: 32-bit keys with values,
// from 2^21 elements. Keys alone and 64-bit keys never; nothing without subgroups.
TEST(TuningDefaults, WideChunksOnlyForLargeKeyValueSorts) {
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 4).wide_chunk_min_count, 1u << 21);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 4, 4).wide_chunk_min_count, never);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 8).wide_chunk_min_count, never);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 12, 8).wide_chunk_min_count, never);
  EXPECT_EQ(resolve_tuning({}, software_limits(), 8, 4).wide_chunk_min_count, never);

  gpusort::BitonicTuning forced;
  forced.wide_chunk_min_count = 1;
  EXPECT_EQ(resolve_tuning(forced, gpu_limits(), 4, 4).wide_chunk_min_count, 1u);
  forced.use_subgroups = false;
  EXPECT_EQ(resolve_tuning(forced, gpu_limits(), 8, 4).wide_chunk_min_count, never);
  // Emulated subgroups (the test facility) keep an explicit request.
  gpusort::BitonicTuning emulated;
  emulated.wide_chunk_min_count = 1;
  EXPECT_EQ(resolve_tuning(emulated, emulating(32), 8, 4).wide_chunk_min_count, 1u);
  EXPECT_EQ(resolve_tuning(emulated, software_limits(), 8, 4).wide_chunk_min_count, never);
}

}  // namespace
}  // namespace gpusort_test
