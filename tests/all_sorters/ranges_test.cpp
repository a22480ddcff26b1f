// sort_range() on all three classes: a sub-range of a buffer from any first element (aligned or
// not, inside the first tile or past it), the range sorted as the class sorts it (the network's
// unstable pairs equal the CPU network's, every radix and stable sort std::stable_sort's: see
// pair_expectation, tests/contract_support.hpp) and everything outside it byte-identical. 32-bit
// keys, floats, and doubles (8-byte offsets that are not 16-byte aligned).

#include <gmock/gmock.h>

#include "contract_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

using RangeCases = OverEveryFamily<std::uint32_t, float, double>;

template <class Case>
class SortRange : public GlTest {};
TYPED_TEST_SUITE(SortRange, RangeCases, ContractNames);

// Keys, then pairs (unstable: the class's own order of equal keys), at firsts around the
// alignments and the tile and counts around the tile.
TYPED_TEST(SortRange, OnlyTheRangeChangesAndMatchesItsOracle) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs_sorter = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t tile = tile_of<F>(keys_sorter);
  const std::size_t firsts[] = {0, 1, 3, 4, 5, 17, tile - 1, 1000};
  const std::size_t counts[] = {0, 1, 2, 33, tile + 1, 3 * tile + 5};
  std::uint32_t seed = 1;
  for (std::size_t first : firsts) {
    for (std::size_t count : counts) {
      const Order order = (seed % 2) ? Order::descending : Order::ascending;
      const auto keys = make_keys<Key>(Distribution::few_distinct, count, ++seed);
      const auto values = make_values(count, ++seed);
      SCOPED_TRACE(contract_case<Key>(F, "sort_range", count, order, Distribution::few_distinct, seed) +
                   " first=" + std::to_string(first));
      ASSERT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort_range(k, first, count, order); },
                                          keys, nullptr, first, order, Expect::stable, seed));
      ASSERT_TRUE(contract_buffer_ok<Key>(
          [&](GLuint k, GLuint v) { pairs_sorter.sort_range(k, v, first, count, order); }, keys, &values, first,
          order, pair_expectation<F>(pairs_sorter, count, Stability::unstable), seed));
    }
  }
}

template <class Case>
class StableSortRange : public GlTest {};
TYPED_TEST_SUITE(StableSortRange, OverEveryFamily<float>, ContractNames);

// A stable sort of 5000 elements from element 13: std::stable_sort's result in the range.
TYPED_TEST(StableSortRange, OnlyTheRangeChanges) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t first = 13;
  const std::size_t count = 5000;
  const auto keys = make_keys<Key>(Distribution::few_distinct, count, 41);
  const auto values = make_values(count, 41);
  SCOPED_TRACE(contract_case<Key>(F, "stable sort_range", count, Order::descending, Distribution::few_distinct, 41));
  EXPECT_TRUE(contract_buffer_ok<Key>(
      [&](GLuint k, GLuint v) { sorter.sort_range(k, v, first, count, Order::descending, Stability::stable); }, keys,
      &values, first, Order::descending, Expect::stable, 41));
}

template <class Case>
class SortRangeErrors : public GlTest {};
TYPED_TEST_SUITE(SortRangeErrors, OverEveryFamily<std::uint32_t>, ContractNames);

TYPED_TEST(SortRangeErrors, RangePastTheBufferIsRefusedAndNothingChanges) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key>();
  const auto keys = sample_keys(100);
  GlBuffer buffer(to_bytes(keys));
  expect_refused_unchanged("refused sort_range", "too small", buffer, keys,
                           [&] { sorter.sort_range(buffer.name(), 90, 11); });
}

}  // namespace
}  // namespace gpusort_test
