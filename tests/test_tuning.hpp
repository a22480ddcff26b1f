#pragma once
// GPUSORT_TEST_NO_SUBGROUPS: run a test binary with the tile kernel's shared-memory path on
// every device. gpusort takes subgroup shuffles where GL_KHR_shader_subgroup allows
// (BitonicTuning::use_subgroups, true by default); with this variable set to anything but "" or "0",
// every sorter the tests build asks for use_subgroups = false instead, so that a GPU machine
// can run the suite against the fallback path too (on llvmpipe both runs take that path).
//
// Tests build their sorters from test_tuning() (cached_sorter() does) rather than from a
// bare gpusort::BitonicTuning, so that the switch reaches them.

#include <gpusort/bitonic_tuning.hpp>

#include <cstdlib>
#include <cstring>

namespace gpusort_test {

// Read once per process: a test cannot change its mind half way through a run.
inline bool subgroups_forced_off() {
  static const bool forced = [] {
    const char* value = std::getenv("GPUSORT_TEST_NO_SUBGROUPS");
    return value != nullptr && value[0] != '\0' && std::strcmp(value, "0") != 0;
  }();
  return forced;
}

// The BitonicTuning a test sorter is built with: `tuning` unchanged, except that use_subgroups is
// cleared under GPUSORT_TEST_NO_SUBGROUPS.
inline gpusort::BitonicTuning test_tuning(gpusort::BitonicTuning tuning = {}) {
  if (subgroups_forced_off()) tuning.use_subgroups = false;
  return tuning;
}

}  // namespace gpusort_test
