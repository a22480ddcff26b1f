#pragma once
// The subgroups the subgroup-path tests run (tests/bitonic/subgroup_paths_test.cpp,
// tests/all_sorters/subgroup_sizes_test.cpp): GPUSORT_TEST_SUBGROUP_SIZE's where it is set (ctest
// runs them at 4, 8, 16, 32, 64 and 128 lanes); without it the device's own, or subgroups of 32 emulated
// through shared memory where it has none, so that the subgroup paths run on every device.

#include <algorithm>
#include <cstdint>
#include <string>

#include "gl_session.hpp"

namespace gpusort_test {

// The device's own subgroup size (shuffles or ballots), 0 where it has none.
inline std::uint32_t own_subgroup_size() {
  static const std::uint32_t own = [] {
    gl_context();
    const gpusort::detail::DeviceLimits limits = gpusort::detail::query_device_limits();
    return std::max(limits.subgroup_size, limits.ballot_subgroup_size);
  }();
  return own;
}

// The DeviceFacts of the subgroup-path tests' sorters (test_device_facts() otherwise).
inline gpusort::DeviceFacts subgroup_facts() {
  gpusort::DeviceFacts facts = test_device_facts();
  if (facts.emulated_subgroup_size == 0 && own_subgroup_size() == 0) facts.emulated_subgroup_size = 32;
  return facts;
}

// The lanes of the subgroups those sorters run: the device's own, or the emulated ones.
inline std::uint32_t subgroup_lanes() {
  const std::uint32_t own = own_subgroup_size();
  return own != 0 ? own : subgroup_facts().emulated_subgroup_size;
}

// Why this run cannot take the subgroups GPUSORT_TEST_SUBGROUP_SIZE names ("" if it can): a
// device with subgroups runs only its own (gpusort refuses to emulate others there); the default
// run checks those.
inline std::string subgroup_size_mismatch() {
  const std::uint32_t own = own_subgroup_size();
  const std::uint32_t asked = test_subgroup_size();
  if (asked == 0 || own == 0 || asked == own) return "";
  return "GPUSORT_TEST_SUBGROUP_SIZE=" + std::to_string(asked) +
         " emulates subgroups on devices without them; this one runs its own subgroups of " + std::to_string(own) +
         " lanes, which the run without the variable checks";
}

}  // namespace gpusort_test
