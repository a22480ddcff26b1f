#pragma once
// Backs up the GL state a sort touches and restores it on scope exit, exceptions
// included, in the manner of Dear ImGui's OpenGL 3 backend.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "../device/limits.hpp"
#include "../shader_interface.hpp"

namespace gpusort {
namespace detail {

/// Restores the current program, the generic and indexed shader storage buffer bindings
/// gpusort uses (0 .. GPUSORT_BINDINGS_USED - 1, shader_interface.hpp) that the device has
/// (asking for a binding point past GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS raises
/// GL_INVALID_VALUE; gpusort binds none there), and the GL_COPY_READ/WRITE_BUFFER and
/// GL_DISPATCH_INDIRECT_BUFFER bindings.

class GlStateBackup {
 public:
  explicit GlStateBackup(const DeviceLimits& device)
      : binding_count_(std::min<GLuint>(GPUSORT_BINDINGS_USED, device.max_storage_bindings)) {
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &generic_storage_buffer_);
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &copy_read_buffer_);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &copy_write_buffer_);
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &dispatch_indirect_buffer_);
    for (GLuint i = 0; i < binding_count_; ++i) {
      glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, i, &indexed_[i].buffer);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, i, &indexed_[i].start);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, i, &indexed_[i].size);
    }
  }
  ~GlStateBackup() {
    // A program deleted while current lives only until it is unbound, which the sort did;
    // binding its dead name again would raise GL_INVALID_VALUE, so fall back to none.
    const GLuint program = static_cast<GLuint>(program_);
    glUseProgram(program != 0 && glIsProgram(program) == GL_TRUE ? program : 0);
    for (GLuint i = 0; i < binding_count_; ++i) {
      const IndexedBinding& b = indexed_[i];
      // A size of 0 means the whole buffer was bound with glBindBufferBase.
      if (b.buffer != 0 && b.size != 0) {
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, i, static_cast<GLuint>(b.buffer), static_cast<GLintptr>(b.start),
                          static_cast<GLsizeiptr>(b.size));
      } else {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, static_cast<GLuint>(b.buffer));
      }
    }
    // Indexed binds also set the generic binding, so it is restored after them.
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, static_cast<GLuint>(generic_storage_buffer_));
    glBindBuffer(GL_COPY_READ_BUFFER, static_cast<GLuint>(copy_read_buffer_));
    glBindBuffer(GL_COPY_WRITE_BUFFER, static_cast<GLuint>(copy_write_buffer_));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, static_cast<GLuint>(dispatch_indirect_buffer_));
  }
  GlStateBackup(const GlStateBackup&) = delete;
  GlStateBackup& operator=(const GlStateBackup&) = delete;

 private:
  static constexpr GLuint binding_count = GPUSORT_BINDINGS_USED;
  GLuint binding_count_;
  struct IndexedBinding {
    GLint buffer = 0;
    GLint64 start = 0;
    GLint64 size = 0;
  };
  GLint program_ = 0;
  GLint generic_storage_buffer_ = 0;
  GLint copy_read_buffer_ = 0;
  GLint copy_write_buffer_ = 0;
  GLint dispatch_indirect_buffer_ = 0;
  IndexedBinding indexed_[binding_count];
};

}  // namespace detail
}  // namespace gpusort
