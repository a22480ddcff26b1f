#pragma once
// What gpusort asks of the current context: that there is one, its version, its limits.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "../../device_facts.hpp"
#include "../status.hpp"
#include "environment.hpp"
#include "forward_progress.hpp"
#include "glsl_target.hpp"

namespace gpusort {
namespace detail {

/// Whether a GL entry point can be called. Loaders (glad, GLEW, epoxy) declare entry points as
/// function pointers, null until the loader ran; GL_GLEXT_PROTOTYPES and <GLES3/gl31.h> declare
/// functions, which are never null. Taking either as a parameter tests both without a warning.
template <class Function>
bool entry_point_loaded(Function* entry_point) {
  return entry_point != nullptr;
}

inline Status check_current_context() {
  const char* load_note = "";
#if defined(GLAD_GL_H_) || defined(GLAD_GLES2_H_) || defined(__glad_h_)
  const char* load_call = "gladLoadGL(...) (gladLoadGLES2(...) on OpenGL ES)";
#elif defined(__glew_h__)
  const char* load_call = "glewInit()";
  load_note = " (on an EGL context glewInit() returns 4, GLEW_ERROR_NO_GLX_DISPLAY, having loaded every GL "
              "function: that code is harmless)";
#else
  const char* load_call = "your OpenGL loader";
#endif
  // glGetString is the first call gpusort makes; glGetStringi (OpenGL 3.0, ES 3.0) is where a
  // loader that declares glGetString as a plain function (GLEW) first has a null pointer.
  if (!entry_point_loaded(glGetString)) {
    return fail(std::string("OpenGL functions are not loaded (glGetString is null): call ") + load_call +
                " after making your context current" + load_note);
  }
  const GLubyte* version = glGetString(GL_VERSION);
  if (version == nullptr) {
    return fail("no current OpenGL context on this thread: make the context that owns your buffers current "
                "(eglMakeCurrent / glfwMakeContextCurrent) before constructing a sorter or calling sort()");
  }
  if (!entry_point_loaded(glGetStringi)) {
    return fail(std::string("OpenGL functions are not loaded (glGetStringi is null) for the current context (\"") +
                reinterpret_cast<const char*>(version) + "\"): call " + load_call +
                " after making your context current" + load_note + "; gpusort needs OpenGL 4.3+ or OpenGL ES 3.1+");
  }
  return {};
}

struct DeviceLimits {
  // The context.
  int major = 0;
  int minor = 0;
  /// An OpenGL ES context (major and minor are then the ES version).
  bool es = false;
  std::string version;
  std::string renderer;
  std::string vendor;
  /// The GLSL dialect of the context's compute shaders (glsl_target.hpp): every program
  /// source starts with its #version line.
  GlslTarget glsl_target = GlslTarget::gl430_core;
  // GL's compute limits (lowered where `clamp` says).
  std::uint32_t max_shared_bytes = 0;
  std::uint32_t max_invocations = 0;
  std::uint32_t max_groups_x = 0;
  std::uint32_t max_groups_y = 0;
  std::uint64_t max_storage_block_bytes = 0;
  /// GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS: indexed binding points (ES 3.1: at least 4).
  std::uint32_t max_storage_bindings = 0;
  /// GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS: storage blocks one compute shader may use (ES 3.1: 4).
  std::uint32_t max_compute_storage_blocks = 0;
  /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, raised to a multiple of 4 bytes.
  std::uint32_t storage_offset_alignment = 4;
  // What gpusort knows of the device beyond GL's limits.
  /// A CPU rasterizer (llvmpipe, softpipe, SwiftShader): shader JIT time matters more there.
  bool software = false;
  /// Workgroups may wait without bound for other workgroups of the same dispatch (the
  /// network's fused passes): the forward-progress policy (forward_progress.hpp) or the
  /// caller's DeviceFacts.
  bool cross_workgroup_waits = false;
  /// Compute units (NVIDIA: SMs, GL_SM_COUNT_NV of GL_NV_shader_thread_group); 0 where the
  /// context does not say. A sorter's DeviceFacts may override it (device_facts.hpp).
  std::uint32_t compute_units = 0;
  /// GL_ARB_shader_clock on a desktop context of 4.5 or newer (its program is GLSL 4.50: glslang
  /// declares the clock from there on): only gpusort_radix_probe --phases uses it
  /// (radix::Config::phase_clock_buffer).
  bool shader_clock = false;
  /// GL_ARB_compute_variable_group_size: only gpusort_radix_probe's lsv=1 uses it
  /// (radix::Config::variable_group_dispatch).
  bool variable_group_size = false;
  /// The compute limits above were lowered by DeviceFacts::clamp (test-only).
  DeviceClamp clamp = DeviceClamp::none;
  // Subgroups.
  /// Subgroup size usable by gpusort's compute shaders (basic + shuffle), 0 if none.
  std::uint32_t subgroup_size = 0;
  /// Subgroup size usable for ballots (basic + ballot + shuffle, at most 128), 0 if none.
  std::uint32_t ballot_subgroup_size = 0;
  /// DeviceFacts::emulated_subgroup_size in effect: both algorithms run their subgroup code with
  /// subgroups of this many lanes emulated in shared memory; 0: none.
  std::uint32_t emulated_subgroup_size = 0;
  /// Test-only (device_test_hooks()): subgroup programs are compiled for subgroups of this many
  /// lanes, not for those they run with; 0: off.
  std::uint32_t misplanned_subgroup_size = 0;
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

/// How many times this process asked a context for its limits: a Sorter asks once and hands
/// them to both algorithms (a test counts).
inline std::uint64_t& device_query_count() {
  static thread_local std::uint64_t count = 0;
  return count;
}

/// Reads "<major>.<minor>" at the start of `text`. Written out because MSVC deprecates sscanf
/// (warning C4996 in every user's translation unit).
inline bool parse_major_minor(const char* text, int& major, int& minor) {
  const auto number = [&](int& out) {
    if (*text < '0' || *text > '9') return false;
    out = 0;
    for (; *text >= '0' && *text <= '9'; ++text) {
      if (out > 9999) return false;  // no real version; stops an overflow
      out = out * 10 + (*text - '0');
    }
    return true;
  };
  if (!number(major) || *text != '.') return false;
  ++text;
  return number(minor);
}

/// Parses GL_VERSION into `limits` (major, minor, es, glsl_target). Desktop contexts report
/// "<major>.<minor>[.<release>] <vendor text>", ES contexts "OpenGL ES <major>.<minor> <vendor
/// text>" (ES 1.x: "OpenGL ES-CM 1.1"). Fails below OpenGL 4.3 and below OpenGL ES 3.1.
inline Status parse_context_version(DeviceLimits& limits) {
  static const char es_prefix[] = "OpenGL ES";
  const std::string& version = limits.version;
  limits.es = version.compare(0, sizeof es_prefix - 1, es_prefix) == 0;
  const char* numbers = version.c_str() + (limits.es ? sizeof es_prefix - 1 : 0);
  if (limits.es && *numbers == ' ') ++numbers;  // "OpenGL ES-CM 1.1" keeps its "-" and fails below
  if (!parse_major_minor(numbers, limits.major, limits.minor)) limits.major = limits.minor = 0;
  const auto at_least = [&](int major, int minor) {
    return limits.major > major || (limits.major == major && limits.minor >= minor);
  };
  if (limits.es) {
    if (!at_least(3, 1)) {
      return fail("needs OpenGL ES 3.1 or newer (compute shaders and shader storage buffers), but the current "
                  "context reports \"" + version + "\" (" + limits.renderer +
                  "): create an OpenGL ES 3.1+ context (EGL_CONTEXT_MAJOR_VERSION 3, MINOR 1) or an OpenGL "
                  "4.3+ core context");
    }
    limits.glsl_target = at_least(3, 2) ? GlslTarget::es320 : GlslTarget::es310;
    return {};
  }
  if (!at_least(4, 3)) {
    return fail("needs OpenGL 4.3 or newer (compute shaders and shader storage buffers), but the current context "
                "reports \"" + version + "\" (" + limits.renderer +
                "): create a 4.3+ core profile context, or an OpenGL ES 3.1+ context");
  }
  limits.glsl_target = GlslTarget::gl430_core;
  return {};
}

/// Reads the context's version and compute limits into `limits`. Fails without a current
/// context, below OpenGL 4.3 and below OpenGL ES 3.1.
inline Status query_device_limits(DeviceLimits& limits) {
  if (Status status = check_current_context(); !status) return status;
  ++device_query_count();
  limits = DeviceLimits{};
  limits.version = gl_string(GL_VERSION);
  limits.renderer = gl_string(GL_RENDERER);
  limits.vendor = gl_string(GL_VENDOR);
  if (Status status = parse_context_version(limits); !status) return status;
  GLint value = 0;
  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &value);
  limits.max_shared_bytes = static_cast<std::uint32_t>(value);
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &value);
  limits.max_invocations = static_cast<std::uint32_t>(value);
  // Every gpusort kernel is one-dimensional, so the x size bounds it too (ES 3.1 minimum: 128).
  GLint size_x = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 0, &size_x);
  if (size_x > 0) limits.max_invocations = (std::min)(limits.max_invocations, static_cast<std::uint32_t>(size_x));
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &value);
  limits.max_groups_x = static_cast<std::uint32_t>(value);
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &value);
  limits.max_groups_y = static_cast<std::uint32_t>(value);
  GLint64 block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
  limits.max_storage_block_bytes = static_cast<std::uint64_t>(block);
  glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &value);
  limits.max_storage_bindings = static_cast<std::uint32_t>((std::max)(value, 0));
  glGetIntegerv(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, &value);
  limits.max_compute_storage_blocks = static_cast<std::uint32_t>((std::max)(value, 0));
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &value);
  // A power of two by the spec; below 4 every word offset already satisfies it.
  limits.storage_offset_alignment = value > 4 ? static_cast<std::uint32_t>(value) : 4u;
  limits.subgroup_size = query_subgroup_size();
  limits.ballot_subgroup_size =
      query_subgroup_size(subgroup_feature_basic | subgroup_feature_ballot | subgroup_feature_shuffle, 128);
  if (has_extension("GL_NV_shader_thread_group")) {
    constexpr GLenum sm_count = 0x933B;  // GL_SM_COUNT_NV, spelled out like the subgroup queries
    GLint units = 0;
    glGetIntegerv(sm_count, &units);
    limits.compute_units = units > 0 ? static_cast<std::uint32_t>(units) : 0u;
  }
  limits.shader_clock = !limits.es && (limits.major > 4 || (limits.major == 4 && limits.minor >= 5)) &&
                        has_extension("GL_ARB_shader_clock");
  limits.variable_group_size = has_extension("GL_ARB_compute_variable_group_size");
  for (const char* name : {"llvmpipe", "softpipe", "SwiftShader"}) {
    if (limits.renderer.find(name) != std::string::npos) limits.software = true;
  }
  limits.cross_workgroup_waits =
      workgroup_waits_verified(limits.vendor, limits.renderer, limits.version, EnvironmentVariable("LP_NUM_THREADS").c_str());
  return {};
}

/// query_device_limits() for tools and tests: the limits, with a failure reported (report()).
inline DeviceLimits query_device_limits() {
  DeviceLimits limits;
  report(query_device_limits(limits));
  return limits;
}

/// `limits` lowered to `clamp`'s (DeviceFacts::clamp); limits already below stay.
inline DeviceLimits clamp_device_limits(DeviceLimits limits, DeviceClamp clamp) {
  if (clamp == DeviceClamp::none) return limits;
  const std::uint32_t blocks = clamp == DeviceClamp::es31_minimums ? 4 : 8;
  limits.max_shared_bytes = std::min<std::uint32_t>(limits.max_shared_bytes, 16384);
  limits.max_invocations = std::min<std::uint32_t>(limits.max_invocations, 128);
  limits.max_compute_storage_blocks = (std::min)(limits.max_compute_storage_blocks, blocks);
  limits.max_storage_bindings = (std::min)(limits.max_storage_bindings, blocks);
  limits.max_storage_block_bytes = std::min<std::uint64_t>(limits.max_storage_block_bytes, std::uint64_t{1} << 27);
  limits.clamp = clamp;
  return limits;
}

/// DeviceFacts::emulated_subgroup_size checked against the device, into `size`: 0; on a device
/// without subgroups a power of two from 4 to 128; on one with subgroups its own size. Fails
/// naming what is allowed.
inline Status check_emulated_subgroup_size(std::uint32_t requested, const DeviceLimits& limits, std::uint32_t& size) {
  const std::uint32_t own = (std::max)(limits.subgroup_size, limits.ballot_subgroup_size);
  const bool power_of_two = (requested & (requested - 1)) == 0;
  if (requested == 0 || (own == 0 && power_of_two && requested >= 4 && requested <= 128) || requested == own) {
    size = requested;
    return {};
  }
  return fail("DeviceFacts::emulated_subgroup_size = " + std::to_string(requested) + " on " + limits.renderer +
              (own == 0 ? std::string(", which has no subgroups: use 0, or a power of two from 4 to 128")
                        : ", whose subgroups have " + std::to_string(own) + " lanes: use 0 or " + std::to_string(own)));
}

/// check_emulated_subgroup_size() for tools and tests: the size, with a failure reported (report()).
inline std::uint32_t check_emulated_subgroup_size(std::uint32_t requested, const DeviceLimits& limits) {
  std::uint32_t size = 0;
  report(check_emulated_subgroup_size(requested, limits, size));
  return size;
}

/// The subgroup size to emulate through shared memory (DeviceFacts::emulated_subgroup_size) where
/// it takes effect: on a device without subgroups. 0: none (a device with subgroups runs its own).
inline std::uint32_t emulated_subgroups(const DeviceLimits& limits) {
  return limits.subgroup_size == 0 && limits.ballot_subgroup_size == 0 ? limits.emulated_subgroup_size : 0;
}

/// Test hooks, not part of the API: sorters constructed while a field is set plan with it
/// (tests/all_sorters/subgroup_check_test.cpp).
struct DeviceTestHooks {
  /// Compile every subgroup program for subgroups of this many lanes (a power of two from 4 to
  /// 128) while the GPU, or the emulation (DeviceFacts::emulated_subgroup_size), runs its own, as
  /// a compiler that picks another size than the context reports would: each program's subgroup
  /// check must find it (DeviceFacts::subgroup_check). 0: off.
  std::uint32_t misplanned_subgroup_size = 0;
};

inline DeviceTestHooks& device_test_hooks() {
  static DeviceTestHooks hooks;
  return hooks;
}

/// The subgroup size programs that run with subgroups of `running` lanes (0: none) are compiled
/// for: `running`, unless a test misplans them (DeviceLimits::misplanned_subgroup_size).
inline std::uint32_t planned_subgroup_size(std::uint32_t running, const DeviceLimits& limits) {
  return running != 0 && limits.misplanned_subgroup_size != 0 ? limits.misplanned_subgroup_size : running;
}

/// The subgroup size shuffles are compiled for: the device's (subgroup_size), or where it has
/// none the emulated one (planned_subgroup_size()); 0: none.
inline std::uint32_t shuffle_subgroup_size(const DeviceLimits& limits) {
  return planned_subgroup_size(limits.subgroup_size != 0 ? limits.subgroup_size : emulated_subgroups(limits), limits);
}

/// The limits a sorter plans with: the context's, asked once, with `facts` applied.
inline Status device_limits_for(const DeviceFacts& facts, DeviceLimits& limits) {
  if (Status status = query_device_limits(limits); !status) return status;
  limits = clamp_device_limits(limits, facts.clamp);
  if (facts.compute_units != 0) limits.compute_units = facts.compute_units;
  if (Status status = check_emulated_subgroup_size(facts.emulated_subgroup_size, limits, limits.emulated_subgroup_size);
      !status)
    return status;
  const std::uint32_t misplanned = device_test_hooks().misplanned_subgroup_size;
  if (misplanned != 0 && ((misplanned & (misplanned - 1)) != 0 || misplanned < 4 || misplanned > 128))
    return fail("device_test_hooks().misplanned_subgroup_size = " + std::to_string(misplanned) +
                ": use 0, or a power of two from 4 to 128");
  limits.misplanned_subgroup_size = misplanned;
  return resolve_workgroup_waits(facts.workgroup_waits, limits.vendor, limits.renderer, limits.version,
                                 EnvironmentVariable("LP_NUM_THREADS").c_str(), limits.cross_workgroup_waits);
}

/// device_limits_for() for tools and tests: the limits, with a failure reported (report()).
inline DeviceLimits device_limits_for(const DeviceFacts& facts) {
  DeviceLimits limits;
  report(device_limits_for(facts, limits));
  return limits;
}

/// The facts in effect in `limits` (a sorter's device_facts()).
inline DeviceFacts facts_of(const DeviceLimits& limits) {
  DeviceFacts facts;
  facts.compute_units = limits.compute_units;
  facts.workgroup_waits = limits.cross_workgroup_waits ? WorkgroupWaits::allowed : WorkgroupWaits::never;
  facts.clamp = limits.clamp;
  facts.emulated_subgroup_size = limits.emulated_subgroup_size;
  return facts;
}

}  // namespace detail
}  // namespace gpusort
