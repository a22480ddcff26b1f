#pragma once
// Onesweep's decoupled fallback, forced (tests/radix/fallback_test.cpp says how): sorters built
// while a WithheldPosts lives withhold the status posts of every k-th partition, and
// withheld_sort_ok() checks a sort's result and that the sorter recounted at least once per
// withheld partition and digit pass. Shared by fallback_test.cpp and fallback_large_test.cpp.

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "radix_support.hpp"

namespace gpusort_test {

// Sorters constructed while one lives withhold the posts of every k-th partition.
class WithheldPosts {
 public:
  explicit WithheldPosts(std::uint32_t k) : saved_(gpusort::detail::radix::test_hooks().withhold_every) {
    gpusort::detail::radix::test_hooks().withhold_every = k;
  }
  ~WithheldPosts() { gpusort::detail::radix::test_hooks().withhold_every = saved_; }
  WithheldPosts(const WithheldPosts&) = delete;
  WithheldPosts& operator=(const WithheldPosts&) = delete;

 private:
  std::uint32_t saved_;
};

template <class Key, class Value = void>
std::unique_ptr<gpusort::RadixSorter<Key, Value>> withholding_sorter(std::uint32_t k,
                                                                     gpusort::RadixTuning tuning = {}) {
  WithheldPosts hook(k);
  tuning.path = gpusort::RadixPath::onesweep;
  return std::make_unique<gpusort::RadixSorter<Key, Value>>(radix_test_tuning(tuning), nullptr, test_device_facts());
}

// The recounts a sort of `count` elements needs at the least: one per withheld partition (one
// with a partition after it) and digit pass.
inline std::uint64_t least_fallbacks(std::size_t count, std::size_t tile, std::uint32_t k, std::uint32_t passes) {
  const std::size_t partitions = (count + tile - 1) / tile;
  const std::size_t withheld = partitions < 2 ? 0 : (partitions - 2) / k + 1;
  return std::uint64_t{withheld} * passes;
}

// The digit passes of a sort of all of Key's bits.
template <class Key, class Sorter>
std::uint32_t full_passes(const Sorter& sorter) {
  const std::uint32_t digit_bits = sorter.tuning().digit_bits;
  return (sizeof(Key) * 8 + digit_bits - 1) / digit_bits;
}

// Sorts and checks `keys` (and values) with `sorter`, and that it recounted at least as often as
// its withheld partitions need.
template <class Key, class Sorter>
::testing::AssertionResult withheld_sort_ok(Sorter& sorter, std::uint32_t k, const std::vector<Key>& keys,
                                            const std::vector<std::uint32_t>* values, gpusort::Order order,
                                            gpusort::BitRange range, std::uint32_t passes, std::uint32_t seed) {
  RadixDispatchLog<Sorter> log(sorter);
  auto ok = radix_buffer_sort_ok(sorter, keys, values, order, range, seed);
  if (!ok) return ok;
  if (log.count(gpusort::RadixKernel::onesweep) != passes)
    return ::testing::AssertionFailure() << log.count(gpusort::RadixKernel::onesweep) << " onesweep dispatches, not "
                                         << passes;
  // A pass that keeps the order (every key one digit there) copies: it looks back at nothing.
  const auto kept = static_cast<std::uint32_t>(std::bitset<32>(log.kept_passes()).count());
  if (kept >= passes)
    return ::testing::AssertionFailure() << "every pass kept the order: no look-back, no fallback to check";
  const std::uint64_t least = least_fallbacks(keys.size(), sorter.tile_size(), k, passes - kept);
  const std::uint32_t fallbacks = log.fallbacks();
  if (fallbacks < least)
    return ::testing::AssertionFailure() << fallbacks << " fallback recounts; the withheld partitions need at least "
                                         << least;
  return ::testing::AssertionSuccess() << fallbacks << " fallbacks";
}

}  // namespace gpusort_test
