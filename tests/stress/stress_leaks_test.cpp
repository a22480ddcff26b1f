// Sorters created and destroyed in a loop leave no GL objects behind: programs, shaders
// and the host path's scratch buffers all go with the sorter.

#include "gl_debug_output.hpp"
#include "gl_session.hpp"
#include "live_objects.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

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
  const LiveObjects before = LiveObjects::probe();

  for (std::size_t i = 0; i < 50; ++i) {
    SCOPED_TRACE("iteration " + std::to_string(i));
    switch (i % 3) {
      case 0: ASSERT_TRUE((build_use_destroy<float, std::uint32_t>(i))); break;
      case 1: ASSERT_TRUE((build_use_destroy<std::uint32_t, void>(i))); break;
      case 2: ASSERT_TRUE((build_use_destroy<std::int32_t, std::uint32_t>(i))); break;
    }
  }

  const LiveObjects after = LiveObjects::probe();
  EXPECT_TRUE(before == after) << "before: " << before.describe() << "\nafter:  " << after.describe();
  EXPECT_TRUE(no_gl_error("the leak loop"));
}

// Moving a sorter hands its objects over; the moved-from one must not delete them.
TEST_F(StressLeaks, MovedSortersOwnTheirObjectsOnce) {
  const LiveObjects before = LiveObjects::probe();
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
  const LiveObjects after = LiveObjects::probe();
  EXPECT_TRUE(before == after) << "before: " << before.describe() << "\nafter:  " << after.describe();
  EXPECT_TRUE(no_gl_error("moved sorters"));
}

}  // namespace
}  // namespace gpusort_test
