#pragma once
// gpusort::Sorter, the front door: one call, and it runs whichever of the two algorithms is
// faster for that count on this device.
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <algorithm>
#include <cstddef>
#include <string>

#include "bitonic_sorter.hpp"
#include "detail/device/limits.hpp"
#include "detail/choice/choice.hpp"
#include "sort_calls.hpp"
#include "radix_sorter.hpp"
#include "sorter_tuning.hpp"

namespace gpusort {

/// Sorts keys (and a 32-bit value per key) in OpenGL buffers, choosing per call between the
/// bitonic network (BitonicSorter) and the radix sort (RadixSorter) by count, key width and
/// stability, from a crossover (SorterTuning::radix_from; its defaults: Crossover::for_device).
///
///   gpusort::Sorter<float, std::uint32_t> sorter;   // once, with a GL 4.3+ context current
///   sorter.sort(depth_ssbo, index_ssbo, count, gpusort::Order::descending);   // every frame
///   if (sorter.algorithm_for(count) == gpusort::Algorithm::radix) { /* O(n), scratch used */ }
///
/// The calls are those of BitonicSorter and RadixSorter (sort_calls.hpp), with
/// their contracts: each call is checked once and then runs whole on the algorithm chosen for
/// it (sort_indirect(): for its capacity; sort_indices(): as a stable sort; a sort by a
/// BitRange: the radix sort, at every count). Unstable sorts
/// that take the network leave equal keys in the network's order; every radix sort, and every
/// Stability::stable sort or sort_indices() whichever algorithm runs it, equals std::stable_sort.
/// Construction builds both algorithms' programs; prepare() builds what the algorithm chosen
/// for that count lacks. Scratch: the radix sort's (RadixSorter) for counts from the crossover;
/// below it the network's for stable sorts (8 bytes per element), fused passes (8 bytes) and
/// sort_indirect() (12 bytes per pass). reserve(capacity) allocates both sides' for the counts
/// up to `capacity` that each algorithm runs, so that no later GPU-buffer sort allocates;
/// without it each allocates on its first call that needs more. After use_scratch() both place
/// theirs in the caller's range (the state of the network's fused passes first, the radix
/// sort's scratch after it), and scratch_bytes(capacity) covers whichever algorithm each count
/// up to `capacity` takes. max_count(): the smaller of the two algorithms'.
template <class Key, class Value = void>
class Sorter : public SortCalls<Key, Value, detail::Choice<Key, Value>> {
  using Base = SortCalls<Key, Value, detail::Choice<Key, Value>>;

 public:
  Sorter() : Sorter(SorterTuning{}) {}
  /// `cache` (not owned, may be nullptr): compiled programs kept between runs, see BitonicSorter.
  /// `device`: facts to take instead of querying them (DeviceFacts). The device is asked once,
  /// and both algorithms plan with the same facts. Where the device lacks what the radix
  /// kernels need (radix_unavailable() says what), the network runs every count.
  /// Fails (throws Error, or reports it and leaves a sorter that is not valid()) as the
  /// constructors of BitonicSorter and RadixSorter do.
  explicit Sorter(const SorterTuning& tuning, ProgramCache* cache = nullptr, const DeviceFacts& device = {}) {
    this->build_reported(device, tuning, cache);
  }

  /// Which algorithm a sort of `count` elements runs (sort_indirect(): of `capacity`); by
  /// `bits`, the radix sort at every count where the device has one (a BitRange of every bit of
  /// the key, like BitRange{}, sorts as the calls without one). Reports a BitRange the keys do
  /// not have.
  Algorithm algorithm_for(std::size_t count, Stability stability = Stability::unstable, BitRange bits = {}) const {
    BitRange checked;
    detail::report(this->checked_bits(bits, checked));
    return this->algorithm_.picks_radix(count, stability == Stability::stable, !detail::all_bits(checked))
               ? Algorithm::radix
               : Algorithm::bitonic;
  }

  /// Why this device runs no radix sort (the limit it lacks); "" where it does.
  const std::string& radix_unavailable() const {
    detail::report(this->check_valid());
    return this->algorithm_.radix_unavailable_;
  }

  /// The crossover in effect, every field resolved.
  const Crossover& crossover() const {
    detail::report(this->check_valid());
    return this->algorithm_.crossover_;
  }

  /// Views of the two algorithms, for their queries: plan(), tuning(), set_pass_observer(),
  /// max_count(), device_facts() (BitonicView, RadixView); this sorter does the sorting. radix()
  /// fails where the device runs no radix sort (radix_unavailable()); where errors go to the
  /// error handler it then returns a view that is not valid.
  BitonicView bitonic() {
    detail::report(this->check_valid());
    return BitonicView(this->validity(), this->algorithm_.network());
  }
  RadixView radix() {
    detail::Status status = this->check_valid();
    if (status && !this->algorithm_.radix_available())
      status = detail::fail("Sorter::radix(): this device runs no radix sort: " + this->algorithm_.radix_unavailable_);
    detail::report(status);
    return RadixView(this->validity(), this->algorithm_.radix(), &this->algorithm_.radix_unavailable_);
  }
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
