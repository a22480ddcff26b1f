// sort_indirect() on all three classes: the count read from a GPU buffer that a shader wrote, at
// any 4-aligned offset, clamped to the capacity, with no readback; the first min(count,
// capacity) elements sorted as the class sorts them (pair_expectation, for the capacity), the
// rest and the words around the count byte-identical. Then the caller's indirect-dispatch
// binding, and the count locations that are refused.

#include <gmock/gmock.h>

#include "contract_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

using IndirectCases = OverEveryFamily<std::uint32_t, float, std::uint64_t>;

template <class Case>
class SortIndirect : public GlTest {};
TYPED_TEST_SUITE(SortIndirect, IndirectCases, ContractNames);

// Capacities around one and many tiles; counts of 0, a few, a tile and more, the capacity and
// beyond it (clamped); the count at offsets 0 to 64.
TYPED_TEST(SortIndirect, SortsTheCountAShaderWrote) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  struct Case {
    std::size_t capacity;
    std::size_t count;
    std::size_t offset;
  };
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs_sorter = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t tile = tile_of<F>(keys_sorter);
  const Case cases[] = {
      {1000, 0, 0},         {1000, 1, 4},         {1000, 2, 8},                 {1000, 37, 12},
      {1000, 1000, 0},      {1000, 5000, 0},      {8 * tile, 3, 0},             {8 * tile, tile + 3, 64},
      {8 * tile, 5 * tile + 7, 0},                {8 * tile, 8 * tile, 4},      {5 * tile + 1, 2 * tile, 0},
      {3 * tile + 5, 33, 4},                      {3 * tile + 5, 3 * tile + 105, 4},
  };
  GpuCountWriter writer;
  std::uint32_t seed = 100;
  for (const Case& c : cases) {
    const Order order = (seed % 2) ? Order::descending : Order::ascending;
    const auto count = static_cast<std::uint32_t>(c.count);
    const auto keys = make_keys<Key>(Distribution::few_distinct, c.capacity, ++seed);
    const auto values = make_values(c.capacity, ++seed);
    SCOPED_TRACE(contract_case<Key>(F, "sort_indirect", c.capacity, order, Distribution::few_distinct, seed) +
                 " count=" + std::to_string(count) + " offset=" + std::to_string(c.offset));
    ASSERT_TRUE(contract_indirect_ok<Key>(
        [&](GLuint k, GLuint, GLuint counts, std::size_t offset) {
          keys_sorter.sort_indirect(k, counts, offset, c.capacity, order);
        },
        writer, CountFrom::shader, keys, nullptr, count, order, Expect::stable, seed, c.offset));
    // The algorithm is chosen for the capacity; the network sorts the counted prefix.
    Expect expect = pair_expectation<F>(pairs_sorter, c.capacity, Stability::unstable);
    if (expect == Expect::network && std::min(c.count, c.capacity) > network_oracle_limit) expect = Expect::permutation;
    ASSERT_TRUE(contract_indirect_ok<Key>(
        [&](GLuint k, GLuint v, GLuint counts, std::size_t offset) {
          pairs_sorter.sort_indirect(k, v, counts, offset, c.capacity, order);
        },
        writer, CountFrom::shader, keys, &values, count, order, expect, seed, c.offset));
  }
}

// The caller's binding, and the refused count locations: 32-bit keys.
template <class Case>
class SortIndirectState : public GlTest {};
template <class Case>
class SortIndirectErrors : public GlTest {};
TYPED_TEST_SUITE(SortIndirectState, OverEveryFamily<std::uint32_t>, ContractNames);
TYPED_TEST_SUITE(SortIndirectErrors, OverEveryFamily<std::uint32_t>, ContractNames);

TYPED_TEST(SortIndirectState, LeavesTheDispatchIndirectBindingAndNoError) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key>();
  GlBuffer counts(to_bytes(std::vector<std::uint32_t>{500}));
  GlBuffer callers_indirect(to_bytes(std::vector<std::uint32_t>{1, 1, 1}));
  const auto keys = make_keys<Key>(Distribution::random, 600, 9);
  GlBuffer key_buffer(to_bytes(keys));
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, callers_indirect.name());
  sorter.sort_indirect(key_buffer.name(), counts.name(), 0, 600);
  GLint bound = 0;
  glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), callers_indirect.name());
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
  EXPECT_TRUE(no_gl_error("sort_indirect"));
  auto expected = keys;
  std::sort(expected.begin(), expected.begin() + 500);
  EXPECT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, keys.size()), expected));
}

// A count beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE from the start of its buffer: only the count's
// word may be bound. Bound whole, the block was cut at the limit on llvmpipe and the network read
// 0 there, sorting nothing. Word 0 holds 0, so a sort that read it sorts nothing either.
TYPED_TEST(SortIndirectState, CountPastTheStorageBlockSizeLimit) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key>();
  GLint64 block_size = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block_size);
  ASSERT_GT(block_size, 0);
  const std::size_t offset = static_cast<std::size_t>(block_size) + 32;
  if (offset > (std::size_t{1} << 31)) GTEST_SKIP() << "a count buffer past a " << block_size << "-byte block limit";
  GlBuffer counts(Bytes(offset + 16, 0));
  const std::uint32_t count = 500;
  glBindBuffer(GL_COPY_WRITE_BUFFER, counts.name());
  glBufferSubData(GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(offset), sizeof count, &count);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  const auto keys = make_keys<Key>(Distribution::random, 600, 19);
  GlBuffer key_buffer(to_bytes(keys));
  sorter.sort_indirect(key_buffer.name(), counts.name(), offset, 600);
  EXPECT_TRUE(no_gl_error("sort_indirect"));
  auto expected = keys;
  std::sort(expected.begin(), expected.begin() + count);
  EXPECT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, keys.size()), expected));
}

// What each dispatch of sort_indirect() has bound at the count's binding point, seen from the
// pass observer: a range that starts at the aligned offset at or below the count and holds no
// more than the alignment's bytes and the count. (The network bound the whole buffer.)
template <class Sorter, class Info>
void expect_count_word_bound(Sorter& sorter, GLuint count_binding) {
  GLint alignment = 4;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  const std::size_t count_offset = 4096 + 36;
  GlBuffer counts(Bytes(65536, 0));
  const std::uint32_t count = 700;
  counts.write(count_offset, &count, sizeof count);
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 1000, 23);
  GlBuffer key_buffer(to_bytes(keys));
  int dispatches = 0;
  sorter.set_pass_observer([&](const Info& info) {
    if (!info.after) return;
    GLint bound = 0;
    GLint64 start = -1, size = -1;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, count_binding, &bound);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, count_binding, &start);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, count_binding, &size);
    if (static_cast<GLuint>(bound) != counts.name()) return;  // a kernel that reads no count
    ++dispatches;
    EXPECT_LE(static_cast<std::size_t>(start), count_offset);
    EXPECT_GT(size, 0) << "the whole count buffer is bound";
    EXPECT_LE(static_cast<std::size_t>(start + size), count_offset + 4 + static_cast<std::size_t>(alignment));
  });
  sorter.sort_indirect(key_buffer.name(), counts.name(), count_offset, keys.size());
  sorter.set_pass_observer({});
  EXPECT_GT(dispatches, 0) << "no dispatch had the count buffer bound";
  EXPECT_TRUE(no_gl_error("sort_indirect"));
  auto expected = keys;
  std::sort(expected.begin(), expected.begin() + count);
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(key_buffer.read(), 0, keys.size()), expected));
}

class SortIndirectBinding : public GlTest {};

TEST_F(SortIndirectBinding, OnlyTheCountWordIsBound) {
  {
    SCOPED_TRACE("BitonicSorter");
    gpusort::BitonicSorter<std::uint32_t> network(test_tuning());
    expect_count_word_bound<decltype(network), gpusort::BitonicPassInfo>(network,
        gpusort::detail::GPUSORT_BITONIC_BINDING_COUNT_BUFFER);
  }
  {
    SCOPED_TRACE("RadixSorter");
    gpusort::RadixSorter<std::uint32_t> radix(radix_test_tuning());
    expect_count_word_bound<decltype(radix), gpusort::RadixPassInfo>(
        radix, gpusort::detail::GPUSORT_RADIX_BINDING_COUNT_BUFFER);
  }
}

TYPED_TEST(SortIndirectErrors, BadCountLocationsAreRefusedAndNothingChanges) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key>();
  const auto keys = sample_keys(64);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer counts(to_bytes(std::vector<std::uint32_t>{10, 20}));
  const auto expect_error = [&](const char* what, const char* substring, auto&& call) {
    expect_refused_unchanged(what, substring, key_buffer, keys, call);
  };
  const GLuint k = key_buffer.name();
  expect_error("unaligned offset", "multiple of 4", [&] { sorter.sort_indirect(k, counts.name(), 2, 64); });
  expect_error("offset past the count buffer", "too small", [&] { sorter.sort_indirect(k, counts.name(), 8, 64); });
  expect_error("count inside the keys", "inside the elements", [&] { sorter.sort_indirect(k, k, 16, 64); });
  expect_error("capacity beyond the keys", "too small", [&] { sorter.sort_indirect(k, counts.name(), 0, 65); });
  expect_error("not a buffer", "not a buffer", [&] { sorter.sort_indirect(k, 987654u, 0, 64); });
}

}  // namespace
}  // namespace gpusort_test
