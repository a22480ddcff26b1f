// The streaming copy every pass of a sort is measured against: one uvec4 per invocation, the
// widest access GLSL offers. gpusort_bench (copy/u32x4), gpusort_tuning_probe and
// gpusort_pass_profile share it, so that all of them compare against the same kernel.
// Include it after the GL declarations (glad).
#pragma once

#include <algorithm>
#include <cstddef>

namespace gpusort_bench {

// Bindings: 0 source, 1 destination; uniform 0: the number of uvec4s to copy.
inline constexpr const char* uvec4_copy_source = R"(#version 430 core
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Source { uvec4 source_vectors[]; };
layout(std430, binding = 1) writeonly buffer Destination { uvec4 destination_vectors[]; };
layout(location = 0) uniform uint u_vectors;
void main() {
  uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationIndex;
  if (i < u_vectors) destination_vectors[i] = source_vectors[i];
}
)";

// Workgroups of the copy of `vectors` uvec4s, split over y so that x stays under every GL's
// GL_MAX_COMPUTE_WORK_GROUP_COUNT (65535 at least).
struct CopyGrid {
  unsigned x = 0;
  unsigned y = 0;
};

inline CopyGrid uvec4_copy_grid(std::size_t vectors) {
  const std::size_t groups = (vectors + 255) / 256;
  CopyGrid grid;
  grid.x = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(groups, 32768)));
  grid.y = static_cast<unsigned>((groups + grid.x - 1) / grid.x);
  return grid;
}

// Copies `words` 32-bit words (a multiple of 4) from `from` to `to` with `program` (built from
// uvec4_copy_source) and issues the shader-storage barrier. Leaves no program current.
inline void dispatch_uvec4_copy(GLuint program, GLuint from, GLuint to, std::size_t words) {
  const std::size_t vectors = words / 4;
  const CopyGrid grid = uvec4_copy_grid(vectors);
  glUseProgram(program);
  glUniform1ui(0, static_cast<GLuint>(vectors));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, from);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, to);
  glDispatchCompute(grid.x, grid.y, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glUseProgram(0);
}

}  // namespace gpusort_bench
