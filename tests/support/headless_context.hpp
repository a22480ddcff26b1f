#pragma once

// A window-less OpenGL context for tests, benchmarks and examples: EGL only, no X server.
// Tries the EGL device platform first (a hardware device if there is one, else Mesa's software
// device), then Mesa's surfaceless platform. GL is loaded with glad, so include this header (or
// <glad/gl.h>) before <gpusort/gpusort.hpp>.

#include <glad/gl.h>

#include <string>

namespace gpusort_support {

struct ContextOptions {
  bool debug = false;  // create a debug context (GL_KHR_debug output becomes available)
  int major = 4;       // the least core-profile version accepted; newer is fine
  int minor = 3;
};

class HeadlessContext {
 public:
  // Creates the context, makes it current on the calling thread and loads GL through glad.
  // Throws std::runtime_error saying what failed and what was tried.
  explicit HeadlessContext(ContextOptions options = {});
  ~HeadlessContext();

  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

  // A context is current on at most one thread at a time: release it on one thread before
  // making it current on another.
  void make_current();
  void release_current();

  std::string renderer() const;  // GL_RENDERER
  std::string version() const;   // GL_VERSION
  bool is_software() const;      // llvmpipe, softpipe or another software rasteriser

 private:
  void* display_;  // EGLDisplay / EGLContext, kept opaque so that EGL stays out of the header
  void* context_;
  std::string renderer_;
  std::string version_;
};

}  // namespace gpusort_support
