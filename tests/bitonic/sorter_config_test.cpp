// Non-default tunings (tile, registers per invocation, global pass width, group size)
// change how the network is cut into dispatches but never the network itself: every
// one must match the CPU reference pair for pair. Also plan() and moving a sorter.

#include "gl_session.hpp"
#include "sort_checks.hpp"
#include "support/tile_kernel_wrapper.hpp"

#include <gmock/gmock.h>

#include <initializer_list>

namespace gpusort_test {
namespace {

gpusort::BitonicTuning make_tuning(std::uint32_t tile, std::uint32_t local, std::uint32_t global,
                            std::uint32_t group, std::uint32_t vector_width, std::uint32_t window_run = 0,
                            std::uint32_t single_dispatch_tile = ~0u) {
  gpusort::BitonicTuning tuning;
  tuning.window_run = window_run;
  // By default no single-dispatch program, so that the small counts below reach the
  // multi-pass paths; ~0u stands for "same as the tile".
  tuning.single_dispatch_tile = single_dispatch_tile == ~0u ? tile : single_dispatch_tile;
  tuning.tile_size = tile;
  tuning.local_elements = local;
  tuning.global_elements = global;
  tuning.global_group_size = group;
  tuning.global_vector_width = vector_width;
  return tuning;
}

// On a device with subgroups the default path uses them; this forces the shared-memory
// path so that both are checked against the CPU network there (llvmpipe has only it).
gpusort::BitonicTuning without_subgroups(gpusort::BitonicTuning tuning) {
  tuning.use_subgroups = false;
  return tuning;
}

// Passes cross stage boundaries by default (BitonicTuning::merge_stages); this keeps the
// stage-by-stage schedule checked too.
gpusort::BitonicTuning stage_by_stage(gpusort::BitonicTuning tuning) {
  tuning.merge_stages = false;
  return tuning;
}

// Software renderers build compact tile programs by default (BitonicTuning::compact_tile_program);
// this builds the GPUs' per-mode code there, so that it runs on llvmpipe too.
gpusort::BitonicTuning per_mode_code(gpusort::BitonicTuning tuning) {
  tuning.compact_tile_program = false;
  return tuning;
}

std::string describe(const gpusort::BitonicTuning& t) {
  return "tile_size=" + std::to_string(t.tile_size) + " local_elements=" +
         std::to_string(t.local_elements) + " global_elements=" + std::to_string(t.global_elements) +
         " global_group_size=" + std::to_string(t.global_group_size) +
         " global_vector_width=" + std::to_string(t.global_vector_width) +
         " window_run=" + std::to_string(t.window_run) + " merge_stages=" + std::to_string(t.merge_stages) +
         " single_dispatch_tile=" + std::to_string(t.single_dispatch_tile) +
         " single_tile_elements=" + std::to_string(t.single_tile_elements) +
         " use_subgroups=" + std::to_string(t.use_subgroups) +
         " compact_tile_program=" + std::to_string(t.compact_tile_program) +
         " max_workgroups_x=" + std::to_string(t.max_workgroups_x);
}

class SorterConfig : public GlTest {};

// Each tuning's sorter against the CPU network, pair for pair, at counts around its tile.
void expect_tunings_match_cpu_network(std::initializer_list<gpusort::BitonicTuning> tunings) {
  for (const auto& requested : tunings) {
    gpusort::BitonicSorter<float, std::uint32_t> sorter(test_tuning(requested));
    const auto& tuning = sorter.tuning();
    SCOPED_TRACE(describe(tuning));
    EXPECT_TRUE(requested.tile_size == 0 || tuning.tile_size == requested.tile_size);
    const std::size_t tile = tuning.tile_size;
    std::vector<std::size_t> counts = {tile - 1, tile + 1, 3 * tile + 2, 9 * tile};
    // Small tiles reach stages with more wide steps than one window fuses: windows, then
    // a window or a register pass for the rest.
    if (tile <= 256) counts.push_back(260 * tile + 3);
    for (std::size_t count : counts) {
      for (auto order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count) ^ tuning.tile_size;
        SCOPED_TRACE(case_name<float>("tuned kv", count, order, Distribution::few_distinct, seed));
        const auto keys = make_keys<float>(Distribution::few_distinct, count, seed);
        const auto values = make_values(count, seed);
        ASSERT_TRUE(buffer_sort_kv_ok(sorter, keys, values, order, seed));
        ASSERT_TRUE(host_sort_matches_cpu_network(sorter, keys, values, order));
      }
    }
  }
}

// The default tuning, with and without subgroups, and one small tile's schedules: stages
// merged, stage by stage, and counts up to the widest tile in one dispatch.
TEST_F(SorterConfig, TuningsMatchCpuNetwork) {
  expect_tunings_match_cpu_network({
      make_tuning(0, 0, 8, 0, 0),
      without_subgroups(make_tuning(0, 16, 4, 0, 0)),
      make_tuning(256, 4, 2, 64, 4, 4),
      stage_by_stage(make_tuning(256, 4, 2, 64, 4, 4)),
      make_tuning(256, 4, 2, 64, 4, 4, 0),  // counts up to the widest tile: one dispatch
  });
}

// Other tile shapes: tiles of 64 to 512, 4 to 16 elements per invocation, global passes of 2 to
// 16 elements in groups of 1 to 64, scalar and vector loads, windows of 4 to 128.
TEST_F(SorterConfig, TileShapeTuningsMatchCpuNetwork) {
  expect_tunings_match_cpu_network({
      make_tuning(64, 4, 2, 32, 4, 4),
      make_tuning(128, 4, 16, 1, 4, 128),
      make_tuning(512, 16, 4, 64, 1, 8),
      make_tuning(256, 8, 8, 16, 1, 16),
  });
}

// The GPUs' per-mode tile code on a software renderer (elsewhere the default runs it): the
// shapes above whose passes differ most (local sorts of 4 and 16 registers, windows of runs of
// 4 and 8, stages merged and not).
TEST_F(SorterConfig, PerModeTileCodeMatchesCpuNetwork) {
  expect_tunings_match_cpu_network({
      per_mode_code(without_subgroups(make_tuning(0, 16, 4, 0, 0))),
      per_mode_code(make_tuning(256, 4, 2, 64, 4, 4)),
      per_mode_code(stage_by_stage(make_tuning(256, 4, 2, 64, 4, 4))),
      per_mode_code(make_tuning(512, 16, 4, 64, 1, 8)),
  });
}

// Small tiles of 4 keys per invocation: sorts of one tile, single-dispatch sorts and sorts of
// many tiles come out as the CPU network's, and an indirect sort planned for many tiles may be
// given a count of less than one tile.
TEST_F(SorterConfig, SmallTilesAndIndirectCountsBelowOneTileMatchCpuNetwork) {
  gpusort::BitonicTuning tuning = make_tuning(1024, 4, 0, 0, 0, 0, 2048);
  tuning.fused_tile_size = 1024;  // on GPUs with known compute units too: no fused sort in smaller tiles
  gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(tuning));
  SCOPED_TRACE(describe(sorter.tuning()));
  EXPECT_EQ(sorter.tuning().local_elements, 4u);
  for (std::size_t count : {std::size_t{1000}, std::size_t{2000}, std::size_t{5 * 1024 + 3}}) {
    for (auto order : both_orders) {
      const auto seed = static_cast<std::uint32_t>(count) * 3u;
      SCOPED_TRACE(case_name<std::uint32_t>("tile 1024", count, order, Distribution::few_distinct, seed));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, seed);
      ASSERT_TRUE(host_sort_matches_cpu_network(sorter, keys, order));
    }
  }
  // Planned for 9 tiles, given 700 keys: the local sort is then the whole sort.
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 700, 5);
  auto expected = keys;
  cpu_network_sort(expected, nullptr, gpusort::Order::descending);
  const std::size_t capacity = 9 * 1024;
  std::vector<std::uint32_t> padded = keys;
  padded.resize(capacity, 0xdeadbeefu);
  GlBuffer key_buffer(to_bytes(padded));
  GlBuffer count_buffer(to_bytes(std::vector<std::uint32_t>{700}));
  sorter.sort_indirect(key_buffer.name(), count_buffer.name(), 0, capacity, gpusort::Order::descending);
  const std::vector<std::uint32_t> result = from_bytes<std::uint32_t>(key_buffer.read(), 0, capacity);
  padded = expected;
  padded.resize(capacity, 0xdeadbeefu);
  EXPECT_TRUE(same_bits(result, padded)) << "indirect, 700 of 9216; nothing written past the count";
}

// BitonicTuning::single_tile_elements: the single-dispatch tile program holds its own number of
// elements per invocation. Here 8 (512 invocations for 4096 elements) while the other tile
// programs hold 4; the shader guard fails the build of a single tile made with 4 (1024
// invocations), so a sorter that ignored the field would throw instead of sorting.
TEST_F(SorterConfig, SingleTileElementsMatchCpuNetwork) {
  gpusort::BitonicTuning tuning = make_tuning(1024, 4, 0, 0, 0, 0, 4096);
  tuning.single_tile_elements = 8;
  tuning.extra_shader_source = "#if GROUP_SIZE == 1024u\n#error single tile built with local_elements\n#endif";
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(test_tuning(tuning));
  SCOPED_TRACE(describe(sorter.tuning()));
  ASSERT_EQ(sorter.tuning().single_tile_elements, 8u);
  ASSERT_EQ(sorter.tuning().local_elements, 4u);
  for (std::size_t count : {std::size_t{1500}, std::size_t{4096}}) {
    for (auto order : both_orders) {
      const auto seed = static_cast<std::uint32_t>(count) * 5u;
      SCOPED_TRACE(case_name<std::uint32_t>("single_tile_elements 8", count, order, Distribution::few_distinct, seed));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, seed);
      const auto values = make_values(count, seed);
      auto gpu_keys = keys;
      auto gpu_values = values;
      ASSERT_EQ(gpusort_error_message([&] { sorter.sort(gpu_keys, gpu_values, order); }), "");
      ASSERT_TRUE(matches_cpu_network(keys, values, gpu_keys, gpu_values, order));
    }
  }
  EXPECT_EQ(sorter.plan(4096).dispatches, 1u) << "4096 elements: one dispatch of the single tile";
  gpusort::BitonicTuning too_many = tuning;
  too_many.single_tile_elements = 64;
  EXPECT_THAT(gpusort_error_message([&] { gpusort::BitonicSorter<std::uint32_t> bad(test_tuning(too_many)); }),
              ::testing::HasSubstr("single_tile_elements"));
}

// The tests' instrumentation of the tile kernel (tests/support/tile_kernel_wrapper.hpp, which
// bench/occupancy_probe.cpp uses too): a main() of its own wraps the tile kernel, renamed
// tile_main, and the sort is unchanged; the other programs ignore it.
TEST_F(SorterConfig, WrappedMainWrapsTheTileKernel) {
  gpusort::BitonicTuning tuning;
  tuning.extra_shader_source = gpusort_support::wrap_tile_main("tile_main();");
  gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(tuning));
  for (std::size_t count : {std::size_t{1000}, 3 * std::size_t{sorter.tuning().tile_size} + 5}) {
    const auto keys = make_keys<std::uint32_t>(Distribution::random, count, 11);
    auto gpu_keys = keys;
    ASSERT_EQ(gpusort_error_message([&] { sorter.sort(gpu_keys); }), "");
    EXPECT_TRUE(matches_cpu_network(keys, gpu_keys, gpusort::Order::ascending)) << count << " keys";
  }
}

TEST_F(SorterConfig, DefaultTuningIsResolved) {
  for (const auto* tuning : {&cached_sorter<std::uint32_t>().tuning(),
                             &cached_sorter<float, std::uint32_t>().tuning()}) {
    SCOPED_TRACE(describe(*tuning));
    EXPECT_GE(tuning->tile_size, 2u);
    EXPECT_EQ(tuning->tile_size & (tuning->tile_size - 1), 0u) << "tile_size is a power of two";
    EXPECT_GT(tuning->local_elements, 0u);
    EXPECT_GE(tuning->single_tile_elements, tuning->local_elements);
    EXPECT_GT(tuning->global_elements, 0u);
    EXPECT_GT(tuning->global_group_size, 0u);
    EXPECT_GT(tuning->max_workgroups_x, 0u);
    EXPECT_EQ(tuning->compact_tile_program, gpusort::detail::query_device_limits().software)
        << "compact tile programs: software renderers";
  }
  EXPECT_FALSE(gpusort::BitonicSorter<std::uint32_t>(test_tuning(per_mode_code({}))).tuning().compact_tile_program);
}

// DeviceFacts::compute_units comes from GL_SM_COUNT_NV where the context has
// GL_NV_shader_thread_group (an H200: 132), and stays 0 (unknown) elsewhere, llvmpipe included;
// a sorter given DeviceFacts takes those.
TEST_F(SorterConfig, ComputeUnitsFromTheContext) {
  const std::uint32_t units = cached_sorter<std::uint32_t>().device_facts().compute_units;
  if (gpusort::detail::has_extension("GL_NV_shader_thread_group")) {
    EXPECT_GT(units, 0u);
  } else {
    EXPECT_EQ(units, 0u);
  }
  gpusort::DeviceFacts told;
  told.compute_units = 7;
  EXPECT_EQ(gpusort::BitonicSorter<std::uint32_t>(test_tuning(), nullptr, told).device_facts().compute_units, 7u);
  EXPECT_TRUE(no_gl_error("the device queries"));
}

TEST_F(SorterConfig, PlanCountsTheNetwork) {
  const auto& sorter = cached_sorter<std::uint32_t>();
  const std::size_t tile = sorter.tuning().tile_size;
  EXPECT_EQ(sorter.plan(0).dispatches, 0u);
  EXPECT_EQ(sorter.plan(1).dispatches, 0u);
  EXPECT_EQ(sorter.plan(1).memory_passes, 0u);
  EXPECT_EQ(sorter.plan(2).dispatches, 1u) << "a single tile is one dispatch";
  EXPECT_EQ(sorter.plan(tile).dispatches, 1u) << "a single tile is one dispatch";
  const std::size_t single = sorter.tuning().single_dispatch_tile;
  EXPECT_GE(single, tile);
  EXPECT_EQ(sorter.plan(single).dispatches, 1u) << "up to the widest tile: one dispatch";
  EXPECT_GT(sorter.plan(single + 1).memory_passes, 1u);
  // Above it, a dispatch per pass, unless the passes are fused into one (GPUs, up to 16 tiles).
  const auto fused_or_not = [&](std::size_t count) {
    const std::uint32_t fused = sorter.tuning().fused_passes_max_count;
    return fused != gpusort::BitonicTuning::never && count <= fused ? std::size_t{1} : sorter.plan(count).memory_passes;
  };
  EXPECT_EQ(sorter.plan(single + 1).dispatches, fused_or_not(single + 1));
  EXPECT_EQ(sorter.plan(1000003).dispatches, fused_or_not(1000003));
  std::size_t previous = 0;
  for (std::size_t count : {std::size_t{2}, std::size_t{3}, tile, tile + 1, 4 * tile, std::size_t{1000003}}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const auto plan = sorter.plan(count);
    std::size_t stages = 0;
    while ((std::size_t{1} << stages) < count) ++stages;
    EXPECT_EQ(plan.network_steps, stages * (stages + 1) / 2) << "bitonic network steps";
    EXPECT_GE(plan.memory_passes, previous);
    EXPECT_LE(plan.dispatches, plan.memory_passes);
    EXPECT_LE(plan.memory_passes, plan.network_steps);
    previous = plan.memory_passes;
  }
}

// Merged stages run the same steps in fewer sweeps; without windows there is nothing to
// merge into, and tuning() says so.
TEST_F(SorterConfig, MergedStagesTakeFewerPasses) {
  // Both in 256-element tiles: on GPUs with known compute units, merged passes may fuse in
  // smaller ones (BitonicTuning::fused_tile_size), which takes more passes.
  gpusort::BitonicTuning tiles = make_tuning(256, 4, 2, 64, 4, 4);
  tiles.fused_tile_size = 256;
  gpusort::BitonicSorter<std::uint32_t> merged(test_tuning(tiles));
  gpusort::BitonicSorter<std::uint32_t> separate(test_tuning(stage_by_stage(tiles)));
  gpusort::BitonicSorter<std::uint32_t> no_windows(test_tuning(make_tuning(256, 4, 2, 64, 4, 256)));
  EXPECT_TRUE(merged.tuning().merge_stages);
  EXPECT_FALSE(separate.tuning().merge_stages);
  EXPECT_FALSE(no_windows.tuning().merge_stages) << "window_run = tile_size: no window passes";
  for (std::size_t count : {std::size_t{4096}, std::size_t{1} << 20, (std::size_t{1} << 24) + 3}) {
    SCOPED_TRACE("count " + std::to_string(count));
    EXPECT_EQ(merged.plan(count).network_steps, separate.plan(count).network_steps);
    EXPECT_LT(merged.plan(count).memory_passes, separate.plan(count).memory_passes);
  }
}

TEST_F(SorterConfig, MovedSorterStillSorts) {
  gpusort::BitonicSorter<std::int32_t> original(test_tuning());
  gpusort::BitonicSorter<std::int32_t> moved(std::move(original));
  const auto keys = make_keys<std::int32_t>(Distribution::random, 5000, 31);
  EXPECT_TRUE(host_sort_ok(moved, keys, gpusort::Order::descending));
  gpusort::BitonicSorter<std::int32_t> assigned(test_tuning(make_tuning(256, 0, 0, 0, 0)));
  assigned = std::move(moved);
  EXPECT_TRUE(buffer_sort_ok(assigned, keys, gpusort::Order::ascending, 31));
  EXPECT_TRUE(host_sort_ok(assigned, keys, gpusort::Order::ascending));
}

}  // namespace
}  // namespace gpusort_test
