// 64-bit keys (std::uint64_t, std::int64_t, double) on all three classes. The shaders hold them
// as two 32-bit words, so what can go wrong is new: the order of the words, ties in the high word
// that the low word must break, the sign and float tricks spread over two words, 8-byte element
// offsets. Inputs therefore mix fully random keys with few distinct and equal ones, and doubles
// with every special class (tests/key_inputs.hpp). Keys-only results are checked against
// std::sort with the totalOrder comparator; key-value results against the class's own oracle
// (pair_expectation, tests/contract_support.hpp: the network's pair for pair against the CPU
// network, the radix sort's against std::stable_sort). The entry points that bind 64-bit ranges
// run in ranges_test.cpp (doubles), indirect_test.cpp (uint64_t) and stability_test.cpp
// (int64_t).

#include "contract_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

using WideKeyCases = OverEveryFamily<std::uint64_t, std::int64_t, double>;

// The distributions that matter to the two words (sorted inputs add nothing new here).
const Distribution wide_distributions[] = {Distribution::random, Distribution::few_distinct, Distribution::all_equal};

std::vector<std::size_t> wide_sizes(std::size_t tile) {
  return {0, 1, 2, 3, 33, tile - 1, tile, tile + 1, 2 * tile + 1, 3 * tile + 5};
}

// Buffer and host-vector sorts of keys alone: the oracle's bits, guard bytes untouched.
template <class Key, class Sorter>
::testing::AssertionResult keys_sort_ok(Sorter& sorter, const std::vector<Key>& input, Order order,
                                        std::uint32_t seed) {
  if (auto ok = buffer_sort_ok(sorter, input, order, seed); !ok) return ok << "\n  (buffer keys)";
  if (auto ok = host_sort_ok(sorter, input, order); !ok) return ok << "\n  (host keys)";
  return ::testing::AssertionSuccess();
}

// Key-value sorts (unstable): the class's oracle in buffers with guard words, and on host vectors.
template <Family F, class Key, class Sorter>
::testing::AssertionResult pairs_sort_ok(Sorter& sorter, const std::vector<Key>& keys, Order order,
                                         std::uint32_t seed) {
  const std::size_t count = keys.size();
  const auto values = make_values(count, seed);
  // The network's pairs equal the CPU network's at every count here, the large one included.
  const Expect expect =
      F == Family::bitonic ? Expect::network : pair_expectation<F>(sorter, count, Stability::unstable);
  if (auto ok = contract_buffer_ok<Key>([&](GLuint k, GLuint v) { sorter.sort(k, v, count, order); }, keys, &values,
                                        0, order, expect, seed);
      !ok) {
    return ok << "\n  (buffer pairs)";
  }
  auto host_keys = keys;
  auto host_values = values;
  sorter.sort(host_keys, host_values, order);
  if (auto gl = no_gl_error("sort(std::vector&, std::vector&)"); !gl) return gl;
  return pairs_ok(keys, values, host_keys, host_values, order, expect) << "\n  (host pairs)";
}

template <class Case>
class WideKeySort : public GlTest {};
TYPED_TEST_SUITE(WideKeySort, WideKeyCases, ContractNames);

TYPED_TEST(WideKeySort, KeysEverySizeOrderAndDistribution) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key>();
  if constexpr (F == Family::bitonic) {
    EXPECT_EQ(sorter.tuning().global_vector_width, 1u);
  }
  for (std::size_t count : wide_sizes(tile_of<F>(sorter))) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 7919u + 11u;
        SCOPED_TRACE(contract_case<Key>(F, "keys", count, order, distribution, seed));
        ASSERT_TRUE(keys_sort_ok(sorter, make_keys<Key>(distribution, count, seed), order, seed));
      }
    }
  }
}

TYPED_TEST(WideKeySort, PairsEqualTheirOracle) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key, std::uint32_t>();
  for (std::size_t count : wide_sizes(tile_of<F>(sorter))) {
    for (auto order : both_orders) {
      for (auto distribution : wide_distributions) {
        const auto seed = static_cast<std::uint32_t>(count) * 104729u + 12u;
        SCOPED_TRACE(contract_case<Key>(F, "pairs", count, order, distribution, seed));
        ASSERT_TRUE(pairs_sort_ok<F>(sorter, make_keys<Key>(distribution, count, seed), order, seed));
      }
    }
  }
}

// ~100k elements: many passes (for the network, global passes of one element per lane between the
// tile passes; for the radix sort, a pass per digit over many tiles).
TYPED_TEST(WideKeySort, LargeKeysAndPairs) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  const std::size_t count = 100003;
  const auto order = std::is_same_v<Key, std::int64_t> ? Order::ascending : Order::descending;
  const std::uint32_t seed = 0x64b17u;
  SCOPED_TRACE(contract_case<Key>(F, "large", count, order, Distribution::random, seed));
  ASSERT_TRUE(keys_sort_ok(contract_sorter<F, Key>(), make_keys<Key>(Distribution::random, count, seed), order, seed));
  ASSERT_TRUE(pairs_sort_ok<F>(contract_sorter<F, Key, std::uint32_t>(),
                               make_keys<Key>(Distribution::few_distinct, count, seed + 1), order, seed + 1));
}

}  // namespace
}  // namespace gpusort_test
