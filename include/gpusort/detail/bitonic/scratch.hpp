#pragma once
// The network's scratch buffers, by name (BitonicSorter::reserve() allocates them up front).
#include <cstddef>

#include "../gl/scratch.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

enum class ScratchSlot {
  stable_indices,      // stable sorts: the original index of every element (4 bytes each)
  gathered_values,     // stable sorts: the values gathered through the sorted indices (4 bytes each)
  indirect_arguments,  // sort_indirect(): a DispatchIndirectCommand per pass
  pass_sync,           // fused passes: the ticket and finished-tile counters (tile_kernel.comp, PassSync)
};
constexpr std::size_t scratch_slots = 4;

using Scratch = ScratchBuffers<ScratchSlot, scratch_slots>;

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
