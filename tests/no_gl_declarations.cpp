// Compiled (syntax only) by the ctests header_requires_gl_* (tests/CMakeLists.txt), which expect
// the compiler to stop at gpusort's one #error and print nothing after it. What comes first:
//   nothing defined                        no GL declarations at all
//   GPUSORT_TEST_GL_H                      <GL/gl.h>: the 4.3 constants (from glext.h), no functions
//   GPUSORT_TEST_GLCOREARB                 <GL/glcorearb.h> without GL_GLEXT_PROTOTYPES
//   GPUSORT_TEST_GLES_WITHOUT_PROTOTYPES   <GLES3/gl31.h> with GL_GLES_PROTOTYPES 0
#if defined(GPUSORT_TEST_GL_H)
#include <GL/gl.h>
#elif defined(GPUSORT_TEST_GLCOREARB)
#include <GL/glcorearb.h>
#elif defined(GPUSORT_TEST_GLES_WITHOUT_PROTOTYPES)
#define GL_GLES_PROTOTYPES 0
#include <GLES3/gl31.h>
#endif

#include <gpusort/gpusort.hpp>
