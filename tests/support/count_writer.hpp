#pragma once
// sort_indirect()'s count, stored by a compute shader as an emitter or culling pass would.
// No barrier after the store on purpose: the sorter must issue the one it needs.

#include <cstddef>
#include <cstdint>

#include "test_program.hpp"

namespace gpusort_test {

class GpuCountWriter {
 public:
  GpuCountWriter()
      : program_(build_test_program(R"(#version 430 core
layout(local_size_x = 1) in;
layout(std430, binding = 5) buffer Counts { uint counts[]; };
layout(location = 0) uniform uint u_word;
layout(location = 1) uniform uint u_count;
void main() { counts[u_word] = u_count; }
)")) {}
  ~GpuCountWriter() { glDeleteProgram(program_); }
  GpuCountWriter(const GpuCountWriter&) = delete;
  GpuCountWriter& operator=(const GpuCountWriter&) = delete;

  // Stores `count` at `byte_offset` (a multiple of 4) of `buffer`; leaves no program or
  // binding behind.
  void write(GLuint buffer, std::size_t byte_offset, std::uint32_t count) {
    glUseProgram(program_);
    glUniform1ui(0, static_cast<GLuint>(byte_offset / 4));
    glUniform1ui(1, count);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, buffer);
    glDispatchCompute(1, 1, 1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, 0);
    glUseProgram(0);
  }

 private:
  GLuint program_ = 0;
};

}  // namespace gpusort_test
