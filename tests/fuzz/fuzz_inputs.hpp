#pragma once
// Key and value data for a fuzz case, from its data seed. Builds on key_inputs.hpp (random
// keys, few-distinct pools, float specials) and adds the shapes only the fuzzer needs.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "fuzz_case.hpp"
#include "key_inputs.hpp"

namespace gpusort_fuzz {

// A key whose order follows `rank` (small ranks, so runs of equal keys appear too).
template <class Key>
Key key_from_rank(std::int64_t rank) {
  if constexpr (std::is_same_v<Key, float>) {
    return static_cast<float>(rank) * 0.5f - 100.0f;  // crosses zero: -0 never appears, +0 does
  } else if constexpr (std::is_same_v<Key, std::int32_t>) {
    return static_cast<std::int32_t>(rank - 1000);
  } else {
    return static_cast<std::uint32_t>(rank);
  }
}

template <class Key>
std::vector<Key> special_pool() {
  if constexpr (std::is_same_v<Key, float>) {
    return gpusort_test::special_floats();
  } else if constexpr (std::is_same_v<Key, std::int32_t>) {
    return {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::min() + 1, -1, 0, 1,
            std::numeric_limits<std::int32_t>::max() - 1, std::numeric_limits<std::int32_t>::max()};
  } else {
    return {0u, 1u, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu};
  }
}

template <class Key>
std::vector<Key> make_fuzz_keys(FuzzDistribution distribution, std::size_t count, std::uint32_t seed) {
  using gpusort_test::Distribution;
  std::mt19937 rng(seed);
  std::vector<Key> keys(count);
  switch (distribution) {
    case FuzzDistribution::random: return gpusort_test::make_keys<Key>(Distribution::random, count, seed);
    case FuzzDistribution::sorted: return gpusort_test::make_keys<Key>(Distribution::sorted, count, seed);
    case FuzzDistribution::reversed: return gpusort_test::make_keys<Key>(Distribution::reversed, count, seed);
    case FuzzDistribution::few_distinct:
      return gpusort_test::make_keys<Key>(Distribution::few_distinct, count, seed);
    case FuzzDistribution::all_equal: return gpusort_test::make_keys<Key>(Distribution::all_equal, count, seed);
    case FuzzDistribution::organ_pipe:
      for (std::size_t i = 0; i < count; ++i) {
        keys[i] = key_from_rank<Key>(static_cast<std::int64_t>(std::min(i, count - 1 - i)));
      }
      break;
    case FuzzDistribution::sawtooth: {
      const std::size_t period = 2 + rng() % 1000;
      for (std::size_t i = 0; i < count; ++i) keys[i] = key_from_rank<Key>(static_cast<std::int64_t>(i % period));
      break;
    }
    case FuzzDistribution::float_specials: {
      // Mostly specials, with ordinary keys between them so that specials also meet
      // neighbours of every kind.
      const auto pool = special_pool<Key>();
      for (auto& key : keys) key = (rng() % 4 != 0) ? pool[rng() % pool.size()] : gpusort_test::random_key<Key>(rng);
      break;
    }
  }
  return keys;
}

// Unique values make the pair-multiset check strict; every fourth case uses few distinct
// values instead, so that equal pairs are exercised too.
inline std::vector<std::uint32_t> make_fuzz_values(std::size_t count, std::uint32_t seed) {
  if (seed % 4 != 0) return gpusort_test::make_values(count, seed);
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> values(count);
  for (auto& value : values) value = rng() % 3;
  return values;
}

}  // namespace gpusort_fuzz
