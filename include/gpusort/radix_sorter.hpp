#pragma once
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

#include "sort_calls.hpp"  // the calls of all three sorters, DeviceFacts, KeyTraits
#include "detail/front_end/engine.hpp"
#include "detail/radix/algorithm.hpp"  // RadixTuning, BitRange, RadixPlan, RadixPassObserver, ProgramCache

namespace gpusort {

/// A view of one sorter's radix sort, for its queries: Sorter::radix() returns one, and
/// RadixSorter's plan(), tuning(), tile_size() and set_pass_observer() are its. It sorts
/// nothing (the sorter does), is cheap to copy, and refers to the sorter it came from: use it
/// while that sorter lives. It reports what that sorter reports (not valid, moved from), and,
/// from a Sorter on a device that runs no radix sort, that.
class RadixView {
 public:
  /// `unavailable`: why the device runs no radix sort (Sorter::radix_unavailable()); nullptr
  /// or "" where it does.
  RadixView(const detail::Status& validity, detail::radix::Algorithm& radix, const std::string* unavailable = nullptr)
      : validity_(&validity), radix_(&radix), unavailable_(unavailable) {}

  /// Whether the sorter it views is valid and has a radix sort.
  bool valid() const { return check().ok(); }

  /// What sort() dispatches for `count` elements by `bits`. Fails, like sort(), for a count
  /// above max_count() or a BitRange the keys do not have.
  RadixPlan plan(std::size_t count, BitRange bits = {}) const {
    detail::Status status = check();
    if (status) status = detail::check_count(count, radix_->count_limit(), radix_->limits());
    detail::radix::Passes passes;
    if (status) status = radix_->passes(bits, passes);
    return detail::report(status) ? radix_->plan(count, passes) : RadixPlan{};
  }

  /// The tuning in effect, every field resolved (path: the algorithm; use_subgroups: ballots
  /// rank, real or emulated). Where the defaults give large sorts a larger tile (a tile shape
  /// left 0 on a device whose defaults have a size threshold), the tuning of the smaller sorts;
  /// plan(count).tile_size tells a count's tile. A sorter that is not valid: reports it, and
  /// the defaults.
  const RadixTuning& tuning() const {
    static const RadixTuning defaults{};
    // A sorter that is not valid has no config to read.
    return detail::report(check()) ? radix_->config().tuning : defaults;
  }

  /// Keys per tile: workgroup_size x keys_per_invocation of tuning() (plan(count).tile_size:
  /// the tile of a sort of `count` elements).
  std::size_t tile_size() const { return detail::report(check()) ? radix_->config().tile_size : 0; }

  /// Profiling: calls `observer` just before and just after every dispatch of every later
  /// sort (gpusort_radix_probe --kernels, bench/lab/radix_probe.cpp, times each kernel this way).
  ///   sorter.set_pass_observer([&](const gpusort::RadixPassInfo&) { glQueryCounter(next_query(), GL_TIMESTAMP); });
  void set_pass_observer(RadixPassObserver observer) const {
    if (detail::report(check())) radix_->set_observer(std::move(observer));
  }

  /// The largest count the radix sort takes in one call on this context.
  std::size_t max_count() const { return detail::report(check()) ? radix_->count_limit().max_count : 0; }

  /// The device facts the radix sort plans with, and what the subgroup check of its programs found.
  DeviceFacts device_facts() const {
    return detail::report(check()) ? detail::facts_in_effect(*radix_) : DeviceFacts{};
  }

 private:
  detail::Status check() const {
    if (detail::Status status = detail::check_validity(*validity_); !status) return status;
    if (unavailable_ && !unavailable_->empty()) {
      return detail::fail("this device runs no radix sort (" + *unavailable_ +
                          "): Sorter runs the network for every count");
    }
    return {};
  }

  const detail::Status* validity_;
  detail::radix::Algorithm* radix_;
  const std::string* unavailable_;
};

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
/// sort_calls.hpp, with the calls by a BitRange it shares with Sorter (sort,
/// sort_range, sort_indirect, prepare, prepare_indirect, reserve, scratch_bytes); this class
/// adds plan(), tuning(), tile_size() and set_pass_observer() (RadixView's). Contracts:
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
class RadixSorter : public SortCalls<Key, Value, detail::Engine<detail::radix::Algorithm>> {
  using Base = SortCalls<Key, Value, detail::Engine<detail::radix::Algorithm>>;

 public:
  /// Builds the programs for the current context. Fails (throws Error, or reports it and
  /// leaves a sorter that is not valid()) without a current context, below OpenGL 4.3, for a
  /// tuning the device cannot run, or when a shader does not build.
  /// `cache` (not owned, may be nullptr): see BitonicSorter.
  /// `device`: facts to take instead of querying them (see DeviceFacts). Fails naming the
  /// limit where the device lacks what the radix kernels need (detail::radix::device_need).
  RadixSorter() : RadixSorter(RadixTuning{}) {}
  explicit RadixSorter(const RadixTuning& tuning, ProgramCache* cache = nullptr, const DeviceFacts& device = {}) {
    this->build_reported(device, tuning, cache, detail::elements_of<Key, Value>());
  }

  RadixSorter(RadixSorter&&) noexcept = default;
  RadixSorter& operator=(RadixSorter&&) noexcept = default;

  /// RadixView::plan(): what sort() dispatches for `count` elements by `bits`.
  RadixPlan plan(std::size_t count, BitRange bits = {}) const { return view().plan(count, bits); }
  /// RadixView::tuning(): the tuning in effect.
  const RadixTuning& tuning() const { return view().tuning(); }
  /// RadixView::tile_size(): keys per tile of the smallest sorts.
  std::size_t tile_size() const { return view().tile_size(); }
  /// RadixView::set_pass_observer(): a callback around every dispatch.
  void set_pass_observer(RadixPassObserver observer) { view().set_pass_observer(std::move(observer)); }

 private:
  // The view's one call that changes the radix sort, set_pass_observer(), is made from a
  // RadixSorter that is not const.
  RadixView view() const {
    return RadixView(this->validity(), const_cast<detail::Engine<detail::radix::Algorithm>&>(this->algorithm_));
  }
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
