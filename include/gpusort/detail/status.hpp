#pragma once
// Status: how an error travels from where gpusort detects it to the public call that reports
// it. Every step that can fail (a check, a program build, an allocation, a plan that does not
// fit the device) returns a Status; a caller that gets a failed one returns it at once, so
// nothing after the failing step runs; the public call hands it to report(), which throws
// gpusort::Error or calls the error handler (error.hpp). The two builds run the same code up to
// that one point.
#include <string>
#include <utility>

#include "../error.hpp"

namespace gpusort {
namespace detail {

class [[nodiscard]] Status {
 public:
  /// Success.
  Status() = default;

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  /// What failed and the fix (without the "gpusort: " prefix); "" on success.
  const std::string& message() const { return message_; }

  friend Status fail(std::string message);

 private:
  std::string message_;
  bool failed_ = false;
};

/// A failure saying `message`.
inline Status fail(std::string message) {
  Status status;
  status.message_ = std::move(message);
  status.failed_ = true;
  return status;
}

/// The end of a public call: nothing for success; for a failure, throws Error(message) where
/// GPUSORT_EXCEPTIONS is 1, else calls the error handler with "gpusort: message". Returns
/// status.ok(), for the calls that return a value and must pick one after a failure.
inline bool report(const Status& status) {
  if (status.ok()) return true;
#if GPUSORT_EXCEPTIONS
  throw Error(status.message());
#else
  const std::string message = "gpusort: " + status.message();
  error_handler_slot().load()(message.c_str());
  return false;
#endif
}

}  // namespace detail
}  // namespace gpusort
