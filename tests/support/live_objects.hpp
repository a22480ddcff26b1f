#pragma once
// The GL objects alive in the current context, to show that a sorter frees what it made and
// that a sort after reserve() allocates nothing. GL has no "list objects" query, so names are
// probed up to just past the next ones the driver would hand out (Mesa counts names up and
// does not reuse them soon; NVIDIA reuses small ones): every live object is below that.

#include <glad/gl.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <string>

namespace gpusort_test {

// One past the highest buffer or program name the driver may have handed out, plus margin.
inline GLuint live_name_limit() {
  GLuint next_buffer = 0;
  glGenBuffers(1, &next_buffer);
  glDeleteBuffers(1, &next_buffer);
  const GLuint next_program = glCreateProgram();
  glDeleteProgram(next_program);
  return std::max(next_buffer, next_program) + 64;
}

// Every live buffer name and its size. The caller's GL_COPY_READ_BUFFER binding is kept.
inline std::map<GLuint, GLint64> live_buffers() {
  const GLuint limit = live_name_limit();
  GLint previous = 0;
  glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &previous);
  std::map<GLuint, GLint64> live;
  for (GLuint name = 1; name <= limit; ++name) {
    if (glIsBuffer(name) != GL_TRUE) continue;
    glBindBuffer(GL_COPY_READ_BUFFER, name);
    glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &live[name]);
  }
  glBindBuffer(GL_COPY_READ_BUFFER, static_cast<GLuint>(previous));
  return live;
}

// Whether `after` holds no buffer that `before` did not hold, at the same size: nothing was
// allocated or grown in between. Buffers may have gone: a sorter deletes the scratch it retired
// (detail/gl/retired.hpp) at a later call, once the sorts that could use it are done.
inline bool no_buffer_allocated(const std::map<GLuint, GLint64>& before, const std::map<GLuint, GLint64>& after) {
  for (const auto& [name, size] : after) {
    const auto found = before.find(name);
    if (found == before.end() || found->second != size) return false;
  }
  return true;
}

// How many buffers, programs and shaders are alive.
struct LiveObjects {
  std::size_t buffers = 0, programs = 0, shaders = 0;
  bool operator==(const LiveObjects& o) const {
    return buffers == o.buffers && programs == o.programs && shaders == o.shaders;
  }
  std::string describe() const {
    return std::to_string(buffers) + " buffers, " + std::to_string(programs) + " programs, " + std::to_string(shaders) +
           " shaders";
  }
  static LiveObjects probe() {
    const GLuint limit = live_name_limit();
    LiveObjects live;
    for (GLuint name = 1; name <= limit; ++name) {
      live.buffers += glIsBuffer(name) == GL_TRUE;
      live.programs += glIsProgram(name) == GL_TRUE;
      live.shaders += glIsShader(name) == GL_TRUE;
    }
    return live;
  }
};

}  // namespace gpusort_test
