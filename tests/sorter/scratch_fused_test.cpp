// Sorter on the caller's memory with the network's fused passes: their two counters live at the
// start of the use_scratch() range between sorts, and the radix sort's scratch after them. A file
// apart from the scratch suites (tests/all_sorters/scratch_test.cpp) because its ctest runs
// llvmpipe on one thread (LP_NUM_THREADS=1), where fused passes run.

#include <gmock/gmock.h>

#include <string>
#include <vector>

#include "contract_support.hpp"
#include "scratch_arena.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;
using ::testing::HasSubstr;

// Fused passes keep two counters between sorts at the start of the range; Sorter puts the radix
// sort's scratch after them, so that sorts of both algorithms in turn leave them right. Runs
// under LP_NUM_THREADS=1 (llvmpipe runs waits between workgroups only there).
class UseScratchFused : public GlTest {};

TEST_F(UseScratchFused, CountersKeepTheirPlaceBetweenAlgorithms) {
  gpusort::SorterTuning tuning = contract_sorter_tuning(4096);
  tuning.bitonic = fused_tuning();
  gpusort::Sorter<std::uint32_t, std::uint32_t> sorter(tuning, nullptr, test_device_facts());
  const gpusort::BitonicView network = sorter.bitonic();
  if (network.tuning().fused_passes_max_count == gpusort::BitonicTuning::never)
    GTEST_SKIP() << "no fused passes on this context (llvmpipe: only with LP_NUM_THREADS=1)";
  const std::size_t fused_count = 3000, radix_count = 6000;
  ASSERT_LT(network.plan(fused_count).dispatches, network.plan(fused_count).memory_passes) << "no fused dispatch";
  ASSERT_EQ(sorter.algorithm_for(radix_count), gpusort::Algorithm::radix);
  const std::size_t figure = sorter.scratch_bytes(radix_count, Stability::stable);
  ScratchArena arena(figure);
  sorter.use_scratch(arena.buffer.name(), arena.offset, figure);
  const std::uint64_t before = allocations();
  for (int round = 0; round < 4; ++round) {
    for (std::size_t count : {fused_count, radix_count, fused_count + 100}) {
      SCOPED_TRACE("round " + std::to_string(round) + " count " + std::to_string(count));
      auto keys =
          make_keys<std::uint32_t>(Distribution::few_distinct, count, static_cast<std::uint32_t>(count) + round);
      auto values = make_values(count, static_cast<std::uint32_t>(round));
      GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
      sorter.sort(key_buffer.name(), value_buffer.name(), count, Order::ascending,
                  round % 2 ? Stability::stable : Stability::unstable);
      ASSERT_TRUE(no_gl_error("the sort"));
      const Expect expect = round % 2 ? Expect::stable
                                      : pair_expectation<Family::sorter>(sorter, count, Stability::unstable);
      ASSERT_TRUE(pairs_ok(keys, values, from_bytes<std::uint32_t>(key_buffer.read(), 0, count),
                           from_bytes<std::uint32_t>(value_buffer.read(), 0, count), Order::ascending, expect));
    }
  }
  EXPECT_EQ(allocations(), before);
  EXPECT_TRUE(arena.guards_intact());
  // The caller writes into the range between calls (here: over the counters), then hands the
  // same range again: the next fused sort starts afresh and sorts right.
  for (int again = 0; again < 2; ++again) {
    SCOPED_TRACE("the same range handed again, time " + std::to_string(again + 1));
    const Bytes overwrite = guard_pattern(figure, 40u + static_cast<std::uint32_t>(again));
    arena.buffer.write(arena.offset, overwrite.data(), overwrite.size());
    sorter.use_scratch(arena.buffer.name(), arena.offset, figure);
    auto keys = make_keys<std::uint32_t>(Distribution::random, fused_count, 50u + static_cast<std::uint32_t>(again));
    auto values = make_values(fused_count, 5);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
    sorter.sort(key_buffer.name(), value_buffer.name(), fused_count, Order::ascending, Stability::stable);
    ASSERT_TRUE(no_gl_error("a fused sort after the range was overwritten"));
    EXPECT_TRUE(pairs_ok(keys, values, from_bytes<std::uint32_t>(key_buffer.read(), 0, fused_count),
                         from_bytes<std::uint32_t>(value_buffer.read(), 0, fused_count), Order::ascending,
                         Expect::stable));
  }
  // The network's own figure counts its counters: one byte less refuses its sort_indirect (a
  // BitonicSorter of the Sorter's network tuning: Sorter::bitonic() is a view, which sorts nothing).
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> network_alone(tuning.bitonic, nullptr, test_device_facts());
  const std::size_t network_figure = network_alone.scratch_bytes(fused_count);
  ScratchArena small(network_figure - 1);
  network_alone.use_scratch(small.buffer.name(), small.offset, network_figure - 1);
  GlBuffer key_buffer(to_bytes(make_keys<std::uint32_t>(Distribution::random, fused_count, 1))),
      value_buffer(to_bytes(make_values(fused_count, 1))), counts(Bytes(4, 0));
  EXPECT_THAT(error_from([&] {
                network_alone.sort_indirect(key_buffer.name(), value_buffer.name(), counts.name(), 0, fused_count);
              }),
              HasSubstr("needs " + std::to_string(network_figure) + " bytes"));
  network_alone.sort(key_buffer.name(), value_buffer.name(), fused_count);  // needs only the counters
  EXPECT_TRUE(no_gl_error("a fused sort in a range smaller than the figure"));
  EXPECT_TRUE(small.guards_intact());
}

}  // namespace
}  // namespace gpusort_test
