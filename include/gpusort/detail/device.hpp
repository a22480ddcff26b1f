#pragma once
// What gpusort asks of the current context: that there is one, its version, its limits.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "../error.hpp"
#include "../tuning.hpp"

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
};

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
  return limits;
}

inline bool is_power_of_two(std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }

inline std::uint32_t log2_exact(std::uint64_t x) {
  std::uint32_t log2 = 0;
  while ((std::uint64_t{1} << log2) < x) ++log2;
  return log2;
}

/// Fills the zero fields of `requested` from the device limits and checks the result.
inline Tuning resolve_tuning(Tuning t, const DeviceLimits& limits, std::uint32_t element_bytes) {
  const auto fail = [](const std::string& why) { throw Error("invalid Tuning: " + why); };
  if (t.tile_size == 0) {
    t.tile_size = 1;
    while (std::uint64_t{t.tile_size} * 2 * element_bytes <= limits.max_shared_bytes && t.tile_size < (1u << 20))
      t.tile_size *= 2;
    // An explicit local_elements also bounds the tile through the invocation limit.
    while (t.local_elements != 0 && t.tile_size / t.local_elements > limits.max_invocations) t.tile_size /= 2;
  }
  if (t.local_elements == 0) {
    t.local_elements = 8;
    while (t.local_elements < 32 && t.tile_size / t.local_elements > limits.max_invocations) t.local_elements *= 2;
  }
  if (t.global_elements == 0) t.global_elements = 16;
  if (t.global_group_size == 0) t.global_group_size = 256;
  if (t.max_workgroups_x == 0) t.max_workgroups_x = limits.max_groups_x;

  const std::string tile = std::to_string(t.tile_size);
  if (!is_power_of_two(t.tile_size)) fail("tile_size " + tile + " is not a power of two");
  if (std::uint64_t{t.tile_size} * element_bytes > limits.max_shared_bytes)
    fail("tile_size " + tile + " needs " + std::to_string(std::uint64_t{t.tile_size} * element_bytes) +
         " bytes of shared memory, more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE = " +
         std::to_string(limits.max_shared_bytes) + "; use a smaller tile_size or 0 for the default");
  if (!is_power_of_two(t.local_elements) || t.local_elements < 2 || t.local_elements > 32)
    fail("local_elements must be a power of two in 2..32");
  if (t.local_elements > t.tile_size) fail("local_elements exceeds tile_size");
  if (t.tile_size / t.local_elements > limits.max_invocations)
    fail("tile_size / local_elements = " + std::to_string(t.tile_size / t.local_elements) +
         " invocations exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = " + std::to_string(limits.max_invocations) +
         "; raise local_elements or lower tile_size");
  if (!is_power_of_two(t.global_elements) || t.global_elements < 2 || t.global_elements > 32 ||
      t.global_elements > t.tile_size)
    fail("global_elements must be a power of two in 2..32 and at most tile_size");
  if (t.global_group_size > limits.max_invocations)
    fail("global_group_size exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = " + std::to_string(limits.max_invocations));
  if (t.max_workgroups_x > limits.max_groups_x)
    fail("max_workgroups_x exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] = " + std::to_string(limits.max_groups_x));
  return t;
}

}  // namespace detail
}  // namespace gpusort
