// Onesweep's decoupled fallback, forced. A test hook (gpusort::detail::radix::test_hooks, not
// API) builds the onesweep program's test mode (WITHHOLD_POSTS) with k: partition q (q % k == 0,
// with a partition after it) never posts its status, so the partition after it can only pass it by
// counting q's keys itself (shaders/radix/onesweep.comp). Without a working fallback that wait
// never ends: llvmpipe cuts the loop short (a wrong sort), a GPU hangs until ctest's timeout.
// Every sort must equal std::stable_sort's bit for bit, and the sorter's fallback count
// (radix_support.hpp RadixDispatchLog) must show at least one recount of each withheld
// partition in each pass: the fallback ran, whatever the schedule.
// k = 2, 3, 64 and 8192; every key layout, keys and pairs, both orders, bit ranges,
// sort_range, sort_indirect, sort_indices; ctest runs it on llvmpipe with its default threads.
// The same at 2^24 keys: tests/radix/fallback_large_test.cpp.

#include <gmock/gmock.h>

#include "radix/withheld_posts.hpp"
#include "radix_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::BitRange;
using gpusort::Order;

const std::uint32_t every_k[] = {2, 3, 64, 8192};

template <class Key>
class RadixFallback : public GlTest {};
TYPED_TEST_SUITE(RadixFallback, RadixKeyTypes, KeyTypeNames);

// Counts of 2 .. 7 partitions for every k, and 66 (two withheld partitions at k = 64).
TYPED_TEST(RadixFallback, EveryKthPartitionWithheld) {
  using Key = TypeParam;
  for (std::uint32_t k : every_k) {
    auto keys_sorter = withholding_sorter<Key>(k);
    auto pair_sorter = withholding_sorter<Key, std::uint32_t>(k);
    const std::size_t tile = keys_sorter->tile_size();
    std::vector<std::size_t> counts = {tile + 1, 3 * tile, 6 * tile + 333};
    if (k == 64) counts.push_back(65 * tile + 7);
    for (std::size_t count : counts) {
      for (Order order : both_orders) {
        const Distribution input = count % 2 == 0 ? Distribution::specials : Distribution::few_distinct;
        const auto seed = static_cast<std::uint32_t>(count * 5 + k);
        const std::string what = "withhold every " + std::to_string(k);
        SCOPED_TRACE(case_name<Key>(what.c_str(), count, order, input, seed));
        const auto keys = make_keys<Key>(input, count, seed);
        const auto values = make_values(count, seed);
        const std::uint32_t passes = full_passes<Key>(*pair_sorter);
        ASSERT_TRUE(withheld_sort_ok(*pair_sorter, k, keys, &values, order, {}, passes, seed));
        if (order == Order::ascending || count < 4 * tile) {
          ASSERT_TRUE(withheld_sort_ok(*keys_sorter, k, keys, nullptr, order, {}, passes, seed));
        }
      }
    }
  }
}

class RadixFallbackEntryPoints : public GlTest {};

// Bit ranges (an odd pass count ends with a copy back), sort_range from an unaligned element,
// sort_indirect, sort_indices and the host overloads, with withheld posts.
TEST_F(RadixFallbackEntryPoints, BitRangesRangeIndirectIndicesAndHostVectors) {
  for (std::uint32_t k : every_k) {
    SCOPED_TRACE("withhold every " + std::to_string(k));
    auto pairs = withholding_sorter<std::uint32_t, std::uint32_t>(k);
    auto wide = withholding_sorter<std::uint64_t>(k);
    const std::size_t tile = pairs->tile_size();
    const std::uint32_t digit_bits = pairs->tuning().digit_bits, passes_32 = full_passes<std::uint32_t>(*pairs);
    const std::size_t n = 5 * tile + 77;
    const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, n, k);
    const auto values = make_values(n, k);
    for (BitRange range : {BitRange{8, 24}, BitRange{0, 16}, BitRange{31, 32}, BitRange{4, 28}}) {
      const std::uint32_t passes = (range.end_bit - range.begin_bit + digit_bits - 1) / digit_bits;
      ASSERT_TRUE(withheld_sort_ok(*pairs, k, keys, &values, Order::ascending, range, passes, k));
    }
    const auto wide_keys = make_keys<std::uint64_t>(Distribution::random, 3 * tile + 5, k);
    for (BitRange range : {BitRange{40, 64}, BitRange{28, 36}, BitRange{0, 64}}) {
      const std::uint32_t passes = (range.end_bit - range.begin_bit + digit_bits - 1) / digit_bits;
      ASSERT_TRUE(withheld_sort_ok(*wide, k, wide_keys, nullptr, Order::descending, range, passes, k));
    }
    // sort_indirect: the partitions come from the GPU's count.
    GpuCountWriter writer;
    for (std::uint32_t gpu_count : {std::uint32_t(n - tile), std::uint32_t(n), std::uint32_t(n + 9)}) {
      RadixDispatchLog<gpusort::RadixSorter<std::uint32_t, std::uint32_t>> log(*pairs);
      ASSERT_TRUE(radix_indirect_ok(*pairs, writer, keys, &values, gpu_count, Order::descending)) << gpu_count;
      EXPECT_GE(log.fallbacks(), least_fallbacks(std::min<std::size_t>(gpu_count, n), tile, k, passes_32)) << gpu_count;
    }
    // sort_range from an unaligned element: only [first, first + count) changes.
    {
      RadixDispatchLog<gpusort::RadixSorter<std::uint32_t, std::uint32_t>> log(*pairs);
      GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
      const std::size_t first = 3, count = n - 10;
      pairs->sort_range(key_buffer.name(), value_buffer.name(), first, count, Order::ascending);
      auto want = keys;
      auto want_values = values;
      std::vector<std::uint32_t> slice(keys.begin() + first, keys.begin() + first + count);
      std::vector<std::uint32_t> value_slice(values.begin() + first, values.begin() + first + count);
      radix_oracle(slice, &value_slice, Order::ascending);
      std::copy(slice.begin(), slice.end(), want.begin() + first);
      std::copy(value_slice.begin(), value_slice.end(), want_values.begin() + first);
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(key_buffer.read(), 0, n), want, "keys"));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(value_buffer.read(), 0, n), want_values, "values"));
      EXPECT_GE(log.fallbacks(), least_fallbacks(count, tile, k, passes_32));
    }
    // sort_indices.
    {
      RadixDispatchLog<gpusort::RadixSorter<std::uint32_t, std::uint32_t>> log(*pairs);
      GlBuffer index_keys(to_bytes(keys)), indices(Bytes(n * 4, 0xAB));
      pairs->sort_indices(index_keys.name(), indices.name(), n, Order::descending);
      auto want = keys;
      std::vector<std::uint32_t> want_indices(n);
      std::iota(want_indices.begin(), want_indices.end(), 0u);
      radix_oracle(want, &want_indices, Order::descending);
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(index_keys.read(), 0, n), want, "keys"));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(indices.read(), 0, n), want_indices, "indices"));
      EXPECT_GE(log.fallbacks(), least_fallbacks(n, tile, k, passes_32));
    }
    auto host_keys = keys;
    auto host_values = values;
    pairs->sort(host_keys, host_values, Order::descending);
    auto want = keys;
    auto want_values = values;
    radix_oracle(want, &want_values, Order::descending);
    ASSERT_TRUE(same_bits(host_keys, want, "host keys"));
    ASSERT_TRUE(same_bits(host_values, want_values, "host values"));
  }
  EXPECT_TRUE(no_gl_error("withheld posts"));
}

// Tiny tiles (32 keys) put a withheld partition past the first at k = 8192, and tiles of 32
// invocations give each invocation 8 digits of the look-back (the fallback's digit slots).
TEST_F(RadixFallbackEntryPoints, SmallTilesAndManyDigitsPerInvocation) {
  gpusort::RadixTuning small;
  small.workgroup_size = 32;
  small.keys_per_invocation = 1;
  auto keys_sorter = withholding_sorter<std::uint32_t>(8192, small);
  const std::size_t n = 8194 * keys_sorter->tile_size() + 3;
  ASSERT_TRUE(withheld_sort_ok(*keys_sorter, 8192, make_keys<std::uint32_t>(Distribution::random, n, 1), nullptr,
                               Order::ascending, {}, full_passes<std::uint32_t>(*keys_sorter), 1));
  gpusort::RadixTuning narrow;
  narrow.workgroup_size = 32;
  narrow.keys_per_invocation = 3;
  for (std::uint32_t k : {2u, 3u}) {
    auto pairs = withholding_sorter<float, std::uint32_t>(k, narrow);
    const std::size_t count = 40 * pairs->tile_size() + 1;
    const auto keys = make_keys<float>(Distribution::specials, count, k);
    const auto values = make_values(count, k);
    ASSERT_TRUE(withheld_sort_ok(*pairs, k, keys, &values, Order::descending, {}, full_passes<float>(*pairs), k));
  }
}

}  // namespace
}  // namespace gpusort_test
