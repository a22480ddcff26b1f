#pragma once
// Compute dispatches of any number of workgroups: split over x and y so that each dimension
// stays under GL_MAX_COMPUTE_WORK_GROUP_COUNT (the kernels rebuild the linear workgroup index
// from gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x).
#include <algorithm>
#include <cstdint>
#include <string>

#include "../status.hpp"

namespace gpusort {
namespace detail {

/// The workgroups one dispatch may launch at most: max_x in x times max_y in y.
struct DispatchLimits {
  std::uint32_t max_x = 0;  // the sorter's cap (BitonicTuning::max_workgroups_x)
  std::uint32_t max_y = 0;  // GL_MAX_COMPUTE_WORK_GROUP_COUNT[1]

  std::uint64_t capacity() const { return std::uint64_t{max_x} * max_y; }
};

/// `groups` workgroups split over x (at most max_x) and y rows; kernels number their
/// workgroups y * num_groups_x + x and skip those at or past `groups`.
struct GroupSplit {
  std::uint64_t x = 0;
  std::uint64_t y = 0;
};

inline GroupSplit split_groups(std::uint64_t groups, std::uint64_t max_x) {
  GroupSplit split;
  split.x = std::min<std::uint64_t>(groups, max_x);
  split.y = split.x == 0 ? 1 : (groups + split.x - 1) / split.x;
  return split;
}

/// glDispatchComputeGroupSizeARB's signature (GL_ARB_compute_variable_group_size), for a probe
/// mode's programs (radix::Config::variable_group_dispatch): gpusort itself declares no entry
/// point beyond GL 4.3's and ES 3.1's, so the caller passes it.
using VariableGroupDispatch = void (*)(GLuint groups_x, GLuint groups_y, GLuint groups_z, GLuint size_x,
                                       GLuint size_y, GLuint size_z);

/// Fails unless a dispatch of `groups` workgroups fits `limits` (split over x and y). A sort
/// checks every dispatch of its plan before the first (so that it never stops half way).
inline Status check_workgroups(std::uint64_t groups, const DispatchLimits& limits, std::size_t count,
                               const char* tuning_field) {
  if (groups <= limits.capacity()) return {};
  return fail("sorting " + std::to_string(count) + " elements needs more workgroups than "
              "GL_MAX_COMPUTE_WORK_GROUP_COUNT allows (" + std::to_string(limits.max_x) + " x " +
              std::to_string(limits.max_y) + "): raise " + tuning_field + " or sort fewer elements");
}

/// Dispatches `groups` workgroups split over x and y (nothing for 0), which check_workgroups()
/// accepted; returns the workgroups launched, `groups` rounded up to whole rows.
inline std::uint64_t dispatch_workgroups(std::uint64_t groups, const DispatchLimits& limits) {
  if (groups == 0) return 0;
  const GroupSplit split = split_groups(groups, limits.max_x);
  glDispatchCompute(static_cast<GLuint>(split.x), static_cast<GLuint>(split.y), 1);
  return split.x * split.y;
}

}  // namespace detail
}  // namespace gpusort
