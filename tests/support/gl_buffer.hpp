#pragma once
// The one GL buffer object of the tests, the benchmark and the probes (the library keeps its
// own in include/gpusort/detail). Uploads and read-backs go through the copy targets, whose
// bindings are restored, so that the SSBO bindings a sorter must preserve are never touched.

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gpusort_support {

using Bytes = std::vector<unsigned char>;

class GlBuffer {
 public:
  GlBuffer() = default;  // no buffer object: name() is 0
  // A store of `bytes` bytes, filled from `contents` or, where that is null, left undefined.
  // GL_DYNAMIC_COPY: shaders write and read it, the host rarely.
  GlBuffer(std::size_t bytes, const void* contents);
  explicit GlBuffer(const Bytes& contents) : GlBuffer(contents.size(), contents.data()) {}
  ~GlBuffer();
  GlBuffer(GlBuffer&& other) noexcept;
  GlBuffer& operator=(GlBuffer&& other) noexcept;
  GlBuffer(const GlBuffer&) = delete;
  GlBuffer& operator=(const GlBuffer&) = delete;

  GLuint name() const { return name_; }
  std::size_t bytes() const { return size_; }

  void write(std::size_t first_byte, const void* contents, std::size_t bytes);

  // Through a mapping, which OpenGL ES has where it lacks glGetBufferSubData. No barrier is
  // issued: after a shader wrote the buffer, glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT)
  // first (the tests leave that to the sorter, whose closing barrier they check). Throws
  // std::runtime_error when the range lies outside the store or the mapping fails.
  Bytes read() const;
  template <class T>
  std::vector<T> read_as(std::size_t count, std::size_t first_byte = 0) const {
    std::vector<T> elements(count);
    read_range(first_byte, count * sizeof(T), elements.data());
    return elements;
  }

 private:
  void read_range(std::size_t first_byte, std::size_t bytes, void* destination) const;

  GLuint name_ = 0;
  std::size_t size_ = 0;
};

// A name glGenBuffers handed out and that was deleted again: a real-looking name that is not
// a buffer any more. Take it right before the call that uses it: drivers may hand the name out
// again at the next glGenBuffers (NVIDIA does), and then it names a live buffer. The caller's
// GL_COPY_WRITE_BUFFER binding is kept.
GLuint deleted_buffer_name();

// A deterministic, non-repeating byte pattern that no sort could produce by accident.
Bytes guard_pattern(std::size_t bytes, std::uint32_t seed);

template <class T>
Bytes to_bytes(const std::vector<T>& elements) {
  Bytes bytes(elements.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), elements.data(), bytes.size());
  return bytes;
}

template <class T>
std::vector<T> from_bytes(const Bytes& bytes, std::size_t first_byte, std::size_t count) {
  std::vector<T> elements(count);
  if (count) std::memcpy(elements.data(), bytes.data() + first_byte, count * sizeof(T));
  return elements;
}

inline Bytes concat(Bytes head, const Bytes& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

}  // namespace gpusort_support
