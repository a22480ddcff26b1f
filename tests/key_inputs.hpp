#pragma once
// Seeded inputs of every key type (32- and 64-bit): distributions of keys, the special values
// of each type and the sizes worth testing: the one key generator of the tests (the fuzzer's
// inputs build on it). Generation uses raw std::mt19937 output only (its
// sequence is fixed by the standard, unlike the std:: distributions), so a seed names the
// same input everywhere.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "key_bits.hpp"

namespace gpusort_test {

// specials: only the special values of the key type (below), in random order.
enum class Distribution { random, sorted, reversed, all_equal, few_distinct, specials };

inline const Distribution all_distributions[] = {Distribution::random, Distribution::sorted,
                                                 Distribution::reversed, Distribution::all_equal,
                                                 Distribution::few_distinct};

inline const gpusort::Order both_orders[] = {gpusort::Order::ascending,
                                             gpusort::Order::descending};

inline const char* distribution_name(Distribution distribution) {
  switch (distribution) {
    case Distribution::random: return "random";
    case Distribution::sorted: return "sorted";
    case Distribution::reversed: return "reversed";
    case Distribution::all_equal: return "all_equal";
    case Distribution::few_distinct: return "few_distinct";
    case Distribution::specials: return "specials";
  }
  return "?";
}

// Float specials: signed zeros, infinities, NaNs of both signs with several payloads
// (quiet and signalling), denormals and the extremes of the normal range.
inline std::vector<float> special_floats() {
  const std::uint32_t patterns[] = {
      0x00000000u, 0x80000000u,                            // +0, -0
      0x7f800000u, 0xff800000u,                            // +inf, -inf
      0x7fc00000u, 0xffc00000u,                            // canonical quiet NaNs
      0x7fc12345u, 0xffc54321u, 0x7fffffffu, 0xffffffffu,  // quiet NaN payloads
      0x7f800001u, 0xff800001u, 0x7fbfffffu, 0xffa00000u,  // signalling NaNs
      0x00000001u, 0x80000001u, 0x00000002u, 0x807fffffu,  // denormals
      0x007fffffu, 0x80400000u, 0x00400000u, 0x80000002u,
      0x00800000u, 0x80800000u,                            // smallest normals
      0x7f7fffffu, 0xff7fffffu,                            // largest finite
      0x3f800000u, 0xbf800000u, 0x3f800001u, 0xbf7fffffu,  // around +-1
      0x40490fdbu, 0xc0490fdbu,                            // +-pi
  };
  std::vector<float> floats;
  for (std::uint32_t bits : patterns) floats.push_back(from_bits<float>(bits));
  return floats;
}

// Keys that matter to a type: float and double specials (NaNs of both signs and payloads,
// +-0, +-inf, denormals), integer extremes.
template <class Key>
std::vector<Key> special_keys() {
  if constexpr (std::is_same_v<Key, float>) {
    return special_floats();
  } else if constexpr (std::is_same_v<Key, double>) {
    // Neighbours that differ only in the low word, and denormals with an empty one, too.
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
    std::vector<double> keys;
    for (std::uint64_t bits : patterns) keys.push_back(from_bits<double>(bits));
    return keys;
  } else {
    using Limits = std::numeric_limits<Key>;
    return {Limits::min(), Limits::max(), Key(0), Key(1), static_cast<Key>(Limits::max() - 1),
            static_cast<Key>(Limits::min() + 1), static_cast<Key>(-1), Key(7)};
  }
}

template <class Key>
Key random_key(std::mt19937& rng) {
  if constexpr (sizeof(Key) == 8) {
    const std::uint32_t choice = rng() % 8u;
    const std::uint64_t low = rng();
    const std::uint64_t high = rng();
    if constexpr (std::is_same_v<Key, double>) {
      static const std::vector<double> specials = special_keys<double>();
      if (choice == 0) return specials[low % specials.size()];
      // Small quarter-steps: many equal and neighbouring values.
      if (choice < 4) return static_cast<double>(static_cast<std::int32_t>(low % 4001u) - 2000) * 0.25;
    }
    // Half of the rest share one of four high words, so that the low word decides.
    const std::uint64_t top = (choice % 2 == 0) ? (high % 4u) * 0x40000001u : high;
    return from_bits<Key>((top << 32) | low);
  } else {
    const std::uint32_t bits = rng();
    if constexpr (std::is_same_v<Key, float>) {
      // Half raw bit patterns (every class of float, NaNs included), half small
      // quarter-steps so that neighbouring and equal values are common too.
      if (rng() & 1u) return from_bits<float>(bits);
      return static_cast<float>(static_cast<std::int32_t>(bits % 4001u) - 2000) * 0.25f;
    } else {
      return from_bits<Key>(bits);
    }
  }
}

template <class Key>
std::vector<Key> few_distinct_pool() {
  if constexpr (std::is_same_v<Key, float>) {
    // +0 and -0 differ in totalOrder; so do two NaNs.
    return {from_bits<float>(0x00000000u), from_bits<float>(0x80000000u), 1.0f, -2.5f,
            from_bits<float>(0xffc00000u), from_bits<float>(0x7fc00001u)};
  } else if constexpr (std::is_same_v<Key, std::int32_t>) {
    return {-1, 0, 7, -2147483647 - 1, 2147483647};
  } else if constexpr (std::is_same_v<Key, std::uint32_t>) {
    return {0u, 1u, 0x80000000u, 0xffffffffu, 12345u};
  } else if constexpr (std::is_same_v<Key, double>) {
    return {0.0, -0.0, 1.0, -2.5, from_bits<double>(0xfff8000000000000u), from_bits<double>(0x7ff8000000000001u),
            from_bits<double>(0x3ff0000000000001u)};
  } else if constexpr (std::is_same_v<Key, std::int64_t>) {
    // Ties in the high word that the low word breaks, and the other way round.
    return {-1, 0, 1, std::int64_t{1} << 32, -(std::int64_t{1} << 32), INT64_MIN, INT64_MAX, 0xffffffff};
  } else {
    return {0u, 1u, 0xffffffffu, std::uint64_t{1} << 32, ~std::uint64_t{0}, std::uint64_t{1} << 63,
            (std::uint64_t{1} << 32) + 1};
  }
}

template <class Key>
std::vector<Key> make_keys(Distribution distribution, std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Key> keys(count);
  switch (distribution) {
    case Distribution::random:
    case Distribution::sorted:
    case Distribution::reversed:
      for (auto& key : keys) key = random_key<Key>(rng);
      if (distribution == Distribution::sorted) {
        keys = expected_sorted(keys, gpusort::Order::ascending);
      } else if (distribution == Distribution::reversed) {
        keys = expected_sorted(keys, gpusort::Order::descending);
      }
      break;
    case Distribution::all_equal: {
      const Key value = random_key<Key>(rng);
      for (auto& key : keys) key = value;
      break;
    }
    case Distribution::few_distinct: {
      const auto pool = few_distinct_pool<Key>();
      for (auto& key : keys) key = pool[rng() % pool.size()];
      break;
    }
    case Distribution::specials: {
      const auto pool = special_keys<Key>();
      for (auto& key : keys) key = pool[rng() % pool.size()];
      break;
    }
  }
  return keys;
}

inline std::vector<std::uint32_t> make_values(std::size_t count, std::uint32_t seed) {
  // Unique values (the input index, scrambled) make the pair-multiset check strict.
  std::vector<std::uint32_t> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = static_cast<std::uint32_t>(i) ^ (seed << 20);
  return values;
}

// Small sizes around warp/wave widths and around the sorter's tile, where padding
// and the split between in-tile and global passes go wrong first.
inline std::vector<std::size_t> edge_sizes(std::size_t tile) {
  std::vector<std::size_t> sizes = {0, 1, 2, 3, 31, 32, 33, tile - 1, tile, tile + 1, 2 * tile + 1};
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

// Seeded random sizes in [1, limit]; the seed is part of every failure message.
inline std::vector<std::size_t> random_sizes(std::uint32_t seed, std::size_t how_many,
                                             std::size_t limit) {
  std::mt19937 rng(seed);
  std::vector<std::size_t> sizes;
  for (std::size_t i = 0; i < how_many; ++i) sizes.push_back(1 + rng() % limit);
  return sizes;
}

// One line for SCOPED_TRACE that names everything needed to replay a case.
template <class Key>
std::string case_name(const char* api, std::size_t count, gpusort::Order order,
                      Distribution distribution, std::uint32_t seed) {
  return std::string(api) + " key=" + key_name<Key>() + " count=" + std::to_string(count) +
         " order=" + order_name(order) + " distribution=" + distribution_name(distribution) +
         " seed=" + std::to_string(seed);
}

// A few reversed 32-bit keys, for tests of calls rather than of results (errors, limits,
// state): the same keys for every such test.
inline std::vector<std::uint32_t> sample_keys(std::size_t count) {
  return make_keys<std::uint32_t>(Distribution::reversed, count, 11);
}

}  // namespace gpusort_test
