// A Gaussian-splat frame as a renderer runs it: a culling compute shader writes each visible
// splat's view depth (float key) and index (u32 value) through an atomic counter, and the
// front door sorts them back to front with sort_indirect(), the count read on the GPU. Splats
// lie on a few depth planes, so most keys are exactly equal to many others and the rest are
// a few ulps apart: stability decides most of the order. The result is compared exactly
// with std::stable_sort of what the culling shader wrote (snapshotted on the GPU before the
// sort), and nothing past the visible count may change.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "radix_support.hpp"

namespace gpusort_test {
namespace {

// Bindings 0 positions (xyz, w < 0: culled), 1 depths, 2 indices, 3 the counter block (the
// count is its fourth word, byte offset 12).
constexpr const char* cull_source = R"(#version 430 core
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) writeonly buffer Depths { float depths[]; };
layout(std430, binding = 2) writeonly buffer Indices { uint indices[]; };
layout(std430, binding = 3) buffer Counter { uint header[3]; uint visible; };
layout(location = 0) uniform uint u_count;
layout(location = 1) uniform vec3 u_eye;
layout(location = 2) uniform vec3 u_forward;
void main() {
  uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationIndex;
  if (i >= u_count) return;
  vec4 p = positions[i];
  float depth = dot(p.xyz - u_eye, u_forward);
  if (p.w < 0.0 || depth <= 0.0) return;
  uint slot = atomicAdd(visible, 1u);
  depths[slot] = depth;
  indices[slot] = i;
}
)";

constexpr std::uint32_t guard_word = 0xDEADBEEFu;

// Splats on 48 planes of z, some nudged by a few ulps; about a fifth flagged culled.
std::vector<float> splat_positions(std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> lateral(-50.0f, 50.0f);
  std::vector<float> xyzw(count * 4);
  for (std::size_t i = 0; i < count; ++i) {
    float z = -4.0f + 0.25f * static_cast<float>(rng() % 48u);
    for (std::uint32_t nudge = rng() % 8u; nudge > 3u; --nudge) z = std::nextafter(z, 100.0f);
    xyzw[4 * i + 0] = lateral(rng);
    xyzw[4 * i + 1] = lateral(rng);
    xyzw[4 * i + 2] = z;
    xyzw[4 * i + 3] = rng() % 5u == 0u ? -1.0f : 1.0f;
  }
  return xyzw;
}

void copy_words(GLuint from, GLuint to, std::size_t words) {
  glBindBuffer(GL_COPY_READ_BUFFER, from);
  glBindBuffer(GL_COPY_WRITE_BUFFER, to);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(words * 4));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

// Culls `count` splats seen from `eye` looking along +z into depths/indices and the counter.
void cull(GLuint program, GLuint positions, GLuint depths, GLuint indices, GLuint counter, std::size_t count,
          float eye_z) {
  const std::uint32_t zero_header[4] = {7u, 7u, 7u, 0u};
  glBindBuffer(GL_COPY_WRITE_BUFFER, counter);
  glBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof(zero_header), zero_header);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glUseProgram(program);
  glUniform1ui(0, static_cast<GLuint>(count));
  glUniform3f(1, 0.0f, 0.0f, eye_z);
  glUniform3f(2, 0.0f, 0.0f, 1.0f);
  const GLuint buffers[4] = {positions, depths, indices, counter};
  for (GLuint b = 0; b < 4; ++b) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, buffers[b]);
  const std::size_t groups = (count + 255) / 256;
  const GLuint x = static_cast<GLuint>(std::min<std::size_t>(groups, 32768));
  glDispatchCompute(x, static_cast<GLuint>((groups + x - 1) / x), 1);
  // No barrier here: sort_indirect() must issue the one its count and keys need.
  for (GLuint b = 0; b < 4; ++b) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, 0);
  glUseProgram(0);
}

class SplatWorkload : public GlTest, public ::testing::WithParamInterface<std::size_t> {};

TEST_P(SplatWorkload, CulledDepthsSortBackToFrontThroughTheFrontDoor) {
  const std::size_t capacity = GetParam();
  gl_context();
  const gpusort::detail::GlProgram program = gpusort::detail::build_compute_program("splat_cull", {glsl_for_test_context(cull_source)});
  const std::vector<float> xyzw = splat_positions(capacity, static_cast<std::uint32_t>(capacity));
  GlBuffer positions(to_bytes(xyzw));
  const Bytes guards = to_bytes(std::vector<std::uint32_t>(capacity, guard_word));
  GlBuffer depths(guards), indices(guards), depths_before(guards), indices_before(guards);
  GlBuffer counter(to_bytes(std::vector<std::uint32_t>(4, 0u)));
  gpusort::Sorter<float, std::uint32_t> sorter;
  sorter.reserve(capacity);
  std::printf("  %zu splats: %s\n", capacity,
              sorter.algorithm_for(capacity) == gpusort::Algorithm::radix ? "radix" : "bitonic");
  // Two frames from different eyes: the second re-sorts what the first left behind.
  for (float eye_z : {-10.0f, 1.0f}) {
    cull(program.name(), positions.name(), depths.name(), indices.name(), counter.name(), capacity, eye_z);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    copy_words(depths.name(), depths_before.name(), capacity);
    copy_words(indices.name(), indices_before.name(), capacity);
    sorter.sort_indirect(depths.name(), indices.name(), counter.name(), 12, capacity, gpusort::Order::descending);
    ASSERT_TRUE(no_gl_error("splat frame"));
    const std::size_t visible = from_bytes<std::uint32_t>(counter.read(), 12, 1)[0];
    ASSERT_GT(visible, capacity / 4) << "the culling shader should keep most splats";
    ASSERT_LE(visible, capacity);
    std::vector<float> want_depths = from_bytes<float>(depths_before.read(), 0, visible);
    std::vector<std::uint32_t> want_indices = from_bytes<std::uint32_t>(indices_before.read(), 0, visible);
    radix_oracle(want_depths, &want_indices, gpusort::Order::descending);
    const Bytes got_depths = depths.read(), got_indices = indices.read();
    EXPECT_TRUE(same_bits(from_bytes<float>(got_depths, 0, visible), want_depths, "depths"));
    EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(got_indices, 0, visible), want_indices, "indices"));
    // Past the count: still what the culling shader left there.
    EXPECT_TRUE(std::equal(got_depths.begin() + visible * 4, got_depths.end(), depths_before.read().begin() + visible * 4));
    EXPECT_TRUE(std::equal(got_indices.begin() + visible * 4, got_indices.end(), indices_before.read().begin() + visible * 4));
    // Many equal keys: stability decided most of the order.
    std::size_t ties = 0;
    for (std::size_t i = 1; i < visible; ++i) ties += want_depths[i] == want_depths[i - 1];
    EXPECT_GT(ties, visible / 2);
  }
}

// 1 M and 6 M splats, as a splat renderer sorts each frame (not multiples of any tile).
INSTANTIATE_TEST_SUITE_P(Sizes, SplatWorkload, ::testing::Values(std::size_t{1000003}, std::size_t{6000000}));

}  // namespace
}  // namespace gpusort_test
