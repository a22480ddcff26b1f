#pragma once
// The bitonic sorter's program variants: a ProgramKey names each (kernel, tile, elements
// per invocation, wide chunks, fused passes, stability), program_source() says how to build
// it from shaders/, and Programs keeps them in ProgramSlots, each built the first time a sort
// needs it.
#include <cstdint>
#include <string>
#include <vector>

#include "../../program_cache.hpp"
#include "../device/glsl_target.hpp"
#include "../generated/embedded_shaders.hpp"
#include "../gl/program.hpp"
#include "../gl/program_slots.hpp"
#include "../gl/subgroup_check.hpp"
#include "../shader_interface_glsl.hpp"
#include "config.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

/// A program variant. Tile programs (shaders/bitonic/tile_kernel.comp) differ in their tile,
/// their elements per invocation, wide chunks and fused passes (with a shared-memory
/// reserve); stable sorts use variants that break ties by value (TIE_BREAK).
struct ProgramKey {
  enum class Kernel : std::uint8_t { tile, global_steps, dispatch_args };
  Kernel kernel = Kernel::tile;
  bool stable = false;
  std::uint32_t tile_size = 0;      // tile: elements per tile
  std::uint32_t elements = 0;       // tile: elements per invocation
  bool wide = false;                // tile: wide chunks
  bool fused = false;               // tile: several passes per dispatch
  std::uint32_t reserve_words = 0;  // fused: shared memory reserved beside the tile

  bool operator==(const ProgramKey& o) const {
    return kernel == o.kernel && stable == o.stable && tile_size == o.tile_size && elements == o.elements &&
           wide == o.wide && fused == o.fused && reserve_words == o.reserve_words;
  }
};

inline ProgramKey tile_program(std::uint32_t tile_size, std::uint32_t elements, bool stable) {
  return ProgramKey{ProgramKey::Kernel::tile, stable, tile_size, elements, false, false, 0};
}

/// The main tile program (BitonicTuning::local_elements): the constructor builds it.
inline ProgramKey local_program(const Config& c, bool stable) {
  return tile_program(c.tuning.tile_size, c.tuning.local_elements, stable);
}

/// The single-dispatch tile (BitonicTuning::single_dispatch_tile, single_tile_elements).
inline ProgramKey single_tile_program(const Config& c, bool stable) {
  return tile_program(c.tuning.single_dispatch_tile, c.tuning.single_tile_elements, stable);
}

/// The wide-chunk program is separate: compiled into the tile program that small sorts
/// use, the path cost them time even where no wide chunk ran (registers).
inline ProgramKey wide_program(const Config& c, bool stable) {
  ProgramKey key = local_program(c, stable);
  key.wide = true;
  return key;
}

/// The tile program with fused passes, in tiles of `tile_size`, with `reserve_words` of
/// shared memory reserved (Config::fused_reserve_words()). Separate: the ticket, the pass
/// table and coherent data accesses stay out of the program that runs one pass per dispatch.
inline ProgramKey fused_program(const Config& c, bool stable, std::uint32_t tile_size, std::uint32_t reserve_words) {
  ProgramKey key = tile_program(tile_size, c.tuning.local_elements, stable);
  key.fused = true;
  key.reserve_words = reserve_words;
  return key;
}

inline ProgramKey global_program(bool stable) {
  ProgramKey key;
  key.kernel = ProgramKey::Kernel::global_steps;
  key.stable = stable;
  return key;
}

/// sort_indirect()'s GPU-side planner (shaders/bitonic/dispatch_args.comp).
inline ProgramKey arguments_program() {
  ProgramKey key;
  key.kernel = ProgramKey::Kernel::dispatch_args;
  return key;
}

inline std::string glsl_define(const char* name, std::uint32_t value, const char* suffix = "u") {
  return std::string("#define ") + name + " " + std::to_string(value) + suffix + "\n";
}

/// STORAGE_VECTORS (elements.glsl): the uvec4 views of keys and values where the device has the
/// storage blocks for them: keys, values, their two views, the count and the fused passes' sync.
inline std::string storage_vectors(const Config& c) {
  return glsl_define("STORAGE_VECTORS", c.device.max_compute_storage_blocks >= 6 ? 1 : 0, "");
}

/// The #version line (the context's GLSL dialect), `extensions`, and the #defines every
/// bitonic kernel starts with.
inline std::string prelude(const Config& c, std::uint32_t elements_log2, std::uint32_t group_size,
                           const char* extensions = "") {
  return glsl_prelude(c.device.glsl_target, extensions) +
         // NVIDIA's compiler otherwise may keep small loops that index register arrays.
         "#pragma optionNV(unroll all)\n" +
         glsl_define("KEY_KIND", c.elements.key_kind) + glsl_define("KEY_WORDS", c.elements.key_bytes / 4, "") +
         glsl_define("HAS_VALUES", c.elements.has_values() ? 1 : 0, "") + glsl_define("ELEMS_LOG2", elements_log2) +
         glsl_define("GROUP_SIZE", group_size) + storage_vectors(c);
}

/// BitonicTuning::extra_shader_source, after every #define of the host (so that it may test them)
/// and before the shader files.
inline std::string extra_source(const Config& c) {
  return extra_source_fragment("BitonicTuning", c.tuning.extra_shader_source);
}

/// TIE_BREAK: stable programs order equal keys by value (the original index).
inline std::string tie_break(bool stable) { return glsl_define("TIE_BREAK", stable ? 1 : 0, ""); }

/// The subgroup size the program of `key` is compiled for: the device's subgroups, or
/// DeviceFacts::emulated_subgroup_size's emulated in shared memory, in a tile program that holds
/// whole ones; 0: none. A program the subgroups do not fit (a single-dispatch tile of other sizes)
/// takes the shared-memory path, as on a GPU with such subgroups.
inline std::uint32_t compiled_subgroup_size(const Config& c, const ProgramKey& key) {
  if (key.kernel != ProgramKey::Kernel::tile || !c.tuning.use_subgroups) return 0;
  const std::uint32_t size = shuffle_subgroup_size(c.device);
  return subgroups_fit(key.tile_size, key.elements, size) ? size : 0u;
}

/// A tile program's source. Only the programs with local_elements at tile_size or
/// fused_tile_size run window passes, so only they may take the direct window path (whose
/// layouts exist for 8 elements and tiles of 512 .. 4096).
inline ProgramSource tile_source(const Config& c, const ProgramKey& key) {
  const BitonicTuning& t = c.tuning;
  const std::uint32_t subgroup_size = compiled_subgroup_size(c, key);
  const bool emulated = c.device.subgroup_size == 0;
  const bool subgroups = subgroup_size != 0;
  // The size the emulation runs, where a test compiles for another (DeviceTestHooks).
  const std::uint32_t emulated_size = emulated_subgroups(c.device);
  const bool misplanned_emulation = subgroups && emulated && emulated_size != subgroup_size;
  const bool window_program = key.tile_size == t.tile_size || key.tile_size == t.fused_tile_size;
  const bool direct = subgroups && t.direct_tile_io && key.elements == t.local_elements && window_program &&
                      key.tile_size >= 512;
  // Real subgroups need their extensions, which must come before every other token.
  const char* extensions = subgroups && !emulated
                               ? "#extension GL_KHR_shader_subgroup_basic : require\n"
                                 "#extension GL_KHR_shader_subgroup_shuffle : require\n"
                               : "";
  // Names a preprocessor #if tests carry no u suffix (the GLSL preprocessor takes none).
  std::string defines = prelude(c, ceil_log2(key.elements), key.tile_size / key.elements, extensions) +
                        tie_break(key.stable) + glsl_define("TILE_LOG2", ceil_log2(key.tile_size)) +
                        glsl_define("SUBGROUP_LOG2", subgroups ? ceil_log2(subgroup_size) : 0u, "") +
                        glsl_define("SUBGROUP_EMULATION", subgroups && emulated ? 1 : 0, "") +
                        glsl_define("DIRECT_TILE_IO", direct ? 1 : 0, "") +
                        glsl_define("WIDE_CHUNKS", key.wide && subgroups ? 1 : 0, "") +
                        glsl_define("COMPACT_STEPS", t.compact_tile_program && !subgroups ? 1 : 0, "");
  if (misplanned_emulation) defines += glsl_define("EMULATED_SUBGROUP_LOG2", ceil_log2(emulated_size), "");
  if (key.fused)
    defines += glsl_define("FUSED_PASSES", 1, "") + glsl_define("FUSED_RESERVE_WORDS", key.reserve_words, "");
  return {"local_sort",
          {defines + extra_source(c), shaders::bitonic_tile_config_glsl, shaders::common_interface_glsl,
           shaders::bitonic_interface_glsl, shaders::common_key_codec_glsl, shaders::bitonic_elements_glsl,
           shaders::bitonic_registers_glsl, shaders::bitonic_tile_memory_glsl, shaders::bitonic_tile_subgroups_glsl,
           shaders::bitonic_tile_shuffles_glsl, shaders::bitonic_tile_steps_glsl, shaders::bitonic_tile_io_glsl,
           shaders::bitonic_tile_fused_glsl, shaders::bitonic_tile_kernel_comp}};
}

inline ProgramSource global_source(const Config& c, bool stable) {
  return {"global_steps",
          {prelude(c, c.global_log2, c.tuning.global_group_size) + tie_break(stable) +
               glsl_define("LANES", c.tuning.global_vector_width, "") + extra_source(c),
           shaders::common_interface_glsl, shaders::bitonic_interface_glsl, shaders::common_key_codec_glsl,
           shaders::bitonic_elements_glsl, shaders::bitonic_registers_glsl, shaders::bitonic_global_steps_comp}};
}

inline ProgramSource arguments_source(const Config& c) {
  return {"dispatch_args",
          {prelude(c, c.global_log2, 1) + glsl_define("TILE_LOG2", c.tiles.tile_log2) +
               glsl_define("WINDOW_LOG2", c.tiles.window_log2) +
               glsl_define("SINGLE_TILE_LOG2", c.tiles.single_tile_log2) + glsl_define("LANES_LOG2", c.lanes_log2) +
               glsl_define("GLOBAL_GROUP_SIZE", c.tuning.global_group_size) + extra_source(c),
           shaders::common_interface_glsl, shaders::bitonic_interface_glsl, shaders::common_key_codec_glsl,
           shaders::bitonic_elements_glsl, shaders::bitonic_dispatch_args_comp}};
}

inline ProgramSource program_source(const ProgramKey& key, const Config& c) {
  ProgramSource source;
  switch (key.kernel) {
    case ProgramKey::Kernel::global_steps: source = global_source(c, key.stable); break;
    case ProgramKey::Kernel::dispatch_args: source = arguments_source(c); break;
    case ProgramKey::Kernel::tile: source = tile_source(c, key); break;
  }
  source.device = &c.device;  // checked after linking against the limits it was planned for
  return source;
}

/// The programs a sorter has built, by key; each is built the first time it is asked for. Each
/// program compiled for a subgroup size is checked on the GPU once it is built
/// (detail/gl/subgroup_check.hpp); one that runs with another size is deleted and reported, and
/// the network is resolved again without subgroups (Engine's policy, detail/front_end/engine.hpp).
class Programs {
 public:
  explicit Programs(ProgramCache* cache = nullptr) : cache_(cache) {}

  /// `key`'s program, built before (build()).
  GLuint get(const ProgramKey& key) const { return slots_.at(key).name(); }

  /// Builds every program of `keys` not built yet, in one batch (the driver may compile them
  /// in parallel), and checks the subgroups of each with `checker` (the algorithm's, which
  /// outlives its program sets); where one fails (its build or its check), none stays built: no
  /// unchecked program runs. `mismatch`: one runs with another subgroup size than `c` compiled
  /// it for; it is deleted (it must not run). `names`, if given, gets the name of each of `keys`
  /// in order once all of them are built (its storage reused).
  Status build(const std::vector<ProgramKey>& keys, const Config& c, SubgroupChecker& checker, bool& mismatch,
               std::vector<GLuint>* names = nullptr) {
    if (Status status = slots_.build_checked(
            keys, cache_, [&](const ProgramKey& k) { return program_source(k, c); },
            [&](const ProgramKey& key, bool& runs) { return check_subgroups(key, c, checker, runs); }, mismatch);
        !status || mismatch || names == nullptr)
      return status;
    names->clear();
    for (const ProgramKey& key : keys) names->push_back(get(key));
    return {};
  }

 private:
  /// Whether `key`'s program, just built, runs with the subgroup size `c` compiled it for, into
  /// `runs` (true for a program compiled for none).
  Status check_subgroups(const ProgramKey& key, const Config& c, SubgroupChecker& checker, bool& runs) {
    runs = true;
    const std::uint32_t planned = compiled_subgroup_size(c, key);
    if (planned == 0) return {};
    // The check's pass must find no tile (tile_kernel.comp reports after it). A program just
    // linked or loaded has its count uniforms at 0 already; set here, the check does not rest on
    // every driver getting that right.
    const GLuint program = slots_.at(key).name();
    {
      GlStateBackup backup(c.device);
      glUseProgram(program);
      glUniform1ui(GPUSORT_BITONIC_LOCATION_COUNT, 0u);
      glUniform1ui(GPUSORT_BITONIC_LOCATION_COUNT_SOURCE, GPUSORT_COUNT_FROM_UNIFORM);
    }
    return checker.runs_planned_subgroups(program, planned, GPUSORT_BITONIC_BINDING_SUBGROUP_CHECK, c.device, runs);
  }

  ProgramCache* cache_ = nullptr;  // not owned; nullptr: programs are always compiled
  ProgramSlots<ProgramKey> slots_;
};

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
