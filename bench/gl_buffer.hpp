// Move-only owner of one GL buffer name, so cached data sets free their
// device memory when the bench moves on to the next size.
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <utility>

namespace gpusort_bench {

class Buffer {
 public:
  Buffer() = default;
  // Immutable-size storage; `data` may be null. GL_DYNAMIC_COPY because the
  // buffers are written and read only by shaders during the timed loop.
  Buffer(std::size_t bytes, const void* data) : bytes_(bytes) {
    glGenBuffers(1, &id_);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, id_);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_COPY);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  }
  ~Buffer() {
    if (id_ != 0) glDeleteBuffers(1, &id_);
  }
  Buffer(Buffer&& other) noexcept : id_(std::exchange(other.id_, 0)), bytes_(std::exchange(other.bytes_, 0)) {}
  Buffer& operator=(Buffer&& other) noexcept {
    if (this != &other) {
      if (id_ != 0) glDeleteBuffers(1, &id_);
      id_ = std::exchange(other.id_, 0);
      bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  GLuint id() const { return id_; }
  std::size_t bytes() const { return bytes_; }

 private:
  GLuint id_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace gpusort_bench
