// Caller-supplied sizes at the extremes of size_t (SIZE_MAX, SIZE_MAX - 3, 2^63, 2^32,
// 2^32 - 1): counts, firsts, capacities and count offsets whose arithmetic could wrap, or
// whose casts to 32 bits could truncate. Each must be refused with a gpusort::Error that
// says what is wrong, before anything is written (the caller's buffers read back
// unchanged), and with no GL error left pending.

#include <gmock/gmock.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
constexpr std::size_t two_32 = std::size_t{1} << 32;
constexpr std::size_t two_63 = std::size_t{1} << 63;

class SizeOverflow : public GlTest {};

// 64 keys and values in buffers, and a 16-byte count buffer (any count in it sorts all 64),
// for the calls that must be refused; unchanged() says whether the bytes of all three are as before.
struct Sample {
  explicit Sample(std::uint32_t value_seed)
      : key_buffer(to_bytes(sample_keys(64))),
        value_buffer(to_bytes(make_values(64, value_seed))),
        count_buffer(to_bytes(std::vector<std::uint32_t>{64, 64, 64, 64})),
        keys(key_buffer.name()),
        values(value_buffer.name()),
        counts(count_buffer.name()),
        before{key_buffer.read(), value_buffer.read(), count_buffer.read()} {}

  ::testing::AssertionResult unchanged() const {
    const char* names[] = {"keys", "values", "count buffer"};
    const GlBuffer* buffers[] = {&key_buffer, &value_buffer, &count_buffer};
    for (int i = 0; i < 3; ++i) {
      if (buffers[i]->read() != before[i]) return ::testing::AssertionFailure() << names[i] << " changed";
    }
    return ::testing::AssertionSuccess();
  }

  GlBuffer key_buffer, value_buffer, count_buffer;
  GLuint keys, values, counts;  // the buffers' names
  Bytes before[3];
};

// The issue: (count_offset / 4 + 1) * 4 wrapped to 0 for count_offset = SIZE_MAX - 3, so
// the size check passed and the shader read word 0xFFFFFFFF of a 16-byte buffer. Every
// 4-aligned offset past the buffer must be refused the same way; unaligned ones are refused
// for their alignment first.
TEST_F(SizeOverflow, SortIndirectCountOffsetPastTheBuffer) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  Sample sample(5);

  for (std::size_t offset : {size_max - 3, size_max - 7, two_63, std::size_t{1} << 34, two_32, two_32 - 4,
                             std::size_t{16}}) {
    SCOPED_TRACE("count_offset " + std::to_string(offset));
    const auto expected = AllOf(HasSubstr("count buffer " + std::to_string(sample.counts) + " is too small"),
                                HasSubstr("count_offset " + std::to_string(offset)), HasSubstr("at most 12"));
    EXPECT_THAT(error_from([&] { sorter.sort_indirect(sample.keys, sample.counts, offset, 64); }), expected);
    EXPECT_THAT(error_from([&] { kv_sorter.sort_indirect(sample.keys, sample.values, sample.counts, offset, 64); }),
                expected);
    EXPECT_TRUE(no_gl_error("sort_indirect with a count_offset past the buffer"));
    EXPECT_TRUE(sample.unchanged());
  }
  // SIZE_MAX and 2^32 - 1 are not multiples of 4: the alignment check answers first.
  for (std::size_t offset : {size_max, two_32 - 1}) {
    SCOPED_TRACE("count_offset " + std::to_string(offset));
    EXPECT_THAT(error_from([&] { sorter.sort_indirect(sample.keys, sample.counts, offset, 64); }),
                AllOf(HasSubstr("count_offset " + std::to_string(offset)), HasSubstr("multiple of 4")));
    EXPECT_TRUE(no_gl_error("sort_indirect with an unaligned count_offset"));
    EXPECT_TRUE(sample.unchanged());
  }
}

// A count buffer of 2^34 + 16 bytes (skipped where the driver cannot make one: llvmpipe
// answers GL_OUT_OF_MEMORY). Only the count's word is bound, from the aligned offset below it;
// bound at 2^34, the H200 sorted the 64 keys descending (2026-11-29, not understood), so counts
// beyond 2^32 - 4 bytes into their buffer are refused, naming the limit. Word 0 holds 64, so a
// sort that read it would sort the keys.
TEST_F(SizeOverflow, SortIndirectCountBeyondFourGibibytesIsRefused) {
  constexpr std::size_t big_offset = std::size_t{1} << 34;
  constexpr std::size_t big_bytes = big_offset + 16;
  auto& sorter = cached_sorter<std::uint32_t>();
  const auto keys = sample_keys(64);
  GlBuffer key_buffer(to_bytes(keys));
  const Bytes keys_before = key_buffer.read();

  struct BigBuffer {
    GLuint name = 0;
    ~BigBuffer() { glDeleteBuffers(1, &name); }
  } counts;
  glGenBuffers(1, &counts.name);
  glBindBuffer(GL_COPY_WRITE_BUFFER, counts.name);
  // A refusal (GL_OUT_OF_MEMORY) is expected on some drivers: keep it out of the debug
  // output that GPUSORT_TEST_GL_DEBUG=1 turns into failures.
  const GLboolean debug_output = glIsEnabled(GL_DEBUG_OUTPUT);
  if (debug_output) glDisable(GL_DEBUG_OUTPUT);
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(big_bytes), nullptr, GL_DYNAMIC_COPY);
  GLint64 size = 0;
  glGetBufferParameteri64v(GL_COPY_WRITE_BUFFER, GL_BUFFER_SIZE, &size);
  const GLenum allocation_error = glGetError();
  if (debug_output) glEnable(GL_DEBUG_OUTPUT);
  if (allocation_error != GL_NO_ERROR || static_cast<std::uint64_t>(size) != big_bytes) {
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    GTEST_SKIP() << "the driver cannot make a buffer of 2^34 + 16 bytes (glGetError() = " << hex(allocation_error)
                 << ", GL_BUFFER_SIZE = " << size << ")";
  }
  const std::uint32_t words[4] = {64, 64, 64, 64};
  glBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof words, words);
  glBufferSubData(GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(big_offset), sizeof words, words);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  ASSERT_TRUE(no_gl_error("filling the 2^34 + 16 byte count buffer"));

  for (std::size_t offset : {std::size_t{1} << 32, big_offset, big_offset + 12}) {
    SCOPED_TRACE("count_offset " + std::to_string(offset));
    EXPECT_THAT(error_from([&] { sorter.sort_indirect(key_buffer.name(), counts.name, offset, 64); }),
                AllOf(HasSubstr("count_offset " + std::to_string(offset)), HasSubstr("at most 4294967292")));
    EXPECT_TRUE(no_gl_error("sort_indirect with a count beyond 4 GiB"));
    EXPECT_TRUE(key_buffer.read() == keys_before) << "keys changed";
  }
}

// plan() did no count check: ceil_log2 of a count above 2^63 never ends (1 << 64), and
// (count + tile - 1) / tile wrapped. Like sort(), it must refuse counts above max_count().
TEST_F(SizeOverflow, PlanOfCountsBeyondMaxCount) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  ASSERT_LT(sorter.max_count(), two_32 - 1);
  EXPECT_NO_THROW((void)sorter.plan(sorter.max_count()));
  // Largest last: before the fix SIZE_MAX hung.
  for (std::size_t count : {sorter.max_count() + 1, two_32 - 1, two_32, two_63, size_max - 3, size_max}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const auto expected = AllOf(HasSubstr("count " + std::to_string(count) + " exceeds"),
                                HasSubstr(std::to_string(sorter.max_count())));
    EXPECT_THAT(error_from([&] { (void)sorter.plan(count); }), expected);
    EXPECT_THAT(error_from([&] { (void)kv_sorter.plan(count); }), expected);
  }
  EXPECT_TRUE(no_gl_error("plan() of counts beyond max_count()"));
}

// Already safe (the count is checked against max_count() <= 2^31 before any arithmetic):
// every entry point that takes a count or capacity refuses these, data unchanged.
TEST_F(SizeOverflow, CountsAndCapacitiesAtTheExtremes) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  Sample sample(6);

  for (std::size_t n : {size_max, size_max - 3, two_63, two_32, two_32 - 1}) {
    SCOPED_TRACE("count " + std::to_string(n));
    const auto exceeds = AllOf(HasSubstr(std::to_string(n) + " exceeds"), HasSubstr("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"));
    EXPECT_THAT(error_from([&] { sorter.sort(sample.keys, n); }), exceeds);
    EXPECT_THAT(error_from([&] { kv_sorter.sort(sample.keys, sample.values, n); }), exceeds);
    EXPECT_THAT(error_from([&] {
                  kv_sorter.sort(sample.keys, sample.values, n, gpusort::Order::ascending, gpusort::Stability::stable);
                }),
                exceeds);
    EXPECT_THAT(error_from([&] { kv_sorter.sort_indices(sample.keys, sample.values, n); }), exceeds);
    EXPECT_THAT(error_from([&] { sorter.sort_range(sample.keys, 0, n); }), exceeds);
    EXPECT_THAT(error_from([&] { sorter.sort_indirect(sample.keys, sample.counts, 0, n); }), exceeds);
    EXPECT_THAT(error_from([&] { kv_sorter.sort_indirect(sample.keys, sample.values, sample.counts, 0, n); }),
                exceeds);
    EXPECT_THAT(error_from([&] { sorter.prepare(n); }), exceeds);
    EXPECT_THAT(error_from([&] { kv_sorter.prepare(n, gpusort::Stability::stable); }), exceeds);
    EXPECT_THAT(error_from([&] { sorter.prepare_indirect(n); }), exceeds);
    EXPECT_TRUE(no_gl_error("calls with counts at the extremes"));
    EXPECT_TRUE(sample.unchanged());
  }
}

// Already safe (first + count is compared against 2^32 - 1 without forming the sum):
// ranges that start at the extremes are refused, data unchanged.
TEST_F(SizeOverflow, SortRangeFirstAtTheExtremes) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  Sample sample(7);

  for (std::size_t first : {size_max, size_max - 3, two_63, two_32, two_32 - 1}) {
    for (std::size_t count : {std::size_t{1}, std::size_t{64}}) {
      SCOPED_TRACE("first " + std::to_string(first) + " count " + std::to_string(count));
      const auto refused = AllOf(HasSubstr("elements " + std::to_string(first) + " .. "),
                                 HasSubstr("cannot be bound as one shader storage block"));
      EXPECT_THAT(error_from([&] { sorter.sort_range(sample.keys, first, count); }), refused);
      EXPECT_THAT(error_from([&] { kv_sorter.sort_range(sample.keys, sample.values, first, count); }), refused);
      EXPECT_THAT(error_from([&] {
                    kv_sorter.sort_range(sample.keys, sample.values, first, count, gpusort::Order::ascending,
                                         gpusort::Stability::stable);
                  }),
                  refused);
      EXPECT_TRUE(no_gl_error("sort_range from a first at the extremes"));
      EXPECT_TRUE(sample.unchanged());
    }
  }
  // An empty range at 2^32 - 1 is addressable, but far past this buffer: its size says so.
  EXPECT_THAT(error_from([&] { sorter.sort_range(sample.keys, two_32 - 1, 0); }),
              AllOf(HasSubstr("too small"), HasSubstr(std::to_string((two_32 - 1) * 4) + " bytes")));
  EXPECT_TRUE(no_gl_error("an empty sort_range at 2^32 - 1"));
  EXPECT_TRUE(sample.unchanged());
}

// Already safe: a FileProgramCache entry whose header claims a length at the extremes is
// a miss (the length must equal the file's size less the header; nothing is allocated for
// it), and the caller's binary and format stay as they were. FileProgramCache never throws.
TEST_F(SizeOverflow, ProgramCacheHeaderLengthsAtTheExtremesAreMisses) {
  namespace fs = std::filesystem;
  const fs::path directory =
      fs::temp_directory_path() / ("gpusort-size-overflow-test-" + std::to_string(std::random_device{}()) + "-" +
                                   std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  struct RemoveAll {
    fs::path path;
    ~RemoveAll() {
      std::error_code error;
      fs::remove_all(path, error);
    }
  } cleanup{directory};
  gpusort::FileProgramCache cache(directory);
  const std::string key = "local_sort-00000000000000aa";
  const std::vector<std::uint8_t> stored(100, 0x5A);
  const std::vector<std::uint8_t> callers(3, 0xC3);
  for (std::uint64_t length : {std::uint64_t{size_max}, std::uint64_t{size_max - 3}, std::uint64_t{two_63},
                               std::uint64_t{two_32}, std::uint64_t{two_32 - 1}}) {
    SCOPED_TRACE("length " + std::to_string(length));
    cache.store(key, stored, 1);
    std::vector<char> bytes;
    {
      std::ifstream in(cache.entry_path(key), std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    // Layout 2: a 32-byte header, the key, the payload, a 32-byte SHA-256.
    ASSERT_EQ(bytes.size(), 32u + key.size() + stored.size() + 32u);
    std::memcpy(bytes.data() + 16, &length, sizeof length);  // the header's payload length
    {
      std::ofstream out(cache.entry_path(key), std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    std::vector<std::uint8_t> binary = callers;
    std::uint32_t format = 77;
    EXPECT_FALSE(cache.load(key, binary, format));
    EXPECT_EQ(binary, callers);
    EXPECT_EQ(format, 77u);
  }
}

}  // namespace
}  // namespace gpusort_test
