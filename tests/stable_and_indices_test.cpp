// Stability::stable and sort_indices(): equal keys keep their input order, so the result
// must equal std::stable_sort (with the totalOrder comparator for floats) exactly, values
// included. Few-distinct and all-equal inputs make almost every key a tie.

#include <gmock/gmock.h>

#include <algorithm>
#include <numeric>

#include "gl_session.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

// The oracle: std::stable_sort of (key, value) pairs by key only.
template <class Key>
void expected_stable(std::vector<Key>& keys, std::vector<std::uint32_t>& values, gpusort::Order order) {
  std::vector<std::size_t> permutation(keys.size());
  std::iota(permutation.begin(), permutation.end(), std::size_t{0});
  const auto rank = [](Key key) {
    if constexpr (std::is_same_v<Key, float>) {
      return static_cast<std::int64_t>(total_order_rank(key));
    } else {
      return static_cast<std::int64_t>(key);
    }
  };
  std::stable_sort(permutation.begin(), permutation.end(), [&](std::size_t a, std::size_t b) {
    return order == gpusort::Order::ascending ? rank(keys[a]) < rank(keys[b]) : rank(keys[a]) > rank(keys[b]);
  });
  std::vector<Key> sorted_keys(keys.size());
  std::vector<std::uint32_t> sorted_values(values.size());
  for (std::size_t i = 0; i < permutation.size(); ++i) {
    sorted_keys[i] = keys[permutation[i]];
    sorted_values[i] = values[permutation[i]];
  }
  keys = sorted_keys;
  values = sorted_values;
}

std::vector<std::uint32_t> iota_values(std::size_t count) {
  std::vector<std::uint32_t> values(count);
  std::iota(values.begin(), values.end(), 0u);
  return values;
}

template <class Key>
class StableSort : public GlTest {};
TYPED_TEST_SUITE(StableSort, KeyTypes, KeyTypeNames);

TYPED_TEST(StableSort, EqualsStdStableSortOnBuffersAndHostVectors) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key, std::uint32_t>();
  const std::size_t tile = sorter.tuning().tile_size;
  std::uint32_t seed = 7;
  for (std::size_t count : {std::size_t{2}, std::size_t{3}, std::size_t{33}, tile - 1, tile, tile + 1,
                            3 * tile + 5, std::size_t{100003}}) {
    for (auto distribution : {Distribution::few_distinct, Distribution::all_equal, Distribution::random}) {
      for (auto order : both_orders) {
        ++seed;
        SCOPED_TRACE(case_name<Key>("stable", count, order, distribution, seed));
        const auto keys = make_keys<Key>(distribution, count, seed);
        const auto values = make_values(count, seed);
        auto want_keys = keys;
        auto want_values = values;
        expected_stable(want_keys, want_values, order);

        // GPU buffers, with guard bytes after the elements.
        Bytes key_bytes = to_bytes(keys);
        Bytes value_bytes = to_bytes(values);
        const Bytes guard = guard_pattern(64, seed);
        key_bytes.insert(key_bytes.end(), guard.begin(), guard.end());
        value_bytes.insert(value_bytes.end(), guard.begin(), guard.end());
        GlBuffer key_buffer(key_bytes);
        GlBuffer value_buffer(value_bytes);
        sorter.sort(key_buffer.name(), value_buffer.name(), count, order, gpusort::Stability::stable);
        const Bytes keys_after = key_buffer.read();
        const Bytes values_after = value_buffer.read();
        ASSERT_TRUE(same_bits(from_bytes<Key>(keys_after, 0, count), want_keys));
        ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(values_after, 0, count), want_values));
        ASSERT_TRUE(guard_intact(keys_after, count * 4, guard, "key"));
        ASSERT_TRUE(guard_intact(values_after, count * 4, guard, "value"));

        if (count <= 3 * tile + 5) {
          auto host_keys = keys;
          auto host_values = values;
          sorter.sort(host_keys, host_values, order, gpusort::Stability::stable);
          ASSERT_TRUE(same_bits(host_keys, want_keys));
          ASSERT_TRUE(same_bits(host_values, want_values));
        }
        ASSERT_TRUE(no_gl_error("stable sort"));
      }
    }
  }
}

TEST(StableSortRange, OnlyTheRangeChanges) {
  gl_context().make_current();
  auto& sorter = cached_sorter<float, std::uint32_t>();
  const std::size_t first = 13;
  const std::size_t count = 5000;
  const std::size_t total = first + count + 11;
  const auto keys = make_keys<float>(Distribution::few_distinct, total, 41);
  const auto values = make_values(total, 41);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer value_buffer(to_bytes(values));
  sorter.sort_range(key_buffer.name(), value_buffer.name(), first, count, gpusort::Order::descending,
                    gpusort::Stability::stable);
  std::vector<float> want_keys(keys.begin() + first, keys.begin() + first + count);
  std::vector<std::uint32_t> want_values(values.begin() + first, values.begin() + first + count);
  expected_stable(want_keys, want_values, gpusort::Order::descending);
  auto all_keys = keys;
  auto all_values = values;
  std::copy(want_keys.begin(), want_keys.end(), all_keys.begin() + first);
  std::copy(want_values.begin(), want_values.end(), all_values.begin() + first);
  EXPECT_TRUE(same_bits(from_bytes<float>(key_buffer.read(), 0, total), all_keys));
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(value_buffer.read(), 0, total), all_values));
  EXPECT_TRUE(no_gl_error("stable sort_range"));
}

template <class Key>
class SortIndices : public GlTest {};
TYPED_TEST_SUITE(SortIndices, KeyTypes, KeyTypeNames);

TYPED_TEST(SortIndices, FillsAndSortsIndicesStably) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key, std::uint32_t>();
  const std::size_t tile = sorter.tuning().tile_size;
  std::uint32_t seed = 500;
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{77}, tile + 3, 2 * tile + 1}) {
    for (auto order : both_orders) {
      ++seed;
      SCOPED_TRACE(case_name<Key>("sort_indices", count, order, Distribution::few_distinct, seed));
      const auto keys = make_keys<Key>(Distribution::few_distinct, count, seed);
      auto want_keys = keys;
      auto want_indices = iota_values(count);
      expected_stable(want_keys, want_indices, order);
      GlBuffer key_buffer(to_bytes(keys));
      // Whatever the indices buffer held before must not matter.
      Bytes index_bytes = guard_pattern(count * 4 + 32, seed);
      GlBuffer index_buffer(index_bytes);
      sorter.sort_indices(key_buffer.name(), index_buffer.name(), count, order);
      const Bytes indices_after = index_buffer.read();
      ASSERT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, count), want_keys));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(indices_after, 0, count), want_indices));
      ASSERT_TRUE(std::equal(indices_after.begin() + static_cast<std::ptrdiff_t>(count * 4), indices_after.end(),
                             index_bytes.begin() + static_cast<std::ptrdiff_t>(count * 4)))
          << "bytes after count changed";
      ASSERT_TRUE(no_gl_error("sort_indices"));
    }
  }
}

}  // namespace
}  // namespace gpusort_test
