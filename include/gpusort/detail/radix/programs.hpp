#pragma once
// RadixSorter's compute programs (shaders/radix/): their sources for a key type and a
// resolved tuning, and which uniform locations each program really has.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../generated/embedded_shaders.hpp"
#include "../gl_program.hpp"
#include "../glsl_target.hpp"
#include "plan.hpp"

namespace gpusort {
namespace detail {

/// A built program and the uniform locations (below 32) it has: a location the compiler
/// removed must not be set (glUniform* would raise GL_INVALID_OPERATION).
struct RadixProgram {
  GlProgram program;
  std::uint32_t active_locations = 0;

  GLuint name() const { return program.name(); }
  void set(GLint location, GLuint value) const {
    if ((active_locations >> location) & 1u) glUniform1ui(location, value);
  }
};

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

using RadixKernel = gpusort::RadixKernel;

/// The sources of `kernel` for keys of `key_kind` (KeyTraits::glsl_kind) and `key_bytes`.
inline ProgramSource radix_program_source(RadixKernel kernel, const RadixConfig& c, int key_kind,
                                          std::uint32_t key_bytes, bool has_values) {
  const RadixTuning& t = c.tuning;
  const bool tile_kernel = kernel == RadixKernel::downsweep || kernel == RadixKernel::onesweep;
  const std::uint32_t group_size = tile_kernel ? t.workgroup_size : c.small_group;
  const std::uint32_t max_passes = (key_bytes * 8 + t.digit_bits - 1) / t.digit_bits;
  const bool real_subgroups = c.ranking == RadixRanking::ballots;
  std::string prelude = glsl_prelude(c.glsl_target, tile_kernel && real_subgroups
                                                        ? "#extension GL_KHR_shader_subgroup_basic : require\n"
                                                          "#extension GL_KHR_shader_subgroup_ballot : require\n"
                                                          "#extension GL_KHR_shader_subgroup_shuffle : require\n"
                                                        : "");
  // NVIDIA's compiler otherwise may keep small loops that index register arrays.
  prelude += "#pragma optionNV(unroll all)\n";
  const auto define = [&](const char* name, std::uint64_t value, const char* suffix = "u") {
    prelude += std::string("#define ") + name + " " + std::to_string(value) + suffix + "\n";
  };
  // Names a preprocessor #if tests carry no u suffix.
  define("KEY_KIND", static_cast<std::uint64_t>(key_kind));
  define("KEY_WORDS", key_bytes / 4, "");
  define("HAS_VALUES", has_values ? 1 : 0, "");
  define("RADIX_BITS", t.digit_bits);
  define("GROUP_SIZE", group_size);
  define("TILE_SIZE", c.tile_size);
  define("HISTOGRAM_KEYS", t.histogram_keys);
  define("HISTOGRAM_PASSES", max_passes);
  define("COPY_ELEMENTS", c.copy_elements);
  define("SERIAL_SCAN_BLOCKS", c.serial_scan_blocks);
  define("ALL_PASSES", kernel == RadixKernel::histogram ? 1 : 0, "");
  define("KEYS_PER_INVOCATION", t.keys_per_invocation);
  define("SUBGROUP_SIZE", c.subgroup_size);
  define("SUBGROUP_MODE", static_cast<std::uint64_t>(c.ranking), "");
  define("MASK_WORDS", c.subgroup_size <= 32 ? 1 : 4, "");
  define("AREA_WORDS", c.area_words);
  const std::uint32_t radix = 1u << t.digit_bits;
  const bool ballots = c.ranking != RadixRanking::shared_match;  // real or emulated subgroups
  const bool subgroup_scan = ballots && t.workgroup_size >= radix && radix % c.subgroup_size == 0;
  define("SUBGROUP_SCAN", subgroup_scan ? 1 : 0, "");
  prelude += t.extra_shader_source + "\n";
  std::vector<std::string> sources = {prelude, shaders::common_shader_interface_h, shaders::radix_radix_interface_h,
                                      shaders::radix_common_glsl};
  const char* name = "";
  switch (kernel) {
    case RadixKernel::init: name = "radix_init"; sources.push_back(shaders::radix_init_comp); break;
    case RadixKernel::histogram:
    case RadixKernel::upsweep:
      name = kernel == RadixKernel::histogram ? "radix_histogram" : "radix_upsweep";
      sources.push_back(shaders::radix_keys_glsl);
      sources.push_back(shaders::radix_histogram_comp);
      break;
    case RadixKernel::scan: name = "radix_scan"; sources.push_back(shaders::radix_scan_comp); break;
    case RadixKernel::downsweep:
    case RadixKernel::onesweep:
      name = kernel == RadixKernel::downsweep ? "radix_downsweep" : "radix_onesweep";
      sources.push_back(shaders::radix_keys_glsl);
      sources.push_back(shaders::radix_tile_subgroups_glsl);
      sources.push_back(shaders::radix_tile_glsl);
      sources.push_back(kernel == RadixKernel::downsweep ? shaders::radix_downsweep_comp : shaders::radix_onesweep_comp);
      break;
    case RadixKernel::copy: name = "radix_copy"; sources.push_back(shaders::radix_copy_comp); break;
  }
  return ProgramSource{name, sources};
}

/// Builds `kernels` in one batch (drivers may compile them concurrently).
/// `device`: the limits the programs must fit (checked after linking).
inline std::vector<RadixProgram> build_radix_programs(const std::vector<RadixKernel>& kernels, const RadixConfig& c,
                                                      int key_kind, std::uint32_t key_bytes, bool has_values,
                                                      ProgramCache* cache, const DeviceLimits& device) {
  std::vector<ProgramSource> sources;
  for (RadixKernel kernel : kernels) {
    sources.push_back(radix_program_source(kernel, c, key_kind, key_bytes, has_values));
    sources.back().device = &device;
  }
  std::vector<GlProgram> built = build_compute_programs(sources, cache);
  std::vector<RadixProgram> programs(built.size());
  for (std::size_t i = 0; i < built.size(); ++i) {
    programs[i].active_locations = active_uniform_locations(built[i].name());
    programs[i].program = std::move(built[i]);
  }
  return programs;
}

}  // namespace detail
}  // namespace gpusort
