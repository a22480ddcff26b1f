#include "gl_session.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "gl_debug_output.hpp"

namespace gpusort_test {
namespace {

std::unique_ptr<gpusort_support::HeadlessContext>& context_slot() {
  static std::unique_ptr<gpusort_support::HeadlessContext> context;
  return context;
}

std::unordered_map<std::type_index, std::shared_ptr<void>>& sorters() {
  static std::unordered_map<std::type_index, std::shared_ptr<void>> cache;
  return cache;
}

}  // namespace

gpusort_support::HeadlessContext& gl_context() {
  auto& context = context_slot();
  if (!context) {
    context = std::make_unique<gpusort_support::HeadlessContext>(test_context_options());
    if (gl_debug_requested()) {
      GLint flags = 0;
      // GL_CONTEXT_FLAGS is core in desktop GL 3.0 and ES 3.2; ES 3.1 has no such query.
      if (context->version().rfind("OpenGL ES 3.1", 0) != 0) glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
      const bool installed = install_gl_debug_checks();
      std::printf("GL debug checks: %s, debug context flag %s\n", installed ? "on" : "NOT AVAILABLE",
                  (flags & GL_CONTEXT_FLAG_DEBUG_BIT) ? "set" : "NOT set");
    }
    // Which driver ran the tests belongs in every log: llvmpipe and a GPU fail differently.
    std::printf("gpusort tests on %s, %s%s\n", context->renderer().c_str(), context->is_es() ? "" : "OpenGL ",
                context->version().c_str());
    // The tile kernel has two paths; say which one the default-tuned sorters take here.
    const auto subgroup_size = gpusort::detail::query_subgroup_size();
    std::printf("subgroup shuffles: %s\n",
                subgroup_size != 0 ? ("yes, size " + std::to_string(subgroup_size)).c_str() : "no (shared-memory path)");
    if (test_device_clamp() != gpusort::DeviceClamp::none) {
      std::printf("GPUSORT_TEST_DEVICE=%s: test sorters plan for the OpenGL ES 3.1 minimum limits\n",
                  std::getenv("GPUSORT_TEST_DEVICE"));
    }
    if (subgroups_forced_off()) {
      std::printf("GPUSORT_TEST_NO_SUBGROUPS: test sorters ask for use_subgroups = false (shared-memory path)\n");
    }
    if (test_subgroup_size() != 0) {
      std::printf("GPUSORT_TEST_SUBGROUP_SIZE=%u: test sorters run subgroups of that many lanes, emulated through "
                  "shared memory where the device has none (DeviceFacts::emulated_subgroup_size)\n",
                  test_subgroup_size());
    }
  }
  return *context;
}

std::string glsl_for_test_context(const char* source) {
  std::string text = source;
  if (!gpusort_support::es_requested()) return text;
  const std::size_t line_end = text.find('\n');
  if (text.compare(0, 12, "#version 430") != 0 || line_end == std::string::npos) {
    throw std::runtime_error("glsl_for_test_context: a test shader must start with \"#version 430\"");
  }
  return "#version 310 es" + text.substr(line_end);
}

void end_gl_session() {
  if (!context_slot()) return;
  if (gl_debug_requested()) {
    const auto counts = gl_debug_counts();
    std::printf("GL debug messages: %zu errors, %zu performance inside gpusort, %zu performance elsewhere, "
                "%zu shader compiler errors, %zu other\n",
                counts.errors, counts.performance_in_gpusort, counts.performance_elsewhere,
                counts.shader_compiler_errors, counts.other);
  }
  context_slot()->make_current();
  sorters().clear();
  context_slot().reset();
}

namespace detail {
std::shared_ptr<void>& sorter_slot(std::type_index type) { return sorters()[type]; }
}  // namespace detail

void GlTest::SetUp() {
  try {
    gl_context().make_current();
  } catch (const std::exception& e) {
    FAIL() << "no GL context: " << e.what();
  }
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "GL error left by an earlier test";
}

void GlTest::TearDown() {
  if (!context_slot()) return;
  context_slot()->make_current();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace gpusort_test
