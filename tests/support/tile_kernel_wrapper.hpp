#pragma once
// Instrumentation of the bitonic tile kernel from outside the library (its shaders hold no
// hook for it): BitonicTuning::extra_shader_source that replaces the kernel's main() by a main() of
// the caller's, which calls the kernel's own, renamed tile_main(). The tests use it to
// clobber keys after chosen passes (which shows that a program ran), bench/lab/occupancy_probe.cpp
// to count resident workgroups.
#include <string>

namespace gpusort_support {

/// In the tile programs only (those whose #defines include WIDE_CHUNKS; gpusort inserts
/// extra_shader_source after them), `body` becomes the body of main(): GLSL statements that
/// call tile_main() and may use every declaration of the kernel. `declarations` (global
/// GLSL, one line: a buffer of the caller's, say) come just before it. How: a function-like
/// macro `main` turns the kernel's `void main()` into
///   void tile_main(); <declarations> void main() { <body> } void tile_main()
/// followed by the kernel's own body; the macro's own name is not expanded again.
inline std::string wrap_tile_main(const std::string& body, const std::string& declarations = "") {
  return "#ifdef WIDE_CHUNKS\n#define main() tile_main(); " + declarations + " void main() { " + body +
         " } void tile_main()\n#endif\n";
}

}  // namespace gpusort_support
