#pragma once
// What gpusort asks of the current context: that there is one, its version, its limits.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <string>

#include "../error.hpp"
#include "../tuning.hpp"
#include "bits.hpp"

namespace gpusort {
namespace detail {

inline void require_current_context() {
#if defined(GLAD_GL_H_)
  // glad's function pointers stay null until gladLoadGL ran; calling one would crash.
  if (glad_glGetString == nullptr) {
    throw Error("OpenGL functions are not loaded: call gladLoadGL(...) after making your context current");
  }
#endif
  if (glGetString(GL_VERSION) == nullptr) {
    throw Error("no current OpenGL context on this thread: make the context that owns your buffers current "
                "(eglMakeCurrent / glfwMakeContextCurrent) before constructing a sorter or calling sort()");
  }
}

struct DeviceLimits {
  int major = 0;
  int minor = 0;
  std::string version;
  std::string renderer;
  std::uint32_t max_shared_bytes = 0;
  std::uint32_t max_invocations = 0;
  std::uint32_t max_groups_x = 0;
  std::uint32_t max_groups_y = 0;
  std::uint64_t max_storage_block_bytes = 0;
  /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, raised to a multiple of 4 bytes.
  std::uint32_t storage_offset_alignment = 4;
  /// Subgroup size usable by gpusort's compute shaders (basic + shuffle), 0 if none.
  std::uint32_t subgroup_size = 0;
  /// A CPU rasterizer (llvmpipe, softpipe, SwiftShader): shader JIT time matters more there.
  bool software = false;
  /// Workgroups may wait for other workgroups of the same dispatch (Tuning::fused_passes_max_count).
  /// Not on software renderers, unless Mesa's LP_NUM_THREADS is 0 or 1: llvmpipe ends every
  /// loop of an invocation after 65535 iterations in all, which cuts a long wait short
  /// (measured: a 40000-key fused sort on 2 threads came out wrong whenever one wait reached
  /// 65535 spins, right otherwise); on one thread every workgroup a wait needs has finished.
  bool cross_workgroup_waits = true;
  /// Compute units (NVIDIA: SMs, GL_SM_COUNT_NV of GL_NV_shader_thread_group); 0 where the
  /// context does not say.
  std::uint32_t compute_units = 0;
};

inline bool has_extension(const char* name) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i) {
    const GLubyte* extension = glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i));
    if (extension && std::strcmp(reinterpret_cast<const char*>(extension), name) == 0) return true;
  }
  return false;
}

/// GL_KHR_shader_subgroup's queries; the values are spelled out because loaders generated
/// without the extension do not declare them.
inline std::uint32_t query_subgroup_size() {
  constexpr GLenum subgroup_size = 0x9532;         // GL_SUBGROUP_SIZE_KHR
  constexpr GLenum supported_stages = 0x9533;      // GL_SUBGROUP_SUPPORTED_STAGES_KHR
  constexpr GLenum supported_features = 0x9534;    // GL_SUBGROUP_SUPPORTED_FEATURES_KHR
  constexpr GLint compute_stage = 0x20;            // GL_COMPUTE_SHADER_BIT
  constexpr GLint basic_and_shuffle = 0x1 | 0x10;  // GL_SUBGROUP_FEATURE_{BASIC,SHUFFLE}_BIT_KHR
  if (!has_extension("GL_KHR_shader_subgroup")) return 0;
  GLint size = 0, stages = 0, features = 0;
  glGetIntegerv(subgroup_size, &size);
  glGetIntegerv(supported_stages, &stages);
  glGetIntegerv(supported_features, &features);
  if ((stages & compute_stage) == 0 || (features & basic_and_shuffle) != basic_and_shuffle) return 0;
  return size >= 4 && (size & (size - 1)) == 0 ? static_cast<std::uint32_t>(size) : 0;
}

/// glGetString(name), or "" where the context returns none.
inline std::string gl_string(GLenum name) {
  const GLubyte* s = glGetString(name);
  return s ? reinterpret_cast<const char*>(s) : "";
}

/// Reads the context's version and compute limits. Throws Error below OpenGL 4.3.
inline DeviceLimits query_device_limits() {
  require_current_context();
  DeviceLimits limits;
  limits.version = gl_string(GL_VERSION);
  limits.renderer = gl_string(GL_RENDERER);
  if (limits.version.compare(0, 9, "OpenGL ES") == 0 ||
      std::sscanf(limits.version.c_str(), "%d.%d", &limits.major, &limits.minor) != 2) {
    throw Error("needs desktop OpenGL 4.3 or newer, but the current context reports \"" + limits.version +
                "\": create an OpenGL 4.3+ core profile context");
  }
  if (limits.major < 4 || (limits.major == 4 && limits.minor < 3)) {
    throw Error("needs OpenGL 4.3 or newer (compute shaders and shader storage buffers), but the current context is "
                "OpenGL " + std::to_string(limits.major) + "." + std::to_string(limits.minor) + " (" + limits.renderer +
                "): create a 4.3+ core profile context");
  }
  GLint value = 0;
  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &value);
  limits.max_shared_bytes = static_cast<std::uint32_t>(value);
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &value);
  limits.max_invocations = static_cast<std::uint32_t>(value);
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &value);
  limits.max_groups_x = static_cast<std::uint32_t>(value);
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &value);
  limits.max_groups_y = static_cast<std::uint32_t>(value);
  GLint64 block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
  limits.max_storage_block_bytes = static_cast<std::uint64_t>(block);
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &value);
  // A power of two by the spec; below 4 every word offset already satisfies it.
  limits.storage_offset_alignment = value > 4 ? static_cast<std::uint32_t>(value) : 4u;
  limits.subgroup_size = query_subgroup_size();
  if (has_extension("GL_NV_shader_thread_group")) {
    constexpr GLenum sm_count = 0x933B;  // GL_SM_COUNT_NV, spelled out like the subgroup queries
    GLint units = 0;
    glGetIntegerv(sm_count, &units);
    limits.compute_units = units > 0 ? static_cast<std::uint32_t>(units) : 0u;
  }
  for (const char* name : {"llvmpipe", "softpipe", "SwiftShader"}) {
    if (limits.renderer.find(name) != std::string::npos) limits.software = true;
  }
  if (limits.software) {
    const char* threads = std::getenv("LP_NUM_THREADS");
    limits.cross_workgroup_waits = threads != nullptr && (std::strcmp(threads, "0") == 0 || std::strcmp(threads, "1") == 0);
  }
  return limits;
}

/// Whether a tile program of `tile_size` elements, `elements` per invocation, can run its narrow
/// steps with subgroups of `subgroup_size`: whole subgroups per workgroup, and a tile wider than
/// one subgroup's share.
inline bool subgroups_fit(std::uint32_t tile_size, std::uint32_t elements, std::uint32_t subgroup_size) {
  return subgroup_size != 0 && (tile_size / elements) % subgroup_size == 0 &&
         std::uint64_t{subgroup_size} * elements < tile_size;
}

/// Fills the zero fields of `requested` from the device limits and checks the result.
/// element_bytes: key + value bytes per element (shared memory); key_bytes: 4 or 8.
inline Tuning resolve_tuning(Tuning t, const DeviceLimits& limits, std::uint32_t element_bytes,
                             std::uint32_t key_bytes = 4) {
  const auto fail = [](const std::string& why) { throw Error("invalid Tuning: " + why); };
  // On a CPU rasterizer the JIT of the 8-element tile kernel dominates the first sort
  // (llvmpipe, key-value: 1.35 s against 0.24 s with 4 elements); speed there is moot.
  if (t.local_elements == 0 && limits.software) t.local_elements = 4;
  // Subgroup emulation: only where the device has none, and its exchange buffer (a word per
  // element) shares the tile's shared memory (the default tile leaves room for it).
  t.emulate_subgroups = t.emulate_subgroups && t.use_subgroups && limits.subgroup_size == 0;
  const std::uint32_t subgroup_size = limits.subgroup_size != 0 ? limits.subgroup_size : t.emulate_subgroups ? 32u : 0u;
  const auto shared_bytes = [&](std::uint64_t tile) { return tile * (element_bytes + (t.emulate_subgroups ? 4 : 0)); };
  if (t.tile_size == 0) {
    // On GPUs a tile of at most 16 KiB, not the largest that fits: several workgroups per
    // SM then hide each other's barriers and memory latency. Measured on an H200
    // (bench/results/tuning-h200-2026-11-21-windows.md): 2^24 keys 2.17 ms with 4096-key
    // tiles against 2.65 ms with 8192, pairs 4.33 ms with 2048-pair tiles against 5.88
    // with 4096. Software renderers take the largest tile: fewer passes, and no SMs.
    const std::uint64_t budget = limits.software ? limits.max_shared_bytes
                                                 : std::min<std::uint64_t>(limits.max_shared_bytes, 16384);
    t.tile_size = 1;
    while (shared_bytes(std::uint64_t{t.tile_size} * 2) <= budget && t.tile_size < (1u << 20))
      t.tile_size *= 2;
    // An explicit local_elements also bounds the tile through the invocation limit.
    while (t.local_elements != 0 && t.tile_size / t.local_elements > limits.max_invocations) t.tile_size /= 2;
  }
  if (t.local_elements == 0) {
    // Elements of 8 bytes or more: 4, so that a 16 KiB tile runs 512 invocations (see Tuning).
    t.local_elements = element_bytes >= 8 ? 4 : 8;
    while (t.local_elements < 32 && t.tile_size / t.local_elements > limits.max_invocations) t.local_elements *= 2;
  }
  if (t.local_sort_elements == 0) {
    // Sorting many tiles is in-tile work only: 16 keys per invocation (fewer shared-memory
    // round trips) beat 8 on an H200 from 2^20 keys up, while windows and disperses lost with
    // 16 (bench/results/levers-h200-2026-11-21.md). Measured for 32-bit keys without values at
    // 4096-key tiles only. Wider elements, whose tile passes hold 4 (see Tuning), sort tiles
    // with 8.
    const bool keys_only_32 = element_bytes == 4 && key_bytes == 4;
    t.local_sort_elements = !limits.software && keys_only_32 && t.tile_size >= 2048 && t.local_elements <= 16 ? 16u
                            : !limits.software && element_bytes >= 8 && t.tile_size >= 1024 ? std::max(8u, t.local_elements)
                                                                                             : t.local_elements;
  }
  if (t.sort_program_passes_min_count == 0)
    t.sort_program_passes_min_count = !limits.software && element_bytes == 8 ? 1u : Tuning::never;
  if (t.compute_units == 0) t.compute_units = limits.compute_units;
  // Fused passes (see Tuning): on GPUs up to 2 tiles per pass and compute unit, where the
  // units are known (so that the fused program can bound the workgroups per unit), else up
  // to 16 tiles. On software renderers slower (llvmpipe, 2^14 keys: 14.7 against 5.6 ms)
  // and, where several threads run workgroups, unsafe (DeviceLimits::cross_workgroup_waits).
  if (t.fused_passes_max_count == 0) {
    const std::uint64_t tiles = t.compute_units != 0 ? 2ull * t.compute_units : 16ull;
    t.fused_passes_max_count =
        limits.software ? Tuning::never
                        : static_cast<std::uint32_t>(std::min<std::uint64_t>(tiles * t.tile_size, Tuning::never - 1));
  }
  if (!limits.cross_workgroup_waits) t.fused_passes_max_count = Tuning::never;
  if (t.local_sort_min_tiles == 0) {
    // Where the sort program would also run a sort's other tile passes, it takes them out of
    // a fused dispatch (which only runs the local program): such sorts that fuse do better
    // in that one dispatch, local sort included. H200, pairs 2^19 (256 tiles): 0.121 ms fused
    // against 0.145 in the sort program (bench/results/h200-2026-11-22-fused-pairs-ab.md).
    t.local_sort_min_tiles = 256;
    const bool sort_program_takes_fused_counts =
        t.fused_passes_max_count != Tuning::never && t.sort_program_passes_min_count <= t.fused_passes_max_count;
    if (sort_program_takes_fused_counts)
      t.local_sort_min_tiles = static_cast<std::uint32_t>(std::max<std::uint64_t>(
          256, std::min<std::uint64_t>(std::uint64_t{t.fused_passes_max_count} / t.tile_size + 1, Tuning::never)));
  }
  // Measured on an H200 (bench/results/tuning-h200-2026-11-21.md): 8 elements x uvec4 per invocation
  // and 128 invocations per group beat 4 or 16 elements, scalar access and 256 or 64.
  if (t.global_elements == 0) t.global_elements = 8;
  if (t.global_vector_width == 0) t.global_vector_width = 4;
  // The global kernel's uvec4 lanes are 32-bit keys; 64-bit keys (uvec2) always run it
  // scalar, whatever was asked, and tuning() reports the 1.
  if (key_bytes == 8) t.global_vector_width = 1;
  if (t.global_group_size == 0) t.global_group_size = 128;
  if (t.window_run == 0) t.window_run = std::min<std::uint32_t>(16, t.tile_size);
  if (t.fused_tile_size == 0) {
    // Half tiles for fused sorts that leave compute units idle (see Tuning; on an H200 64-bit
    // keys with values, 12 bytes an element, gained nothing with them), where their windows
    // still fuse more steps than a register pass (otherwise no pass of theirs would fuse).
    const std::uint32_t half = t.tile_size / 2;
    const bool windows = half >= 4ull * t.window_run && half / t.window_run > t.global_elements;
    const bool fused = t.fused_passes_max_count != Tuning::never && t.compute_units != 0;
    t.fused_tile_size = !limits.software && fused && element_bytes <= 8 && windows ? half : t.tile_size;
  }
  // The single-dispatch tile holds 8 elements per invocation on GPUs (see Tuning), and its
  // invocations bound the default single_dispatch_tile.
  const std::uint32_t single_elements = t.single_tile_elements != 0 ? t.single_tile_elements
                                        : limits.software           ? t.local_elements
                                                                    : std::max(8u, t.local_elements);
  if (t.single_dispatch_tile == 0) {
    t.single_dispatch_tile = t.tile_size;
    // Where fused passes take sorts of two tiles, those beat one wide workgroup (H200: 2^13
    // keys 23.6 against 27.1 us, 2^12 pairs 24.6 against 25.8,
    // bench/results/h200-2026-11-22-single-tile-or-fused.txt): no second program then.
    // (sort_indirect, which never fuses, then takes a dispatch per pass there.)
    const bool fused_two_tiles = t.fused_passes_max_count != Tuning::never && t.merge_stages &&
                                 t.fused_passes_max_count >= 2ull * t.tile_size;
    while (!fused_two_tiles && shared_bytes(std::uint64_t{t.single_dispatch_tile} * 2) <= limits.max_shared_bytes &&
           t.single_dispatch_tile * 2 / single_elements <= limits.max_invocations && t.single_dispatch_tile < (1u << 20))
      t.single_dispatch_tile *= 2;
  }
  if (t.single_tile_elements == 0) {
    t.single_tile_elements = single_elements;
    while (t.single_tile_elements < 32 && t.single_dispatch_tile / t.single_tile_elements > limits.max_invocations)
      t.single_tile_elements *= 2;
  }
  if (t.max_workgroups_x == 0) t.max_workgroups_x = limits.max_groups_x;

  const std::string tile = std::to_string(t.tile_size);
  if (!is_power_of_two(t.tile_size)) fail("tile_size " + tile + " is not a power of two");
  if (shared_bytes(t.tile_size) > limits.max_shared_bytes)
    fail("tile_size " + tile + " needs " + std::to_string(shared_bytes(t.tile_size)) +
         " bytes of shared memory, more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE = " +
         std::to_string(limits.max_shared_bytes) + "; use a smaller tile_size or 0 for the default");
  // Elements per invocation of a tile program: local_elements, local_sort_elements,
  // single_tile_elements.
  const auto check_elements = [&](std::uint32_t elements, const std::string& name) {
    if (!is_power_of_two(elements) || elements < 4 || elements > 32) fail(name + " must be a power of two in 4..32");
    if (elements > t.tile_size) fail(name + " exceeds tile_size");
    if (t.tile_size / elements > limits.max_invocations)
      fail("tile_size / " + name + " = " + std::to_string(t.tile_size / elements) +
           " invocations exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = " + std::to_string(limits.max_invocations) +
           "; raise " + name + " or lower tile_size");
  };
  check_elements(t.local_elements, "local_elements");
  check_elements(t.local_sort_elements, "local_sort_elements");
  if (!is_power_of_two(t.single_tile_elements) || t.single_tile_elements < 4 || t.single_tile_elements > 32 ||
      t.single_tile_elements > t.single_dispatch_tile)
    fail("single_tile_elements must be a power of two in 4..32 and at most single_dispatch_tile");
  if (!is_power_of_two(t.global_elements) || t.global_elements < 2 || t.global_elements > 32 ||
      t.global_elements > t.tile_size)
    fail("global_elements must be a power of two in 2..32 and at most tile_size");
  if (t.global_vector_width != 1 && t.global_vector_width != 4) fail("global_vector_width must be 1 or 4");
  if (std::uint64_t{t.global_elements} * t.global_vector_width * 2 > t.tile_size)
    fail("global_elements * global_vector_width * 2 must not exceed tile_size");
  if (!is_power_of_two(t.window_run) || t.window_run < 4 || t.window_run > t.tile_size)
    fail("window_run must be a power of two in 4..tile_size");
  if (!is_power_of_two(t.fused_tile_size) || t.fused_tile_size > t.tile_size ||
      (t.fused_tile_size < t.tile_size &&
       (t.fused_tile_size < 4ull * t.window_run || t.fused_tile_size < t.local_elements)))
    fail("fused_tile_size " + std::to_string(t.fused_tile_size) + " must be a power of two of at least 4 * "
         "window_run and local_elements and at most tile_size (" + tile + ", which turns it off); 0 for the default");
  if (!is_power_of_two(t.single_dispatch_tile) || t.single_dispatch_tile < t.tile_size ||
      shared_bytes(t.single_dispatch_tile) > limits.max_shared_bytes ||
      t.single_dispatch_tile / t.single_tile_elements > limits.max_invocations)
    fail("single_dispatch_tile must be a power of two >= tile_size whose elements fit shared memory and whose "
         "invocations (single_dispatch_tile / single_tile_elements) fit GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS");
  if (t.global_group_size > limits.max_invocations)
    fail("global_group_size exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = " + std::to_string(limits.max_invocations));
  t.use_subgroups = t.use_subgroups && subgroups_fit(t.tile_size, t.local_elements, subgroup_size);
  t.emulate_subgroups = t.emulate_subgroups && t.use_subgroups;
  // The direct layouts (shaders/local_sort.comp) are drawn for 3 register bits, 5 lane bits
  // and 9 .. 12 tile bits. Only 32-bit keys without values: there direct window passes took
  // 59-83 us against 70-99 us at 2^24 on an H200, but with a second (value) stream direct
  // passes lost 7-9 % (bench/results/levers-h200-2026-11-21.md).
  t.direct_tile_io = t.direct_tile_io && element_bytes == 4 && t.use_subgroups && subgroup_size == 32 &&
                     t.local_elements == 8 && t.tile_size >= 512 && t.tile_size <= 4096;
  // Wide chunks need subgroups (see Tuning).
  if (t.wide_chunk_min_count == 0)
    t.wide_chunk_min_count = !limits.software && element_bytes == 8 && key_bytes == 4 ? (1u << 21) : Tuning::never;
  if (!t.use_subgroups) t.wide_chunk_min_count = Tuning::never;
  // Passes that cross stages are window passes; without windows (window_run so long that a
  // window fuses no more steps than a register pass) every stage keeps its own passes.
  t.merge_stages = t.merge_stages && t.tile_size / t.window_run > t.global_elements;
  if (t.max_workgroups_x > limits.max_groups_x)
    fail("max_workgroups_x exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] = " + std::to_string(limits.max_groups_x));
  return t;
}

}  // namespace detail
}  // namespace gpusort
