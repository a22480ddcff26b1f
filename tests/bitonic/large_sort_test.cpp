// 1000003 keys (not a power of two, far beyond one tile: many global passes) for a few
// configurations only; on a software renderer each of these takes seconds.

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

constexpr std::size_t large_count = 1000003;

class LargeSort : public GlTest {};

TEST_F(LargeSort, Uint32RandomAscendingBuffer) {
  SCOPED_TRACE(case_name<std::uint32_t>("buffer", large_count, gpusort::Order::ascending,
                                        Distribution::random, 1));
  EXPECT_TRUE(buffer_sort_ok(cached_sorter<std::uint32_t>(),
                             make_keys<std::uint32_t>(Distribution::random, large_count, 1),
                             gpusort::Order::ascending, 1));
}

TEST_F(LargeSort, FloatMixedDescendingHost) {
  auto keys = make_keys<float>(Distribution::random, large_count, 2);
  const auto specials = special_floats();
  for (std::size_t i = 0; i < keys.size(); i += 97) keys[i] = specials[(i / 97) % specials.size()];
  SCOPED_TRACE(case_name<float>("host", large_count, gpusort::Order::descending,
                                Distribution::random, 2) + " with specials every 97th");
  EXPECT_TRUE(host_sort_ok(cached_sorter<float>(), keys, gpusort::Order::descending));
}

TEST_F(LargeSort, Uint32KeyValueRandomHost) {
  SCOPED_TRACE(case_name<std::uint32_t>("host kv", large_count, gpusort::Order::ascending,
                                        Distribution::random, 3));
  EXPECT_TRUE(host_sort_kv_ok(cached_sorter<std::uint32_t, std::uint32_t>(),
                              make_keys<std::uint32_t>(Distribution::random, large_count, 3),
                              make_values(large_count, 3), gpusort::Order::ascending));
}

}  // namespace
}  // namespace gpusort_test
