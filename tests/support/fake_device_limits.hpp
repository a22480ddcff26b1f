#pragma once
// The limits of an imagined GL 4.6 GPU, for tests that resolve tunings and shapes without a
// context (the resolution is a pure function of DeviceLimits).

#include <cstdint>

#include <gpusort/detail/device/limits.hpp>

namespace gpusort_test {

inline gpusort::detail::DeviceLimits fake_gpu_limits(std::uint32_t shared_bytes, std::uint32_t invocations,
                                                     std::uint32_t subgroup_size, std::uint32_t compute_units,
                                                     std::uint32_t storage_blocks = 16, bool waits = false) {
  gpusort::detail::DeviceLimits d;
  d.max_storage_bindings = storage_blocks;
  d.max_compute_storage_blocks = storage_blocks;
  d.cross_workgroup_waits = waits;
  d.major = 4;
  d.minor = 6;
  d.max_shared_bytes = shared_bytes;
  d.max_invocations = invocations;
  d.max_groups_x = 2147483647u;
  d.max_groups_y = 65535u;
  d.max_storage_block_bytes = 1ull << 31;
  d.storage_offset_alignment = 16;
  d.subgroup_size = subgroup_size;
  d.compute_units = compute_units;
  return d;
}

}  // namespace gpusort_test
