#include "gl_program.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace particles {
namespace {

std::string info_log(GLuint object, bool is_program) {
  GLint length = 0;
  if (is_program) {
    glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  } else {
    glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  }
  std::vector<char> log(static_cast<std::size_t>(length) + 1, '\0');
  if (is_program) {
    glGetProgramInfoLog(object, length, nullptr, log.data());
  } else {
    glGetShaderInfoLog(object, length, nullptr, log.data());
  }
  return log.data();
}

}  // namespace

GLuint build_program(const char* name, std::initializer_list<std::pair<GLenum, const char*>> stages) {
  const GLuint program = glCreateProgram();
  std::vector<GLuint> shaders;
  for (const auto& [type, source] : stages) {
    const GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
      const std::string log = info_log(shader, false);
      glDeleteShader(shader);
      for (GLuint other : shaders) glDeleteShader(other);
      glDeleteProgram(program);
      throw std::runtime_error(std::string("shader of program '") + name + "' failed to compile:\n" + log);
    }
    glAttachShader(program, shader);
    shaders.push_back(shader);
  }
  glLinkProgram(program);
  // Attached shaders live on with the program; deleting them now frees them together with it.
  for (GLuint shader : shaders) glDeleteShader(shader);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    const std::string log = info_log(program, true);
    glDeleteProgram(program);
    throw std::runtime_error(std::string("program '") + name + "' failed to link:\n" + log);
  }
  return program;
}

}  // namespace particles
