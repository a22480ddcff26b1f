#pragma once
// Compiling and linking the example's GLSL, with the driver's log in the exception.

#include <glad/gl.h>

#include <initializer_list>
#include <utility>

namespace particles {

// Throws std::runtime_error with the info log when a stage fails to compile or the program to link.
GLuint build_program(const char* name, std::initializer_list<std::pair<GLenum, const char*>> stages);

}  // namespace particles
