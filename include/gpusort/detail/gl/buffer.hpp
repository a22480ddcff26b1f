#pragma once
// GlBuffer: owns one GL buffer object that gpusort creates for itself (each slot of
// ScratchBuffers, scratch.hpp). Moving hands the name over, so a class holding GlBuffers needs no
// hand-written move operations; deleting needs the creating context (or one sharing with it)
// to be current.
#include <cstddef>
#include <utility>

namespace gpusort {
namespace detail {

class GlBuffer {
 public:
  GlBuffer() = default;
  ~GlBuffer() { release(); }
  GlBuffer(GlBuffer&& other) noexcept
      : name_(std::exchange(other.name_, 0u)), bytes_(std::exchange(other.bytes_, std::size_t{0})) {}
  GlBuffer& operator=(GlBuffer&& other) noexcept {
    if (this != &other) {
      release();
      name_ = std::exchange(other.name_, 0u);
      bytes_ = std::exchange(other.bytes_, std::size_t{0});
    }
    return *this;
  }
  GlBuffer(const GlBuffer&) = delete;
  GlBuffer& operator=(const GlBuffer&) = delete;

  GLuint name() const { return name_; }
  std::size_t bytes() const { return bytes_; }

  /// Replaces the buffer by a new one of exactly `bytes` bytes, contents undefined: with
  /// `immutable` (where the GL headers have glBufferStorage) immutable storage that the CPU
  /// cannot touch, else glBufferData storage. Binds it to GL_COPY_WRITE_BUFFER.
  void allocate(std::size_t bytes, bool immutable) {
    release();
    glGenBuffers(1, &name_);
    glBindBuffer(GL_COPY_WRITE_BUFFER, name_);
#if defined(GL_VERSION_4_4) || defined(GL_ARB_buffer_storage)
    if (immutable) {
      glBufferStorage(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, 0);
    } else {
      glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
    }
#else
    (void)immutable;
    glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
#endif
    bytes_ = bytes;
  }

  /// Deletes the buffer (if any); the next reserve() creates a new one.
  void release() {
    if (name_ != 0) glDeleteBuffers(1, &name_);
    name_ = 0;
    bytes_ = 0;
  }

 private:
  GLuint name_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace detail
}  // namespace gpusort
