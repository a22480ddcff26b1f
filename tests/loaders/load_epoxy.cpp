// gpusort with libepoxy, which resolves every GL function on its first call: nothing to load.
#include <epoxy/gl.h>

#include <gpusort/gpusort.hpp>

#include "sort_check.hpp"

int main() {
  return loader_test::run("epoxy", loader_test::ContextApi::desktop_gl, [] {
    std::printf("epoxy: epoxy_gl_version() %d\n", epoxy_gl_version());
    return true;
  });
}
