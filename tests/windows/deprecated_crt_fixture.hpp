// Not a header of gpusort: the fixture of the ctest headers_without_deprecated_crt_fails, a
// plain sscanf that MSVC deprecates, which tests/windows/check_deprecated_crt.cmake must report.
#pragma once
#include <cstdio>
inline int parse(const char* t, int& a) { return std::sscanf(t, "%d", &a); }
