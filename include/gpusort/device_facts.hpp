#pragma once
// DeviceFacts: what a sorter knows of its device beyond GL's limits, which it plans with.
// A sorter queries them; a constructor given non-default fields takes those instead (a driver
// that does not say, a user who knows their GPU, or a test), and device_facts() reports the
// facts in effect. Sorter queries the device once and hands the same facts to both algorithms.
#include "version.hpp"

#include <cstdint>

namespace gpusort {

/// Whether workgroups may wait without bound for other workgroups of the same dispatch: the
/// network's fused passes. GL does not promise that a waiting workgroup lets the one it waits
/// for run; where that fails the sort hangs or comes out wrong. The radix sort's look-back
/// (RadixPath::onesweep) waits only a bounded number of polls, then does the awaited work itself,
/// so it runs under every setting.
enum class WorkgroupWaits {
  /// Only where verified: NVIDIA's desktop driver (GL and ES contexts), and llvmpipe with
  /// LP_NUM_THREADS=1 (or 0). Every other device runs the network without fused passes.
  where_verified,
  /// Opt in on your own GPU after testing it there (for example with gpusort_tests under
  /// GPUSORT_TEST_WORKGROUP_WAITS=allowed). Refused on llvmpipe with several threads.
  allowed,
  /// Never: no fused passes anywhere.
  never,
};

/// Test-only: plan as if the device had only the OpenGL ES 3.1 minimum compute limits (16 KiB
/// of shared memory, 128 invocations per workgroup (128, 128, 64), 4 storage blocks per
/// compute shader, 4 storage binding points), so that a large device runs the shapes a small
/// one gets. Limits are only ever lowered.
enum class DeviceClamp {
  none,
  es31_minimums,
  /// The ES 3.1 minimums but 8 storage blocks and binding points: the smallest device the radix
  /// sort runs on.
  es31_minimums_8_storage_blocks,
};

struct DeviceFacts {
  /// Compute units (NVIDIA: SMs): fused passes bound how many of their workgroups share one.
  /// 0: GL_SM_COUNT_NV where the context has GL_NV_shader_thread_group, else unknown (then 0 in effect, and fused passes reserve nothing).
  std::uint32_t compute_units = 0;
  /// The forward-progress policy (above); device_facts() reports allowed or never.
  WorkgroupWaits workgroup_waits = WorkgroupWaits::where_verified;
  /// Test-only limits clamp (above).
  DeviceClamp clamp = DeviceClamp::none;
  /// Test-only: run both algorithms' subgroup code with subgroups of this many lanes, emulated
  /// through shared memory, so that the index arithmetic of a GPU with another subgroup size runs
  /// (and is checked) on any device. 0: none (the default). On a device without
  /// GL_KHR_shader_subgroup: a power of two from 4 to 128. On a device with subgroups: 0 or the
  /// device's own size. Any other value throws Error. device_facts() reports the value in effect.
  std::uint32_t emulated_subgroup_size = 0;
  /// What a sorter found when it checked its subgroup programs on the GPU (subgroup_check,
  /// below: the report is declared beside the field that holds it). A context reports one subgroup size (GL_SUBGROUP_SIZE_KHR), but a compiler
  /// may run a shader with another (some pick 8, 16 or 32 lanes per shader), and a program
  /// compiled for the wrong size sorts wrong. So every program compiled for a subgroup size runs
  /// once when it is built, on one workgroup that only reports the size it runs with (read back
  /// then: no sort pays for the check). Where a program runs with another size, its algorithm
  /// resolves its tuning again without subgroups (use_subgroups false in tuning(); tiles
  /// re-planned for the shared-memory paths, which sort right at any size) and builds its
  /// programs anew.
  struct SubgroupCheck {
    /// The subgroup size programs were compiled for (the device's, or emulated_subgroup_size); 0:
    /// no program compiled for one has been built.
    std::uint32_t planned_size = 0;
    /// Programs that ran with planned_size.
    std::uint32_t programs_verified = 0;
    /// Programs that ran with another size (their algorithm then went without subgroups).
    std::uint32_t programs_rebuilt = 0;
    /// The size the last such program ran with (0 if the GPU reported none); 0: none mismatched.
    std::uint32_t mismatched_size = 0;
  };

  /// Reported by device_facts() (a constructor ignores it): the subgroup check of the programs
  /// built so far (SubgroupCheck); programs are built at construction and by prepare() or the
  /// first sort that needs them.
  SubgroupCheck subgroup_check = {};
};

/// The subgroup check's report, by the name it has had since it was added.
using SubgroupCheck = DeviceFacts::SubgroupCheck;

}  // namespace gpusort
