#pragma once
// The network's scratch, by name (BitonicSorter::reserve() allocates it up front; after
// use_scratch() it lives in the caller's range, laid out in this order).
#include <cstddef>

#include "../gl/scratch.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

enum class ScratchSlot {
  pass_sync,           // fused passes: the ticket and finished-tile counters (tile_kernel.comp, PassSync);
                       // first, so that they keep their place in a caller's range between sorts
  indirect_arguments,  // sort_indirect(): a DispatchIndirectCommand per pass
  stable_indices,      // stable sorts: the original index of every element (4 bytes each)
  gathered_values,     // stable sorts: the values gathered through the sorted indices (4 bytes each)
};
constexpr std::size_t scratch_slots = 4;

using Scratch = ScratchBuffers<ScratchSlot, scratch_slots>;

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
