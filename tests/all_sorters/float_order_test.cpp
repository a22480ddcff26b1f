// Floats sort in IEEE 754 totalOrder and come back bit for bit, on all three classes: -NaN <
// -inf < ... < -0 < +0 < ... < +inf < +NaN, NaN payloads and signalling bits preserved.

#include "contract_support.hpp"

namespace gpusort_test {
namespace {

// `count` floats drawn (seeded) from `pool`.
std::vector<float> drawn_from(const std::vector<float>& pool, std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<float> keys(count);
  for (auto& key : keys) key = pool[rng() % pool.size()];
  return keys;
}

std::vector<float> floats_from_bits(std::initializer_list<std::uint32_t> patterns) {
  std::vector<float> floats;
  for (std::uint32_t bits : patterns) floats.push_back(from_bits<float>(bits));
  return floats;
}

struct FloatCase {
  const char* name;
  std::vector<float> keys;
};

std::vector<FloatCase> float_cases(std::size_t tile) {
  const auto specials = special_floats();
  std::vector<FloatCase> cases;
  auto shuffled = specials;
  std::mt19937 rng(42);
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  cases.push_back({"each special once", shuffled});
  cases.push_back({"specials, repeated past a tile", drawn_from(specials, tile + 77, 1)});
  cases.push_back({"signed zeros only", drawn_from(floats_from_bits({0x0u, 0x80000000u}), 1000, 2)});
  cases.push_back({"NaNs only, both signs, many payloads",
                   drawn_from(floats_from_bits({0x7fc00000u, 0xffc00000u, 0x7fc00001u, 0xffc00001u,
                                                0x7f800001u, 0xff800001u, 0x7fffffffu, 0xffffffffu,
                                                0x7fa5a5a5u, 0xffa5a5a5u}),
                              2 * tile + 3, 3)});
  cases.push_back({"denormals and zeros",
                   drawn_from(floats_from_bits({0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
                                                0x00400000u, 0x80400000u, 0x0u, 0x80000000u}),
                              777, 4)});
  cases.push_back({"infinities and extremes",
                   drawn_from(floats_from_bits({0x7f800000u, 0xff800000u, 0x7f7fffffu, 0xff7fffffu,
                                                0x00800000u, 0x80800000u}),
                              tile - 1, 5)});
  // Specials sprinkled into ordinary random floats.
  auto mixed = make_keys<float>(Distribution::random, 3 * tile + 7, 6);
  for (std::size_t i = 0; i < mixed.size(); i += 5) mixed[i] = specials[(i / 5) % specials.size()];
  cases.push_back({"mixed", mixed});
  return cases;
}

template <class Case>
class FloatOrder : public GlTest {};
TYPED_TEST_SUITE(FloatOrder, OverEveryFamily<float>, ContractNames);

TYPED_TEST(FloatOrder, HostKeys) {
  constexpr Family F = TypeParam::family;
  auto& sorter = contract_sorter<F, float>();
  for (const auto& c : float_cases(tile_of<F>(sorter))) {
    for (auto order : both_orders) {
      SCOPED_TRACE(std::string(family_name(F)) + " " + c.name + ", count " + std::to_string(c.keys.size()) + ", " +
                   order_name(order));
      ASSERT_TRUE(host_sort_ok(sorter, c.keys, order));
    }
  }
}

TYPED_TEST(FloatOrder, BufferKeys) {
  constexpr Family F = TypeParam::family;
  auto& sorter = contract_sorter<F, float>();
  std::uint32_t seed = 1;
  for (const auto& c : float_cases(tile_of<F>(sorter))) {
    for (auto order : both_orders) {
      SCOPED_TRACE(std::string(family_name(F)) + " " + c.name + ", count " + std::to_string(c.keys.size()) + ", " +
                   order_name(order));
      ASSERT_TRUE(buffer_sort_ok(sorter, c.keys, order, ++seed));
    }
  }
}

TYPED_TEST(FloatOrder, KeyValue) {
  constexpr Family F = TypeParam::family;
  auto& sorter = contract_sorter<F, float, std::uint32_t>();
  std::uint32_t seed = 100;
  for (const auto& c : float_cases(tile_of<F>(sorter))) {
    for (auto order : both_orders) {
      SCOPED_TRACE(std::string(family_name(F)) + " " + c.name + ", count " + std::to_string(c.keys.size()) + ", " +
                   order_name(order));
      ++seed;
      ASSERT_TRUE(buffer_sort_kv_ok(sorter, c.keys, make_values(c.keys.size(), seed), order, seed));
      ASSERT_TRUE(host_sort_kv_ok(sorter, c.keys, make_values(c.keys.size(), seed), order));
    }
  }
}

// Spelled out once, independent of the oracle: where each class must land.
TYPED_TEST(FloatOrder, ExplicitTotalOrder) {
  constexpr Family F = TypeParam::family;
  const auto ascending = floats_from_bits({0xffffffffu, 0xffc00000u, 0xff800001u, 0xff800000u,
                                           0xff7fffffu, 0xbf800000u, 0x80800000u, 0x807fffffu,
                                           0x80000001u, 0x80000000u, 0x00000000u, 0x00000001u,
                                           0x007fffffu, 0x00800000u, 0x3f800000u, 0x7f7fffffu,
                                           0x7f800000u, 0x7f800001u, 0x7fc00000u, 0x7fffffffu});
  auto keys = ascending;
  std::mt19937 rng(7);
  std::shuffle(keys.begin(), keys.end(), rng);
  auto up = keys;
  contract_sorter<F, float>().sort(up, gpusort::Order::ascending);
  EXPECT_TRUE(same_bits(up, ascending));
  auto down = keys;
  contract_sorter<F, float>().sort(down, gpusort::Order::descending);
  EXPECT_TRUE(same_bits(down, std::vector<float>(ascending.rbegin(), ascending.rend())));
}

}  // namespace
}  // namespace gpusort_test
