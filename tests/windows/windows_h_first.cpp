// <windows.h> first, without NOMINMAX or WIN32_LEAN_AND_MEAN, as many Windows programs include
// it, then glad and gpusort, and every entry point called (tests/every_entry_point.hpp).
// Compiled (warnings as errors, -fsyntax-only) by the ctest windows_h_first of the mingw-w64
// build. mingw's <windows.h> does not define the min and max macros in C++, so the Linux ctest
// headers_with_windows_min_max adds the SDK's.
#include <windows.h>

#include <glad/gl.h>

#include "../every_entry_point.hpp"

int main() {
  call_every_entry_point();
  return 0;
}
