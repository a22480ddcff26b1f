#pragma once
// The GL state every sorter call must leave as it found it, as one snapshot to compare before
// and after a call. Free of gtest and exceptions: the gtest suites (caller_state.hpp) and the
// program built with -fno-exceptions (no_exceptions_program.cpp) share it.

#include <glad/gl.h>

#include <vector>

namespace gpusort_test {

struct SsboBinding {
  GLint buffer = 0;
  GLint64 start = 0;
  GLint64 size = 0;
  bool operator==(const SsboBinding& o) const { return buffer == o.buffer && start == o.start && size == o.size; }
};

// The state a sort must restore: the current program, every indexed SSBO binding (buffer and
// range, all GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS of them), the generic SSBO, copy and
// dispatch-indirect bindings.
struct CallerState {
  GLint program = 0, generic_ssbo = 0, copy_read = 0, copy_write = 0, dispatch_indirect = 0;
  std::vector<SsboBinding> indexed;

  bool operator==(const CallerState& o) const {
    return program == o.program && generic_ssbo == o.generic_ssbo && copy_read == o.copy_read &&
           copy_write == o.copy_write && dispatch_indirect == o.dispatch_indirect && indexed == o.indexed;
  }

  static CallerState take() {
    CallerState state;
    glGetIntegerv(GL_CURRENT_PROGRAM, &state.program);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &state.generic_ssbo);
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &state.copy_read);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &state.copy_write);
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &state.dispatch_indirect);
    GLint bindings = 0;
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &bindings);
    for (GLint i = 0; i < bindings; ++i) {
      SsboBinding b;
      const auto index = static_cast<GLuint>(i);
      glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, index, &b.buffer);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, index, &b.start);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &b.size);
      state.indexed.push_back(b);
    }
    return state;
  }
};

}  // namespace gpusort_test
