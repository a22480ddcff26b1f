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

namespace gpusort {
namespace detail {
namespace shaders {

#define GPUSORT_CONSTANT(name, value) "#define " #name " " #value "\n"
#define GPUSORT_SHARED_FUNCTION(return_type, name, parameters, ...) \
  #return_type " " #name #parameters " " #__VA_ARGS__ "\n"
#define GPUSORT_SHARED_CHECK(condition, message)

/// shader_interface/common.hpp: binding and location constants, count sources and the key codec.
inline constexpr const char common_interface_glsl[] =
    "#define GPUSORT_UINT uint\n"
#include "shader_interface/common.hpp"
    ;

/// shader_interface/bitonic.hpp: the network kernels' part (after common_interface_glsl).
inline constexpr const char bitonic_interface_glsl[] =
#include "shader_interface/bitonic.hpp"
    ;

/// shader_interface/permute.hpp: the permute kernel's part (after common_interface_glsl).
inline constexpr const char permute_interface_glsl[] =
#include "shader_interface/permute.hpp"
    ;

/// shader_interface/radix.hpp: the radix kernels' part (after common_interface_glsl).
inline constexpr const char radix_interface_glsl[] =
#include "shader_interface/radix.hpp"
    ;

#undef GPUSORT_SHARED_CHECK
#undef GPUSORT_SHARED_FUNCTION
#undef GPUSORT_CONSTANT

}  // namespace shaders
}  // namespace detail
}  // namespace gpusort
