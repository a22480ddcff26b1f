#pragma once
// glDispatchComputeGroupSizeARB (GL_ARB_compute_variable_group_size; glad here is generated
// without it) as gpusort::detail::radix::VariableGroupDispatch, the test hook behind
// gpusort_radix_probe's lsv=1 and tests/radix/variable_group_test.cpp. It counts its calls, so a
// test can tell that the hook's path ran. Include after the GL declarations and gpusort.

#include <cstddef>

#include "headless_context.hpp"

namespace gpusort_support {

using DispatchGroupSizeFunction = void(GLAD_API_PTR*)(GLuint, GLuint, GLuint, GLuint, GLuint, GLuint);

inline DispatchGroupSizeFunction& dispatch_group_size_entry() {
  static DispatchGroupSizeFunction entry = nullptr;
  return entry;
}

inline std::size_t& variable_group_dispatches() {
  static std::size_t calls = 0;
  return calls;
}

inline void dispatch_variable_group(GLuint x, GLuint y, GLuint z, GLuint size_x, GLuint size_y, GLuint size_z) {
  ++variable_group_dispatches();
  dispatch_group_size_entry()(x, y, z, size_x, size_y, size_z);
}

// The hook's function. Whether the context has the extension is the library's check
// (DeviceLimits::variable_group_size): libglvnd hands out an entry point for any name.
inline gpusort::detail::radix::VariableGroupDispatch variable_group_dispatch() {
  if (dispatch_group_size_entry() == nullptr)
    dispatch_group_size_entry() =
        reinterpret_cast<DispatchGroupSizeFunction>(gl_proc_address("glDispatchComputeGroupSizeARB"));
  return dispatch_group_size_entry() != nullptr ? &dispatch_variable_group : nullptr;
}

}  // namespace gpusort_support
