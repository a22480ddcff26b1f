// gpusort_radix_probe's lsv=1 (issue 46's register-shaping lever): a sorter built while a test
// hook names a dispatch function (gpusort::detail::radix::test_hooks().variable_group_dispatch,
// not API) builds Onesweep's tile kernel with layout(local_size_variable) and dispatches it
// through that function, glDispatchComputeGroupSizeARB, at the tile's workgroup size. Where the
// context has GL_ARB_compute_variable_group_size (llvmpipe's desktop GL and zink's do), its
// sorts must be right and must have gone through the hook; where it has not (ES contexts), the
// hook makes construction fail with a message that names the extension. CI's zink_gl run
// (which has it) sets GPUSORT_TEST_REQUIRE_VARIABLE_GROUP, so that there the path must run.

#include <gmock/gmock.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "radix_support.hpp"
#include "support/variable_group_dispatch.hpp"

namespace gpusort_test {
namespace {

using gpusort::detail::radix::VariableGroupDispatch;

// Sorters constructed while one lives dispatch their tile kernel through `dispatch`.
class VariableGroupHook {
 public:
  explicit VariableGroupHook(VariableGroupDispatch dispatch)
      : saved_(gpusort::detail::radix::test_hooks().variable_group_dispatch) {
    gpusort::detail::radix::test_hooks().variable_group_dispatch = dispatch;
  }
  ~VariableGroupHook() { gpusort::detail::radix::test_hooks().variable_group_dispatch = saved_; }
  VariableGroupHook(const VariableGroupHook&) = delete;
  VariableGroupHook& operator=(const VariableGroupHook&) = delete;

 private:
  VariableGroupDispatch saved_;
};

template <class Key, class Value>
void check_variable_group(const char* layout) {
  SCOPED_TRACE(layout);
  using Sorter = gpusort::RadixSorter<Key, Value>;
  const bool has_extension = gpusort::detail::query_device_limits().variable_group_size;
  if (std::getenv("GPUSORT_TEST_REQUIRE_VARIABLE_GROUP") != nullptr) {
    ASSERT_TRUE(has_extension) << "this driver run expects GL_ARB_compute_variable_group_size (tests/CMakeLists.txt)";
  }
  gpusort::RadixTuning tuning;
  tuning.path = gpusort::RadixPath::onesweep;
  std::unique_ptr<Sorter> sorter;
  try {
    VariableGroupHook hook(gpusort_support::variable_group_dispatch());
    sorter = std::make_unique<Sorter>(radix_test_tuning(tuning), nullptr, test_device_facts());
    ASSERT_TRUE(has_extension) << "built with variable group sizes on a context without the extension";
  } catch (const gpusort::Error& e) {
    ASSERT_FALSE(has_extension) << e.what();
    EXPECT_THAT(e.what(), ::testing::HasSubstr("GL_ARB_compute_variable_group_size"));
    return;
  }
  for (const std::size_t count : {sorter->tile_size() * 3 + 17, std::size_t{1000}}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const auto keys = make_keys<Key>(Distribution::random, count, 5);
    const auto values = make_values(count, 5);
    const std::size_t calls = gpusort_support::variable_group_dispatches();
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, std::is_void_v<Value> ? nullptr : &values, gpusort::Order::ascending));
    EXPECT_EQ(gpusort_support::variable_group_dispatches() - calls, sorter->plan(count).digit_passes)
        << "a digit pass's tile kernel did not go through the hook";
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  // The tile program's subgroup check (where it ranks with subgroups) ran through the hook too:
  // a plain dispatch of such a program fails in GL, and the check would see no size.
  EXPECT_EQ(sorter->device_facts().subgroup_check.programs_rebuilt, 0u);
}

class RadixVariableGroup : public GlTest {};

TEST_F(RadixVariableGroup, TileKernelDispatchedThroughTheHookSorts) {
  check_variable_group<std::uint32_t, void>("keys_u32");
  check_variable_group<std::uint32_t, std::uint32_t>("pairs_u32_u32");
  check_variable_group<std::uint64_t, void>("keys_u64");
  check_variable_group<float, std::uint32_t>("pairs_f32_u32");
}

// Only the hook's sorters ask for the extension: the tile program of a config without it keeps
// its fixed size (the library's sorts run the program they ran before).
TEST_F(RadixVariableGroup, OnlyTheHooksProgramIsVariable) {
  ASSERT_EQ(gpusort::detail::radix::test_hooks().variable_group_dispatch, nullptr);
  gpusort::detail::radix::Config c = gpusort::detail::radix::make_config(
      radix_test_tuning(), gpusort::detail::query_device_limits(), gpusort::detail::elements_of<std::uint32_t, void>());
  const auto prelude = [&](gpusort::RadixKernel kernel) {
    return gpusort::detail::radix::program_source(kernel, c).sources.at(0);
  };
  EXPECT_THAT(prelude(gpusort::RadixKernel::onesweep), ::testing::Not(::testing::HasSubstr("variable_group_size")));
  c.variable_group_dispatch = &gpusort_support::dispatch_variable_group;
  EXPECT_THAT(prelude(gpusort::RadixKernel::onesweep),
              ::testing::HasSubstr("#extension GL_ARB_compute_variable_group_size : require\n"));
  EXPECT_THAT(prelude(gpusort::RadixKernel::onesweep), ::testing::HasSubstr("#define VARIABLE_GROUP_SIZE 1\n"));
  EXPECT_THAT(prelude(gpusort::RadixKernel::histogram), ::testing::Not(::testing::HasSubstr("VARIABLE_GROUP_SIZE")));
}

// Where the context has no GL_ARB_compute_variable_group_size (here the limits say so), a
// tuning resolved under the hook is refused, with a message that names the extension.
TEST_F(RadixVariableGroup, RefusedWithoutTheExtension) {
  gpusort::detail::DeviceLimits limits = gpusort::detail::query_device_limits();
  limits.variable_group_size = false;
  VariableGroupHook hook(&gpusort_support::dispatch_variable_group);
  try {
    (void)gpusort::detail::radix::make_config(radix_test_tuning(), limits, gpusort::detail::elements_of<std::uint32_t, void>());
    ADD_FAILURE() << "variable group sizes were accepted without GL_ARB_compute_variable_group_size";
  } catch (const gpusort::Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("GL_ARB_compute_variable_group_size"));
  }
}

}  // namespace
}  // namespace gpusort_test
