// Every sorter's subgroup paths at the subgroup size in effect (tests/subgroup_support.hpp: ctest
// runs gpusort_tests.subgroup_paths_<n> at 4, 8, 16, 32, 64 and 128 lanes, emulated on
// llvmpipe), typed over the three classes and the six key types as the contract suites are
// (tests/contract_support.hpp): keys and pairs, unstable and stable, both orders, in GPU
// buffers with guard words, at counts around the boundaries the subgroups set:
// - the network (its default shape: on llvmpipe tiles of 2048 or 4096 elements, 4 per
//   invocation; at the ES 3.1 minimums 512, so that at 128 lanes a workgroup is one subgroup):
//   one subgroup's elements, the tile, two tiles (local disperses), and a stage with a window;
// - the radix sort (its default shape for those subgroups): a row (a subgroup's keys of one
//   round), a subgroup's share of the tile, the tile, several tiles;
// - Sorter (the network below 4096 elements, the radix sort from there): both sides.
// Each sorter also says that it runs its subgroup code at that size (tuning().use_subgroups,
// device_facts()), so that no size quietly tests the shared-memory path instead.

#include <gmock/gmock.h>

#include <algorithm>
#include <set>

#include "contract_support.hpp"
#include "subgroup_support.hpp"
#include "support/error_capture.hpp"
#include "support/fake_device_limits.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

template <Family F, class Key, class Value>
struct SubgroupSorterSlot {};

// The process's sorter of family F for subgroup_facts() (built once).
template <Family F, class Key, class Value = void>
SorterType<F, Key, Value>& subgroup_sorter() {
  using Sorter = SorterType<F, Key, Value>;
  gl_context();
  std::shared_ptr<void>& slot = detail::sorter_slot(std::type_index(typeid(SubgroupSorterSlot<F, Key, Value>)));
  if (!slot) {
    if constexpr (F == Family::bitonic) {
      slot = std::make_shared<Sorter>(test_tuning(), nullptr, subgroup_facts());
    } else if constexpr (F == Family::radix) {
      slot = std::make_shared<Sorter>(radix_test_tuning(), nullptr, subgroup_facts());
    } else {
      slot = std::make_shared<Sorter>(contract_sorter_tuning(contract_crossover), nullptr, subgroup_facts());
    }
  }
  return *static_cast<Sorter*>(slot.get());
}

// Counts around the network's boundaries for Key (with values: the tile shapes of pairs).
template <class Key, class Value>
std::vector<std::size_t> network_counts() {
  const gpusort::BitonicTuning& t = subgroup_sorter<Family::bitonic, Key, Value>().tuning();
  const std::size_t span = std::size_t{subgroup_lanes()} * t.local_elements;  // one subgroup's elements
  const std::size_t tile = t.tile_size;
  // Stage log2(tile) + 5 has 5 wide steps, more than a register pass takes (global_elements 8):
  // a window.
  return {2, span - 1, span + 1, tile - 1, tile + 1, 2 * tile + 3, 16 * tile + 5};
}

template <class Key, class Value>
std::vector<std::size_t> radix_counts() {
  const auto& sorter = subgroup_sorter<Family::radix, Key, Value>();
  const std::size_t row = subgroup_lanes();
  const std::size_t share = row * sorter.tuning().keys_per_invocation;  // one subgroup's keys of a tile
  const std::size_t tile = sorter.tile_size();
  return {row - 1, row + 1, share + 1, tile - 1, tile + 1, 3 * tile + row + 1};
}

template <Family F, class Key, class Value>
std::vector<std::size_t> boundary_counts() {
  if constexpr (F == Family::bitonic) {
    return network_counts<Key, Value>();
  } else if constexpr (F == Family::radix) {
    return radix_counts<Key, Value>();
  } else {
    std::vector<std::size_t> counts;
    for (std::size_t count : network_counts<Key, Value>())
      if (count < contract_crossover) counts.push_back(count);
    counts.push_back(contract_crossover - 1);
    for (std::size_t count : radix_counts<Key, Value>()) counts.push_back(contract_crossover + count);
    return counts;
  }
}

// The sorter runs subgroups of the size in effect: the network where its tiles hold whole
// subgroups, the radix sort where its workgroup does (the default shapes do at every size).
template <Family F, class S>
::testing::AssertionResult runs_subgroups(const S& sorter) {
  if (sorter.device_facts().emulated_subgroup_size != subgroup_facts().emulated_subgroup_size)
    return ::testing::AssertionFailure() << "device_facts().emulated_subgroup_size is "
                                         << sorter.device_facts().emulated_subgroup_size;
  if constexpr (F != Family::sorter) {
    if (sorter.tuning().use_subgroups == !subgroups_forced_off()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "tuning().use_subgroups is " << sorter.tuning().use_subgroups << " at "
                                         << subgroup_lanes() << " lanes";
  }
  return ::testing::AssertionSuccess();
}

template <class Case>
class SubgroupPathsBySorter : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (const std::string why = subgroup_size_mismatch(); !why.empty()) GTEST_SKIP() << why;
  }
};
TYPED_TEST_SUITE(SubgroupPathsBySorter, EveryContractCase, ContractNames);

// Keys, then pairs unstable and stable, at every boundary count, in both orders; the input
// cycles through the distributions (few distinct keys among them: ties show in the values).
TYPED_TEST(SubgroupPathsBySorter, BoundaryCountsMatchTheOracles) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = subgroup_sorter<F, Key>();
  auto& pair_sorter = subgroup_sorter<F, Key, std::uint32_t>();
  ASSERT_TRUE(runs_subgroups<F>(keys_sorter));
  ASSERT_TRUE(runs_subgroups<F>(pair_sorter));
  const Distribution inputs[] = {Distribution::few_distinct, Distribution::random, Distribution::specials,
                                 Distribution::reversed};
  std::size_t round = 0;
  for (const bool pairs : {false, true}) {
    const auto counts = pairs ? boundary_counts<F, Key, std::uint32_t>() : boundary_counts<F, Key, void>();
    for (std::size_t count : std::set<std::size_t>(counts.begin(), counts.end())) {
      for (Order order : both_orders) {
        const Distribution input = inputs[round++ % 4];
        const auto seed = static_cast<std::uint32_t>(count * 13 + round);
        SCOPED_TRACE(std::string(family_name(F)) + " " + std::to_string(subgroup_lanes()) + " lanes " +
                     case_name<Key>(pairs ? "pairs" : "keys", count, order, input, seed));
        const auto keys = make_keys<Key>(input, count, seed);
        if (!pairs) {
          ASSERT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort(k, count, order); },
                                              keys, nullptr, 0, order, Expect::stable, seed));
          continue;
        }
        const auto values = make_values(count, seed);
        for (Stability stability : {Stability::unstable, Stability::stable}) {
          SCOPED_TRACE(stability == Stability::stable ? "stable" : "unstable");
          const Expect expect = pair_expectation<F>(pair_sorter, count, stability);
          ASSERT_TRUE(contract_buffer_ok<Key>(
              [&](GLuint k, GLuint v) { pair_sorter.sort(k, v, count, order, stability); }, keys, &values,
              0, order, expect, seed));
        }
      }
    }
  }
}

// The radix sort's digit scan on subgroups (tile.glsl SUBGROUP_SCAN: a workgroup of at least
// RADIX invocations), which the default shape skips where small subgroups halve the workgroup
// (4 lanes on llvmpipe: 128 invocations for 256 digits): 7-bit digits take it at every size.
class SubgroupPathsRadix : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (const std::string why = subgroup_size_mismatch(); !why.empty()) GTEST_SKIP() << why;
  }
};

TEST_F(SubgroupPathsRadix, DigitScanOnSubgroupsMatchesTheOracle) {
  gpusort::RadixTuning tuning = radix_test_tuning();
  tuning.digit_bits = 7;
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> pairs(tuning, nullptr, subgroup_facts());
  ASSERT_TRUE(runs_subgroups<Family::radix>(pairs));
  // The program this sorter builds scans on subgroups (the same resolution, no GL).
  const auto limits = gpusort::detail::device_limits_for(subgroup_facts());
  const gpusort::detail::Elements elements = gpusort::detail::elements_of<std::uint32_t, std::uint32_t>();
  const auto config = gpusort::detail::radix::make_config(tuning, limits, elements);
  const auto source = gpusort::detail::radix::program_source(gpusort::RadixKernel::downsweep, config);
  std::string text;
  for (const std::string& part : source.sources) text += part;
  EXPECT_EQ(config.tuning.workgroup_size, pairs.tuning().workgroup_size);
  EXPECT_NE(text.find("#define SUBGROUP_SCAN 1\n"), std::string::npos) << subgroup_lanes() << " lanes";
  for (std::size_t count : {std::size_t{subgroup_lanes()} + 1, pairs.tile_size() + 3, 5 * pairs.tile_size() + 7}) {
    for (Order order : both_orders) {
      SCOPED_TRACE(case_name<std::uint32_t>("7-bit digits", count, order, Distribution::few_distinct, 9));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, 9);
      const auto values = make_values(count, 9);
      ASSERT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, order));
    }
  }
}

// DeviceFacts::emulated_subgroup_size: what the check accepts, on a device without subgroups and
// (faked, through the pure check) on one with subgroups of 32; the errors name what is allowed.
TEST(SubgroupPathsFacts, CheckedAgainstTheDevice) {
  using gpusort::detail::check_emulated_subgroup_size;
  using ::testing::HasSubstr;
  const auto none = fake_gpu_limits(32768, 1024, 0, 0);
  for (std::uint32_t lanes : {0u, 4u, 8u, 16u, 32u, 64u, 128u}) EXPECT_EQ(check_emulated_subgroup_size(lanes, none), lanes);
  for (std::uint32_t lanes : {1u, 2u, 3u, 12u, 96u, 256u, 0x80000000u}) {
    SCOPED_TRACE(lanes);
    EXPECT_THAT(error_from([&] { check_emulated_subgroup_size(lanes, none); }),
                HasSubstr("which has no subgroups: use 0, or a power of two from 4 to 128"));
  }
  auto own = fake_gpu_limits(49152, 1024, 32, 132);
  own.ballot_subgroup_size = 32;
  EXPECT_EQ(check_emulated_subgroup_size(0, own), 0u);
  EXPECT_EQ(check_emulated_subgroup_size(32, own), 32u);
  for (std::uint32_t lanes : {16u, 64u, 3u}) {
    SCOPED_TRACE(lanes);
    EXPECT_THAT(error_from([&] { check_emulated_subgroup_size(lanes, own); }),
                HasSubstr("whose subgroups have 32 lanes: use 0 or 32"));
  }
  // A device with subgroups runs its own, emulates none.
  EXPECT_EQ(gpusort::detail::emulated_subgroups(own), 0u);
  auto emulating = none;
  emulating.emulated_subgroup_size = 64;
  EXPECT_EQ(gpusort::detail::emulated_subgroups(emulating), 64u);
}

class SubgroupPathsFactsGl : public GlTest {};

// On this device: every class refuses an invalid size at construction and reports a valid one.
TEST_F(SubgroupPathsFactsGl, SortersRefuseInvalidSizesAndReportTheSizeInEffect) {
  using ::testing::HasSubstr;
  const std::uint32_t own = own_subgroup_size();
  gpusort::DeviceFacts facts = test_device_facts();
  for (std::uint32_t lanes : {3u, 256u, own == 16 ? 8u : 16u}) {
    if (own == 0 && lanes == 16) continue;  // valid without subgroups
    SCOPED_TRACE(std::to_string(lanes) + " lanes");
    facts.emulated_subgroup_size = lanes;
    const std::string allowed = own == 0 ? "use 0, or a power of two from 4 to 128" : "use 0 or " + std::to_string(own);
    EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<std::uint32_t> s({}, nullptr, facts); }), HasSubstr(allowed));
    EXPECT_THAT(error_from([&] { gpusort::RadixSorter<float, std::uint32_t> s({}, nullptr, facts); }),
                HasSubstr(allowed));
    EXPECT_THAT(error_from([&] { gpusort::Sorter<double> s({}, nullptr, facts); }), HasSubstr(allowed));
  }
  EXPECT_TRUE(no_gl_error("refused subgroup sizes"));
  const std::uint32_t valid = own != 0 ? own : 8;
  facts.emulated_subgroup_size = valid;
  gpusort::BitonicSorter<std::uint32_t> bitonic({}, nullptr, facts);
  gpusort::RadixSorter<std::uint32_t> radix({}, nullptr, facts);
  EXPECT_EQ(bitonic.device_facts().emulated_subgroup_size, valid);
  EXPECT_EQ(radix.device_facts().emulated_subgroup_size, valid);
  facts.emulated_subgroup_size = 0;
  EXPECT_EQ((gpusort::BitonicSorter<std::uint32_t>({}, nullptr, facts).device_facts().emulated_subgroup_size), 0u);
}

}  // namespace
}  // namespace gpusort_test
