#pragma once
// The radix sort's scratch, by name (RadixSorter::reserve() allocates it up front; after
// use_scratch() it lives in the caller's range, laid out in this order).
#include <cstddef>

#include "../gl/scratch.hpp"

namespace gpusort {
namespace detail {
namespace radix {

enum class ScratchSlot {
  meta,        // count, tickets, indirect arguments, digit histograms (GPUSORT_RADIX_META_WORDS)
  keys,        // the other half of the key ping-pong
  values,      // the other half of the value ping-pong
  tile_state,  // Onesweep status or reduce-then-scan block offsets
};
constexpr std::size_t scratch_slots = 4;

/// Where the context has GL 4.4 the slots get immutable storage (ScratchBuffers): a buffer
/// refilled with glCopyBufferSubData was seen to sort several times slower
/// (bench/results/history.md); immutable storage keeps a driver's placement heuristics out of
/// the scratch.
using Scratch = ScratchBuffers<ScratchSlot, scratch_slots>;

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
