#pragma once
#include "version.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "detail/shader_interface.hpp"
#include "detail/status.hpp"
#include "order.hpp"

namespace gpusort {

/// The keys gpusort sorts: std::uint32_t, std::int32_t, float (32-bit IEEE-754), and their
/// 64-bit counterparts std::uint64_t, std::int64_t and double.
template <class Key>
struct is_supported_key
    : std::integral_constant<bool, std::is_same<Key, std::uint32_t>::value || std::is_same<Key, std::int32_t>::value ||
                                       std::is_same<Key, std::uint64_t>::value ||
                                       std::is_same<Key, std::int64_t>::value ||
                                       (std::is_same<Key, float>::value && sizeof(float) == 4) ||
                                       (std::is_same<Key, double>::value && sizeof(double) == 8)> {};

namespace detail {

/// The codec of a key of `Kind` (GPUSORT_KEY_*): a 32-bit key is one word (ordered_high_word());
/// a 64-bit key two, the high one deciding (and the low one's mapping, ordered_low_word()).
template <class Key, std::uint32_t Kind>
struct KeyCodec {
  using Ordered = std::conditional_t<sizeof(Key) == 4, std::uint32_t, std::uint64_t>;
  static constexpr std::uint32_t glsl_kind = Kind;

  static Ordered to_ordered(Key key) {
    Ordered bits;
    std::memcpy(&bits, &key, sizeof bits);
    if constexpr (sizeof(Key) == 4) {
      return ordered_high_word(Kind, bits);
    } else {
      const auto high = static_cast<std::uint32_t>(bits >> 32);
      return std::uint64_t{ordered_high_word(Kind, high)} << 32 |
             ordered_low_word(Kind, high, static_cast<std::uint32_t>(bits));
    }
  }

  static Key from_ordered(Ordered ordered) {
    Ordered bits;
    if constexpr (sizeof(Key) == 4) {
      bits = raw_high_word(Kind, ordered);
    } else {
      const auto high = static_cast<std::uint32_t>(ordered >> 32);
      bits = std::uint64_t{raw_high_word(Kind, high)} << 32 |
             raw_low_word(Kind, high, static_cast<std::uint32_t>(ordered));
    }
    Key key;
    std::memcpy(&key, &bits, sizeof key);
    return key;
  }
};

}  // namespace detail

namespace detail {

/// KEY_KIND of a supported key type: floats by IEEE-754 totalOrder (-NaN < -inf < ... < -0.0 <
/// +0.0 < ... < +inf < +NaN, NaNs ordered by payload, with no float compare on the GPU),
/// signed integers by two's complement, unsigned ones as they are.
template <class Key>
constexpr std::uint32_t key_kind() {
  return std::is_floating_point<Key>::value ? GPUSORT_KEY_FLOAT
         : std::is_signed<Key>::value       ? GPUSORT_KEY_SIGNED
                                            : GPUSORT_KEY_UNSIGNED;
}

template <class Key>
constexpr const char* key_name() {
  constexpr bool wide = sizeof(Key) == 8;
  return std::is_floating_point<Key>::value ? (wide ? "double" : "float")
         : std::is_signed<Key>::value       ? (wide ? "int64" : "int32")
                                            : (wide ? "uint64" : "uint32");
}

}  // namespace detail

/// How a key type maps onto the unsigned "ordered" keys the network compares (Ordered:
/// as wide as the key). The mapping is the key codec of the shader interface
/// (detail/shader_interface/common.hpp), which the GPU runs once on load and once on store.
/// glsl_kind is the shader's KEY_KIND (GPUSORT_KEY_UNSIGNED, _SIGNED or _FLOAT, detail::key_kind());
/// the width is KEY_WORDS = sizeof(Key) / 4; name is "uint32", "int32", "float", "uint64", "int64"
/// or "double".
template <class Key>
struct KeyTraits : detail::KeyCodec<Key, detail::key_kind<Key>()> {
  static_assert(is_supported_key<Key>::value,
                "gpusort keys are std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double");
  static constexpr const char* name = detail::key_name<Key>();
};

/// Descending order is ascending order on the complemented ordered key. The shaders XOR
/// every 32-bit word of a key with this, which for 64-bit keys equals order_mask's XOR.
inline std::uint32_t order_xor(Order order) { return order == Order::descending ? detail::GPUSORT_DESCENDING_XOR : 0u; }

/// order_xor() as wide as an ordered key.
template <class Ordered>
Ordered order_mask(Order order) {
  return order == Order::descending ? static_cast<Ordered>(~Ordered{0}) : Ordered{0};
}

/// Values are payload carried with their key, never compared: any 4-byte trivially
/// copyable type works (std::uint32_t indices are the common case).
template <class Value>
struct is_supported_value
    : std::integral_constant<bool, sizeof(Value) == 4 && std::is_trivially_copyable<Value>::value> {};
template <>
struct is_supported_value<void> : std::true_type {};

namespace detail {

/// Stops the compilation of a sorter of unsupported Key or Value types, with the reason.
template <class Key, class Value>
constexpr bool supported_types() {
  static_assert(is_supported_key<Key>::value,
                "gpusort keys are std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double");
  static_assert(is_supported_value<Value>::value, "gpusort values are 4-byte trivially copyable types");
  return true;
}

/// Fails unless host vectors hold one value per key.
inline Status check_one_value_per_key(std::size_t keys, std::size_t values) {
  if (keys != values) {
    return fail("keys has " + std::to_string(keys) + " elements but values has " + std::to_string(values) +
                "; a key-value sort needs exactly one value per key");
  }
  return {};
}

}  // namespace detail

}  // namespace gpusort
