#pragma once
// The forward-progress policy: where gpusort lets one workgroup wait without bound for another
// of the same dispatch (the network's fused passes). Neither GL nor Vulkan promises that a
// waiting workgroup lets the awaited one run; where it does not, the sort hangs or (on
// llvmpipe, which cuts long loops short) comes out wrong. So such waits run by default only
// where they are verified, and every other device takes the paths without them. The radix
// sort's look-back is not governed here: it polls a bounded number of times and then counts the
// awaited partition itself (shaders/radix/onesweep.comp), so it runs on every device. The
// decision is a pure function of the context's strings and the environment, so tests check it
// for any driver without GL.
#include <cstring>
#include <string>

#include "../../device_facts.hpp"
#include "../status.hpp"

namespace gpusort {
namespace detail {

/// The driver family the policy tells apart, from GL_VENDOR, GL_RENDERER and GL_VERSION.
enum class WaitFamily {
  nvidia_desktop,  // NVIDIA's desktop driver, GL or ES contexts: waits verified
  nvidia_tegra,    // NVIDIA Tegra (Android, L4T): another GPU and driver, not verified
  llvmpipe,        // Mesa's CPU rasterizer: safe only when one thread runs every workgroup
  zink,            // GL on Vulkan: progress is that of the Vulkan driver below, not verified
  other_software,  // softpipe, SwiftShader: not verified
  other_gpu,       // AMD, Intel, Adreno, Mali, V3D, Apple, ...: not verified
};

inline bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

inline WaitFamily wait_family(const std::string& vendor, const std::string& renderer) {
  // zink names the Vulkan driver it runs on inside its renderer ("zink (llvmpipe ...)"), so it
  // is told apart before llvmpipe.
  if (contains(renderer, "zink")) return WaitFamily::zink;
  if (contains(renderer, "llvmpipe")) return WaitFamily::llvmpipe;
  if (contains(renderer, "softpipe") || contains(renderer, "SwiftShader")) return WaitFamily::other_software;
  if (contains(vendor, "NVIDIA") || contains(renderer, "NVIDIA")) {
    return contains(renderer, "Tegra") ? WaitFamily::nvidia_tegra : WaitFamily::nvidia_desktop;
  }
  return WaitFamily::other_gpu;
}

/// Whether Mesa's LP_NUM_THREADS (nullptr: unset) runs llvmpipe's workgroups one after another.
inline bool single_threaded_llvmpipe(const char* lp_num_threads) {
  return lp_num_threads != nullptr && (std::strcmp(lp_num_threads, "0") == 0 || std::strcmp(lp_num_threads, "1") == 0);
}

/// Whether this program is built for Windows. NVIDIA's waits are verified on its Linux driver
/// only: under Windows' display driver model a wait that never ends is not a hang but a GPU
/// timeout (TDR) that removes the device, so Windows takes the paths without waits unless the
/// caller opts in (DeviceFacts::workgroup_waits = allowed).
#if defined(_WIN32)
inline constexpr bool built_for_windows = true;
#else
inline constexpr bool built_for_windows = false;
#endif

/// The default: whether waits between workgroups are verified on this driver, on this platform
/// (`windows`: built_for_windows, or the other platform in tests). `version` (GL_VERSION) is
/// taken so that the policy can tell contexts apart; today no family's answer depends on it
/// (NVIDIA's desktop driver schedules GL and ES contexts on the same hardware).
inline bool workgroup_waits_verified(const std::string& vendor, const std::string& renderer,
                                     const std::string& version, const char* lp_num_threads,
                                     bool windows = built_for_windows) {
  static_cast<void>(version);
  switch (wait_family(vendor, renderer)) {
    case WaitFamily::nvidia_desktop: return !windows;
    // llvmpipe ends every loop of an invocation after 65535 iterations in all, which cuts a long
    // wait short; on one thread every workgroup a wait needs has finished before it starts.
    case WaitFamily::llvmpipe: return single_threaded_llvmpipe(lp_num_threads);
    default: return false;
  }
}

/// What a sorter runs with (into `waits`): the policy, or the caller's
/// DeviceFacts::workgroup_waits. An opt-in on llvmpipe running several threads is refused:
/// there it is known to give wrong sorts.
inline Status resolve_workgroup_waits(WorkgroupWaits requested, const std::string& vendor,
                                      const std::string& renderer, const std::string& version,
                                      const char* lp_num_threads, bool& waits) {
  waits = false;
  if (requested == WorkgroupWaits::never) return {};
  if (requested == WorkgroupWaits::where_verified) {
    waits = workgroup_waits_verified(vendor, renderer, version, lp_num_threads);
    return {};
  }
  // llvmpipe, and zink over lavapipe (whose renderer names llvmpipe), cut long loops short.
  if (contains(renderer, "llvmpipe") && !single_threaded_llvmpipe(lp_num_threads)) {
    return fail("DeviceFacts::workgroup_waits = allowed on " + renderer +
                ", which ends long waits early when several threads run workgroups: set LP_NUM_THREADS=1, "
                "or leave workgroup_waits at where_verified");
  }
  waits = true;
  return {};
}

}  // namespace detail
}  // namespace gpusort
