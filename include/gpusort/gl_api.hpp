#pragma once
// gpusort never loads OpenGL and never includes a loader: it uses the GL declarations
// that the including code brought in first, exactly as Dear ImGui's backends do:
// - desktop OpenGL 4.3+: glad (gl), GLEW, epoxy, or, on Linux only, <GL/glcorearb.h> with
//   GL_GLEXT_PROTOTYPES linked against libOpenGL (on Windows opengl32.dll exports GL 1.1 only:
//   every later function comes through a loader);
// - OpenGL ES 3.1+: <GLES3/gl31.h> or <GLES3/gl32.h> linked against libGLESv2, or a loader's ES
//   header (glad's gles2, epoxy).
// gpusort calls only entry points that both GL 4.3 core and ES 3.1 have, so either set of
// declarations is enough; which kind of context runs is read at run time (detail/device/limits.hpp).
// GL_COMPUTE_SHADER and GL_SHADER_STORAGE_BUFFER appear in every header that declares the
// GL 4.3 core or the ES 3.1 API. The functions themselves are declared where a loader defines
// them as macros (glad, GLEW, epoxy and gl3w all define glDispatchCompute), where Khronos's
// headers have their prototypes on, or where the application says it declared them itself
// (GPUSORT_GL_FUNCTIONS_DECLARED, for a hand-written loader).
//
// Where the declarations fall short, one #error below is all the compiler prints of gpusort:
// GPUSORT_DETAIL_GL_API_READY stays undefined, and every public header that uses GL includes
// this header first and skips its body without it (GCC and Clang go on after an #error).
#include "version.hpp"

#if !defined(GL_COMPUTE_SHADER) || !defined(GL_SHADER_STORAGE_BUFFER)
#if defined(GL_ES_VERSION_2_0)
#error "gpusort: these OpenGL ES headers are older than ES 3.1 (no compute shaders); include <GLES3/gl31.h> or <GLES3/gl32.h> (or a loader generated for ES 3.1+) before <gpusort/gpusort.hpp>"
#else
#error "gpusort: include your OpenGL 4.3+ declarations (a loader: glad/gl.h, GL/glew.h, epoxy/gl.h; on Linux also GL/glcorearb.h) or OpenGL ES 3.1+ declarations (GLES3/gl31.h, GLES3/gl32.h, glad/gles2.h) before <gpusort/gpusort.hpp>"
#endif
#elif defined(GL_ES_VERSION_2_0) && !defined(GL_VERSION_4_3) && !defined(GL_ES_VERSION_3_1)
#error "gpusort: these OpenGL ES headers declare compute shaders but not the ES 3.1 API; include <GLES3/gl31.h> (or gl32.h, or a loader generated for ES 3.1+) before <gpusort/gpusort.hpp>"
#elif defined(glDispatchCompute) || defined(GPUSORT_GL_FUNCTIONS_DECLARED)
#define GPUSORT_DETAIL_GL_API_READY 1
#elif !defined(GL_ES_VERSION_2_0) && !defined(GL_GLEXT_PROTOTYPES)
#error "gpusort: these OpenGL headers declare the 4.3 constants but no functions (GL/gl.h, GL/glext.h or GL/glcorearb.h without GL_GLEXT_PROTOTYPES): #define GL_GLEXT_PROTOTYPES 1 before including them and link libOpenGL (Linux only: on Windows opengl32.dll has GL 1.1 alone), or include a loader (glad/gl.h, GL/glew.h, epoxy/gl.h) before <gpusort/gpusort.hpp>; if your own code declares the GL functions, #define GPUSORT_GL_FUNCTIONS_DECLARED"
#elif defined(GL_ES_VERSION_2_0) && defined(GL_GLES_PROTOTYPES) && !GL_GLES_PROTOTYPES
#error "gpusort: GLES3/gl31.h with GL_GLES_PROTOTYPES 0 declares no functions: include it with prototypes and link libGLESv2, or include a loader (glad/gles2.h, epoxy/gl.h) before <gpusort/gpusort.hpp>; if your own code declares the GL functions, #define GPUSORT_GL_FUNCTIONS_DECLARED"
#else
#define GPUSORT_DETAIL_GL_API_READY 1
#endif
