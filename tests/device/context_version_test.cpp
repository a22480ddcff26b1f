// GL_VERSION parsing (detail::parse_context_version): which contexts gpusort accepts, and the
// GLSL dialect it then compiles for. Pure string handling; needs no context.

#include <gmock/gmock.h>

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <string>

namespace gpusort_test {
namespace {

using gpusort::detail::GlslTarget;

gpusort::detail::DeviceLimits parsed(const std::string& version) {
  gpusort::detail::DeviceLimits limits;
  limits.version = version;
  limits.renderer = "test renderer";
  gpusort::detail::report(gpusort::detail::parse_context_version(limits));
  return limits;
}

std::string refusal(const std::string& version) {
  try {
    parsed(version);
  } catch (const gpusort::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "accepted \"" << version << "\"";
  return "";
}

TEST(ContextVersion, DesktopFrom43IsCore430) {
  for (const char* version : {"4.3.0 NVIDIA 550.54", "4.5 (Core Profile) Mesa 22.3.6", "4.6.0 NVIDIA 580.95.05"}) {
    const auto limits = parsed(version);
    EXPECT_FALSE(limits.es) << version;
    EXPECT_EQ(limits.glsl_target, GlslTarget::gl430_core) << version;
  }
  const auto limits = parsed("4.5 (Core Profile) Mesa 22.3.6");
  EXPECT_EQ(limits.major, 4);
  EXPECT_EQ(limits.minor, 5);
}

TEST(ContextVersion, Es31And32PickTheirGlslEsVersion) {
  const auto es31 = parsed("OpenGL ES 3.1 Mesa 22.3.6");
  EXPECT_TRUE(es31.es);
  EXPECT_EQ(es31.major, 3);
  EXPECT_EQ(es31.minor, 1);
  EXPECT_EQ(es31.glsl_target, GlslTarget::es310);
  const auto es32 = parsed("OpenGL ES 3.2 Mesa 22.3.6");
  EXPECT_TRUE(es32.es);
  EXPECT_EQ(es32.minor, 2);
  EXPECT_EQ(es32.glsl_target, GlslTarget::es320);
  // Android drivers append their build after the version.
  EXPECT_EQ(parsed("OpenGL ES 3.2 V@0615.0 (GIT@fd4e1b8, I6f2f21ad3e) (Date:02/16/22)").glsl_target,
            GlslTarget::es320);
}

TEST(ContextVersion, RefusesEsBelow31AndDesktopBelow43) {
  using ::testing::HasSubstr;
  EXPECT_THAT(refusal("OpenGL ES 3.0 Mesa 22.3.6"), HasSubstr("needs OpenGL ES 3.1 or newer"));
  EXPECT_THAT(refusal("OpenGL ES 2.0 Mesa 22.3.6"), HasSubstr("OpenGL ES 3.1"));
  EXPECT_THAT(refusal("OpenGL ES-CM 1.1 Mesa 22.3.6"), HasSubstr("OpenGL ES 3.1"));
  EXPECT_THAT(refusal("4.2 (Core Profile) Mesa 22.3.6"), HasSubstr("needs OpenGL 4.3 or newer"));
  EXPECT_THAT(refusal("3.3 (Compatibility Profile) Mesa"), HasSubstr("4.3"));
  EXPECT_THAT(refusal(""), HasSubstr("4.3"));
  EXPECT_THAT(refusal("garbage"), HasSubstr("\"garbage\""));
}

}  // namespace
}  // namespace gpusort_test
