#pragma once
// RadixSorter's scratch buffers: they belong to the sorter, grow on demand and never shrink.
#include <cstddef>
#include <cstdint>

#include "../gl/buffer.hpp"

namespace gpusort {
namespace detail {

class RadixScratch {
 public:
  enum Slot : int {
    meta,         // count, tickets, indirect arguments, digit histograms (GPUSORT_RADIX_META_WORDS)
    keys,         // the other half of the key ping-pong
    values,       // the other half of the value ping-pong
    tile_state,   // Onesweep status or reduce-then-scan block offsets
    host_keys,    // sort(std::vector&): the keys on the GPU
    host_values,  // sort(std::vector&, std::vector&): the values on the GPU
    slot_count
  };

  /// Where the context has GL 4.4, the GPU-only slots get immutable storage that the CPU
  /// cannot touch (glBufferStorage with no flags): nothing the sorter does to them gives a
  /// driver a reason to keep them anywhere but video memory. (A buffer refilled with
  /// glCopyBufferSubData was seen to sort several times slower, bench/results/history.md;
  /// immutable storage keeps a driver's placement heuristics out of the scratch.)
  void use_immutable_storage(bool immutable) { immutable_ = immutable; }

  /// The buffer of `slot`, grown to at least `bytes` (at least 16; a new buffer when it
  /// grows). Binds GL_COPY_WRITE_BUFFER when it allocates (the caller's GlStateBackup
  /// restores it).
  GLuint reserve(Slot slot, std::uint64_t bytes) {
    if (bytes < 16) bytes = 16;
    GlBuffer& buffer = buffers_[slot];
    if (buffer.name() != 0 && buffer.bytes() >= bytes) return buffer.name();
    const bool host = slot == host_keys || slot == host_values;
    buffer.allocate(static_cast<std::size_t>(bytes), immutable_ && !host);
    return buffer.name();
  }

  /// reserve(), then copies `bytes` bytes of `data` to the buffer's start.
  GLuint upload(Slot slot, const void* data, std::uint64_t bytes) {
    const GLuint name = reserve(slot, bytes);
    glBindBuffer(GL_COPY_WRITE_BUFFER, name);
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    return name;
  }

  GLuint name(Slot slot) const { return buffers_[slot].name(); }
  std::uint64_t bytes(Slot slot) const { return buffers_[slot].bytes(); }

 private:
  GlBuffer buffers_[slot_count];  // moves and deletes with the sorter
  bool immutable_ = false;
};

}  // namespace detail
}  // namespace gpusort
