// The phase clock of gpusort_radix_probe --phases (bench/lab/radix_phases.hpp): a sorter built
// while a test hook names a buffer (gpusort::detail::radix::test_hooks().phase_clock_buffer, not
// API) runs Onesweep's tile program with GL_ARB_shader_clock stamps (onesweep.comp PHASE_CLOCK).
// Where the context has the extension (llvmpipe's desktop GL does), its sorts must still be
// right, and every sampled partition of every digit pass must leave its seven stamps, in order,
// where the shader interface's GPUSORT_RADIX_PHASE_* say; binding
// GPUSORT_RADIX_BINDING_PHASE_CLOCK is empty again after the sort. Where it has not (ES
// contexts), the hook makes construction fail with a message that names the extension (run here
// with the limits saying so).

#include <gmock/gmock.h>

#include <memory>
#include <string>
#include <vector>

#include "radix_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::detail::GPUSORT_RADIX_BINDING_PHASE_CLOCK;
using gpusort::detail::GPUSORT_RADIX_PHASE_EVERY;
using gpusort::detail::GPUSORT_RADIX_PHASE_STAMPS;
using gpusort::detail::GPUSORT_RADIX_PHASE_VALUE_SCATTER;

// Sorters constructed while one lives stamp their phases into `buffer`.
class PhaseClockHook {
 public:
  explicit PhaseClockHook(GLuint buffer) : saved_(gpusort::detail::radix::test_hooks().phase_clock_buffer) {
    gpusort::detail::radix::test_hooks().phase_clock_buffer = buffer;
  }
  ~PhaseClockHook() { gpusort::detail::radix::test_hooks().phase_clock_buffer = saved_; }
  PhaseClockHook(const PhaseClockHook&) = delete;
  PhaseClockHook& operator=(const PhaseClockHook&) = delete;

 private:
  GLuint saved_;
};

class StampBuffer {
 public:
  StampBuffer() { glGenBuffers(1, &name_); }
  ~StampBuffer() { glDeleteBuffers(1, &name_); }
  StampBuffer(const StampBuffer&) = delete;
  StampBuffer& operator=(const StampBuffer&) = delete;
  GLuint name() const { return name_; }
  void zero(std::size_t words) {
    words_ = words;
    const std::vector<std::uint32_t> zeros(words, 0u);
    glBindBuffer(GL_COPY_WRITE_BUFFER, name_);
    glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(words * 4), zeros.data(), GL_DYNAMIC_READ);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }
  std::vector<std::uint32_t> read() const {
    std::vector<std::uint32_t> words(words_);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_COPY_READ_BUFFER, name_);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(words_ * 4), words.data());
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    return words;
  }

 private:
  GLuint name_ = 0;
  std::size_t words_ = 0;
};

template <class Key, class Value>
void check_phase_clock(const char* layout) {
  SCOPED_TRACE(layout);
  using Sorter = gpusort::RadixSorter<Key, Value>;
  StampBuffer stamps;
  gpusort::RadixTuning tuning;
  tuning.path = gpusort::RadixPath::onesweep;
  std::unique_ptr<Sorter> sorter;
  const bool has_clock = gpusort::detail::query_device_limits().shader_clock;
  try {
    PhaseClockHook hook(stamps.name());
    sorter = std::make_unique<Sorter>(radix_test_tuning(tuning), nullptr, test_device_facts());
    ASSERT_TRUE(has_clock) << "built with the phase clock on a context without GL_ARB_shader_clock";
  } catch (const gpusort::Error& e) {
    ASSERT_FALSE(has_clock) << e.what();
    EXPECT_THAT(e.what(), ::testing::HasSubstr("GL_ARB_shader_clock"));
    return;
  }
  // Two samples a pass: partitions 0 and 64, the second a partial tile.
  const std::size_t tile = sorter->tile_size();
  const std::size_t count = GPUSORT_RADIX_PHASE_EVERY * tile + tile / 2 + 3;
  const gpusort::RadixPlan plan = sorter->plan(count);
  const std::size_t samples = 2;
  stamps.zero(plan.digit_passes * samples * GPUSORT_RADIX_PHASE_STAMPS * 2);
  const auto keys = make_keys<Key>(Distribution::random, count, 7);
  const auto values = make_values(count, 7);
  ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, std::is_void_v<Value> ? nullptr : &values, gpusort::Order::ascending));
  GLint bound = -1;
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, GPUSORT_RADIX_BINDING_PHASE_CLOCK, &bound);
  EXPECT_EQ(bound, 0) << "the phase clock's binding is left bound";
  const std::vector<std::uint32_t> words = stamps.read();
  for (std::size_t pass = 0; pass < plan.digit_passes; ++pass) {
    for (std::size_t sample = 0; sample < samples; ++sample) {
      SCOPED_TRACE("pass " + std::to_string(pass) + ", sample " + std::to_string(sample));
      const std::size_t first = (pass * samples + sample) * GPUSORT_RADIX_PHASE_STAMPS;
      std::uint64_t previous = 0;
      for (std::size_t i = 0; i < GPUSORT_RADIX_PHASE_STAMPS; ++i) {
        const std::uint64_t at = words[2 * (first + i)] | std::uint64_t{words[2 * (first + i) + 1]} << 32;
        if (i <= GPUSORT_RADIX_PHASE_VALUE_SCATTER) {
          EXPECT_NE(at, 0u) << "stamp " << i << " missing";
          EXPECT_GE(at, previous) << "stamp " << i << " before stamp " << i - 1;
          previous = at;
        } else {
          EXPECT_EQ(at, 0u) << "the spare stamp " << i << " written";
        }
      }
    }
  }
}

class RadixPhaseClock : public GlTest {};

TEST_F(RadixPhaseClock, SampledTilesStampEveryPhaseInOrder) {
  check_phase_clock<std::uint32_t, void>("keys_u32");
  check_phase_clock<std::uint32_t, std::uint32_t>("pairs_u32_u32");
  check_phase_clock<std::uint64_t, void>("keys_u64");
  check_phase_clock<std::uint64_t, std::uint32_t>("pairs_u64_u32");
}

// A pass that keeps the order stamps nothing (bench/lab/radix_phases.hpp counts such a sample as
// a kept pass's, not as a bad one): 64-bit keys with empty upper words, whose passes 4-7 keep it.
TEST_F(RadixPhaseClock, KeptPassesStampNothing) {
  if (!gpusort::detail::query_device_limits().shader_clock) GTEST_SKIP() << "no GL_ARB_shader_clock here";
  StampBuffer stamps;
  gpusort::RadixTuning tuning;
  tuning.path = gpusort::RadixPath::onesweep;
  std::unique_ptr<gpusort::RadixSorter<std::uint64_t>> sorter;
  {
    PhaseClockHook hook(stamps.name());
    sorter = std::make_unique<gpusort::RadixSorter<std::uint64_t>>(radix_test_tuning(tuning), nullptr,
                                                                   test_device_facts());
  }
  const std::size_t tile = sorter->tile_size();
  const std::size_t count = GPUSORT_RADIX_PHASE_EVERY * tile + tile / 2 + 3;
  const gpusort::RadixPlan plan = sorter->plan(count);
  ASSERT_EQ(plan.digit_passes, 8u);
  const std::size_t samples = 2;
  stamps.zero(plan.digit_passes * samples * GPUSORT_RADIX_PHASE_STAMPS * 2);
  auto keys = make_keys<std::uint64_t>(Distribution::random, count, 9);
  for (auto& key : keys) key &= 0xFFFFFFFFu;
  ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, nullptr, gpusort::Order::ascending));
  const std::vector<std::uint32_t> words = stamps.read();
  for (std::size_t pass = 0; pass < plan.digit_passes; ++pass) {
    const std::size_t words_a_pass = 2 * samples * GPUSORT_RADIX_PHASE_STAMPS;
    std::size_t stamped = 0;
    for (std::size_t w = pass * words_a_pass; w < (pass + 1) * words_a_pass; ++w) stamped += words[w] != 0u ? 1 : 0;
    if (pass < 4) EXPECT_GT(stamped, 0u) << "ranked pass " << pass << " left no stamp";
    else EXPECT_EQ(stamped, 0u) << "kept pass " << pass << " stamped";
  }
}

// Only the hook's sorters stamp: the onesweep program of a config without it asks for no clock
// in its prelude (#version, #extension and #define lines: the library's sorts run the program
// they ran before), the same config with it does.
TEST_F(RadixPhaseClock, ClockOnlyInTheHooksProgram) {
  ASSERT_EQ(gpusort::detail::radix::test_hooks().phase_clock_buffer, 0u);
  gpusort::detail::radix::Config c = gpusort::detail::radix::make_config(
      radix_test_tuning(), gpusort::detail::query_device_limits(), gpusort::detail::elements_of<std::uint32_t, void>());
  const auto prelude = [&] { return gpusort::detail::radix::program_source(gpusort::RadixKernel::onesweep, c).sources.at(0); };
  EXPECT_THAT(prelude(), ::testing::Not(::testing::HasSubstr("shader_clock")));
  EXPECT_THAT(prelude(), ::testing::Not(::testing::HasSubstr("PHASE_CLOCK")));
  c.phase_clock_buffer = 1;
  // GLSL 4.50 on desktop contexts; an ES context never builds the program (the hook is refused
  // there: RefusedWithoutTheExtension), so its version line is the context's own.
  if (!c.device.es) {
    EXPECT_THAT(prelude(), ::testing::StartsWith("#version 450 core\n"));
  }
  EXPECT_THAT(prelude(), ::testing::HasSubstr("#extension GL_ARB_shader_clock : require\n"));
  EXPECT_THAT(prelude(), ::testing::HasSubstr("#define PHASE_CLOCK 1\n"));
}

// Where the context has no GL_ARB_shader_clock (ES, or a driver without it: here the limits say
// so), a tuning resolved under the hook is refused, with a message that names the extension.
TEST_F(RadixPhaseClock, RefusedWithoutTheExtension) {
  gpusort::detail::DeviceLimits limits = gpusort::detail::query_device_limits();
  limits.shader_clock = false;
  PhaseClockHook hook(1);
  try {
    (void)gpusort::detail::radix::make_config(radix_test_tuning(), limits, gpusort::detail::elements_of<std::uint32_t, void>());
    ADD_FAILURE() << "the phase clock was accepted without GL_ARB_shader_clock";
  } catch (const gpusort::Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("GL_ARB_shader_clock"));
  }
}

}  // namespace
}  // namespace gpusort_test
