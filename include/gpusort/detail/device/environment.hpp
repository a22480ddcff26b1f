#pragma once

#include <cstdlib>
#include <string>

namespace gpusort::detail {

/// One environment variable, read once. MSVC deprecates std::getenv (warning C4996 in every
/// translation unit that includes gpusort, an error under /sdl or /WX), so MSVC reads it with
/// _dupenv_s, its documented replacement; every other compiler uses std::getenv.
class EnvironmentVariable {
 public:
  explicit EnvironmentVariable(const char* name) {
#if defined(_MSC_VER)
    char* copy = nullptr;
    std::size_t length = 0;
    if (_dupenv_s(&copy, &length, name) == 0 && copy != nullptr) {
      set_ = true;
      value_ = copy;
    }
    std::free(copy);
#else
    if (const char* value = std::getenv(name)) {
      set_ = true;
      value_ = value;
    }
#endif
  }

  /// The value, or nullptr when the variable is not set.
  const char* c_str() const { return set_ ? value_.c_str() : nullptr; }

 private:
  bool set_ = false;
  std::string value_;
};

}  // namespace gpusort::detail
