#pragma once
// The shader interface for C++: every GPUSORT_CONSTANT line of shader_interface/*.hpp becomes
// an inline constexpr of the same name and type (0 is an int, 0u an unsigned int) and every
// GPUSORT_SHARED_FUNCTION an inline function, in namespace gpusort::detail. The kernels get the
// same lines as GLSL text (shader_interface_glsl.hpp), so host and GLSL share every binding
// point, uniform location, mode code and the key codec.
#include <cstdint>

namespace gpusort {
namespace detail {

#define GPUSORT_UINT std::uint32_t
#define GPUSORT_CONSTANT(name, value) inline constexpr auto name = value;
#define GPUSORT_SHARED_FUNCTION(return_type, name, parameters, ...) inline return_type name parameters __VA_ARGS__
#define GPUSORT_SHARED_CHECK(condition, message) static_assert(condition, message);
#include "shader_interface/common.hpp"
#include "shader_interface/bitonic.hpp"
#include "shader_interface/permute.hpp"
#include "shader_interface/radix.hpp"
#undef GPUSORT_SHARED_CHECK
#undef GPUSORT_SHARED_FUNCTION
#undef GPUSORT_CONSTANT
#undef GPUSORT_UINT

}  // namespace detail
}  // namespace gpusort
