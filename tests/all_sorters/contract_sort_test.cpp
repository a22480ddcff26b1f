// The results contract the three sorters share (tests/contract_support.hpp), typed over
// family x key type (bitonic_*, radix_*, sorter_* for uint32_t, int32_t, float, uint64_t,
// int64_t, double; values uint32_t):
// - keys equal std::sort's (totalOrder for floating point), in both orders;
// - values: std::stable_sort's exactly for every radix sort and every Stability::stable sort or
//   sort_indices() of any family; the network's unstable results equal cpu::bitonic_sort
//   (a permutation keeping values with their keys above network_oracle_limit);
// - only the elements sorted change: guard words before (sort_range's first) and after;
// - sort_indirect() sorts min(GPU count, capacity) elements and leaves the rest.
// The Sorter here takes the radix sort from contract_crossover (4096) on, so every test runs
// both of its algorithms.

#include <random>

#include "contract_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

template <class Case>
class ContractSort : public GlTest {};
TYPED_TEST_SUITE(ContractSort, EveryContractCase, ContractNames);

const Distribution every_input[] = {Distribution::random,    Distribution::sorted,       Distribution::reversed,
                                  Distribution::all_equal, Distribution::few_distinct, Distribution::specials};

// One buffer sort of each kind (keys; pairs unstable; pairs stable) of `count` generated keys,
// checked; stops at the first failure.
template <Family F, class Key>
::testing::AssertionResult three_sorts_ok(std::size_t count, Distribution input, Order order, std::uint32_t seed,
                                          bool keys_only_too = true) {
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pair_sorter = contract_sorter<F, Key, std::uint32_t>();
  const auto keys = make_keys<Key>(input, count, seed);
  const auto values = make_values(count, seed);
  if (keys_only_too) {
    auto ok = contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort(k, count, order); }, keys,
                                      nullptr, 0, order, Expect::stable, seed);
    if (!ok) return ok << "\n  (keys only)";
  }
  for (Stability stability : {Stability::unstable, Stability::stable}) {
    const Expect expect = pair_expectation<F>(pair_sorter, count, stability);
    auto ok =
        contract_buffer_ok<Key>([&](GLuint k, GLuint v) { pair_sorter.sort(k, v, count, order, stability); },
                                keys, &values, 0, order, expect, seed);
    if (!ok) return ok << "\n  (pairs, " << (stability == Stability::stable ? "stable" : "unstable") << ")";
  }
  return ::testing::AssertionSuccess();
}

// The sizes around empty, tiny, 256 (a radix workgroup, a tile's fraction) and 4096 (the
// typed Sorter's crossover; a bitonic tile of pairs), and 65537 (past the 2^16 the network's
// tiles and the radix blocks divide evenly). Each size in both orders; the input cycles through
// every distribution so that every one meets small and large sizes.
TYPED_TEST(ContractSort, EdgeSizesBothOrders) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  const std::size_t sizes[] = {0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 65537};
  std::size_t round = 0;
  for (std::size_t count : sizes) {
    for (Order order : both_orders) {
      const Distribution input = every_input[round++ % 6];
      const auto seed = static_cast<std::uint32_t>(count * 11 + round);
      SCOPED_TRACE(contract_case<Key>(F, "edge size", count, order, input, seed));
      // 65537: keys-only in one order only (the pairs carry the keys' check too).
      ASSERT_TRUE((three_sorts_ok<F, Key>(count, input, order, seed, count < 65537 || order == Order::ascending)));
    }
  }
}

// Every distribution in both orders, once below and once above the typed Sorter's crossover.
TYPED_TEST(ContractSort, EveryDistributionBothOrders) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  for (std::size_t count : {std::size_t{3001}, std::size_t{5003}}) {
    for (Distribution input : every_input) {
      for (Order order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count + 37 * static_cast<std::size_t>(input));
        SCOPED_TRACE(contract_case<Key>(F, "distribution", count, order, input, seed));
        ASSERT_TRUE((three_sorts_ok<F, Key>(count, input, order, seed, order == Order::ascending)));
      }
    }
  }
}

// Seeded random sizes (the seed is in the trace): most small, one up to 40000.
TYPED_TEST(ContractSort, SeededRandomSizes) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  const std::uint32_t sizes_seed = 20261124u + static_cast<std::uint32_t>(sizeof(Key));
  std::vector<std::size_t> sizes = random_sizes(sizes_seed, 3, 3000);
  sizes.push_back(random_sizes(sizes_seed + 1, 1, 40000).front());
  std::mt19937 rng(sizes_seed);
  for (std::size_t count : sizes) {
    const Distribution input = every_input[rng() % 6];
    const Order order = (rng() & 1u) ? Order::ascending : Order::descending;
    const std::uint32_t seed = rng();
    SCOPED_TRACE(contract_case<Key>(F, "random size", count, order, input, seed) +
                 " sizes_seed=" + std::to_string(sizes_seed));
    ASSERT_TRUE((three_sorts_ok<F, Key>(count, input, order, seed)));
  }
}

// The std::vector overloads: the same results as the buffer sorts.
TYPED_TEST(ContractSort, HostVectors) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pair_sorter = contract_sorter<F, Key, std::uint32_t>();
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{257}, std::size_t{4097}}) {
    for (Order order : both_orders) {
      const auto seed = static_cast<std::uint32_t>(count * 3 + (order == Order::ascending ? 0 : 1));
      SCOPED_TRACE(contract_case<Key>(F, "host vectors", count, order, Distribution::few_distinct, seed));
      const auto input = make_keys<Key>(Distribution::few_distinct, count, seed);
      const auto input_values = make_values(count, seed);
      auto keys = input;
      keys_sorter.sort(keys, order);
      ASSERT_TRUE(keys_ok(input, keys, order));
      for (Stability stability : {Stability::unstable, Stability::stable}) {
        keys = input;
        auto values = input_values;
        pair_sorter.sort(keys, values, order, stability);
        ASSERT_TRUE(
            pairs_ok(input, input_values, keys, values, order, pair_expectation<F>(pair_sorter, count, stability)));
      }
      ASSERT_TRUE(no_gl_error("host sorts"));
    }
  }
}

// sort_range(): `first` not on any alignment, guard words before and after the range.
TYPED_TEST(ContractSort, SortRangeUnalignedFirst) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pair_sorter = contract_sorter<F, Key, std::uint32_t>();
  for (std::size_t first : {std::size_t{1}, std::size_t{3}, std::size_t{5}, std::size_t{17}}) {
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{257}, std::size_t{4097}}) {
      const Order order = (first + count) % 2 ? Order::descending : Order::ascending;
      const auto seed = static_cast<std::uint32_t>(first * 100000 + count);
      SCOPED_TRACE(contract_case<Key>(F, "sort_range", count, order, Distribution::few_distinct, seed) +
                   " first=" + std::to_string(first));
      const auto keys = make_keys<Key>(Distribution::few_distinct, count, seed);
      const auto values = make_values(count, seed);
      ASSERT_TRUE(
          contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort_range(k, first, count, order); },
                                  keys, nullptr, first, order, Expect::stable, seed));
      for (Stability stability : {Stability::unstable, Stability::stable}) {
        SCOPED_TRACE(stability == Stability::stable ? "pairs, stable" : "pairs, unstable");
        ASSERT_TRUE(contract_buffer_ok<Key>(
            [&](GLuint k, GLuint v) { pair_sorter.sort_range(k, v, first, count, order, stability); }, keys,
            &values, first, order, pair_expectation<F>(pair_sorter, count, stability), seed));
      }
    }
  }
}

// sort_indirect(): the count written on the GPU (by a shader, or glBufferSubData) below,
// at and above the capacity, and 0; capacities below and above the typed Sorter's crossover.
TYPED_TEST(ContractSort, SortIndirectGpuCount) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pair_sorter = contract_sorter<F, Key, std::uint32_t>();
  GpuCountWriter writer;
  for (std::size_t capacity : {std::size_t{0}, std::size_t{1}, std::size_t{3001}, std::size_t{5003}}) {
    const auto cap = static_cast<std::uint32_t>(capacity);
    for (std::uint32_t gpu_count : {cap / 2 + 1, cap, cap + 1000, 0xffffffffu, 0u}) {
      const Order order = gpu_count % 2 ? Order::descending : Order::ascending;
      const CountFrom from = gpu_count % 3 == 0 ? CountFrom::buffer_sub_data : CountFrom::shader;
      const auto seed = cap * 7 + gpu_count;
      SCOPED_TRACE(contract_case<Key>(F, "sort_indirect", capacity, order, Distribution::few_distinct, seed) +
                   " gpu_count=" + std::to_string(gpu_count) +
                   (from == CountFrom::shader ? " (a shader's store)" : " (glBufferSubData)"));
      const auto keys = make_keys<Key>(Distribution::few_distinct, capacity, seed);
      const auto values = make_values(capacity, seed);
      const std::size_t sorted = std::min<std::size_t>(gpu_count, capacity);
      ASSERT_TRUE(contract_indirect_ok<Key>(
          [&](GLuint k, GLuint, GLuint counts, std::size_t offset) {
            keys_sorter.sort_indirect(k, counts, offset, capacity, order);
          },
          writer, from, keys, nullptr, gpu_count, order, Expect::stable, seed));
      // The algorithm is chosen for the capacity; the network sorts the counted prefix.
      Expect expect = pair_expectation<F>(pair_sorter, capacity, Stability::unstable);
      if (expect == Expect::network && sorted > network_oracle_limit) expect = Expect::permutation;
      ASSERT_TRUE(contract_indirect_ok<Key>(
          [&](GLuint k, GLuint v, GLuint counts, std::size_t offset) {
            pair_sorter.sort_indirect(k, v, counts, offset, capacity, order);
          },
          writer, from, keys, &values, gpu_count, order, expect, seed));
    }
  }
}

// sort_indices(): the indices buffer (garbage before) becomes the stable argsort, exactly.
TYPED_TEST(ContractSort, SortIndicesIsTheStableArgsort) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key, std::uint32_t>();
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{257}, std::size_t{4097}}) {
    for (Distribution input : {Distribution::few_distinct, Distribution::all_equal, Distribution::specials}) {
      const Order order = static_cast<int>(input) % 2 ? Order::descending : Order::ascending;
      const auto seed = static_cast<std::uint32_t>(count * 5 + static_cast<std::size_t>(input));
      SCOPED_TRACE(contract_case<Key>(F, "sort_indices", count, order, input, seed));
      ASSERT_TRUE(contract_indices_ok(sorter, make_keys<Key>(input, count, seed), order, seed));
    }
  }
}

// The radix sort runs its single pass on every device (Onesweep with decoupled fallback: no
// workgroup ever needs another to make progress), seen through the pass observer: one onesweep
// dispatch per digit pass and none of reduce-then-scan's (upsweep, scan, downsweep), for keys,
// pairs and sort_indirect, whatever the forward-progress policy says of this device.
TYPED_TEST(ContractSort, RadixSortRunsTheSinglePass) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  if constexpr (F == Family::bitonic) {
    GTEST_SKIP() << "the network has no radix path";
  } else {
    using K = gpusort::RadixKernel;
    // `radix`: the RadixSorter, or the Sorter's view of its radix sort (alive for the call).
    const auto check = [&](auto&& radix, auto&& sort) {
      RadixDispatchLog<std::remove_reference_t<decltype(radix)>> log(radix);
      sort();
      const std::uint32_t digit_bits = radix.tuning().digit_bits;  // 7 at the ES 3.1 minimums
      const std::size_t passes = (sizeof(Key) * 8 + digit_bits - 1) / digit_bits;
      EXPECT_EQ(radix.tuning().path, gpusort::RadixPath::onesweep);
      EXPECT_EQ(log.count(K::onesweep), passes);
      EXPECT_EQ(log.count(K::histogram), 1u);
      EXPECT_EQ(log.count(K::downsweep) + log.count(K::upsweep) + log.count(K::scan), 0u);
    };
    const auto radix_of = [](auto& sorter) -> decltype(auto) {
      if constexpr (F == Family::radix) {
        return sorter;
      } else {
        return sorter.radix();
      }
    };
    auto& keys_sorter = contract_sorter<F, Key>();
    auto& pair_sorter = contract_sorter<F, Key, std::uint32_t>();
    if constexpr (F == Family::sorter) {
      if (!keys_sorter.radix_unavailable().empty())
        GTEST_SKIP() << "this device runs no radix sort: " << keys_sorter.radix_unavailable();
    }
    const std::size_t count = 3 * contract_crossover + 5;  // the Sorter's radix side
    const auto keys = make_keys<Key>(Distribution::random, count, 11);
    const auto values = make_values(count, 11);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)), counts(Bytes(16, 0));
    check(radix_of(keys_sorter), [&] { keys_sorter.sort(key_buffer.name(), count, Order::descending); });
    check(radix_of(pair_sorter), [&] {
      pair_sorter.sort(key_buffer.name(), value_buffer.name(), count, Order::ascending, Stability::stable);
    });
    GpuCountWriter writer;
    writer.write(counts.name(), 4, static_cast<std::uint32_t>(count - 3));
    check(radix_of(pair_sorter), [&] {
      pair_sorter.sort_indirect(key_buffer.name(), value_buffer.name(), counts.name(), 4, count, Order::descending);
    });
    EXPECT_TRUE(no_gl_error("the single pass"));
  }
}

// A million elements, for a few types only: the network's and the radix sort's many passes.
class ContractLarge : public GlTest {};

constexpr std::size_t large_count = 1000003;

TEST_F(ContractLarge, SorterUint32PairsFullOfTies) {
  auto& sorter = contract_sorter<Family::sorter, std::uint32_t, std::uint32_t>();
  ASSERT_EQ(sorter.algorithm_for(large_count), gpusort::Algorithm::radix);
  const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, large_count, 41);
  const auto values = make_values(large_count, 41);
  SCOPED_TRACE(contract_case<std::uint32_t>(Family::sorter, "large", large_count, Order::descending,
                                            Distribution::few_distinct, 41));
  EXPECT_TRUE(
      contract_buffer_ok<std::uint32_t>([&](GLuint k, GLuint v) { sorter.sort(k, v, large_count, Order::descending); },
                                        keys, &values, 0, Order::descending, Expect::stable, 41));
}

TEST_F(ContractLarge, BitonicDoublePairsAndRadixInt64Keys) {
  {
    const auto keys = make_keys<double>(Distribution::specials, large_count, 42);
    const auto values = make_values(large_count, 42);
    SCOPED_TRACE(
        contract_case<double>(Family::bitonic, "large", large_count, Order::ascending, Distribution::specials, 42));
    auto& sorter = contract_sorter<Family::bitonic, double, std::uint32_t>();
    EXPECT_TRUE(contract_buffer_ok<double>(
        [&](GLuint k, GLuint v) { sorter.sort(k, v, large_count, Order::ascending, Stability::stable); }, keys, &values,
        0, Order::ascending, Expect::stable, 42));
  }
  {
    const auto keys = make_keys<std::int64_t>(Distribution::random, large_count, 43);
    SCOPED_TRACE(
        contract_case<std::int64_t>(Family::radix, "large", large_count, Order::descending, Distribution::random, 43));
    auto& sorter = contract_sorter<Family::radix, std::int64_t>();
    EXPECT_TRUE(
        contract_buffer_ok<std::int64_t>([&](GLuint k, GLuint) { sorter.sort(k, large_count, Order::descending); },
                                         keys, nullptr, 0, Order::descending, Expect::stable, 43));
  }
}

}  // namespace
}  // namespace gpusort_test
