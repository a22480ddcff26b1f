// Limits and hostile input: counts at and beyond max_count(), counts whose byte size
// overflows size_t, buffers deleted between calls, persistently and non-persistently
// mapped buffers. Every rejection is a gpusort::Error with no GL error and no data change.
//
// A real sort near the shader-storage limit (128 MiB = 32M keys on llvmpipe) takes far
// longer than a test may on llvmpipe; it belongs to the GPU runs (LargeSort, bench).

#include <gmock/gmock.h>

#include <cstring>
#include <limits>

#include "gl_debug_output.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

using ::testing::HasSubstr;

// error_from() inside a GpusortCall: under gpusort_stress_tests.gl_debug a performance message
// raised by the refused call fails the test, as one raised by a sort would.
template <class Call>
std::string gpusort_error(Call&& call) {
  GpusortCall scope("stress: expected error");
  return error_from(std::forward<Call>(call));
}

class StressLimits : public GlTest {};

TEST_F(StressLimits, CountAtAndAboveMaxCount) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<float, std::uint32_t>();
  const std::size_t max_count = sorter.max_count();
  ASSERT_EQ(max_count, kv_sorter.max_count());
  GLint64 block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
  EXPECT_EQ(max_count, std::min<std::size_t>(static_cast<std::size_t>(block) / 4, std::size_t{1} << 31));

  const auto keys = make_keys<std::uint32_t>(Distribution::random, 64, 7);
  GlBuffer small(to_bytes(keys));
  GlBuffer small_values(to_bytes(keys));
  const Bytes before = small.read();
  // At the limit the count is allowed, so the small buffer is what is wrong.
  EXPECT_THAT(gpusort_error([&] { sorter.sort(small.name(), max_count); }), HasSubstr("too small"));
  EXPECT_THAT(gpusort_error([&] { kv_sorter.sort(small.name(), small_values.name(), max_count); }),
              HasSubstr("too small"));
  // One above, the count itself is refused, before the buffer is looked at.
  EXPECT_THAT(gpusort_error([&] { sorter.sort(small.name(), max_count + 1); }), HasSubstr("exceeds"));
  EXPECT_THAT(gpusort_error([&] { kv_sorter.sort(small.name(), small_values.name(), max_count + 1); }),
              HasSubstr("exceeds"));
  EXPECT_TRUE(no_gl_error("sorts at the count limit"));
  EXPECT_TRUE(small.read() == before);
  EXPECT_TRUE(small_values.read() == before);
}

// count * 4 (or * 8 for pairs) wraps around: a size check done in size_t arithmetic
// would see a tiny byte count and pass.
TEST_F(StressLimits, CountsWhoseByteSizeOverflows) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::int32_t, std::uint32_t>();
  const std::size_t max = std::numeric_limits<std::size_t>::max();
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 16, 8);
  GlBuffer buffer(to_bytes(keys));
  GlBuffer values(to_bytes(keys));
  const Bytes before = buffer.read();
  for (std::size_t count : {max, max / 2, max / 2 + 1, max / 4 + 1, max / 8 + 1, max / 4 + 4, std::size_t{1} << 62,
                            std::size_t{1} << 32, (std::size_t{1} << 32) + 3}) {
    SCOPED_TRACE("count " + std::to_string(count));
    EXPECT_THAT(gpusort_error([&] { sorter.sort(buffer.name(), count); }), HasSubstr("exceeds"));
    EXPECT_THAT(gpusort_error([&] { kv_sorter.sort(buffer.name(), values.name(), count); }), HasSubstr("exceeds"));
    EXPECT_EQ(sorter.plan(0).dispatches, 0u);  // plan() of a small count still fine afterwards
  }
  EXPECT_TRUE(no_gl_error("overflowing counts"));
  EXPECT_TRUE(buffer.read() == before);
  EXPECT_TRUE(values.read() == before);
}

TEST_F(StressLimits, BufferDeletedBetweenTwoCalls) {
  auto& sorter = cached_sorter<float>();
  auto& kv_sorter = cached_sorter<float, std::uint32_t>();
  const auto keys = make_keys<float>(Distribution::random, 3000, 9);
  const auto values = make_values(3000, 9);
  auto key_buffer = std::make_unique<GlBuffer>(to_bytes(keys));
  auto value_buffer = std::make_unique<GlBuffer>(to_bytes(values));
  GlBuffer other_keys(to_bytes(keys));
  {
    GpusortCall call("stress: before delete");
    sorter.sort(key_buffer->name(), keys.size());
    kv_sorter.sort(other_keys.name(), value_buffer->name(), keys.size());
  }
  ASSERT_TRUE(no_gl_error("the sorts before the delete"));
  const GLuint deleted_keys = key_buffer->name();
  const GLuint deleted_values = value_buffer->name();
  key_buffer.reset();
  value_buffer.reset();
  const Bytes other_before = other_keys.read();
  EXPECT_THAT(gpusort_error([&] { sorter.sort(deleted_keys, keys.size()); }), HasSubstr("not a buffer"));
  EXPECT_THAT(gpusort_error([&] { kv_sorter.sort(other_keys.name(), deleted_values, keys.size()); }),
              HasSubstr("not a buffer"));
  EXPECT_TRUE(no_gl_error("sorts of deleted buffers"));
  EXPECT_TRUE(other_keys.read() == other_before);
}

// A buffer with immutable storage, mapped persistently and coherently for the whole test:
// shaders may use it while mapped, and after the sort's barrier and a glFinish the
// mapping shows the sorted data.
class PersistentBuffer {
 public:
  explicit PersistentBuffer(const Bytes& contents) : size_(contents.size()) {
    const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    glCreateBuffers(1, &name_);
    glNamedBufferStorage(name_, static_cast<GLsizeiptr>(size_), contents.data(), flags);
    mapped_ = static_cast<unsigned char*>(glMapNamedBufferRange(name_, 0, static_cast<GLsizeiptr>(size_), flags));
  }
  ~PersistentBuffer() {
    if (mapped_) glUnmapNamedBuffer(name_);
    glDeleteBuffers(1, &name_);
  }
  PersistentBuffer(const PersistentBuffer&) = delete;
  PersistentBuffer& operator=(const PersistentBuffer&) = delete;
  GLuint name() const { return name_; }
  bool mapped() const { return mapped_ != nullptr; }
  Bytes through_mapping() const { return Bytes(mapped_, mapped_ + size_); }

 private:
  GLuint name_ = 0;
  std::size_t size_ = 0;
  unsigned char* mapped_ = nullptr;
};

TEST_F(StressLimits, PersistentlyMappedBuffersSort) {
  auto& kv_sorter = cached_sorter<float, std::uint32_t>();
  for (std::size_t count : {std::size_t{1000}, std::size_t{70000}}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const auto seed = static_cast<std::uint32_t>(count);
    const auto keys = make_keys<float>(Distribution::random, count, seed);
    const auto values = make_values(count, seed);
    const Bytes guard = guard_pattern(guard_bytes, seed);
    PersistentBuffer key_buffer(concat(to_bytes(keys), guard));
    PersistentBuffer value_buffer(concat(to_bytes(values), guard));
    ASSERT_TRUE(key_buffer.mapped() && value_buffer.mapped());
    {
      GpusortCall call("stress: persistent mapping");
      kv_sorter.sort(key_buffer.name(), value_buffer.name(), count, gpusort::Order::descending);
    }
    ASSERT_TRUE(no_gl_error("sort of persistently mapped buffers"));
    glFinish();
    const Bytes keys_after = key_buffer.through_mapping();
    const Bytes values_after = value_buffer.through_mapping();
    EXPECT_TRUE(guard_intact(keys_after, count * 4, guard, "key"));
    EXPECT_TRUE(guard_intact(values_after, count * 4, guard, "value"));
    EXPECT_TRUE(sorted_pairs_ok(keys, values, from_bytes<float>(keys_after, 0, count),
                                from_bytes<std::uint32_t>(values_after, 0, count), gpusort::Order::descending));
  }
}

TEST_F(StressLimits, NonPersistentlyMappedValuesAreRefused) {
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  const auto keys = make_keys<std::uint32_t>(Distribution::reversed, 500, 10);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer value_buffer(to_bytes(make_values(500, 10)));
  const Bytes keys_before = key_buffer.read();
  const Bytes values_before = value_buffer.read();
  void* mapped = glMapNamedBufferRange(value_buffer.name(), 0, 500 * 4, GL_MAP_READ_BIT);
  ASSERT_NE(mapped, nullptr);
  const Bytes seen_before(static_cast<unsigned char*>(mapped), static_cast<unsigned char*>(mapped) + 500 * 4);
  EXPECT_THAT(gpusort_error([&] { kv_sorter.sort(key_buffer.name(), value_buffer.name(), 500); }),
              HasSubstr("mapped"));
  EXPECT_TRUE(no_gl_error("sort with mapped values"));
  EXPECT_EQ(std::memcmp(mapped, seen_before.data(), seen_before.size()), 0);
  glUnmapNamedBuffer(value_buffer.name());
  EXPECT_TRUE(key_buffer.read() == keys_before);
  EXPECT_TRUE(value_buffer.read() == values_before);
}

}  // namespace
}  // namespace gpusort_test
