// 64-bit keys (std::uint64_t, std::int64_t, double). The shaders hold them as two 32-bit
// words, so what can go wrong is new: the order of the words, ties in the high word that
// the low word must break, the sign and float tricks spread over two words, 8-byte
// element offsets. Inputs therefore mix fully random keys with keys that share their high
// word, and doubles with every special class. Keys-only results are checked against
// std::sort with the totalOrder comparator; key-value results against cpu::bitonic_sort,
// pair for pair.

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

using WideKeyTypes = ::testing::Types<std::uint64_t, std::int64_t, double>;

struct WideKeyNames {
  template <class Key>
  static std::string GetName(int) {
    if constexpr (std::is_same_v<Key, std::uint64_t>) return "uint64_t";
    if constexpr (std::is_same_v<Key, std::int64_t>) return "int64_t";
    return "double";
  }
};

// An unsigned rank whose natural order is the promised key order (totalOrder for double),
// written independently of the library's KeyTraits.
template <class Key>
std::uint64_t rank_of(Key key) {
  const std::uint64_t bits = bits_of(key);
  const std::uint64_t sign = std::uint64_t{1} << 63;
  if constexpr (std::is_same_v<Key, double>) return (bits & sign) ? ~bits : (bits | sign);
  if constexpr (std::is_same_v<Key, std::int64_t>) return bits + sign;  // shifts INT64_MIN to 0
  return bits;
}

template <class Key>
std::vector<Key> oracle_sorted(std::vector<Key> keys, gpusort::Order order) {
  std::sort(keys.begin(), keys.end(), [](Key a, Key b) { return rank_of(a) < rank_of(b); });
  if (order == gpusort::Order::descending) std::reverse(keys.begin(), keys.end());
  return keys;
}

std::string hex64(std::uint64_t bits) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(bits));
  return text;
}

template <class T>
::testing::AssertionResult same_bits64(const std::vector<T>& got, const std::vector<T>& want, const char* what) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << what << ": sizes differ";
  if (got.empty() || std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0) {
    return ::testing::AssertionSuccess();
  }
  auto failure = ::testing::AssertionFailure() << what << " differ:";
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    std::uint64_t a = 0, b = 0;
    std::memcpy(&a, &got[i], sizeof(T));
    std::memcpy(&b, &want[i], sizeof(T));
    if (a == b) continue;
    if (++mismatches <= 5) failure << "\n  [" << i << "] got " << hex64(a) << ", expected " << hex64(b);
  }
  return failure << "\n  " << mismatches << " of " << got.size() << " differ";
}

// Doubles of every class: signed zeros, infinities, NaNs of both signs (quiet and
// signalling, several payloads), denormals, extremes, and neighbours that differ only in
// the low word.
std::vector<double> special_doubles() {
  const std::uint64_t patterns[] = {
      0x0000000000000000u, 0x8000000000000000u,  // +0, -0
      0x7ff0000000000000u, 0xfff0000000000000u,  // +inf, -inf
      0x7ff8000000000000u, 0xfff8000000000000u,  // quiet NaNs
      0x7ff8000000000001u, 0xfff80000deadbeefu, 0x7fffffffffffffffu, 0xffffffffffffffffu,
      0x7ff0000000000001u, 0xfff0000000000001u, 0x7ff7ffffffffffffu,  // signalling NaNs
      0x0000000000000001u, 0x8000000000000001u, 0x000fffffffffffffu, 0x800fffffffffffffu,  // denormals
      0x0000000100000000u, 0x8000000100000000u,  // denormals with an empty low word
      0x0010000000000000u, 0x8010000000000000u,  // smallest normals
      0x7fefffffffffffffu, 0xffefffffffffffffu,  // largest finite
      0x3ff0000000000000u, 0x3ff0000000000001u, 0x3fefffffffffffffu,  // 1 and its neighbours
      0xbff0000000000000u, 0xbff0000000000001u, 0xbfefffffffffffffu,
  };
  std::vector<double> doubles;
  for (std::uint64_t bits : patterns) doubles.push_back(from_bits<double>(bits));
  return doubles;
}

template <class Key>
std::vector<Key> few_distinct_wide_pool() {
  if constexpr (std::is_same_v<Key, double>) {
    return {0.0, -0.0, 1.0, -2.5, from_bits<double>(0xfff8000000000000u), from_bits<double>(0x7ff8000000000001u),
            from_bits<double>(0x3ff0000000000001u)};
  } else if constexpr (std::is_same_v<Key, std::int64_t>) {
    return {-1, 0, 1, std::int64_t{1} << 32, -(std::int64_t{1} << 32), INT64_MIN, INT64_MAX, 0xffffffff};
  } else {
    return {0u, 1u, 0xffffffffu, std::uint64_t{1} << 32, ~std::uint64_t{0}, std::uint64_t{1} << 63,
            (std::uint64_t{1} << 32) + 1};
  }
}

enum class WideDistribution { random, few_distinct, all_equal };
const WideDistribution wide_distributions[] = {WideDistribution::random, WideDistribution::few_distinct,
                                               WideDistribution::all_equal};

const char* wide_distribution_name(WideDistribution distribution) {
  switch (distribution) {
    case WideDistribution::random: return "random";
    case WideDistribution::few_distinct: return "few_distinct";
    case WideDistribution::all_equal: return "all_equal";
  }
  return "?";
}

template <class Key>
Key random_wide_key(std::mt19937& rng) {
  const std::uint32_t choice = rng() % 8u;
  const std::uint64_t low = rng();
  const std::uint64_t high = rng();
  if constexpr (std::is_same_v<Key, double>) {
    static const std::vector<double> specials = special_doubles();
    if (choice == 0) return specials[low % specials.size()];
    // Small quarter-steps: many equal and neighbouring values.
    if (choice < 4) return static_cast<double>(static_cast<std::int32_t>(low % 4001u) - 2000) * 0.25;
  }
  // Half of the rest share one of four high words, so the low word decides.
  const std::uint64_t top = (choice % 2 == 0) ? (high % 4u) * 0x40000001u : high;
  return from_bits<Key>((top << 32) | low);
}

template <class Key>
std::vector<Key> make_wide_keys(WideDistribution distribution, std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Key> keys(count);
  if (distribution == WideDistribution::random) {
    for (auto& key : keys) key = random_wide_key<Key>(rng);
  } else if (distribution == WideDistribution::all_equal) {
    const Key value = random_wide_key<Key>(rng);
    std::fill(keys.begin(), keys.end(), value);
  } else {
    const auto pool = few_distinct_wide_pool<Key>();
    for (auto& key : keys) key = pool[rng() % pool.size()];
  }
  return keys;
}

std::vector<std::size_t> wide_sizes(std::size_t tile) {
  return {0, 1, 2, 3, 33, tile - 1, tile, tile + 1, 2 * tile + 1, 3 * tile + 5};
}

template <class Key>
std::string wide_case(const char* api, std::size_t count, gpusort::Order order, WideDistribution distribution,
                      std::uint32_t seed) {
  return std::string(api) + " key=" + WideKeyNames::GetName<Key>(0) + " count=" + std::to_string(count) +
         " order=" + order_name(order) + " distribution=" + wide_distribution_name(distribution) +
         " seed=" + std::to_string(seed);
}

// Buffer and host-vector sorts of keys alone: the oracle's bits, guard bytes untouched.
template <class Key>
::testing::AssertionResult keys_sort_ok(gpusort::BitonicSorter<Key>& sorter, const std::vector<Key>& input,
                                        gpusort::Order order, std::uint32_t seed) {
  const auto want = oracle_sorted(input, order);
  const Bytes guard = guard_pattern(guard_bytes, seed);
  GlBuffer buffer(concat(to_bytes(input), guard));
  sorter.sort(buffer.name(), input.size(), order);
  if (auto gl = no_gl_error("sort(GLuint, count)"); !gl) return gl;
  const Bytes after = buffer.read();
  if (auto ok = guard_intact(after, input.size() * sizeof(Key), guard, "key"); !ok) return ok;
  if (auto ok = same_bits64(from_bytes<Key>(after, 0, input.size()), want, "buffer keys"); !ok) return ok;
  auto host = input;
  sorter.sort(host, order);
  if (auto gl = no_gl_error("sort(std::vector&)"); !gl) return gl;
  return same_bits64(host, want, "host keys");
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
  if (auto ok = same_bits64(cpu_keys, oracle_sorted(input_keys, order), "cpu network keys vs oracle"); !ok) return ok;

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
  if (auto ok = same_bits64(from_bytes<Key>(keys_after, 0, count), cpu_keys, "GPU keys vs CPU network"); !ok) {
    return ok;
  }
  if (auto ok = same_bits64(from_bytes<std::uint32_t>(values_after, 0, count), cpu_values,
                            "GPU values vs CPU network");
      !ok) {
    return ok;
  }
  auto host_keys = input_keys;
  auto host_values = input_values;
  sorter.sort(host_keys, host_values, order);
  if (auto gl = no_gl_error("sort(std::vector&, std::vector&)"); !gl) return gl;
  if (auto ok = same_bits64(host_keys, cpu_keys, "host keys vs CPU network"); !ok) return ok;
  return same_bits64(host_values, cpu_values, "host values vs CPU network");
}

TEST(WideKeyCpuNetwork, EqualsStdSort) {
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{100},
                            std::size_t{1000}, std::size_t{4097}}) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 48271u + 9u;
        SCOPED_TRACE(wide_case<double>("cpu", count, order, distribution, seed));
        auto u = make_wide_keys<std::uint64_t>(distribution, count, seed);
        auto i = make_wide_keys<std::int64_t>(distribution, count, seed);
        auto d = make_wide_keys<double>(distribution, count, seed);
        const auto want_u = oracle_sorted(u, order);
        const auto want_i = oracle_sorted(i, order);
        const auto want_d = oracle_sorted(d, order);
        gpusort::cpu::bitonic_sort(u, order);
        gpusort::cpu::bitonic_sort(i, order);
        gpusort::cpu::bitonic_sort(d, order);
        ASSERT_TRUE(same_bits64(u, want_u, "uint64 keys"));
        ASSERT_TRUE(same_bits64(i, want_i, "int64 keys"));
        ASSERT_TRUE(same_bits64(d, want_d, "double keys"));
      }
    }
  }
}

// Every special double against every other: the full totalOrder, both directions.
TEST(WideKeyCpuNetwork, SpecialDoublesInTotalOrder) {
  auto keys = special_doubles();
  std::mt19937 rng(3);
  std::shuffle(keys.begin(), keys.end(), rng);
  for (auto order : both_orders) {
    auto sorted = keys;
    gpusort::cpu::bitonic_sort(sorted, order);
    ASSERT_TRUE(same_bits64(sorted, oracle_sorted(keys, order), order_name(order)));
  }
  auto ascending = keys;
  gpusort::cpu::bitonic_sort(ascending);
  EXPECT_EQ(bits_of(ascending.front()), 0xffffffffffffffffu);  // the most negative NaN
  EXPECT_EQ(bits_of(ascending.back()), 0x7fffffffffffffffu);   // the most positive NaN
}

template <class Key>
class WideKeySort : public GlTest {};
TYPED_TEST_SUITE(WideKeySort, WideKeyTypes, WideKeyNames);

TYPED_TEST(WideKeySort, KeysEverySizeOrderAndDistribution) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key>();
  EXPECT_EQ(sorter.tuning().global_vector_width, 1u);
  for (std::size_t count : wide_sizes(sorter.tuning().tile_size)) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 7919u + 11u;
        SCOPED_TRACE(wide_case<Key>("keys", count, order, distribution, seed));
        ASSERT_TRUE(keys_sort_ok(sorter, make_wide_keys<Key>(distribution, count, seed), order, seed));
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
        SCOPED_TRACE(wide_case<Key>("pairs", count, order, distribution, seed));
        ASSERT_TRUE(pairs_sort_ok(sorter, make_wide_keys<Key>(distribution, count, seed), order, seed));
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
  SCOPED_TRACE(wide_case<Key>("large", count, order, WideDistribution::random, seed));
  ASSERT_TRUE(keys_sort_ok(cached_sorter<Key>(), make_wide_keys<Key>(WideDistribution::random, count, seed), order,
                           seed));
  ASSERT_TRUE(pairs_sort_ok(cached_sorter<Key, std::uint32_t>(),
                            make_wide_keys<Key>(WideDistribution::few_distinct, count, seed + 1), order, seed + 1));
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
      const auto keys = make_wide_keys<double>(WideDistribution::random, total, seed);
      const auto values = make_values(total, seed);

      auto want_keys = keys;
      std::vector<double> slice(keys.begin() + first, keys.begin() + first + count);
      slice = oracle_sorted(slice, order);
      std::copy(slice.begin(), slice.end(), want_keys.begin() + first);
      GlBuffer key_buffer(to_bytes(keys));
      sorter.sort_range(key_buffer.name(), first, count, order);
      ASSERT_TRUE(no_gl_error("sort_range(keys)"));
      ASSERT_TRUE(same_bits64(from_bytes<double>(key_buffer.read(), 0, total), want_keys, "sort_range keys"));

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
      ASSERT_TRUE(same_bits64(from_bytes<double>(pair_keys.read(), 0, total), want_pair_keys, "sort_range kv keys"));
      ASSERT_TRUE(
          same_bits64(from_bytes<std::uint32_t>(pair_values.read(), 0, total), want_values, "sort_range values"));
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
      const auto keys = make_wide_keys<std::int64_t>(WideDistribution::few_distinct, count, seed);
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
      ASSERT_TRUE(same_bits64(from_bytes<std::int64_t>(key_buffer.read(), 0, count), want_keys, "stable keys"));
      ASSERT_TRUE(same_bits64(from_bytes<std::uint32_t>(value_buffer.read(), 0, count), want_values, "stable values"));

      GlBuffer index_keys(to_bytes(keys));
      GlBuffer indices(to_bytes(std::vector<std::uint32_t>(count, 0xdeadbeefu)));
      sorter.sort_indices(index_keys.name(), indices.name(), count, order);
      ASSERT_TRUE(no_gl_error("sort_indices"));
      ASSERT_TRUE(same_bits64(from_bytes<std::int64_t>(index_keys.read(), 0, count), want_keys, "indexed keys"));
      ASSERT_TRUE(same_bits64(from_bytes<std::uint32_t>(indices.read(), 0, count), permutation, "indices"));
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
    const auto keys = make_wide_keys<std::uint64_t>(WideDistribution::random, capacity, count + 5u);
    auto want = keys;
    const std::size_t sorted = std::min<std::size_t>(count, capacity);
    std::sort(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(sorted));
    GlBuffer key_buffer(to_bytes(keys));
    GlBuffer count_buffer(to_bytes(std::vector<std::uint32_t>{0u, count}));
    sorter.sort_indirect(key_buffer.name(), count_buffer.name(), 4, capacity);
    ASSERT_TRUE(no_gl_error("sort_indirect"));
    ASSERT_TRUE(same_bits64(from_bytes<std::uint64_t>(key_buffer.read(), 0, capacity), want, "indirect keys"));
  }
}

}  // namespace
}  // namespace gpusort_test
