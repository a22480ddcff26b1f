#include "gl_program.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

namespace gpusort_bench {
namespace {

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

}  // namespace

GLuint compile_compute_program(const std::string& source) {
  GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    std::string log = shader_log(shader);
    glDeleteShader(shader);
    throw std::runtime_error("gpusort_bench: compute shader failed to compile:\n" + log);
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  glDeleteShader(shader);  // stays alive while attached
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    std::string log = program_log(program);
    glDeleteProgram(program);
    throw std::runtime_error("gpusort_bench: compute program failed to link:\n" + log);
  }
  return program;
}

Program::Program(const std::string& source) : id_(compile_compute_program(source)) {}

Program::~Program() {
  if (id_ != 0) glDeleteProgram(id_);
}

Program::Program(Program&& other) noexcept : id_(std::exchange(other.id_, 0)) {}

Program& Program::operator=(Program&& other) noexcept {
  if (this != &other) {
    if (id_ != 0) glDeleteProgram(id_);
    id_ = std::exchange(other.id_, 0);
  }
  return *this;
}

GLint Program::uniform(const char* name) const {
  GLint location = glGetUniformLocation(id_, name);
  if (location < 0) {
    throw std::runtime_error(std::string("gpusort_bench: uniform not found: ") + name);
  }
  return location;
}

}  // namespace gpusort_bench
