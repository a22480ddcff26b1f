// BitonicTuning::fused_passes_max_count: one dispatch runs a sort's tile passes, each workgroup taking
// a tile from a ticket and waiting until the passes before it are done. Checked against the
// CPU network (pair for pair), std::stable_sort and the untouched bytes around a range, for
// keys, pairs and 64-bit keys; several sorts in a row with no readback between them check
// that the counters carry over from one dispatch to the next; a wrapper that exists only in
// the fused program proves that it ran.
//
// llvmpipe runs such waits only on one thread (DeviceLimits::cross_workgroup_waits), so
// ctest runs this suite with LP_NUM_THREADS=1 (gpusort_tests.bitonic.fused_passes); a process with
// more llvmpipe threads finds fused passes resolved to never and says so. On a GPU the
// default tuning fuses most sorts, so the whole suite runs this path there too.

#include "gl_session.hpp"
#include "sort_checks.hpp"
#include "support/tile_kernel_wrapper.hpp"

#include <gmock/gmock.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <numeric>
#include <string>

namespace gpusort_test {
namespace {

// BitonicTuning::extra_shader_source for a wrapper around the tile kernel (wrap_tile_main()) that,
// in the programs where the GLSL `condition` holds, overwrites the range's first key after
// every tile: a sort that ran such a program comes out wrong.
std::string clobber_where(const std::string& condition) {
  return gpusort_support::wrap_tile_main("tile_main(); barrier(); if ((" + condition +
                                         ") && gl_LocalInvocationIndex == 0u) keys[u_base] = 0xFFFFFFFFu;");
}

// An ascending key-value sort of `count` pairs of few distinct keys, pair for pair against the
// CPU network.
::testing::AssertionResult pairs_match_cpu_network(gpusort::BitonicSorter<std::uint32_t, std::uint32_t>& sorter,
                                                   std::size_t count, std::uint32_t seed) {
  const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, seed);
  const auto values = make_values(count, seed);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
  sorter.sort(key_buffer.name(), value_buffer.name(), count);
  return matches_cpu_network(keys, values, from_bytes<std::uint32_t>(key_buffer.read(), 0, count),
                             from_bytes<std::uint32_t>(value_buffer.read(), 0, count), gpusort::Order::ascending);
}

class FusedPasses : public GlTest {
 protected:
  // True where this context runs fused passes; otherwise the reason is checked (the
  // forward-progress policy, detail/device/forward_progress.hpp, allows no waits here) and the test
  // skips, naming where it runs.
  bool fused_here(const gpusort::BitonicTuning& resolved) {
    if (resolved.fused_passes_max_count != gpusort::BitonicTuning::never) return true;
    const auto limits = gpusort::detail::query_device_limits();
    EXPECT_FALSE(gpusort::detail::workgroup_waits_verified(limits.vendor, limits.renderer, limits.version,
                                                           std::getenv("LP_NUM_THREADS")))
        << "fused passes were asked for and the policy allows waits on " << limits.renderer << ", yet they are off";
    return false;
  }
};

#define SKIP_UNLESS_FUSED(sorter)                                                                             \
  if (!fused_here((sorter).tuning()))                                                                          \
  GTEST_SKIP() << "no waits between workgroups on this driver (forward_progress.hpp; llvmpipe's loops stop " \
                  "after 65535 iterations): ctest runs this suite as gpusort_tests.bitonic.fused_passes "   \
                  "with LP_NUM_THREADS=1"

TEST_F(FusedPasses, PairsMatchCpuNetworkSortAfterSort) {
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(fused_tuning());
  SKIP_UNLESS_FUSED(sorter);
  const std::vector<std::size_t> counts = {257, 3000, 5 * 1024 + 3, 9 * 1024, 40000};
  std::vector<std::unique_ptr<GlBuffer>> key_buffers, value_buffers;
  std::vector<std::vector<std::uint32_t>> input_keys, input_values;
  std::vector<gpusort::Order> orders;
  for (std::size_t count : counts) {
    EXPECT_EQ(sorter.plan(count).dispatches, 1u) << count << " pairs: every pass in one dispatch";
    const auto seed = static_cast<std::uint32_t>(count) * 11u;
    input_keys.push_back(
        make_keys<std::uint32_t>(count % 2 ? Distribution::random : Distribution::few_distinct, count, seed));
    input_values.push_back(make_values(count, seed));
    key_buffers.push_back(std::make_unique<GlBuffer>(to_bytes(input_keys.back())));
    value_buffers.push_back(std::make_unique<GlBuffer>(to_bytes(input_values.back())));
    orders.push_back(count % 3 ? gpusort::Order::ascending : gpusort::Order::descending);
    sorter.sort(key_buffers.back()->name(), value_buffers.back()->name(), count, orders.back());
  }
  ASSERT_TRUE(no_gl_error("fused sorts"));
  for (std::size_t i = 0; i < counts.size(); ++i) {
    SCOPED_TRACE("count " + std::to_string(counts[i]));
    EXPECT_TRUE(matches_cpu_network(input_keys[i], input_values[i],
                                    from_bytes<std::uint32_t>(key_buffers[i]->read(), 0, counts[i]),
                                    from_bytes<std::uint32_t>(value_buffers[i]->read(), 0, counts[i]), orders[i]));
  }
}

// A pass observer that throws right after a fused dispatch: the exception leaves that sort, and
// every later fused sort is right. (The dispatch's tickets were once counted after the observer
// returned, so later sorts waited for tickets that never came: wrong sorts on one llvmpipe
// thread, a possible hang on a GPU.)
TEST_F(FusedPasses, AnObserverThatThrowsLeavesLaterSortsRight) {
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(fused_tuning());
  SKIP_UNLESS_FUSED(sorter);
  struct ObserverFailure {};
  bool thrown = false;
  sorter.set_pass_observer([&](const gpusort::BitonicPassInfo& info) {
    if (info.after && info.pass.kind == gpusort::BitonicPass::Kind::fused_passes && !thrown) {
      thrown = true;
      throw ObserverFailure{};
    }
  });
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 3000, 5);
  const auto values = make_values(3000, 5);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
  EXPECT_THROW(sorter.sort(key_buffer.name(), value_buffer.name(), 3000), ObserverFailure);
  ASSERT_TRUE(thrown) << "no fused dispatch was observed";
  EXPECT_TRUE(no_gl_error("the sort the observer left"));
  sorter.set_pass_observer({});
  for (std::size_t count : {3000u, 5 * 1024u + 3, 40000u}) {
    SCOPED_TRACE("count " + std::to_string(count));
    EXPECT_TRUE(pairs_match_cpu_network(sorter, count, static_cast<std::uint32_t>(count)));
  }
}

TEST_F(FusedPasses, KeysWideKeysStableSortsAndRanges) {
  gpusort::BitonicSorter<std::uint32_t> keys_sorter(fused_tuning());
  SKIP_UNLESS_FUSED(keys_sorter);
  gpusort::BitonicSorter<double> wide_keys_sorter(fused_tuning());
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> pairs_sorter(fused_tuning());
  for (std::size_t count : {std::size_t{3000}, std::size_t{40000}}) {
    SCOPED_TRACE("count " + std::to_string(count));
    EXPECT_EQ(keys_sorter.plan(count).dispatches, 1u);
    EXPECT_TRUE(buffer_sort_ok(keys_sorter, make_keys<std::uint32_t>(Distribution::random, count, 5),
                               gpusort::Order::descending, 5));
    EXPECT_TRUE(buffer_sort_ok(wide_keys_sorter, make_keys<double>(Distribution::random, count, 6),
                               gpusort::Order::ascending, 6));
    const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, 7);
    const auto values = make_values(count, 7);
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    std::vector<std::uint32_t> stable_keys(count), stable_values(count);
    for (std::size_t i = 0; i < count; ++i) {
      stable_keys[i] = keys[order[i]];
      stable_values[i] = values[order[i]];
    }
    auto sorted_keys = keys;
    auto sorted_values = values;
    pairs_sorter.sort(sorted_keys, sorted_values, gpusort::Order::ascending, gpusort::Stability::stable);
    EXPECT_TRUE(same_bits(sorted_keys, stable_keys));
    EXPECT_TRUE(same_bits(sorted_values, stable_values)) << "not the order std::stable_sort keeps";
  }
  // A range that starts off the 16-byte vectors: only its elements change.
  const auto input = make_keys<std::uint32_t>(Distribution::random, 9000, 8);
  GlBuffer buffer(to_bytes(input));
  keys_sorter.sort_range(buffer.name(), 3, 8990);
  const auto after = from_bytes<std::uint32_t>(buffer.read(), 0, 9000);
  EXPECT_TRUE(matches_cpu_network(std::vector<std::uint32_t>(input.begin() + 3, input.begin() + 8993),
                                  std::vector<std::uint32_t>(after.begin() + 3, after.begin() + 8993),
                                  gpusort::Order::ascending))
      << "sort_range(3, 8990)";
  EXPECT_TRUE(same_bits(std::vector<std::uint32_t>(after.begin(), after.begin() + 3),
                        std::vector<std::uint32_t>(input.begin(), input.begin() + 3)))
      << "before the range";
  EXPECT_TRUE(same_bits(std::vector<std::uint32_t>(after.begin() + 8993, after.end()),
                        std::vector<std::uint32_t>(input.begin() + 8993, input.end())))
      << "after the range";
}

// The fused dispatch binds its counters at binding 3: the caller's binding there comes back.
TEST_F(FusedPasses, KeepTheCallersBindingsAndProgram) {
  gpusort::BitonicSorter<std::uint32_t> sorter(fused_tuning());
  SKIP_UNLESS_FUSED(sorter);
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 5000, 10);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer caller_buffer(guard_pattern(1024, 10));
  GLint alignment = 4;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 3, caller_buffer.name(), alignment, 64);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, caller_buffer.name());
  sorter.sort(key_buffer.name(), keys.size());
  GLint buffer = 0, generic = 0, program = -1;
  GLint64 start = 0, size = 0;
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 3, &buffer);
  glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, 3, &start);
  glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, 3, &size);
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &generic);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  EXPECT_EQ(buffer, static_cast<GLint>(caller_buffer.name()));
  EXPECT_EQ(start, alignment);
  EXPECT_EQ(size, 64);
  EXPECT_EQ(generic, static_cast<GLint>(caller_buffer.name()));
  EXPECT_EQ(program, 0);
  EXPECT_TRUE(no_gl_error("fused sort"));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, 0);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(key_buffer.read(), 0, keys.size()),
                        expected_sorted(keys, gpusort::Order::ascending)));
}

// The wrapper clobbers only in the fused program (FUSED_PASSES is known where the tile kernel
// expands it): if that program ran, the sort is wrong. With fused passes off the same wrapper
// leaves the sort right, and the sort takes a dispatch per pass.
TEST_F(FusedPasses, RunInTheFusedProgram) {
  gpusort::BitonicTuning tuning = fused_tuning();
  tuning.extra_shader_source = clobber_where("FUSED_PASSES != 0");
  gpusort::BitonicSorter<std::uint32_t> clobbered(tuning);
  SKIP_UNLESS_FUSED(clobbered);
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 3000, 9);
  EXPECT_FALSE(buffer_sort_ok(clobbered, keys, gpusort::Order::ascending, 9)) << "the fused program did not run";
  tuning.fused_passes_max_count = gpusort::BitonicTuning::never;
  gpusort::BitonicSorter<std::uint32_t> unfused(tuning);
  EXPECT_GT(unfused.plan(3000).dispatches, 1u);
  EXPECT_TRUE(buffer_sort_ok(unfused, keys, gpusort::Order::ascending, 9)) << "never: one dispatch per pass";
}

// DeviceFacts::compute_units bounds how many fused workgroups share a unit, with shared memory
// reserved beside the tile. Told there are 4 units: sorts whose widest pass has up to 4 tiles
// take the program that lets one workgroup have a unit, up to 8 tiles the one that lets 2,
// more tiles the program with no reserve. A wrapper that clobbers only where a reserve exists
// shows which ran; without it the same sorts match the CPU network, keys and pairs.
TEST_F(FusedPasses, ReserveSharedMemorySoThatTilesOfAPassSpreadOverUnits) {
  gpusort::BitonicTuning tuning = fused_tuning();  // 256-element tiles
  const gpusort::DeviceFacts units{4};
  gpusort::BitonicSorter<std::uint32_t> keys_sorter(tuning, nullptr, units);
  SKIP_UNLESS_FUSED(keys_sorter);
  EXPECT_EQ(keys_sorter.device_facts().compute_units, 4u);
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> pairs_sorter(tuning, nullptr, units);
  tuning.extra_shader_source = clobber_where("FUSED_RESERVE_WORDS > 0");
  gpusort::BitonicSorter<std::uint32_t> clobbered(tuning, nullptr, units);
  struct Case {
    std::size_t count;
    bool reserved;
  };
  for (const Case& c : {Case{1000, true}, Case{1024, true}, Case{2000, true}, Case{3000, false}}) {
    SCOPED_TRACE("count " + std::to_string(c.count));
    EXPECT_EQ(keys_sorter.plan(c.count).dispatches, 1u);
    const auto keys = make_keys<std::uint32_t>(Distribution::random, c.count, 12);
    EXPECT_TRUE(buffer_sort_ok(keys_sorter, keys, gpusort::Order::descending, 12));
    EXPECT_NE(buffer_sort_ok(clobbered, keys, gpusort::Order::descending, 12), c.reserved)
        << (c.reserved ? "the program with a reserve did not run" : "a reserve where tiles outnumber 2 per unit");
    EXPECT_TRUE(pairs_match_cpu_network(pairs_sorter, c.count, 13));
  }
  EXPECT_TRUE(no_gl_error("fused sorts with a reserve"));
}

// BitonicTuning::fused_tile_size: fused sorts of more than 4 and at most compute-units such tiles run
// in them. Told 16 units, with 256-element tiles and 128-element fused tiles: sorts of 513 ..
// 2048 take more passes than in 256-element tiles (the same network), all in one dispatch of
// the fused program at TILE_LOG2 7, which a wrapper that clobbers only there shows; 512 and
// 3000 keep the tile. Keys, pairs (pair for pair) and 64-bit keys match the CPU network.
TEST_F(FusedPasses, SortsThatLeaveUnitsIdleRunInFusedTiles) {
  gpusort::BitonicTuning tuning = fused_tuning();  // 256-element tiles
  tuning.window_run = 8;                    // windows of 4 steps in 128-element tiles
  tuning.fused_tile_size = 128;
  const gpusort::DeviceFacts units{16};
  gpusort::BitonicSorter<std::uint32_t> keys_sorter(tuning, nullptr, units);
  SKIP_UNLESS_FUSED(keys_sorter);
  EXPECT_EQ(keys_sorter.tuning().fused_tile_size, 128u);
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> pairs_sorter(tuning, nullptr, units);
  gpusort::BitonicSorter<double> wide_keys_sorter(tuning, nullptr, units);
  gpusort::BitonicTuning whole_tiles = tuning;
  whole_tiles.fused_tile_size = 256;
  gpusort::BitonicSorter<std::uint32_t> whole_tile_sorter(whole_tiles, nullptr, units);
  tuning.extra_shader_source = clobber_where("FUSED_PASSES != 0 && TILE_LOG2 == 7u");
  gpusort::BitonicSorter<std::uint32_t> clobbered(tuning, nullptr, units);
  struct Case {
    std::size_t count;
    bool fused_tiles;
  };
  for (const Case& c : {Case{512, false}, Case{513, true}, Case{1500, true}, Case{2048, true}, Case{3000, false}}) {
    SCOPED_TRACE("count " + std::to_string(c.count));
    const gpusort::BitonicPlan plan = keys_sorter.plan(c.count);
    const gpusort::BitonicPlan whole = whole_tile_sorter.plan(c.count);
    EXPECT_EQ(plan.dispatches, 1u);
    EXPECT_EQ(plan.network_steps, whole.network_steps);
    if (c.fused_tiles) {
      EXPECT_GT(plan.memory_passes, whole.memory_passes) << "128-element tiles take more passes";
    } else {
      EXPECT_EQ(plan.memory_passes, whole.memory_passes);
    }
    const auto keys = make_keys<std::uint32_t>(Distribution::random, c.count, 14);
    EXPECT_TRUE(buffer_sort_ok(keys_sorter, keys, gpusort::Order::descending, 14));
    EXPECT_NE(buffer_sort_ok(clobbered, keys, gpusort::Order::descending, 14), c.fused_tiles)
        << (c.fused_tiles ? "the fused program at 128-element tiles did not run" : "128-element tiles ran");
    EXPECT_TRUE(buffer_sort_ok(wide_keys_sorter, make_keys<double>(Distribution::random, c.count, 15),
                               gpusort::Order::ascending, 15));
    EXPECT_TRUE(pairs_match_cpu_network(pairs_sorter, c.count, 16));
  }
  EXPECT_TRUE(no_gl_error("sorts in fused tiles"));
}

// A fusing sort of 256 tiles or more (257 here) runs in one dispatch, local sort included;
// the same sort unfused takes a dispatch per pass, for the same network.
TEST_F(FusedPasses, FusingSortsOfManyTilesRunInOneDispatch) {
  gpusort::BitonicTuning tuning = fused_tuning();  // 256-element tiles
  tuning.fused_passes_max_count = 2 * 132 * 256;
  const gpusort::DeviceFacts units{132};
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(tuning, nullptr, units);
  SKIP_UNLESS_FUSED(sorter);
  gpusort::BitonicTuning unfused = tuning;
  unfused.fused_passes_max_count = gpusort::BitonicTuning::never;
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> unfused_sorter(unfused, nullptr, units);
  const std::size_t count = 256 * 256 + 100;
  EXPECT_EQ(sorter.plan(count).dispatches, 1u);
  EXPECT_GT(unfused_sorter.plan(count).dispatches, 1u);
  EXPECT_EQ(sorter.plan(count).network_steps, unfused_sorter.plan(count).network_steps);
  EXPECT_TRUE(pairs_match_cpu_network(sorter, count, 17));
  EXPECT_TRUE(no_gl_error("fusing sorts of many tiles"));
}

}  // namespace
}  // namespace gpusort_test
