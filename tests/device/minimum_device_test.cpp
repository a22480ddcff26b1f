// Kernel shapes from the device's limits. DeviceFacts::clamp plans for the OpenGL ES 3.1
// minimums (16 KiB shared, 128 invocations, 4 storage blocks and binding points), and every
// program is checked against those limits after linking, so a kernel that would not fit such a
// device fails here on a large one too. The network sorts every count there; the radix sort
// needs 8 storage blocks and says so; Sorter then runs the network for every count. ctest also
// runs the contract suites in this mode (gpusort_tests.es31_minimums*).

#include "gl_buffer.hpp"
#include "gl_session.hpp"
#include "radix_support.hpp"
#include "sort_checks.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <string>

namespace gpusort_test {
namespace {

using gpusort::DeviceClamp;
using gpusort::Stability;

gpusort::DeviceFacts clamped(DeviceClamp clamp) {
  gpusort::DeviceFacts facts;
  facts.clamp = clamp;
  return facts;
}

class MinimumDevice : public GlTest {};

TEST_F(MinimumDevice, LimitsAreLoweredNeverRaised) {
  const auto real = gpusort::detail::query_device_limits();
  const auto low = gpusort::detail::clamp_device_limits(real, DeviceClamp::es31_minimums);
  EXPECT_EQ(low.max_shared_bytes, std::min<std::uint32_t>(real.max_shared_bytes, 16384));
  EXPECT_EQ(low.max_invocations, std::min<std::uint32_t>(real.max_invocations, 128));
  EXPECT_EQ(low.max_compute_storage_blocks, std::min<std::uint32_t>(real.max_compute_storage_blocks, 4));
  EXPECT_EQ(low.max_storage_bindings, std::min<std::uint32_t>(real.max_storage_bindings, 4));
  const auto eight = gpusort::detail::clamp_device_limits(real, DeviceClamp::es31_minimums_8_storage_blocks);
  EXPECT_EQ(eight.max_compute_storage_blocks, std::min<std::uint32_t>(real.max_compute_storage_blocks, 8));
  EXPECT_GE(real.max_storage_bindings, 4u) << "GL 4.3 and ES 3.1 promise at least 4 (desktop: 8)";
  EXPECT_GE(real.max_compute_storage_blocks, 4u);
}

// A program past the limits it was planned for is refused with the limit's name.
TEST_F(MinimumDevice, ProgramsAreCheckedAgainstTheLimits) {
  auto limits = gpusort::detail::clamp_device_limits(gpusort::detail::query_device_limits(), DeviceClamp::es31_minimums);
  const std::string wide =
      "#version 430 core\nlayout(local_size_x = 256) in;\n"
      "layout(std430, binding = 5) buffer A { uint a[]; };\nvoid main() { a[gl_LocalInvocationIndex] = 1u; }\n";
  gpusort::detail::ProgramSource source{"too_wide", {wide}, &limits};
  const std::string message = gpusort_error_message([&] { gpusort::detail::build_compute_program(source); });
  EXPECT_NE(message.find("GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS"), std::string::npos) << message;
  limits.max_invocations = 1024;
  const std::string binding = gpusort_error_message([&] { gpusort::detail::build_compute_program(source); });
  EXPECT_NE(binding.find("GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS"), std::string::npos) << binding;
  // gpusort's own tile kernel with its 16-byte views forced back on needs 5 blocks for pairs.
  gpusort::BitonicTuning vectors = test_tuning();
  vectors.extra_shader_source = "#undef STORAGE_VECTORS\n#define STORAGE_VECTORS 1";
  const std::string tile = gpusort_error_message([&] {
    gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(vectors, nullptr, clamped(DeviceClamp::es31_minimums));
  });
  EXPECT_NE(tile.find("GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS"), std::string::npos) << tile;
  EXPECT_TRUE(no_gl_error("the refused programs"));
}

// Where the device lacks what the radix kernels need, RadixSorter says which limit, and a
// Sorter runs the network for every count (its stable sorts and sort_indices() included).
TEST_F(MinimumDevice, NoRadixSortBelowEightStorageBlocks) {
  const auto facts = clamped(DeviceClamp::es31_minimums);
  const std::string message = gpusort_error_message([&] { gpusort::RadixSorter<std::uint32_t> radix({}, nullptr, facts); });
  EXPECT_NE(message.find("GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS"), std::string::npos) << message;
  gpusort::Sorter<std::uint32_t, std::uint32_t> sorter(gpusort::SorterTuning{}, nullptr, facts);
  EXPECT_NE(sorter.radix_unavailable().find("GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS"), std::string::npos);
  for (std::size_t count : {std::size_t{0}, std::size_t{1} << 20, sorter.max_count()}) {
    for (Stability stability : {Stability::unstable, Stability::stable}) {
      EXPECT_EQ(sorter.algorithm_for(count, stability), gpusort::Algorithm::bitonic) << count;
    }
  }
  EXPECT_EQ(sorter.max_count(), sorter.bitonic().max_count());
  EXPECT_THROW(sorter.radix(), gpusort::Error);
  EXPECT_EQ(sorter.device_facts().clamp, DeviceClamp::es31_minimums);
}

// The network at the minimums: tiles and workgroups from 16 KiB and 128 invocations, and every
// count sorted (many tiles, global passes), unstable, stable and sort_indices() alike.
TEST_F(MinimumDevice, NetworkSortsEveryCount) {
  const auto facts = clamped(DeviceClamp::es31_minimums);
  gpusort::Sorter<float, std::uint32_t> sorter(gpusort::SorterTuning{}, nullptr, facts);
  const gpusort::BitonicTuning& t = sorter.bitonic().tuning();
  EXPECT_LE(t.tile_size / t.local_elements, 128u);
  EXPECT_LE(t.global_group_size, 128u);
  std::mt19937 random(7);
  for (std::size_t count : {std::size_t{2}, std::size_t{127}, std::size_t{2049}, std::size_t{40000}}) {
    std::vector<float> keys(count);
    std::uniform_int_distribution<int> few(0, 50);  // ties, so that stability shows
    for (float& k : keys) k = static_cast<float>(few(random)) - 25.0f;
    std::vector<std::uint32_t> values(count);
    std::iota(values.begin(), values.end(), 0u);
    std::vector<std::uint32_t> order(count);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    std::vector<float> sorted_keys(count);
    for (std::size_t i = 0; i < count; ++i) sorted_keys[i] = keys[order[i]];

    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
    sorter.sort(key_buffer.name(), value_buffer.name(), count, gpusort::Order::ascending, Stability::stable);
    EXPECT_EQ(from_bytes<float>(key_buffer.read(), 0, count), sorted_keys) << count << " stable";
    EXPECT_EQ(from_bytes<std::uint32_t>(value_buffer.read(), 0, count), order) << count << " stable";

    GlBuffer index_keys(to_bytes(keys)), indices(to_bytes(std::vector<std::uint32_t>(count, 0xDEADu)));
    sorter.sort_indices(index_keys.name(), indices.name(), count);
    EXPECT_EQ(from_bytes<std::uint32_t>(indices.read(), 0, count), order) << count << " sort_indices";

    GlBuffer unstable_keys(to_bytes(keys)), unstable_values(to_bytes(values));
    sorter.sort(unstable_keys.name(), unstable_values.name(), count);
    const auto got_keys = from_bytes<float>(unstable_keys.read(), 0, count);
    const auto got_values = from_bytes<std::uint32_t>(unstable_values.read(), 0, count);
    EXPECT_EQ(got_keys, sorted_keys) << count << " unstable";
    bool carried = true;
    for (std::size_t i = 0; i < count; ++i) carried = carried && keys[got_values[i]] == got_keys[i];
    EXPECT_TRUE(carried) << count << ": every value stays with its key";
  }
  EXPECT_TRUE(no_gl_error("the minimum-device sorts"));
}

// With 8 storage blocks the radix sort runs at 128 invocations and 16 KiB: 7-bit digits (a
// workgroup scans one digit an invocation), tiles that fit the shared memory.
TEST_F(MinimumDevice, RadixAtEightStorageBlocks) {
  const auto facts = clamped(DeviceClamp::es31_minimums_8_storage_blocks);
  gpusort::RadixSorter<std::uint64_t, std::uint32_t> radix(radix_test_tuning(), nullptr, facts);
  EXPECT_EQ(radix.tuning().digit_bits, 7u);
  EXPECT_LE(radix.tuning().workgroup_size, 128u);
  std::vector<std::uint64_t> keys(20000);
  std::mt19937_64 random(3);
  for (auto& k : keys) k = random() >> (random() % 64);
  std::vector<std::uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  std::vector<std::uint32_t> order = values;
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
  auto sorted_keys = keys;
  std::stable_sort(sorted_keys.begin(), sorted_keys.end());
  radix.sort(keys, values);
  EXPECT_EQ(keys, sorted_keys);
  EXPECT_EQ(values, order);
  gpusort::Sorter<std::uint32_t> sorter(gpusort::SorterTuning{}, nullptr, facts);
  EXPECT_EQ(sorter.radix_unavailable(), "");
  EXPECT_TRUE(no_gl_error("the 8-block radix sort"));
}

}  // namespace
}  // namespace gpusort_test
