#pragma once
// What the EGL (Linux) and WGL (Windows) HeadlessContexts share: headless_context_common.cpp.

#include <glad/gl.h>

#include <string>

namespace gpusort_support {

// GPUSORT_TEST_CONTEXT: unset, "" or "gl" desktop OpenGL (false), "es" OpenGL ES (true); any
// other value throws std::runtime_error.
bool environment_requests_es();

// glGetString(name) of the current context, "" where it returns null.
std::string gl_string(GLenum name);

// Reads the current context's GL_RENDERER and GL_VERSION into `renderer` and `version`, and
// returns why the context falls short of `major`.`minor` (core, or ES where `es`), or "".
std::string read_context_version(int major, int minor, bool es, std::string& renderer, std::string& version);

// Which driver and API ran belongs in every log: the first context of a process prints them on
// stderr (benchmarks print their results on stdout).
void announce_first_context(const char* api, const std::string& version, const std::string& renderer);

// Leaves no GL error pending from the context's creation for the first test to find.
void drain_gl_errors();

}  // namespace gpusort_support
