// sort_range(): a sub-range of a buffer, everything outside it byte-identical.
// sort_indirect(): the count read from a GPU buffer that a shader wrote, clamped to the
// capacity, with no readback; elements past the count stay byte-identical.
// Both must equal the CPU network on the same elements, pair for pair.

#include <gmock/gmock.h>

#include <algorithm>
#include <cstring>

#include "gl_session.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

// Words of `buffer`'s contents, as the test wrote or the sort left them.
std::vector<std::uint32_t> words_of(const GlBuffer& buffer) {
  const Bytes bytes = buffer.read();
  return from_bytes<std::uint32_t>(bytes, 0, bytes.size() / sizeof(std::uint32_t));
}

std::vector<std::uint32_t> random_words(std::size_t count, std::uint32_t seed) {
  return make_keys<std::uint32_t>(Distribution::random, count, seed);
}

// What the CPU network makes of words [first, first + count) of `keys` (and values),
// reinterpreted as Key; the rest of the vectors unchanged.
template <class Key>
void cpu_sort_words(std::vector<std::uint32_t>& keys, std::vector<std::uint32_t>* values, std::size_t first,
                    std::size_t count, gpusort::Order order) {
  if (count == 0) return;  // memcpy from or to an empty vector's null data() is undefined
  std::vector<Key> slice(count);
  std::memcpy(slice.data(), keys.data() + first, count * sizeof(Key));
  if (values) {
    std::vector<std::uint32_t> value_slice(values->begin() + static_cast<std::ptrdiff_t>(first),
                                           values->begin() + static_cast<std::ptrdiff_t>(first + count));
    gpusort::cpu::bitonic_sort(slice, value_slice, order);
    std::copy(value_slice.begin(), value_slice.end(), values->begin() + static_cast<std::ptrdiff_t>(first));
  } else {
    gpusort::cpu::bitonic_sort(slice, order);
  }
  std::memcpy(keys.data() + first, slice.data(), count * sizeof(Key));
}

::testing::AssertionResult same_words(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) {
      return ::testing::AssertionFailure() << "word " << i << " is " << hex(got[i]) << ", expected " << hex(want[i]);
    }
  }
  return ::testing::AssertionSuccess();
}

template <class Key>
class SortRange : public GlTest {};
using RangeKeyTypes = ::testing::Types<std::uint32_t, float>;
TYPED_TEST_SUITE(SortRange, RangeKeyTypes, KeyTypeNames);

TYPED_TEST(SortRange, OnlyTheRangeChangesAndMatchesTheCpuNetwork) {
  using Key = TypeParam;
  auto& keys_sorter = cached_sorter<Key>();
  auto& pairs_sorter = cached_sorter<Key, std::uint32_t>();
  const std::size_t tile = keys_sorter.tuning().tile_size;
  const std::size_t firsts[] = {0, 1, 3, 4, 5, 17, tile - 1, 1000};
  const std::size_t counts[] = {0, 1, 2, 33, tile + 1, 3 * tile + 5};
  std::uint32_t seed = 1;
  for (std::size_t first : firsts) {
    for (std::size_t count : counts) {
      const auto order = (seed % 2) ? gpusort::Order::descending : gpusort::Order::ascending;
      SCOPED_TRACE("first " + std::to_string(first) + " count " + std::to_string(count) + " " + order_name(order));
      const std::size_t total = first + count + 29;  // 29 words after the range as a guard
      auto keys = make_keys<Key>(Distribution::few_distinct, total, ++seed);
      std::vector<std::uint32_t> key_words(total);
      std::memcpy(key_words.data(), keys.data(), total * sizeof(Key));
      const auto value_words = random_words(total, ++seed);

      GlBuffer key_buffer(to_bytes(key_words));
      keys_sorter.sort_range(key_buffer.name(), first, count, order);
      auto expected = key_words;
      cpu_sort_words<Key>(expected, nullptr, first, count, order);
      ASSERT_TRUE(same_words(words_of(key_buffer), expected));

      GlBuffer pair_keys(to_bytes(key_words));
      GlBuffer pair_values(to_bytes(value_words));
      pairs_sorter.sort_range(pair_keys.name(), pair_values.name(), first, count, order);
      auto expected_keys = key_words;
      auto expected_values = value_words;
      cpu_sort_words<Key>(expected_keys, &expected_values, first, count, order);
      ASSERT_TRUE(same_words(words_of(pair_keys), expected_keys));
      ASSERT_TRUE(same_words(words_of(pair_values), expected_values));
      ASSERT_TRUE(no_gl_error("sort_range"));
    }
  }
}

TEST(SortRangeErrors, RangePastTheBufferIsRefusedAndNothingChanges) {
  gl_context().make_current();
  auto& sorter = cached_sorter<std::uint32_t>();
  const auto words = random_words(100, 3);
  GlBuffer buffer(to_bytes(words));
  try {
    sorter.sort_range(buffer.name(), 90, 11);
    ADD_FAILURE() << "sorted past the end of the buffer";
  } catch (const gpusort::Error& e) {
    EXPECT_THAT(std::string(e.what()), ::testing::HasSubstr("too small"));
  }
  EXPECT_TRUE(same_words(words_of(buffer), words));
  EXPECT_TRUE(no_gl_error("refused sort_range"));
}

// A compute shader stores the count, as an emitter or culling pass would.
class CountWriter {
 public:
  CountWriter() {
    const std::string text = glsl_for_test_context(R"(#version 430 core
layout(local_size_x = 1) in;
layout(std430, binding = 5) buffer Counts { uint counts[]; };
layout(location = 0) uniform uint u_word;
layout(location = 1) uniform uint u_count;
void main() { counts[u_word] = u_count; }
)");
    const char* source = text.c_str();
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    program_ = glCreateProgram();
    glAttachShader(program_, shader);
    glLinkProgram(program_);
    glDeleteShader(shader);
  }
  ~CountWriter() { glDeleteProgram(program_); }

  void write(GLuint buffer, std::size_t byte_offset, std::uint32_t count) {
    glUseProgram(program_);
    glUniform1ui(0, static_cast<GLuint>(byte_offset / 4));
    glUniform1ui(1, count);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, buffer);
    glDispatchCompute(1, 1, 1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, 0);
    glUseProgram(0);
    // No barrier here on purpose: sort_indirect() must issue the one it needs.
  }

 private:
  GLuint program_ = 0;
};

struct IndirectCase {
  std::size_t capacity;
  std::uint32_t count;
  std::size_t offset;
};

// Each case: a shader writes the count, sort_indirect() sorts keys, then pairs; both must
// equal the CPU network on the first min(count, capacity) elements, the rest untouched.
template <class Key>
void check_indirect_cases(gpusort::BitonicSorter<Key>& keys_sorter,
                          gpusort::BitonicSorter<Key, std::uint32_t>& pairs_sorter,
                          const std::vector<IndirectCase>& cases, std::uint32_t seed) {
  CountWriter writer;
  for (const IndirectCase& c : cases) {
    const auto order = (seed % 2) ? gpusort::Order::descending : gpusort::Order::ascending;
    const std::size_t sorted = std::min<std::size_t>(c.count, c.capacity);
    SCOPED_TRACE("capacity " + std::to_string(c.capacity) + " count " + std::to_string(c.count) + " offset " +
                 std::to_string(c.offset) + " " + order_name(order));
    const std::size_t total = c.capacity + 13;  // words past the capacity as a guard
    auto keys = make_keys<Key>(Distribution::few_distinct, total, ++seed);
    std::vector<std::uint32_t> key_words(total);
    std::memcpy(key_words.data(), keys.data(), total * sizeof(Key));
    const auto value_words = random_words(total, ++seed);
    GlBuffer counts(to_bytes(std::vector<std::uint32_t>(32, 0xDEADBEEFu)));

    GlBuffer key_buffer(to_bytes(key_words));
    writer.write(counts.name(), c.offset, c.count);
    keys_sorter.sort_indirect(key_buffer.name(), counts.name(), c.offset, c.capacity, order);
    auto expected = key_words;
    cpu_sort_words<Key>(expected, nullptr, 0, sorted, order);
    ASSERT_TRUE(same_words(words_of(key_buffer), expected));

    GlBuffer pair_keys(to_bytes(key_words));
    GlBuffer pair_values(to_bytes(value_words));
    writer.write(counts.name(), c.offset, c.count);
    pairs_sorter.sort_indirect(pair_keys.name(), pair_values.name(), counts.name(), c.offset, c.capacity, order);
    auto expected_keys = key_words;
    auto expected_values = value_words;
    cpu_sort_words<Key>(expected_keys, &expected_values, 0, sorted, order);
    ASSERT_TRUE(same_words(words_of(pair_keys), expected_keys));
    ASSERT_TRUE(same_words(words_of(pair_values), expected_values));
    ASSERT_TRUE(no_gl_error("sort_indirect"));
  }
}

template <class Key>
class SortIndirect : public GlTest {};
TYPED_TEST_SUITE(SortIndirect, RangeKeyTypes, KeyTypeNames);

TYPED_TEST(SortIndirect, SortsTheCountAShaderWrote) {
  using Key = TypeParam;
  auto& keys_sorter = cached_sorter<Key>();
  auto& pairs_sorter = cached_sorter<Key, std::uint32_t>();
  const std::size_t tile = keys_sorter.tuning().tile_size;
  const std::vector<IndirectCase> cases = {
      {1000, 0, 0},          {1000, 1, 4},           {1000, 2, 8},
      {1000, 37, 12},        {1000, 1000, 0},        {1000, 5000, 0},  // above capacity: clamps
      {8 * tile, 3, 0},      {8 * tile, static_cast<std::uint32_t>(tile + 3), 64},
      {8 * tile, static_cast<std::uint32_t>(5 * tile + 7), 0},
      {8 * tile, static_cast<std::uint32_t>(8 * tile), 4},
      {5 * tile + 1, static_cast<std::uint32_t>(2 * tile), 0},
  };
  check_indirect_cases(keys_sorter, pairs_sorter, cases, 100);
}

// Tiles of 64 make window passes (runs of 4, up to 4 wide steps per sweep) and register
// passes mix within one stage at small counts, and capacities up to the widest tile take
// the single-dispatch program: the GPU-side plan must match the host's.
TYPED_TEST(SortIndirect, WindowPassesFollowTheCount) {
  using Key = TypeParam;
  gpusort::BitonicTuning tuning = test_tuning();
  tuning.tile_size = 64;
  tuning.local_elements = 4;
  tuning.global_elements = 2;
  tuning.window_run = 4;
  gpusort::BitonicSorter<Key> keys_sorter(tuning);
  gpusort::BitonicSorter<Key, std::uint32_t> pairs_sorter(tuning);
  const std::vector<IndirectCase> cases = {
      {10245, 0, 0}, {10245, 3, 4}, {10245, 65, 0}, {10245, 2561, 8}, {10245, 8193, 0}, {10245, 10245, 0},
      {10245, 20000, 12},  // above capacity: clamps
      {1000, 0, 0},  {1000, 5, 4},  {1000, 64, 0},  {1000, 65, 8},  {1000, 1000, 0},  // one dispatch
  };
  check_indirect_cases(keys_sorter, pairs_sorter, cases, 300);
}

TEST(SortIndirectState, LeavesTheDispatchIndirectBindingAndNoError) {
  gl_context().make_current();
  auto& sorter = cached_sorter<std::uint32_t>();
  GlBuffer counts(to_bytes(std::vector<std::uint32_t>{500}));
  GlBuffer callers_indirect(to_bytes(std::vector<std::uint32_t>{1, 1, 1}));
  const auto words = random_words(600, 9);
  GlBuffer keys(to_bytes(words));
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, callers_indirect.name());
  sorter.sort_indirect(keys.name(), counts.name(), 0, 600);
  GLint bound = 0;
  glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), callers_indirect.name());
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
  EXPECT_TRUE(no_gl_error("sort_indirect"));
  auto expected = words;
  std::sort(expected.begin(), expected.begin() + 500);
  EXPECT_TRUE(same_words(words_of(keys), expected));
}

TEST(SortIndirectErrors, BadCountLocationsAreRefusedAndNothingChanges) {
  gl_context().make_current();
  auto& sorter = cached_sorter<std::uint32_t>();
  const auto words = random_words(64, 5);
  GlBuffer keys(to_bytes(words));
  GlBuffer counts(to_bytes(std::vector<std::uint32_t>{10, 20}));
  const auto expect_error = [&](const char* what, const char* substring, auto&& call) {
    SCOPED_TRACE(what);
    try {
      call();
      ADD_FAILURE() << "no gpusort::Error";
    } catch (const gpusort::Error& e) {
      EXPECT_THAT(std::string(e.what()), ::testing::HasSubstr(substring));
    }
    EXPECT_TRUE(same_words(words_of(keys), words));
    EXPECT_TRUE(no_gl_error(what));
  };
  expect_error("unaligned offset", "multiple of 4", [&] { sorter.sort_indirect(keys.name(), counts.name(), 2, 64); });
  expect_error("offset past the count buffer", "too small",
               [&] { sorter.sort_indirect(keys.name(), counts.name(), 8, 64); });
  expect_error("count inside the keys", "inside the elements",
               [&] { sorter.sort_indirect(keys.name(), keys.name(), 16, 64); });
  expect_error("capacity beyond the keys", "too small",
               [&] { sorter.sort_indirect(keys.name(), counts.name(), 0, 65); });
  expect_error("not a buffer", "not a buffer", [&] { sorter.sort_indirect(keys.name(), 987654u, 0, 64); });
}

}  // namespace
}  // namespace gpusort_test
