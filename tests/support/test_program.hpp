#pragma once
// The tests' own small compute programs (a caller's current program, a shader that fills or
// copies keys, the GPU count writer): one GLSL source, one compute shader, linked. A source
// that does not build fails the test with the driver's log instead of leaving a dead program
// that would make a later check pass or fail for the wrong reason.

#include <glad/gl.h>
#include <gtest/gtest.h>

#include <string>

#include "gl_session.hpp"  // glsl_for_test_context

namespace gpusort_test {

// Compiles and links `desktop_source` (written as "#version 430 ...", rewritten for an ES
// context by glsl_for_test_context) as a compute program; the caller deletes it
// (glDeleteProgram). The shader object is deleted here: the program keeps what it needs.
inline GLuint build_test_program(const char* desktop_source) {
  const std::string text = glsl_for_test_context(desktop_source);
  const char* source = text.c_str();
  const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  const GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  glDeleteShader(shader);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    char log[2048] = {};
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    ADD_FAILURE() << "the test's own compute program did not build: " << log;
  }
  return program;
}

// The smallest program there is: a stand-in for the caller's own current program.
inline GLuint build_empty_test_program() {
  return build_test_program("#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() {}\n");
}

}  // namespace gpusort_test
