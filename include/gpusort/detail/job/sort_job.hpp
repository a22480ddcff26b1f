#pragma once
// SortJob: one sort call as the front end (front_end.hpp) checks it and hands it to an
// algorithm, and the BufferRange of elements an algorithm's run binds.
#include <cstddef>
#include <cstdint>

#include "../../buffer_view.hpp"
#include "../../order.hpp"
#include "key_bits.hpp"

namespace gpusort {
namespace detail {

/// The elements a run binds: `count` keys of `keys` from byte `key_offset` and, for key-value
/// layouts, `count` values of `values` from byte `value_offset` (each a multiple of its
/// element's size, aligned or not: bind_elements()).
struct BufferRange {
  GLuint keys = 0;
  GLuint values = 0;
  std::uint64_t key_offset = 0;
  std::uint64_t value_offset = 0;
};

/// The kinds of sort whose programs, scratch or dispatches differ, one per job.
enum class JobKind : std::uint8_t {
  direct,    ///< sort(), sort_range(), the host overloads: `count` elements
  stable,    ///< the same with Stability::stable (key-value sorts)
  indices,   ///< sort_indices(): the values written 0 .. count-1 first, then sorted stably
  indirect,  ///< sort_indirect(): the count read on the GPU, capped at `count`
};

struct SortJob {
  JobKind kind = JobKind::direct;
  /// The call's buffers as the caller named them, and sort_range()'s first element (0
  /// elsewhere), which applies to both. `values`: the value buffer of key-value sorts;
  /// sort_indices(): the indices it fills.
  BufferView keys;
  BufferView values;
  std::size_t first = 0;
  /// The byte ranges the run binds: the caller's views and `first` once the front end has
  /// checked them, or the front end's host copies.
  BufferRange buffers;
  /// Elements to sort; sort_indirect(): the capacity.
  std::size_t count = 0;
  Order order = Order::ascending;
  /// sort_indirect(): the count is the uint at byte count_offset of count_buffer (checked:
  /// aligned, inside it, outside the elements), read on the GPU and capped at `count`.
  GLuint count_buffer = 0;
  std::size_t count_offset = 0;
  /// The key bits to sort by, checked (check_bit_range()): BitRange{} for all of them.
  BitRange bits;

  /// Whether the sort orders by some of the key's bits only (the calls that take a BitRange).
  bool by_bit_range() const { return !all_bits(bits); }
  /// Whether equal keys must keep their input order: stable sorts, sort_indices(), and sorts
  /// by a BitRange (keys equal in those bits may differ in the others).
  bool keeps_order() const { return kind == JobKind::stable || kind == JobKind::indices || by_bit_range(); }
  bool indirect() const { return kind == JobKind::indirect; }
  /// The fewest elements that make a sort run: 2, or 1 for sort_indices() (which fills them).
  std::size_t least_count() const { return kind == JobKind::indices ? 1 : 2; }
};

}  // namespace detail
}  // namespace gpusort
