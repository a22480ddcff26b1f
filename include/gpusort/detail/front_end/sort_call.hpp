#pragma once
// SortCall: the preamble of every entry point that sorts the caller's buffers, in this
// order: a current context, a range the device can bind, a GlStateBackup that restores the
// caller's GL state however the call ends, and the checks of the caller's buffers (which
// bind GL_COPY_READ_BUFFER, so they come after the backup). Construct one first; it lives
// until the call returns.
#include <cstddef>

#include "../device/limits.hpp"
#include "element_layout.hpp"
#include "../gl/state.hpp"
#include "validation.hpp"

namespace gpusort {
namespace detail {

class SortCall {
 public:
  /// Elements [first, first + count) of `keys` and, for key-value layouts, of `values`
  /// (named `values_what` in messages), at most limit.max_count of them.
  SortCall(const DeviceLimits& limits, const CountLimit& limit, const ElementLayout& layout, GLuint keys,
           GLuint values, std::size_t first, std::size_t count, const char* values_what = "values")
      : range_checked_(check_context_and_range(limits, limit, layout, first, count)), backup_(limits) {
    check_sort_buffers(keys, values, first, count, layout, values_what);
  }
  SortCall(const SortCall&) = delete;
  SortCall& operator=(const SortCall&) = delete;

 private:
  static bool check_context_and_range(const DeviceLimits& limits, const CountLimit& limit,
                                      const ElementLayout& layout, std::size_t first, std::size_t count) {
    require_current_context();
    check_range(first, count, limit, limits, layout.key_bytes);
    return true;
  }

  bool range_checked_;    // first: nothing is backed up for a call that fails here
  GlStateBackup backup_;  // then the caller's GL state, restored by the destructor
};

}  // namespace detail
}  // namespace gpusort
