// Compiles and links the whole GPU path against the system's <GL/glcorearb.h> and libOpenGL, as a
// user without glad would; runs only the CPU reference, so no GL context is needed.

#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

// Never called unless asked for: it exists so that the GPU path is compiled and linked.
int sort_on_gpu() {
  gpusort::BitonicSorter<std::uint32_t> sorter;
  std::vector<std::uint32_t> keys = {3, 1, 2};
  sorter.sort(keys);
  return std::is_sorted(keys.begin(), keys.end()) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--gpu") == 0) return sort_on_gpu();

  std::vector<std::uint32_t> keys = {9, 4, 7, 1, 8, 2, 6, 3, 5, 0, 4294967295u};
  gpusort::cpu::bitonic_sort(keys);
  if (!std::is_sorted(keys.begin(), keys.end())) {
    std::puts("gpusort consumer (" GPUSORT_CONSUME_MODE "): cpu::bitonic_sort did not sort");
    return 1;
  }
  std::puts("gpusort consumer (" GPUSORT_CONSUME_MODE "): OK");
  return 0;
}
