#pragma once
// RadixSorter's compute programs (shaders/radix/): their sources for a key type and a
// resolved tuning, which uniform locations each program really has, and Programs, which keeps
// them in ProgramSlots.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../program_cache.hpp"
#include "../device/glsl_target.hpp"
#include "../device/limits.hpp"
#include "../generated/embedded_shaders.hpp"
#include "../gl/program.hpp"
#include "../gl/program_slots.hpp"
#include "../gl/subgroup_check.hpp"
#include "../shader_interface_glsl.hpp"
#include "config.hpp"
#include "plan.hpp"

namespace gpusort {
namespace detail {
namespace radix {

inline std::uint32_t active_uniform_locations(GLuint program) {
  // The program interface query (GL 4.3, ES 3.1) reads each uniform's location directly;
  // glGetActiveUniformName is desktop-only.
  GLint count = 0;
  glGetProgramInterfaceiv(program, GL_UNIFORM, GL_ACTIVE_RESOURCES, &count);
  const GLenum property = GL_LOCATION;
  std::uint32_t mask = 0;
  for (GLint i = 0; i < count; ++i) {
    GLint location = -1;
    glGetProgramResourceiv(program, GL_UNIFORM, static_cast<GLuint>(i), 1, &property, 1, nullptr, &location);
    if (location >= 0 && location < 32) mask |= 1u << location;
  }
  return mask;
}

/// A built program and the uniform locations (below 32) it has: a location the compiler
/// removed must not be set (glUniform* would raise GL_INVALID_OPERATION).
class Program {
 public:
  explicit Program(GlProgram program)
      : program_(std::move(program)), active_locations_(active_uniform_locations(program_.name())) {}

  GLuint name() const { return program_.name(); }
  void set(GLint location, GLuint value) const {
    if (active(location)) glUniform1ui(location, value);
  }
  void set(GLint location, GLuint x, GLuint y) const {
    if (active(location)) glUniform2ui(location, x, y);
  }
  void set(GLint location, GLuint x, GLuint y, GLuint z, GLuint w) const {
    if (active(location)) glUniform4ui(location, x, y, z, w);
  }

 private:
  bool active(GLint location) const { return ((active_locations_ >> location) & 1u) != 0; }

  GlProgram program_;
  std::uint32_t active_locations_ = 0;
};

/// The probe mode's function that dispatches `kernel` (Config::variable_group_dispatch: Onesweep's
/// tile kernel only, declared with a variable group size), or nullptr: dispatched as always.
inline VariableGroupDispatch variable_group_dispatch(Kernel kernel, const Config& c) {
  return kernel == Kernel::onesweep ? c.variable_group_dispatch : nullptr;
}

/// The sources of `kernel` for the sort `c` was made for.
inline ProgramSource program_source(Kernel kernel, const Config& c) {
  const Elements& elements = c.elements;
  const std::uint32_t key_bytes = elements.key_bytes;
  const RadixTuning& t = c.tuning;
  const bool tile_kernel = kernel == Kernel::downsweep || kernel == Kernel::onesweep;
  const std::uint32_t group_size = tile_kernel                   ? t.workgroup_size
                                   : kernel == Kernel::histogram ? c.histogram_group
                                                                 : c.small_group;
  const std::uint32_t max_passes = (key_bytes * 8 + t.digit_bits - 1) / t.digit_bits;
  const bool real_subgroups = c.ranking == Ranking::ballots;
  const bool phase_clock = kernel == Kernel::onesweep && c.phase_clock_buffer != 0;
  std::string extensions = tile_kernel && real_subgroups ? "#extension GL_KHR_shader_subgroup_basic : require\n"
                                                           "#extension GL_KHR_shader_subgroup_ballot : require\n"
                                                           "#extension GL_KHR_shader_subgroup_shuffle : require\n"
                                                         : "";
  if (phase_clock) extensions += "#extension GL_ARB_shader_clock : require\n";
  const bool variable_group = variable_group_dispatch(kernel, c) != nullptr;
  if (variable_group) extensions += "#extension GL_ARB_compute_variable_group_size : require\n";
  // The phase clock's program is GLSL 4.50 (glslang declares clock2x32ARB() from 4.50 on;
  // DeviceLimits::shader_clock asks for a desktop 4.5 context).
  std::string prelude = glsl_prelude(c.device.glsl_target, extensions, phase_clock ? 450 : 430);
  // NVIDIA's compiler otherwise may keep small loops that index register arrays.
  prelude += "#pragma optionNV(unroll all)\n";
  const auto define = [&](const char* name, std::uint64_t value, const char* suffix = "u") {
    prelude += std::string("#define ") + name + " " + std::to_string(value) + suffix + "\n";
  };
  // Names a preprocessor #if tests carry no u suffix.
  define("KEY_KIND", elements.key_kind);
  define("KEY_WORDS", key_bytes / 4, "");
  define("HAS_VALUES", elements.has_values() ? 1 : 0, "");
  define("RADIX_BITS", t.digit_bits);
  define("GROUP_SIZE", group_size);
  define("TILE_SIZE", c.tile_size);
  define("HISTOGRAM_KEYS", t.histogram_keys);
  define("HISTOGRAM_PASSES", max_passes);
  define("COPY_ELEMENTS", c.copy_elements);
  define("SERIAL_SCAN_BLOCKS", c.serial_scan_blocks);
  define("ALL_PASSES", kernel == Kernel::histogram ? 1 : 0, "");
  define("KEYS_PER_INVOCATION", t.keys_per_invocation);
  define("SUBGROUP_SIZE", c.subgroup_size);
  define("SUBGROUP_MODE", static_cast<std::uint64_t>(c.ranking), "");
  define("MASK_WORDS", c.subgroup_size <= 32 ? 1 : 4, "");
  define("AREA_WORDS", c.area_words);
  define("SCATTER_PARTS", c.scatter_parts);
  if (c.values_after_keys) define("VALUES_AFTER_KEYS", 1, "");  // only where set
  if (c.whole_key_staging) define("WHOLE_KEY_STAGING", 1, "");
  if (!c.kept_order_passes) define("KEPT_ORDER", 0, "");  // only where off
  if (c.lean_registers) {  // only where set: gpusort_radix_probe sets them by extra_shader_source too
    define("PACK_RANKS", 1, "");
    define("RECOMPUTE_DIGITS", 1, "");
  }
  const std::uint32_t radix = 1u << t.digit_bits;
  const bool ballots = c.ranking != Ranking::shared_match;  // real or emulated subgroups
  const bool subgroup_scan = ballots && t.workgroup_size >= radix && radix % c.subgroup_size == 0;
  define("SUBGROUP_SCAN", subgroup_scan ? 1 : 0, "");
  // The size the emulation runs, where a test compiles for another (DeviceTestHooks).
  const std::uint32_t emulated_size = emulated_subgroups(c.device);
  if (c.ranking == Ranking::emulated_ballots && emulated_size != c.subgroup_size)
    define("EMULATED_SUBGROUP_SIZE", emulated_size);
  if (kernel == RadixKernel::onesweep && c.withhold_every != 0) define("WITHHOLD_POSTS", 1, "");
  if (phase_clock) define("PHASE_CLOCK", 1, "");
  if (variable_group) define("VARIABLE_GROUP_SIZE", 1, "");
  // Software renderers build loops of constant trip counts as loops (common.glsl ROLLED).
  if (device_family(c.device) == DeviceFamily::software) define("ROLLED_LOOPS", 1, "");
  prelude += extra_source_fragment("RadixTuning", t.extra_shader_source);
  std::vector<std::string> sources = {prelude, shaders::common_interface_glsl, shaders::radix_interface_glsl,
                                      shaders::common_key_codec_glsl, shaders::radix_common_glsl};
  const char* name = "";
  switch (kernel) {
    case Kernel::init: name = "radix_init"; sources.push_back(shaders::radix_init_comp); break;
    case Kernel::histogram:
    case Kernel::upsweep:
      name = kernel == Kernel::histogram ? "radix_histogram" : "radix_upsweep";
      sources.insert(sources.end(), {shaders::radix_keys_glsl, shaders::radix_histogram_comp});
      break;
    case Kernel::scan: name = "radix_scan"; sources.push_back(shaders::radix_scan_comp); break;
    case Kernel::downsweep:
    case Kernel::onesweep:
      name = kernel == Kernel::downsweep ? "radix_downsweep" : "radix_onesweep";
      sources.push_back(shaders::radix_keys_glsl);
      sources.push_back(shaders::radix_tile_subgroups_glsl);
      sources.insert(sources.end(), {shaders::radix_tile_glsl, shaders::radix_tile_load_glsl, shaders::radix_tile_rank_glsl,
                                     shaders::radix_tile_scatter_glsl});
      sources.push_back(kernel == Kernel::downsweep ? shaders::radix_downsweep_comp : shaders::radix_onesweep_comp);
      break;
    case Kernel::copy: name = "radix_copy"; sources.push_back(shaders::radix_copy_comp); break;
  }
  return ProgramSource{name, sources};
}

/// The programs a sorter has built, by kernel. The tile program (downsweep or onesweep), where
/// it ranks with subgroups, is checked on the GPU once it is built (detail/gl/subgroup_check.hpp).
/// One that runs with another size than it was compiled for is deleted and reported, and the
/// radix sort is resolved again without subgroups (Engine's policy,
/// detail/front_end/engine.hpp): its shared-memory ranking may need another tile.
class Programs {
  static auto source_of(const Config& c) {
    return [&c](Kernel kernel) {
      ProgramSource source = program_source(kernel, c);
      source.device = &c.device;  // checked after linking against the limits it was planned for
      return source;
    };
  }

 public:
  explicit Programs(ProgramCache* cache = nullptr) : cache_(cache) {}

  /// `kernel`'s program, built before (build()).
  const Program& get(Kernel kernel) const { return slots_.at(kernel); }

  /// Builds every program of `kernels` not built yet, in one batch (the driver may compile
  /// them in parallel), and checks the tile program's subgroups; where one fails, none stays
  /// built. `mismatch`: the tile program runs with another subgroup size than `c` compiled it
  /// for; it is deleted (it must not run). `checker`: the algorithm's, shared by the program
  /// sets of all its tile shapes (one check buffer, one set of counts).
  Status build(const std::vector<Kernel>& kernels, const Config& c, SubgroupChecker& checker, bool& mismatch) {
    return slots_.build_checked(
        kernels, cache_, source_of(c),
        [&](Kernel kernel, bool& runs) { return check_subgroups(kernel, c, checker, runs); }, mismatch);
  }

 private:
  /// Whether `kernel`'s program, just built, runs with the subgroups `c` compiled it for, into
  /// `runs` (true for a program compiled for no subgroup size).
  Status check_subgroups(Kernel kernel, const Config& c, SubgroupChecker& checker, bool& runs) {
    runs = true;
    const bool tile_kernel = kernel == Kernel::downsweep || kernel == Kernel::onesweep;
    if (!tile_kernel || c.ranking == Ranking::shared_match) return {};
    return checker.runs_planned_subgroups(slots_.at(kernel).name(), c.subgroup_size,
                                         GPUSORT_RADIX_BINDING_SUBGROUP_CHECK, c.device, runs,
                                         variable_group_dispatch(kernel, c), c.tuning.workgroup_size);
  }

  ProgramCache* cache_ = nullptr;  // not owned; nullptr: programs are always compiled
  ProgramSlots<Kernel, Program> slots_;
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
