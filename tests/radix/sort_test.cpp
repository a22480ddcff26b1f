// RadixSorter results: every key type, both orders, the sizes around tiles, inputs full of
// ties and special values, every entry point. Each result must equal std::stable_sort's bit
// for bit, values included (tests/radix_support.hpp), with the sorter the platform picks
// (Onesweep, on every device), and with RadixPath::reduce_then_scan, the escape hatch.

#include <gmock/gmock.h>

#include "radix_support.hpp"
#include "subgroup_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::BitRange;
using gpusort::Order;

template <class Key>
class RadixSort : public GlTest {};
TYPED_TEST_SUITE(RadixSort, RadixKeyTypes, KeyTypeNames);

TYPED_TEST(RadixSort, EdgeSizesKeysAndPairs) {
  using Key = TypeParam;
  auto& keys_sorter = radix_sorter<Key>();
  auto& pair_sorter = radix_sorter<Key, std::uint32_t>();
  const std::size_t tile = keys_sorter.tile_size();
  check_every_case<Key>(
      "edge size",
      {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{255}, std::size_t{256},
       std::size_t{257}, tile - 1, tile, tile + 1, std::size_t{4097}},
      {Distribution::random, Distribution::few_distinct},
      [](std::size_t count, Distribution) { return static_cast<std::uint32_t>(count * 7 + 3); },
      [&](const std::vector<Key>& keys, Order order, std::uint32_t seed, Distribution) {
        const auto values = make_values(keys.size(), seed);
        if (auto ok = radix_buffer_sort_ok(keys_sorter, keys, nullptr, order, {}, seed); !ok) return ok;
        return radix_buffer_sort_ok(pair_sorter, keys, &values, order, {}, seed);
      });
}

TYPED_TEST(RadixSort, EveryInputAndRandomSizes) {
  using Key = TypeParam;
  auto& keys_sorter = radix_sorter<Key>();
  auto& pair_sorter = radix_sorter<Key, std::uint32_t>();
  std::vector<std::size_t> sizes = {4097};
  for (std::size_t size : random_sizes(20261124, 2, 12000)) sizes.push_back(size);
  for (std::size_t count : sizes) {
    for (Distribution input : {Distribution::random, Distribution::sorted, Distribution::reversed, Distribution::all_equal,
                             Distribution::few_distinct, Distribution::specials}) {
      for (Order order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count) + static_cast<std::uint32_t>(input) * 101;
        SCOPED_TRACE(case_name<Key>("input", count, order, input, seed));
        const auto keys = make_keys<Key>(input, count, seed);
        const auto values = make_values(count, seed);
        ASSERT_TRUE(radix_buffer_sort_ok(pair_sorter, keys, &values, order, {}, seed));
        if (order == Order::ascending) {
          ASSERT_TRUE(radix_buffer_sort_ok(keys_sorter, keys, nullptr, order, {}, seed));
        }
      }
    }
  }
}

TYPED_TEST(RadixSort, LargeCounts) {
  using Key = TypeParam;
  auto& pair_sorter = radix_sorter<Key, std::uint32_t>();
  for (Order order : both_orders) {
    SCOPED_TRACE(case_name<Key>("large", 65537, order, Distribution::random, 65537));
    const auto keys = make_keys<Key>(Distribution::random, 65537, 65537);
    const auto values = make_values(65537, 5);
    ASSERT_TRUE(radix_buffer_sort_ok(pair_sorter, keys, &values, order));
  }
  // A million 32-bit pairs full of ties, descending; a quarter million doubles alone.
  if constexpr (std::is_same_v<Key, std::uint32_t>) {
    const auto keys = make_keys<Key>(Distribution::few_distinct, 1000003, 9);
    const auto values = make_values(1000003, 9);
    ASSERT_TRUE(radix_buffer_sort_ok(pair_sorter, keys, &values, Order::descending));
  } else if constexpr (std::is_same_v<Key, double>) {
    ASSERT_TRUE(radix_buffer_sort_ok(radix_sorter<Key>(), make_keys<Key>(Distribution::random, 262147, 10), nullptr,
                                     Order::ascending));
  }
}

TYPED_TEST(RadixSort, HostVectors) {
  using Key = TypeParam;
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{5000}}) {
    for (Order order : both_orders) {
      SCOPED_TRACE(case_name<Key>("host vectors", count, order, Distribution::few_distinct, 4));
      const auto input = make_keys<Key>(Distribution::few_distinct, count, 4);
      const auto input_values = make_values(count, 4);
      auto keys = input;
      radix_sorter<Key>().sort(keys, order);
      auto want = input;
      radix_oracle(want, nullptr, order);
      ASSERT_TRUE(same_bits(keys, want, "keys"));
      keys = input;
      auto values = input_values;
      radix_sorter<Key, std::uint32_t>().sort(keys, values, order);
      want = input;
      auto want_values = input_values;
      radix_oracle(want, &want_values, order);
      ASSERT_TRUE(same_bits(keys, want, "keys"));
      ASSERT_TRUE(same_bits(values, want_values, "values"));
      ASSERT_TRUE(no_gl_error("RadixSorter::sort(std::vector&)"));
    }
  }
}

// sort_range(): any first element (unaligned ones bind from the aligned offset below), and
// every byte outside [first, first + count) stays as it was.
TYPED_TEST(RadixSort, RangeLeavesTheRestAlone) {
  using Key = TypeParam;
  for (std::size_t first : {std::size_t{1}, std::size_t{3}, std::size_t{5}, std::size_t{67}}) {
    for (std::size_t count : {std::size_t{1}, std::size_t{2}, std::size_t{300}, std::size_t{4099}}) {
      const Order order = first % 2 != 0 ? Order::descending : Order::ascending;
      const auto seed = static_cast<std::uint32_t>(first * 1000 + count);
      SCOPED_TRACE(case_name<Key>("sort_range", count, order, Distribution::few_distinct, seed) +
                   " first=" + std::to_string(first));
      const std::size_t total = first + count + 19;
      const auto keys = make_keys<Key>(Distribution::few_distinct, total, seed);
      const auto values = make_values(total, seed);
      GlBuffer key_buffer(to_bytes(keys));
      GlBuffer value_buffer(to_bytes(values));
      radix_sorter<Key>().sort_range(key_buffer.name(), first, count, order);
      auto want = keys;
      std::vector<Key> slice(keys.begin() + static_cast<std::ptrdiff_t>(first),
                             keys.begin() + static_cast<std::ptrdiff_t>(first + count));
      std::vector<std::uint32_t> value_slice(values.begin() + static_cast<std::ptrdiff_t>(first),
                                             values.begin() + static_cast<std::ptrdiff_t>(first + count));
      radix_oracle(slice, &value_slice, order);
      std::copy(slice.begin(), slice.end(), want.begin() + static_cast<std::ptrdiff_t>(first));
      ASSERT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, total), want, "keys (whole buffer)"));
      GlBuffer pair_keys(to_bytes(keys));
      radix_sorter<Key, std::uint32_t>().sort_range(pair_keys.name(), value_buffer.name(), first, count, order);
      auto want_values = values;
      std::copy(value_slice.begin(), value_slice.end(), want_values.begin() + static_cast<std::ptrdiff_t>(first));
      ASSERT_TRUE(same_bits(from_bytes<Key>(pair_keys.read(), 0, total), want, "keys (whole buffer)"));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(value_buffer.read(), 0, total), want_values, "values"));
      ASSERT_TRUE(no_gl_error("RadixSorter::sort_range"));
    }
  }
}

// sort_indirect(): the count comes from a shader; below, at and above the capacity, and 0.
TYPED_TEST(RadixSort, IndirectCountFromTheGpu) {
  using Key = TypeParam;
  GpuCountWriter writer;
  const std::size_t capacity = 3001;
  const auto keys = make_keys<Key>(Distribution::few_distinct, capacity, 31);
  const auto values = make_values(capacity, 31);
  for (std::uint32_t gpu_count : {0u, 1u, 2u, 1500u, 3001u, 5000u}) {
    for (Order order : both_orders) {
      SCOPED_TRACE(case_name<Key>("sort_indirect", gpu_count, order, Distribution::few_distinct, 31));
      ASSERT_TRUE(radix_indirect_ok(radix_sorter<Key>(), writer, keys, nullptr, gpu_count, order));
      ASSERT_TRUE(radix_indirect_ok(radix_sorter<Key, std::uint32_t>(), writer, keys, &values, gpu_count, order));
    }
  }
}

// sort_indices(): the indices buffer's old contents are never read; the result is the stable
// argsort.
TYPED_TEST(RadixSort, IndicesAreTheStableArgsort) {
  using Key = TypeParam;
  for (std::size_t count : {std::size_t{1}, std::size_t{2}, std::size_t{4097}}) {
    for (Order order : both_orders) {
      SCOPED_TRACE(case_name<Key>("sort_indices", count, order, Distribution::few_distinct, 12));
      const auto keys = make_keys<Key>(Distribution::few_distinct, count, 12);
      GlBuffer key_buffer(to_bytes(keys));
      GlBuffer indices(guard_pattern(count * 4, 99));
      radix_sorter<Key, std::uint32_t>().sort_indices(key_buffer.name(), indices.name(), count, order);
      auto want = keys;
      std::vector<std::uint32_t> want_indices(count);
      std::iota(want_indices.begin(), want_indices.end(), 0u);
      radix_oracle(want, &want_indices, order);
      ASSERT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, count), want, "keys"));
      ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(indices.read(), 0, count), want_indices, "indices"));
      ASSERT_TRUE(no_gl_error("RadixSorter::sort_indices"));
    }
  }
}

// BitRange: keys ordered by those bits alone (the rest carried along, ties stable), with a
// pass per 8 bits (an odd count ends with a copy back).
template <class Key>
void check_bit_ranges(const std::vector<BitRange>& ranges) {
  auto& keys_sorter = radix_sorter<Key>();
  auto& pair_sorter = radix_sorter<Key, std::uint32_t>();
  for (const BitRange& range : ranges) {
    for (Order order : both_orders) {
      const auto seed = range.begin_bit * 100 + range.end_bit;
      SCOPED_TRACE(case_name<Key>("bit range", 5003, order, Distribution::random, seed) + " bits [" +
                   std::to_string(range.begin_bit) + ", " + std::to_string(range.end_bit) + ")");
      const auto keys = make_keys<Key>(Distribution::random, 5003, seed);
      const auto values = make_values(5003, seed);
      ASSERT_TRUE(radix_buffer_sort_ok(keys_sorter, keys, nullptr, order, range, seed));
      ASSERT_TRUE(radix_buffer_sort_ok(pair_sorter, keys, &values, order, range, seed));
    }
  }
}

class RadixSortBits : public GlTest {};

TEST_F(RadixSortBits, RangesOfUnsignedKeys) {
  check_bit_ranges<std::uint32_t>({{0, 8}, {0, 16}, {8, 24}, {0, 1}, {31, 32}, {0, 32}, {5, 0}, {3, 29}});
  check_bit_ranges<std::uint64_t>({{0, 64}, {40, 64}, {0, 16}, {28, 36}, {63, 64}, {20, 0}});
}

TEST_F(RadixSortBits, InvalidRangesAreRefusedAndChangeNothing) {
  using ::testing::HasSubstr;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 100, 3);
  GlBuffer buffer(to_bytes(keys));
  const Bytes before = buffer.read();
  for (BitRange range : {BitRange{8, 8}, BitRange{9, 8}, BitRange{0, 33}, BitRange{32, 0}}) {
    EXPECT_THAT(gpusort_error_message([&] { radix_sorter<std::uint32_t>().sort(buffer.name(), 100, Order::ascending, range); }),
                HasSubstr("begin_bit < end_bit <= 32"));
  }
  GlBuffer wide(to_bytes(make_keys<std::uint64_t>(Distribution::random, 100, 3)));
  EXPECT_THAT(gpusort_error_message(
                  [&] { radix_sorter<std::uint64_t>().sort(wide.name(), 100, Order::ascending, BitRange{0, 65}); }),
              HasSubstr("begin_bit < end_bit <= 64"));
  GlBuffer floats(to_bytes(make_keys<float>(Distribution::random, 100, 3)));
  EXPECT_THAT(gpusort_error_message([&] { radix_sorter<float>().sort(floats.name(), 100, Order::ascending, BitRange{0, 16}); }),
              HasSubstr("for unsigned keys"));
  GlBuffer ints(to_bytes(make_keys<std::int64_t>(Distribution::random, 100, 3)));
  EXPECT_THAT(gpusort_error_message(
                  [&] { radix_sorter<std::int64_t>().sort(ints.name(), 100, Order::ascending, BitRange{0, 64}); }),
              HasSubstr("for unsigned keys"));
  EXPECT_EQ(buffer.read(), before);
  EXPECT_TRUE(no_gl_error("refused bit ranges"));
}

// The two rankings: ballots of the subgroups the subgroup tests run (the device's, or 32 lanes
// emulated where it has none: tests/subgroup_support.hpp), and digits matched in shared memory
// (use_subgroups off; what devices without subgroups run by default).
class RadixSortRanking : public GlTest {};

TEST_F(RadixSortRanking, SharedMatchAndBallots) {
  if (const std::string why = subgroup_size_mismatch(); !why.empty()) GTEST_SKIP() << why;
  for (bool ballots : {false, true}) {
    gpusort::RadixTuning tuning;
    tuning.use_subgroups = ballots;
    gpusort::RadixSorter<std::uint32_t, std::uint32_t> pairs(tuning, nullptr, subgroup_facts());
    EXPECT_EQ(pairs.tuning().use_subgroups, ballots);
    for (std::size_t count : {pairs.tile_size() + 1, std::size_t{20011}}) {
      for (Order order : both_orders) {
        SCOPED_TRACE(case_name<std::uint32_t>(ballots ? "ballots" : "shared match", count, order,
                                               Distribution::few_distinct, 8));
        const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, 8);
        const auto values = make_values(count, 8);
        ASSERT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, order));
      }
    }
  }
}

// RadixPath::reduce_then_scan, which no device takes by default: every key type, keys and
// pairs, both orders, the sizes around tiles, sort_indirect and sort_indices.
template <class Key>
class RadixSortReduceThenScan : public GlTest {};
TYPED_TEST_SUITE(RadixSortReduceThenScan, RadixKeyTypes, KeyTypeNames);

TYPED_TEST(RadixSortReduceThenScan, KeysPairsIndirectAndIndices) {
  using Key = TypeParam;
  gpusort::RadixTuning tuning = radix_test_tuning();
  tuning.path = gpusort::RadixPath::reduce_then_scan;
  gpusort::RadixSorter<Key> keys_sorter(tuning);
  gpusort::RadixSorter<Key, std::uint32_t> pair_sorter(tuning);
  ASSERT_EQ(pair_sorter.tuning().path, gpusort::RadixPath::reduce_then_scan);
  const std::size_t tile = keys_sorter.tile_size();
  GpuCountWriter writer;
  for (std::size_t count : {std::size_t{2}, std::size_t{257}, tile + 1, 3 * tile, std::size_t{20011}}) {
    for (Order order : both_orders) {
      const Distribution input = order == Order::ascending ? Distribution::specials : Distribution::few_distinct;
      const auto seed = static_cast<std::uint32_t>(count * 11 + 5);
      SCOPED_TRACE(case_name<Key>("reduce-then-scan", count, order, input, seed));
      const auto keys = make_keys<Key>(input, count, seed);
      const auto values = make_values(count, seed);
      ASSERT_TRUE(radix_buffer_sort_ok(keys_sorter, keys, nullptr, order, {}, seed));
      ASSERT_TRUE(radix_buffer_sort_ok(pair_sorter, keys, &values, order, {}, seed));
    }
  }
  const auto keys = make_keys<Key>(Distribution::random, 5 * tile + 9, 3);
  const auto values = make_values(keys.size(), 3);
  const auto gpu_count = static_cast<std::uint32_t>(4 * tile);
  ASSERT_TRUE(radix_indirect_ok(pair_sorter, writer, keys, &values, gpu_count, Order::descending));
  GlBuffer key_buffer(to_bytes(keys)), indices(Bytes(keys.size() * 4, 0xAB));
  pair_sorter.sort_indices(key_buffer.name(), indices.name(), keys.size(), Order::ascending);
  auto want = keys;
  std::vector<std::uint32_t> want_indices(keys.size());
  std::iota(want_indices.begin(), want_indices.end(), 0u);
  radix_oracle(want, &want_indices, Order::ascending);
  ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(indices.read(), 0, keys.size()), want_indices, "indices"));
}

// Reduce-then-scan with runs of tiles per upsweep/downsweep workgroup (what GPUs run by
// default; software renderers take one tile each unless RadixTuning::blocks says otherwise).
class RadixSortBlocks : public GlTest {};

TEST_F(RadixSortBlocks, RunsOfTilesPerWorkgroup) {
  gpusort::RadixTuning tuning = radix_test_tuning();
  tuning.path = gpusort::RadixPath::reduce_then_scan;
  tuning.blocks = 3;
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> pairs(tuning);
  gpusort::RadixSorter<std::uint64_t> wide(tuning);
  GpuCountWriter writer;
  for (std::size_t count : {5 * pairs.tile_size() + 3, std::size_t{20011}, std::size_t{65537}}) {
    for (Order order : both_orders) {
      SCOPED_TRACE(case_name<std::uint32_t>("blocks of tiles", count, order, Distribution::few_distinct, 14));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, 14);
      const auto values = make_values(count, 14);
      ASSERT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, order));
      ASSERT_TRUE(radix_indirect_ok(pairs, writer, keys, &values, static_cast<std::uint32_t>(count * 2 / 3), order));
      ASSERT_TRUE(radix_buffer_sort_ok(wide, make_keys<std::uint64_t>(Distribution::random, count, 14), nullptr, order));
    }
  }
}

}  // namespace
}  // namespace gpusort_test
