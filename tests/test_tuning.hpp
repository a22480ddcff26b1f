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
#include <gpusort/device_facts.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

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

// Small tiles for the fused-pass tests (bitonic and Sorter's scratch): many passes and many
// tiles per pass.
inline gpusort::BitonicTuning fused_tuning() {
  gpusort::BitonicTuning tuning;
  tuning.tile_size = 256;
  tuning.local_elements = 4;
  tuning.single_dispatch_tile = 256;
  tuning.fused_passes_max_count = 1u << 20;
  return test_tuning(tuning);
}

// For the programs built on first use: 1024-key tiles of 4 keys per invocation (256
// invocations) and a single-dispatch tile of 2048 keys with 8 per invocation (256 invocations
// of 8 keys), which no other program has; test_tuning() not applied. Fused sorts of a few tiles keep 1024-key tiles of 4
// keys on GPUs with known compute units too (BitonicTuning::fused_tile_size).
inline gpusort::BitonicTuning small_tiles_tuning() {
  gpusort::BitonicTuning tuning;
  tuning.tile_size = 1024;
  tuning.local_elements = 4;
  tuning.single_dispatch_tile = 2048;
  tuning.single_tile_elements = 8;
  tuning.global_group_size = 64;
  tuning.fused_tile_size = 1024;
  return tuning;
}

// GPUSORT_TEST_DEVICE: the minimum-device mode. "es31_minimums" makes the test sorters (cached_sorter(),
// radix_sorter(), contract_sorter()) plan for a device at the OpenGL ES 3.1 minimum compute limits
// (DeviceFacts::clamp: 16 KiB shared, 128 invocations, 4 storage blocks and binding points);
// "es31_minimums_8_storage_blocks" the same with 8 storage blocks, the least the radix sort runs
// on. Every program is then checked against the lowered limits after linking, so a kernel that
// would not fit such a device fails its test even on a large one. Unset or "": the device as it is.
inline gpusort::DeviceClamp test_device_clamp() {
  static const gpusort::DeviceClamp clamp = [] {
    const char* value = std::getenv("GPUSORT_TEST_DEVICE");
    const std::string name = value != nullptr ? value : "";
    if (name.empty()) return gpusort::DeviceClamp::none;
    if (name == "es31_minimums") return gpusort::DeviceClamp::es31_minimums;
    if (name == "es31_minimums_8_storage_blocks") return gpusort::DeviceClamp::es31_minimums_8_storage_blocks;
    throw std::invalid_argument("GPUSORT_TEST_DEVICE=" + name +
                                ": use es31_minimums or es31_minimums_8_storage_blocks (or leave it unset)");
  }();
  return clamp;
}

// GPUSORT_TEST_SUBGROUP_SIZE=<n>: every test sorter (cached_sorter(), radix_sorter(),
// contract_sorter(), the fuzzer's) runs both algorithms' subgroup code with subgroups of n lanes
// emulated through shared memory (DeviceFacts::emulated_subgroup_size): on a device without
// GL_KHR_shader_subgroup a power of two from 4 to 128; on one with subgroups only their own size,
// which runs them for real. gpusort itself refuses other values (the sorters then throw). Unset
// or "": 0, no emulation.
inline std::uint32_t test_subgroup_size() {
  static const std::uint32_t size = [] {
    const char* value = std::getenv("GPUSORT_TEST_SUBGROUP_SIZE");
    const std::string text = value != nullptr ? value : "";
    if (text.empty()) return 0u;
    char* end = nullptr;
    const unsigned long n = std::strtoul(text.c_str(), &end, 10);
    if (*end != '\0' || n > 0xFFFFFFFFul)
      throw std::invalid_argument("GPUSORT_TEST_SUBGROUP_SIZE=" + text + ": use a number of lanes (or leave it unset)");
    return static_cast<std::uint32_t>(n);
  }();
  return size;
}

// The DeviceFacts test sorters are built with.
inline gpusort::DeviceFacts test_device_facts() {
  gpusort::DeviceFacts facts;
  facts.clamp = test_device_clamp();
  facts.emulated_subgroup_size = test_subgroup_size();
  return facts;
}

}  // namespace gpusort_test
