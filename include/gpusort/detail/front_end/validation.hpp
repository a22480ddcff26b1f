#pragma once
// The checks every sort call makes before it writes anything: counts and ranges against the
// device's limits, the caller's buffers (objects, sizes, mappings, overlaps), sort_indirect()'s
// count and the use_scratch() range. Each returns a failed Status naming the problem and the
// fix; every size arithmetic on a caller's numbers is checked for overflow.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "../../buffer_view.hpp"
#include "../device/limits.hpp"
#include "../gl/binding.hpp"
#include "../gl/scratch.hpp"
#include "../status.hpp"
#include "../job/count_limit.hpp"
#include "../job/elements.hpp"
#include "../job/sort_job.hpp"

namespace gpusort {
namespace detail {

inline Status check_count(std::size_t count, const CountLimit& limit, const DeviceLimits& limits) {
  if (count <= limit.max_count) return {};
  return fail("count " + std::to_string(count) + " exceeds the " + std::to_string(limit.max_count) +
              " elements one call can sort on this context (GL_MAX_SHADER_STORAGE_BLOCK_SIZE = " +
              std::to_string(limits.max_storage_block_bytes) + " bytes, " + limit.bound + "): sort smaller ranges");
}

/// Bytes [begin, end) of `buffer` that a sort reads and writes.
struct ElementBytes {
  GLuint buffer = 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;

  /// Whether both are non-empty ranges of one buffer that share a byte.
  bool overlaps(const ElementBytes& o) const {
    return buffer == o.buffer && begin < end && o.begin < o.end && begin < o.end && o.begin < end;
  }
  std::string text() const { return "bytes [" + std::to_string(begin) + ", " + std::to_string(end) + ")"; }
};

/// The bytes of elements [first, first + count) of `view` (`what`: "keys", "values", ...),
/// elements of `element_size` bytes, into `bytes`. Fails for a view offset that is not a
/// multiple of the element size, and for a range that cannot be bound as one storage block with
/// 32-bit element indices (bind_elements(): from the aligned offset below its first byte).
inline Status element_range(const BufferView& view, std::size_t first, std::size_t count,
                            std::uint32_t element_size, const char* what, const DeviceLimits& limits,
                            ElementBytes& bytes) {
  if (view.offset % element_size != 0) {
    return fail(std::string(what) + " offset " + std::to_string(view.offset) + " of buffer " +
                std::to_string(view.buffer) + " is not a multiple of the element size (" +
                std::to_string(element_size) + " bytes): views start at a whole element");
  }
  const std::uint64_t max = (std::numeric_limits<std::uint64_t>::max)();
  const std::uint64_t span = std::uint64_t{count} * element_size;  // count <= max_count: no overflow
  const bool addressable = first <= (std::numeric_limits<std::uint32_t>::max)() - count &&
                           std::uint64_t{first} * element_size <= max - view.offset &&
                           view.offset + std::uint64_t{first} * element_size <= max - span;
  if (!addressable || bound_range_bytes(view.offset + std::uint64_t{first} * element_size, count, element_size,
                                        limits.storage_offset_alignment) > limits.max_storage_block_bytes) {
    return fail("elements " + std::to_string(first) + " .. " + std::to_string(first) + " + " + std::to_string(count) +
                " of the " + what + (view.offset != 0 ? " from byte " + std::to_string(view.offset) : std::string()) +
                " cannot be bound as one shader storage block of at most " +
                std::to_string(limits.max_storage_block_bytes) +
                " bytes (GL_MAX_SHADER_STORAGE_BLOCK_SIZE): sort smaller ranges");
  }
  bytes.buffer = view.buffer;
  bytes.begin = view.offset + std::uint64_t{first} * element_size;
  bytes.end = bytes.begin + span;
  return {};
}

/// The size in bytes of `buffer` into `size`, which must be a buffer object in the current
/// context. Binds it to GL_COPY_READ_BUFFER.
inline Status buffer_size(GLuint buffer, const std::string& label, std::uint64_t& size) {
  if (buffer == 0 || glIsBuffer(buffer) != GL_TRUE) {
    return fail(label + " is not a buffer object in the current context: pass a name from glGenBuffers or "
                        "glCreateBuffers that has storage (glBufferData/glBufferStorage) and was not deleted");
  }
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  GLint64 bytes = 0;
  glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &bytes);
  size = static_cast<std::uint64_t>(bytes < 0 ? 0 : bytes);
  return {};
}

/// GL_MAP_PERSISTENT_BIT (GL 4.4, ARB_buffer_storage), spelled GL_MAP_PERSISTENT_BIT_EXT by ES
/// headers (EXT_buffer_storage) and absent from GL 4.3's and ES 3.1's: the same value in all.
constexpr GLint map_persistent_bit = 0x0040;

/// Fails if the buffer bound to GL_COPY_READ_BUFFER is mapped without GL_MAP_PERSISTENT_BIT.
inline Status check_not_mapped(const std::string& label) {
  GLint mapped = GL_FALSE;
  glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_MAPPED, &mapped);
  if (mapped != GL_TRUE) return {};
  GLint access = 0;
  glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_ACCESS_FLAGS, &access);
  if ((access & map_persistent_bit) != 0) return {};
  return fail(label + " is mapped: unmap it (glUnmapBuffer) before sorting, or map it with GL_MAP_PERSISTENT_BIT");
}

/// Fails unless `bytes` (elements [first, first + count) of a view from byte `view_offset`) lie
/// in a buffer object that the GPU may access now; `what` names the buffer. Binds
/// GL_COPY_READ_BUFFER (the caller's GlStateBackup restores it).
inline Status check_buffer(const ElementBytes& bytes, const char* what, std::size_t first, std::size_t count,
                           std::uint64_t view_offset) {
  const std::string label = std::string(what) + " buffer " + std::to_string(bytes.buffer);
  std::uint64_t size = 0;
  if (Status status = buffer_size(bytes.buffer, label, size); !status) return status;
  if (bytes.end > size) {
    return fail(label + " is too small: it holds " + std::to_string(size) + " bytes but " +
                (first != 0 ? "elements " + std::to_string(first) + " .. " + std::to_string(first + count) +
                                  " (exclusive)"
                            : std::to_string(count) + " elements") +
                (view_offset != 0 ? " from byte " + std::to_string(view_offset) : std::string()) + " need " +
                std::to_string(bytes.end) + " bytes; pass a smaller count or a larger buffer");
  }
  return check_not_mapped(label);
}

/// Fails unless `count_buffer` is a buffer object that the GPU may access now with an aligned
/// 32-bit count at byte `count_offset` (in its first 4 GiB; only that word is bound); its bytes
/// go to `bytes`.
/// Binds GL_COPY_READ_BUFFER (the caller's GlStateBackup restores it).
inline Status check_count_buffer(GLuint count_buffer, std::size_t count_offset, ElementBytes& bytes) {
  if (count_offset % sizeof(std::uint32_t) != 0) {
    return fail("count_offset " + std::to_string(count_offset) +
                " is not a multiple of 4: the count must be an aligned 32-bit uint");
  }
  const std::string label = "count buffer " + std::to_string(count_buffer);
  std::uint64_t size = 0;
  if (Status status = buffer_size(count_buffer, label, size); !status) return status;
  // Never count_offset + 4, which wraps for offsets near SIZE_MAX.
  if (size < sizeof(std::uint32_t) || count_offset > size - sizeof(std::uint32_t)) {
    return fail(label + " is too small: it holds " + std::to_string(size) +
                " bytes but the 32-bit count at count_offset " + std::to_string(count_offset) +
                " needs the 4 bytes from there; " +
                (size < sizeof(std::uint32_t) ? std::string("pass a buffer of at least 4 bytes")
                                              : "pass a count_offset of at most " +
                                                    std::to_string(size - sizeof(std::uint32_t)) +
                                                    " or a larger buffer"));
  }
  // Only the count's word is bound, from the aligned offset below it. Bound 2^34 bytes into its
  // buffer it was read wrong on NVIDIA (tests/bitonic/size_overflow_test.cpp), so the count
  // stays in the first 4 GiB.
  const std::uint64_t last_offset = std::uint64_t{(std::numeric_limits<std::uint32_t>::max)()} - 3;
  if (count_offset > last_offset) {
    return fail("count_offset " + std::to_string(count_offset) + " of " + label +
                " is beyond the first 4 GiB of its buffer: put the count at a count_offset of at most " +
                std::to_string(last_offset));
  }
  bytes = ElementBytes{count_buffer, count_offset, count_offset + sizeof(std::uint32_t)};
  return check_not_mapped(label);
}

/// Fails unless the use_scratch() range `scratch` still lies in a buffer object the GPU may
/// access now. Binds GL_COPY_READ_BUFFER.
inline Status check_scratch_range(const BufferSlice& scratch) {
  const std::string label = "the use_scratch() buffer " + std::to_string(scratch.buffer);
  std::uint64_t size = 0;
  if (Status status = buffer_size(scratch.buffer, label, size); !status) return status;
  if (scratch.offset > size || scratch.bytes > size - scratch.offset) {
    return fail(label + " holds " + std::to_string(size) + " bytes, fewer than the range [" +
                std::to_string(scratch.offset) + ", " + std::to_string(scratch.offset + scratch.bytes) +
                ") given to use_scratch(): keep the buffer's storage while the sorter uses it, or call use_scratch() "
                "again");
  }
  return check_not_mapped(label);
}

/// Fails where sort_indirect()'s count `count` lies inside `elements` (the keys or values
/// being sorted, `what`).
inline Status check_count_outside(const ElementBytes& count, const ElementBytes& elements, const char* what) {
  if (!count.overlaps(elements)) return {};
  return fail("the count at byte " + std::to_string(count.begin) + " of buffer " + std::to_string(count.buffer) +
              " lies inside the elements being sorted (the " + what + ", " + elements.text() +
              " of that buffer): keep it outside the capacity's elements");
}

/// Fails where two byte ranges a sort uses overlap (`what` and `other_what` name them).
inline Status check_disjoint(const ElementBytes& range, const std::string& what, const ElementBytes& other,
                             const std::string& other_what) {
  if (!range.overlaps(other)) return {};
  return fail(what + " (" + range.text() + ") and " + other_what + " (" + other.text() +
              ") overlap in the same buffer " + std::to_string(range.buffer) +
              ": pass ranges that do not overlap (two buffers, or two BufferViews of one buffer far enough apart)");
}

/// A sort call's count, and the bytes of the keys and (key-value layouts) values it takes from
/// the caller's views, into `keys`, `values` and j.buffers: no GL.
inline Status check_job_ranges(SortJob& j, const Elements& elements, const CountLimit& limit,
                               const DeviceLimits& limits, ElementBytes& keys, ElementBytes& values) {
  if (Status status = check_count(j.count, limit, limits); !status) return status;
  if (Status status = element_range(j.keys, j.first, j.count, elements.key_bytes, "keys", limits, keys); !status)
    return status;
  if (elements.has_values()) {
    const char* what = j.kind == JobKind::indices ? "indices" : "values";
    if (Status status = element_range(j.values, j.first, j.count, elements.value_bytes, what, limits, values); !status)
      return status;
  }
  j.buffers = BufferRange{keys.buffer, values.buffer, keys.begin, values.begin};
  return {};
}

/// A sort call's buffers (objects that hold `keys` and `values`, not mapped, apart),
/// sort_indirect()'s count and the use_scratch() range `scratch` (buffer 0: none). Binds
/// GL_COPY_READ_BUFFER (the caller's GlStateBackup restores it).
inline Status check_job_buffers(const SortJob& j, const Elements& elements, const ElementBytes& keys,
                                const ElementBytes& values, const BufferSlice& scratch) {
  const char* values_what = j.kind == JobKind::indices ? "indices" : "values";
  if (Status status = check_buffer(keys, "keys", j.first, j.count, j.keys.offset); !status) return status;
  if (elements.has_values()) {
    if (Status status = check_buffer(values, values_what, j.first, j.count, j.values.offset); !status) return status;
    if (Status status = check_disjoint(keys, "keys", values, values_what); !status) return status;
  }
  ElementBytes count_word;
  if (j.indirect()) {
    if (Status status = check_count_buffer(j.count_buffer, j.count_offset, count_word); !status) return status;
    if (Status status = check_count_outside(count_word, keys, "keys"); !status) return status;
    if (Status status = check_count_outside(count_word, values, values_what); !status) return status;
  }
  if (scratch.buffer == 0) return {};
  if (Status status = check_scratch_range(scratch); !status) return status;
  const ElementBytes range{scratch.buffer, scratch.offset, scratch.offset + scratch.bytes};
  const std::string range_what = "the use_scratch() range";
  if (Status status = check_disjoint(range, range_what, keys, "keys"); !status) return status;
  if (Status status = check_disjoint(range, range_what, values, values_what); !status) return status;
  return check_disjoint(range, range_what, count_word, "the count");
}

}  // namespace detail
}  // namespace gpusort
