#pragma once
// Bit-level views of keys: the orders the library promises, and bit-exact comparison.
// Floats are never compared with ==: NaN != NaN and -0 == +0 would hide exactly the
// bugs these tests look for.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "gl_session.hpp"

namespace gpusort_test {

// The unsigned word of a key's or value's size (32-bit and 64-bit keys).
template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;

template <class T>
BitsOf<T> bits_of(T value) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "keys are 32 or 64 bits, values 32");
  BitsOf<T> bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

template <class T>
T from_bits(BitsOf<T> bits) {
  T value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

// An unsigned integer whose natural order is IEEE 754 totalOrder on the float.
inline std::uint32_t total_order_rank(float key) {
  const std::uint32_t u = bits_of(key);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

// An unsigned rank whose natural order is the order the library promises: totalOrder for
// floats and doubles, two's complement order for signed integers.
template <class Key>
BitsOf<Key> order_rank(Key key) {
  using Bits = BitsOf<Key>;
  const Bits bits = bits_of(key);
  const Bits sign = Bits{1} << (sizeof(Key) * 8 - 1);
  if constexpr (std::is_floating_point_v<Key>) return (bits & sign) ? static_cast<Bits>(~bits) : (bits | sign);
  if constexpr (std::is_signed_v<Key>) return bits ^ sign;
  return bits;
}

template <class Key>
const char* key_name();
template <>
inline const char* key_name<std::uint32_t>() { return "uint32_t"; }
template <>
inline const char* key_name<std::int32_t>() { return "int32_t"; }
template <>
inline const char* key_name<float>() { return "float"; }
template <>
inline const char* key_name<std::uint64_t>() { return "uint64_t"; }
template <>
inline const char* key_name<std::int64_t>() { return "int64_t"; }
template <>
inline const char* key_name<double>() { return "double"; }

inline const char* order_name(gpusort::Order order) {
  return order == gpusort::Order::ascending ? "ascending" : "descending";
}

// Every hex digit of a 32- or 64-bit word.
template <class Bits>
std::string hex(Bits bits) {
  static_assert(std::is_unsigned_v<Bits>, "a word, not a signed number");
  char text[24];
  std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(sizeof(Bits) * 2), static_cast<unsigned long long>(bits));
  return text;
}

template <class Key>
std::string describe(Key key) {
  if constexpr (std::is_floating_point_v<Key>) {
    char text[32];
    std::snprintf(text, sizeof text, std::is_same_v<Key, float> ? "%.9g" : "%.17g", static_cast<double>(key));
    return hex(bits_of(key)) + " (" + text + ")";
  } else {
    return hex(bits_of(key)) + " (" + std::to_string(key) + ")";
  }
}

// The independent oracle: std::sort by order_rank (the natural order; totalOrder for floats
// and doubles); descending is the exact reverse of ascending.
template <class Key>
std::vector<Key> expected_sorted(std::vector<Key> keys, gpusort::Order order) {
  std::sort(keys.begin(), keys.end(), [](Key a, Key b) { return order_rank(a) < order_rank(b); });
  if (order == gpusort::Order::descending) std::reverse(keys.begin(), keys.end());
  return keys;
}

// `got` equals `want` bit for bit (keys or values, 32- or 64-bit); else the first differences,
// `what` naming the vectors.
template <class Key>
::testing::AssertionResult same_bits(const std::vector<Key>& got, const std::vector<Key>& want,
                                     const char* what = "elements") {
  if (got.size() != want.size()) {
    return ::testing::AssertionFailure() << what << ": size " << got.size() << ", expected " << want.size();
  }
  if (got.empty() || std::memcmp(got.data(), want.data(), got.size() * sizeof(Key)) == 0) {
    return ::testing::AssertionSuccess();
  }
  std::size_t mismatches = 0;
  auto failure = ::testing::AssertionFailure() << what << " differ:";
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (bits_of(got[i]) == bits_of(want[i])) continue;
    if (++mismatches <= 5) {
      failure << "\n  [" << i << "] got " << describe(got[i]) << ", expected " << describe(want[i]);
    }
  }
  return failure << "\n  " << mismatches << " of " << got.size() << " differ";
}

// Pairs as bit patterns, so that sorting them gives a canonical multiset.
template <class Key, class Value>
std::vector<std::pair<std::uint32_t, std::uint32_t>> pair_bits(const std::vector<Key>& keys,
                                                               const std::vector<Value>& values) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) pairs[i] = {bits_of(keys[i]), bits_of(values[i])};
  return pairs;
}

// Key-value result check: keys exactly as the oracle sorts them, and every
// (key, value) pair of the input still present, as a multiset.
template <class Key, class Value>
::testing::AssertionResult sorted_pairs_ok(const std::vector<Key>& input_keys,
                                           const std::vector<Value>& input_values,
                                           const std::vector<Key>& keys,
                                           const std::vector<Value>& values,
                                           gpusort::Order order) {
  if (keys.size() != values.size()) {
    return ::testing::AssertionFailure()
           << keys.size() << " keys but " << values.size() << " values";
  }
  auto keys_ok = same_bits(keys, expected_sorted(input_keys, order));
  if (!keys_ok) return keys_ok << "\n  (keys of a key-value sort)";
  auto before = pair_bits(input_keys, input_values);
  auto after = pair_bits(keys, values);
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  if (before != after) {
    std::size_t first = 0;
    while (first < before.size() && before[first] == after[first]) ++first;
    return ::testing::AssertionFailure()
           << "the multiset of (key, value) pairs changed; first difference in canonical order at "
           << first << ": had (" << hex(before[first].first) << ", " << hex(before[first].second)
           << "), now (" << hex(after[first].first) << ", " << hex(after[first].second) << ")";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace gpusort_test
