// gpusort with GLEW. Debian's GLEW is built for GLX: on an EGL context glewInit() loads every
// GL function pointer and then returns GLEW_ERROR_NO_GLX_DISPLAY (4), because it also looks for
// a GLX display to load GLX extensions from. That code is harmless for GL: this program accepts
// it, shows that the pointers gpusort calls are loaded, and sorts. --without-glewInit: glewInit()
// is never called, and gpusort must say so instead of calling a null pointer.
#include <GL/glew.h>

#include <gpusort/gpusort.hpp>

#include "sort_check.hpp"

int main(int argc, char** argv) {
  using loader_test::ContextApi;
  if (argc > 1 && std::strcmp(argv[1], "--without-glewInit") == 0) {
    return loader_test::expect_not_loaded_error("GLEW", ContextApi::desktop_gl, "glewInit()");
  }
  return loader_test::run("GLEW", ContextApi::desktop_gl, [] {
    const GLenum status = glewInit();
    std::printf("GLEW: glewInit() returned %u%s\n", status,
                status == GLEW_ERROR_NO_GLX_DISPLAY ? " (GLEW_ERROR_NO_GLX_DISPLAY: no GLX on an EGL context)" : "");
    if (status != GLEW_OK && status != GLEW_ERROR_NO_GLX_DISPLAY) return false;
    const bool loaded = glGetStringi != nullptr && glDispatchCompute != nullptr && glMemoryBarrier != nullptr;
    std::printf("GLEW: glGetStringi, glDispatchCompute, glMemoryBarrier %s; GLEW_VERSION_4_3 %d\n",
                loaded ? "loaded" : "NOT loaded", GLEW_VERSION_4_3 ? 1 : 0);
    return loaded && GLEW_VERSION_4_3;
  });
}
