#pragma once
// Compiles and links gpusort's compute programs. The #version line and the #defines are
// prepended at run time, so one GLSL source serves every key type and tuning.
#include <string>
#include <vector>

#include "../error.hpp"

namespace gpusort {
namespace detail {

/// Owns a GL program name; deleting needs the creating context (or one sharing with it)
/// to be current.
class GlProgram {
 public:
  GlProgram() = default;
  explicit GlProgram(GLuint name) : name_(name) {}
  ~GlProgram() {
    if (name_ != 0) glDeleteProgram(name_);
  }
  GlProgram(GlProgram&& other) noexcept : name_(other.name_) { other.name_ = 0; }
  GlProgram& operator=(GlProgram&& other) noexcept {
    if (this != &other) {
      if (name_ != 0) glDeleteProgram(name_);
      name_ = other.name_;
      other.name_ = 0;
    }
    return *this;
  }
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  GLuint name() const { return name_; }

 private:
  GLuint name_ = 0;
};

inline std::string shader_info_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(length > 0 ? static_cast<std::size_t>(length) : 0u, '\0');
  if (length > 0) glGetShaderInfoLog(shader, length, nullptr, &log[0]);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

inline std::string program_info_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::string log(length > 0 ? static_cast<std::size_t>(length) : 0u, '\0');
  if (length > 0) glGetProgramInfoLog(program, length, nullptr, &log[0]);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

/// Builds a compute program from `sources` (concatenated in order). Throws Error with
/// the info log on failure and leaves no GL object behind.
inline GlProgram build_compute_program(const char* kernel_name, const std::vector<std::string>& sources) {
  std::vector<const GLchar*> strings;
  std::vector<GLint> lengths;
  for (const std::string& s : sources) {
    strings.push_back(s.c_str());
    lengths.push_back(static_cast<GLint>(s.size()));
  }
  const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  if (shader == 0) {
    throw Error(std::string("glCreateShader(GL_COMPUTE_SHADER) failed for '") + kernel_name +
                "': the context does not support compute shaders; create an OpenGL 4.3+ core context");
  }
  glShaderSource(shader, static_cast<GLsizei>(strings.size()), strings.data(), lengths.data());
  glCompileShader(shader);
  GLint compiled = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
  if (compiled != GL_TRUE) {
    const std::string log = shader_info_log(shader);
    glDeleteShader(shader);
    throw Error(std::string("compiling the '") + kernel_name +
                "' compute shader failed. If you set Tuning::extra_shader_source or unusual tile sizes, "
                "revert them; otherwise report this with your GL_RENDERER. Compiler log:\n" + log);
  }
  GlProgram program(glCreateProgram());
  glAttachShader(program.name(), shader);
  glLinkProgram(program.name());
  glDetachShader(program.name(), shader);
  glDeleteShader(shader);
  GLint linked = GL_FALSE;
  glGetProgramiv(program.name(), GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    throw Error(std::string("linking the '") + kernel_name +
                "' compute program failed (often: the tile needs more shared memory than the device has; "
                "lower Tuning::tile_size). Linker log:\n" + program_info_log(program.name()));
  }
  return program;
}

}  // namespace detail
}  // namespace gpusort
