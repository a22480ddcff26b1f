#pragma once
// BitRange: the key bits a sort orders by, for RadixSorter's and Sorter's calls that take one.
#include "version.hpp"

#include <cstdint>

namespace gpusort {

/// The key bits a sort orders by: [begin_bit, end_bit), bit 0 the least significant; end_bit 0
/// means up to the key's top bit, and BitRange{} all bits. Unsigned keys only (std::uint32_t,
/// std::uint64_t): on other keys any range but BitRange{} is refused. Keys are compared by
/// those bits alone and carried whole; a sort by a BitRange is stable (equal there: input order
/// kept) whichever algorithm and Stability. Fewer bits take fewer radix passes: a 16-bit depth
/// in the low half of a std::uint32_t key sorts in 2 passes with {0, 16}.
struct BitRange {
  std::uint32_t begin_bit = 0;
  std::uint32_t end_bit = 0;
};

}  // namespace gpusort
