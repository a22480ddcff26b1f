#pragma once
#include "version.hpp"

#include <stdexcept>
#include <string>

namespace gpusort {

/// Thrown for every problem gpusort detects. what() names the problem and the fix.
/// When it is thrown, the caller's buffers have not been modified and no GL error is
/// left pending.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error("gpusort: " + message) {}
};

}  // namespace gpusort
