// Forced in front of a translation unit (-include) by the ctest headers_with_windows_min_max:
// the macros <windows.h> defines when NOMINMAX is not, after the standard headers gpusort uses
// (as a Windows program has them: <windows.h> comes after them or includes some itself). A
// header that writes std::min(a, b) or std::numeric_limits<T>::max() unparenthesised then fails
// to compile, as it would for every MSVC user who includes <windows.h> before gpusort. A new
// standard header in include/ must be added here, or it fails inside the standard library.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#ifndef max
#define max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#ifndef min
#define min(a, b) (((a) < (b)) ? (a) : (b))
#endif
