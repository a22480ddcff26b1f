#include "egl_context.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace loader_test {
namespace {

[[noreturn]] void fail(const char* call) {
  char code[16];
  std::snprintf(code, sizeof code, "0x%04x", static_cast<unsigned>(eglGetError()));
  throw std::runtime_error(std::string("EglContext: ") + call + " failed (EGL error " + code +
                           "); Debian: apt-get install libegl1 libgl1-mesa-dri");
}

bool has_client_extension(const char* name) {
  const char* extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (extensions == nullptr) return false;
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(extensions, name); at != nullptr; at = std::strstr(at + length, name)) {
    if ((at == extensions || at[-1] == ' ') && (at[length] == ' ' || at[length] == '\0')) return true;
  }
  return false;
}

}  // namespace

EglContext::EglContext(ContextApi api) : display_(nullptr), context_(nullptr) {
  // Mesa's surfaceless platform needs neither a window system nor a GPU; elsewhere the default
  // display is the only portable choice.
  EGLDisplay display = has_client_extension("EGL_MESA_platform_surfaceless")
                           ? eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr)
                           : eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (display == EGL_NO_DISPLAY) fail("eglGetPlatformDisplay");
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) fail("eglInitialize");
  const bool es = api == ContextApi::gl_es;
  if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API)) fail("eglBindAPI");
  // Surface type 0: any config will do, as the context never draws to a surface.
  const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, es ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT,
                                      EGL_SURFACE_TYPE, 0, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(display, config_attributes, &config, 1, &configs) || configs == 0) fail("eglChooseConfig");
  const EGLint desktop_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
  const EGLint es_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, es ? es_attributes : desktop_attributes);
  if (context == EGL_NO_CONTEXT) fail("eglCreateContext");
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    eglDestroyContext(display, context);
    fail("eglMakeCurrent (EGL_KHR_surfaceless_context)");
  }
  display_ = display;
  context_ = context;
}

EglContext::~EglContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  // No eglTerminate: Mesa's EGL then dlclose()s its driver, and the driver's own globals (128
  // bytes on Debian 12's llvmpipe) become a leak whose stack LeakSanitizer can no longer name
  // (tests/sanitizers/lsan.supp). Process exit releases the display, as in tests/support.
}

EglContext::Function EglContext::proc_address(const char* name) { return eglGetProcAddress(name); }

}  // namespace loader_test
