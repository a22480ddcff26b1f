#pragma once
// What gpusort's GL work did on this thread, counted for tests: that a sorter given use_scratch()
// allocates nothing, or that sorts after a program's build run no subgroup check. And the faults
// tests inject on this thread into paths that a driver takes rarely.
#include <cstdint>

namespace gpusort {
namespace detail {

struct GlCounters {
  std::uint64_t buffer_allocations = 0;  // glBufferData or glBufferStorage calls (GlBuffer)
  std::uint64_t subgroup_checks = 0;     // subgroup-check dispatches (SubgroupChecker)
};

inline GlCounters& gl_counters() {
  static thread_local GlCounters counters;
  return counters;
}

inline std::uint64_t& buffer_allocation_count() { return gl_counters().buffer_allocations; }
inline std::uint64_t& subgroup_checks_run() { return gl_counters().subgroup_checks; }

struct GlFaults {
  /// read_buffer(): this many more maps succeed, then one fails as a refused map does; -1: none.
  int maps_before_failure = -1;
  /// Retired scratch (gl/retired.hpp): every fence reads as not yet passed, as on a GPU that is
  /// still running the sorts queued before it.
  bool fences_unsignalled = false;
};

inline GlFaults& gl_faults() {
  static thread_local GlFaults faults;
  return faults;
}

}  // namespace detail
}  // namespace gpusort
