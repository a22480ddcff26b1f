#pragma once
// 64-bit FNV-1a: names program-cache entries and checks cache files. Not a cryptographic
// hash: it guards against accidents (another driver, a changed shader, a damaged file),
// not against someone who writes the cache directory on purpose.
#include <cstddef>
#include <cstdint>
#include <string>

namespace gpusort {
namespace detail {

constexpr std::uint64_t fnv1a64_basis = 0xcbf29ce484222325ull;

/// Continues `hash` over `size` bytes at `data`; start from fnv1a64_basis.
inline std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t hash = fnv1a64_basis) {
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

inline std::uint64_t fnv1a64(const std::string& text, std::uint64_t hash = fnv1a64_basis) {
  return fnv1a64(text.data(), text.size(), hash);
}

/// 16 lower-case hex digits.
inline std::string hex64(std::uint64_t value) {
  static const char digits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) text[static_cast<std::size_t>(i)] = digits[value & 15u];
  return text;
}

}  // namespace detail
}  // namespace gpusort
