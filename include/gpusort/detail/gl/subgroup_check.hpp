#pragma once
// The subgroup check (DeviceFacts::subgroup_check): a program compiled for a subgroup size runs
// once, when it is built, in the check mode of detail/shader_interface/common.hpp, and reports the
// subgroup size it runs with. Both algorithms' Programs call it for each such program they
// build; what a mismatch rebuilds is theirs to say (detail/bitonic/programs.hpp,
// detail/radix/algorithm.hpp).
#include <cstdint>

#include "../../device_facts.hpp"
#include "../device/limits.hpp"
#include "../shader_interface.hpp"
#include "../status.hpp"
#include "buffer.hpp"
#include "counters.hpp"
#include "dispatch.hpp"
#include "readback.hpp"
#include "state.hpp"

namespace gpusort {
namespace detail {

/// Runs the subgroup check of an algorithm's programs and counts what it finds. The word the
/// checks write is one small buffer, allocated by the first check (at construction wherever the
/// constructor builds a program compiled for a subgroup size) and kept for later ones, so that a
/// program built on a later sort, even in a range given with use_scratch(), allocates nothing.
class SubgroupChecker {
 public:
  /// Whether `program`, compiled for subgroups of `planned` lanes, runs with them, into `holds`;
  /// the answer is counted (counts()). One workgroup of it with u_check_subgroups at 1 writes the
  /// size it runs with into the word bound at `binding` (its algorithm's
  /// GPUSORT_*_BINDING_SUBGROUP_CHECK), read back here. Waits for the GPU, so only a program's
  /// build calls it. The uniform goes back to 0 and the GL state as it was. A program of
  /// variable group size (a probe mode's) runs through `variable_dispatch` at `group_size`.
  Status runs_planned_subgroups(GLuint program, std::uint32_t planned, GLuint binding, const DeviceLimits& device,
                                bool& holds, VariableGroupDispatch variable_dispatch = nullptr,
                                GLuint group_size = 0) {
    std::uint32_t measured = 0;
    {
      GlStateBackup backup(device);
      if (word_.name() == 0) {
        if (Status status = word_.allocate(16, false); !status) return status;
      }
      const std::uint32_t zeros[4] = {0, 0, 0, 0};
      glBindBuffer(GL_COPY_WRITE_BUFFER, word_.name());
      glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(sizeof zeros), zeros);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, word_.name());
      glUseProgram(program);
      glUniform1ui(GPUSORT_LOCATION_CHECK_SUBGROUPS, 1u);
      if (variable_dispatch != nullptr) variable_dispatch(1, 1, 1, group_size, 1, 1);
      else glDispatchCompute(1, 1, 1);
      glUniform1ui(GPUSORT_LOCATION_CHECK_SUBGROUPS, 0u);
      glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
      ++subgroup_checks_run();
      if (Status status = read_buffer(word_.name(), sizeof measured, &measured); !status) return status;
    }
    counts_.planned_size = planned;
    holds = measured == planned;
    if (holds) {
      ++counts_.programs_verified;
    } else {
      ++counts_.programs_rebuilt;
      counts_.mismatched_size = measured;
    }
    return {};
  }

  /// What the checks found so far.
  const SubgroupCheck& counts() const { return counts_; }

 private:
  GlBuffer word_;  // what the checks write: 16 bytes, room for a key of either width or a meta word
  SubgroupCheck counts_;
};

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
