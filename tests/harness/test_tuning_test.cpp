// GPUSORT_TEST_NO_SUBGROUPS (tests/test_tuning.hpp). ctest runs this suite twice: in the
// plain run, where test sorters must be built exactly as asked, and in
// gpusort_tests.no_subgroups with the variable set, where every one must ask for the
// shared-memory path.
//
// What a sorter reports after construction, tuning().use_subgroups, is the request AND
// device support; on a device without GL_KHR_shader_subgroup (llvmpipe) it is false whatever
// was asked, so checking it there would prove nothing. These tests therefore check the
// request: the BitonicTuning that test_tuning() hands to the constructors and that the cached
// sorters were built from, measured against gpusort::BitonicTuning{}, which asks for subgroups. On a
// device with subgroups, the last test also checks what was applied.

#include <cstdlib>
#include <string>

#include "gl_session.hpp"

namespace gpusort_test {
namespace {

TEST(TestTuning, DefaultTuningAsksForSubgroups) {
  // Without this the switch would have nothing to turn off and the tests below nothing to show.
  EXPECT_TRUE(gpusort::BitonicTuning{}.use_subgroups);
}

TEST(TestTuning, VariableIsRead) {
  const char* value = std::getenv("GPUSORT_TEST_NO_SUBGROUPS");
  if (value == nullptr || std::string(value).empty() || std::string(value) == "0") {
    EXPECT_FALSE(subgroups_forced_off()) << "GPUSORT_TEST_NO_SUBGROUPS is unset, empty or 0";
  } else {
    EXPECT_TRUE(subgroups_forced_off()) << "GPUSORT_TEST_NO_SUBGROUPS=" << value;
  }
}

TEST(TestTuning, SwitchClearsUseSubgroupsAndNothingElse) {
  gpusort::BitonicTuning given;
  given.tile_size = 256;
  given.local_elements = 8;
  given.global_elements = 4;
  given.global_vector_width = 1;
  given.global_group_size = 64;
  given.use_subgroups = true;
  given.max_workgroups_x = 1000;
  given.extra_shader_source = "// a comment line";
  const gpusort::BitonicTuning tuning = test_tuning(given);
  EXPECT_EQ(tuning.use_subgroups, !subgroups_forced_off());
  EXPECT_EQ(tuning.tile_size, given.tile_size);
  EXPECT_EQ(tuning.local_elements, given.local_elements);
  EXPECT_EQ(tuning.global_elements, given.global_elements);
  EXPECT_EQ(tuning.global_vector_width, given.global_vector_width);
  EXPECT_EQ(tuning.global_group_size, given.global_group_size);
  EXPECT_EQ(tuning.max_workgroups_x, given.max_workgroups_x);
  EXPECT_EQ(tuning.extra_shader_source, given.extra_shader_source);

  EXPECT_EQ(test_tuning().use_subgroups, !subgroups_forced_off()) << "the default BitonicTuning";
  given.use_subgroups = false;
  EXPECT_FALSE(test_tuning(given).use_subgroups) << "a test that asks for no subgroups keeps that";
}

class TestTuningGl : public GlTest {};

// cached_sorter() is what most tests sort with: it must be built from test_tuning().
TEST_F(TestTuningGl, CachedSortersAskAsTheSwitchSays) {
  const bool expected = !subgroups_forced_off();
  EXPECT_EQ(cached_sorter_request<std::uint32_t>().use_subgroups, expected);
  EXPECT_EQ((cached_sorter_request<float, std::uint32_t>().use_subgroups), expected);
  EXPECT_EQ(cached_sorter_request<std::uint64_t>().use_subgroups, expected);
  EXPECT_EQ((cached_sorter_request<double, std::uint32_t>().use_subgroups), expected);
}

// Where the device has subgroups, the switch must change the path the sorters take.
TEST_F(TestTuningGl, AppliedWhereTheDeviceHasSubgroups) {
  if (gpusort::detail::query_subgroup_size() == 0) {
    GTEST_SKIP() << "no GL_KHR_shader_subgroup here: gpusort resolves use_subgroups to false whatever is "
                    "asked, so only the request is checked (tests above)";
  }
  // Built from a bare BitonicTuning on purpose, past the switch: what the device does by default.
  const gpusort::BitonicSorter<std::uint32_t> plain_keys{gpusort::BitonicTuning{}};
  const gpusort::BitonicSorter<float, std::uint32_t> plain_pairs{gpusort::BitonicTuning{}};
  if (!plain_keys.tuning().use_subgroups) {
    GTEST_SKIP() << "the default key sorter takes no subgroups on this device; nothing to turn off";
  }
  EXPECT_EQ(cached_sorter<std::uint32_t>().tuning().use_subgroups, !subgroups_forced_off());
  EXPECT_EQ((cached_sorter<float, std::uint32_t>().tuning().use_subgroups),
            plain_pairs.tuning().use_subgroups && !subgroups_forced_off());
}

}  // namespace
}  // namespace gpusort_test
