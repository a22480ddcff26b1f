#pragma once
// ScratchBuffers: the GPU memory an algorithm keeps for itself, by name (an enum class of
// `Count` slots). By default each slot is a buffer of its own, grown on demand, never shrunk,
// and given back with its owner or by release(). After use_range() every slot lives instead in one
// range of a buffer the caller owns (use_scratch()), where each sort lays out the slots it
// uses afresh: in slot order from the range's start, each at the next multiple of
// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, so that a slot that keeps state between sorts
// stays in place as long as it is the first one. A buffer of the sorter's own that a sort may
// still use on the GPU when it is replaced or released is retired behind a fence, not deleted
// (retired.hpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "../status.hpp"
#include "buffer.hpp"
#include "retired.hpp"

namespace gpusort {
namespace detail {

/// Bytes [offset, offset + bytes) of buffer object `buffer` (0: none).
struct BufferSlice {
  GLuint buffer = 0;
  std::uint64_t offset = 0;
  std::uint64_t bytes = 0;

  bool operator==(const BufferSlice& o) const { return buffer == o.buffer && offset == o.offset && bytes == o.bytes; }
  bool operator!=(const BufferSlice& o) const { return !(*this == o); }
};

/// `value` rounded up to a multiple of `alignment` (a power of two); false where that
/// overflows.
inline bool align_up(std::uint64_t value, std::uint64_t alignment, std::uint64_t& aligned) {
  const std::uint64_t mask = alignment - 1;
  if (value > UINT64_MAX - mask) return false;
  aligned = (value + mask) & ~mask;
  return true;
}

template <class Slot, std::size_t Count>
class ScratchBuffers {
 public:
  /// Bytes a sort uses of each slot; 0: none.
  using Needs = std::array<std::uint64_t, Count>;

  /// The bytes a caller's range must hold for `needs`, laid out as in a caller's range (each
  /// used slot from the next multiple of `alignment`); false where that overflows.
  static bool range_bytes(const Needs& needs, std::uint32_t alignment, std::uint64_t& bytes) {
    std::uint64_t end = 0;
    for (std::uint64_t need : needs) {
      if (need == 0) continue;
      std::uint64_t begin = 0;
      if (!align_up(end, alignment, begin) || need > UINT64_MAX - begin) return false;
      end = begin + need;
    }
    bytes = end;
    return true;
  }

  /// Where the context has GL 4.4, the slots the sorter allocates get immutable storage that
  /// the CPU cannot touch (glBufferStorage with no flags): nothing the owner does to them gives
  /// a driver a reason to keep them anywhere but video memory.
  void use_immutable_storage(bool immutable) { immutable_ = immutable; }

  /// From now on every slot lives in `range` (its offset aligned), and the buffers the sorter
  /// allocated are deleted; a range of buffer 0: in buffers of the sorter's own again.
  /// `range_start` is how far `range` starts after the offset the caller gave to use_scratch()
  /// (Sorter's radix sort takes its range after the network's state), for messages.
  void use_range(const BufferSlice& range, std::uint64_t range_start = 0) {
    release();
    range_ = range;
    range_start_ = range_start;
    slices_ = {};
  }
  bool in_caller_range() const { return range_.buffer != 0; }

  /// Places the slots of a sort that uses `needs` bytes of each, and writes nothing: the
  /// sorter's own buffers grow where they are smaller (allocating; fails where the device
  /// refuses), or the slots are laid out in the caller's range (fails naming the bytes needed
  /// where they do not fit).
  Status place(const Needs& needs, std::uint32_t alignment) {
    retired_.reap();
    if (!in_caller_range()) {
      for (std::size_t i = 0; i < Count; ++i) {
        if (needs[i] == 0) continue;
        GlBuffer& buffer = own_[i];
        if (buffer.name() == 0 || buffer.bytes() < needs[i]) {
          retire(i);
          if (Status status = buffer.allocate(needs[i], immutable_); !status) return status;
        }
        slices_[i] = BufferSlice{buffer.name(), 0, buffer.bytes()};
      }
      return {};
    }
    std::uint64_t bytes = 0;
    if (!range_bytes(needs, alignment, bytes) || bytes > UINT64_MAX - range_start_ ||
        bytes > range_.bytes) {
      return fail("this sort needs " + std::to_string(bytes + range_start_) +
                  " bytes of scratch from the offset given to use_scratch(), which gave " +
                  std::to_string(range_.bytes + range_start_) +
                  ": call use_scratch() with scratch_bytes(capacity) bytes for the largest count you sort");
    }
    std::uint64_t end = 0;
    for (std::size_t i = 0; i < Count; ++i) {
      if (needs[i] == 0) continue;
      std::uint64_t begin = 0;
      (void)align_up(end, alignment, begin);  // cannot overflow: range_bytes() checked the same sums
      slices_[i] = BufferSlice{range_.buffer, range_.offset + begin, needs[i]};
      end = begin + needs[i];
    }
    return {};
  }

  /// Where `slot` lives since the last place() that used it.
  const BufferSlice& slice(Slot slot) const { return slices_[static_cast<std::size_t>(slot)]; }

  /// A slot the CPU writes, in a buffer of the sorter's own (never the caller's range): grown
  /// like place() (never immutable), then `bytes` bytes of `data` copied to its start; its name
  /// goes to `name`. Binds GL_COPY_WRITE_BUFFER.
  Status upload(Slot slot, const void* data, std::uint64_t bytes, GLuint& name) {
    retired_.reap();
    GlBuffer& buffer = own_[static_cast<std::size_t>(slot)];
    if (buffer.name() == 0 || buffer.bytes() < bytes) {
      retire(static_cast<std::size_t>(slot));
      if (Status status = buffer.allocate(bytes < 16 ? 16 : bytes, false); !status) return status;
    }
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffer.name());
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    name = buffer.name();
    return {};
  }

  /// Gives back the buffers the sorter allocated, once the sorts queued so far are done with
  /// them (the next place() allocates again, unless the slots live in a caller's range).
  void release() {
    retired_.reap();
    for (std::size_t i = 0; i < Count; ++i) {
      if (own_[i].name() != 0 && slices_[i].buffer == own_[i].name()) slices_[i] = BufferSlice{};
    }
    retired_.retire(own_);
  }

  /// Buffers given back but not yet deleted, since a sort queued before may use them (tests).
  std::size_t retired_count() const { return retired_.count(); }

 private:
  /// Takes slot `i`'s buffer out of use (its slice with it).
  void retire(std::size_t i) {
    if (own_[i].name() != 0 && slices_[i].buffer == own_[i].name()) slices_[i] = BufferSlice{};
    retired_.retire(own_[i]);
  }

  GlBuffer own_[Count];    // moves and deletes with the owner
  RetiredBuffers retired_;  // declared after own_: deleted first, with their fences
  std::array<BufferSlice, Count> slices_{};
  BufferSlice range_;  // the caller's range; buffer 0: none
  std::uint64_t range_start_ = 0;
  bool immutable_ = false;
};

}  // namespace detail
}  // namespace gpusort
