#pragma once
// ElementLayout: the bytes of one element a sorter moves, a key and an optional value.
#include <cstdint>
#include <type_traits>

namespace gpusort {
namespace detail {

struct ElementLayout {
  std::uint32_t key_bytes = 4;    // 4 or 8
  std::uint32_t value_bytes = 0;  // 4, or 0 for keys-only sorts

  bool has_values() const { return value_bytes != 0; }
  std::uint32_t element_bytes() const { return key_bytes + value_bytes; }
};

/// The layout of a sorter of `Key`s with `Value`s (void: keys only).
template <class Key, class Value>
constexpr ElementLayout element_layout_of() {
  return ElementLayout{static_cast<std::uint32_t>(sizeof(Key)), std::is_void<Value>::value ? 0u : 4u};
}

}  // namespace detail
}  // namespace gpusort
