// The network's sort_indirect() plans its passes on the GPU from the count there: with tiles of
// 64, window passes (runs of 4, up to 4 wide steps per sweep) and register passes mix within one
// stage at small counts, and capacities up to the widest tile take the single-dispatch program.
// The GPU-side plan must match the host's: every result equals the CPU network's on the counted
// prefix (tests/all_sorters/indirect_test.cpp runs sort_indirect() on all three classes).

#include "contract_support.hpp"
#include "key_types.hpp"

namespace gpusort_test {
namespace {

using RangeKeyTypes = ::testing::Types<std::uint32_t, float>;

template <class Key>
class BitonicSortIndirect : public GlTest {};
TYPED_TEST_SUITE(BitonicSortIndirect, RangeKeyTypes, KeyTypeNames);

TYPED_TEST(BitonicSortIndirect, WindowPassesFollowTheCount) {
  using Key = TypeParam;
  gpusort::BitonicTuning tuning = test_tuning();
  tuning.tile_size = 64;
  tuning.local_elements = 4;
  tuning.global_elements = 2;
  tuning.window_run = 4;
  gpusort::BitonicSorter<Key> keys_sorter(tuning);
  gpusort::BitonicSorter<Key, std::uint32_t> pairs_sorter(tuning);
  struct Case {
    std::size_t capacity;
    std::uint32_t count;
    std::size_t offset;
  };
  const Case cases[] = {
      {10245, 0, 0}, {10245, 3, 4}, {10245, 65, 0}, {10245, 2561, 8}, {10245, 8193, 0}, {10245, 10245, 0},
      {10245, 20000, 12},  // above capacity: clamps
      {1000, 0, 0},  {1000, 5, 4},  {1000, 64, 0},  {1000, 65, 8},  {1000, 1000, 0},  // one dispatch
  };
  GpuCountWriter writer;
  std::uint32_t seed = 300;
  for (const Case& c : cases) {
    const auto order = (seed % 2) ? gpusort::Order::descending : gpusort::Order::ascending;
    const auto keys = make_keys<Key>(Distribution::few_distinct, c.capacity, ++seed);
    const auto values = make_values(c.capacity, ++seed);
    SCOPED_TRACE(case_name<Key>("sort_indirect, tiles of 64", c.capacity, order, Distribution::few_distinct, seed) +
                 " count=" + std::to_string(c.count) + " offset=" + std::to_string(c.offset));
    ASSERT_TRUE(contract_indirect_ok<Key>(
        [&](GLuint k, GLuint, GLuint counts, std::size_t offset) {
          keys_sorter.sort_indirect(k, counts, offset, c.capacity, order);
        },
        writer, CountFrom::shader, keys, nullptr, c.count, order, Expect::network, seed, c.offset));
    ASSERT_TRUE(contract_indirect_ok<Key>(
        [&](GLuint k, GLuint v, GLuint counts, std::size_t offset) {
          pairs_sorter.sort_indirect(k, v, counts, offset, c.capacity, order);
        },
        writer, CountFrom::shader, keys, &values, c.count, order, Expect::network, seed, c.offset));
  }
}

}  // namespace
}  // namespace gpusort_test
