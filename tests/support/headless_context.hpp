#pragma once

// A window-less OpenGL context for tests, benchmarks and examples: EGL on Linux (no X server),
// WGL with a hidden window on Windows (headless_context_wgl.cpp: what follows is EGL's).
// Tries the EGL device platform first (a hardware device if there is one, else Mesa's software
// device), then Mesa's surfaceless platform. GL is loaded with glad, so include this header (or
// <glad/gl.h>) before <gpusort/gpusort.hpp>.
//
// One API serves the whole process, picked by the first context: ContextOptions::api, where that
// says "from the environment" (the default) the variable GPUSORT_TEST_CONTEXT: unset or "gl" a
// desktop core context (ContextOptions' version or newer), "es" an OpenGL ES 3.1+ context (Mesa
// hands out 3.2 unless MESA_GLES_VERSION_OVERRIDE=3.1 caps it). glad/gl.h
// declares both APIs; the ES context is loaded with gladLoadGLES2, so the functions only
// desktop GL has stay null there. The first context of a process prints GL_RENDERER and
// GL_VERSION.

#include <glad/gl.h>

#include <string>

namespace gpusort_support {

enum class ContextApi { from_environment, desktop_gl, gl_es };

// Whether this process runs on OpenGL ES: the first context's API where one was made, else
// GPUSORT_TEST_CONTEXT=es. Throws std::runtime_error for a value other than "", "gl" and "es".
bool es_requested();

struct ContextOptions {
  bool debug = false;  // create a debug context (GL_KHR_debug output becomes available)
  int major = 4;       // the least core-profile version accepted; newer is fine
  int minor = 3;       // (on ES, where these are desktop versions, 3.1 is asked for instead)
  // Every context of a process has the first one's API (glad's pointers are loaded once);
  // asking another one for a different API throws.
  ContextApi api = ContextApi::from_environment;
};

// A GL entry point by name, for one glad was not generated with (an extension's that a probe
// mode calls); nullptr where the platform knows none. Needs a current context on WGL.
GLADapiproc gl_proc_address(const char* name);

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
  bool is_es() const;            // an OpenGL ES context (GPUSORT_TEST_CONTEXT=es)
  bool is_software() const;      // llvmpipe, softpipe or another software rasteriser

 private:
  void* display_;  // EGLDisplay / EGLContext, kept opaque so that EGL stays out of the header
  void* context_;
  std::string renderer_;
  std::string version_;
  bool es_ = false;
};

}  // namespace gpusort_support
