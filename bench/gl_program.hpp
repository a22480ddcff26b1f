// Compute-program helpers shared by the bench's own shaders (refill copy and
// the textbook baseline). The library under test compiles its own programs.
#pragma once

#include <glad/gl.h>

#include <string>

namespace gpusort_bench {

// Compiles and links one compute shader; throws std::runtime_error with the
// info log so a broken driver shows up as a readable message, not a crash.
GLuint compile_compute_program(const std::string& source);

// Owns a program name; programs are created once per process, so move-only
// ownership keeps the teardown order obvious.
class Program {
 public:
  Program() = default;
  explicit Program(const std::string& source);
  ~Program();
  Program(Program&& other) noexcept;
  Program& operator=(Program&& other) noexcept;
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  GLuint id() const { return id_; }
  GLint uniform(const char* name) const;

 private:
  GLuint id_ = 0;
};

}  // namespace gpusort_bench
