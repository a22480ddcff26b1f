// The calls by a BitRange, on the two classes that take one (RadixSorter and Sorter): sort,
// sort_range and sort_indirect, keys alone and pairs, both orders, both unsigned key widths, at
// counts on both sides of the typed Sorter's crossover. Each equals std::stable_sort by those
// bits exactly, values included, with every byte outside the elements unchanged: the keys are
// made to tie in the range while differing outside it, so that a sort by all bits, or an
// unstable one, fails. Sorter runs them on the radix sort at every count. A BitRange the keys
// do not have is refused before anything is written, on every call that takes one. Scratch:
// scratch_bytes(capacity, stability, bits) is exact for sorts by bits, and after
// reserve(capacity, bits) and on a caller's range of that size none allocates.

#include <gmock/gmock.h>

#include <string>
#include <vector>

#include "contract_support.hpp"
#include "count_writer.hpp"
#include "scratch_arena.hpp"

namespace gpusort_test {
namespace {

using gpusort::BitRange;
using gpusort::Order;
using gpusort::Stability;
using ::testing::HasSubstr;

using BitRangeCases =
    ::testing::Types<ContractCase<Family::radix, std::uint32_t>, ContractCase<Family::radix, std::uint64_t>,
                     ContractCase<Family::sorter, std::uint32_t>, ContractCase<Family::sorter, std::uint64_t>>;

template <class Case>
class SortByBits : public GlTest {};
template <class Case>
class SortByBitsErrors : public GlTest {};
template <class Case>
class SortByBitsScratch : public ScratchTest<Case> {};
TYPED_TEST_SUITE(SortByBits, BitRangeCases, ContractNames);
TYPED_TEST_SUITE(SortByBitsErrors, BitRangeCases, ContractNames);
TYPED_TEST_SUITE(SortByBitsScratch, BitRangeCases, ContractNames);

std::string range_name(BitRange range) {
  return "BitRange{" + std::to_string(range.begin_bit) + ", " + std::to_string(range.end_bit) + "}";
}

// Ranges inside the key, one ending at its top bit (end_bit 0 among them), an odd pass count
// (a copy back) and, for 64-bit keys, ranges within each word and across them.
template <class Key>
std::vector<BitRange> sample_ranges() {
  if constexpr (sizeof(Key) == 4) {
    return {BitRange{0, 16}, BitRange{8, 24}, BitRange{31, 32}, BitRange{4, 0}};
  } else {
    return {BitRange{0, 40}, BitRange{28, 36}, BitRange{32, 64}, BitRange{8, 0}};
  }
}

// Random keys whose bits in `range` take one of five values: many keys tie there and differ
// elsewhere.
template <class Key>
std::vector<Key> tied_in(BitRange range, std::size_t count, std::uint32_t seed) {
  std::vector<Key> keys = make_keys<Key>(Distribution::random, count, seed);
  const std::uint32_t width = sizeof(Key) * 8;
  const std::uint32_t end = range.end_bit == 0 ? width : range.end_bit;
  const std::uint32_t bits = end - range.begin_bit;
  const Key field = bits >= width ? ~Key{0} : static_cast<Key>((Key{1} << bits) - 1);
  const Key mask = static_cast<Key>(field << range.begin_bit);
  for (std::size_t i = 0; i < count; ++i) {
    const Key value = static_cast<Key>(((i * 7 + seed) % 5) & field);
    keys[i] = static_cast<Key>((keys[i] & ~mask) | static_cast<Key>(value << range.begin_bit));
  }
  return keys;
}

// sort, sort_range (from element 3) and sort_indirect (a shader's count one below the
// capacity), keys and pairs, by each range, at counts from 2 to past the crossover.
TYPED_TEST(SortByBits, EqualsStableSortByThoseBits) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs_sorter = contract_sorter<F, Key, std::uint32_t>();
  GpuCountWriter writer;
  const std::size_t counts[] = {2, 33, 1000, contract_crossover - 1, contract_crossover + 1, 3 * contract_crossover + 5};
  std::uint32_t seed = 7;
  for (const BitRange range : sample_ranges<Key>()) {
    for (const std::size_t count : counts) {
      const Order order = seed % 2 ? Order::descending : Order::ascending;
      const auto keys = tied_in<Key>(range, count, ++seed);
      const auto values = make_values(count, seed);
      SCOPED_TRACE(std::string(family_name(F)) + " " + key_name<Key>() + " " + range_name(range) + " count " +
                   std::to_string(count) + (order == Order::ascending ? " ascending" : " descending"));
      if constexpr (F == Family::sorter) {
        EXPECT_EQ(pairs_sorter.algorithm_for(count, Stability::unstable, range), gpusort::Algorithm::radix);
      }
      ASSERT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort(k, count, order, range); }, keys,
                                          nullptr, 0, order, Expect::stable, seed, range))
          << "sort, keys";
      ASSERT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint v) { pairs_sorter.sort(k, v, count, order, range); },
                                          keys, &values, 0, order, Expect::stable, seed, range))
          << "sort, pairs";
      ASSERT_TRUE(contract_buffer_ok<Key>(
          [&](GLuint k, GLuint) { keys_sorter.sort_range(k, 3, count, order, range); }, keys, nullptr, 3, order,
          Expect::stable, seed, range))
          << "sort_range, keys";
      ASSERT_TRUE(contract_buffer_ok<Key>(
          [&](GLuint k, GLuint v) { pairs_sorter.sort_range(k, v, 3, count, order, Stability::unstable, range); }, keys,
          &values, 3, order, Expect::stable, seed, range))
          << "sort_range, pairs";
      const auto gpu_count = static_cast<std::uint32_t>(count - 1);
      ASSERT_TRUE(contract_indirect_ok<Key>(
          [&](GLuint k, GLuint, GLuint c, std::size_t offset) { keys_sorter.sort_indirect(k, c, offset, count, order, range); },
          writer, CountFrom::shader, keys, nullptr, gpu_count, order, Expect::stable, seed, 20, range))
          << "sort_indirect, keys";
      ASSERT_TRUE(contract_indirect_ok<Key>(
          [&](GLuint k, GLuint v, GLuint c, std::size_t offset) {
            pairs_sorter.sort_indirect(k, v, c, offset, count, order, range);
          },
          writer, CountFrom::shader, keys, &values, gpu_count, order, Expect::stable, seed, 20, range))
          << "sort_indirect, pairs";
    }
  }
}

// A BitRange that spans the whole key sorts as the call without one would: on Sorter, by the
// crossover (the network below it).
TYPED_TEST(SortByBits, TheWholeKeyIsNoBitRange) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& pairs_sorter = contract_sorter<F, Key, std::uint32_t>();
  const BitRange whole{0, sizeof(Key) * 8};
  const std::size_t count = 1000;
  if constexpr (F == Family::sorter) {
    EXPECT_EQ(pairs_sorter.algorithm_for(count, Stability::unstable, whole), gpusort::Algorithm::bitonic);
    EXPECT_EQ(pairs_sorter.algorithm_for(count, Stability::unstable, BitRange{0, 0}), gpusort::Algorithm::bitonic);
    EXPECT_EQ(pairs_sorter.algorithm_for(count, Stability::unstable, BitRange{1, 0}), gpusort::Algorithm::radix);
  }
  const auto keys = make_keys<Key>(Distribution::few_distinct, count, 3);
  const auto values = make_values(count, 3);
  EXPECT_TRUE(contract_buffer_ok<Key>(
      [&](GLuint k, GLuint v) { pairs_sorter.sort(k, v, count, Order::descending, Stability::stable, whole); }, keys,
      &values, 0, Order::descending, Expect::stable, 3));
}

// Every call that takes a BitRange refuses one the keys do not have, naming it, before anything
// is written; a sorter left as it was sorts next.
TYPED_TEST(SortByBitsErrors, ARangeOutsideTheKeyIsRefusedAndNothingChanges) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs_sorter = contract_sorter<F, Key, std::uint32_t>();
  const std::uint32_t width = sizeof(Key) * 8;
  const std::size_t count = 100;
  const auto keys = sample_keys(count);
  std::vector<Key> wide_keys(keys.begin(), keys.end());
  for (const BitRange bad : {BitRange{0, width + 1}, BitRange{8, 8}, BitRange{9, 8}, BitRange{width, 0}}) {
    const std::string name = range_name(bad);
    SCOPED_TRACE(name);
    GlBuffer key_buffer(to_bytes(wide_keys)), values(to_bytes(make_values(count, 1))), counts(Bytes(16, 0));
    const GLuint k = key_buffer.name(), v = values.name();
    expect_refused_unchanged("sort, keys", name.c_str(), key_buffer, wide_keys,
                             [&] { keys_sorter.sort(k, count, Order::ascending, bad); });
    expect_refused_unchanged("sort, pairs", name.c_str(), key_buffer, wide_keys,
                             [&] { pairs_sorter.sort(k, v, count, Order::ascending, Stability::stable, bad); });
    expect_refused_unchanged("sort_range", name.c_str(), key_buffer, wide_keys,
                             [&] { pairs_sorter.sort_range(k, v, 1, count - 1, Order::ascending, bad); });
    expect_refused_unchanged("sort_indirect", name.c_str(), key_buffer, wide_keys,
                             [&] { keys_sorter.sort_indirect(k, counts.name(), 0, count, Order::ascending, bad); });
    EXPECT_THAT(gpusort_error_message([&] { pairs_sorter.prepare(count, Stability::unstable, bad); }),
                HasSubstr(name));
    EXPECT_THAT(gpusort_error_message([&] { pairs_sorter.prepare_indirect(count, bad); }), HasSubstr(name));
    EXPECT_THAT(gpusort_error_message([&] { pairs_sorter.reserve(count, bad); }), HasSubstr(name));
    EXPECT_THAT(gpusort_error_message([&] { (void)pairs_sorter.scratch_bytes(count, Stability::unstable, bad); }),
                HasSubstr(name));
    EXPECT_THAT(gpusort_error_message([&] { pairs_sorter.sort(k, v, count, Order::ascending, bad); }),
                HasSubstr("begin_bit < end_bit <= " + std::to_string(width)));
    EXPECT_TRUE(no_gl_error("the refusals"));
  }
  const auto again = tied_in<Key>(BitRange{0, 16}, count, 5);
  EXPECT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint) { keys_sorter.sort(k, count, Order::ascending, BitRange{0, 16}); },
                                      again, nullptr, 0, Order::ascending, Expect::stable, 5, BitRange{0, 16}));
}

// Scratch for sorts by bits: scratch_bytes(capacity, stability, bits) is exact (a range of one
// byte less refuses the sort of `capacity` that needs the most, naming the figure), it covers
// every count up to `capacity` (Sorter: the radix sort's scratch below the crossover too), and on
// such a range, after reserve(capacity, bits), no call allocates.
TYPED_TEST(SortByBitsScratch, ScratchBytesAndReserveCoverSortsByBits) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  const BitRange range{0, 16};
  const std::size_t capacity = 1500;
  const std::size_t figure = pairs.scratch_bytes(capacity, Stability::unstable, range);
  EXPECT_GE(figure, pairs.scratch_bytes(capacity, Stability::stable));
  if constexpr (F == Family::sorter) {
    EXPECT_GT(figure, pairs.scratch_bytes(capacity, Stability::stable))
        << "below the crossover only sorts by bits take the radix sort's scratch";
  } else {
    EXPECT_EQ(figure, pairs.scratch_bytes(capacity)) << "the radix sort's scratch does not depend on the bits";
  }
  for (std::size_t bytes : {figure, figure - 1}) {
    SCOPED_TRACE(std::to_string(bytes) + " bytes of " + std::to_string(figure));
    ScratchArena arena(bytes, 31);
    pairs.use_scratch(arena.buffer.name(), arena.offset, arena.bytes);
    const std::uint64_t allocated = allocations();
    pairs.reserve(capacity, range);
    for (std::size_t count : {capacity, capacity / 3, std::size_t{2}}) {
      const auto keys = tied_in<Key>(range, count, static_cast<std::uint32_t>(count));
      const auto values = make_values(count, 9);
      GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
      const std::string message = gpusort_error_message(
          [&] { pairs.sort(key_buffer.name(), value_buffer.name(), count, Order::ascending, range); });
      const auto got_keys = from_bytes<Key>(key_buffer.read(), 0, count);
      const auto got_values = from_bytes<std::uint32_t>(value_buffer.read(), 0, count);
      if (bytes == figure || count < capacity) {
        EXPECT_EQ(message, "") << "a sort by bits of " << count;
        EXPECT_TRUE(by_bits_ok(keys, &values, got_keys, &got_values, Order::ascending, range)) << count;
      } else {
        EXPECT_THAT(message, HasSubstr("needs " + std::to_string(figure) + " bytes"));
        EXPECT_TRUE(same_bits(got_keys, keys, "keys of a refused sort"));
        EXPECT_TRUE(same_bits(got_values, values, "values of a refused sort"));
      }
    }
    EXPECT_EQ(allocations(), allocated) << "a call allocated on a caller's range";
    EXPECT_TRUE(arena.guards_intact());
    EXPECT_TRUE(no_gl_error("sorts by bits on a caller's range"));
    pairs.use_scratch(0, 0, 0);
  }
  // On its own scratch, reserve(capacity, bits) allocates what every sort by bits up to it needs.
  pairs.release_scratch();
  pairs.reserve(capacity, range);
  const std::uint64_t reserved = allocations();
  for (std::size_t count : {capacity, std::size_t{700}, std::size_t{2}}) {
    const auto keys = tied_in<Key>(range, count, 4);
    const auto values = make_values(count, 4);
    EXPECT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint v) { pairs.sort(k, v, count, Order::descending, range); },
                                        keys, &values, 0, Order::descending, Expect::stable, 4, range))
        << count;
  }
  EXPECT_EQ(allocations(), reserved) << "a sort by bits allocated after reserve(capacity, bits)";
}

// Signed and floating-point keys refuse any BitRange but the whole key, before anything is
// written, on both classes.
class SortByBitsKeyKinds : public GlTest {};

TEST_F(SortByBitsKeyKinds, SignedAndFloatKeysRefuseABitRange) {
  const std::size_t count = 50;
  const auto keys = sample_keys(count);
  std::vector<float> floats(keys.begin(), keys.end());
  std::vector<std::int64_t> wide(keys.begin(), keys.end());
  GlBuffer float_buffer(to_bytes(floats)), wide_buffer(to_bytes(wide)), values(to_bytes(make_values(count, 2)));
  expect_refused_unchanged("Sorter<float>", "is for unsigned keys", float_buffer, floats, [&] {
    contract_sorter<Family::sorter, float, std::uint32_t>().sort(float_buffer.name(), values.name(), count,
                                                                 Order::ascending, BitRange{0, 16});
  });
  expect_refused_unchanged("RadixSorter<int64_t>::sort_range", "is for unsigned keys", wide_buffer, wide, [&] {
    contract_sorter<Family::radix, std::int64_t>().sort_range(wide_buffer.name(), 2, count - 2, Order::ascending,
                                                              BitRange{0, 64});
  });
  expect_refused_unchanged("Sorter<int64_t>::sort_indirect", "is for unsigned keys", wide_buffer, wide, [&] {
    contract_sorter<Family::sorter, std::int64_t>().sort_indirect(wide_buffer.name(), values.name(), 0, count,
                                                                  Order::ascending, BitRange{1, 0});
  });
}

}  // namespace
}  // namespace gpusort_test
