// A context older than GL 4.3 must be refused with a clear gpusort::Error, not a crash
// through a null compute entry point. Drivers hand out their newest version, so the test
// only runs where Mesa's MESA_GL_VERSION_OVERRIDE caps it (ctest sets it for this suite)
// and skips elsewhere.

#include <gmock/gmock.h>

#include <cstdlib>
#include <memory>

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

TEST(OldGl, SorterRefusesContextBelow43) {
  if (gpusort_support::es_requested()) {
    GTEST_SKIP() << "desktop GL versions only: on OpenGL ES the refusal below ES 3.1 is checked by "
                    "ContextVersion.RefusesEsBelow31AndDesktopBelow43 (Mesa offers no ES 3.0 context with compute)";
  }
  if (std::getenv("MESA_GL_VERSION_OVERRIDE") == nullptr) {
    GTEST_SKIP() << "needs MESA_GL_VERSION_OVERRIDE=4.2 (Mesa only); ctest sets it";
  }
  std::unique_ptr<gpusort_support::HeadlessContext> context;
  try {
    gpusort_support::ContextOptions options;
    options.major = 3;
    options.minor = 3;
    context = std::make_unique<gpusort_support::HeadlessContext>(options);
  } catch (const std::exception& e) {
    GTEST_SKIP() << "no pre-4.3 context available: " << e.what();
  }
  GLint major = 0;
  GLint minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  if (major * 10 + minor >= 43) {
    GTEST_SKIP() << "the driver still gave OpenGL " << context->version();
  }
  std::string message;
  try {
    gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning());
    ADD_FAILURE() << "constructed a sorter on OpenGL " << context->version();
  } catch (const gpusort::Error& e) {
    message = e.what();
  }
  EXPECT_THAT(message, ::testing::HasSubstr("4.3"));
  EXPECT_TRUE(no_gl_error("constructor on an old context"));
}

}  // namespace
}  // namespace gpusort_test
