#pragma once
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <algorithm>
#include <cstddef>
#include <utility>

#include "detail/front_end/front_end.hpp"  // the calls of all three sorters, DeviceFacts, KeyTraits
#include "detail/radix/algorithm.hpp"  // RadixTuning, BitRange, RadixPlan, RadixPassObserver, ProgramCache

namespace gpusort {

/// Sorts keys (and a 32-bit value per key) that live in OpenGL buffers, on the GPU, with a
/// least-significant-digit radix sort in compute shaders: Onesweep with decoupled fallback on
/// every device (reduce-then-scan on request, RadixTuning::path).
///
///   gpusort::RadixSorter<float, std::uint32_t> sorter;        // a GL 4.3+ context is current
///   sorter.sort(depth_ssbo, index_ssbo, particle_count, gpusort::Order::descending);
///
/// The calls it shares with BitonicSorter and Sorter (sort, sort_range, sort_indirect,
/// sort_indices, prepare, prepare_indirect, reserve, scratch_bytes, use_scratch,
/// release_scratch, max_count, device_facts, valid) and their contracts are documented in
/// detail/front_end/front_end.hpp, with the calls by a BitRange it shares with Sorter (sort,
/// sort_range, sort_indirect, prepare, prepare_indirect, reserve, scratch_bytes); this class
/// adds plan(), tuning(), tile_size() and set_pass_observer(). Contracts:
/// - Key: std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double, in the
///   order of BitonicSorter (floats by IEEE-754 totalOrder: -NaN < -inf < ... < -0 < +0 < ... <
///   +inf < +NaN). Value: a 4-byte trivially copyable type, moved with its key.
/// - Stable, in both orders, whatever Stability is passed: the result equals std::stable_sort's
///   (descending: stable_sort with "greater"); equal keys keep their input order, values included.
/// - BitRange (unsigned keys): sort by bits [begin_bit, end_bit) only, a pass per 8 bits.
/// - In place: the result is in the caller's buffers; any count up to max_count().
/// - Scratch, owned by the sorter, grown on demand (reserve() allocates it up front), or in a
///   range of the caller's (use_scratch(), sized by scratch_bytes()), per element: sizeof(Key)
///   (the other half of the key ping-pong) + 4 with values + 4 x 2^digit_bits / tile_size
///   (Onesweep's partition status, 0.25 bytes with 4096-key tiles; reduce-then-scan at most
///   that), plus 8.2 KiB.
/// - Dispatches per sort (D digit passes: 4 for 32-bit keys, 8 for 64-bit; +1 copy back when
///   D is odd): Onesweep 2 + D, reduce-then-scan 1 + 3D (plan() counts them).
template <class Key, class Value = void>
class RadixSorter : public detail::FrontEnd<Key, Value, detail::radix::Algorithm> {
  using Base = detail::FrontEnd<Key, Value, detail::radix::Algorithm>;

 public:
  /// Builds the programs for the current context. Fails (throws Error, or reports it and
  /// leaves a sorter that is not valid()) without a current context, below OpenGL 4.3, for a
  /// tuning the device cannot run, or when a shader does not build.
  /// `cache` (not owned, may be nullptr): see BitonicSorter.
  /// `device`: facts to take instead of querying them (see DeviceFacts). Fails naming the
  /// limit where the device lacks what the radix kernels need (detail::radix::device_need).
  RadixSorter() : RadixSorter(RadixTuning{}) {}
  explicit RadixSorter(const RadixTuning& tuning, ProgramCache* cache = nullptr, const DeviceFacts& device = {}) {
    this->build_reported(device, tuning, cache, elements());
  }

  RadixSorter(RadixSorter&&) noexcept = default;
  RadixSorter& operator=(RadixSorter&&) noexcept = default;

  /// What sort() dispatches for `count` elements by `bits`. Fails, like sort(), for a count
  /// above max_count() or a BitRange the keys do not have.
  RadixPlan plan(std::size_t count, BitRange bits = {}) const {
    detail::Status status = this->check_valid();
    if (status) status = detail::check_count(count, this->algorithm_.count_limit(), this->algorithm_.limits());
    detail::radix::Passes passes;
    if (status) status = this->algorithm_.passes(bits, passes);
    return detail::report(status) ? this->algorithm_.plan(count, passes) : RadixPlan{};
  }

  /// The tuning in effect, every field resolved (path: the algorithm; use_subgroups: ballots
  /// rank, real or emulated). Where the defaults give large sorts a larger tile (a tile shape
  /// left 0 on a device whose defaults have a size threshold), the tuning of the smaller sorts;
  /// plan(count).tile_size tells a count's tile. A sorter that is not valid: reports it, and
  /// the defaults.
  const RadixTuning& tuning() const {
    static const RadixTuning defaults{};
    // A sorter that is not valid has no config to read.
    return detail::report(this->check_valid()) ? this->algorithm_.config().tuning : defaults;
  }
  /// Keys per tile: workgroup_size x keys_per_invocation of tuning() (plan(count).tile_size:
  /// the tile of a sort of `count` elements).
  std::size_t tile_size() const {
    return detail::report(this->check_valid()) ? this->algorithm_.config().tile_size : 0;
  }
  /// Profiling: calls `observer` just before and just after every dispatch of every later
  /// sort (gpusort_radix_probe --kernels, bench/lab/radix_probe.cpp, times each kernel this way).
  ///   sorter.set_pass_observer([&](const gpusort::RadixPassInfo&) { glQueryCounter(next_query(), GL_TIMESTAMP); });
  void set_pass_observer(RadixPassObserver observer) {
    if (detail::report(this->check_valid())) this->algorithm_.set_observer(std::move(observer));
  }

 private:
  template <class, class>
  friend class detail::Choice;
  /// Sorter's: not built until build_for().
  explicit RadixSorter(detail::NotBuilt) {}
  /// Sorter's: builds it on the limits it queried once, facts applied.
  detail::Status build_for(const detail::DeviceLimits& device, const RadixTuning& tuning, ProgramCache* cache) {
    return this->build(device, tuning, cache, elements());
  }

  static detail::radix::Elements elements() {
    return detail::radix::Elements{KeyTraits<Key>::glsl_kind, Base::key_bytes, Base::has_values, KeyTraits<Key>::name};
  }
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
