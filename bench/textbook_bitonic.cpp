#include "textbook_bitonic.hpp"

#include <stdexcept>
#include <string>

namespace gpusort_bench {
namespace {

constexpr std::size_t kGroupSize = 256;
// A power of two below every implementation's x group-count minimum (65535),
// so large sizes split evenly into a 2-D grid.
constexpr std::size_t kMaxGroupsX = 32768;

const char* const kNetworkBody = R"(
layout(local_size_x = 256) in;
layout(std430, binding = 0) buffer Keys { KEY keys[]; };
#ifdef WITH_VALUES
layout(std430, binding = 1) buffer Values { uint values[]; };
#endif
uniform uint u_count;
uniform uint u_block;     // k: size of the bitonic sequences being merged
uniform uint u_distance;  // j: partner distance of this step
void main() {
  uint i = gl_WorkGroupID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x;
  if (i >= u_count) return;
  uint partner = i ^ u_distance;
  if (partner <= i) return;  // the lower index of each pair does the exchange
  KEY a = keys[i];
  KEY b = keys[partner];
  bool ascending = (i & u_block) == 0u;
  if ((a > b) == ascending) {
    keys[i] = b;
    keys[partner] = a;
#ifdef WITH_VALUES
    uint v = values[i];
    values[i] = values[partner];
    values[partner] = v;
#endif
  }
}
)";

std::string network_source(TextbookKey key, bool with_values) {
  std::string source = "#version 430\n";
  source += key == TextbookKey::f32 ? "#define KEY float\n" : "#define KEY uint\n";
  if (with_values) source += "#define WITH_VALUES 1\n";
  return source + kNetworkBody;
}

}  // namespace

TextbookBitonic::TextbookBitonic(TextbookKey key, bool with_values)
    : program_(network_source(key, with_values)), with_values_(with_values) {
  count_location_ = program_.uniform("u_count");
  block_location_ = program_.uniform("u_block");
  distance_location_ = program_.uniform("u_distance");
}

std::size_t TextbookBitonic::steps(std::size_t count) {
  std::size_t log2 = 0;
  while ((std::size_t{1} << log2) < count) ++log2;
  return log2 * (log2 + 1) / 2;
}

void TextbookBitonic::sort(GLuint keys, GLuint values, std::size_t count) {
  if (!supports(count)) {
    throw std::invalid_argument("textbook bitonic sort needs a power-of-two count, got " + std::to_string(count));
  }
  if (count < 2) return;
  const std::size_t groups = (count + kGroupSize - 1) / kGroupSize;
  const std::size_t groups_x = groups < kMaxGroupsX ? groups : kMaxGroupsX;
  const std::size_t groups_y = groups / groups_x;  // exact: both are powers of two

  glUseProgram(program_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, keys);
  if (with_values_) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, values);
  glUniform1ui(count_location_, static_cast<GLuint>(count));
  for (std::size_t block = 2; block <= count; block <<= 1) {
    glUniform1ui(block_location_, static_cast<GLuint>(block));
    for (std::size_t distance = block >> 1; distance > 0; distance >>= 1) {
      glUniform1ui(distance_location_, static_cast<GLuint>(distance));
      glDispatchCompute(static_cast<GLuint>(groups_x), static_cast<GLuint>(groups_y), 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
  if (with_values_) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
  glUseProgram(0);
}

}  // namespace gpusort_bench
