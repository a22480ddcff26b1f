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
      immutable_ = other.immutable_;
    }
    return *this;
  }
  RadixScratch(const RadixScratch&) = delete;
  RadixScratch& operator=(const RadixScratch&) = delete;

  /// Where the context has GL 4.4, the GPU-only slots get immutable storage that the CPU
  /// cannot touch (glBufferStorage with no flags): nothing the sorter does to them gives a
  /// driver a reason to keep them anywhere but video memory. (On the H200 a buffer refilled
  /// with glCopyBufferSubData sorted 5x slower; immutable storage keeps a driver's placement
  /// heuristics out of the scratch.)
  void use_immutable_storage(bool immutable) { immutable_ = immutable; }

  /// The buffer of `slot`, grown to at least `bytes` (at least 16; a new buffer when it
  /// grows). Binds GL_COPY_WRITE_BUFFER when it allocates (the caller's GlStateBackup
  /// restores it).
  GLuint reserve(Slot slot, std::uint64_t bytes) {
    if (bytes < 16) bytes = 16;
    if (names_[slot] != 0 && bytes_[slot] >= bytes) return names_[slot];
    const bool host = slot == host_keys || slot == host_values;
    if (names_[slot] != 0) glDeleteBuffers(1, &names_[slot]);
    glGenBuffers(1, &names_[slot]);
    glBindBuffer(GL_COPY_WRITE_BUFFER, names_[slot]);
#if defined(GL_VERSION_4_4) || defined(GL_ARB_buffer_storage)
    if (immutable_ && !host) {
      glBufferStorage(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, 0);
    } else {
      glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
    }
#else
    (void)host;
    glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
#endif
    bytes_[slot] = bytes;
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
  bool immutable_ = false;
};

}  // namespace detail
}  // namespace gpusort
