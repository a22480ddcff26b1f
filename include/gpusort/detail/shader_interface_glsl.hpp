#pragma once
// The shader interface for GLSL: the lines of shader_interface/*.hpp as source text, made by
// the C++ preprocessor from the same lines that give C++ its constants and functions
// (shader_interface.hpp). A program's sources put common_interface_glsl after the #version
// line and the host's #defines, then its algorithm's part, then the kernel's files.
//   GPUSORT_CONSTANT(NAME, value)             -> "#define NAME value\n" (the value as written,
//                                                so it may name earlier constants)
//   GPUSORT_SHARED_FUNCTION(type, name, (parameters), { body })
//                                             -> "type name(parameters) { body }\n" on one line
//                                                (comments in the body are gone)
//   GPUSORT_SHARED_CHECK(condition, message)  -> nothing: the C++ compiler checks it once
// GPUSORT_UINT stays in the function text: common_interface_glsl defines it as uint.
// Each text starts with "#line 1 N // <its file>", N from 1 to 4 (the fragments' numbering:
// shaders/embed_shaders.cmake), so that a compile log's line of it names the file; line L of
// the text is the file's L-th constant or function (common's L-1-th: its line 1 is GPUSORT_UINT).

namespace gpusort {
namespace detail {
namespace shaders {

#define GPUSORT_CONSTANT(name, value) "#define " #name " " #value "\n"
#define GPUSORT_SHARED_FUNCTION(return_type, name, parameters, ...) \
  #return_type " " #name #parameters " " #__VA_ARGS__ "\n"
#define GPUSORT_SHARED_CHECK(condition, message)

/// shader_interface/common.hpp: binding and location constants, count sources and the key codec.
inline constexpr const char common_interface_glsl[] =
    "#line 1 1 // include/gpusort/detail/shader_interface/common.hpp\n"
    "#define GPUSORT_UINT uint\n"
#include "shader_interface/common.hpp"
    ;

/// shader_interface/bitonic.hpp: the network kernels' part (after common_interface_glsl).
inline constexpr const char bitonic_interface_glsl[] =
    "#line 1 2 // include/gpusort/detail/shader_interface/bitonic.hpp\n"
#include "shader_interface/bitonic.hpp"
    ;

/// shader_interface/permute.hpp: the permute kernel's part (after common_interface_glsl).
inline constexpr const char permute_interface_glsl[] =
    "#line 1 3 // include/gpusort/detail/shader_interface/permute.hpp\n"
#include "shader_interface/permute.hpp"
    ;

/// shader_interface/radix.hpp: the radix kernels' part (after common_interface_glsl).
inline constexpr const char radix_interface_glsl[] =
    "#line 1 4 // include/gpusort/detail/shader_interface/radix.hpp\n"
#include "shader_interface/radix.hpp"
    ;

#undef GPUSORT_SHARED_CHECK
#undef GPUSORT_SHARED_FUNCTION
#undef GPUSORT_CONSTANT

// The text must be what the lines say, whatever the preprocessor: a comment inside an X-macro
// argument is dropped by GCC, clang and MSVC's conforming preprocessor, but one that kept it
// (MSVC's traditional preprocessor is documented to drop it; nothing else would check) would
// comment out the rest of a one-line GLSL function. So: no comment in the text, and exactly one
// line per X-macro line (counted by including each file once more with counting definitions).
#define GPUSORT_CONSTANT(name, value) +1
#define GPUSORT_SHARED_FUNCTION(return_type, name, parameters, ...) +1
#define GPUSORT_SHARED_CHECK(condition, message)
inline constexpr int common_interface_lines = 2  // "#line ...", "#define GPUSORT_UINT uint"
#include "shader_interface/common.hpp"
    ;
inline constexpr int bitonic_interface_lines = 1  // "#line ..."
#include "shader_interface/bitonic.hpp"
    ;
inline constexpr int permute_interface_lines = 1  // "#line ..."
#include "shader_interface/permute.hpp"
    ;
inline constexpr int radix_interface_lines = 1  // "#line ..."
#include "shader_interface/radix.hpp"
    ;
#undef GPUSORT_SHARED_CHECK
#undef GPUSORT_SHARED_FUNCTION
#undef GPUSORT_CONSTANT

// The first line, the #line header, is the one comment allowed.
constexpr bool interface_text_has_comment(const char* text) {
  while (*text != '\0' && *text != '\n') ++text;
  for (; *text != '\0'; ++text) {
    if (text[0] == '/' && (text[1] == '/' || text[1] == '*')) return true;
  }
  return false;
}
constexpr int interface_text_lines(const char* text) {
  int lines = 0;
  for (; *text != '\0'; ++text) lines += *text == '\n' ? 1 : 0;
  return lines;
}
static_assert(!interface_text_has_comment(common_interface_glsl) && !interface_text_has_comment(bitonic_interface_glsl) &&
                  !interface_text_has_comment(permute_interface_glsl) && !interface_text_has_comment(radix_interface_glsl),
              "a comment reached the GLSL text of shader_interface/: move it out of the X-macro's arguments");
static_assert(interface_text_lines(common_interface_glsl) == common_interface_lines &&
                  interface_text_lines(bitonic_interface_glsl) == bitonic_interface_lines &&
                  interface_text_lines(permute_interface_glsl) == permute_interface_lines &&
                  interface_text_lines(radix_interface_glsl) == radix_interface_lines,
              "the GLSL text of shader_interface/ is not one line per X-macro line");

}  // namespace shaders
}  // namespace detail
}  // namespace gpusort
