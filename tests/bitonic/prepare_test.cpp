// BitonicSorter::prepare() and prepare_indirect() build at load time the programs a sort of
// that count would otherwise build on its first call. Each test breaks one program built on
// first use on purpose (BitonicTuning::extra_shader_source) and checks that prepare() builds exactly
// the programs the count needs: it throws for a count that needs the broken one and not for
// a count that does not. A macro the host defines (TIE_BREAK, WIDE_CHUNKS) is defined again
// with the value the other programs have: the redefinition breaks only the program of
// interest, whose value differs.

#include <gmock/gmock.h>

#include "gl_session.hpp"
#include "sort_checks.hpp"
#include "subgroup_support.hpp"

namespace gpusort_test {
namespace {

using ::testing::HasSubstr;

GLint current_program() {
  GLint program = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  return program;
}

class Prepare : public GlTest {};

TEST_F(Prepare, BuildsTheProgramsOfThatCount) {
  gpusort::BitonicTuning tuning = small_tiles_tuning();
  tuning.extra_shader_source =
      "#if GROUP_SIZE == 256u && ELEMS_LOG2 == 3u\n#error the single tile is broken on purpose\n#endif";
  gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(tuning));
  glUseProgram(0);
  EXPECT_EQ(gpusort_error_message([&] { sorter.prepare(1024); }), "") << "one tile: the main program";
  EXPECT_EQ(gpusort_error_message([&] { sorter.prepare(3 * 1024); }), "") << "3 tiles: no single tile";
  EXPECT_THAT(gpusort_error_message([&] { sorter.prepare(1500); }), HasSubstr("broken on purpose"));
  EXPECT_EQ(current_program(), 0) << "prepare() leaves the current program as it was";
  EXPECT_TRUE(no_gl_error("prepare() of a program that does not build"));
}

TEST_F(Prepare, StableBuildsTheStableSet) {
  gpusort::BitonicTuning tuning = small_tiles_tuning();
  tuning.extra_shader_source = "#define TIE_BREAK 0";  // the stable set defines it as 1
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(test_tuning(tuning));
  EXPECT_EQ(gpusort_error_message([&] { sorter.prepare(5000); }), "");
  EXPECT_THAT(gpusort_error_message([&] { sorter.prepare(5000, gpusort::Stability::stable); }), HasSubstr("compil"));
  gpusort::BitonicSorter<std::uint32_t> keys_only(test_tuning(small_tiles_tuning()));
  EXPECT_THAT(gpusort_error_message([&] { keys_only.prepare(5000, gpusort::Stability::stable); }),
              HasSubstr("key-value"));
  EXPECT_TRUE(no_gl_error("prepare() of stable sorts"));
}

TEST_F(Prepare, IndirectBuildsThePlanner) {
  gpusort::BitonicTuning tuning = small_tiles_tuning();
  // The planner is the only program with one invocation per workgroup.
  tuning.extra_shader_source = "#if GROUP_SIZE == 1u\n#error the planner is broken on purpose\n#endif";
  gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(tuning));
  EXPECT_EQ(gpusort_error_message([&] { sorter.prepare(3 * 1024); }), "");
  EXPECT_THAT(gpusort_error_message([&] { sorter.prepare_indirect(3 * 1024); }), HasSubstr("broken on purpose"));
  EXPECT_TRUE(no_gl_error("prepare_indirect()"));
}

TEST_F(Prepare, LargeKeyValueSortsBuildTheWideChunkProgram) {
  gpusort::BitonicTuning tuning;
  tuning.tile_size = 512;
  tuning.local_elements = 8;
  tuning.single_dispatch_tile = 512;
  tuning.wide_chunk_min_count = 4 * 512;
  tuning.extra_shader_source = "#define WIDE_CHUNKS 0";  // the wide program defines it as 1
  gpusort::BitonicSorter<float, std::uint32_t> sorter(test_tuning(tuning), nullptr, subgroup_facts());
  EXPECT_EQ(gpusort_error_message([&] { sorter.prepare(4 * 512 - 1); }), "");
  const std::string wide = gpusort_error_message([&] { sorter.prepare(4 * 512); });
  if (sorter.tuning().use_subgroups) {
    EXPECT_THAT(wide, HasSubstr("compil"));
  } else {
    EXPECT_EQ(wide, "") << "no subgroups, no wide chunks";
  }
  EXPECT_TRUE(no_gl_error("prepare() of a large key-value sort"));
}

// A sorter that prepared every kind of sort still sorts correctly, and a count beyond the
// sorter's limit is refused by prepare() as by sort().
TEST_F(Prepare, ThenSortsAsBefore) {
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> sorter(test_tuning(small_tiles_tuning()));
  for (auto stability : {gpusort::Stability::unstable, gpusort::Stability::stable}) sorter.prepare(6000, stability);
  sorter.prepare_indirect(6000);
  const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, 6000, 3);
  EXPECT_TRUE(buffer_sort_kv_ok(sorter, keys, make_values(6000, 3), gpusort::Order::descending, 3));
  EXPECT_THAT(gpusort_error_message([&] { sorter.prepare(sorter.max_count() + 1); }),
              HasSubstr("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"));
}

}  // namespace
}  // namespace gpusort_test
