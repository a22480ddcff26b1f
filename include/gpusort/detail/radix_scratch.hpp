#pragma once
// RadixSorter's scratch buffers: they belong to the sorter, grow on demand and never shrink.
#include <cstddef>
#include <cstdint>
#include <utility>

namespace gpusort {
namespace detail {

class RadixScratch {
 public:
  enum Slot : int {
    meta,         // count, tickets, indirect arguments, digit histograms (radix_meta_words)
    keys,         // the other half of the key ping-pong
    values,       // the other half of the value ping-pong
    tile_state,   // Onesweep status or reduce-then-scan block offsets
    host_keys,    // sort(std::vector&): the keys on the GPU
    host_values,  // sort(std::vector&, std::vector&): the values on the GPU
    slot_count
  };

  RadixScratch() = default;
  ~RadixScratch() { release(); }
  RadixScratch(RadixScratch&& other) noexcept { *this = std::move(other); }
  RadixScratch& operator=(RadixScratch&& other) noexcept {
    if (this != &other) {
      release();
      for (int i = 0; i < slot_count; ++i) {
        names_[i] = other.names_[i];
        bytes_[i] = other.bytes_[i];
        other.names_[i] = 0;
        other.bytes_[i] = 0;
      }
    }
    return *this;
  }
  RadixScratch(const RadixScratch&) = delete;
  RadixScratch& operator=(const RadixScratch&) = delete;

  /// The buffer of `slot`, grown to at least `bytes` (at least 16). Binds
  /// GL_COPY_WRITE_BUFFER when it allocates (the caller's GlStateBackup restores it).
  GLuint reserve(Slot slot, std::uint64_t bytes) {
    if (bytes < 16) bytes = 16;
    if (names_[slot] == 0) glGenBuffers(1, &names_[slot]);
    if (bytes_[slot] < bytes) {
      glBindBuffer(GL_COPY_WRITE_BUFFER, names_[slot]);
      glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
      bytes_[slot] = bytes;
    }
    return names_[slot];
  }

  /// reserve(), then copies `bytes` bytes of `data` to the buffer's start.
  GLuint upload(Slot slot, const void* data, std::uint64_t bytes) {
    const GLuint name = reserve(slot, bytes);
    glBindBuffer(GL_COPY_WRITE_BUFFER, name);
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    return name;
  }

  GLuint name(Slot slot) const { return names_[slot]; }
  std::uint64_t bytes(Slot slot) const { return bytes_[slot]; }

 private:
  void release() {
    for (int i = 0; i < slot_count; ++i) {
      if (names_[i] != 0) glDeleteBuffers(1, &names_[i]);
      names_[i] = 0;
      bytes_[i] = 0;
    }
  }

  GLuint names_[slot_count] = {};
  std::uint64_t bytes_[slot_count] = {};
};

}  // namespace detail
}  // namespace gpusort
