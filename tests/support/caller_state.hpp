#pragma once
// The GL state every sorter call must leave as it found it: the snapshot
// (caller_state_snapshot.hpp) that the GL-state, contract and radix API tests take before and
// after a call, compared difference by difference, and the caller's bindings they set up
// first, so that a binding the library resets or swaps shows.

#include <glad/gl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "caller_state_snapshot.hpp"
#include "gl_buffer.hpp"
#include "test_program.hpp"

namespace gpusort_test {

// Success when `after` equals `before`; otherwise each difference, one a line.
inline ::testing::AssertionResult same_state(const CallerState& before, const CallerState& after) {
  if (after == before) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure() << "GL state changed:";
  if (before.program != after.program) failure << "\n  current program " << before.program << " became " << after.program;
  if (before.generic_ssbo != after.generic_ssbo) {
    failure << "\n  generic GL_SHADER_STORAGE_BUFFER binding " << before.generic_ssbo << " became "
            << after.generic_ssbo;
  }
  if (before.copy_read != after.copy_read || before.copy_write != after.copy_write) {
    failure << "\n  GL_COPY_READ/WRITE_BUFFER bindings (" << before.copy_read << ", " << before.copy_write
            << ") became (" << after.copy_read << ", " << after.copy_write << ")";
  }
  if (before.dispatch_indirect != after.dispatch_indirect) {
    failure << "\n  GL_DISPATCH_INDIRECT_BUFFER binding " << before.dispatch_indirect << " became "
            << after.dispatch_indirect;
  }
  if (before.indexed.size() != after.indexed.size()) failure << "\n  the number of SSBO bindings changed";
  for (std::size_t i = 0; i < before.indexed.size() && i < after.indexed.size(); ++i) {
    const auto& b = before.indexed[i];
    const auto& a = after.indexed[i];
    if (b == a) continue;
    failure << "\n  SSBO binding " << i << ": (buffer " << b.buffer << ", start " << b.start << ", size " << b.size
            << ") became (buffer " << a.buffer << ", start " << a.start << ", size " << a.size << ")";
  }
  return failure;
}

// A caller's state with something everywhere a sort must restore: a program of its own,
// buffers of its own with distinct ranges on SSBO bindings 0 .. 7 (so that a swapped or
// reset binding shows), the generic SSBO, copy and dispatch-indirect bindings. Unbinds all
// of it and deletes what it made on destruction.
class CallerBindings {
 public:
  CallerBindings() : program_(build_empty_test_program()) {
    GLint alignment = 4;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
    for (std::uint32_t i = 0; i < 12; ++i) {
      const std::size_t bytes = 8 * static_cast<std::size_t>(alignment) + 64;
      buffers_.push_back(std::make_unique<gpusort_support::GlBuffer>(gpusort_support::guard_pattern(bytes, i)));
    }
    glUseProgram(program_);
    for (GLuint i = 0; i < 8; ++i) {
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, i, buffers_[i]->name(), alignment * (i % 3), 32 + 4 * i);
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[8]->name());
    glBindBuffer(GL_COPY_READ_BUFFER, buffers_[9]->name());
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffers_[10]->name());
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buffers_[11]->name());
  }
  ~CallerBindings() {
    glUseProgram(0);
    for (GLuint i = 0; i < 8; ++i) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    for (GLenum target :
         {GL_SHADER_STORAGE_BUFFER, GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, GL_DISPATCH_INDIRECT_BUFFER})
      glBindBuffer(target, 0);
    glDeleteProgram(program_);
  }
  CallerBindings(const CallerBindings&) = delete;
  CallerBindings& operator=(const CallerBindings&) = delete;

  // The buffer bound on SSBO binding i (0 .. 7), or as generic SSBO (8), copy read (9),
  // copy write (10), dispatch indirect (11).
  GLuint buffer(std::size_t i) const { return buffers_.at(i)->name(); }

 private:
  GLuint program_;
  std::vector<std::unique_ptr<gpusort_support::GlBuffer>> buffers_;
};

}  // namespace gpusort_test
