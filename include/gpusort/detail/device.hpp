#pragma once
// What gpusort asks of the current context: that there is one, its version, its limits.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <string>

#include "../error.hpp"
#include "glsl_target.hpp"

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
  /// The GLSL dialect of the context's compute shaders (glsl_target.hpp): every program
  /// source starts with its #version line.
  GlslTarget glsl_target = GlslTarget::gl430_core;
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
  /// Workgroups may wait for other workgroups of the same dispatch (fused passes).
  /// Not on software renderers, unless Mesa's LP_NUM_THREADS is 0 or 1: llvmpipe ends every
  /// loop of an invocation after 65535 iterations in all, which cuts a long wait short
  /// (measured: a 40000-key fused sort on 2 threads came out wrong whenever one wait reached
  /// 65535 spins, right otherwise); on one thread every workgroup a wait needs has finished.
  bool cross_workgroup_waits = true;
  /// Compute units (NVIDIA: SMs, GL_SM_COUNT_NV of GL_NV_shader_thread_group); 0 where the
  /// context does not say. A sorter's DeviceFacts may override it (device_facts.hpp).
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

/// GL_KHR_shader_subgroup's features (GL_SUBGROUP_FEATURE_*_BIT_KHR), spelled out like the
/// queries below because loaders generated without the extension do not declare them.
constexpr GLint subgroup_feature_basic = 0x1;
constexpr GLint subgroup_feature_ballot = 0x8;
constexpr GLint subgroup_feature_shuffle = 0x10;

/// The subgroup size compute shaders may use with every one of `features`: a power of two
/// from 4 to `max_size`; 0 where there is none.
inline std::uint32_t query_subgroup_size(GLint features = subgroup_feature_basic | subgroup_feature_shuffle,
                                         std::uint32_t max_size = 0xFFFFFFFFu) {
  constexpr GLenum subgroup_size = 0x9532;       // GL_SUBGROUP_SIZE_KHR
  constexpr GLenum supported_stages = 0x9533;    // GL_SUBGROUP_SUPPORTED_STAGES_KHR
  constexpr GLenum supported_features = 0x9534;  // GL_SUBGROUP_SUPPORTED_FEATURES_KHR
  constexpr GLint compute_stage = 0x20;          // GL_COMPUTE_SHADER_BIT
  if (!has_extension("GL_KHR_shader_subgroup")) return 0;
  GLint size = 0, stages = 0, supported = 0;
  glGetIntegerv(subgroup_size, &size);
  glGetIntegerv(supported_stages, &stages);
  glGetIntegerv(supported_features, &supported);
  if ((stages & compute_stage) == 0 || (supported & features) != features) return 0;
  const bool usable = size >= 4 && static_cast<std::uint32_t>(size) <= max_size && (size & (size - 1)) == 0;
  return usable ? static_cast<std::uint32_t>(size) : 0;
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

}  // namespace detail
}  // namespace gpusort
