// Onesweep passes that keep the order: where every key has the same digit in a pass (depths in a
// narrow range, 64-bit keys with empty upper bytes, a field that does not vary), the upfront
// histogram marks the pass (histogram.comp, in the pass's ticket counter:
// GPUSORT_RADIX_TICKET_KEPT_ORDER) and its partitions write their tiles back instead of ranking
// (onesweep.comp write_tile_in_place()). Each case builds keys whose digits are constant in
// chosen passes and checks the sort bit for bit against std::stable_sort, and that exactly the
// passes whose digit is constant were marked (none with the defaults table's switch off): keys and
// pairs, both orders, 32- and 64-bit and float keys, the first and the last pass kept (the key
// mapping on load and store), every pass kept, sort_indices() (its first pass's values are the
// indices), a BitRange, sort_range() at an unaligned element, and fallbacks forced in the passes
// that rank (a kept pass posts its status words for the next pass's look-back).

#include <gmock/gmock.h>

#include <bitset>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "radix/withheld_posts.hpp"
#include "radix_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::BitRange;
using gpusort::Order;

// The passes (bit p) of a sort by `range` (begin 0, end 0: all bits) with `digit_bits` whose
// digit every key shares.
template <class Key>
std::uint32_t constant_passes(const std::vector<Key>& keys, std::uint32_t digit_bits, BitRange range, Order order) {
  const std::uint32_t end = range.end_bit == 0 ? 8 * sizeof(Key) : range.end_bit;
  std::uint32_t mask = 0;
  std::uint32_t pass = 0;
  for (std::uint32_t shift = range.begin_bit; shift < end; shift += digit_bits, ++pass) {
    const std::uint32_t bits = std::min(digit_bits, end - shift);
    const auto digit = [&](Key key) {
      auto rank = order_rank(key);
      if (order == Order::descending) rank = ~rank;
      return static_cast<std::uint32_t>((rank >> shift) & ((decltype(rank){1} << bits) - 1));
    };
    bool same = true;
    for (const Key& key : keys) same = same && digit(key) == digit(keys[0]);
    if (same) mask |= 1u << pass;
  }
  return mask;
}

// Random keys with the bits `fixed` (a mask of the key's bits) set to those of `pattern`.
template <class Key>
std::vector<Key> keys_with_fixed_bits(std::size_t count, BitsOf<Key> fixed, BitsOf<Key> pattern, std::uint32_t seed) {
  std::vector<Key> keys = make_keys<Key>(Distribution::random, count, seed);
  for (Key& key : keys) {
    BitsOf<Key> bits;
    std::memcpy(&bits, &key, sizeof key);
    bits = (bits & ~fixed) | (pattern & fixed);
    std::memcpy(&key, &bits, sizeof key);
  }
  return keys;
}

// Random keys whose top byte is the number of the histogram workgroup (of `block` keys) that
// counts them, the last two alike: one bin per workgroup in the last pass, no bin of them all.
std::vector<std::uint32_t> keys_by_histogram_workgroup(std::size_t count, std::size_t block, std::uint32_t seed) {
  auto keys = make_keys<std::uint32_t>(Distribution::random, count, seed);
  for (std::size_t i = 0; i < count; ++i)
    keys[i] = (keys[i] & 0x00FFFFFFu) | (static_cast<std::uint32_t>(std::min<std::size_t>(i / block, 2)) << 24);
  return keys;
}

class RadixKeptOrder : public GlTest {
 protected:
  // Sorts `keys` (and values) by `range` with `sorter` and checks the result and the kept passes.
  template <class Key, class Sorter>
  void check(Sorter& sorter, const std::vector<Key>& keys, bool pairs, Order order, BitRange range = {},
             std::uint32_t expect_kept = ~0u) {
    const std::uint32_t want = constant_passes(keys, sorter.tuning().digit_bits, range, order);
    if (expect_kept != ~0u) {
      ASSERT_EQ(want, expect_kept) << "the case's keys are not what it says";
    }
    const auto values = make_values(keys.size(), 5);
    RadixDispatchLog<Sorter> log(sorter);
    ASSERT_TRUE(radix_buffer_sort_ok(sorter, keys, pairs ? &values : nullptr, order, range));
    EXPECT_EQ(std::bitset<16>(log.kept_passes()), std::bitset<16>(want));
  }
  template <class Key, class Value = void>
  std::unique_ptr<gpusort::RadixSorter<Key, Value>> sorter() {
    gpusort::RadixTuning tuning;
    tuning.path = gpusort::RadixPath::onesweep;
    return std::make_unique<gpusort::RadixSorter<Key, Value>>(radix_test_tuning(tuning), nullptr, test_device_facts());
  }
};

// A digit constant within each histogram workgroup's keys but not across them: the workgroups
// whose own keys all share a bin wait for their adds' results (histogram.comp), and none of those
// adds may mark the pass; nor may the last of them, which leaves the bin below the count.
TEST_F(RadixKeptOrder, DigitConstantWithinEachHistogramWorkgroupOnly) {
  auto pair_sorter = sorter<std::uint32_t, std::uint32_t>();
  const std::size_t block = pair_sorter->tuning().histogram_keys;
  const std::size_t count = 3 * block + 1000;
  auto keys = keys_by_histogram_workgroup(count, block, 17);
  check(*pair_sorter, keys, true, Order::ascending, {}, 0u);
  // And the same top byte in every workgroup: the add that completes the bin marks the pass.
  for (auto& key : keys) key = (key & 0x00FFFFFFu) | 0x07000000u;
  check(*pair_sorter, keys, true, Order::ascending, {}, 0b1000u);
}

TEST_F(RadixKeptOrder, ConstantDigitsOf32BitKeys) {
  auto keys_sorter = sorter<std::uint32_t>();
  auto pair_sorter = sorter<std::uint32_t, std::uint32_t>();
  const std::size_t count = 3 * keys_sorter->tile_size() + 77;
  for (Order order : both_orders) {
    SCOPED_TRACE(order == Order::ascending ? "ascending" : "descending");
    // Byte 2 constant: a middle pass kept.
    const auto middle = keys_with_fixed_bits<std::uint32_t>(count, 0x00FF0000u, 0x00A50000u, 1);
    check(*keys_sorter, middle, false, order, {}, 0b0100);
    check(*pair_sorter, middle, true, order, {}, 0b0100);
    // Bytes 0 and 3 constant: the first pass (keys mapped on load) and the last (mapped back on store).
    const auto ends = keys_with_fixed_bits<std::uint32_t>(count, 0xFF0000FFu, 0x3C00005Au, 2);
    check(*pair_sorter, ends, true, order, {}, 0b1001);
    // One key repeated: every pass kept.
    const std::vector<std::uint32_t> same(count, 0xDEADBEEFu);
    check(*pair_sorter, same, true, order, {}, 0b1111);
  }
}

// A row's switch off (Defaults::kept_order_passes, here through the test hook): no pass is
// marked, and every pass ranks, with the same result.
TEST_F(RadixKeptOrder, SwitchedOffMarksNothing) {
  const int saved = gpusort::detail::radix::test_hooks().kept_order_passes;
  gpusort::detail::radix::test_hooks().kept_order_passes = 0;
  auto keys_sorter = sorter<std::uint64_t>();
  auto pair_sorter = sorter<float, std::uint32_t>();
  gpusort::detail::radix::test_hooks().kept_order_passes = saved;
  const std::size_t count = 2 * keys_sorter->tile_size() + 5;
  const auto low32 = keys_with_fixed_bits<std::uint64_t>(count, ~std::uint64_t{0xFFFFFFFFu}, 0, 3);
  const auto values = make_values(count, 5);
  for (const bool pairs : {false, true}) {
    SCOPED_TRACE(pairs ? "pairs" : "keys");
    if (pairs) {
      std::vector<float> depths(count);
      for (std::size_t i = 0; i < count; ++i) depths[i] = 16.0f + static_cast<float>(low32[i] & 0xFFFFFu) / 65536.0f;
      ASSERT_EQ(constant_passes(depths, pair_sorter->tuning().digit_bits, {}, Order::ascending), 0b1000u) << "the case's keys are not what it says";
      RadixDispatchLog<gpusort::RadixSorter<float, std::uint32_t>> log(*pair_sorter);
      ASSERT_TRUE(radix_buffer_sort_ok(*pair_sorter, depths, &values, Order::ascending));
      EXPECT_EQ(log.kept_passes(), 0u);
    } else {
      RadixDispatchLog<gpusort::RadixSorter<std::uint64_t>> log(*keys_sorter);
      ASSERT_TRUE(radix_buffer_sort_ok(*keys_sorter, low32, nullptr, Order::ascending));
      EXPECT_EQ(log.kept_passes(), 0u);
    }
  }
}

// The switch off, with a digit constant within each histogram workgroup's keys but not across
// them: every such workgroup's one-bin counts must still reach the global histogram (with the
// switch on, the adds that wait for their results carry them), or the pass scatters to wrong
// offsets.
TEST_F(RadixKeptOrder, SwitchedOffCountsOneBinWorkgroups) {
  const int saved = gpusort::detail::radix::test_hooks().kept_order_passes;
  gpusort::detail::radix::test_hooks().kept_order_passes = 0;
  auto pair_sorter = sorter<std::uint32_t, std::uint32_t>();
  gpusort::detail::radix::test_hooks().kept_order_passes = saved;
  const std::size_t block = pair_sorter->tuning().histogram_keys;
  const std::size_t count = 3 * block + 1000;
  auto keys = keys_by_histogram_workgroup(count, block, 21);
  check(*pair_sorter, keys, true, Order::descending, {}, 0u);
}

TEST_F(RadixKeptOrder, EmptyUpperBytesOf64BitKeys) {
  auto keys_sorter = sorter<std::uint64_t>();
  auto pair_sorter = sorter<std::uint64_t, std::uint32_t>();
  const std::size_t count = 2 * keys_sorter->tile_size() + 5;
  const auto low32 = keys_with_fixed_bits<std::uint64_t>(count, ~std::uint64_t{0xFFFFFFFFu}, 0, 3);
  check(*keys_sorter, low32, false, Order::ascending, {}, 0xF0);
  check(*pair_sorter, low32, true, Order::descending, {}, 0xF0);
}

TEST_F(RadixKeptOrder, FloatsOfOneExponentRange) {
  // Depths in [1, 2): sign and exponent constant, the top byte kept.
  auto pair_sorter = sorter<float, std::uint32_t>();
  const std::size_t count = 2 * pair_sorter->tile_size() + 9;
  const auto depths = keys_with_fixed_bits<float>(count, 0xFF800000u, 0x3F800000u, 8);  // sign 0, exponent 0
  check(*pair_sorter, depths, true, Order::ascending, {}, 0b1000);
  check(*pair_sorter, depths, true, Order::descending, {}, 0b1000);
}

TEST_F(RadixKeptOrder, SortIndicesBitRangeAndRange) {
  auto keys_sorter = sorter<std::uint32_t>();
  auto pair_sorter = sorter<std::uint32_t, std::uint32_t>();
  const std::size_t count = 2 * keys_sorter->tile_size() + 31;
  // sort_indices(): the kept first pass writes the indices themselves as values.
  const auto low_fixed = keys_with_fixed_bits<std::uint32_t>(count, 0xFFu, 0x11u, 4);
  {
    GlBuffer key_buffer(to_bytes(low_fixed));
    GlBuffer index_buffer(Bytes(count * 4, 0));
    RadixDispatchLog<gpusort::RadixSorter<std::uint32_t, std::uint32_t>> log(*pair_sorter);
    pair_sorter->sort_indices(key_buffer.name(), index_buffer.name(), count);
    ASSERT_TRUE(no_gl_error("sort_indices"));
    EXPECT_EQ(log.kept_passes(), 0b0001u);
    std::vector<std::uint32_t> want_keys = low_fixed;
    std::vector<std::uint32_t> want_indices(count);
    for (std::size_t i = 0; i < count; ++i) want_indices[i] = static_cast<std::uint32_t>(i);
    radix_oracle(want_keys, &want_indices, Order::ascending);
    EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(key_buffer.read(), 0, count), want_keys, "keys"));
    EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(index_buffer.read(), 0, count), want_indices, "indices"));
  }
  // By BitRange{8, 24}: bits 8-15 constant, the range's first pass kept; bits outside it vary.
  const auto ranged = keys_with_fixed_bits<std::uint32_t>(count, 0x0000FF00u, 0x00004200u, 5);
  check(*pair_sorter, ranged, true, Order::ascending, BitRange{8, 24}, 0b01);
  // sort_range() from element 3 of a larger buffer: the kept pass copies the range alone.
  const auto middle = keys_with_fixed_bits<std::uint32_t>(count + 8, 0x00FF0000u, 0x00770000u, 6);
  std::vector<std::uint32_t> range_keys(middle.begin() + 3, middle.begin() + 3 + static_cast<std::ptrdiff_t>(count));
  GlBuffer buffer(to_bytes(middle));
  RadixDispatchLog<gpusort::RadixSorter<std::uint32_t>> log(*keys_sorter);
  keys_sorter->sort_range(buffer.name(), 3, count);
  ASSERT_TRUE(no_gl_error("sort_range"));
  EXPECT_EQ(log.kept_passes(), 0b0100u);
  std::vector<std::uint32_t> want = middle;
  std::vector<std::uint32_t> sorted_range = range_keys;
  radix_oracle(sorted_range, nullptr, Order::ascending);
  std::copy(sorted_range.begin(), sorted_range.end(), want.begin() + 3);
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(buffer.read(), 0, count + 8), want, "buffer"));
}

// Every other partition withholds its posts (tests/radix/fallback_test.cpp): the passes around
// the kept one must recount, and their look-backs read the words the kept pass posted.
TEST_F(RadixKeptOrder, KeptPassBetweenPassesWithFallbacksForced) {
  for (std::uint32_t k : {2u, 3u}) {
    auto pairs = withholding_sorter<std::uint32_t, std::uint32_t>(k);
    const std::size_t count = 6 * pairs->tile_size() + 333;
    const auto keys = keys_with_fixed_bits<std::uint32_t>(count, 0x00FF0000u, 0x00A50000u, 9);
    const auto values = make_values(count, 9);
    for (Order order : both_orders) {
      SCOPED_TRACE("withhold every " + std::to_string(k));
      ASSERT_TRUE(withheld_sort_ok(*pairs, k, keys, &values, order, {}, 4, 9));
    }
  }
}

}  // namespace
}  // namespace gpusort_test
