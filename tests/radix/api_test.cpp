// RadixSorter's contract beyond results: every error (its message, the caller's data
// untouched, no GL error), the GL state restored, reserve() allocating everything up front,
// many sorters side by side, dispatches split over y, and the tuning it resolves.

#include <gmock/gmock.h>

#include <functional>
#include <limits>

#include "caller_state.hpp"
#include "fake_device_limits.hpp"
#include "live_objects.hpp"
#include "radix_support.hpp"

namespace gpusort_test {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using gpusort::Order;

class RadixApiErrors : public GlTest {};

TEST_F(RadixApiErrors, NoCurrentContext) {
  auto& sorter = radix_sorter<std::uint32_t>();
  const auto keys = sample_keys(300);
  GlBuffer buffer(to_bytes(keys));
  auto& context = gl_context();
  context.release_current();
  const std::string construct = error_from([] { gpusort::RadixSorter<float> sorter; });
  const std::string sort = error_from([&] { sorter.sort(buffer.name(), keys.size()); });
  auto host = keys;
  const std::string host_sort = error_from([&] { sorter.sort(host); });
  const std::string reserve = error_from([&] { sorter.reserve(100); });
  context.make_current();
  for (const std::string& message : {construct, sort, host_sort, reserve})
    EXPECT_THAT(message, AllOf(HasSubstr("current"), HasSubstr("context")));
  EXPECT_EQ(from_bytes<std::uint32_t>(buffer.read(), 0, keys.size()), keys);
  EXPECT_EQ(host, keys);
  EXPECT_TRUE(no_gl_error("sorts without a context"));
}

TEST_F(RadixApiErrors, BadBuffers) {
  auto& sorter = radix_sorter<std::uint32_t>();
  auto& pairs = radix_sorter<std::uint32_t, std::uint32_t>();
  const auto keys = sample_keys(100);
  GlBuffer small(to_bytes(keys));
  GlBuffer large(to_bytes(sample_keys(200)));
  const Bytes small_before = small.read(), large_before = large.read();
  EXPECT_THAT(error_from([&] { sorter.sort(987654, 10); }), AllOf(HasSubstr("keys buffer 987654"), HasSubstr("not a buffer")));
  EXPECT_THAT(error_from([&] { sorter.sort(0, 10); }), HasSubstr("not a buffer"));
  EXPECT_THAT(error_from([&] { sorter.sort(small.name(), 101); }), HasSubstr("too small"));
  EXPECT_THAT(error_from([&] { sorter.sort_range(small.name(), 50, 51); }), HasSubstr("too small"));
  EXPECT_THAT(error_from([&] { pairs.sort(large.name(), small.name(), 150); }),
              AllOf(HasSubstr("values buffer"), HasSubstr("too small")));
  EXPECT_THAT(error_from([&] { pairs.sort(small.name(), large.name(), 150); }),
              AllOf(HasSubstr("keys buffer"), HasSubstr("too small")));
  EXPECT_THAT(error_from([&] { pairs.sort(small.name(), small.name(), 50); }), HasSubstr("same buffer"));
  EXPECT_THAT(error_from([&] { pairs.sort_indices(small.name(), small.name(), 50); }),
              AllOf(HasSubstr("indices"), HasSubstr("same buffer")));
  // Mapped without GL_MAP_PERSISTENT_BIT.
  GLint previous = 0;
  glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &previous);
  glBindBuffer(GL_COPY_WRITE_BUFFER, small.name());
  ASSERT_NE(glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 64, GL_MAP_READ_BIT), nullptr);
  EXPECT_THAT(error_from([&] { sorter.sort(small.name(), 100); }), HasSubstr("mapped"));
  glBindBuffer(GL_COPY_WRITE_BUFFER, small.name());
  glUnmapBuffer(GL_COPY_WRITE_BUFFER);
  glBindBuffer(GL_COPY_WRITE_BUFFER, static_cast<GLuint>(previous));
  EXPECT_EQ(small.read(), small_before);
  EXPECT_EQ(large.read(), large_before);
  EXPECT_TRUE(no_gl_error("refused sorts"));
}

TEST_F(RadixApiErrors, CountsThatOverflowOrExceedTheLimits) {
  auto& sorter = radix_sorter<std::uint32_t>();
  auto& pairs = radix_sorter<std::uint32_t, std::uint32_t>();
  const auto keys = sample_keys(16);
  GlBuffer tiny(to_bytes(keys));
  GlBuffer tiny_values(to_bytes(keys));
  const Bytes before = tiny.read();
  const std::size_t huge = std::numeric_limits<std::size_t>::max();
  EXPECT_THAT(error_from([&] { sorter.sort(tiny.name(), sorter.max_count() + 1); }), HasSubstr("exceeds"));
  EXPECT_THAT(error_from([&] { sorter.sort(tiny.name(), huge); }), HasSubstr("exceeds"));
  EXPECT_THAT(error_from([&] { pairs.sort(tiny.name(), tiny_values.name(), huge); }), HasSubstr("exceeds"));
  EXPECT_THAT(error_from([&] { sorter.sort_range(tiny.name(), huge - 1, 5); }), HasSubstr("cannot be bound"));
  EXPECT_THAT(error_from([&] { sorter.sort_range(tiny.name(), huge / 4, 2); }), HasSubstr("cannot be bound"));
  EXPECT_THAT(error_from([&] { sorter.reserve(huge); }), HasSubstr("exceeds"));
  auto host = keys;
  std::vector<std::uint32_t> values(15);
  EXPECT_THAT(error_from([&] { pairs.sort(host, values); }), AllOf(HasSubstr("16"), HasSubstr("15")));
  EXPECT_EQ(host, keys);
  EXPECT_EQ(tiny.read(), before);
  EXPECT_EQ(tiny_values.read(), before);
  EXPECT_TRUE(no_gl_error("refused counts"));
}

TEST_F(RadixApiErrors, IndirectCounts) {
  auto& sorter = radix_sorter<std::uint32_t>();
  const auto keys = sample_keys(100);
  GlBuffer buffer(concat(to_bytes(keys), Bytes(16, 0)));
  GlBuffer counts(Bytes(16, 0));
  const Bytes before = buffer.read();
  EXPECT_THAT(error_from([&] { sorter.sort_indirect(buffer.name(), counts.name(), 2, 100); }), HasSubstr("multiple of 4"));
  EXPECT_THAT(error_from([&] { sorter.sort_indirect(buffer.name(), counts.name(), 16, 100); }), HasSubstr("too small"));
  EXPECT_THAT(error_from([&] { sorter.sort_indirect(buffer.name(), counts.name(), std::numeric_limits<std::size_t>::max() - 3, 100); }),
              HasSubstr("too small"));
  EXPECT_THAT(error_from([&] { sorter.sort_indirect(buffer.name(), buffer.name(), 396, 100); }), HasSubstr("inside"));
  EXPECT_THAT(error_from([&] { sorter.sort_indirect(buffer.name(), counts.name(), 0, 105); }), HasSubstr("too small"));
  EXPECT_THAT(error_from([&] { sorter.sort_indirect(buffer.name(), 987654, 0, 100); }), HasSubstr("count buffer"));
  EXPECT_EQ(buffer.read(), before);
  EXPECT_TRUE(no_gl_error("refused indirect sorts"));
  // The count right after the keys in the same buffer is fine.
  GpuCountWriter writer;
  writer.write(buffer.name(), 400, 60);
  sorter.sort_indirect(buffer.name(), buffer.name(), 400, 100);
  auto want = std::vector<std::uint32_t>(keys.begin(), keys.begin() + 60);
  radix_oracle(want, nullptr, Order::ascending);
  want.insert(want.end(), keys.begin() + 60, keys.end());
  EXPECT_EQ(from_bytes<std::uint32_t>(buffer.read(), 0, 100), want);
}

TEST_F(RadixApiErrors, TuningsTheDeviceCannotRun) {
  const auto refused = [](auto change, const char* expected) {
    gpusort::RadixTuning tuning;
    change(tuning);
    EXPECT_THAT(error_from([&] { gpusort::RadixSorter<std::uint32_t> sorter(tuning); }),
                AllOf(HasSubstr("RadixTuning"), HasSubstr(expected)));
  };
  refused([](gpusort::RadixTuning& t) { t.digit_bits = 3; }, "digit_bits");
  refused([](gpusort::RadixTuning& t) { t.digit_bits = 9; }, "digit_bits");
  refused([](gpusort::RadixTuning& t) { t.workgroup_size = 48; }, "multiple of 32");
  refused([](gpusort::RadixTuning& t) { t.workgroup_size = 4096; }, "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS");
  refused([](gpusort::RadixTuning& t) { t.keys_per_invocation = 33; }, "1 .. 32");
  refused([](gpusort::RadixTuning& t) { t.workgroup_size = 1024, t.keys_per_invocation = 32; }, "32768");
  refused([](gpusort::RadixTuning& t) { t.workgroup_size = 1024, t.keys_per_invocation = 16; }, "shared memory");
  refused([](gpusort::RadixTuning& t) { t.histogram_keys = 1000; }, "histogram_keys");
  refused([](gpusort::RadixTuning& t) { t.max_workgroups_x = 0xFFFFFFFFu; }, "max_workgroups_x");
  gpusort::RadixTuning broken;
  broken.extra_shader_source = "#error broken on purpose";
  EXPECT_THAT(error_from([&] { gpusort::RadixSorter<std::uint32_t> sorter(broken); }), HasSubstr("broken on purpose"));
  EXPECT_TRUE(no_gl_error("refused tunings"));
}

class RadixApiGlState : public GlTest {};

TEST_F(RadixApiGlState, EveryEntryPointRestoresIt) {
  auto& pairs = radix_sorter<float, std::uint32_t>();
  auto& keys_only = radix_sorter<std::uint64_t>();
  const auto keys = make_keys<float>(Distribution::random, 3000, 2);
  const auto wide = make_keys<std::uint64_t>(Distribution::random, 3000, 2);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(make_values(3000, 2))), wide_buffer(to_bytes(wide));
  GlBuffer counts(Bytes(16, 0));
  GpuCountWriter writer;
  writer.write(counts.name(), 4, 2500);
  const std::vector<std::pair<const char*, std::function<void()>>> calls = {
      {"sort pairs", [&] { pairs.sort(key_buffer.name(), value_buffer.name(), 3000); }},
      {"sort 64-bit keys with an odd pass count", [&] { keys_only.sort(wide_buffer.name(), 3000, Order::descending, {4, 28}); }},
      {"sort_range", [&] { pairs.sort_range(key_buffer.name(), value_buffer.name(), 7, 2000); }},
      {"sort_indirect", [&] { pairs.sort_indirect(key_buffer.name(), value_buffer.name(), counts.name(), 4, 3000); }},
      {"sort_indices", [&] { pairs.sort_indices(key_buffer.name(), value_buffer.name(), 3000); }},
      {"host sort", [&] { auto k = keys; auto v = make_values(3000, 1); pairs.sort(k, v); }},
      {"reserve", [&] { keys_only.reserve(5000); }},
      {"refused sort", [&] { gpusort_error_message([&] { pairs.sort(key_buffer.name(), 0, 3000); }); }},
  };
  for (const auto& [what, call] : calls) {
    SCOPED_TRACE(what);
    CallerBindings bindings;
    const CallerState before = CallerState::take();
    call();
    EXPECT_TRUE(same_state(before, CallerState::take()));
    EXPECT_TRUE(no_gl_error(what));
  }
}

class RadixApiReserve : public GlTest {};

TEST_F(RadixApiReserve, SortsUpToTheCapacityAllocateNothing) {
  const std::size_t capacity = 40000;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, capacity, 6);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(make_values(capacity, 6)));
  GlBuffer counts(Bytes(16, 0));
  GpuCountWriter writer;
  writer.write(counts.name(), 0, 39000);
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> sorter(radix_test_tuning());
  const auto sorts = [&] {
    sorter.sort(key_buffer.name(), value_buffer.name(), capacity, Order::descending);
    sorter.sort(key_buffer.name(), value_buffer.name(), 777, Order::ascending, {0, 24});  // an odd pass count
    sorter.sort_range(key_buffer.name(), value_buffer.name(), 3, capacity - 3);
    sorter.sort_indirect(key_buffer.name(), value_buffer.name(), counts.name(), 0, capacity);
    sorter.sort_indices(key_buffer.name(), value_buffer.name(), capacity);
    for (std::size_t count = 1; count < capacity; count = count * 3 + 1)
      sorter.sort(key_buffer.name(), value_buffer.name(), count);
  };
  // Without reserve() the first sorts allocate (so the probe sees allocations).
  auto before = live_buffers();
  sorter.sort(key_buffer.name(), value_buffer.name(), 1000);
  EXPECT_FALSE(no_buffer_allocated(before, live_buffers())) << "the probe saw no allocation";
  sorter.reserve(capacity);
  before = live_buffers();
  sorts();
  EXPECT_TRUE(no_buffer_allocated(before, live_buffers())) << "a sort after reserve() allocated or grew a buffer";
  EXPECT_TRUE(no_gl_error("sorts after reserve()"));
}

class RadixApiSorters : public GlTest {};

TEST_F(RadixApiSorters, ManySortersSideBySideAndMoved) {
  // Three more beside the process's default ones: 4, 5 and 7 bits a pass (8 passes; 7 and 5,
  // each then copied back), 1 .. 3 keys per invocation.
  std::vector<gpusort::RadixSorter<std::uint32_t, std::uint32_t>> sorters;
  for (std::uint32_t bits : {4u, 5u, 7u}) {
    gpusort::RadixTuning tuning = radix_test_tuning();
    tuning.keys_per_invocation = bits - 4 + (bits == 4 ? 1 : 0);
    tuning.digit_bits = bits;
    sorters.emplace_back(tuning);
  }
  auto& default_pairs = radix_sorter<std::uint32_t, std::uint32_t>();
  auto& default_floats = radix_sorter<float>();
  for (int round = 0; round < 2; ++round) {
    const Order order = round == 0 ? Order::ascending : Order::descending;
    for (std::size_t i = 0; i < sorters.size(); ++i) {
      const std::size_t count = 1000 + 997 * i + 13 * static_cast<std::size_t>(round);
      SCOPED_TRACE("sorter " + std::to_string(i) + " digit_bits " + std::to_string(sorters[i].tuning().digit_bits));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, static_cast<std::uint32_t>(i));
      const auto values = make_values(count, static_cast<std::uint32_t>(i));
      ASSERT_TRUE(radix_buffer_sort_ok(sorters[i], keys, &values, order));
      ASSERT_TRUE(radix_buffer_sort_ok(default_pairs, keys, &values, order));
      ASSERT_TRUE(radix_buffer_sort_ok(default_floats, make_keys<float>(Distribution::random, count, 1), nullptr, order));
    }
  }
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> moved(std::move(sorters.front()));
  sorters.clear();
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 5000, 3);
  const auto values = make_values(5000, 3);
  EXPECT_TRUE(radix_buffer_sort_ok(moved, keys, &values, Order::descending));
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> assigned(radix_test_tuning());
  assigned = std::move(moved);
  EXPECT_TRUE(radix_buffer_sort_ok(assigned, keys, &values, Order::ascending));
}

// Tiny tiles and a cap on workgroups per dimension: every dispatch splits over y (with a
// ragged last row), and above 4096 blocks the scan takes a workgroup per digit.
class RadixApiDispatch : public GlTest {};

TEST_F(RadixApiDispatch, SplitDispatchesStillSort) {
  const gpusort::RadixTuning tuning = split_dispatch_tuning(radix_test_tuning());
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> pairs(tuning);
  gpusort::RadixSorter<std::int64_t> wide(tuning);
  ASSERT_NO_FATAL_FAILURE(check_split_dispatch_pairs(
      pairs, "split dispatch", {std::size_t{33}, std::size_t{7 * 32 + 5}, std::size_t{3001}}, 2, 1,
      [&](std::size_t count, Order order) {
        return radix_buffer_sort_ok(wide, make_keys<std::int64_t>(Distribution::random, count, 2), nullptr, order);
      }));
  const std::size_t many_blocks = 4097 * 32 + 3;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, many_blocks, 4);
  const auto values = make_values(many_blocks, 4);
  EXPECT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, Order::ascending));
}

class RadixApiObserver : public GlTest {};

// The pass observer sees every dispatch, in order, before and after, with the bytes it moves.
TEST_F(RadixApiObserver, SeesEveryDispatchWithItsBytes) {
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> sorter(radix_test_tuning());
  const std::size_t n = 5000;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, n, 12);
  const auto values = make_values(n, 12);
  std::vector<gpusort::RadixPassInfo> seen;
  sorter.set_pass_observer([&](const gpusort::RadixPassInfo& info) { seen.push_back(info); });
  EXPECT_TRUE(radix_buffer_sort_ok(sorter, keys, &values, Order::ascending));
  const bool onesweep = sorter.tuning().path == gpusort::RadixPath::onesweep;
  using K = gpusort::RadixKernel;
  std::vector<K> want = {K::init};
  if (onesweep) want.push_back(K::histogram);
  for (int pass = 0; pass < 4; ++pass) {
    if (onesweep) {
      want.push_back(K::onesweep);
    } else {
      want.insert(want.end(), {K::upsweep, K::scan, K::downsweep});
    }
  }
  ASSERT_EQ(seen.size(), 2 * want.size());
  std::uint32_t digit_pass = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const gpusort::RadixPassInfo& before = seen[2 * i];
    const gpusort::RadixPassInfo& after = seen[2 * i + 1];
    EXPECT_EQ(before.kernel, want[i]) << i;
    EXPECT_EQ(after.kernel, want[i]) << i;
    EXPECT_FALSE(before.after);
    EXPECT_TRUE(after.after);
    if (want[i] == K::onesweep || want[i] == K::downsweep) {
      EXPECT_EQ(before.digit_pass, digit_pass++);
      EXPECT_EQ(before.bytes, n * (4 + 4) * 2) << "keys and values, read and written";
    } else if (want[i] == K::histogram || want[i] == K::upsweep) {
      EXPECT_EQ(before.bytes, n * 4) << "keys read";
    } else {
      EXPECT_EQ(before.bytes, 0u);
    }
  }
  seen.clear();
  sorter.set_pass_observer(nullptr);
  EXPECT_TRUE(radix_buffer_sort_ok(sorter, keys, &values, Order::descending));
  EXPECT_TRUE(seen.empty());
}

// plan() counts what a sort dispatches: whatever the count and the bit range, the observer sees
// plan().dispatches dispatches (none below 2 elements), and the digit passes the range takes.
TEST_F(RadixApiObserver, PlanCountsWhatASortDispatches) {
  gpusort::RadixSorter<std::uint32_t> sorter(radix_test_tuning());
  std::size_t dispatched = 0;
  sorter.set_pass_observer([&](const gpusort::RadixPassInfo& info) { dispatched += info.after ? 1 : 0; });
  const std::uint32_t digit_bits = sorter.tuning().digit_bits;
  for (gpusort::BitRange bits : {gpusort::BitRange{}, gpusort::BitRange{0, 8}, gpusort::BitRange{4, 28}}) {
    for (std::size_t count : {std::size_t{1}, std::size_t{2}, std::size_t{5000}}) {
      SCOPED_TRACE("BitRange{" + std::to_string(bits.begin_bit) + ", " + std::to_string(bits.end_bit) + "}, count " +
                   std::to_string(count));
      const gpusort::RadixPlan plan = sorter.plan(count, bits);
      dispatched = 0;
      EXPECT_TRUE(radix_buffer_sort_ok(sorter, make_keys<std::uint32_t>(Distribution::random, count, 13), nullptr,
                                       Order::ascending, bits));
      EXPECT_EQ(dispatched, plan.dispatches);
      const std::uint32_t end = bits.end_bit == 0 ? 32 : bits.end_bit;
      const std::size_t digit_passes = count < 2 ? 0 : (end - bits.begin_bit + digit_bits - 1) / digit_bits;
      EXPECT_EQ(plan.digit_passes, digit_passes);
      EXPECT_EQ(plan.memory_passes, digit_passes + digit_passes % 2) << "a copy back after an odd number";
    }
  }
  EXPECT_THAT(gpusort_error_message([&] { sorter.plan(100, gpusort::BitRange{9, 8}); }), HasSubstr("BitRange{9, 8}"));
  EXPECT_THAT(gpusort_error_message([&] { sorter.plan(sorter.max_count() + 1); }), HasSubstr("exceeds"));
}

class RadixApiTuning : public GlTest {};

TEST_F(RadixApiTuning, ResolvedForThisDevice) {
  const auto limits = gpusort::detail::query_device_limits();
  const gpusort::RadixTuning& t = radix_sorter<std::uint32_t>().tuning();
  EXPECT_EQ(t.digit_bits, 8u);
  EXPECT_EQ(t.workgroup_size, limits.software ? 256u : 512u);
  EXPECT_EQ(radix_sorter<std::uint32_t>().tile_size(), std::size_t{t.workgroup_size} * t.keys_per_invocation);
  EXPECT_EQ(t.max_workgroups_x, limits.max_groups_x);
  EXPECT_EQ(t.path, gpusort::RadixPath::onesweep) << "the single pass needs no forward-progress promise";
  if (limits.software) {
    EXPECT_EQ(t.use_subgroups, test_subgroup_size() != 0 && !subgroups_forced_off())
        << "llvmpipe has no GL_KHR_shader_subgroup: ballots only where GPUSORT_TEST_SUBGROUP_SIZE emulates them";
    EXPECT_EQ(t.keys_per_invocation, 4u);
  }
  EXPECT_GE(radix_sorter<std::uint32_t>().max_count(), std::size_t{1} << 20);
}

// The tile shapes each key layout takes on a device like the measured ones (no GL: the
// resolution is a pure function of the limits), and that the per-layout shapes stay NVIDIA's.
TEST(RadixTileShapes, PerKeyLayoutWhereMeasured) {
  const auto limits = [](const char* vendor, std::uint32_t invocations) {
    gpusort::detail::DeviceLimits d = fake_gpu_limits(49152, invocations, 32, 132);
    d.vendor = vendor;
    return d;
  };
  const auto shape = [](const gpusort::detail::DeviceLimits& d, std::uint32_t key_bytes, bool values) {
    const gpusort::RadixTuning t = gpusort::detail::radix::resolve_tuning({}, d, key_bytes, values).tuning;
    return std::to_string(t.workgroup_size) + "x" + std::to_string(t.keys_per_invocation);
  };
  const auto nvidia = limits("NVIDIA Corporation", 1024);
  EXPECT_EQ(shape(nvidia, 4, false), "512x8");
  EXPECT_EQ(shape(nvidia, 4, true), "1024x4");
  EXPECT_EQ(shape(nvidia, 8, false), "512x9");
  EXPECT_EQ(shape(nvidia, 8, true), "512x8");
  EXPECT_EQ(shape(limits("NVIDIA Corporation", 512), 4, true), "512x8");
  for (const char* other : {"AMD", "Intel", "Qualcomm"}) {
    SCOPED_TRACE(other);
    for (std::uint32_t key_bytes : {4u, 8u})
      for (bool values : {false, true}) EXPECT_EQ(shape(limits(other, 1024), key_bytes, values), "512x8");
  }
}

}  // namespace
}  // namespace gpusort_test
