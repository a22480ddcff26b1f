#include "headless_context_common.hpp"

#include "headless_context.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

namespace gpusort_support {

bool environment_requests_es() {
  const char* value = std::getenv("GPUSORT_TEST_CONTEXT");
  if (value == nullptr || value[0] == '\0' || std::strcmp(value, "gl") == 0) return false;
  if (std::strcmp(value, "es") == 0) return true;
  throw std::runtime_error(std::string("GPUSORT_TEST_CONTEXT=") + value +
                           " is not a context kind: use \"gl\" (desktop OpenGL, the default) or \"es\" "
                           "(OpenGL ES 3.1+)");
}

std::string gl_string(GLenum name) {
  const GLubyte* value = glGetString(name);
  return value ? reinterpret_cast<const char*>(value) : "";
}

std::string read_context_version(int major, int minor, bool es, std::string& renderer, std::string& version) {
  GLint got_major = 0;
  GLint got_minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &got_major);
  glGetIntegerv(GL_MINOR_VERSION, &got_minor);
  renderer = gl_string(GL_RENDERER);
  version = gl_string(GL_VERSION);
  if (std::make_pair(got_major, got_minor) >= std::make_pair(major, minor)) return "";
  return "HeadlessContext: got " + version + " on " + renderer + ", but " + (es ? "OpenGL ES " : "OpenGL ") +
         std::to_string(major) + "." + std::to_string(minor) + (es ? "" : " core") + " is needed";
}

void announce_first_context(const char* api, const std::string& version, const std::string& renderer) {
  static std::once_flag announced;
  std::call_once(announced, [&] {
    std::fprintf(stderr, "HeadlessContext: %s, %s on %s\n", api, version.c_str(), renderer.c_str());
  });
}

void drain_gl_errors() {
  while (glGetError() != GL_NO_ERROR) {
  }
}

std::string HeadlessContext::renderer() const { return renderer_; }

std::string HeadlessContext::version() const { return version_; }

bool HeadlessContext::is_es() const { return es_; }

bool HeadlessContext::is_software() const {
  std::string name = renderer_;
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name.find("llvmpipe") != std::string::npos || name.find("softpipe") != std::string::npos ||
         name.find("software") != std::string::npos;
}

}  // namespace gpusort_support
