// gpusort with no loader at all: Khronos's <GL/glcorearb.h> with prototypes, linked against
// libOpenGL (GLVND), whose entry points dispatch to the current EGL context.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

#include <gpusort/gpusort.hpp>

#include "sort_check.hpp"

int main() {
  return loader_test::run("GL/glcorearb.h", loader_test::ContextApi::desktop_gl, [] { return true; });
}
