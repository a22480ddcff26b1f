// Sorters created and destroyed in a loop leave no GL objects behind: programs, shaders
// and the host path's scratch buffers all go with the sorter.

#include <algorithm>

#include "gl_debug_output.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

struct LiveNames {
  std::size_t buffers = 0;
  std::size_t programs = 0;
  std::size_t shaders = 0;
  bool operator==(const LiveNames& o) const {
    return buffers == o.buffers && programs == o.programs && shaders == o.shaders;
  }
};

// GL has no "list objects" query, so probe every name up to just past the next ones the
// driver would hand out (Mesa counts names up and does not reuse them soon; NVIDIA
// reuses small ones): all live objects are below that.
GLuint probe_limit() {
  GLuint next_buffer = 0;
  glGenBuffers(1, &next_buffer);
  glDeleteBuffers(1, &next_buffer);
  const GLuint next_program = glCreateProgram();
  glDeleteProgram(next_program);
  return std::max(next_buffer, next_program) + 64;
}

LiveNames probe_live_names() {
  LiveNames live;
  const GLuint limit = probe_limit();
  for (GLuint name = 1; name <= limit; ++name) {
    live.buffers += glIsBuffer(name) == GL_TRUE;
    live.programs += glIsProgram(name) == GL_TRUE;
    live.shaders += glIsShader(name) == GL_TRUE;
  }
  return live;
}

std::string describe(const LiveNames& live) {
  return std::to_string(live.buffers) + " buffers, " + std::to_string(live.programs) + " programs, " +
         std::to_string(live.shaders) + " shaders";
}

template <class Key, class Value>
::testing::AssertionResult build_use_destroy(std::size_t iteration) {
  const auto seed = static_cast<std::uint32_t>(iteration);
  const std::size_t count = 2000 + 37 * iteration;
  gpusort::BitonicSorter<Key, Value> sorter(test_tuning());
  GpusortCall call("stress: leak loop");
  if constexpr (std::is_void<Value>::value) {
    if (auto ok = host_sort_ok<Key>(sorter, make_keys<Key>(Distribution::random, count, seed),
                                    gpusort::Order::ascending);
        !ok) {
      return ok;
    }
    return buffer_sort_ok<Key>(sorter, make_keys<Key>(Distribution::random, count, seed),
                               gpusort::Order::descending, seed);
  } else {
    const auto values = make_values(count, seed);
    if (auto ok = host_sort_kv_ok<Key>(sorter, make_keys<Key>(Distribution::random, count, seed), values,
                                       gpusort::Order::ascending);
        !ok) {
      return ok;
    }
    return buffer_sort_kv_ok<Key>(sorter, make_keys<Key>(Distribution::random, count, seed), values,
                                  gpusort::Order::descending, seed);
  }
}

class StressLeaks : public GlTest {};

TEST_F(StressLeaks, SortersBuiltAndDestroyedInALoop) {
  // One full round first, so that anything the driver creates once per context is there
  // before the baseline is taken.
  ASSERT_TRUE((build_use_destroy<float, std::uint32_t>(0)));
  const LiveNames before = probe_live_names();

  for (std::size_t i = 0; i < 50; ++i) {
    SCOPED_TRACE("iteration " + std::to_string(i));
    switch (i % 3) {
      case 0: ASSERT_TRUE((build_use_destroy<float, std::uint32_t>(i))); break;
      case 1: ASSERT_TRUE((build_use_destroy<std::uint32_t, void>(i))); break;
      case 2: ASSERT_TRUE((build_use_destroy<std::int32_t, std::uint32_t>(i))); break;
    }
  }

  const LiveNames after = probe_live_names();
  EXPECT_TRUE(before == after) << "before: " << describe(before) << "\nafter:  " << describe(after);
  EXPECT_TRUE(no_gl_error("the leak loop"));
}

// Moving a sorter hands its objects over; the moved-from one must not delete them.
TEST_F(StressLeaks, MovedSortersOwnTheirObjectsOnce) {
  const LiveNames before = probe_live_names();
  {
    gpusort::BitonicSorter<std::uint32_t, std::uint32_t> first(test_tuning());
    ASSERT_TRUE(host_sort_kv_ok<std::uint32_t>(first, make_keys<std::uint32_t>(Distribution::random, 500, 1),
                                               make_values(500, 1), gpusort::Order::ascending));
    gpusort::BitonicSorter<std::uint32_t, std::uint32_t> second(std::move(first));
    gpusort::BitonicSorter<std::uint32_t, std::uint32_t> third(test_tuning());
    third = std::move(second);
    ASSERT_TRUE(host_sort_kv_ok<std::uint32_t>(third, make_keys<std::uint32_t>(Distribution::random, 900, 2),
                                               make_values(900, 2), gpusort::Order::descending));
  }
  const LiveNames after = probe_live_names();
  EXPECT_TRUE(before == after) << "before: " << describe(before) << "\nafter:  " << describe(after);
  EXPECT_TRUE(no_gl_error("moved sorters"));
}

}  // namespace
}  // namespace gpusort_test
