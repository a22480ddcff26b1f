#include "gl_debug_output.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace gpusort_test {
namespace {

// Synchronous output runs the callback on the thread that made the GL call, so a
// thread-local depth tells exactly whether that call happened inside gpusort, even with
// contexts on several threads.
thread_local int gpusort_call_depth = 0;

std::atomic<std::size_t> error_count{0};
std::atomic<std::size_t> performance_in_gpusort_count{0};
std::atomic<std::size_t> performance_elsewhere_count{0};
std::atomic<std::size_t> other_count{0};
std::atomic<std::size_t> shader_compiler_count{0};

std::mutex& handler_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::function<void(const std::string&)>& failure_handler() {
  static std::function<void(const std::string&)> handler;
  return handler;
}

void report_failure(const std::string& message) {
  std::function<void(const std::string&)> handler;
  {
    std::lock_guard<std::mutex> lock(handler_mutex());
    handler = failure_handler();
  }
  if (handler) {
    handler(message);
  } else {
    ADD_FAILURE() << message;
  }
}

const char* source_name(GLenum source) {
  switch (source) {
    case GL_DEBUG_SOURCE_API: return "API";
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return "window system";
    case GL_DEBUG_SOURCE_SHADER_COMPILER: return "shader compiler";
    case GL_DEBUG_SOURCE_THIRD_PARTY: return "third party";
    case GL_DEBUG_SOURCE_APPLICATION: return "application";
    default: return "other source";
  }
}

void GLAD_API_PTR on_debug_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei,
                                   const GLchar* message, const void*) {
  // Our own group markers come back as messages of their own; they say nothing.
  if (type == GL_DEBUG_TYPE_PUSH_GROUP || type == GL_DEBUG_TYPE_POP_GROUP) return;
  const std::string text = std::string("GL debug message (") + source_name(source) + ", id " +
                           std::to_string(id) + ", severity 0x" + [&] {
                             char hex[16];
                             std::snprintf(hex, sizeof hex, "%x", severity);
                             return std::string(hex);
                           }() + "): " + message;
  if (type == GL_DEBUG_TYPE_ERROR && source == GL_DEBUG_SOURCE_SHADER_COMPILER) {
    // A shader that fails to compile is already a gpusort::Error with the driver's log
    // (the error tests provoke exactly that); the message adds nothing to fail on.
    ++shader_compiler_count;
    std::printf("[gl debug] shader compiler error (the sorter throws for it): %s\n", text.c_str());
  } else if (type == GL_DEBUG_TYPE_ERROR) {
    ++error_count;
    report_failure("GL_DEBUG_TYPE_ERROR " + text);
  } else if (type == GL_DEBUG_TYPE_PERFORMANCE) {
    if (gpusort_call_depth > 0) {
      ++performance_in_gpusort_count;
      report_failure("GL_DEBUG_TYPE_PERFORMANCE inside a gpusort call: " + text);
    } else {
      ++performance_elsewhere_count;
      std::printf("[gl debug] performance message outside gpusort (not a failure): %s\n", text.c_str());
    }
  } else {
    // Portability, deprecation, undefined behaviour, other: shown, so a new kind of
    // message gets noticed, but only the first few to keep logs short.
    if (++other_count <= 20) std::printf("[gl debug] type 0x%x: %s\n", type, text.c_str());
  }
}

}  // namespace

bool gl_debug_requested() {
  const char* value = std::getenv("GPUSORT_TEST_GL_DEBUG");
  return value != nullptr && value[0] != '\0' && std::strcmp(value, "0") != 0;
}

gpusort_support::ContextOptions test_context_options() {
  gpusort_support::ContextOptions options;
  options.debug = gl_debug_requested();
  return options;
}

bool install_gl_debug_checks() {
  if (glDebugMessageCallback == nullptr || glDebugMessageControl == nullptr) return false;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  glDebugMessageCallback(on_debug_message, nullptr);
  return glGetError() == GL_NO_ERROR;
}

void set_gl_debug_failure_handler(std::function<void(const std::string&)> handler) {
  std::lock_guard<std::mutex> lock(handler_mutex());
  failure_handler() = std::move(handler);
}

GlDebugCounts gl_debug_counts() {
  GlDebugCounts counts;
  counts.errors = error_count;
  counts.performance_in_gpusort = performance_in_gpusort_count;
  counts.performance_elsewhere = performance_elsewhere_count;
  counts.other = other_count;
  counts.shader_compiler_errors = shader_compiler_count;
  return counts;
}

GpusortCall::GpusortCall(const char* what) {
  ++gpusort_call_depth;
  // Only where a context is current and KHR_debug is loaded: error tests call gpusort
  // without a current context on purpose.
  if (glPushDebugGroup != nullptr && glGetString(GL_VERSION) != nullptr) {
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, what);
    pushed_ = true;
  }
}

GpusortCall::~GpusortCall() {
  if (pushed_ && glGetString(GL_VERSION) != nullptr) glPopDebugGroup();
  --gpusort_call_depth;
}

}  // namespace gpusort_test
