#pragma once
// The GLSL dialect gpusort's shaders are compiled as, and the one place that writes the
// #version line: every program source starts with glsl_prelude().
#include <string>

namespace gpusort {
namespace detail {

/// The shading language of the context: desktop GLSL 4.30 (OpenGL 4.3 core and newer), or
/// GLSL ES 3.10 / 3.20 (OpenGL ES 3.1 / 3.2). DeviceLimits::glsl_target says which.
enum class GlslTarget { gl430_core, es310, es320 };

/// Desktop programs may ask for a newer GLSL than 4.30 (`desktop_version`, e.g. 450), where the
/// context has it: the radix sort's phase clock (a probe's), whose built-ins glslang declares from
/// 4.50 on. ES targets ignore it.
inline std::string glsl_version_line(GlslTarget target, unsigned desktop_version = 430) {
  switch (target) {
    case GlslTarget::es310: return "#version 310 es\n";
    case GlslTarget::es320: return "#version 320 es\n";
    case GlslTarget::gl430_core: break;
  }
  return "#version " + std::to_string(desktop_version) + " core\n";
}

/// The first lines of a shader for `target`: the #version line, then `extensions` (#extension
/// directives, which must precede every token that is not a preprocessor directive), then on
/// ES the default precisions. GLSL ES predeclares highp int and float for compute shaders
/// (gpusort's shaders use no samplers, images or atomic counters); stating them keeps the
/// shared sources meaning the same on every ES driver.
inline std::string glsl_prelude(GlslTarget target, const std::string& extensions = "", unsigned desktop_version = 430) {
  std::string prelude = glsl_version_line(target, desktop_version);
  prelude += extensions;
  if (target != GlslTarget::gl430_core) {
    prelude +=
        "precision highp float;\n"
        "precision highp int;\n";
  }
  return prelude;
}

}  // namespace detail
}  // namespace gpusort
