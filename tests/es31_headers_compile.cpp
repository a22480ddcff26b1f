// Proves that gpusort needs nothing beyond the OpenGL ES 3.1 API: this translation unit sees
// only <GLES3/gl31.h> (Khronos's header, no loader, no desktop declarations), instantiates
// every sorter for every key type, keys-only and with values, and calls every public entry
// point. It links against libGLESv2, so an entry point that ES 3.1 lacks fails to compile
// (undeclared) or to link. Built by the ctest es31_headers_compile; never run.
#include <GLES3/gl31.h>

#include "every_entry_point.hpp"

int main() {
  call_every_entry_point();
  return 0;
}
