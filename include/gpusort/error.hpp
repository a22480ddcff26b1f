#pragma once
#include "version.hpp"

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

/// Whether the compiler accepts try and throw. Each compiler says so its own way: the standard
/// __cpp_exceptions, GCC's and clang's __EXCEPTIONS, MSVC's _CPPUNWIND (/EHsc; VS 2017 defines
/// only that one); -fno-exceptions and /EHs-c- clear them.
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define GPUSORT_COMPILER_HAS_EXCEPTIONS 1
#else
#define GPUSORT_COMPILER_HAS_EXCEPTIONS 0
#endif

/// Whether gpusort reports errors by throwing gpusort::Error (1) or through the error handler
/// (0, set_error_handler()). Follows the compiler's exception support (above: -fno-exceptions
/// turns it off); define it to 0 before including gpusort to take the handler in a build that
/// has exceptions.
#if !defined(GPUSORT_EXCEPTIONS)
#if GPUSORT_COMPILER_HAS_EXCEPTIONS
#define GPUSORT_EXCEPTIONS 1
#else
#define GPUSORT_EXCEPTIONS 0
#endif
#endif

namespace gpusort {

/// Thrown for every problem gpusort detects (where GPUSORT_EXCEPTIONS is 1). what() names the
/// problem and the fix. When it is thrown, the caller's buffers have not been modified, the GL
/// state is as it was and no GL error is left pending.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error("gpusort: " + message) {}
};

/// Where GPUSORT_EXCEPTIONS is 0 (-fno-exceptions), gpusort calls this with the message an
/// Error would carry ("gpusort: ..."), and the call that failed returns having changed nothing
/// (the same guarantees as a thrown Error). A handler may log, count or assert; it must not call
/// gpusort. The pointer to `message` is valid during the call only.
using ErrorHandler = void (*)(const char* message);

namespace detail {

/// The default handler: the message and a newline on stderr. Never exits or aborts.
inline void write_error_to_stderr(const char* message) {
  std::fputs(message, stderr);
  std::fputc('\n', stderr);
}

inline std::atomic<ErrorHandler>& error_handler_slot() {
  static std::atomic<ErrorHandler> handler{&write_error_to_stderr};
  return handler;
}

}  // namespace detail

/// Sets the handler of every later error in this process (nullptr: the default, which writes
/// the message to stderr) and returns the previous one. Thread-safe. Where exceptions are on
/// (GPUSORT_EXCEPTIONS 1) errors are thrown and the handler is never called.
///   gpusort::set_error_handler([](const char* message) { engine_log(LOG_ERROR, message); });
inline ErrorHandler set_error_handler(ErrorHandler handler) noexcept {
  return detail::error_handler_slot().exchange(handler != nullptr ? handler : &detail::write_error_to_stderr);
}

}  // namespace gpusort
