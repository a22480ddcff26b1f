#pragma once
// GL debug-output checking for the test processes (GL_KHR_debug, core in 4.3).
//
// With GPUSORT_TEST_GL_DEBUG=1 in the environment the shared test context is a debug
// context and a synchronous debug callback is installed. Then:
// - any GL_DEBUG_TYPE_ERROR message fails the current test, with the driver's explanation
//   (except the shader compiler's: gpusort already throws gpusort::Error with its log);
// - a GL_DEBUG_TYPE_PERFORMANCE message fails it when it is raised inside a GpusortCall
//   scope (a call into gpusort), and is only printed elsewhere: the tests' own uploads and
//   read-backs are allowed to be slow.

#include <glad/gl.h>

#include <cstddef>
#include <functional>
#include <string>

#include "support/headless_context.hpp"

namespace gpusort_test {

// True when GPUSORT_TEST_GL_DEBUG is set to something other than "" or "0".
bool gl_debug_requested();

// The options the test processes create their context with.
gpusort_support::ContextOptions test_context_options();

// Enables synchronous debug output with the checking callback on the current context.
// Returns false (and changes nothing) when the context has no KHR_debug.
bool install_gl_debug_checks();

// Where a failing message goes: by default ADD_FAILURE() on the current GoogleTest test;
// a program that runs no GoogleTest tests (gpusort_fuzz) records it its own way.
void set_gl_debug_failure_handler(std::function<void(const std::string&)> handler);

// Messages seen so far, by kind, for a summary at exit.
struct GlDebugCounts {
  std::size_t errors = 0;
  std::size_t performance_in_gpusort = 0;
  std::size_t performance_elsewhere = 0;
  std::size_t other = 0;
  std::size_t shader_compiler_errors = 0;
};
GlDebugCounts gl_debug_counts();

// Marks a call into gpusort: pushes a debug group named after it (so driver tools and
// debug messages show it) and makes performance messages fatal until it ends.
class GpusortCall {
 public:
  explicit GpusortCall(const char* what);
  ~GpusortCall();
  GpusortCall(const GpusortCall&) = delete;
  GpusortCall& operator=(const GpusortCall&) = delete;

 private:
  bool pushed_ = false;
};

}  // namespace gpusort_test
