// The subgroup code paths of the tile kernel, checked against the CPU network pair for pair
// on every device (the issue asks for both the subgroup and the fallback path in CI). Where the context has GL_KHR_shader_subgroup (NVIDIA) they run with real
// shuffles; where it has not (llvmpipe in CI) BitonicTuning::emulate_subgroups runs the same GLSL
// with each shuffle done through shared memory, so CI checks the indexing of the paths a
// GPU takes: register/shuffle steps, and the direct tile I/O layouts of window passes (top
// and low) with the window flip. Tiles are small so that stages with the most window steps a tile
// allows (tile_log2 - 4 with runs of 16) are reached at counts llvmpipe sorts quickly.

#include <cstring>
#include <random>

#include "gl_session.hpp"
#include "sort_checks.hpp"

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
  tuning.emulate_subgroups = true;
  return test_tuning(tuning);
}

std::string describe(const gpusort::BitonicTuning& t) {
  return "tile_size=" + std::to_string(t.tile_size) + " window_run=" + std::to_string(t.window_run) +
         " use_subgroups=" + std::to_string(t.use_subgroups) + " emulate_subgroups=" +
         std::to_string(t.emulate_subgroups) + " direct_tile_io=" + std::to_string(t.direct_tile_io);
}

// Counts that reach every pass kind for tiles of 2^T: small sorts (part of a subgroup, part
// of the tile), one whole tile, a few tiles (local disperses, one-step windows), and the
// first stage, 2T - 4, whose window has the most steps runs of 16 allow (T - 4), at a count
// that is no power of two.
std::vector<std::size_t> counts_for(std::size_t tile) {
  return {3, 37, tile / 2 + 5, tile, tile + 1, 3 * tile + 2, tile * tile / 16 - 7};
}

// On a device with real subgroups emulation is ignored; without them it must be on, or
// this file would check the shared-memory path a second time. Direct tile I/O is for 32-bit
// keys without values.
void expect_paths(const gpusort::BitonicTuning& requested, const gpusort::BitonicTuning& applied, bool keys_only_32) {
  if (subgroups_forced_off()) {
    EXPECT_FALSE(applied.use_subgroups);
    EXPECT_FALSE(applied.direct_tile_io);
    return;
  }
  EXPECT_TRUE(applied.use_subgroups);
  const bool emulated = gpusort::detail::query_subgroup_size() == 0;
  EXPECT_EQ(applied.emulate_subgroups, emulated);
  if (emulated || gpusort::detail::query_subgroup_size() == 32) {
    EXPECT_EQ(applied.direct_tile_io, requested.direct_tile_io && keys_only_32);
  }
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

template <class T>
::testing::AssertionResult identical(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() == want.size() && (got.empty() || std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0))
    return ::testing::AssertionSuccess();
  std::size_t first = 0;
  while (first < got.size() && first < want.size() && std::memcmp(&got[first], &want[first], sizeof(T)) == 0) ++first;
  return ::testing::AssertionFailure() << "differs from the CPU network from element " << first << " of "
                                       << want.size();
}

template <class Key, class Value>
void check_matches_cpu(const gpusort::BitonicTuning& requested, std::vector<std::size_t> counts = {}) {
  gpusort::BitonicSorter<Key, Value> sorter(requested);
  SCOPED_TRACE(describe(sorter.tuning()));
  expect_paths(requested, sorter.tuning(), sizeof(Key) == 4 && std::is_void<Value>::value);
  if (counts.empty()) counts = counts_for(sorter.tuning().tile_size);
  for (std::size_t count : counts) {
    for (auto order : both_orders) {
      const auto seed = static_cast<std::uint32_t>(count * 7 + requested.tile_size);
      SCOPED_TRACE("count " + std::to_string(count) + " " + order_name(order) + " seed " + std::to_string(seed));
      const auto keys = input_keys<Key>(count, seed);
      auto cpu_keys = keys;
      auto gpu_keys = keys;
      if constexpr (std::is_void<Value>::value) {
        gpusort::cpu::bitonic_sort(cpu_keys, order);
        sorter.sort(gpu_keys, order);
        ASSERT_TRUE(identical(gpu_keys, cpu_keys)) << "keys";
      } else {
        const auto values = make_values(count, seed);
        auto cpu_values = values;
        auto gpu_values = values;
        gpusort::cpu::bitonic_sort(cpu_keys, cpu_values, order);
        sorter.sort(gpu_keys, gpu_values, order);
        ASSERT_TRUE(identical(gpu_keys, cpu_keys)) << "keys";
        ASSERT_TRUE(identical(gpu_values, cpu_values)) << "values";
      }
    }
  }
}

class SubgroupPaths : public GlTest {};

// Keys only (the direct tile I/O path). 512-element tiles: 2 subgroups, windows of up to 5
// steps with runs of 16, the low layout with only its lane step; runs of 8 take the
// shared-memory window path. 1024-element tiles: the top layout's lane bit is 6, the low
// layout has a register step. And the shared-memory path with subgroups (direct off).
TEST_F(SubgroupPaths, KeysMatchCpuNetwork) {
  for (std::uint32_t run : {16u, 8u}) check_matches_cpu<std::uint32_t, void>(subgroup_tuning(512, run, true));
  check_matches_cpu<std::uint32_t, void>(subgroup_tuning(1024, 16, true));
  check_matches_cpu<std::uint32_t, void>(subgroup_tuning(512, 16, false));
}

// 16 elements per invocation (BitonicTuning::local_elements 16) in a GPU's 4096-key tiles:
// subgroup bits 4..8, the stages above through shared memory (no direct windows: those are
// drawn for 8). The GPU's 4096-key tiles only: each tuning costs llvmpipe seconds of shader
// compiles.
TEST_F(SubgroupPaths, SixteenElementTilesMatchCpuNetwork) {
  gpusort::BitonicTuning tuning = subgroup_tuning(4096, 16, false, 16);
  tuning.fused_tile_size = 4096;  // on GPUs with known compute units too: no fused sort in smaller tiles
  check_matches_cpu<std::uint32_t, void>(tuning, {4096 + 1, 3 * 4096 + 5});
}

// Pairs and 64-bit keys take the shared-memory tile path with subgroup shuffles (the direct
// path is for 32-bit keys only): shuffles of values and of uvec2 keys.
TEST_F(SubgroupPaths, PairsMatchCpuNetwork) { check_matches_cpu<float, std::uint32_t>(subgroup_tuning(1024, 16, true)); }

TEST_F(SubgroupPaths, WideKeysMatchCpuNetwork) {
  check_matches_cpu<std::uint64_t, std::uint32_t>(subgroup_tuning(512, 16, true));
}

// The default tile sizes of a GPU (4096 keys, 2048 pairs), at counts llvmpipe sorts quickly:
// stage 13 (one window step) and the top layout's full width.
TEST_F(SubgroupPaths, GpuDefaultTilesMatchCpuNetwork) {
  {
    gpusort::BitonicSorter<std::uint32_t> keys_sorter(subgroup_tuning(4096, 16, true));
    gpusort::BitonicSorter<float, std::uint32_t> pairs_sorter(subgroup_tuning(2048, 16, true));
    SCOPED_TRACE(describe(keys_sorter.tuning()));
    for (std::size_t count : {std::size_t{1000}, std::size_t{4096}, std::size_t{3 * 4096 + 5}}) {
      for (auto order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count);
        SCOPED_TRACE(case_name<std::uint32_t>("gpu tiles", count, order, Distribution::random, seed));
        const auto keys = make_keys<std::uint32_t>(Distribution::random, count, seed);
        auto cpu_keys = keys;
        auto gpu_keys = keys;
        gpusort::cpu::bitonic_sort(cpu_keys, order);
        keys_sorter.sort(gpu_keys, order);
        ASSERT_TRUE(same_bits(gpu_keys, cpu_keys));
        const auto float_keys = make_keys<float>(Distribution::few_distinct, count, seed);
        const auto values = make_values(count, seed);
        auto cpu_float = float_keys;
        auto gpu_float = float_keys;
        auto cpu_values = values;
        auto gpu_values = values;
        gpusort::cpu::bitonic_sort(cpu_float, cpu_values, order);
        pairs_sorter.sort(gpu_float, gpu_values, order);
        ASSERT_TRUE(same_bits(gpu_float, cpu_float));
        ASSERT_TRUE(same_bits(gpu_values, cpu_values));
      }
    }
  }
}

// Wide chunks (BitonicTuning::wide_chunk_min_count 1: every sort): shared-memory steps held by
// three register bits and the five lane bits below them, with the window flip among them.
// Keys on the shared-memory path (windows of 5 steps in 512-element tiles), pairs and 64-bit
// keys, and a GPU's default tiles (the 8-element local sort of 4096 keys: stage 12's four
// shared-memory steps; 2048 pairs: windows of 7 steps).
TEST_F(SubgroupPaths, WideChunksMatchCpuNetwork) {
  const auto wide = [](gpusort::BitonicTuning tuning) {
    tuning.wide_chunk_min_count = 1;
    return tuning;
  };
  {
    gpusort::BitonicSorter<std::uint32_t> sorter(wide(subgroup_tuning(512, 16, false)));
    EXPECT_EQ(sorter.tuning().wide_chunk_min_count, subgroups_forced_off() ? gpusort::BitonicTuning::never : 1u);
  }
  check_matches_cpu<std::uint32_t, void>(wide(subgroup_tuning(512, 16, false)));
  check_matches_cpu<float, std::uint32_t>(wide(subgroup_tuning(1024, 16, true)));
  check_matches_cpu<std::uint64_t, std::uint32_t>(wide(subgroup_tuning(512, 16, true)));
  check_matches_cpu<std::uint32_t, void>(wide(subgroup_tuning(4096, 16, false)), {4096 + 1, 3 * 4096 + 5});
  check_matches_cpu<float, std::uint32_t>(wide(subgroup_tuning(2048, 16, true)), {2048 + 3, 6 * 2048 + 1});
}

TEST_F(SubgroupPaths, EmulationNeedsUseSubgroups) {
  gpusort::BitonicTuning tuning = subgroup_tuning(512, 16, true);
  tuning.use_subgroups = false;
  gpusort::BitonicSorter<std::uint32_t> sorter(tuning);
  EXPECT_FALSE(sorter.tuning().use_subgroups);
  EXPECT_FALSE(sorter.tuning().emulate_subgroups);
  EXPECT_FALSE(sorter.tuning().direct_tile_io) << "the direct layouts need subgroups";
}

}  // namespace
}  // namespace gpusort_test
