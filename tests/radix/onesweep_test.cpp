// RadixPath::onesweep, whose tiles look back over earlier tiles of the same dispatch
// (decoupled look-back with fallback: a tile never waits without bound), asked for explicitly:
// the entry points, rankings, digit widths and split dispatches. It is the default path too, so
// radix/sort_test.cpp and the contract suites run it as well; ctest runs this group on llvmpipe
// with its default threads. Results must equal std::stable_sort's bit for bit, as in
// radix/sort_test.cpp.

#include <gmock/gmock.h>

#include "radix_support.hpp"
#include "subgroup_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::BitRange;
using gpusort::Order;

gpusort::RadixTuning onesweep_tuning(gpusort::RadixTuning tuning = {}) {
  tuning.path = gpusort::RadixPath::onesweep;
  return radix_test_tuning(tuning);
}

template <class Key, class Value>
struct OnesweepSlot {};

// The process's Onesweep sorter for these types.
template <class Key, class Value = void>
gpusort::RadixSorter<Key, Value>& onesweep_sorter() {
  using Sorter = gpusort::RadixSorter<Key, Value>;
  gl_context();
  std::shared_ptr<void>& slot = detail::sorter_slot(std::type_index(typeid(OnesweepSlot<Key, Value>)));
  if (!slot) slot = std::make_shared<Sorter>(onesweep_tuning(), nullptr, test_device_facts());
  return *static_cast<Sorter*>(slot.get());
}

class OnesweepTest : public GlTest {};

template <class Key>
class RadixOnesweep : public OnesweepTest {};
TYPED_TEST_SUITE(RadixOnesweep, RadixKeyTypes, KeyTypeNames);

TYPED_TEST(RadixOnesweep, KeysAndPairs) {
  using Key = TypeParam;
  auto& keys_sorter = onesweep_sorter<Key>();
  auto& pair_sorter = onesweep_sorter<Key, std::uint32_t>();
  ASSERT_EQ(keys_sorter.tuning().path, gpusort::RadixPath::onesweep);
  const std::size_t tile = keys_sorter.tile_size();
  check_every_case<Key>(
      "onesweep", {std::size_t{2}, std::size_t{3}, std::size_t{257}, tile, tile + 1, std::size_t{4097}, std::size_t{20011}},
      {Distribution::random, Distribution::few_distinct, Distribution::specials},
      [](std::size_t count, Distribution input) {
        return static_cast<std::uint32_t>(count * 3 + static_cast<std::size_t>(input));
      },
      [&](const std::vector<Key>& keys, Order order, std::uint32_t seed, Distribution input) {
        const auto values = make_values(keys.size(), seed);
        if (auto ok = radix_buffer_sort_ok(pair_sorter, keys, &values, order, {}, seed); !ok) return ok;
        if (input != Distribution::random) return ::testing::AssertionSuccess();
        return radix_buffer_sort_ok(keys_sorter, keys, nullptr, order, {}, seed);
      });
}

class RadixOnesweepEntryPoints : public OnesweepTest {};

TEST_F(RadixOnesweepEntryPoints, RangeIndirectIndicesBitsAndHostVectors) {
  auto& pairs = onesweep_sorter<std::uint32_t, std::uint32_t>();
  auto& wide = onesweep_sorter<std::uint64_t>();
  GpuCountWriter writer;
  const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, 9001, 21);
  const auto values = make_values(9001, 21);
  for (std::uint32_t gpu_count : {0u, 1u, 4500u, 9001u, 20000u}) {
    SCOPED_TRACE("sort_indirect count " + std::to_string(gpu_count));
    ASSERT_TRUE(radix_indirect_ok(pairs, writer, keys, &values, gpu_count, Order::descending));
  }
  // sort_range from an unaligned element: only [first, first + count) changes.
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
  pairs.sort_range(key_buffer.name(), value_buffer.name(), 5, 8000, Order::ascending);
  auto want = keys;
  auto want_values = values;
  std::vector<std::uint32_t> slice(keys.begin() + 5, keys.begin() + 8005), value_slice(values.begin() + 5, values.begin() + 8005);
  radix_oracle(slice, &value_slice, Order::ascending);
  std::copy(slice.begin(), slice.end(), want.begin() + 5);
  std::copy(value_slice.begin(), value_slice.end(), want_values.begin() + 5);
  ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(key_buffer.read(), 0, 9001), want, "keys"));
  ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(value_buffer.read(), 0, 9001), want_values, "values"));
  // sort_indices.
  GlBuffer index_keys(to_bytes(keys)), indices(Bytes(9001 * 4, 0xAB));
  pairs.sort_indices(index_keys.name(), indices.name(), 9001, Order::descending);
  want = keys;
  want_values.resize(9001);
  std::iota(want_values.begin(), want_values.end(), 0u);
  radix_oracle(want, &want_values, Order::descending);
  ASSERT_TRUE(same_bits(from_bytes<std::uint32_t>(indices.read(), 0, 9001), want_values, "indices"));
  // Bit ranges of an odd pass count (ending in a copy back), then an even one: the status
  // table must serve every sort whatever the passes before left in it.
  for (BitRange range : {BitRange{8, 24}, BitRange{0, 16}, BitRange{31, 32}}) {
    ASSERT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, Order::ascending, range));
  }
  for (BitRange range : {BitRange{40, 64}, BitRange{0, 64}, BitRange{28, 36}}) {
    ASSERT_TRUE(radix_buffer_sort_ok(wide, make_keys<std::uint64_t>(Distribution::random, 3000, 2), nullptr,
                                     Order::descending, range));
  }
  auto host_keys = keys;
  auto host_values = values;
  pairs.sort(host_keys, host_values, Order::descending);
  want = keys;
  want_values = values;
  radix_oracle(want, &want_values, Order::descending);
  ASSERT_TRUE(same_bits(host_keys, want, "host keys"));
  ASSERT_TRUE(same_bits(host_values, want_values, "host values"));
  EXPECT_TRUE(no_gl_error("Onesweep entry points"));
}

// Onesweep with both rankings (ballots of the subgroup tests' subgroups: the device's, or 32
// lanes emulated where it has none; digits matched in shared memory) and another digit width (5
// bits: 7 passes for 32-bit keys, 13 for 64-bit ones, each ending with a copy back); fewer
// partitions after more.
class RadixOnesweepRanking : public OnesweepTest {};

TEST_F(RadixOnesweepRanking, SharedMatchBallotsAndDigitWidths) {
  if (const std::string why = subgroup_size_mismatch(); !why.empty()) GTEST_SKIP() << why;
  for (int variant = 0; variant < 3; ++variant) {
    gpusort::RadixTuning tuning = onesweep_tuning();
    tuning.use_subgroups = variant != 0;
    if (variant == 2) tuning.digit_bits = 5;
    gpusort::RadixSorter<std::uint32_t, std::uint32_t> pairs(tuning, nullptr, subgroup_facts());
    EXPECT_EQ(pairs.tuning().use_subgroups, variant != 0);
    for (std::size_t count : {std::size_t{20011}, std::size_t{700}, std::size_t{5003}}) {
      SCOPED_TRACE("variant " + std::to_string(variant) + " count " + std::to_string(count));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, 3);
      const auto values = make_values(count, 3);
      ASSERT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, Order::descending));
    }
    if (variant == 2) {
      gpusort::RadixSorter<double> wide(tuning, nullptr, subgroup_facts());
      ASSERT_TRUE(radix_buffer_sort_ok(wide, make_keys<double>(Distribution::specials, 5003, 3), nullptr, Order::ascending));
    }
  }
}

class RadixOnesweepLarge : public OnesweepTest {};

TEST_F(RadixOnesweepLarge, AMillionPairs) {
  const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, 1000003, 17);
  const auto values = make_values(1000003, 17);
  EXPECT_TRUE(radix_buffer_sort_ok(onesweep_sorter<std::uint32_t, std::uint32_t>(), keys, &values, Order::ascending));
  EXPECT_TRUE(radix_buffer_sort_ok(onesweep_sorter<float>(), make_keys<float>(Distribution::random, 65537, 18), nullptr,
                                   Order::descending));
}

// Tiny tiles and a cap on workgroups per dimension: partitions come from tickets, so the
// extra workgroups of a split dispatch's last row must take none.
class RadixOnesweepDispatch : public OnesweepTest {};

TEST_F(RadixOnesweepDispatch, SplitDispatchesStillSort) {
  gpusort::RadixTuning tuning = split_dispatch_tuning(onesweep_tuning());
  tuning.histogram_keys = 1024;
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> pairs(tuning);
  check_split_dispatch_pairs(pairs, "split onesweep", {std::size_t{33}, std::size_t{7 * 32 + 5}, std::size_t{5001}}, 6,
                             2, [](std::size_t, Order) { return ::testing::AssertionSuccess(); });
}

}  // namespace
}  // namespace gpusort_test
