#pragma once
// Choice: Sorter's algorithm for the front end (front_end.hpp), the one place where Sorter
// chooses between the network and the radix sort: each call goes whole to the algorithm its
// count, key width and stability pick (forward()).
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>

#include "../../bitonic_sorter.hpp"
#include "../../error.hpp"
#include "../../program_cache.hpp"
#include "../../radix_sorter.hpp"
#include "../../sorter_tuning.hpp"
#include "../device/limits.hpp"
#include "../gl/subgroup_check.hpp"
#include "../radix/config.hpp"
#include "sort_job.hpp"
#include "validation.hpp"

namespace gpusort {
namespace detail {

template <class Key, class Value>
class Choice {
  static constexpr bool has_values = !std::is_void<Value>::value;

 public:
  Choice(const SorterTuning& tuning, ProgramCache* cache, const DeviceLimits& limits)
      : bitonic_(tuning.bitonic, cache, limits),
        radix_unavailable_(radix::device_need(limits)),
        radix_(make_radix(tuning.radix, cache, limits, radix_unavailable_)),
        crossover_(resolve(tuning.radix_from, limits)) {}

  const DeviceLimits& limits() const { return bitonic_.algorithm_.limits(); }

  /// Both algorithms' subgroup checks.
  SubgroupCheck subgroup_check() const {
    const SubgroupCheck bitonic = bitonic_.algorithm_.subgroup_check();
    return radix_ ? combined(bitonic, radix_->algorithm_.subgroup_check()) : bitonic;
  }

  /// The smaller of the two algorithms' limits.
  CountLimit count_limit() const {
    const CountLimit bitonic = bitonic_.algorithm_.count_limit();
    if (!radix_) return bitonic;
    const CountLimit radix = radix_->algorithm_.count_limit();
    return radix.max_count < bitonic.max_count ? radix : bitonic;
  }

  void run(const SortJob& job) {
    forward(job.count, job.keeps_order(), [&](auto& algorithm) { algorithm.run(job); });
  }

  void prepare(std::size_t count, bool stable, bool indirect) {
    forward(count, stable, [&](auto& algorithm) { algorithm.prepare(count, stable, indirect); });
  }

  /// Both sides' scratch: the radix sort's where a count up to `capacity` takes it, the
  /// network's for the counts below the crossover.
  void reserve(std::size_t capacity) {
    const std::size_t smallest = std::min(radix_from(false), radix_from(true));
    const std::size_t largest = std::max(radix_from(false), radix_from(true));
    bitonic_.algorithm_.reserve(std::min(capacity, largest - 1));
    if (radix_ && capacity >= smallest) radix_->algorithm_.reserve(capacity);
  }

  bool picks_radix(std::size_t count, bool keeps_order) const {
    return radix_ && count >= radix_from(keeps_order);
  }

  BitonicSorter<Key, Value> bitonic_;
  std::string radix_unavailable_;  // why this device runs no radix sort; "" where it does
  std::optional<RadixSorter<Key, Value>> radix_;
  Crossover crossover_;  // every field resolved

 private:
  /// Calls `call` with the algorithm a sort of `count` elements runs (`keeps_order`: stable
  /// sorts and sort_indices()).
  template <class Call>
  void forward(std::size_t count, bool keeps_order, Call&& call) {
    if (picks_radix(count, keeps_order)) {
      call(radix_->algorithm_);
    } else {
      call(bitonic_.algorithm_);
    }
  }

  static std::optional<RadixSorter<Key, Value>> make_radix(const RadixTuning& tuning, ProgramCache* cache,
                                                           const DeviceLimits& limits, const std::string& unavailable) {
    if (!unavailable.empty()) return std::nullopt;
    return RadixSorter<Key, Value>(tuning, cache, limits);
  }

  static Crossover resolve(Crossover wanted, const DeviceLimits& limits) {
    const Crossover measured = Crossover::for_device(limits.renderer, limits.software);
    if (wanted.keys == 0) wanted.keys = measured.keys;
    if (wanted.pairs == 0) wanted.pairs = measured.pairs;
    if (wanted.stable == 0) wanted.stable = measured.stable;
    if (wanted.wide_keys == 0) wanted.wide_keys = measured.wide_keys;
    return wanted;
  }

  std::size_t radix_from(bool keeps_order) const {
    if (sizeof(Key) == 8) return crossover_.wide_keys;
    if (!has_values) return crossover_.keys;
    return keeps_order ? crossover_.stable : crossover_.pairs;
  }
};

}  // namespace detail
}  // namespace gpusort
