// Tiles scattered in parts and lean registers (detail/radix/defaults.hpp Defaults::scatter_parts
// and lean_registers; tile.glsl SCATTER_PARTS, PACK_RANKS, RECOMPUTE_DIGITS): NVIDIA's rows take
// them, so they run here too, on every device, through a test table (test_hooks().defaults)
// whose rows give this device such tiles for every layout: 32-bit keys alone, pairs and 64-bit
// keys, in two, four and one parts. Each sort is compared with std::stable_sort, for counts that
// leave the last tile partly filled, for bit ranges whose last digit is narrower than the others,
// and both orders; with
// the ballots of subgroups of 8 to 128 lanes as well as the device's own ranking. A second table
// (staged_table) gives the same shapes values loaded after the keys (VALUES_AFTER_KEYS) and 64-bit
// keys staged whole (WHOLE_KEY_STAGING), on both paths and for sort_indices().

#include <gmock/gmock.h>

#include "radix_support.hpp"
#include "subgroup_support.hpp"
#include "support/fake_device_limits.hpp"

namespace gpusort_test {
namespace {

using gpusort::BitRange;
using gpusort::Order;
namespace radix = gpusort::detail::radix;
using radix::Defaults;
using radix::Devices;
using radix::Values;

// Every row a whole shape of 256 invocations, for GPUs and software renderers alike (so that the
// device's own rows never apply); 64-bit keys in 256 x 4 (four parts of one row each).
#define GPUSORT_LEAN_ROWS(devices, scan)                                                  \
  {{devices, 4, Values::none}, 0, 256, 8, true, 8, 8192, 128, scan, "test", 2, true},     \
      {{devices, 4, Values::carried}, 0, 256, 6, true, 8, 8192, 128, scan, "test", 3, true}, \
      {{devices, 8, Values::none}, 0, 256, 4, true, 8, 8192, 128, scan, "test", 4, true},    \
      {{devices, 0, Values::either}, 0, 256, 4, true, 8, 8192, 128, scan, "test", 1, true}
const Defaults lean_rows[] = {GPUSORT_LEAN_ROWS(Devices::software, 4096), GPUSORT_LEAN_ROWS(Devices::gpus, 32)};
#undef GPUSORT_LEAN_ROWS
const radix::DefaultsTable lean_table{lean_rows, sizeof(lean_rows) / sizeof(lean_rows[0])};

// The lean rows with values after keys (pairs of 32- and 64-bit keys) and whole 64-bit keys
// staged (64-bit keys alone in two parts: a part's two words a key fill the area the ranking
// needs; 64-bit pairs in four).
#define GPUSORT_STAGED_ROWS(devices, scan)                                                               \
  {{devices, 4, Values::carried}, 0, 256, 6, true, 8, 8192, 128, scan, "test", 3, true, true, false},      \
      {{devices, 8, Values::carried}, 0, 256, 4, true, 8, 8192, 128, scan, "test", 4, true, true, true},   \
      {{devices, 8, Values::none}, 0, 256, 4, true, 8, 8192, 128, scan, "test", 2, true, false, true},     \
      {{devices, 0, Values::either}, 0, 256, 4, true, 8, 8192, 128, scan, "test", 1, true}
const Defaults staged_rows[] = {GPUSORT_STAGED_ROWS(Devices::software, 4096), GPUSORT_STAGED_ROWS(Devices::gpus, 32)};
#undef GPUSORT_STAGED_ROWS
const radix::DefaultsTable staged_table{staged_rows, sizeof(staged_rows) / sizeof(staged_rows[0])};

template <class Key, class Value = void>
std::unique_ptr<gpusort::RadixSorter<Key, Value>> lean_sorter(const gpusort::DeviceFacts& facts,
                                                              const radix::DefaultsTable& table = lean_table,
                                                              gpusort::RadixTuning tuning = {}) {
  radix::TestHooks saved = radix::test_hooks();
  radix::test_hooks().defaults = &table;
  std::unique_ptr<gpusort::RadixSorter<Key, Value>> sorter;
  try {
    sorter = std::make_unique<gpusort::RadixSorter<Key, Value>>(radix_test_tuning(tuning), nullptr, facts);
  } catch (...) {
    radix::test_hooks() = saved;
    throw;
  }
  radix::test_hooks() = saved;
  return sorter;
}

// The rankings this run takes: the device's own, and emulated ballots of 8 to 128 lanes where
// the device has no subgroups (a device with subgroups runs only its own). Not 4: 64 subgroups'
// counters do not fit llvmpipe's shared memory beside a 256-invocation tile, so the resolver
// halves the workgroup and the table's shape no longer applies (subgroup_paths_4 runs the
// default tiles at 4 lanes).
std::vector<gpusort::DeviceFacts> rankings() {
  std::vector<gpusort::DeviceFacts> all{test_device_facts()};
  if (own_subgroup_size() == 0 && test_device_facts().emulated_subgroup_size == 0) {
    for (std::uint32_t lanes : {8u, 16u, 32u, 64u, 128u}) {
      gpusort::DeviceFacts facts = test_device_facts();
      facts.emulated_subgroup_size = lanes;
      all.push_back(facts);
    }
  }
  return all;
}

template <class Key, class Value>
void check_lean_sorts(std::uint32_t parts, std::uint32_t keys_per_invocation,
                      const radix::DefaultsTable& table = lean_table, gpusort::RadixTuning tuning = {}) {
  constexpr bool pairs = !std::is_void_v<Value>;
  for (const gpusort::DeviceFacts& facts : rankings()) {
    SCOPED_TRACE("emulated subgroup size " + std::to_string(facts.emulated_subgroup_size));
    auto sorter = lean_sorter<Key, Value>(facts, table, tuning);
    const std::size_t tile = sorter->tile_size();
    ASSERT_EQ(tile, 256u * keys_per_invocation) << "the test table's row must give this device its shape";
    // Partial last tiles, a single key, and whole tiles.
    const std::size_t counts[] = {1, tile - 1, tile, 3 * tile + 17, 9 * tile + tile / 2 + 5};
    // Full width; for unsigned keys (the others take only whole keys) a last digit of 4 bits and
    // a range that starts inside a digit.
    const std::uint32_t width = sizeof(Key) * 8;
    std::vector<BitRange> ranges{{}};
    if (std::is_unsigned_v<Key>) ranges.insert(ranges.end(), {BitRange{0, 20}, BitRange{3, width - 5}});
    std::uint32_t seed = 40 + parts;
    for (std::size_t count : counts) {
      for (const BitRange& range : ranges) {
        for (Order order : {Order::ascending, Order::descending}) {
          ++seed;
          const auto keys = make_keys<Key>(Distribution::random, count, seed);
          std::vector<std::uint32_t> values(count);
          std::iota(values.begin(), values.end(), 0u);
          ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, pairs ? &values : nullptr, order, range, seed))
              << "count " << count << " bits [" << range.begin_bit << ", " << range.end_bit << ") "
              << (order == Order::ascending ? "ascending" : "descending");
        }
      }
    }
  }
  EXPECT_TRUE(no_gl_error("sorts in tiles scattered in parts with lean registers"));
}

class RadixLeanTiles : public GlTest {};

TEST_F(RadixLeanTiles, KeysInTwoParts) {
  check_lean_sorts<std::uint32_t, void>(2, 8);
  check_lean_sorts<float, void>(2, 8);
}

TEST_F(RadixLeanTiles, PairsInThreeParts) { check_lean_sorts<std::uint32_t, std::uint32_t>(3, 6); }

TEST_F(RadixLeanTiles, WideKeysInFourParts) { check_lean_sorts<std::uint64_t, void>(4, 4); }

TEST_F(RadixLeanTiles, PairsWithValuesAfterKeys) {
  check_lean_sorts<std::uint32_t, std::uint32_t>(3, 6, staged_table);
  check_lean_sorts<float, std::uint32_t>(3, 6, staged_table);
}

TEST_F(RadixLeanTiles, WideKeysStagedWhole) { check_lean_sorts<std::uint64_t, void>(2, 4, staged_table); }

TEST_F(RadixLeanTiles, WidePairsStagedWholeWithValuesAfterKeys) {
  check_lean_sorts<std::uint64_t, std::uint32_t>(4, 4, staged_table);
  check_lean_sorts<double, std::uint32_t>(4, 4, staged_table);
}

// The downsweep takes tile after tile in one workgroup: each tile's value position must be its
// own (s_value_first is written by the next tile's load only after the scatter's last barrier).
TEST_F(RadixLeanTiles, ValuesAfterKeysOnReduceThenScan) {
  gpusort::RadixTuning tuning;
  tuning.path = gpusort::RadixPath::reduce_then_scan;
  tuning.blocks = 3;  // several tiles a workgroup
  check_lean_sorts<std::uint32_t, std::uint32_t>(3, 6, staged_table, tuning);
  check_lean_sorts<std::uint64_t, std::uint32_t>(4, 4, staged_table, tuning);
}

// sort_indices(): the first pass's values are the positions themselves, loaded after the keys.
TEST_F(RadixLeanTiles, IndicesWithValuesAfterKeys) {
  auto sorter = lean_sorter<std::uint32_t, std::uint32_t>(test_device_facts(), staged_table);
  const std::size_t count = 5 * sorter->tile_size() + 77;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, count, 7);
  GlBuffer key_buffer(to_bytes(keys)), index_buffer(Bytes(count * 4, 0));
  sorter->sort_indices(key_buffer.name(), index_buffer.name(), count);
  ASSERT_TRUE(no_gl_error("sort_indices with values after keys"));
  std::vector<std::uint32_t> want_values(count);
  std::iota(want_values.begin(), want_values.end(), 0u);
  std::vector<std::uint32_t> want = keys;
  radix_oracle(want, &want_values, Order::ascending, {});
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(key_buffer.read(), 0, count), want, "keys"));
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(index_buffer.read(), 0, count), want_values, "indices"));
}

// The config the table's rows resolve to: each tile needs only a part's scatter words.
TEST(RadixLeanTilesConfig, AreaIsAPartOfTheTile) {
  gpusort::detail::DeviceLimits d = fake_gpu_limits(49152, 1024, 32, 132, 16, true);
  d.ballot_subgroup_size = 32;
  radix::TestHooks saved = radix::test_hooks();
  radix::test_hooks().defaults = &lean_table;
  const radix::Config keys = radix::resolve_tuning({}, d, 4, false);
  radix::test_hooks() = saved;
  EXPECT_EQ(keys.tile_size, 2048u);
  EXPECT_EQ(keys.scatter_parts, 2u);
  EXPECT_TRUE(keys.lean_registers);
  // Half the tile, or the ballots' counters (8 subgroups x 128 words) and 3 x 256 words.
  EXPECT_EQ(keys.area_words, std::max(1024u, 8u * 128 + 3 * 256));
}

// Whole 64-bit keys take two words a key of a part; values after keys take one word more.
TEST(RadixLeanTilesConfig, StagedRowsPlanTheirWords) {
  gpusort::detail::DeviceLimits d = fake_gpu_limits(49152, 1024, 32, 132, 16, true);
  d.ballot_subgroup_size = 32;
  radix::TestHooks saved = radix::test_hooks();
  radix::test_hooks().defaults = &staged_table;
  const radix::Config wide = radix::resolve_tuning({}, d, 8, false);
  const radix::Config wide_pairs = radix::resolve_tuning({}, d, 8, true);
  const radix::Config pairs = radix::resolve_tuning({}, d, 4, true);
  const radix::Config keys = radix::resolve_tuning({}, d, 4, false);
  radix::test_hooks() = saved;
  EXPECT_TRUE(wide.whole_key_staging);
  EXPECT_FALSE(wide.values_after_keys);
  EXPECT_EQ(wide.area_words, std::max(2u * 1024 / 2, 8u * 128 + 3 * 256));
  EXPECT_EQ(wide.shared_bytes, 4u * (wide.area_words + 2 * 256));
  EXPECT_TRUE(wide_pairs.whole_key_staging);
  EXPECT_TRUE(wide_pairs.values_after_keys);
  EXPECT_EQ(wide_pairs.shared_bytes, 4u * (wide_pairs.area_words + 2 * 256 + 1));
  EXPECT_TRUE(pairs.values_after_keys);
  EXPECT_FALSE(pairs.whole_key_staging);  // 32-bit keys: never
  EXPECT_FALSE(keys.values_after_keys);   // keys alone: never
}

}  // namespace
}  // namespace gpusort_test
