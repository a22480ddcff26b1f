#include "gl_buffer.hpp"

#include <sstream>
#include <stdexcept>
#include <utility>

namespace gpusort_support {
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

void check_range(const char* what, GLuint name, std::size_t size, std::size_t first_byte, std::size_t bytes) {
  if (first_byte <= size && bytes <= size - first_byte) return;
  std::ostringstream message;
  message << what << " of bytes [" << first_byte << ", +" << bytes << ") of buffer " << name << ", whose store has "
          << size << " bytes";
  throw std::runtime_error(message.str());
}

}  // namespace

GlBuffer::GlBuffer(std::size_t bytes, const void* contents) : size_(bytes) {
  CopyBindingScope scope(GL_COPY_WRITE_BUFFER);
  glGenBuffers(1, &name_);
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_);
  // A zero-sized store is legal GL; keep one so the name is a real buffer either way.
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(size_), size_ ? contents : nullptr, GL_DYNAMIC_COPY);
}

GlBuffer::~GlBuffer() {
  if (name_ != 0) glDeleteBuffers(1, &name_);
}

GlBuffer::GlBuffer(GlBuffer&& other) noexcept
    : name_(std::exchange(other.name_, 0)), size_(std::exchange(other.size_, 0)) {}

GlBuffer& GlBuffer::operator=(GlBuffer&& other) noexcept {
  if (this != &other) {
    if (name_ != 0) glDeleteBuffers(1, &name_);
    name_ = std::exchange(other.name_, 0);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

void GlBuffer::write(std::size_t first_byte, const void* contents, std::size_t bytes) {
  check_range("write", name_, size_, first_byte, bytes);
  if (bytes == 0) return;
  CopyBindingScope scope(GL_COPY_WRITE_BUFFER);
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_);
  glBufferSubData(GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(first_byte), static_cast<GLsizeiptr>(bytes), contents);
}

Bytes GlBuffer::read() const {
  Bytes bytes(size_);
  read_range(0, size_, bytes.data());
  return bytes;
}

void GlBuffer::read_range(std::size_t first_byte, std::size_t bytes, void* destination) const {
  check_range("read", name_, size_, first_byte, bytes);
  if (bytes == 0) return;
  CopyBindingScope scope(GL_COPY_READ_BUFFER);
  glBindBuffer(GL_COPY_READ_BUFFER, name_);
  const void* mapped = glMapBufferRange(GL_COPY_READ_BUFFER, static_cast<GLintptr>(first_byte),
                                        static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
  if (mapped == nullptr) {
    std::ostringstream message;
    message << "glMapBufferRange of buffer " << name_ << " failed (GL error 0x" << std::hex << glGetError() << ")";
    throw std::runtime_error(message.str());
  }
  std::memcpy(destination, mapped, bytes);
  glUnmapBuffer(GL_COPY_READ_BUFFER);
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

}  // namespace gpusort_support
