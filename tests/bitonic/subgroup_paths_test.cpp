// The network's subgroup code paths (the tile kernel), checked against the CPU network pair
// for pair. Where the context has GL_KHR_shader_subgroup they run with real shuffles; where it
// has not (llvmpipe in CI) with subgroups emulated through shared memory
// (DeviceFacts::emulated_subgroup_size; tests/subgroup_support.hpp): 32 lanes by default, and in
// ctest's gpusort_tests.subgroup_paths_<n> runs 4, 8, 16, 32, 64 and 128 lanes, so CI executes
// the indexing a GPU of each size takes: register/shuffle steps, wide chunks and, at 32 lanes,
// the direct tile I/O layouts of window passes (top and low) with the window flip. Tiles hold
// two subgroups where shared memory allows, and are small so that stages with the most window
// steps a tile allows (tile_log2 - 4 with runs of 16) are reached at counts llvmpipe sorts
// quickly. tests/all_sorters/subgroup_sizes_test.cpp runs all three sorters at the same sizes.

#include <cstring>
#include <random>

#include "gl_session.hpp"
#include "sort_checks.hpp"
#include "subgroup_support.hpp"

namespace gpusort_test {
namespace {

gpusort::BitonicTuning subgroup_tuning(std::uint32_t tile, std::uint32_t window_run, bool direct,
                                       std::uint32_t local_elements = 8) {
  gpusort::BitonicTuning tuning;
  tuning.tile_size = tile;
  tuning.local_elements = local_elements;
  tuning.window_run = window_run;
  tuning.single_dispatch_tile = tile;  // counts above the tile take the multi-pass path
  tuning.direct_tile_io = direct;
  return test_tuning(tuning);
}

// The smallest tile of two subgroups of the lanes in effect at 8 elements per invocation, and at
// least `tile` (512 at 32 lanes: windows of up to 5 steps with runs of 16).
std::uint32_t two_subgroups(std::uint32_t tile = 512) { return std::max(tile, 2 * 8 * subgroup_lanes()); }

// Every shape runs with a GPU's own subgroups and with emulated ones of 32 (the plain ctest run).
// The other emulated sizes (each a run of its own, compiling its programs anew on llvmpipe, where
// the compiles are most of the time) take one program per thing whose indexing depends on the
// size: tiles of two subgroups with windows, tiles of one subgroup, and wide chunks (keys alone:
// the lanes a chunk holds do not depend on the element; tests/all_sorters/subgroup_sizes_test.cpp shuffles
// every key layout with and without values at every size). Not direct tile I/O (32 lanes only),
// nor the 16 elements per invocation and a GPU's default tiles.
bool every_shape() { return own_subgroup_size() != 0 || subgroup_lanes() == 32; }

std::string describe_with_lanes(const gpusort::BitonicTuning& t) {
  return std::to_string(subgroup_lanes()) + "-lane subgroups, tile_size=" + std::to_string(t.tile_size) +
         " local_elements=" + std::to_string(t.local_elements) + " window_run=" + std::to_string(t.window_run) +
         " use_subgroups=" + std::to_string(t.use_subgroups) + " direct_tile_io=" + std::to_string(t.direct_tile_io);
}

// Counts that reach every pass kind for tiles of 2^T: small sorts (part of a subgroup, part
// of the tile), one whole tile, a few tiles (local disperses, one-step windows), and the
// first stage, 2T - 4, whose window has the most steps runs of 16 allow (T - 4), at a count
// that is no power of two; tiles above 1024 (the wide subgroups') stop at a window of 5 steps.
std::vector<std::size_t> counts_for(std::size_t tile) {
  return {3, 37, tile / 2 + 5, tile, tile + 1, 3 * tile + 2, tile <= 1024 ? tile * tile / 16 - 7 : 16 * tile + 9};
}

// The subgroups run wherever the workgroup holds whole ones; direct tile I/O only with subgroups
// of 32 and 8 elements per invocation in tiles of 512 .. 4096, for 32-bit keys without values.
void expect_paths(const gpusort::BitonicTuning& requested, const gpusort::BitonicTuning& applied, bool keys_only_32) {
  if (subgroups_forced_off()) {
    EXPECT_FALSE(applied.use_subgroups);
    EXPECT_FALSE(applied.direct_tile_io);
    return;
  }
  const std::uint32_t lanes = subgroup_lanes();
  const bool fit = (applied.tile_size / applied.local_elements) % lanes == 0;
  EXPECT_EQ(applied.use_subgroups, fit);
  const bool direct_shape = applied.local_elements == 8 && applied.tile_size >= 512 && applied.tile_size <= 4096;
  EXPECT_EQ(applied.direct_tile_io, requested.direct_tile_io && keys_only_32 && fit && lanes == 32 && direct_shape);
}

// Many equal keys, so that the tie orientation of every step shows in the values. 64-bit
// keys share high words, so that the low word must break ties (their bits cover every class
// of double too).
template <class Key>
std::vector<Key> input_keys(std::size_t count, std::uint32_t seed) {
  if constexpr (sizeof(Key) == 4) {
    return make_keys<Key>(Distribution::few_distinct, count, seed);
  } else {
    std::mt19937 rng(seed);
    const std::uint64_t high_words[] = {0x0, 0x80000000, 0xfff00000, 0x7ff80000, 0x3ff00000};
    std::vector<Key> keys(count);
    for (auto& key : keys) {
      const std::uint64_t bits = (high_words[rng() % 5] << 32) | (rng() % 7 == 0 ? 0xffffffffu : rng() % 3);
      std::memcpy(&key, &bits, sizeof key);
    }
    return keys;
  }
}

template <class Key, class Value>
void check_matches_cpu(const gpusort::BitonicTuning& requested, std::vector<std::size_t> counts = {}) {
  gpusort::BitonicSorter<Key, Value> sorter(requested, nullptr, subgroup_facts());
  EXPECT_EQ(sorter.device_facts().emulated_subgroup_size, subgroup_facts().emulated_subgroup_size);
  SCOPED_TRACE(describe_with_lanes(sorter.tuning()));
  expect_paths(requested, sorter.tuning(), sizeof(Key) == 4 && std::is_void<Value>::value);
  if (counts.empty()) counts = counts_for(sorter.tuning().tile_size);
  for (std::size_t count : counts) {
    for (auto order : both_orders) {
      const auto seed = static_cast<std::uint32_t>(count * 7 + requested.tile_size);
      SCOPED_TRACE("count " + std::to_string(count) + " " + order_name(order) + " seed " + std::to_string(seed));
      const auto keys = input_keys<Key>(count, seed);
      if constexpr (std::is_void<Value>::value) {
        ASSERT_TRUE(host_sort_matches_cpu_network(sorter, keys, order));
      } else {
        ASSERT_TRUE(host_sort_matches_cpu_network(sorter, keys, make_values(count, seed), order));
      }
    }
  }
}

class SubgroupPaths : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (const std::string why = subgroup_size_mismatch(); !why.empty()) GTEST_SKIP() << why;
  }
};

// Keys only (the direct tile I/O path at 32 lanes). Two subgroups a tile (512 elements at 32
// lanes): windows of up to 5 steps with runs of 16, the low layout with only its lane step;
// runs of 8 take the shared-memory window path. Four subgroups a tile (1024 at 32 lanes): the top
// layout's lane bit is 6, the low layout has a register step. And the shared-memory window path
// with subgroups (direct off), where it differs.
TEST_F(SubgroupPaths, KeysMatchCpuNetwork) {
  const std::uint32_t tile = two_subgroups();
  for (std::uint32_t run : {16u, 8u}) check_matches_cpu<std::uint32_t, void>(subgroup_tuning(tile, run, true));
  if (!every_shape()) return;
  check_matches_cpu<std::uint32_t, void>(subgroup_tuning(2 * tile, 16, true));
  if (subgroup_lanes() == 32) check_matches_cpu<std::uint32_t, void>(subgroup_tuning(tile, 16, false));
}

// One subgroup a tile (every step of a 1024-key tile's local sort in registers and shuffles at 128
// lanes): no step through shared memory but the windows'.
TEST_F(SubgroupPaths, OneSubgroupTilesMatchCpuNetwork) {
  const std::uint32_t tile = 8 * subgroup_lanes();
  if (tile < 64) GTEST_SKIP() << "tiles of at least 64 elements (window_run 4 needs 16)";
  check_matches_cpu<std::uint32_t, void>(subgroup_tuning(tile, 4, true), {5, tile - 1, tile + 3, 17 * tile + 1});
}

// 16 elements per invocation (BitonicTuning::local_elements 16) in a GPU's 4096-key tiles:
// subgroup bits 4.. (at 32 lanes 4..8), the stages above through shared memory (no direct
// windows: those are drawn for 8). The GPU's 4096-key tiles only: each tuning costs llvmpipe
// seconds of shader compiles.
TEST_F(SubgroupPaths, SixteenElementTilesMatchCpuNetwork) {
  if (!every_shape()) GTEST_SKIP() << "run in the plain run (32 lanes): see every_shape()";
  gpusort::BitonicTuning tuning = subgroup_tuning(4096, 16, false, 16);
  tuning.fused_tile_size = 4096;  // on GPUs with known compute units too: no fused sort in smaller tiles
  check_matches_cpu<std::uint32_t, void>(tuning, {4096 + 1, 3 * 4096 + 5});
}

// Pairs and 64-bit keys take the shared-memory tile path with subgroup shuffles (the direct
// path is for 32-bit keys only): shuffles of values and of uvec2 keys.
TEST_F(SubgroupPaths, PairsMatchCpuNetwork) {
  if (!every_shape()) GTEST_SKIP() << "run in the plain run (32 lanes); WideChunksMatchCpuNetwork sorts these pairs";
  check_matches_cpu<float, std::uint32_t>(subgroup_tuning(two_subgroups(1024), 16, true));
}

TEST_F(SubgroupPaths, WideKeysMatchCpuNetwork) {
  if (!every_shape()) GTEST_SKIP() << "run in the plain run (32 lanes); WideChunksMatchCpuNetwork sorts these keys";
  check_matches_cpu<std::uint64_t, std::uint32_t>(subgroup_tuning(two_subgroups(), 16, true));
}

// The default tile sizes of a GPU (4096 keys, 2048 pairs), at counts llvmpipe sorts quickly:
// stage 13 (one window step) and the top layout's full width.
TEST_F(SubgroupPaths, GpuDefaultTilesMatchCpuNetwork) {
  if (!every_shape()) GTEST_SKIP() << "run in the plain run (32 lanes): see every_shape()";
  {
    gpusort::BitonicSorter<std::uint32_t> keys_sorter(subgroup_tuning(4096, 16, true), nullptr, subgroup_facts());
    gpusort::BitonicSorter<float, std::uint32_t> pairs_sorter(subgroup_tuning(2048, 16, true), nullptr,
                                                              subgroup_facts());
    SCOPED_TRACE(describe_with_lanes(keys_sorter.tuning()));
    expect_paths(subgroup_tuning(4096, 16, true), keys_sorter.tuning(), true);
    expect_paths(subgroup_tuning(2048, 16, true), pairs_sorter.tuning(), false);
    for (std::size_t count : {std::size_t{1000}, std::size_t{4096}, std::size_t{3 * 4096 + 5}}) {
      for (auto order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count);
        SCOPED_TRACE(case_name<std::uint32_t>("gpu tiles", count, order, Distribution::random, seed));
        ASSERT_TRUE(host_sort_matches_cpu_network(
            keys_sorter, make_keys<std::uint32_t>(Distribution::random, count, seed), order));
        ASSERT_TRUE(host_sort_matches_cpu_network(
            pairs_sorter, make_keys<float>(Distribution::few_distinct, count, seed), make_values(count, seed), order));
      }
    }
  }
}

// Wide chunks (BitonicTuning::wide_chunk_min_count 1: every sort): shared-memory steps held by
// three register bits and the lane bits below them, with the window flip among them. Keys on
// the shared-memory path (windows of 5 steps in 512-element tiles at 32 lanes) here; pairs and
// 64-bit keys, and a GPU's default tiles, in the two tests below.
gpusort::BitonicTuning wide(gpusort::BitonicTuning tuning) {
  tuning.wide_chunk_min_count = 1;
  return tuning;
}

TEST_F(SubgroupPaths, WideChunksMatchCpuNetwork) {
  const std::uint32_t tile = two_subgroups();
  {
    gpusort::BitonicSorter<std::uint32_t> sorter(wide(subgroup_tuning(tile, 16, false)), nullptr, subgroup_facts());
    EXPECT_EQ(sorter.tuning().wide_chunk_min_count, subgroups_forced_off() ? gpusort::BitonicTuning::never : 1u);
  }
  check_matches_cpu<std::uint32_t, void>(wide(subgroup_tuning(tile, 16, false)));
}

// Wide chunks of pairs and of 64-bit keys.
TEST_F(SubgroupPaths, WideChunkPairsAndWideKeysMatchCpuNetwork) {
  if (!every_shape()) GTEST_SKIP() << "run in the plain run (32 lanes): see every_shape()";
  check_matches_cpu<float, std::uint32_t>(wide(subgroup_tuning(two_subgroups(1024), 16, true)));
  check_matches_cpu<std::uint64_t, std::uint32_t>(wide(subgroup_tuning(two_subgroups(), 16, true)));
}

// Wide chunks in a GPU's default tiles: the 8-element local sort of 4096 keys (stage 12's
// shared-memory steps) and 2048 pairs (windows of 7 steps).
TEST_F(SubgroupPaths, WideChunksInGpuDefaultTilesMatchCpuNetwork) {
  if (!every_shape()) GTEST_SKIP() << "run in the plain run (32 lanes): see every_shape()";
  check_matches_cpu<std::uint32_t, void>(wide(subgroup_tuning(4096, 16, false)), {4096 + 1, 3 * 4096 + 5});
  check_matches_cpu<float, std::uint32_t>(wide(subgroup_tuning(2048, 16, true)), {2048 + 3, 6 * 2048 + 1});
}

// Without use_subgroups nothing runs on subgroups, emulated or not.
TEST_F(SubgroupPaths, EmulationNeedsUseSubgroups) {
  gpusort::BitonicTuning tuning = subgroup_tuning(two_subgroups(), 16, true);
  tuning.use_subgroups = false;
  gpusort::BitonicSorter<std::uint32_t> sorter(tuning, nullptr, subgroup_facts());
  EXPECT_FALSE(sorter.tuning().use_subgroups);
  EXPECT_FALSE(sorter.tuning().direct_tile_io) << "the direct layouts need subgroups";
  EXPECT_EQ(sorter.tuning().wide_chunk_min_count, gpusort::BitonicTuning::never);
}

}  // namespace
}  // namespace gpusort_test
