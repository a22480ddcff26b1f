#pragma once
// SortJob: one checked sort call as the front end (front_end.hpp) hands it to an algorithm,
// and the BufferRange of elements an algorithm's run binds.
#include <cstddef>

#include "../../order.hpp"

namespace gpusort {
namespace detail {

/// The elements a run binds: [key_first, key_first + count) of `keys` and [value_first,
/// value_first + count) of `values` (key-value layouts; 0: keys only).
struct BufferRange {
  GLuint keys = 0;
  GLuint values = 0;
  std::size_t key_first = 0;
  std::size_t value_first = 0;
};

struct SortJob {
  /// The caller's buffers, or the front end's host copies. `values`: the value buffer of
  /// key-value sorts; sort_indices(): the indices it fills. sort_range(): both from `first`.
  BufferRange buffers;
  /// Elements to sort; sort_indirect(): the capacity.
  std::size_t count = 0;
  Order order = Order::ascending;
  /// Stability::stable (key-value sorts).
  bool stable = false;
  /// sort_indices(): the values are written 0 .. count-1 before the sort (which is stable).
  bool indices = false;
  /// sort_indirect(): the count is the uint at byte count_offset of count_buffer (checked:
  /// aligned, inside it, outside the elements), read on the GPU and capped at `count`.
  bool indirect = false;
  GLuint count_buffer = 0;
  std::size_t count_offset = 0;

  /// Whether equal keys must keep their input order (stable sorts and sort_indices()).
  bool keeps_order() const { return stable || indices; }
};

}  // namespace detail
}  // namespace gpusort
