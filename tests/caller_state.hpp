#pragma once
// The GL state every sorter call must leave as it found it, as one comparable snapshot (the
// contract and radix API tests take it before and after a call).

#include <glad/gl.h>

#include <string>
#include <vector>

namespace gpusort_test {

// The state a sort must restore: program, SSBO bindings 0 .. 7 (ranges), generic SSBO, copy and
// dispatch-indirect bindings.
struct CallerState {
  GLint program = 0, generic = 0, copy_read = 0, copy_write = 0, indirect = 0;
  std::vector<GLint64> indexed;
  bool operator==(const CallerState& o) const {
    return program == o.program && generic == o.generic && copy_read == o.copy_read && copy_write == o.copy_write &&
           indirect == o.indirect && indexed == o.indexed;
  }
  static CallerState take() {
    CallerState s;
    glGetIntegerv(GL_CURRENT_PROGRAM, &s.program);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &s.generic);
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &s.copy_read);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &s.copy_write);
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &s.indirect);
    for (GLuint i = 0; i < 8; ++i) {
      GLint buffer = 0;
      GLint64 start = 0, size = 0;
      glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, i, &buffer);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, i, &start);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, i, &size);
      s.indexed.insert(s.indexed.end(), {buffer, start, size});
    }
    return s;
  }
  std::string describe() const {
    std::string text = "program " + std::to_string(program) + ", generic SSBO " + std::to_string(generic) +
                       ", copy read/write " + std::to_string(copy_read) + "/" + std::to_string(copy_write) +
                       ", dispatch indirect " + std::to_string(indirect) + ", SSBO 0..7:";
    for (std::size_t i = 0; i < indexed.size(); i += 3) {
      text += " (" + std::to_string(indexed[i]) + " @" + std::to_string(indexed[i + 1]) + "+" +
              std::to_string(indexed[i + 2]) + ")";
    }
    return text;
  }
};

}  // namespace gpusort_test
