#pragma once
// Integer helpers shared by the planners and the tuning checks.
#include <cstdint>

namespace gpusort {
namespace detail {

/// ceil(log2(n)): the smallest k with 2^k >= n (0 for n <= 1; 64 above 2^63, where no
/// 64-bit power of two is large enough). For a power of two, its exact log2.
inline std::uint32_t ceil_log2(std::uint64_t n) {
  std::uint32_t log2 = 0;
  while (log2 < 64 && (std::uint64_t{1} << log2) < n) ++log2;
  return log2;
}

inline bool is_power_of_two(std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }

}  // namespace detail
}  // namespace gpusort
