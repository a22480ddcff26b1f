#pragma once
// Test-owned shader storage buffers. Uploads and read-backs go through the copy
// targets so that the SSBO bindings the library must preserve are never touched here.

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gpusort_test {

using Bytes = std::vector<unsigned char>;

class GlBuffer {
 public:
  explicit GlBuffer(const Bytes& contents);
  ~GlBuffer();
  GlBuffer(const GlBuffer&) = delete;
  GlBuffer& operator=(const GlBuffer&) = delete;

  GLuint name() const { return name_; }
  Bytes read() const;

 private:
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

}  // namespace gpusort_test
