// gpusort::cpu::bitonic_sort on its own: it must be a correct sort for every size,
// not only powers of two, before it can serve as the GPU's exact reference.

#include <numeric>

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

}  // namespace
}  // namespace gpusort_test
