// detail::bitonic::for_each_pass on its own (no GL): however a schedule cuts the network into
// passes, the passes' steps laid end to end must be the network's steps in order, each
// pass must be one the kernels can run, and crossing stage boundaries must save passes.

#include <gpusort/detail/bitonic/network.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gpusort_test {
namespace {

using gpusort::detail::bitonic::Pass;
using gpusort::detail::bitonic::Schedule;

// A step as (stage, pivot, flip); the flip's pivot is k-1.
struct Step {
  std::uint32_t stage;
  std::uint32_t pivot;
  bool flip;
  bool operator==(const Step& o) const { return stage == o.stage && pivot == o.pivot && flip == o.flip; }
};

std::vector<Step> network_steps(std::size_t count) {
  std::vector<Step> steps;
  const std::uint32_t stages = gpusort::detail::ceil_log2(count);
  if (count < 2) return steps;
  for (std::uint32_t k = 1; k <= stages; ++k) {
    steps.push_back({k, k - 1, true});
    for (std::uint32_t m = k - 1; m-- > 0;) steps.push_back({k, m, false});
  }
  return steps;
}

// What one pass runs, from its fields alone, the way the kernels read them.
std::vector<Step> pass_steps(const Pass& pass) {
  std::vector<Step> steps;
  switch (pass.kind) {
    case Pass::Kind::local_sort:
    case Pass::Kind::single_tile_sort:
      for (std::uint32_t k = 1; k <= pass.stage; ++k) {
        steps.push_back({k, k - 1, true});
        for (std::uint32_t m = k - 1; m-- > 0;) steps.push_back({k, m, false});
      }
      break;
    case Pass::Kind::local_disperse:
      for (std::uint32_t m = pass.p_hi + 1; m-- > 0;) steps.push_back({pass.stage, m, false});
      break;
    case Pass::Kind::global_steps:
    case Pass::Kind::window_steps:
      for (std::uint32_t m = pass.pre; m-- > 0;) steps.push_back({pass.stage - 1, m, false});
      for (std::uint32_t p = pass.p_hi + 1; p-- > pass.p_lo;)
        steps.push_back({pass.stage, p, pass.flip && p == pass.p_hi});
      break;
    case Pass::Kind::fused_passes:
      ADD_FAILURE() << "the planner emitted a fused_passes pass (only the sorter's profiling hook sees them)";
      break;
  }
  return steps;
}

std::string describe(const Schedule& s, std::size_t count) {
  return "tile_log2 " + std::to_string(s.tile_log2) + " global_log2 " + std::to_string(s.global_log2) +
         " window_log2 " + std::to_string(s.window_log2) + " merge_stages " + std::to_string(s.merge_stages) +
         " count " + std::to_string(count);
}

// Checks the schedule for `count`; returns its number of passes.
std::size_t check_schedule(const Schedule& schedule, std::size_t count) {
  SCOPED_TRACE(describe(schedule, count));
  const std::uint32_t tile_log2 = schedule.tile_log2;
  std::vector<Step> run;
  std::size_t passes = 0;
  std::size_t last_passes = 0;
  gpusort::detail::bitonic::for_each_pass(count, schedule, [&](const Pass& pass) {
    const std::vector<Step> steps = pass_steps(pass);
    EXPECT_EQ(pass.steps, steps.size()) << "pass " << passes << ": Pass::steps";
    EXPECT_EQ(pass.first, passes == 0) << "pass " << passes;
    last_passes += pass.last ? 1 : 0;
    if (pass.kind == Pass::Kind::window_steps) {
      // A tile of 2^run_log2-element runs, one per combination of the window's step bits,
      // quads never straddling runs; the previous stage's steps lie in the runs.
      const std::uint32_t width = pass.p_hi - pass.p_lo + 1;
      EXPECT_LE(width, schedule.window_log2);
      const std::uint32_t run_log2 = tile_log2 - width;
      EXPECT_GE(run_log2, 2u);
      EXPECT_GE(pass.p_lo, run_log2);
      EXPECT_LE(pass.pre, run_log2);
      if (pass.pre > 0) {
        EXPECT_TRUE(pass.flip && pass.p_hi == pass.stage - 1) << "a merged pass starts its stage";
      }
    }
    if (pass.kind == Pass::Kind::global_steps) {
      EXPECT_EQ(pass.pre, 0u);
      EXPECT_LE(pass.p_hi - pass.p_lo + 1, schedule.global_log2);
      EXPECT_GE(pass.p_lo, tile_log2) << "register passes are wide steps";
    }
    if (pass.kind == Pass::Kind::local_disperse) {
      EXPECT_LT(pass.p_hi, tile_log2);
    }
    run.insert(run.end(), steps.begin(), steps.end());
    ++passes;
  });
  EXPECT_TRUE(run == network_steps(count)) << "the passes' steps are not the network's";
  EXPECT_EQ(last_passes, count < 2 ? 0u : 1u) << "exactly the last pass writes raw keys";
  return passes;
}

// ceil_log2 at the edges of 64 bits: above 2^63 no power of two fits, and the answer is 64.
TEST(PassSchedule, CeilLog2CoversEverySixtyFourBitCount) {
  using gpusort::detail::ceil_log2;
  const std::uint64_t top = std::uint64_t{1} << 63;
  const std::pair<std::uint64_t, std::uint32_t> cases[] = {
      {0, 0}, {1, 0}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {std::uint64_t{1} << 32, 32}, {(std::uint64_t{1} << 32) + 1, 33},
      {top - 1, 63}, {top, 63}, {top + 1, 64}, {~std::uint64_t{0}, 64}};
  for (const auto& [n, want] : cases) EXPECT_EQ(ceil_log2(n), want) << n;
}

TEST(PassSchedule, PassesRunTheNetworkInOrder) {
  for (std::uint32_t tile_log2 = 2; tile_log2 <= 13; ++tile_log2) {
    for (std::uint32_t global_log2 = 1; global_log2 <= 4 && global_log2 <= tile_log2; ++global_log2) {
      for (std::uint32_t window_log2 = 0; window_log2 + 2 <= tile_log2; ++window_log2) {
        for (bool merge : {false, true}) {
          const Schedule schedule{tile_log2, global_log2, window_log2, tile_log2, merge};
          std::vector<std::size_t> counts = {0, 1, 2, 3};
          for (std::uint32_t s = tile_log2; s <= 27; s += 1 + (s > 20 ? 2 : 0)) {
            counts.push_back((std::size_t{1} << s) - 1);
            counts.push_back(std::size_t{1} << s);
            counts.push_back((std::size_t{1} << s) + 1);
          }
          for (std::size_t count : counts) check_schedule(schedule, count);
        }
      }
    }
  }
  // Single-dispatch tiles: counts up to 2^single_tile_log2 are one pass.
  EXPECT_EQ(check_schedule(Schedule{12, 3, 8, 13, true}, 8192), 1u);
  EXPECT_EQ(check_schedule(Schedule{12, 3, 8, 13, true}, 8193), 4u);
}

TEST(PassSchedule, MergedStagesTakeFewerPasses) {
  // The GPU defaults: 4096 keys or 2048 pairs per tile, runs of 16, 3 steps per register pass.
  const std::pair<std::uint32_t, std::size_t> expected_keys[] = {{16, 7}, {20, 14}, {24, 23}, {26, 29}};
  const std::pair<std::uint32_t, std::size_t> stage_by_stage_keys[] = {{16, 9}, {20, 17}, {24, 29}, {26, 35}};
  for (std::size_t i = 0; i < 4; ++i) {
    const std::size_t count = std::size_t{1} << expected_keys[i].first;
    EXPECT_EQ(check_schedule(Schedule{12, 3, 8, 12, true}, count), expected_keys[i].second);
    EXPECT_EQ(check_schedule(Schedule{12, 3, 8, 12, false}, count), stage_by_stage_keys[i].second);
  }
  for (std::uint32_t stages = 12; stages <= 27; ++stages) {
    for (std::uint32_t tile_log2 : {11u, 12u}) {
      const std::size_t count = (std::size_t{1} << stages) - 5;
      EXPECT_LE(check_schedule(Schedule{tile_log2, 3, tile_log2 - 4, tile_log2, true}, count),
                check_schedule(Schedule{tile_log2, 3, tile_log2 - 4, tile_log2, false}, count));
    }
  }
  // Without windows there is nothing to merge into: the same passes either way.
  EXPECT_EQ(check_schedule(Schedule{12, 3, 3, 12, true}, std::size_t{1} << 20),
            check_schedule(Schedule{12, 3, 3, 12, false}, std::size_t{1} << 20));
}

}  // namespace
}  // namespace gpusort_test
