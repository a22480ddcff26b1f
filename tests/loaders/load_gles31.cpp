// gpusort on OpenGL ES with no loader: Khronos's <GLES3/gl31.h> linked against libGLESv2, on an
// ES 3.1 context, so the shaders run as GLSL ES.
#include <GLES3/gl31.h>

#include <gpusort/gpusort.hpp>

#include "sort_check.hpp"

int main() {
  return loader_test::run("GLES3/gl31.h", loader_test::ContextApi::gl_es, [] { return true; });
}
