// detail::resolve_tuning on its own (no GL): the defaults the Tuning comments promise for a
// GPU like the H200 the numbers were measured on, and for a software renderer, from device
// limits written out here instead of queried.

// device.hpp also holds the GL queries, so it needs GL declarations first (the loader's).
#include <glad/gl.h>

#include <gpusort/detail/device.hpp>
#include <gtest/gtest.h>

#include <cstdint>

namespace gpusort_test {
namespace {

using gpusort::detail::DeviceLimits;
using gpusort::detail::resolve_tuning;

constexpr std::uint32_t never = gpusort::Tuning::never;

// What an H200 reports through GL (GL 4.6, 48 KiB of shared memory, subgroups of 32).
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
  EXPECT_EQ(keys.local_sort_elements, 16u);
  EXPECT_TRUE(keys.direct_tile_io);
  EXPECT_TRUE(keys.merge_stages);
  const auto pairs = resolve_tuning({}, gpu_limits(), 8, 4);
  EXPECT_EQ(pairs.tile_size, 2048u);
  EXPECT_EQ(pairs.local_sort_elements, 8u);
  EXPECT_FALSE(pairs.direct_tile_io);
}

// With emulated subgroups (the testing aid) the default tile leaves room for the emulation's
// exchange word per element; before, the default for pairs on llvmpipe did not fit.
TEST(TuningDefaults, EmulatedSubgroupsFitTheDefaultTile) {
  gpusort::Tuning emulated;
  emulated.emulate_subgroups = true;
  EXPECT_EQ(resolve_tuning(emulated, software_limits(), 8, 4).tile_size, 2048u);
  EXPECT_EQ(resolve_tuning({}, software_limits(), 8, 4).tile_size, 4096u);
  EXPECT_EQ(resolve_tuning(emulated, software_limits(), 4, 4).tile_size, 4096u);
}

// Wide chunks by default only where they were measured to win: 32-bit keys with values,
// from 2^21 elements. Keys alone and 64-bit keys never; nothing without subgroups.
TEST(TuningDefaults, WideChunksOnlyForLargeKeyValueSorts) {
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 4).wide_chunk_min_count, 1u << 21);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 4, 4).wide_chunk_min_count, never);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 8, 8).wide_chunk_min_count, never);
  EXPECT_EQ(resolve_tuning({}, gpu_limits(), 12, 8).wide_chunk_min_count, never);
  EXPECT_EQ(resolve_tuning({}, software_limits(), 8, 4).wide_chunk_min_count, never);

  gpusort::Tuning forced;
  forced.wide_chunk_min_count = 1;
  EXPECT_EQ(resolve_tuning(forced, gpu_limits(), 4, 4).wide_chunk_min_count, 1u);
  forced.use_subgroups = false;
  EXPECT_EQ(resolve_tuning(forced, gpu_limits(), 8, 4).wide_chunk_min_count, never);
  // Emulated subgroups (the testing aid) keep an explicit request.
  gpusort::Tuning emulated;
  emulated.wide_chunk_min_count = 1;
  emulated.emulate_subgroups = true;
  EXPECT_EQ(resolve_tuning(emulated, software_limits(), 8, 4).wide_chunk_min_count, 1u);
}

}  // namespace
}  // namespace gpusort_test
