// The subgroup check (DeviceFacts::subgroup_check): every program compiled for a subgroup size
// runs once when it is built, on one workgroup that reports the size it runs with, and where a
// program runs with another size, its algorithm resolves its tuning again without subgroups
// (one policy for both: tiles re-planned for the shared-memory paths). On llvmpipe the subgroups are emulated
// (tests/subgroup_support.hpp: 32 lanes), and the emulation reports the size it runs.
// - At the size in effect, sorters of all three classes verify each subgroup program once, rebuild
//   none, and later sorts pay nothing for it: no check dispatch or readback
//   (detail::subgroup_checks_run()), the dispatches plan() counts (pass observers), and the check
//   uniform at 0 in every program they run; a program built after use_scratch() checks in the
//   word allocated at construction, so such a sorter still allocates nothing.
// - A test hook (detail::device_test_hooks().misplanned_subgroup_size, not API) compiles the
//   subgroup programs for half the size they run with, as a compiler that picks another size
//   than the context reports would: every check finds it, device_facts() says so, and sorts of
//   both algorithms and Sorter (keys, pairs unstable and stable, both orders) equal the oracles.
//   Where the radix sort's shared-memory ranking does not fit an asked tile, its constructor
//   throws gpusort::Error saying so.

#include <gmock/gmock.h>

#include "contract_support.hpp"
#include "subgroup_support.hpp"
#include "support/error_capture.hpp"
#include "support/fake_device_limits.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;
using gpusort::SubgroupCheck;

std::uint64_t checks_run() { return gpusort::detail::subgroup_checks_run(); }

// Sorters constructed while one lives compile their subgroup programs for `lanes`.
class MisplannedSubgroups {
 public:
  explicit MisplannedSubgroups(std::uint32_t lanes)
      : saved_(gpusort::detail::device_test_hooks().misplanned_subgroup_size) {
    gpusort::detail::device_test_hooks().misplanned_subgroup_size = lanes;
  }
  ~MisplannedSubgroups() { gpusort::detail::device_test_hooks().misplanned_subgroup_size = saved_; }
  MisplannedSubgroups(const MisplannedSubgroups&) = delete;
  MisplannedSubgroups& operator=(const MisplannedSubgroups&) = delete;

 private:
  std::uint32_t saved_;
};

// Half the lanes in effect (8 where they are 4): what the hook compiles for.
std::uint32_t misplanned_lanes() { return subgroup_lanes() > 4 ? subgroup_lanes() / 2 : 8; }

std::string describe(const SubgroupCheck& c) {
  return "planned_size " + std::to_string(c.planned_size) + ", programs_verified " +
         std::to_string(c.programs_verified) + ", programs_rebuilt " + std::to_string(c.programs_rebuilt) +
         ", mismatched_size " + std::to_string(c.mismatched_size);
}

bool operator==(const SubgroupCheck& a, const SubgroupCheck& b) {
  return a.planned_size == b.planned_size && a.programs_verified == b.programs_verified &&
         a.programs_rebuilt == b.programs_rebuilt && a.mismatched_size == b.mismatched_size;
}

// Counts a sort's dispatches through a pass observer, and reads u_check_subgroups in the program
// each one runs (where it has the uniform: the programs compiled for a subgroup size).
struct DispatchWatch {
  std::size_t dispatches = 0;
  std::size_t checked_programs = 0;  // dispatches of programs that have the check uniform
  std::size_t check_mode = 0;        // of those, dispatches with the uniform not at 0

  void observe() {
    ++dispatches;
    GLint program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &program);
    const GLint location = glGetUniformLocation(static_cast<GLuint>(program), "u_check_subgroups");
    if (location < 0) return;
    EXPECT_EQ(location, gpusort::detail::GPUSORT_LOCATION_CHECK_SUBGROUPS);
    ++checked_programs;
    GLuint value = 0;
    glGetUniformuiv(static_cast<GLuint>(program), location, &value);
    if (value != 0) ++check_mode;
  }
  template <class Sorter>
  void watch(Sorter&& sorter) {  // a sorter, or a view of its algorithm
    sorter.set_pass_observer([this](const auto& info) {
      if (!info.after) observe();
    });
  }
};

template <Family F, class Key, class Value>
std::unique_ptr<SorterType<F, Key, Value>> make_sorter() {
  if constexpr (F == Family::bitonic) {
    return std::make_unique<SorterType<F, Key, Value>>(test_tuning(), nullptr, subgroup_facts());
  } else if constexpr (F == Family::radix) {
    return std::make_unique<SorterType<F, Key, Value>>(radix_test_tuning(), nullptr, subgroup_facts());
  } else {
    return std::make_unique<SorterType<F, Key, Value>>(contract_sorter_tuning(contract_crossover), nullptr,
                                                       subgroup_facts());
  }
}

// Counts that build more programs than the constructor (the network's single-dispatch tile,
// several tiles; for Sorter both sides of its crossover) and cross the tile and subgroup rows.
template <Family F, class S>
std::vector<std::size_t> counts_for(const S& sorter) {
  if constexpr (F == Family::bitonic) {
    const std::size_t tile = sorter.tuning().tile_size;
    return {2, 37, tile - 1, tile + 1, 3 * tile + 5};
  } else if constexpr (F == Family::radix) {
    const std::size_t tile = sorter.tile_size();
    return {subgroup_lanes() + 1u, tile + 1, 3 * tile + 7};
  } else {
    return {37, contract_crossover - 1, contract_crossover + 1, 3 * contract_crossover + 7};
  }
}

// Keys and pairs (unstable and stable) at `counts`, both orders, against the oracles.
template <Family F, class Key, class KeySorter, class PairSorter>
void expect_sorts_right(KeySorter& keys_sorter, PairSorter& pair_sorter, const std::vector<std::size_t>& counts) {
  std::uint32_t seed = 7;
  for (std::size_t count : counts) {
    for (Order order : both_orders) {
      ++seed;
      SCOPED_TRACE(std::string(family_name(F)) + " " +
                   case_name<Key>("", count, order, Distribution::few_distinct, seed));
      const auto keys = make_keys<Key>(Distribution::few_distinct, count, seed);
      ASSERT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort(k, count, order); }, keys, nullptr,
                                          0, order, Expect::stable, seed));
      const auto values = make_values(count, seed);
      for (Stability stability : {Stability::unstable, Stability::stable}) {
        SCOPED_TRACE(stability == Stability::stable ? "pairs, stable" : "pairs, unstable");
        ASSERT_TRUE(contract_buffer_ok<Key>(
            [&](GLuint k, GLuint v) { pair_sorter.sort(k, v, count, order, stability); }, keys, &values, 0, order,
            pair_expectation<F>(pair_sorter, count, stability), seed));
      }
    }
  }
}

class SubgroupCheckGl : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (const std::string why = subgroup_size_mismatch(); !why.empty()) GTEST_SKIP() << why;
  }
};

// At the size in effect: one check per subgroup program, all verified, and none on later sorts.
template <Family F>
void expect_checked_once() {
  const bool subgroups = !subgroups_forced_off();
  std::uint64_t before = checks_run();
  auto keys_sorter = make_sorter<F, std::uint32_t, void>();
  auto pair_sorter = make_sorter<F, std::uint32_t, std::uint32_t>();
  SubgroupCheck facts = pair_sorter->device_facts().subgroup_check;
  const std::uint64_t built = checks_run() - before;
  SCOPED_TRACE(std::string(family_name(F)) + ": " + describe(facts));
  // The constructor builds one subgroup program per algorithm: the main tile, the radix tile.
  const std::uint64_t algorithms = F == Family::sorter ? 2 : 1;
  EXPECT_EQ(built, subgroups ? 2 * algorithms : 0) << "check dispatches of the two sorters' constructors";
  EXPECT_EQ(facts.planned_size, subgroups ? subgroup_lanes() : 0u);
  EXPECT_EQ(facts.programs_verified, subgroups ? algorithms : 0u);
  EXPECT_EQ(facts.programs_rebuilt, 0u);
  EXPECT_EQ(facts.mismatched_size, 0u);
  // The first sorts may build (and check) more programs; none is rebuilt.
  const std::vector<std::size_t> counts = counts_for<F>(*pair_sorter);
  before = checks_run();
  expect_sorts_right<F, std::uint32_t>(*keys_sorter, *pair_sorter, counts);
  const SubgroupCheck after_first = pair_sorter->device_facts().subgroup_check;
  const SubgroupCheck keys_first = keys_sorter->device_facts().subgroup_check;
  EXPECT_EQ(checks_run() - before, (after_first.programs_verified - facts.programs_verified) +
                                       (keys_first.programs_verified - (subgroups ? algorithms : 0u)))
      << "a check per program built";
  EXPECT_EQ(after_first.programs_rebuilt + keys_first.programs_rebuilt, 0u);
  // Later sorts: no check, the dispatches plan() counts, the check uniform at 0 in every program.
  DispatchWatch bitonic_watch, radix_watch;
  if constexpr (F == Family::sorter) {
    bitonic_watch.watch(pair_sorter->bitonic());
    radix_watch.watch(pair_sorter->radix());
  } else if constexpr (F == Family::bitonic) {
    bitonic_watch.watch(*pair_sorter);
  } else {
    radix_watch.watch(*pair_sorter);
  }
  before = checks_run();
  expect_sorts_right<F, std::uint32_t>(*keys_sorter, *pair_sorter, counts);
  EXPECT_EQ(checks_run() - before, 0u) << "check dispatches in later sorts";
  EXPECT_TRUE(pair_sorter->device_facts().subgroup_check == after_first);
  EXPECT_TRUE(keys_sorter->device_facts().subgroup_check == keys_first);
  for (const DispatchWatch* watch : {&bitonic_watch, &radix_watch}) {
    EXPECT_EQ(watch->check_mode, 0u) << "dispatches with u_check_subgroups set";
    if (subgroups && watch->dispatches != 0) {
      EXPECT_GT(watch->checked_programs, 0u) << "subgroup programs ran";
    }
  }
  // Unstable pair sorts dispatch what plan() counts, and the observers saw every dispatch.
  if constexpr (F != Family::sorter) {
    for (std::size_t count : counts) {
      DispatchWatch watch;
      watch.watch(*pair_sorter);
      const auto keys = make_keys<std::uint32_t>(Distribution::random, count, 3);
      const auto values = make_values(count, 3);
      ASSERT_TRUE(contract_buffer_ok<std::uint32_t>(
          [&](GLuint k, GLuint v) { pair_sorter->sort(k, v, count, Order::ascending); }, keys, &values, 0,
          Order::ascending, pair_expectation<F>(*pair_sorter, count, Stability::unstable), 3));
      EXPECT_EQ(watch.dispatches, pair_sorter->plan(count).dispatches) << count << " elements";
    }
    pair_sorter->set_pass_observer(nullptr);
  } else {
    pair_sorter->bitonic().set_pass_observer(nullptr);
    pair_sorter->radix().set_pass_observer(nullptr);
  }
  EXPECT_EQ(checks_run() - before, 0u);
  EXPECT_TRUE(no_gl_error("the checked sorters"));
}

TEST_F(SubgroupCheckGl, MatchingSizeIsCheckedOncePerProgramAndNeverBySorts) {
  expect_checked_once<Family::bitonic>();
  expect_checked_once<Family::radix>();
  expect_checked_once<Family::sorter>();
}

// A program a later sort builds runs its check in the word its algorithm allocated at
// construction: a sorter given use_scratch() allocates nothing, checks included.
template <Family F>
void expect_later_checks_allocate_nothing() {
  auto keys_sorter = make_sorter<F, std::uint32_t, void>();
  auto pair_sorter = make_sorter<F, std::uint32_t, std::uint32_t>();
  SCOPED_TRACE(family_name(F));
  const std::vector<std::size_t> counts = counts_for<F>(*pair_sorter);
  const std::size_t capacity = *std::max_element(counts.begin(), counts.end());
  const std::size_t bytes = static_cast<std::size_t>(std::max(keys_sorter->scratch_bytes(capacity, Stability::stable),
                                                              pair_sorter->scratch_bytes(capacity, Stability::stable)));
  gpusort_support::GlBuffer keys_range(bytes, nullptr), pairs_range(bytes, nullptr);
  keys_sorter->use_scratch(keys_range.name(), 0, bytes);
  pair_sorter->use_scratch(pairs_range.name(), 0, bytes);
  const std::uint64_t allocations = gpusort::detail::buffer_allocation_count();
  const std::uint64_t before = checks_run();
  expect_sorts_right<F, std::uint32_t>(*keys_sorter, *pair_sorter, counts);
  EXPECT_GT(checks_run(), before) << "the sorts built no program compiled for a subgroup size";
  EXPECT_EQ(gpusort::detail::buffer_allocation_count(), allocations) << "a sort allocated after use_scratch()";
  EXPECT_TRUE(no_gl_error("the sorters with scratch of the caller's"));
}

TEST_F(SubgroupCheckGl, ChecksOfProgramsBuiltAfterUseScratchAllocateNothing) {
  if (subgroups_forced_off()) GTEST_SKIP() << "GPUSORT_TEST_NO_SUBGROUPS: no program is compiled for subgroups";
  expect_later_checks_allocate_nothing<Family::bitonic>();
  expect_later_checks_allocate_nothing<Family::sorter>();
}

// Every check of a sorter built under the hook found the mismatch.
::testing::AssertionResult all_rebuilt(const SubgroupCheck& c, std::uint32_t at_least) {
  if (c.planned_size == misplanned_lanes() && c.programs_verified == 0 && c.programs_rebuilt >= at_least &&
      c.mismatched_size == subgroup_lanes())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << describe(c) << "; want planned_size " << misplanned_lanes()
                                       << ", none verified, at least " << at_least << " rebuilt, mismatched_size "
                                       << subgroup_lanes();
}

template <Family F, class Key>
void expect_rebuilt_and_right() {
  std::unique_ptr<SorterType<F, Key, void>> keys_sorter;
  std::unique_ptr<SorterType<F, Key, std::uint32_t>> pair_sorter;
  {
    MisplannedSubgroups hook(misplanned_lanes());
    keys_sorter = make_sorter<F, Key, void>();
    pair_sorter = make_sorter<F, Key, std::uint32_t>();
  }
  const std::uint32_t algorithms = F == Family::sorter ? 2 : 1;
  SCOPED_TRACE(std::string(family_name(F)) + " " + describe(pair_sorter->device_facts().subgroup_check));
  EXPECT_TRUE(all_rebuilt(keys_sorter->device_facts().subgroup_check, algorithms));
  EXPECT_TRUE(all_rebuilt(pair_sorter->device_facts().subgroup_check, algorithms));
  if constexpr (F == Family::sorter) {
    EXPECT_FALSE(pair_sorter->bitonic().tuning().use_subgroups) << "the network resolved again without subgroups";
    EXPECT_FALSE(pair_sorter->radix().tuning().use_subgroups) << "the radix sort resolved again without subgroups";
  } else {
    EXPECT_FALSE(pair_sorter->tuning().use_subgroups) << "resolved again without subgroups";
  }
  // Sorts right, also where they build (and check, and rebuild) programs the constructor did not.
  expect_sorts_right<F, Key>(*keys_sorter, *pair_sorter, counts_for<F>(*pair_sorter));
  EXPECT_TRUE(all_rebuilt(pair_sorter->device_facts().subgroup_check, algorithms));
  const SubgroupCheck done = pair_sorter->device_facts().subgroup_check;
  const std::uint64_t before = checks_run();
  expect_sorts_right<F, Key>(*keys_sorter, *pair_sorter, {counts_for<F>(*pair_sorter).back()});
  EXPECT_EQ(checks_run() - before, 0u) << "check dispatches in later sorts";
  EXPECT_TRUE(pair_sorter->device_facts().subgroup_check == done);
  EXPECT_TRUE(no_gl_error("the rebuilt sorters"));
}

TEST_F(SubgroupCheckGl, MisplannedProgramsAreRebuiltForSharedMemoryAndSortRight) {
  if (subgroups_forced_off()) GTEST_SKIP() << "GPUSORT_TEST_NO_SUBGROUPS: no program is compiled for subgroups";
  expect_rebuilt_and_right<Family::bitonic, std::uint32_t>();
  expect_rebuilt_and_right<Family::bitonic, double>();
  expect_rebuilt_and_right<Family::radix, std::uint32_t>();
  expect_rebuilt_and_right<Family::radix, double>();
  expect_rebuilt_and_right<Family::sorter, float>();
}

// The hook takes the sizes a GPU may have; sorters without subgroup programs check nothing.
TEST_F(SubgroupCheckGl, HookIsCheckedAndNeedsSubgroupPrograms) {
  {
    MisplannedSubgroups hook(12);
    EXPECT_THAT(error_from([] { gpusort::BitonicSorter<std::uint32_t> s(test_tuning(), nullptr, subgroup_facts()); }),
                ::testing::HasSubstr("misplanned_subgroup_size = 12: use 0, or a power of two from 4 to 128"));
  }
  MisplannedSubgroups hook(misplanned_lanes());
  gpusort::BitonicTuning no_subgroups;
  no_subgroups.use_subgroups = false;
  gpusort::RadixTuning no_ballots;
  no_ballots.use_subgroups = false;
  const std::uint64_t before = checks_run();
  gpusort::BitonicSorter<std::uint32_t> bitonic(no_subgroups, nullptr, subgroup_facts());
  gpusort::RadixSorter<std::uint32_t> radix(no_ballots, nullptr, subgroup_facts());
  EXPECT_EQ(checks_run() - before, 0u);
  EXPECT_TRUE(bitonic.device_facts().subgroup_check == SubgroupCheck{});
  EXPECT_TRUE(radix.device_facts().subgroup_check == SubgroupCheck{});
  EXPECT_TRUE(no_gl_error("the hook's sorters"));
}

// A radix tuning asked for a tile that fits the subgroup ranking but not the shared-memory one
// (ballots of subgroups wider than rows of 32 keep fewer counters): a mismatch leaves nothing that
// runs, and the constructor says why and what to change.
TEST_F(SubgroupCheckGl, RadixFallbackThatDoesNotFitTheTuningThrows) {
  if (subgroups_forced_off()) GTEST_SKIP() << "GPUSORT_TEST_NO_SUBGROUPS: no program is compiled for subgroups";
  namespace r = gpusort::detail::radix;
  const gpusort::detail::Elements elements = gpusort::detail::elements_of<std::uint32_t, void>();
  const auto fits = [&](const gpusort::detail::DeviceLimits& limits, const gpusort::RadixTuning& t) {
    r::Config c;
    if (!r::make_config(t, limits, elements, c)) return false;
    return c.ranking != r::Ranking::shared_match || !t.use_subgroups;
  };
  // The first shape, for subgroups of `planned` lanes, that fits with them and not without.
  const auto shape_for = [&](std::uint32_t planned, gpusort::RadixTuning& tuning) {
    MisplannedSubgroups hook(planned);
    const gpusort::detail::DeviceLimits limits = gpusort::detail::device_limits_for(subgroup_facts());
    const std::uint32_t largest = std::min<std::uint32_t>(1024, limits.max_invocations / 32 * 32);
    for (std::uint32_t group = largest; group >= 128; group /= 2) {
      for (std::uint32_t keys = 1; keys <= 32; ++keys) {
        tuning.workgroup_size = group;
        tuning.keys_per_invocation = keys;
        gpusort::RadixTuning shared = tuning;
        shared.use_subgroups = false;
        if (fits(limits, tuning) && !fits(limits, shared)) return true;
      }
    }
    return false;
  };
  gpusort::RadixTuning tuning;
  std::uint32_t planned = 0;
  for (std::uint32_t lanes : {2 * subgroup_lanes(), subgroup_lanes() / 2}) {
    if (lanes >= 4 && lanes <= 128 && shape_for(lanes, tuning)) {
      planned = lanes;
      break;
    }
  }
  if (planned == 0) GTEST_SKIP() << "every tile that fits the subgroup ranking here fits the shared-memory one";
  SCOPED_TRACE(std::to_string(tuning.workgroup_size) + " x " + std::to_string(tuning.keys_per_invocation) +
               " compiled for " + std::to_string(planned) + " lanes");
  MisplannedSubgroups hook(planned);
  const std::string error =
      error_from([&] { gpusort::RadixSorter<std::uint32_t> s(tuning, nullptr, subgroup_facts()); });
  EXPECT_THAT(error, ::testing::HasSubstr("compiled for subgroups of " + std::to_string(planned) +
                                          " lanes but the GPU runs it with " + std::to_string(subgroup_lanes())));
  EXPECT_THAT(error, ::testing::HasSubstr("lower keys_per_invocation or workgroup_size"));
  EXPECT_EQ(error.find("gpusort: ", 1), std::string::npos) << "one prefix: " << error;
  EXPECT_TRUE(no_gl_error("the refused sorter"));
}

// The hook's programs, without GL: compiled for the misplanned size, emulating the size in
// effect; the network resolved again without subgroups has no subgroup code.
TEST(SubgroupCheckSources, MisplannedProgramsEmulateTheirOwnSize) {
  namespace d = gpusort::detail;
  d::DeviceLimits limits = fake_gpu_limits(32768, 1024, 0, 0);
  limits.emulated_subgroup_size = 32;
  limits.misplanned_subgroup_size = 16;
  const auto has = [](const d::ProgramSource& source, const char* line) {
    std::string all;
    for (const std::string& part : source.sources) all += part;
    return all.find(line) != std::string::npos;
  };
  const d::radix::Config radix = d::radix::make_config({}, limits, d::elements_of<std::uint32_t, void>());
  EXPECT_EQ(radix.subgroup_size, 16u);
  const d::ProgramSource onesweep = d::radix::program_source(gpusort::RadixKernel::onesweep, radix);
  EXPECT_TRUE(has(onesweep, "#define SUBGROUP_SIZE 16u\n"));
  EXPECT_TRUE(has(onesweep, "#define EMULATED_SUBGROUP_SIZE 32u\n"));
  const gpusort::BitonicTuning tuning = d::bitonic::resolve_tuning({}, limits, 4);
  const d::bitonic::Config bitonic =
      d::bitonic::make_config(tuning, limits, d::elements_of<std::uint32_t, void>());
  const d::bitonic::ProgramKey key = d::bitonic::local_program(bitonic, false);
  EXPECT_EQ(d::bitonic::compiled_subgroup_size(bitonic, key), 16u);
  const d::ProgramSource tile = d::bitonic::program_source(key, bitonic);
  EXPECT_TRUE(has(tile, "#define SUBGROUP_LOG2 4\n"));
  EXPECT_TRUE(has(tile, "#define EMULATED_SUBGROUP_LOG2 5\n"));
  gpusort::BitonicTuning without = {};
  without.use_subgroups = false;
  const d::bitonic::Config shared_memory =
      d::bitonic::make_config(d::bitonic::resolve_tuning(without, limits, 4), limits, bitonic.elements);
  const d::ProgramSource rebuilt = d::bitonic::program_source(d::bitonic::local_program(shared_memory, false), shared_memory);
  EXPECT_TRUE(has(rebuilt, "#define SUBGROUP_LOG2 0\n"));
  EXPECT_FALSE(has(rebuilt, "#define EMULATED_SUBGROUP_LOG2 5\n"));
  limits.misplanned_subgroup_size = 0;
  const d::bitonic::Config planned = d::bitonic::make_config(tuning, limits, bitonic.elements);
  EXPECT_TRUE(has(d::bitonic::program_source(key, planned), "#define SUBGROUP_LOG2 5\n"));
  EXPECT_FALSE(has(d::bitonic::program_source(key, planned), "#define EMULATED_SUBGROUP_LOG2 5\n"));
}

}  // namespace
}  // namespace gpusort_test
