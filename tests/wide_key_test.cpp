// 64-bit keys (std::uint64_t, std::int64_t, double). The shaders hold them as two 32-bit
// words, so what can go wrong is new: the order of the words, ties in the high word that
// the low word must break, the sign and float tricks spread over two words, 8-byte
// element offsets. Inputs therefore mix fully random keys with keys that share their high
// word, and doubles with every special class. Keys-only results are checked against
// std::sort with the totalOrder comparator; key-value results against cpu::bitonic_sort,
// pair for pair.

#include <algorithm>
#include <numeric>
#include <random>

#include "gl_session.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

using WideKeyTypes = ::testing::Types<std::uint64_t, std::int64_t, double>;

// The distributions that matter to the two words (sorted inputs add nothing new here).
const Distribution wide_distributions[] = {Distribution::random, Distribution::few_distinct, Distribution::all_equal};

std::vector<std::size_t> wide_sizes(std::size_t tile) {
  return {0, 1, 2, 3, 33, tile - 1, tile, tile + 1, 2 * tile + 1, 3 * tile + 5};
}

// Buffer and host-vector sorts of keys alone: the oracle's bits, guard bytes untouched.
template <class Key>
::testing::AssertionResult keys_sort_ok(gpusort::BitonicSorter<Key>& sorter, const std::vector<Key>& input,
                                        gpusort::Order order, std::uint32_t seed) {
  if (auto ok = buffer_sort_ok(sorter, input, order, seed); !ok) return ok << "\n  (buffer keys)";
  if (auto ok = host_sort_ok(sorter, input, order); !ok) return ok << "\n  (host keys)";
  return ::testing::AssertionSuccess();
}

// Key-value sorts: exactly cpu::bitonic_sort's (key, value) sequence, whose keys must in
// turn be the oracle's; guard bytes after both ranges untouched.
template <class Key>
::testing::AssertionResult pairs_sort_ok(gpusort::BitonicSorter<Key, std::uint32_t>& sorter,
                                         const std::vector<Key>& input_keys, gpusort::Order order,
                                         std::uint32_t seed) {
  const std::size_t count = input_keys.size();
  const auto input_values = make_values(count, seed);
  auto cpu_keys = input_keys;
  auto cpu_values = input_values;
  gpusort::cpu::bitonic_sort(cpu_keys, cpu_values, order);
  if (auto ok = same_bits(cpu_keys, expected_sorted(input_keys, order), "cpu network keys vs oracle"); !ok) return ok;

  const Bytes key_guard = guard_pattern(guard_bytes, seed);
  const Bytes value_guard = guard_pattern(guard_bytes + 8, seed + 1);
  GlBuffer key_buffer(concat(to_bytes(input_keys), key_guard));
  GlBuffer value_buffer(concat(to_bytes(input_values), value_guard));
  sorter.sort(key_buffer.name(), value_buffer.name(), count, order);
  if (auto gl = no_gl_error("sort(GLuint, GLuint, count)"); !gl) return gl;
  const Bytes keys_after = key_buffer.read();
  const Bytes values_after = value_buffer.read();
  if (auto ok = guard_intact(keys_after, count * sizeof(Key), key_guard, "key"); !ok) return ok;
  if (auto ok = guard_intact(values_after, count * 4, value_guard, "value"); !ok) return ok;
  if (auto ok = same_bits(from_bytes<Key>(keys_after, 0, count), cpu_keys, "GPU keys vs CPU network"); !ok) {
    return ok;
  }
  if (auto ok = same_bits(from_bytes<std::uint32_t>(values_after, 0, count), cpu_values,
                            "GPU values vs CPU network");
      !ok) {
    return ok;
  }
  auto host_keys = input_keys;
  auto host_values = input_values;
  sorter.sort(host_keys, host_values, order);
  if (auto gl = no_gl_error("sort(std::vector&, std::vector&)"); !gl) return gl;
  if (auto ok = same_bits(host_keys, cpu_keys, "host keys vs CPU network"); !ok) return ok;
  return same_bits(host_values, cpu_values, "host values vs CPU network");
}

TEST(WideKeyCpuNetwork, EqualsStdSort) {
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{100},
                            std::size_t{1000}, std::size_t{4097}}) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 48271u + 9u;
        SCOPED_TRACE(case_name<double>("cpu", count, order, distribution, seed));
        auto u = make_keys<std::uint64_t>(distribution, count, seed);
        auto i = make_keys<std::int64_t>(distribution, count, seed);
        auto d = make_keys<double>(distribution, count, seed);
        const auto want_u = expected_sorted(u, order);
        const auto want_i = expected_sorted(i, order);
        const auto want_d = expected_sorted(d, order);
        gpusort::cpu::bitonic_sort(u, order);
        gpusort::cpu::bitonic_sort(i, order);
        gpusort::cpu::bitonic_sort(d, order);
        ASSERT_TRUE(same_bits(u, want_u, "uint64 keys"));
        ASSERT_TRUE(same_bits(i, want_i, "int64 keys"));
        ASSERT_TRUE(same_bits(d, want_d, "double keys"));
      }
    }
  }
}

// Every special double against every other: the full totalOrder, both directions.
TEST(WideKeyCpuNetwork, SpecialDoublesInTotalOrder) {
  auto keys = special_keys<double>();
  std::mt19937 rng(3);
  std::shuffle(keys.begin(), keys.end(), rng);
  for (auto order : both_orders) {
    auto sorted = keys;
    gpusort::cpu::bitonic_sort(sorted, order);
    ASSERT_TRUE(same_bits(sorted, expected_sorted(keys, order), order_name(order)));
  }
  auto ascending = keys;
  gpusort::cpu::bitonic_sort(ascending);
  EXPECT_EQ(bits_of(ascending.front()), 0xffffffffffffffffu);  // the most negative NaN
  EXPECT_EQ(bits_of(ascending.back()), 0x7fffffffffffffffu);   // the most positive NaN
}

template <class Key>
class WideKeySort : public GlTest {};
TYPED_TEST_SUITE(WideKeySort, WideKeyTypes, KeyTypeNames);

TYPED_TEST(WideKeySort, KeysEverySizeOrderAndDistribution) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key>();
  EXPECT_EQ(sorter.tuning().global_vector_width, 1u);
  for (std::size_t count : wide_sizes(sorter.tuning().tile_size)) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 7919u + 11u;
        SCOPED_TRACE(case_name<Key>("keys", count, order, distribution, seed));
        ASSERT_TRUE(keys_sort_ok(sorter, make_keys<Key>(distribution, count, seed), order, seed));
      }
    }
  }
}

TYPED_TEST(WideKeySort, PairsEqualTheCpuNetwork) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key, std::uint32_t>();
  for (std::size_t count : wide_sizes(sorter.tuning().tile_size)) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 104729u + 12u;
        SCOPED_TRACE(case_name<Key>("pairs", count, order, distribution, seed));
        ASSERT_TRUE(pairs_sort_ok(sorter, make_keys<Key>(distribution, count, seed), order, seed));
      }
    }
  }
}

// ~100k elements: many global passes (LANES 1 for 64-bit keys) between the tile passes.
TYPED_TEST(WideKeySort, LargeKeysAndPairs) {
  using Key = TypeParam;
  const std::size_t count = 100003;
  const auto order = std::is_same_v<Key, std::int64_t> ? gpusort::Order::ascending : gpusort::Order::descending;
  const std::uint32_t seed = 0x64b17u;
  SCOPED_TRACE(case_name<Key>("large", count, order, Distribution::random, seed));
  ASSERT_TRUE(keys_sort_ok(cached_sorter<Key>(), make_keys<Key>(Distribution::random, count, seed), order,
                           seed));
  ASSERT_TRUE(pairs_sort_ok(cached_sorter<Key, std::uint32_t>(),
                            make_keys<Key>(Distribution::few_distinct, count, seed + 1), order, seed + 1));
}

// The entry points that bind ranges and scratch: sort_range() from an odd first element
// (an 8-byte offset that is not 16-byte aligned), stable sorts and sort_indices(), and
// sort_indirect() with the count in a separate buffer.
class WideKeyEntryPoints : public GlTest {};

TEST_F(WideKeyEntryPoints, SortRangeTouchesOnlyTheRange) {
  auto& sorter = cached_sorter<double>();
  auto& pairs = cached_sorter<double, std::uint32_t>();
  const std::size_t tile = pairs.tuning().tile_size;
  for (std::size_t first : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{6}}) {
    for (std::size_t count : {std::size_t{2}, std::size_t{33}, tile + 1, 3 * tile + 5}) {
      const auto order = (first + count) % 2 ? gpusort::Order::descending : gpusort::Order::ascending;
      const std::uint32_t seed = static_cast<std::uint32_t>(first * 1000 + count);
      SCOPED_TRACE("first " + std::to_string(first) + " count " + std::to_string(count) + " " + order_name(order));
      const std::size_t total = first + count + 7;
      const auto keys = make_keys<double>(Distribution::random, total, seed);
      const auto values = make_values(total, seed);

      auto want_keys = keys;
      std::vector<double> slice(keys.begin() + first, keys.begin() + first + count);
      slice = expected_sorted(slice, order);
      std::copy(slice.begin(), slice.end(), want_keys.begin() + first);
      GlBuffer key_buffer(to_bytes(keys));
      sorter.sort_range(key_buffer.name(), first, count, order);
      ASSERT_TRUE(no_gl_error("sort_range(keys)"));
      ASSERT_TRUE(same_bits(from_bytes<double>(key_buffer.read(), 0, total), want_keys, "sort_range keys"));

      auto want_pair_keys = keys;
      auto want_values = values;
      std::vector<double> key_slice(keys.begin() + first, keys.begin() + first + count);
      std::vector<std::uint32_t> value_slice(values.begin() + first, values.begin() + first + count);
      gpusort::cpu::bitonic_sort(key_slice, value_slice, order);
      std::copy(key_slice.begin(), key_slice.end(), want_pair_keys.begin() + first);
      std::copy(value_slice.begin(), value_slice.end(), want_values.begin() + first);
      GlBuffer pair_keys(to_bytes(keys));
      GlBuffer pair_values(to_bytes(values));
      pairs.sort_range(pair_keys.name(), pair_values.name(), first, count, order);
      ASSERT_TRUE(no_gl_error("sort_range(keys, values)"));
      ASSERT_TRUE(same_bits(from_bytes<double>(pair_keys.read(), 0, total), want_pair_keys, "sort_range kv keys"));
      ASSERT_TRUE(
          same_bits(from_bytes<std::uint32_t>(pair_values.read(), 0, total), want_values, "sort_range values"));
    }
  }
}

TEST_F(WideKeyEntryPoints, StableSortAndSortIndices) {
  auto& sorter = cached_sorter<std::int64_t, std::uint32_t>();
  const std::size_t tile = sorter.tuning().tile_size;
  for (std::size_t count : {std::size_t{3}, tile + 1, 3 * tile + 5}) {
    for (auto order : both_orders) {
      const std::uint32_t seed = static_cast<std::uint32_t>(count) + 77u;
      SCOPED_TRACE("count " + std::to_string(count) + " " + order_name(order));
      const auto keys = make_keys<std::int64_t>(Distribution::few_distinct, count, seed);
      std::vector<std::uint32_t> permutation(count);
      std::iota(permutation.begin(), permutation.end(), 0u);
      std::stable_sort(permutation.begin(), permutation.end(), [&](std::uint32_t a, std::uint32_t b) {
        return order == gpusort::Order::ascending ? keys[a] < keys[b] : keys[a] > keys[b];
      });
      std::vector<std::int64_t> want_keys(count);
      for (std::size_t i = 0; i < count; ++i) want_keys[i] = keys[permutation[i]];

      const auto values = make_values(count, seed);
      std::vector<std::uint32_t> want_values(count);
      for (std::size_t i = 0; i < count; ++i) want_values[i] = values[permutation[i]];
      GlBuffer key_buffer(to_bytes(keys));
      GlBuffer value_buffer(to_bytes(values));
      sorter.sort(key_buffer.name(), value_buffer.name(), count, order, gpusort::Stability::stable);
      ASSERT_TRUE(no_gl_error("stable sort"));
      ASSERT_TRUE(same_bits(from_bytes<std::int64_t>(key_buffer.read(), 0, count), want_keys, "stable keys"));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(value_buffer.read(), 0, count), want_values, "stable values"));

      GlBuffer index_keys(to_bytes(keys));
      GlBuffer indices(to_bytes(std::vector<std::uint32_t>(count, 0xdeadbeefu)));
      sorter.sort_indices(index_keys.name(), indices.name(), count, order);
      ASSERT_TRUE(no_gl_error("sort_indices"));
      ASSERT_TRUE(same_bits(from_bytes<std::int64_t>(index_keys.read(), 0, count), want_keys, "indexed keys"));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(indices.read(), 0, count), permutation, "indices"));
    }
  }
}

TEST_F(WideKeyEntryPoints, SortIndirectReadsTheCountFromTheGpu) {
  auto& sorter = cached_sorter<std::uint64_t>();
  const std::size_t tile = sorter.tuning().tile_size;
  const std::size_t capacity = 3 * tile + 5;
  for (std::uint32_t count : {0u, 1u, 33u, static_cast<std::uint32_t>(tile + 1), static_cast<std::uint32_t>(capacity),
                              static_cast<std::uint32_t>(capacity + 100)}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const auto keys = make_keys<std::uint64_t>(Distribution::random, capacity, count + 5u);
    auto want = keys;
    const std::size_t sorted = std::min<std::size_t>(count, capacity);
    std::sort(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(sorted));
    GlBuffer key_buffer(to_bytes(keys));
    GlBuffer count_buffer(to_bytes(std::vector<std::uint32_t>{0u, count}));
    sorter.sort_indirect(key_buffer.name(), count_buffer.name(), 4, capacity);
    ASSERT_TRUE(no_gl_error("sort_indirect"));
    ASSERT_TRUE(same_bits(from_bytes<std::uint64_t>(key_buffer.read(), 0, capacity), want, "indirect keys"));
  }
}

}  // namespace
}  // namespace gpusort_test
