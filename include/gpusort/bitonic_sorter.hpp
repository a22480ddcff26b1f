#pragma once
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <algorithm>
#include <cstddef>
#include <utility>

#include "detail/bitonic/algorithm.hpp"  // BitonicTuning, BitonicPassObserver, ProgramCache
#include "detail/front_end/front_end.hpp"  // the calls of all three sorters, DeviceFacts, KeyTraits

namespace gpusort {

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
/// detail/front_end/front_end.hpp; this class adds plan(), tuning() and set_pass_observer().
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
class BitonicSorter : public detail::FrontEnd<Key, Value, detail::bitonic::Algorithm> {
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
    this->build_reported(device, tuning, cache, BitonicSorter::layout_, KeyTraits<Key>::glsl_kind);
  }

  BitonicSorter(BitonicSorter&&) noexcept = default;
  BitonicSorter& operator=(BitonicSorter&&) noexcept = default;
  BitonicSorter(const BitonicSorter&) = delete;
  BitonicSorter& operator=(const BitonicSorter&) = delete;

  /// What sort() dispatches for `count` elements (sort_indirect() plans its capacity
  /// without BitonicTuning::merge_stages). Fails, like sort(), for a count above max_count().
  BitonicPlan plan(std::size_t count) const {
    detail::Status status = this->check_valid();
    if (status) status = detail::check_count(count, this->algorithm_.count_limit(), this->algorithm_.limits());
    return detail::report(status) ? this->algorithm_.plan(count) : BitonicPlan{};
  }

  /// Profiling: calls `observer` just before and just after every dispatch of every later
  /// sort, with what the dispatch runs (BitonicPassInfo); an empty function removes it.
  ///   sorter.set_pass_observer([&](const gpusort::BitonicPassInfo&) { glQueryCounter(next_query(), GL_TIMESTAMP); });
  void set_pass_observer(BitonicPassObserver observer) {
    if (detail::report(this->check_valid())) this->algorithm_.set_observer(std::move(observer));
  }

  /// The tuning in effect, with every derived field filled in (a sorter that is not valid:
  /// reports it, and the defaults).
  const BitonicTuning& tuning() const {
    detail::report(this->check_valid());
    return this->algorithm_.config().tuning;
  }

 private:
  template <class, class>
  friend class detail::Choice;
  /// Sorter's: not built until build_for().
  explicit BitonicSorter(detail::NotBuilt) {}
  /// Sorter's: builds it on the limits it queried once, facts applied.
  detail::Status build_for(const detail::DeviceLimits& device, const BitonicTuning& tuning, ProgramCache* cache) {
    return this->build(device, tuning, cache, BitonicSorter::layout_, KeyTraits<Key>::glsl_kind);
  }
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
