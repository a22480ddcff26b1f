#include "buffer_refill.hpp"

#include <algorithm>

namespace gpusort_bench {
namespace {

constexpr unsigned kGroupSize = 256;

// Grid-stride loop: the dispatch is capped at the x group-count limit, so one
// dispatch covers any size the bench uses.
const char* const kCopySource = R"(#version 430
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Source { uint source_words[]; };
layout(std430, binding = 1) writeonly buffer Destination { uint destination_words[]; };
uniform uint u_words;
uniform uint u_destination_first;
void main() {
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < u_words; i += stride) {
    destination_words[u_destination_first + i] = source_words[i];
  }
}
)";

}  // namespace

BufferRefill::BufferRefill() : program_(kCopySource) {
  words_location_ = program_.uniform("u_words");
  first_location_ = program_.uniform("u_destination_first");
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &max_groups_);
}

void BufferRefill::copy(GLuint source, GLuint destination, std::size_t words, std::size_t destination_first) {
  if (words == 0) return;
  const std::size_t wanted = (words + kGroupSize - 1) / kGroupSize;
  const auto groups = static_cast<GLuint>(std::min<std::size_t>(wanted, static_cast<std::size_t>(max_groups_)));
  glUseProgram(program_.id());
  glUniform1ui(words_location_, static_cast<GLuint>(words));
  glUniform1ui(first_location_, static_cast<GLuint>(destination_first));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, source);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, destination);
  glDispatchCompute(groups, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
  glUseProgram(0);
}

}  // namespace gpusort_bench
