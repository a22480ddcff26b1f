#pragma once
// Elements: what both algorithms know of the elements a sorter moves: the key's kind and
// width, and an optional 32-bit value.
#include <cstdint>
#include <type_traits>

#include "../../key_traits.hpp"

namespace gpusort {
namespace detail {

struct Elements {
  std::uint32_t key_kind = GPUSORT_KEY_UNSIGNED;  // KEY_KIND: GPUSORT_KEY_UNSIGNED, _SIGNED or _FLOAT
  std::uint32_t key_bytes = 4;                    // 4 or 8 (KEY_WORDS = key_bytes / 4)
  std::uint32_t value_bytes = 0;                  // 4, or 0 for keys-only sorts
  const char* key_name = "uint32";                // KeyTraits::name, for messages

  constexpr bool has_values() const { return value_bytes != 0; }
  constexpr std::uint32_t element_bytes() const { return key_bytes + value_bytes; }
};

/// The elements of a sorter of `Key`s with `Value`s (void: keys only).
template <class Key, class Value>
constexpr Elements elements_of() {
  return Elements{KeyTraits<Key>::glsl_kind, static_cast<std::uint32_t>(sizeof(Key)),
                  std::is_void<Value>::value ? 0u : 4u, KeyTraits<Key>::name};
}

}  // namespace detail
}  // namespace gpusort
