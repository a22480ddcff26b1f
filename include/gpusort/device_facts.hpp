#pragma once
// DeviceFacts: what a sorter knows of its device beyond GL's limits, which it plans with.
// A sorter queries them; a constructor given non-zero fields takes those instead (a driver
// that does not say, or a test), and device_facts() reports the facts in effect.
#include <cstdint>

namespace gpusort {

struct DeviceFacts {
  /// Compute units (NVIDIA: SMs): fused passes bound how many of their workgroups share one.
  /// 0: GL_SM_COUNT_NV where the context has GL_NV_shader_thread_group, else unknown (then 0 in effect, and fused passes reserve nothing).
  std::uint32_t compute_units = 0;
};

}  // namespace gpusort
