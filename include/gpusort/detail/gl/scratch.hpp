#pragma once
// ScratchBuffers: the GL buffers an algorithm keeps for itself, by name (an enum class of
// `Count` slots): each grows on demand, never shrinks, and is deleted with its owner.
#include <cstddef>
#include <cstdint>

#include "buffer.hpp"

namespace gpusort {
namespace detail {

template <class Slot, std::size_t Count>
class ScratchBuffers {
 public:
  /// Where the context has GL 4.4, reserve() gives slots immutable storage that the CPU
  /// cannot touch (glBufferStorage with no flags): nothing the owner does to them gives a
  /// driver a reason to keep them anywhere but video memory.
  void use_immutable_storage(bool immutable) { immutable_ = immutable; }

  /// The buffer of `slot`, grown to at least `bytes` (at least 16; a new buffer when it
  /// grows, contents undefined). Binds GL_COPY_WRITE_BUFFER when it allocates (the caller's
  /// GlStateBackup restores it).
  GLuint reserve(Slot slot, std::uint64_t bytes) { return grow(slot, bytes, immutable_); }

  /// A slot the CPU writes: grown like reserve() (never immutable), then `bytes` bytes of
  /// `data` copied to its start. Binds GL_COPY_WRITE_BUFFER.
  GLuint upload(Slot slot, const void* data, std::uint64_t bytes) {
    const GLuint name = grow(slot, bytes, false);
    glBindBuffer(GL_COPY_WRITE_BUFFER, name);
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    return name;
  }

  GLuint name(Slot slot) const { return buffers_[index(slot)].name(); }
  std::uint64_t bytes(Slot slot) const { return buffers_[index(slot)].bytes(); }

 private:
  static std::size_t index(Slot slot) { return static_cast<std::size_t>(slot); }

  GLuint grow(Slot slot, std::uint64_t bytes, bool immutable) {
    if (bytes < 16) bytes = 16;
    GlBuffer& buffer = buffers_[index(slot)];
    if (buffer.name() == 0 || buffer.bytes() < bytes) buffer.allocate(static_cast<std::size_t>(bytes), immutable);
    return buffer.name();
  }

  GlBuffer buffers_[Count];  // moves and deletes with the owner
  bool immutable_ = false;
};

}  // namespace detail
}  // namespace gpusort
