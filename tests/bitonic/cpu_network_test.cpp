// gpusort::cpu::bitonic_sort on its own: it must be a correct sort for every size,
// not only powers of two, before it can serve as the GPU's exact reference; 64-bit keys too
// (uint64_t, int64_t, double: the key types the shaders hold as two words).

#include <algorithm>
#include <numeric>
#include <random>

#include "key_inputs.hpp"
#include "key_types.hpp"

namespace gpusort_test {
namespace {

std::vector<std::size_t> cpu_sizes() {
  std::vector<std::size_t> sizes(130);
  std::iota(sizes.begin(), sizes.end(), 0);  // every size 0..129
  for (std::size_t s : {100, 127, 128, 129, 255, 256, 257, 1000, 1023, 1024, 1025, 4097})
    sizes.push_back(s);
  for (std::size_t s : random_sizes(20240601u, 8, 20000)) sizes.push_back(s);
  return sizes;
}

template <class Key>
class CpuNetwork : public ::testing::Test {};
TYPED_TEST_SUITE(CpuNetwork, KeyTypes, KeyTypeNames);

TYPED_TEST(CpuNetwork, KeysMatchStdSort) {
  using Key = TypeParam;
  for (std::size_t count : cpu_sizes()) {
    for (auto order : both_orders) {
      for (auto distribution : all_distributions) {
        const std::uint32_t seed = static_cast<std::uint32_t>(count * 31 + 7);
        SCOPED_TRACE(case_name<Key>("cpu::bitonic_sort", count, order, distribution, seed));
        const auto input = make_keys<Key>(distribution, count, seed);
        auto keys = input;
        gpusort::cpu::bitonic_sort(keys, order);
        ASSERT_TRUE(same_bits(keys, expected_sorted(input, order)));
      }
    }
  }
}

TYPED_TEST(CpuNetwork, KeyValueKeepsPairs) {
  using Key = TypeParam;
  for (std::size_t count : cpu_sizes()) {
    for (auto order : both_orders) {
      for (auto distribution : all_distributions) {
        const std::uint32_t seed = static_cast<std::uint32_t>(count * 17 + 3);
        SCOPED_TRACE(case_name<Key>("cpu::bitonic_sort kv", count, order, distribution, seed));
        const auto input_keys = make_keys<Key>(distribution, count, seed);
        const auto input_values = make_values(count, seed);
        auto keys = input_keys;
        auto values = input_values;
        gpusort::cpu::bitonic_sort(keys, values, order);
        ASSERT_TRUE(sorted_pairs_ok(input_keys, input_values, keys, values, order));
      }
    }
  }
}

TEST(CpuNetworkSpecials, LargeNonPowerOfTwo) {
  const std::size_t count = 65537;  // one past a power of two: the most padding
  for (auto order : both_orders) {
    SCOPED_TRACE(case_name<float>("cpu::bitonic_sort kv", count, order, Distribution::random, 5));
    const auto input_keys = make_keys<float>(Distribution::random, count, 5);
    const auto input_values = make_values(count, 5);
    auto keys = input_keys;
    auto values = input_values;
    gpusort::cpu::bitonic_sort(keys, values, order);
    ASSERT_TRUE(sorted_pairs_ok(input_keys, input_values, keys, values, order));
  }
}

TEST(CpuNetworkSpecials, FloatSpecialsInTotalOrder) {
  const auto specials = special_floats();
  for (std::size_t repeat : {1, 3, 40}) {
    std::vector<float> input;
    for (std::size_t r = 0; r < repeat; ++r) input.insert(input.end(), specials.begin(), specials.end());
    std::mt19937 rng(static_cast<std::uint32_t>(repeat));
    std::shuffle(input.begin(), input.end(), rng);
    for (auto order : both_orders) {
      SCOPED_TRACE(std::string("specials x") + std::to_string(repeat) + " " + order_name(order));
      auto keys = input;
      gpusort::cpu::bitonic_sort(keys, order);
      ASSERT_TRUE(same_bits(keys, expected_sorted(input, order)));
    }
  }
}

// The distributions that matter to the two words of a 64-bit key.
const Distribution wide_distributions[] = {Distribution::random, Distribution::few_distinct, Distribution::all_equal};

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

}  // namespace
}  // namespace gpusort_test
