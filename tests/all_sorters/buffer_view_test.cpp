// BufferView: keys, values and indices from byte offsets of their buffers, in every class and
// entry point. Each sort here takes its keys and values as two ranges of one "arena" buffer, at
// offsets that are multiples of the element size but not of 16 or 256 (so every range is bound
// from the aligned offset below it), with sort_indirect()'s count in the same arena: every byte
// of the arena outside the ranges sorted must come back as it was. Ranges that overlap are
// refused, as is an offset that is not a multiple of the element size.

#include <gmock/gmock.h>

#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "contract_support.hpp"
#include "count_writer.hpp"

namespace gpusort_test {
namespace {

using gpusort::BufferView;
using gpusort::Order;
using gpusort::Stability;
using ::testing::HasSubstr;

template <class Case>
class BufferViews : public GlTest {};
TYPED_TEST_SUITE(BufferViews, ContractSampleCases, ContractNames);

// One buffer of guard bytes holding `first + count` keys at byte key_offset, `first + count`
// values at byte value_offset and a 32-bit count at byte count_offset; after a sort, the bytes
// outside [first, first + count) of the keys and values (and the count) must be as they were.
template <class Key>
struct Arena {
  Arena(const std::vector<Key>& keys, const std::vector<std::uint32_t>& values, std::size_t first_elements,
        std::uint32_t seed)
      : first(first_elements), count(keys.size() - first_elements) {
    key_offset = sizeof(Key) * 13;                                     // 104 or 52: not a multiple of 16
    value_offset = key_offset + keys.size() * sizeof(Key) + 4 * 9;     // an odd number of words later
    count_offset = value_offset + values.size() * 4 + 4 * 7;           // outside both
    initial = guard_pattern(count_offset + 4 + 4 * 33, seed);
    std::memcpy(initial.data() + key_offset, keys.data(), keys.size() * sizeof(Key));
    std::memcpy(initial.data() + value_offset, values.data(), values.size() * 4);
    buffer = GlBuffer(initial);
  }

  BufferView keys() const { return BufferView(buffer.name(), key_offset); }
  BufferView values() const { return BufferView(buffer.name(), value_offset); }

  // The sorted keys and values, and whether every other byte (the count's too, unless
  // `count_changes`) is as it was.
  ::testing::AssertionResult read(std::vector<Key>& got_keys, std::vector<std::uint32_t>& got_values,
                                  bool count_changes = false) const {
    const Bytes after = buffer.read();
    const std::size_t key_begin = key_offset + first * sizeof(Key), key_end = key_begin + count * sizeof(Key);
    const std::size_t value_begin = value_offset + first * 4, value_end = value_begin + count * 4;
    for (std::size_t i = 0; i < after.size(); ++i) {
      const bool sorted = (i >= key_begin && i < key_end) || (i >= value_begin && i < value_end) ||
                          (count_changes && i >= count_offset && i < count_offset + 4);
      if (!sorted && after[i] != initial[i])
        return ::testing::AssertionFailure() << "arena byte " << i << " outside the sorted ranges changed";
    }
    got_keys = from_bytes<Key>(after, key_begin, count);
    got_values = from_bytes<std::uint32_t>(after, value_begin, count);
    return ::testing::AssertionSuccess();
  }

  std::size_t first, count, key_offset, value_offset, count_offset;
  Bytes initial;
  GlBuffer buffer;
};

template <class Key>
std::vector<Key> tail(const std::vector<Key>& v, std::size_t first) {
  return std::vector<Key>(v.begin() + static_cast<std::ptrdiff_t>(first), v.end());
}

TYPED_TEST(BufferViews, EveryEntryPointSortsRangesOfOneBuffer) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  GpuCountWriter writer;
  for (std::size_t count : {std::size_t{1003}, contract_crossover + 301}) {
    for (std::size_t first : {std::size_t{0}, std::size_t{5}}) {
      const std::uint32_t seed = static_cast<std::uint32_t>(count + first);
      SCOPED_TRACE(std::string(family_name(F)) + " " + key_name<Key>() + " count " + std::to_string(count) +
                   " first " + std::to_string(first));
      const auto keys = make_keys<Key>(Distribution::few_distinct, first + count, seed);
      const auto values = make_values(first + count, seed);
      std::vector<Key> got_keys;
      std::vector<std::uint32_t> got_values;
      const auto input_keys = tail(keys, first);
      const auto input_values = tail(values, first);
      const Expect unstable = pair_expectation<F>(pairs, count, Stability::unstable);

      {  // keys alone
        Arena<Key> arena(keys, values, first, seed);
        if (first == 0) {
          keys_sorter.sort(arena.keys(), count, Order::descending);
        } else {
          keys_sorter.sort_range(arena.keys(), first, count, Order::descending);
        }
        ASSERT_TRUE(no_gl_error("keys sort"));
        ASSERT_TRUE(arena.read(got_keys, got_values));
        EXPECT_TRUE(keys_ok(input_keys, got_keys, Order::descending)) << "keys alone";
        EXPECT_TRUE(same_bits(got_values, input_values, "values untouched"));
      }
      for (Stability stability : {Stability::unstable, Stability::stable}) {  // pairs
        Arena<Key> arena(keys, values, first, seed);
        if (first == 0) {
          pairs.sort(arena.keys(), arena.values(), count, Order::ascending, stability);
        } else {
          pairs.sort_range(arena.keys(), arena.values(), first, count, Order::ascending, stability);
        }
        ASSERT_TRUE(no_gl_error("pairs sort"));
        ASSERT_TRUE(arena.read(got_keys, got_values));
        const Expect expect = stability == Stability::stable ? Expect::stable : unstable;
        EXPECT_TRUE(pairs_ok(input_keys, input_values, got_keys, got_values, Order::ascending, expect))
            << (stability == Stability::stable ? "stable pairs" : "pairs");
      }
      if (first != 0) continue;
      {  // sort_indirect, the count in the same arena
        Arena<Key> arena(keys, values, 0, seed);
        const std::size_t n = count - 17;
        writer.write(arena.buffer.name(), arena.count_offset, static_cast<std::uint32_t>(n));
        pairs.sort_indirect(arena.keys(), arena.values(), arena.buffer.name(), arena.count_offset, count,
                            Order::descending);
        ASSERT_TRUE(no_gl_error("sort_indirect"));
        ASSERT_TRUE(arena.read(got_keys, got_values, true));
        const Expect expect = pair_expectation<F>(pairs, count, Stability::unstable);
        EXPECT_TRUE(pairs_ok(
            std::vector<Key>(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(n)),
            std::vector<std::uint32_t>(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n)),
            std::vector<Key>(got_keys.begin(), got_keys.begin() + static_cast<std::ptrdiff_t>(n)),
            std::vector<std::uint32_t>(got_values.begin(), got_values.begin() + static_cast<std::ptrdiff_t>(n)),
            Order::descending, expect))
            << "sort_indirect";
        EXPECT_TRUE(same_bits(std::vector<Key>(got_keys.begin() + static_cast<std::ptrdiff_t>(n), got_keys.end()),
                              std::vector<Key>(keys.begin() + static_cast<std::ptrdiff_t>(n), keys.end()),
                              "keys past the GPU's count"));
      }
      {  // sort_indices into a range of the keys' buffer
        Arena<Key> arena(keys, values, 0, seed);
        pairs.sort_indices(arena.keys(), arena.values(), count, Order::ascending);
        ASSERT_TRUE(no_gl_error("sort_indices"));
        ASSERT_TRUE(arena.read(got_keys, got_values));
        std::vector<std::uint32_t> iota(count);
        std::iota(iota.begin(), iota.end(), 0u);
        EXPECT_TRUE(pairs_ok(keys, iota, got_keys, got_values, Order::ascending, Expect::stable)) << "sort_indices";
      }
      if constexpr (F == Family::radix && std::is_unsigned<Key>::value) {  // a BitRange
        Arena<Key> arena(keys, values, 0, seed);
        const gpusort::BitRange bits{0, 16};
        pairs.sort(arena.keys(), arena.values(), count, Order::ascending, bits);
        ASSERT_TRUE(no_gl_error("BitRange sort"));
        ASSERT_TRUE(arena.read(got_keys, got_values));
        std::vector<Key> want_keys = keys;
        std::vector<std::uint32_t> want_values = values;
        radix_oracle(want_keys, &want_values, Order::ascending, bits);
        EXPECT_TRUE(same_bits(got_keys, want_keys, "BitRange keys"));
        EXPECT_TRUE(same_bits(got_values, want_values, "BitRange values"));
      }
    }
  }
}

// Two views of one buffer that share a byte are refused, for keys and values and for
// sort_indices, with nothing written; views that touch without overlapping sort. An offset that
// is not a multiple of the element size is refused.
TYPED_TEST(BufferViews, OverlapsAndMisalignedOffsetsAreRefused) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t count = 600;
  const auto keys = make_keys<Key>(Distribution::random, count, 77);
  const auto values = make_values(count, 77);
  const std::size_t key_bytes = count * sizeof(Key);
  Bytes contents = concat(concat(to_bytes(keys), to_bytes(values)), guard_pattern(64, 78));
  GlBuffer buffer(contents);
  const GLuint b = buffer.name();
  const std::vector<std::pair<std::string, std::function<void()>>> overlaps = {
      {"values inside the keys", [&] { pairs.sort({b, 0}, {b, key_bytes / 2}, count); }},
      {"values ending inside the keys", [&] { pairs.sort({b, 8 * sizeof(Key)}, {b, 0}, count); }},
      {"the same view", [&] { pairs.sort({b, 16}, {b, 16}, count - 8); }},
      {"stable", [&] { pairs.sort({b, 0}, {b, key_bytes - 4}, count, Order::ascending, Stability::stable); }},
      {"sort_range", [&] { pairs.sort_range({b, 0}, {b, 4}, 10, count - 10); }},
      {"sort_indices", [&] { pairs.sort_indices({b, 0}, {b, key_bytes - 4}, count); }},
      {"sort_indirect",
       [&] { pairs.sort_indirect({b, 0}, {b, key_bytes - 4}, b, key_bytes + count * 4, count); }},
  };
  for (const auto& [what, call] : overlaps) {
    SCOPED_TRACE(what);
    EXPECT_THAT(error_from(call), AllOf(HasSubstr("overlap"), HasSubstr("same buffer " + std::to_string(b))));
    EXPECT_TRUE(no_gl_error(what.c_str()));
    EXPECT_TRUE(buffer.read() == contents) << "the buffer changed";
  }
  const std::vector<std::pair<std::string, std::function<void()>>> misaligned = {
      {"keys", [&] { keys_sorter.sort({b, sizeof(Key) / 2}, count - 1); }},
      {"values", [&] { pairs.sort({b, 0}, {b, key_bytes + 2}, count - 1); }},
      {"indices", [&] { pairs.sort_indices({b, 0}, {b, key_bytes + 1}, count - 1); }},
  };
  for (const auto& [what, call] : misaligned) {
    SCOPED_TRACE(what);
    EXPECT_THAT(error_from(call), HasSubstr("not a multiple of the element size"));
    EXPECT_TRUE(no_gl_error(what.c_str()));
    EXPECT_TRUE(buffer.read() == contents) << "the buffer changed";
  }
  // Adjacent views: the values start where the keys end.
  pairs.sort({b, 0}, {b, key_bytes}, count, Order::descending, Stability::stable);
  ASSERT_TRUE(no_gl_error("adjacent views"));
  const Bytes after = buffer.read();
  EXPECT_TRUE(pairs_ok(keys, values, from_bytes<Key>(after, 0, count),
                       from_bytes<std::uint32_t>(after, key_bytes, count), Order::descending, Expect::stable));
  EXPECT_TRUE(guard_intact(after, key_bytes + count * 4, guard_pattern(64, 78), "arena"));
}

}  // namespace
}  // namespace gpusort_test
