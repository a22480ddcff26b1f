#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "order.hpp"

namespace gpusort {

/// How a key type maps onto the unsigned "ordered" keys the network compares (Ordered:
/// as wide as the key). The GPU applies the same mapping (shaders/common.glsl) once on
/// load and once on store. glsl_kind is the shader's KEY_KIND: 0 unsigned, 1 signed,
/// 2 IEEE float; the width is KEY_WORDS = sizeof(Key) / 4.
template <class Key>
struct KeyTraits;

template <>
struct KeyTraits<std::uint32_t> {
  using Ordered = std::uint32_t;
  static constexpr int glsl_kind = 0;
  static constexpr const char* name = "uint32";
  static std::uint32_t to_ordered(std::uint32_t key) { return key; }
  static std::uint32_t from_ordered(std::uint32_t bits) { return bits; }
};

template <>
struct KeyTraits<std::int32_t> {
  using Ordered = std::uint32_t;
  static constexpr int glsl_kind = 1;
  static constexpr const char* name = "int32";
  static std::uint32_t to_ordered(std::int32_t key) {
    std::uint32_t bits;
    std::memcpy(&bits, &key, sizeof bits);
    return bits ^ 0x80000000u;
  }
  static std::int32_t from_ordered(std::uint32_t bits) {
    bits ^= 0x80000000u;
    std::int32_t key;
    std::memcpy(&key, &bits, sizeof key);
    return key;
  }
};

/// IEEE-754 totalOrder: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN, NaNs ordered
/// by payload. Flipping all bits of negatives and the sign bit of positives makes the
/// unsigned order of the bits equal totalOrder, so no float compare runs in the network.
template <>
struct KeyTraits<float> {
  static_assert(sizeof(float) == 4, "gpusort needs 32-bit IEEE-754 floats");
  using Ordered = std::uint32_t;
  static constexpr int glsl_kind = 2;
  static constexpr const char* name = "float";
  static std::uint32_t to_ordered(float key) {
    std::uint32_t bits;
    std::memcpy(&bits, &key, sizeof bits);
    return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
  }
  static float from_ordered(std::uint32_t bits) {
    bits = (bits & 0x80000000u) ? (bits & 0x7FFFFFFFu) : ~bits;
    float key;
    std::memcpy(&key, &bits, sizeof key);
    return key;
  }
};

template <>
struct KeyTraits<std::uint64_t> {
  using Ordered = std::uint64_t;
  static constexpr int glsl_kind = 0;
  static constexpr const char* name = "uint64";
  static std::uint64_t to_ordered(std::uint64_t key) { return key; }
  static std::uint64_t from_ordered(std::uint64_t bits) { return bits; }
};

template <>
struct KeyTraits<std::int64_t> {
  using Ordered = std::uint64_t;
  static constexpr int glsl_kind = 1;
  static constexpr const char* name = "int64";
  static std::uint64_t to_ordered(std::int64_t key) {
    std::uint64_t bits;
    std::memcpy(&bits, &key, sizeof bits);
    return bits ^ 0x8000000000000000u;
  }
  static std::int64_t from_ordered(std::uint64_t bits) {
    bits ^= 0x8000000000000000u;
    std::int64_t key;
    std::memcpy(&key, &bits, sizeof key);
    return key;
  }
};

/// totalOrder on doubles, by the same bit trick as float on 64 bits.
template <>
struct KeyTraits<double> {
  static_assert(sizeof(double) == 8, "gpusort needs 64-bit IEEE-754 doubles");
  using Ordered = std::uint64_t;
  static constexpr int glsl_kind = 2;
  static constexpr const char* name = "double";
  static std::uint64_t to_ordered(double key) {
    std::uint64_t bits;
    std::memcpy(&bits, &key, sizeof bits);
    return (bits & 0x8000000000000000u) ? ~bits : (bits | 0x8000000000000000u);
  }
  static double from_ordered(std::uint64_t bits) {
    bits = (bits & 0x8000000000000000u) ? (bits & 0x7FFFFFFFFFFFFFFFu) : ~bits;
    double key;
    std::memcpy(&key, &bits, sizeof key);
    return key;
  }
};

/// Descending order is ascending order on the complemented ordered key. The shaders XOR
/// every 32-bit word of a key with this, which for 64-bit keys equals order_mask's XOR.
inline std::uint32_t order_xor(Order order) { return order == Order::descending ? 0xFFFFFFFFu : 0u; }

/// order_xor() as wide as an ordered key.
template <class Ordered>
Ordered order_mask(Order order) {
  return order == Order::descending ? static_cast<Ordered>(~Ordered{0}) : Ordered{0};
}

template <class Key>
struct is_supported_key : std::false_type {};
template <>
struct is_supported_key<std::uint32_t> : std::true_type {};
template <>
struct is_supported_key<std::int32_t> : std::true_type {};
template <>
struct is_supported_key<float> : std::true_type {};
template <>
struct is_supported_key<std::uint64_t> : std::true_type {};
template <>
struct is_supported_key<std::int64_t> : std::true_type {};
template <>
struct is_supported_key<double> : std::true_type {};

/// Values are payload carried with their key, never compared: any 4-byte trivially
/// copyable type works (std::uint32_t indices are the common case).
template <class Value>
struct is_supported_value
    : std::integral_constant<bool, sizeof(Value) == 4 && std::is_trivially_copyable<Value>::value> {};
template <>
struct is_supported_value<void> : std::true_type {};

}  // namespace gpusort
