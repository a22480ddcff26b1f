#pragma once
// GlBuffer: owns one GL buffer object that gpusort creates for itself (each slot of
// ScratchBuffers, scratch.hpp); the one place where gpusort allocates GPU memory. Moving hands
// the name over, so a class holding GlBuffers needs no hand-written move operations; deleting
// needs the creating context (or one sharing with it) to be current.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "../status.hpp"
#include "counters.hpp"
#include "delete_hold.hpp"
#include "errors.hpp"

namespace gpusort {
namespace detail {

class GlBuffer {
 public:
  GlBuffer() = default;
  ~GlBuffer() { release(); }
  GlBuffer(GlBuffer&& other) noexcept
      : name_(std::exchange(other.name_, 0u)), bytes_(std::exchange(other.bytes_, std::uint64_t{0})) {}
  GlBuffer& operator=(GlBuffer&& other) noexcept {
    if (this != &other) {
      release();
      name_ = std::exchange(other.name_, 0u);
      bytes_ = std::exchange(other.bytes_, std::uint64_t{0});
    }
    return *this;
  }
  GlBuffer(const GlBuffer&) = delete;
  GlBuffer& operator=(const GlBuffer&) = delete;

  GLuint name() const { return name_; }
  std::uint64_t bytes() const { return bytes_; }

  /// Replaces the buffer by a new one of exactly `bytes` bytes, contents undefined: with
  /// `immutable` (where the GL headers have glBufferStorage) immutable storage that the CPU
  /// cannot touch, else glBufferData storage. Binds it to GL_COPY_WRITE_BUFFER. Fails, keeping
  /// no buffer and leaving no GL error behind, where the device does not give the storage.
  Status allocate(std::uint64_t bytes, bool immutable) {
    release();
    if (bytes > static_cast<std::uint64_t>((std::numeric_limits<GLsizeiptr>::max)()))
      return fail("a scratch buffer of " + std::to_string(bytes) + " bytes exceeds what GL can allocate here");
    const auto size = static_cast<GLsizeiptr>(bytes);
    glGenBuffers(1, &name_);
    glBindBuffer(GL_COPY_WRITE_BUFFER, name_);
    ++buffer_allocation_count();
#if defined(GL_VERSION_4_4) || defined(GL_ARB_buffer_storage)
    if (immutable) {
      glBufferStorage(GL_COPY_WRITE_BUFFER, size, nullptr, 0);
    } else {
      glBufferData(GL_COPY_WRITE_BUFFER, size, nullptr, GL_DYNAMIC_COPY);
    }
#else
    (void)immutable;
    glBufferData(GL_COPY_WRITE_BUFFER, size, nullptr, GL_DYNAMIC_COPY);
#endif
    // A refused allocation (GL_OUT_OF_MEMORY) leaves the new buffer without storage: asking its
    // size finds that without glGetError, which would also take errors the caller left pending.
    GLint64 given = 0;
    glGetBufferParameteri64v(GL_COPY_WRITE_BUFFER, GL_BUFFER_SIZE, &given);
    if (given != size) {
      release();
      // The refusal's own error must not stay behind.
      return fail("the device refused " + std::to_string(bytes) + " bytes of scratch memory" + take_gl_errors() +
                  " (out of GPU memory?): sort fewer elements per call, or give the sorter memory of your own "
                  "with use_scratch()");
    }
    bytes_ = bytes;
    return {};
  }

  /// Deletes the buffer (if any); the next allocate() creates a new one.
  void release() {
    if (name_ != 0 && gl_deletes_held() == 0) glDeleteBuffers(1, &name_);
    name_ = 0;
    bytes_ = 0;
  }

 private:
  GLuint name_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace detail
}  // namespace gpusort
