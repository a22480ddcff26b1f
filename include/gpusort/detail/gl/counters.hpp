#pragma once
// What gpusort's GL work did on this thread, counted for tests: that a sorter given use_scratch()
// allocates nothing, or that sorts after a program's build run no subgroup check.
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

}  // namespace detail
}  // namespace gpusort
