#pragma once
// gpusort::Sorter, the front door: one call, and it runs whichever of the two algorithms is
// faster for that count on this device.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "bitonic_sorter.hpp"
#include "detail/device/limits.hpp"
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
/// Contracts: those of the algorithm it calls, which are the same for both (GL state restored,
/// one barrier at the start and sort_completion_barrier at the end, no CPU-GPU sync on
/// GPU-buffer paths, gpusort::Error before anything is written). Unstable sorts that take the
/// network leave equal keys in the network's order; every radix sort, and every
/// Stability::stable sort or sort_indices() whichever algorithm runs it, equals std::stable_sort.
/// Construction builds both algorithms' programs (prepare() builds what a count needs beyond
/// them). Scratch: the radix sort's (RadixSorter) for counts from the crossover; below it the
/// network's for stable sorts and sort_indices() (8 bytes per element), fused passes (8 bytes)
/// and sort_indirect() (12 bytes per pass). reserve(capacity) allocates both sides' for the
/// counts up to `capacity` that each algorithm runs, so that no later GPU-buffer sort
/// allocates; without it each allocates on its first call that needs more.
template <class Key, class Value = void>
class Sorter {
 public:
  static constexpr bool has_values = !std::is_void<Value>::value;

  Sorter() : Sorter(SorterTuning{}) {}
  /// `cache` (not owned, may be nullptr): compiled programs kept between runs, see BitonicSorter.
  /// `device`: facts to take instead of querying them (DeviceFacts). The device is asked once,
  /// and both algorithms plan with the same facts. Where the device lacks what the radix
  /// kernels need (radix_unavailable() says what), the network runs every count.
  explicit Sorter(const SorterTuning& tuning, ProgramCache* cache = nullptr, const DeviceFacts& device = {})
      : Sorter(tuning, cache, detail::device_limits_for(device)) {}

  /// Which algorithm a sort of `count` elements runs (sort_indirect(): of `capacity`).
  Algorithm algorithm_for(std::size_t count, Stability stability = Stability::unstable) const {
    return radix_ && count >= radix_from(stability) ? Algorithm::radix : Algorithm::bitonic;
  }

  /// Why this device runs no radix sort (the limit it lacks); "" where it does.
  const std::string& radix_unavailable() const { return radix_unavailable_; }

  /// The device facts in effect, the same for both algorithms.
  DeviceFacts device_facts() const { return bitonic_.device_facts(); }

  /// The crossover in effect, every field resolved.
  const Crossover& crossover() const { return crossover_; }

  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, std::size_t count, Order order = Order::ascending) {
    if (picks_radix(count, Stability::unstable)) {
      radix_->sort(keys, count, order);
    } else {
      bitonic_.sort(keys, count, order);
    }
  }

  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, GLuint values, std::size_t count, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    if (picks_radix(count, stability)) {
      radix_->sort(keys, values, count, order);
    } else {
      bitonic_.sort(keys, values, count, order, stability);
    }
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (waits for the GPU).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    if (picks_radix(keys.size(), Stability::unstable)) {
      radix_->sort(keys, order);
    } else {
      bitonic_.sort(keys, order);
    }
  }

  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    if (picks_radix(keys.size(), stability)) {
      radix_->sort(keys, values, order);
    } else {
      bitonic_.sort(keys, values, order, stability);
    }
  }

  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, std::size_t first, std::size_t count, Order order = Order::ascending) {
    if (picks_radix(count, Stability::unstable)) {
      radix_->sort_range(keys, first, count, order);
    } else {
      bitonic_.sort_range(keys, first, count, order);
    }
  }

  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order = Order::ascending,
                  Stability stability = Stability::unstable) {
    if (picks_radix(count, stability)) {
      radix_->sort_range(keys, values, first, count, order);
    } else {
      bitonic_.sort_range(keys, values, first, count, order, stability);
    }
  }

  /// The count is read on the GPU, so the choice is made for `capacity`.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_indirect(GLuint keys, GLuint count_buffer, std::size_t count_offset, std::size_t capacity,
                     Order order = Order::ascending) {
    if (picks_radix(capacity, Stability::unstable)) {
      radix_->sort_indirect(keys, count_buffer, count_offset, capacity, order);
    } else {
      bitonic_.sort_indirect(keys, count_buffer, count_offset, capacity, order);
    }
  }

  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_indirect(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order = Order::ascending) {
    if (picks_radix(capacity, Stability::unstable)) {
      radix_->sort_indirect(keys, values, count_buffer, count_offset, capacity, order);
    } else {
      bitonic_.sort_indirect(keys, values, count_buffer, count_offset, capacity, order);
    }
  }

  /// Argsort (stable with either algorithm): chosen like a stable key-value sort.
  template <class V = Value, std::enable_if_t<std::is_same<V, std::uint32_t>::value, int> = 0>
  void sort_indices(GLuint keys, GLuint indices, std::size_t count, Order order = Order::ascending) {
    if (picks_radix(count, Stability::stable)) {
      radix_->sort_indices(keys, indices, count, order);
    } else {
      bitonic_.sort_indices(keys, indices, count, order);
    }
  }

  /// Builds now the programs a sort of `count` elements needs (the network's that are built
  /// on first use); dispatches nothing.
  void prepare(std::size_t count, Stability stability = Stability::unstable) {
    if (!picks_radix(count, stability)) bitonic_.prepare(count, has_values ? stability : Stability::unstable);
  }

  /// prepare() for sort_indirect() with this `capacity`.
  void prepare_indirect(std::size_t capacity) {
    if (!picks_radix(capacity, Stability::unstable)) bitonic_.prepare_indirect(capacity);
  }

  /// Allocates now the scratch of every GPU-buffer sort of up to `capacity` elements, so that
  /// none allocates: the radix sort's where a count up to `capacity` takes it, the network's
  /// (stable sorts, sort_indirect(), fused passes: BitonicSorter::reserve()) for the counts
  /// below the crossover.
  void reserve(std::size_t capacity) {
    const std::size_t smallest = std::min(radix_from(Stability::unstable), radix_from(Stability::stable));
    const std::size_t largest = std::max(radix_from(Stability::unstable), radix_from(Stability::stable));
    bitonic_.reserve(std::min(capacity, largest - 1));
    if (radix_ && capacity >= smallest) radix_->reserve(capacity);
  }

  /// The largest count one call can sort with either algorithm.
  std::size_t max_count() const {
    return radix_ ? std::min(bitonic_.max_count(), radix_->max_count()) : bitonic_.max_count();
  }

  /// The two algorithms, for their own queries (plan(), tuning()) or calls. radix() throws
  /// Error where the device runs no radix sort (radix_unavailable()).
  BitonicSorter<Key, Value>& bitonic() { return bitonic_; }
  RadixSorter<Key, Value>& radix() {
    if (!radix_) throw Error("Sorter::radix(): this device runs no radix sort: " + radix_unavailable_);
    return *radix_;
  }

 private:
  Sorter(const SorterTuning& tuning, ProgramCache* cache, const detail::DeviceLimits& limits)
      : bitonic_(tuning.bitonic, cache, limits),
        radix_unavailable_(detail::radix_device_need(limits)),
        radix_(make_radix(tuning.radix, cache, limits, radix_unavailable_)),
        crossover_(resolve(tuning.radix_from, limits)) {}

  static std::optional<RadixSorter<Key, Value>> make_radix(const RadixTuning& tuning, ProgramCache* cache,
                                                           const detail::DeviceLimits& limits,
                                                           const std::string& unavailable) {
    if (!unavailable.empty()) return std::nullopt;
    return RadixSorter<Key, Value>(tuning, cache, limits);
  }

  static Crossover resolve(Crossover wanted, const detail::DeviceLimits& limits) {
    const Crossover measured = Crossover::for_device(limits.renderer, limits.software);
    if (wanted.keys == 0) wanted.keys = measured.keys;
    if (wanted.pairs == 0) wanted.pairs = measured.pairs;
    if (wanted.stable == 0) wanted.stable = measured.stable;
    if (wanted.wide_keys == 0) wanted.wide_keys = measured.wide_keys;
    return wanted;
  }

  std::size_t radix_from(Stability stability) const {
    if (sizeof(Key) == 8) return crossover_.wide_keys;
    if (!has_values) return crossover_.keys;
    return stability == Stability::stable ? crossover_.stable : crossover_.pairs;
  }

  bool picks_radix(std::size_t count, Stability stability) const { return algorithm_for(count, stability) == Algorithm::radix; }

  BitonicSorter<Key, Value> bitonic_;
  std::string radix_unavailable_;
  std::optional<RadixSorter<Key, Value>> radix_;
  Crossover crossover_;
};

}  // namespace gpusort
