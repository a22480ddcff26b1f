// A tile shape per size: a defaults row with a size threshold (detail/radix/defaults.hpp
// Defaults::min_count) gives sorts of at least that many elements its shape, and one sorter
// runs both. The table's own rows are checked without GL for the devices they are for (NVIDIA's
// 32-bit keys: 512 x 8 below, 512 x 16 in halves with lean registers from the threshold); the machinery runs on this device
// with a test table (test_hooks().defaults) whose threshold row is for it: the plan's tile on
// each side, results equal to std::stable_sort's on each side (sort_indirect by its capacity),
// the larger shape's programs built on first use, by prepare() or by reserve() (and then no
// program and no buffer is made by the sorts), and scratch_bytes() exact where a count below
// the threshold, in smaller tiles, needs more tile state than the capacity above it.

#include <gmock/gmock.h>

#include "count_writer.hpp"
#include "radix_support.hpp"
#include "support/error_capture.hpp"
#include "support/fake_device_limits.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
namespace radix = gpusort::detail::radix;
using radix::Defaults;
using radix::Devices;
using radix::Values;

gpusort::detail::DeviceLimits nvidia() {
  gpusort::detail::DeviceLimits d = fake_gpu_limits(49152, 1024, 32, 132, 16, true);
  d.ballot_subgroup_size = 32;
  d.vendor = d.renderer = "NVIDIA Corporation";
  return d;
}

std::vector<radix::SizedConfig> configs_for(const gpusort::detail::DeviceLimits& device, std::uint32_t key_bytes,
                                            bool values, const gpusort::RadixTuning& asked = {}) {
  std::vector<radix::SizedConfig> configs;
  const gpusort::detail::Elements elements{gpusort::detail::GPUSORT_KEY_UNSIGNED, key_bytes, values ? 4u : 0u, "key"};
  gpusort::detail::report(radix::make_configs(asked, device, elements, configs));
  return configs;
}

// NVIDIA's 32-bit keys alone take 512 x 16 tiles from the row's threshold (scattered in halves,
// with lean registers: two workgroups a SM), 512 x 8 below; its
// pairs and 64-bit keys keep one shape, and so does a sorter whose tile shape was asked for.
TEST(RadixShapesBySize, NvidiaRows) {
  const auto keys = configs_for(nvidia(), 4, false);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0].min_count, 0u);
  EXPECT_EQ(keys[0].config.tile_size, 512u * 8);
  EXPECT_EQ(keys[1].min_count, radix::nvidia_keys_large_tiles_from);
  EXPECT_EQ(keys[1].config.tuning.workgroup_size, 512u);
  EXPECT_EQ(keys[1].config.tuning.keys_per_invocation, 16u);
  EXPECT_EQ(keys[1].config.scatter_parts, 2u);
  EXPECT_TRUE(keys[1].config.lean_registers);
  EXPECT_FALSE(keys[0].config.lean_registers);
  EXPECT_LE(2 * keys[1].config.shared_bytes, 49152u);  // two workgroups a SM, as measured
  EXPECT_EQ(configs_for(nvidia(), 4, true).size(), 1u);
  EXPECT_EQ(configs_for(nvidia(), 8, false).size(), 1u);
  gpusort::RadixTuning asked;
  asked.keys_per_invocation = 8;
  EXPECT_EQ(configs_for(nvidia(), 4, false, asked).size(), 1u);
  // A device whose workgroups cannot hold the row's shape keeps one shape.
  gpusort::detail::DeviceLimits small = nvidia();
  small.max_invocations = 256;
  EXPECT_EQ(configs_for(small, 4, false).size(), 1u);
}

// Every row with a threshold is a whole shape whose digit passes are those of the rows below it
// (make_configs() reports a table error otherwise), on every device family and layout.
TEST(RadixShapesBySize, ThresholdRowsKeepTheDigitPasses) {
  for (const Defaults& row : radix::defaults_table) {
    if (row.min_count == 0) continue;
    EXPECT_TRUE(row.whole_shape) << row.source;
  }
  gpusort::detail::DeviceLimits amd = fake_gpu_limits(65536, 1024, 64, 60);
  amd.vendor = amd.renderer = "AMD";
  for (const auto& device : {nvidia(), amd}) {
    for (std::uint32_t key_bytes : {4u, 8u}) {
      for (bool values : {false, true}) {
        std::vector<radix::SizedConfig> configs;
        const gpusort::detail::Elements elements{gpusort::detail::GPUSORT_KEY_UNSIGNED, key_bytes, values ? 4u : 0u, "key"};
        EXPECT_TRUE(radix::make_configs({}, device, elements, configs)) << device.vendor;
      }
    }
  }
}

// The test table: 32-bit keys alone get 256 x 8 tiles on this device from `threshold` elements,
// the device's own shape below (llvmpipe's 256 x 4).
constexpr std::size_t threshold = 3000;
const Defaults test_rows[] = {
    {{Devices::software, 4, Values::none}, threshold, 256, 8, true, 8, 8192, 128, 4096, "test"},
    {{Devices::gpus, 4, Values::none}, threshold, 256, 8, true, 8, 8192, 128, 32, "test"},
    {{Devices::software, 0, Values::either}, 0, 256, 4, false, 8, 8192, 128, 4096, "test"},
    {{Devices::gpus, 0, Values::either}, 0, 256, 4, false, 8, 8192, 128, 32, "test"},
};
const radix::DefaultsTable test_table{test_rows, sizeof(test_rows) / sizeof(test_rows[0])};

// A program cache that keeps nothing and counts the programs sorters build (each asks load()
// first).
class CountingCache : public gpusort::ProgramCache {
 public:
  bool load(const std::string&, std::vector<std::uint8_t>&, std::uint32_t&) override {
    ++builds;
    return false;
  }
  void store(const std::string&, const std::vector<std::uint8_t>&, std::uint32_t) override {}
  int builds = 0;
};

template <class Value = void>
std::unique_ptr<gpusort::RadixSorter<std::uint32_t, Value>> sized_sorter(gpusort::ProgramCache* cache = nullptr) {
  radix::TestHooks saved = radix::test_hooks();
  radix::test_hooks().defaults = &test_table;
  auto sorter = std::make_unique<gpusort::RadixSorter<std::uint32_t, Value>>(radix_test_tuning(), cache,
                                                                            test_device_facts());
  radix::test_hooks() = saved;
  return sorter;
}

class RadixShapesBySizeSorts : public GlTest {};

// The plan's tile on each side of the threshold, and sorts on each side (the larger shape's
// programs built by the first sort that needs them).
TEST_F(RadixShapesBySizeSorts, EachSideOfTheThreshold) {
  CountingCache cache;
  auto sorter = sized_sorter(&cache);
  const std::size_t small_tile = sorter->tile_size();
  ASSERT_EQ(sorter->plan(threshold - 1).tile_size, small_tile);
  ASSERT_EQ(sorter->plan(threshold).tile_size, 256u * 8);
  ASSERT_NE(small_tile, 256u * 8) << "the test table's shapes must differ on this device";
  const int built = cache.builds;
  for (std::size_t count : {threshold - 1, std::size_t{1000}}) {
    const auto keys = make_keys<std::uint32_t>(Distribution::random, count, 3);
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, nullptr, Order::descending, {}, 3)) << count;
  }
  EXPECT_EQ(cache.builds, built) << "the constructor built the smaller shape";
  for (std::size_t count : {threshold, 5 * threshold + 7}) {
    const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, 4);
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, nullptr, Order::ascending, {}, 4)) << count;
  }
  EXPECT_GT(cache.builds, built) << "the larger shape's programs";
  // sort_indirect takes the shape of its capacity, whatever the GPU's count.
  GpuCountWriter writer;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 2 * threshold, 5);
  for (std::uint32_t gpu_count : {std::uint32_t(threshold / 2), std::uint32_t(2 * threshold)})
    ASSERT_TRUE(radix_indirect_ok(*sorter, writer, keys, nullptr, gpu_count, Order::descending)) << gpu_count;
  // Pairs have no threshold row in the test table: one shape.
  auto pairs = sized_sorter<std::uint32_t>();
  EXPECT_EQ(pairs->plan(threshold).tile_size, pairs->tile_size());
  EXPECT_TRUE(no_gl_error("sorts on both sides of a size threshold"));
}

// reserve(capacity) builds every shape a sort up to `capacity` runs and places its scratch;
// prepare(count) builds count's shape: the sorts after them build no program and make no buffer.
TEST_F(RadixShapesBySizeSorts, ReserveAndPrepareBuildBothShapes) {
  const std::size_t capacity = 4 * threshold;
  std::vector<std::vector<std::uint32_t>> inputs;
  for (std::size_t count : {std::size_t{2}, threshold - 1, threshold, capacity})
    inputs.push_back(make_keys<std::uint32_t>(Distribution::random, count, static_cast<std::uint32_t>(count)));
  {
    CountingCache cache;
    auto sorter = sized_sorter(&cache);
    const int constructed = cache.builds;
    sorter->reserve(capacity);
    EXPECT_GT(cache.builds, constructed);
    const int reserved = cache.builds;
    const std::uint64_t allocations = gpusort::detail::buffer_allocation_count();
    for (const auto& keys : inputs) {
      ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, nullptr, Order::ascending)) << keys.size();
      EXPECT_EQ(gpusort::detail::buffer_allocation_count(), allocations) << keys.size();
    }
    EXPECT_EQ(cache.builds, reserved);
  }
  {
    CountingCache cache;
    auto sorter = sized_sorter(&cache);
    sorter->prepare(threshold);
    const int prepared = cache.builds;
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, inputs[2], nullptr, Order::ascending));
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, inputs[1], nullptr, Order::ascending));
    EXPECT_EQ(cache.builds, prepared);
  }
}

// scratch_bytes(threshold): below the threshold, tiles are smaller and a count of threshold - 1
// needs more tile state than one of threshold. A range of exactly scratch_bytes() takes both;
// one byte less refuses the one below, before anything is written.
TEST_F(RadixShapesBySizeSorts, ScratchBytesCoverTheShapeBelow) {
  auto sorter = sized_sorter();
  const std::uint64_t bytes = sorter->scratch_bytes(threshold);
  gpusort::RadixTuning large_everywhere = radix_test_tuning();
  large_everywhere.workgroup_size = 256;
  large_everywhere.keys_per_invocation = 8;
  gpusort::RadixSorter<std::uint32_t> large(large_everywhere, nullptr, test_device_facts());
  ASSERT_GT(bytes, large.scratch_bytes(threshold)) << "the count below the threshold needs more";
  const auto below = make_keys<std::uint32_t>(Distribution::random, threshold - 1, 7);
  const auto at = make_keys<std::uint32_t>(Distribution::random, threshold, 8);
  {
    GlBuffer range(Bytes(bytes, 0));
    sorter->use_scratch(range.name(), 0, bytes);
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, below, nullptr, Order::ascending));
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, at, nullptr, Order::ascending));
  }
  {
    GlBuffer range(Bytes(bytes - 1, 0));
    sorter->use_scratch(range.name(), 0, bytes - 1);
    GlBuffer keys(to_bytes(below));
    const std::string message = gpusort_error_message([&] { sorter->sort(keys.name(), below.size()); });
    EXPECT_THAT(message, ::testing::HasSubstr("needs " + std::to_string(bytes)));
    EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(keys.read(), 0, below.size()), below, "refused keys"));
  }
  sorter->use_scratch(0, 0, 0);
}

}  // namespace
}  // namespace gpusort_test
