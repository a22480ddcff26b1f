#pragma once
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <algorithm>
#include <cstddef>
#include <utility>

#include "detail/bitonic/algorithm.hpp"  // BitonicTuning, BitonicPassObserver, ProgramCache
#include "detail/front_end/engine.hpp"
#include "sort_calls.hpp"  // the calls of all three sorters, DeviceFacts, KeyTraits

namespace gpusort {

/// A view of one sorter's network, for its queries: Sorter::bitonic() returns one, and
/// BitonicSorter's plan(), tuning() and set_pass_observer() are its. It sorts nothing (the
/// sorter does), is cheap to copy, and refers to the sorter it came from: use it while that
/// sorter lives; once the sorter is moved from, the view reports what the sorter reports.
class BitonicView {
 public:
  BitonicView(const detail::Status& validity, detail::bitonic::Algorithm& network)
      : validity_(&validity), network_(&network) {}

  /// Whether the sorter it views is valid.
  bool valid() const { return validity_->ok(); }

  /// What sort() dispatches for `count` elements (sort_indirect() plans its capacity
  /// without BitonicTuning::merge_stages). Fails, like sort(), for a count above max_count().
  BitonicPlan plan(std::size_t count) const {
    detail::Status status = detail::check_validity(*validity_);
    if (status) status = detail::check_count(count, network_->count_limit(), network_->limits());
    return detail::report(status) ? network_->plan(count) : BitonicPlan{};
  }

  /// The tuning in effect, with every derived field filled in (a sorter that is not valid:
  /// reports it, and the defaults).
  const BitonicTuning& tuning() const {
    detail::report(detail::check_validity(*validity_));
    return network_->config().tuning;
  }

  /// Profiling: calls `observer` just before and just after every dispatch of every later
  /// sort, with what the dispatch runs (BitonicPassInfo); an empty function removes it.
  ///   sorter.set_pass_observer([&](const gpusort::BitonicPassInfo&) { glQueryCounter(next_query(), GL_TIMESTAMP); });
  void set_pass_observer(BitonicPassObserver observer) const {
    if (detail::report(detail::check_validity(*validity_))) network_->set_observer(std::move(observer));
  }

  /// The largest count the network sorts in one call on this context.
  std::size_t max_count() const {
    return detail::report(detail::check_validity(*validity_)) ? network_->count_limit().max_count : 0;
  }

  /// The device facts the network plans with, and what the subgroup check of its programs found.
  DeviceFacts device_facts() const {
    return detail::report(detail::check_validity(*validity_)) ? detail::facts_in_effect(*network_) : DeviceFacts{};
  }

 private:
  const detail::Status* validity_;
  detail::bitonic::Algorithm* network_;
};

/// Sorts keys (and a payload per key) that live in OpenGL buffers, on the GPU, with a
/// bitonic sorting network in compute shaders.
///
///   gpusort::BitonicSorter<float, std::uint32_t> sorter;      // a GL 4.3+ context is current
///   sorter.sort(depth_ssbo, index_ssbo, particle_count, gpusort::Order::descending);
///   glDrawArrays(...);                                          // reads the sorted indices
///
/// The calls it shares with RadixSorter and Sorter (sort, sort_range, sort_indirect,
/// sort_indices, prepare, prepare_indirect, reserve, scratch_bytes, use_scratch,
/// release_scratch, max_count, device_facts, valid) and their contracts are documented in
/// sort_calls.hpp; this class adds plan(), tuning() and set_pass_observer()
/// (BitonicView's).
/// Contracts:
/// - Key: std::uint32_t, std::int32_t or float (IEEE-754 totalOrder: -NaN < -inf < ... <
///   -0.0 < +0.0 < ... < +inf < +NaN), or their 64-bit counterparts std::uint64_t,
///   std::int64_t and double (same orders; no GL_ARB_gpu_shader_int64 needed: the shaders
///   compare two 32-bit words). Value: any 4-byte trivially copyable type, carried with its
///   key.
/// - Not stable unless asked: equal keys end in the order the network leaves them, which is
///   deterministic and equal to cpu::bitonic_sort. Stability::stable and sort_indices() sort
///   (key, original index) pairs and gather the values afterwards.
/// - In place, any count 0 .. max_count() (up to 2^31).
/// - Scratch, owned by the sorter, grown on demand (reserve() allocates it up front), or in a
///   range of the caller's (use_scratch(), sized by scratch_bytes()): 8 bytes per element for
///   stable key-value sorts, 12 bytes per pass for sort_indirect(), 8 bytes for fused passes.
template <class Key, class Value = void>
class BitonicSorter : public SortCalls<Key, Value, detail::Engine<detail::bitonic::Algorithm>> {
 public:
  /// Builds the programs for the current context. Fails (throws Error, or reports it and leaves
  /// a sorter that is not valid()) without a current context, below OpenGL 4.3, for a tuning
  /// the device cannot run, or when a shader fails to compile or link (with the driver's log).
  BitonicSorter() : BitonicSorter(BitonicTuning{}) {}
  explicit BitonicSorter(const BitonicTuning& tuning) : BitonicSorter(tuning, nullptr) {}

  /// As above, and every program the sorter builds (now, or on first use: stable sorts,
  /// sort_indices, sort_indirect) is first asked of `cache` and loaded as a driver binary;
  /// programs it lacks, or whose binary the driver rejects (another driver version, a
  /// damaged entry), are compiled from source and their binaries stored in it.
  ///   gpusort::FileProgramCache cache(app_cache_directory / "gpusort-programs");
  ///   gpusort::BitonicSorter<float, std::uint32_t> sorter(gpusort::BitonicTuning{}, &cache);
  /// `cache` may be nullptr (no cache). The sorter does not own it: it must outlive the
  /// sorter, which keeps using it for programs built on first use. The cache is only
  /// consulted where the driver offers program binaries (GL_NUM_PROGRAM_BINARY_FORMATS > 0;
  /// Mesa offers none while its own shader cache is disabled). Sorting is the same either way.
  /// `device`: facts to take instead of querying them (its non-zero fields; see DeviceFacts).
  BitonicSorter(const BitonicTuning& tuning, ProgramCache* cache, const DeviceFacts& device = {}) {
    this->build_reported(device, tuning, cache, BitonicSorter::elements_);
  }

  BitonicSorter(BitonicSorter&&) noexcept = default;
  BitonicSorter& operator=(BitonicSorter&&) noexcept = default;
  BitonicSorter(const BitonicSorter&) = delete;
  BitonicSorter& operator=(const BitonicSorter&) = delete;

  /// BitonicView::plan(): what sort() dispatches for `count` elements.
  BitonicPlan plan(std::size_t count) const { return view().plan(count); }
  /// BitonicView::set_pass_observer(): a callback around every dispatch.
  void set_pass_observer(BitonicPassObserver observer) { view().set_pass_observer(std::move(observer)); }
  /// BitonicView::tuning(): the tuning in effect.
  const BitonicTuning& tuning() const { return view().tuning(); }

 private:
  // The view's one call that changes the network, set_pass_observer(), is made from a
  // BitonicSorter that is not const.
  BitonicView view() const {
    using Network = detail::Engine<detail::bitonic::Algorithm>;
    return BitonicView(this->validity(), const_cast<Network&>(this->algorithm_));
  }
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
