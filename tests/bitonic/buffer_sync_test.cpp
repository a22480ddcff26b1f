// GPU-buffer sorts run between the caller's own shaders with no barrier of the caller's:
// sort() must see keys a shader wrote just before (it starts with a shader-storage
// barrier) and a shader just after must see the sorted keys (it ends with one). On a
// software renderer everything is synchronous anyway; on real GPUs this is the test.

#include "gl_session.hpp"
#include "sort_checks.hpp"
#include "test_program.hpp"

namespace gpusort_test {
namespace {

// The same hash on both sides, so the expected keys are known without a readback.
std::uint32_t scramble(std::uint32_t i) {
  std::uint32_t x = i * 0x9e3779b9u;
  x ^= x >> 15;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  return x;
}

const char* const fill_source = R"(#version 430
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Keys { uint keys[]; };
uniform uint u_count;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= u_count) return;
  uint x = i * 0x9e3779b9u;
  x ^= x >> 15;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  keys[i] = x;
}
)";

const char* const copy_source = R"(#version 430
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Src { uint src[]; };
layout(std430, binding = 1) writeonly buffer Dst { uint dst[]; };
uniform uint u_count;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < u_count) dst[i] = src[i];
}
)";

class BufferSync : public GlTest {};

TEST_F(BufferSync, ShaderWritesBeforeAndReadsAfterNeedNoCallerBarrier) {
  auto& sorter = cached_sorter<std::uint32_t>();
  const std::size_t count = 3 * sorter.tuning().tile_size + 17;
  const auto groups = static_cast<GLuint>((count + 63) / 64);
  const GLuint fill = build_test_program(fill_source);
  const GLuint copy = build_test_program(copy_source);
  GlBuffer keys(Bytes(count * 4, 0));
  GlBuffer copied(Bytes(count * 4, 0));

  std::vector<std::uint32_t> expected(count);
  for (std::size_t i = 0; i < count; ++i) expected[i] = scramble(static_cast<std::uint32_t>(i));
  expected = expected_sorted(expected, gpusort::Order::descending);

  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    glUseProgram(fill);
    glUniform1ui(glGetUniformLocation(fill, "u_count"), static_cast<GLuint>(count));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, keys.name());
    glDispatchCompute(groups, 1, 1);
    // No glMemoryBarrier here: sort() owes the caller that one.
    sorter.sort(keys.name(), count, gpusort::Order::descending);
    // Nor here: sort() ends with a shader-storage barrier.
    glUseProgram(copy);
    glUniform1ui(glGetUniformLocation(copy, "u_count"), static_cast<GLuint>(count));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, keys.name());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, copied.name());
    glDispatchCompute(groups, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    ASSERT_TRUE(no_gl_error("fill, sort, copy"));
    EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(copied.read(), 0, count), expected));
    // Scribble over the copy so the next round cannot pass on stale data.
    GlBuffer zeros(Bytes(count * 4, 0));
    glBindBuffer(GL_COPY_READ_BUFFER, zeros.name());
    glBindBuffer(GL_COPY_WRITE_BUFFER, copied.name());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0,
                        static_cast<GLsizeiptr>(count * 4));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }
  glUseProgram(0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
  glDeleteProgram(fill);
  glDeleteProgram(copy);
}

}  // namespace
}  // namespace gpusort_test
