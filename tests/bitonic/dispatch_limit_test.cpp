// Large dispatches are split over a second dimension when they exceed the workgroup
// count limit. Real limits need huge inputs to hit, so BitonicTuning::max_workgroups_x caps
// the count at a tiny value and a small sort walks the same 2D path.

#include <gmock/gmock.h>

#include "gl_session.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

// A small tile and few elements per invocation maximise the workgroups every pass needs.
gpusort::BitonicTuning tiny_dispatch_tuning(std::uint32_t max_workgroups_x) {
  gpusort::BitonicTuning tuning;
  tuning.tile_size = 256;
  tuning.single_dispatch_tile = 256;  // every count above the tile takes the multi-pass path
  tuning.global_elements = 2;
  tuning.global_group_size = 32;
  tuning.max_workgroups_x = max_workgroups_x;
  return test_tuning(tuning);
}

template <class Key>
class DispatchLimit : public GlTest {};
TYPED_TEST_SUITE(DispatchLimit, KeyTypes, KeyTypeNames);

TYPED_TEST(DispatchLimit, SplitDispatchStillSorts) {
  using Key = TypeParam;
  for (std::uint32_t cap : {1u, 3u}) {
    gpusort::BitonicSorter<Key> sorter(tiny_dispatch_tuning(cap));
    gpusort::BitonicSorter<Key, std::uint32_t> kv_sorter(tiny_dispatch_tuning(cap));
    const std::size_t tile = sorter.tuning().tile_size;
    // Several tiles, and global passes with many groups: with cap 1 or 3 every
    // dispatch above that many groups must be folded into y (with a ragged last row).
    for (std::size_t count : {tile - 1, tile + 1, 7 * tile + 5, 16 * tile}) {
      for (auto order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count) * 13u + cap;
        SCOPED_TRACE(case_name<Key>("split dispatch", count, order, Distribution::random, seed) +
                     " max_workgroups_x=" + std::to_string(cap));
        const auto keys = make_keys<Key>(Distribution::random, count, seed);
        ASSERT_TRUE(buffer_sort_ok(sorter, keys, order, seed));
        const auto dup_keys = make_keys<Key>(Distribution::few_distinct, count, seed);
        const auto values = make_values(count, seed);
        ASSERT_TRUE(buffer_sort_kv_ok(kv_sorter, dup_keys, values, order, seed));
        // Same network whatever the dispatch shape: identical to the CPU reference.
        ASSERT_TRUE(host_sort_matches_cpu_network(kv_sorter, dup_keys, values, order)) << "split dispatch";
      }
    }
  }
}

// When even the split dispatch cannot fit (x capped at 1, y at the device limit), the
// sort must refuse up front rather than stop half way through the network.
class DispatchLimitErrors : public GlTest {};

TEST_F(DispatchLimitErrors, TooManyWorkgroupsIsRefusedBeforeAnyPass) {
  GLint max_y = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &max_y);
  ASSERT_GT(max_y, 0);
  gpusort::BitonicTuning tuning = tiny_dispatch_tuning(1);
  tuning.global_group_size = 1;
  gpusort::BitonicSorter<std::uint32_t> sorter(tuning);
  // Global passes need padded_count / (global_elements * global_vector_width)
  // single-invocation groups.
  const std::size_t per_invocation = sorter.tuning().global_elements * sorter.tuning().global_vector_width;
  std::size_t count = 2;
  while (count / per_invocation <= static_cast<std::size_t>(max_y)) count *= 2;
  count += 1;
  if (count > sorter.max_count()) GTEST_SKIP() << "the device's limits are too large to reach";
  const auto keys = make_keys<std::uint32_t>(Distribution::random, count, 77);
  GlBuffer buffer(to_bytes(keys));
  std::string message;
  try {
    sorter.sort(buffer.name(), count);
    ADD_FAILURE() << "sorted " << count << " keys in at most " << max_y << " workgroups of one invocation";
  } catch (const gpusort::Error& e) {
    message = e.what();
  }
  EXPECT_THAT(message, ::testing::HasSubstr("GL_MAX_COMPUTE_WORK_GROUP_COUNT"));
  EXPECT_TRUE(no_gl_error("refused sort"));
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(buffer.read(), 0, count), keys))
      << "the buffer changed although the sort was refused";
}

}  // namespace
}  // namespace gpusort_test
