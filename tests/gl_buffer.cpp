#include "gl_buffer.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <ios>

namespace gpusort_test {
namespace {

// Restores GL_COPY_{READ,WRITE}_BUFFER so helpers leave no trace in GL state.
class CopyBindingScope {
 public:
  explicit CopyBindingScope(GLenum target)
      : target_(target),
        query_(target == GL_COPY_READ_BUFFER ? GL_COPY_READ_BUFFER_BINDING
                                             : GL_COPY_WRITE_BUFFER_BINDING) {
    GLint previous = 0;
    glGetIntegerv(query_, &previous);
    previous_ = static_cast<GLuint>(previous);
  }
  ~CopyBindingScope() { glBindBuffer(target_, previous_); }
  CopyBindingScope(const CopyBindingScope&) = delete;
  CopyBindingScope& operator=(const CopyBindingScope&) = delete;

 private:
  GLenum target_;
  GLenum query_;
  GLuint previous_ = 0;
};

}  // namespace

GlBuffer::GlBuffer(const Bytes& contents) : size_(contents.size()) {
  CopyBindingScope scope(GL_COPY_WRITE_BUFFER);
  glGenBuffers(1, &name_);
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_);
  // A zero-sized store is legal GL; keep one so the name is a real buffer either way.
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(size_),
               size_ ? contents.data() : nullptr, GL_DYNAMIC_COPY);
}

GlBuffer::~GlBuffer() { glDeleteBuffers(1, &name_); }

Bytes GlBuffer::read() const {
  Bytes bytes(size_);
  if (size_ == 0) return bytes;
  CopyBindingScope scope(GL_COPY_READ_BUFFER);
  glBindBuffer(GL_COPY_READ_BUFFER, name_);
  // Mapped rather than glGetBufferSubData, which OpenGL ES lacks.
  const void* mapped = glMapBufferRange(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(size_), GL_MAP_READ_BIT);
  if (mapped == nullptr) {
    ADD_FAILURE() << "glMapBufferRange of test buffer " << name_ << " failed (GL error 0x" << std::hex
                  << glGetError() << ")";
    return bytes;
  }
  std::memcpy(bytes.data(), mapped, size_);
  glUnmapBuffer(GL_COPY_READ_BUFFER);
  return bytes;
}

GLuint deleted_buffer_name() {
  CopyBindingScope scope(GL_COPY_WRITE_BUFFER);
  GLuint name = 0;
  glGenBuffers(1, &name);
  // Bound once, so that the name is a buffer object before it is deleted.
  glBindBuffer(GL_COPY_WRITE_BUFFER, name);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glDeleteBuffers(1, &name);
  return name;
}

Bytes guard_pattern(std::size_t bytes, std::uint32_t seed) {
  Bytes pattern(bytes);
  std::uint32_t state = seed * 2654435761u + 0x6d2b79f5u;
  for (auto& byte : pattern) {
    // xorshift32: cheap, deterministic, never settles into a short cycle here.
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    byte = static_cast<unsigned char>(state >> 24);
  }
  return pattern;
}

}  // namespace gpusort_test
