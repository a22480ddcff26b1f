#pragma once
// The subgroup check (DeviceFacts::subgroup_check): a program compiled for a subgroup size runs
// once, when it is built, in the check mode of shaders/common/shader_interface.h, and reports the
// subgroup size it runs with. Both algorithms' Programs call it for each such program they
// build; what a mismatch rebuilds is theirs to say (detail/bitonic/programs.hpp,
// detail/radix/algorithm.hpp).
#include <cstdint>

#include "../../device_facts.hpp"
#include "../device/limits.hpp"
#include "../generated/shader_interface.hpp"
#include "buffer.hpp"
#include "readback.hpp"
#include "state.hpp"

namespace gpusort {
namespace detail {

/// Check dispatches run on this thread (a test counts them: later sorts run none).
inline std::uint64_t& subgroup_checks_run() {
  static thread_local std::uint64_t count = 0;
  return count;
}

/// The subgroup size `program` runs with: one workgroup of it with u_check_subgroups at 1 writes
/// it into a word bound at `binding` (its algorithm's GPUSORT_*_BINDING_SUBGROUP_CHECK), read
/// back here. Waits for the GPU, so only a program's build calls it. The uniform goes back to 0
/// and the GL state as it was.
inline std::uint32_t measure_subgroup_size(GLuint program, GLuint binding, const DeviceLimits& device) {
  GlStateBackup backup(device);
  GlBuffer word;
  word.allocate(16, false);  // binds it to GL_COPY_WRITE_BUFFER
  const std::uint32_t zeros[4] = {0, 0, 0, 0};
  glBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof zeros, zeros);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, word.name());
  glUseProgram(program);
  glUniform1ui(GPUSORT_LOCATION_CHECK_SUBGROUPS, 1u);
  glDispatchCompute(1, 1, 1);
  glUniform1ui(GPUSORT_LOCATION_CHECK_SUBGROUPS, 0u);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::uint32_t size = 0;
  read_buffer(word.name(), sizeof size, &size);
  ++subgroup_checks_run();
  return size;
}

/// Whether `program`, compiled for subgroups of `planned` lanes, runs with them
/// (measure_subgroup_size()); `check` counts the answer.
inline bool runs_planned_subgroups(GLuint program, std::uint32_t planned, GLuint binding, const DeviceLimits& device,
                                   SubgroupCheck& check) {
  const std::uint32_t measured = measure_subgroup_size(program, binding, device);
  check.planned_size = planned;
  if (measured == planned) {
    ++check.programs_verified;
    return true;
  }
  ++check.programs_rebuilt;
  check.mismatched_size = measured;
  return false;
}

/// Two algorithms' checks as one (Sorter's device_facts()).
inline SubgroupCheck combined(const SubgroupCheck& a, const SubgroupCheck& b) {
  SubgroupCheck both;
  both.planned_size = a.planned_size != 0 ? a.planned_size : b.planned_size;
  both.programs_verified = a.programs_verified + b.programs_verified;
  both.programs_rebuilt = a.programs_rebuilt + b.programs_rebuilt;
  both.mismatched_size = b.programs_rebuilt != 0 ? b.mismatched_size : a.mismatched_size;
  return both;
}

}  // namespace detail
}  // namespace gpusort
