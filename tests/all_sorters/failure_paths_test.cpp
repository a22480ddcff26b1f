// Paths a driver takes rarely, reached through the faults a test may inject on its thread
// (gpusort::detail::gl_faults(), detail/gl/counters.hpp), on all three classes:
// - a host overload whose values cannot be mapped back leaves both vectors as they were (the
//   keys were once written back before the values were mapped);
// - the caller's pending GL errors stay pending on every path where gpusort's own call raised
//   none; where the driver refused a call, the Error names every code taken with its own;
// - scratch given back while sorts may still run on the GPU is kept until a fence made then has
//   passed: with the fences held unsignalled, release_scratch() and use_scratch() delete no
//   buffer, and the next call after they pass deletes them.

#include <gmock/gmock.h>

#include <map>
#include <string>
#include <vector>

#include "contract_support.hpp"
#include "gl_debug_output.hpp"
#include "live_objects.hpp"
#include "scratch_arena.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;
using ::testing::AllOf;
using ::testing::HasSubstr;

// Resets the injected faults however the test ends.
struct Faults {
  Faults() = default;
  Faults(const Faults&) = delete;
  Faults& operator=(const Faults&) = delete;
  ~Faults() { gpusort::detail::gl_faults() = gpusort::detail::GlFaults{}; }
  gpusort::detail::GlFaults& operator*() { return gpusort::detail::gl_faults(); }
  gpusort::detail::GlFaults* operator->() { return &gpusort::detail::gl_faults(); }
};

// GL_INVALID_ENUM, as a caller's mistake leaves it pending; kept out of the debug output that
// GPUSORT_TEST_GL_DEBUG=1 turns into failures.
void raise_callers_error() {
  const bool debug = gl_debug_requested() && glIsEnabled(GL_DEBUG_OUTPUT) == GL_TRUE;
  if (debug) glDisable(GL_DEBUG_OUTPUT);
  GLint ignored = 0;
  glGetIntegerv(0x7FFFFFFF, &ignored);  // not a GL enum
  if (debug) glEnable(GL_DEBUG_OUTPUT);
}

template <class Case>
class FailurePaths : public GlTest {};
TYPED_TEST_SUITE(FailurePaths, OverEveryFamily<float>, ContractNames);

TYPED_TEST(FailurePaths, HostOverloadThatCannotReadBackChangesNeitherVector) {
  constexpr Family F = TypeParam::family;
  auto& sorter = contract_sorter<F, float, std::uint32_t>();
  const std::size_t count = contract_crossover + 300;
  const auto keys = make_keys<float>(Distribution::random, count, 61);
  const auto values = make_values(count, 61);
  // 0: the keys' map fails; 1: the keys read back, the values' map fails.
  for (int maps_before_failure : {0, 1}) {
    SCOPED_TRACE("maps before the failure: " + std::to_string(maps_before_failure));
    auto host_keys = keys;
    auto host_values = values;
    {
      Faults faults;
      faults->maps_before_failure = maps_before_failure;
      EXPECT_THAT(error_from([&] { sorter.sort(host_keys, host_values); }), HasSubstr("glMapBufferRange"));
    }
    EXPECT_TRUE(no_gl_error("a host sort whose read-back failed"));
    EXPECT_TRUE(same_bits(host_keys, keys, "keys after a failed host sort"));
    EXPECT_TRUE(same_bits(host_values, values, "values after a failed host sort"));
  }
  auto host_keys = keys;
  auto host_values = values;
  sorter.sort(host_keys, host_values);
  EXPECT_TRUE(pairs_ok(keys, values, host_keys, host_values, Order::ascending,
                       pair_expectation<F>(sorter, count, Stability::unstable)));
}

TYPED_TEST(FailurePaths, CallersPendingErrorStaysUnlessARefusalTakesItAndSaysSo) {
  constexpr Family F = TypeParam::family;
  auto& sorter = contract_sorter<F, float, std::uint32_t>();
  const std::size_t count = 700;
  const auto keys = make_keys<float>(Distribution::random, count, 62);
  const auto values = make_values(count, 62);
  {
    SCOPED_TRACE("a sort that succeeds");
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
    raise_callers_error();
    sorter.sort(key_buffer.name(), value_buffer.name(), count);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM)) << "the caller's error was taken";
    EXPECT_TRUE(no_gl_error("after the caller's error"));
  }
  {
    SCOPED_TRACE("a host sort whose read-back the driver refused");
    auto host_keys = keys;
    auto host_values = values;
    Faults faults;
    faults->maps_before_failure = 0;
    raise_callers_error();
    EXPECT_THAT(error_from([&] { sorter.sort(host_keys, host_values); }),
                AllOf(HasSubstr("glMapBufferRange"), HasSubstr("GL errors taken: 0x0500")));
    EXPECT_TRUE(no_gl_error("after the refusal"));
  }
}

// With the fences held unsignalled (as on a GPU still running the sorts queued before), the
// buffers a sorter gives back stay alive; once the fences pass, the next call deletes them. The
// test makes and deletes no buffer of its own in between, since NVIDIA hands deleted names out
// again.
TYPED_TEST(FailurePaths, ScratchGivenBackWhileSortsMayRunStaysUntilTheirFencePasses) {
  constexpr Family F = TypeParam::family;
  const std::size_t count = contract_crossover + 300;
  const auto keys = make_keys<float>(Distribution::random, count, 63);
  const auto values = make_values(count, 63);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
  const std::size_t range_bytes = contract_sorter<F, float, std::uint32_t>().scratch_bytes(count, Stability::stable);
  ScratchArena arena(range_bytes);
  SorterType<F, float, std::uint32_t> sorter(contract_tuning<F>(), nullptr, test_device_facts());
  const std::map<GLuint, GLint64> built = live_buffers();  // the constructor's own buffers stay
  const auto sort_once = [&] {
    key_buffer.write(0, keys.data(), count * sizeof(float));
    value_buffer.write(0, values.data(), count * sizeof(std::uint32_t));
    sorter.sort(key_buffer.name(), value_buffer.name(), count, Order::ascending, Stability::stable);
    EXPECT_TRUE(pairs_ok(keys, values, from_bytes<float>(key_buffer.read(), 0, count),
                         from_bytes<std::uint32_t>(value_buffer.read(), 0, count), Order::ascending, Expect::stable));
  };
  sort_once();  // the sorter's own scratch, allocated
  const std::map<GLuint, GLint64> with_scratch = live_buffers();
  Faults faults;
  faults->fences_unsignalled = true;
  sorter.release_scratch();
  EXPECT_EQ(live_buffers(), with_scratch) << "release_scratch() deleted scratch that a queued sort may use";
  sort_once();  // new scratch; the old still held
  const std::map<GLuint, GLint64> both = live_buffers();
  EXPECT_GT(both.size(), with_scratch.size()) << "the second sort allocated no scratch of its own";
  sorter.use_scratch(arena.buffer.name(), arena.offset, range_bytes);
  EXPECT_EQ(live_buffers(), both) << "use_scratch() deleted scratch that a queued sort may use";
  sort_once();  // in the caller's range
  faults->fences_unsignalled = false;
  glFinish();  // every fence has passed now (a sort never waits for one itself)
  sort_once();  // the next call deletes every retired buffer
  const std::map<GLuint, GLint64> after = live_buffers();
  for (const auto& [name, size] : both) {
    if (built.count(name) == 0) {
      EXPECT_EQ(after.count(name), std::size_t{0}) << "retired buffer " << name << " stayed";
    }
  }
  EXPECT_TRUE(arena.guards_intact());
  EXPECT_TRUE(no_gl_error("scratch given back and retired"));
}

}  // namespace
}  // namespace gpusort_test
