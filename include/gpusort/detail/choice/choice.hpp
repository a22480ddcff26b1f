#pragma once
// Choice: Sorter's algorithm for the front end (detail/front_end/front_end.hpp), the one place
// where Sorter chooses between the network and the radix sort. It holds the two algorithms'
// engines (detail/front_end/engine.hpp; not two sorters: one front end checks every call,
// once), and each call goes whole to the one its count, key width, stability and BitRange pick
// (forward()).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "../../key_traits.hpp"
#include "../../program_cache.hpp"
#include "../../sorter_tuning.hpp"
#include "../bitonic/algorithm.hpp"
#include "../device/limits.hpp"
#include "../front_end/engine.hpp"
#include "../gl/scratch.hpp"
#include "../gl/subgroup_check.hpp"
#include "../job/count_limit.hpp"
#include "../job/elements.hpp"
#include "../job/sort_job.hpp"
#include "../radix/algorithm.hpp"
#include "../status.hpp"

namespace gpusort {
namespace detail {

template <class Key, class Value>
class Choice {
  static constexpr bool has_values = !std::is_void<Value>::value;

 public:
  /// Builds both algorithms on the same `limits`; where the device lacks what the radix
  /// kernels need, the network alone (radix_unavailable_ says why).
  Status init(const DeviceLimits& limits, const SorterTuning& tuning, ProgramCache* cache) {
    if (Status status = bitonic_.init(limits, tuning.bitonic, cache, elements_of<Key, Value>()); !status)
      return status;
    radix_unavailable_ = radix::device_need(limits);
    if (radix_available()) {
      if (Status status = radix_.init(limits, tuning.radix, cache, elements_of<Key, Value>()); !status)
        return status;
    }
    crossover_ = resolve(tuning.radix_from, limits);
    return {};
  }

  const DeviceLimits& limits() const { return bitonic_.limits(); }
  GLuint probe_program() const { return bitonic_.probe_program(); }

  /// Both algorithms' subgroup checks.
  SubgroupCheck subgroup_check() const {
    const SubgroupCheck bitonic = bitonic_.subgroup_check();
    return radix_available() ? combined(bitonic, radix_.subgroup_check()) : bitonic;
  }

  /// The smaller of the two algorithms' limits.
  CountLimit count_limit() const {
    const CountLimit bitonic = bitonic_.count_limit();
    if (!radix_available()) return bitonic;
    const CountLimit radix = radix_.count_limit();
    return radix.max_count < bitonic.max_count ? radix : bitonic;
  }

  /// The two algorithms, for Sorter::bitonic() and radix() (views); the radix sort is not built
  /// where the device runs none (radix_available()).
  bitonic::Algorithm& network() { return bitonic_; }
  radix::Algorithm& radix() { return radix_; }
  bool radix_available() const { return radix_unavailable_.empty(); }

  /// Sorts by a BitRange run on the radix sort (the network compares whole keys).
  static constexpr bool takes_bit_ranges = true;

  Status ready(const SortJob& job) {
    if (Status status = check_runs(job); !status) return status;
    return forward(job, [&](auto& algorithm) { return algorithm.ready(job); });
  }

  void run(const SortJob& job) {
    forward(job, [&](auto& algorithm) { algorithm.run(job); });
  }

  Status prepare(const SortJob& job) {
    if (Status status = check_runs(job); !status) return status;
    return forward(job, [&](auto& algorithm) { return algorithm.prepare(job); });
  }

  /// Both sides' scratch: the radix sort's where a count up to `capacity` takes it (any count,
  /// `by_bits`: sorts by a BitRange included), the network's for the counts below the crossover.
  Status reserve(std::size_t capacity, bool by_bits = false) {
    const std::size_t largest = (std::max)(radix_from(false), radix_from(true));
    if (Status status = bitonic_.reserve((std::min)(capacity, largest - 1)); !status) return status;
    if (radix_available() && (by_bits || capacity >= (std::min)(radix_from(false), radix_from(true))))
      return radix_.reserve(capacity);
    return {};
  }

  /// A caller's range for every sort of up to `capacity`: the network's for the counts each
  /// kind of sort runs on it, and, from the smallest count a radix sort takes (`by_bits`: from
  /// 2, sorts by a BitRange included), the network's lasting state followed by the radix sort's.
  std::uint64_t scratch_bytes(std::size_t capacity, bool stable, bool by_bits = false) const {
    const auto below = [&](std::size_t from) { return (std::min)(capacity, from - 1); };
    const Engine<bitonic::Algorithm>& network = bitonic_;
    // Unstable direct and indirect sorts switch at radix_from(false); sort_indices() and stable
    // sorts at radix_from(true) (sort_indices() needs no more than an unstable direct sort).
    std::uint64_t bytes = (std::max)(network.scratch_bytes(below(radix_from(false)), JobKind::indirect),
                                   network.scratch_bytes(below(radix_from(true)), JobKind::direct));
    if (stable) bytes = (std::max)(bytes, network.scratch_bytes(below(radix_from(true)), JobKind::stable));
    const bool keeps_order_kinds = stable || std::is_same<Value, std::uint32_t>::value;
    const std::size_t radix_starts =
        keeps_order_kinds ? (std::min)(radix_from(false), radix_from(true)) : radix_from(false);
    if (radix_available() && (by_bits || capacity >= radix_starts))
      bytes = (std::max)(bytes, network.persistent_scratch_bytes() + radix_.scratch_bytes(capacity, stable));
    return bytes;
  }

  /// The network's from the range's start; the radix sort's after the network's state that
  /// lasts between its sorts (fused passes' counters), so that neither disturbs the other.
  void use_scratch(const BufferSlice& range, std::uint64_t range_start) {
    bitonic_.use_scratch(range, range_start);
    if (!radix_available()) return;
    if (range.buffer == 0) {
      radix_.use_scratch(range, 0);
      return;
    }
    const std::uint64_t kept = (std::min)(bitonic_.persistent_scratch_bytes(), range.bytes);
    radix_.use_scratch(BufferSlice{range.buffer, range.offset + kept, range.bytes - kept}, range_start + kept);
  }

  void release_scratch() {
    bitonic_.release_scratch();
    if (radix_available()) radix_.release_scratch();
  }

  /// Whether a sort of `count` elements runs on the radix sort (`keeps_order`: stable sorts and
  /// sort_indices(); `by_bits`: a sort by a BitRange, which only the radix sort does).
  bool picks_radix(std::size_t count, bool keeps_order, bool by_bits) const {
    return radix_available() && (by_bits || count >= radix_from(keeps_order));
  }

  std::string radix_unavailable_;  // why this device runs no radix sort; "" where it does
  Crossover crossover_;            // every field resolved

 private:
  Engine<bitonic::Algorithm> bitonic_;
  Engine<radix::Algorithm> radix_;  // not built where the device runs no radix sort
  /// Calls `call` with the algorithm `job` runs.
  template <class Call>
  decltype(auto) forward(const SortJob& job, Call&& call) {
    if (picks_radix(job.count, job.keeps_order(), job.by_bit_range())) return call(radix_);
    return call(bitonic_);
  }

  /// Fails for a sort by a BitRange where the device runs no radix sort.
  Status check_runs(const SortJob& job) const {
    if (!job.by_bit_range() || radix_available()) return {};
    return fail("a sort by a BitRange runs on the radix sort, which this device lacks (" + radix_unavailable_ +
                "): sort by every bit of the keys (BitRange{})");
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
