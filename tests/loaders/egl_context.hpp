#pragma once
// A bare EGL context for the loader programs (tests/loaders/CMakeLists.txt). Each program loads
// GL with its own loader, so the context comes from libEGL itself rather than through glad as the
// suite's tests/support/headless_context.hpp does. EGL stays out of this header: libepoxy's
// <epoxy/egl.h> refuses to follow <EGL/egl.h>, and no program should see two sets of EGL
// declarations.

#include <string>

namespace loader_test {

enum class ContextApi { desktop_gl, gl_es };

class EglContext {
 public:
  /// Creates an OpenGL 4.3 core context (desktop_gl) or an OpenGL ES 3.1 one (gl_es) on Mesa's
  /// surfaceless platform (llvmpipe without a GPU) and makes it current. Throws
  /// std::runtime_error naming the EGL call that failed.
  explicit EglContext(ContextApi api);
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  using Function = void (*)();
  /// eglGetProcAddress: what glad is handed to load GL with.
  static Function proc_address(const char* name);

 private:
  void* display_;  // EGLDisplay, EGLContext
  void* context_;
};

}  // namespace loader_test
