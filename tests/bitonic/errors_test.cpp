// Every documented error: gpusort::Error with a message that names the problem, the
// caller's buffers and vectors untouched, and no GL error left pending.

#include <gmock/gmock.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

class Errors : public GlTest {};

TEST_F(Errors, NoCurrentContextWhenConstructing) {
  auto& context = gl_context();
  context.release_current();
  const std::string message = error_from([] { gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning()); });
  context.make_current();
  EXPECT_THAT(message, AllOf(HasSubstr("current"), HasSubstr("context")));
  EXPECT_TRUE(no_gl_error("constructor without a context"));
}

TEST_F(Errors, NoCurrentContextWhenSorting) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  const auto keys = sample_keys(300);
  GlBuffer buffer(to_bytes(keys));
  GlBuffer values(to_bytes(keys));
  const Bytes before = buffer.read();

  auto& context = gl_context();
  context.release_current();
  const std::string buffer_message = error_from([&] { sorter.sort(buffer.name(), keys.size()); });
  const std::string kv_message =
      error_from([&] { kv_sorter.sort(buffer.name(), values.name(), keys.size()); });
  auto host_keys = keys;
  const std::string host_message = error_from([&] { sorter.sort(host_keys); });
  context.make_current();

  EXPECT_THAT(buffer_message, AllOf(HasSubstr("current"), HasSubstr("context")));
  EXPECT_THAT(kv_message, AllOf(HasSubstr("current"), HasSubstr("context")));
  EXPECT_THAT(host_message, AllOf(HasSubstr("current"), HasSubstr("context")));
  EXPECT_TRUE(buffer.read() == before) << "keys buffer changed";
  EXPECT_TRUE(values.read() == before) << "values buffer changed";
  EXPECT_TRUE(same_bits(host_keys, keys)) << "host vector changed";
  EXPECT_TRUE(no_gl_error("sorts without a context"));
  // And the sorter still works once the context is back.
  EXPECT_TRUE(buffer_sort_ok(sorter, keys, gpusort::Order::ascending, 1));
}

TEST_F(Errors, NameThatIsNotABuffer) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  const auto keys = sample_keys(64);
  GlBuffer good(to_bytes(keys));
  const Bytes before = good.read();
  const GLuint never_made = 987654;
  ASSERT_FALSE(glIsBuffer(never_made));
  const GLuint deleted = deleted_buffer_name();
  ASSERT_FALSE(glIsBuffer(deleted));

  for (GLuint bad : {never_made, deleted, GLuint{0}}) {
    SCOPED_TRACE("name " + std::to_string(bad));
    const std::string name = "buffer " + std::to_string(bad);
    EXPECT_THAT(error_from([&] { sorter.sort(bad, keys.size()); }),
                AllOf(HasSubstr("keys " + name), HasSubstr("not a buffer")));
    EXPECT_THAT(error_from([&] { kv_sorter.sort(bad, good.name(), keys.size()); }),
                AllOf(HasSubstr("keys " + name), HasSubstr("not a buffer")));
    EXPECT_THAT(error_from([&] { kv_sorter.sort(good.name(), bad, keys.size()); }),
                AllOf(HasSubstr("values " + name), HasSubstr("not a buffer")));
    EXPECT_TRUE(no_gl_error("sort with a bad name"));
  }
  EXPECT_TRUE(good.read() == before) << "the valid buffer of a failed kv sort changed";
}

TEST_F(Errors, BufferTooSmallForCount) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  const auto keys = sample_keys(100);
  GlBuffer small(to_bytes(keys));                      // 100 elements
  GlBuffer large(to_bytes(sample_keys(200)));            // 200 elements
  GlBuffer ragged(concat(to_bytes(keys), Bytes(3)));   // 100 elements and 3 bytes
  const Bytes small_before = small.read();
  const Bytes large_before = large.read();
  const Bytes ragged_before = ragged.read();

  EXPECT_THAT(error_from([&] { sorter.sort(small.name(), 101); }), HasSubstr("too small"));
  EXPECT_THAT(error_from([&] { sorter.sort(ragged.name(), 101); }), HasSubstr("too small"));
  // Keys fit, values do not; then values fit, keys do not.
  EXPECT_THAT(error_from([&] { kv_sorter.sort(large.name(), small.name(), 150); }),
              AllOf(HasSubstr("too small"), HasSubstr("values buffer")));
  EXPECT_THAT(error_from([&] { kv_sorter.sort(small.name(), large.name(), 150); }),
              AllOf(HasSubstr("too small"), HasSubstr("keys buffer")));
  EXPECT_TRUE(no_gl_error("sorts with small buffers"));
  EXPECT_TRUE(small.read() == small_before);
  EXPECT_TRUE(large.read() == large_before);
  EXPECT_TRUE(ragged.read() == ragged_before);

  // Exactly enough is fine, and sorts only the first count elements.
  EXPECT_TRUE(buffer_sort_ok(sorter, keys, gpusort::Order::ascending, 3));
}

TEST_F(Errors, SameBufferForKeysAndValues) {
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  GlBuffer both(to_bytes(sample_keys(50)));
  const Bytes before = both.read();
  EXPECT_THAT(error_from([&] { kv_sorter.sort(both.name(), both.name(), 50); }),
              HasSubstr("same buffer"));
  EXPECT_TRUE(no_gl_error("kv sort on one buffer"));
  EXPECT_TRUE(both.read() == before);
}

// A buffer mapped without GL_MAP_PERSISTENT_BIT cannot be used by shaders.
TEST_F(Errors, MappedBuffer) {
  auto& sorter = cached_sorter<std::uint32_t>();
  const auto keys = sample_keys(50);
  GlBuffer buffer(to_bytes(keys));
  GLint previous = 0;
  glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &previous);
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffer.name());
  void* mapped = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 50 * 4, GL_MAP_READ_BIT);
  ASSERT_NE(mapped, nullptr);
  EXPECT_THAT(error_from([&] { sorter.sort(buffer.name(), keys.size()); }), HasSubstr("mapped"));
  EXPECT_TRUE(no_gl_error("sort of a mapped buffer"));
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffer.name());
  glUnmapBuffer(GL_COPY_WRITE_BUFFER);
  glBindBuffer(GL_COPY_WRITE_BUFFER, static_cast<GLuint>(previous));
  EXPECT_TRUE(same_bits(from_bytes<std::uint32_t>(buffer.read(), 0, keys.size()), keys));
}

TEST_F(Errors, MismatchedHostVectorSizes) {
  auto& kv_sorter = cached_sorter<float, std::uint32_t>();
  const auto keys = make_keys<float>(Distribution::random, 10, 12);
  const auto values = make_values(9, 12);
  auto k = keys;
  auto v = values;
  EXPECT_THAT(error_from([&] { kv_sorter.sort(k, v); }),
              AllOf(HasSubstr("10"), HasSubstr("9"), HasSubstr("values")));
  EXPECT_TRUE(same_bits(k, keys));
  EXPECT_TRUE(same_bits(v, values));
  EXPECT_THAT(error_from([&] { gpusort::cpu::bitonic_sort(k, v); }),
              AllOf(HasSubstr("10"), HasSubstr("9"), HasSubstr("values")));
  EXPECT_TRUE(same_bits(k, keys));
  EXPECT_TRUE(same_bits(v, values));
  EXPECT_TRUE(no_gl_error("mismatched host sort"));
}

// The limit check must come before anything is read or allocated: the buffers here are
// tiny, so a sorter that checked the buffer size first would report that instead, and
// one that allocated scratch for `count` would run out of memory.
TEST_F(Errors, CountBeyondShaderStorageBlockLimit) {
  auto& sorter = cached_sorter<std::uint32_t>();
  auto& kv_sorter = cached_sorter<std::uint32_t, std::uint32_t>();
  GLint64 max_block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block);
  ASSERT_GT(max_block, 0);
  const std::size_t too_many = static_cast<std::size_t>(max_block) / sizeof(std::uint32_t) + 1;
  const auto keys = sample_keys(16);
  GlBuffer tiny(to_bytes(keys));
  GlBuffer tiny_values(to_bytes(keys));
  const Bytes before = tiny.read();

  EXPECT_THAT(error_from([&] { sorter.sort(tiny.name(), too_many); }),
              HasSubstr("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"));
  EXPECT_THAT(error_from([&] { kv_sorter.sort(tiny.name(), tiny_values.name(), too_many); }),
              HasSubstr("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"));
  EXPECT_THAT(error_from([&] { sorter.sort(tiny.name(), std::numeric_limits<std::size_t>::max()); }),
              HasSubstr("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"));
  EXPECT_TRUE(no_gl_error("sorts beyond the block limit"));
  EXPECT_TRUE(tiny.read() == before);
  EXPECT_TRUE(tiny_values.read() == before);
}

TEST_F(Errors, ShaderThatDoesNotCompile) {
  gpusort::BitonicTuning tuning;
  tuning.extra_shader_source = "this line is not GLSL;";
  EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<float> sorter(test_tuning(tuning)); }),
              AllOf(HasSubstr("compil"), HasSubstr("log")));
  EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<float, std::uint32_t> sorter(test_tuning(tuning)); }),
              AllOf(HasSubstr("compil"), HasSubstr("log")));
  EXPECT_TRUE(no_gl_error("constructors with a broken shader"));
}

// A driver's compile log names source strings and lines; the error names the fragment and the
// line in it: a tuning's extra source, a shader file, or (from another driver's format) either.
TEST_F(Errors, CompileErrorNamesTheFragmentAndItsLine) {
  gpusort::BitonicTuning bitonic;
  bitonic.extra_shader_source = "const uint fine = 1u;\nthis line is not GLSL;";
  EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<float> sorter(test_tuning(bitonic)); }),
              HasSubstr("[BitonicTuning::extra_shader_source, line 2]"));
  gpusort::RadixTuning radix;
  radix.extra_shader_source = bitonic.extra_shader_source;
  EXPECT_THAT(error_from([&] { gpusort::RadixSorter<std::uint32_t> sorter(radix); }),
              HasSubstr("[RadixTuning::extra_shader_source, line 2]"));

  // Line 12 of shaders/bitonic/permute.comp broken in the permute program's sources.
  gpusort::detail::ProgramSource program =
      gpusort::detail::bitonic::permute_source(gpusort::detail::query_device_limits().glsl_target, "");
  const std::string file = gpusort::detail::shaders::bitonic_permute_comp;
  auto fragment = std::find(program.sources.begin(), program.sources.end(), file);
  ASSERT_NE(fragment, program.sources.end());
  std::size_t line_start = file.find('\n') + 1;  // line 1, after the #line header
  for (int line = 1; line < 12; ++line) line_start = file.find('\n', line_start) + 1;
  fragment->insert(line_start, "this line is not GLSL;");
  std::vector<gpusort::detail::GlProgram> built;
  const gpusort::detail::Status status = gpusort::detail::build_compute_programs({program}, nullptr, built);
  EXPECT_THAT(status.message(), HasSubstr("[shaders/bitonic/permute.comp, line 12]"));
  EXPECT_TRUE(no_gl_error("a shader file that does not compile"));

  // NVIDIA's "N(L) : error" and glslang's "ERROR: N:L:", and lines that name no fragment.
  const std::string log = "7(12) : error C0000: syntax error\nERROR: 7:3: 'x' : undeclared\n0:4(2): error: x\n"
                          "9(1) : error: from no fragment\nno position here";
  const gpusort::detail::ProgramSource named{"named", {"#version 430\n", "#line 1 7 // shaders/x.glsl\nvoid f();\n"}};
  EXPECT_EQ(gpusort::detail::annotated_compile_log(log, named),
            "7(12) : error C0000: syntax error  [shaders/x.glsl, line 12]\n"
            "ERROR: 7:3: 'x' : undeclared  [shaders/x.glsl, line 3]\n"
            "0:4(2): error: x  [the #version line and #defines, line 4]\n"
            "9(1) : error: from no fragment\nno position here");
}

// Programs built on first use (here the single-dispatch tile of 2048 keys, whose 256
// invocations of 8 keys set it apart from the 256 of 4 keys of the main tile program and of a
// fused program in 1024-key tiles, and the 64 of the global one): a build that fails inside
// sort() throws, leaves the caller's buffer as it was and no GL error behind, and the sorter
// still sorts what its other programs cover.
TEST_F(Errors, ProgramBuiltOnFirstUseThatDoesNotCompile) {
  gpusort::BitonicTuning tuning = small_tiles_tuning();  // no fused sort in 512-key tiles either
  tuning.extra_shader_source =
      "#if GROUP_SIZE == 256u && ELEMS_LOG2 == 3u\n#error the single tile is broken on purpose\n#endif";
  gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(tuning));
  ASSERT_EQ(sorter.tuning().single_tile_elements, 8u);
  const auto keys = sample_keys(1500);
  GlBuffer buffer(to_bytes(keys));
  const Bytes before = buffer.read();
  EXPECT_THAT(error_from([&] { sorter.sort(buffer.name(), keys.size()); }),
              AllOf(HasSubstr("compil"), HasSubstr("broken on purpose")));
  EXPECT_TRUE(no_gl_error("a sort whose program does not compile"));
  EXPECT_TRUE(buffer.read() == before) << "a failed build changed the caller's keys";
  // Asked again, it fails again (nothing half-built is kept).
  EXPECT_THAT(error_from([&] { sorter.sort(buffer.name(), keys.size()); }), HasSubstr("broken on purpose"));
  EXPECT_TRUE(buffer.read() == before);
  EXPECT_TRUE(buffer_sort_ok(sorter, sample_keys(1000), gpusort::Order::ascending, 5)) << "one tile: main program";
  EXPECT_TRUE(buffer_sort_ok(sorter, sample_keys(5 * 1024 + 3), gpusort::Order::ascending, 5))
      << "many tiles: main and global programs";
}

TEST_F(Errors, TuningThatCannotWork) {
  gpusort::BitonicTuning not_power_of_two;
  not_power_of_two.tile_size = 3000;
  EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(not_power_of_two)); }),
              HasSubstr("tile_size"));
  gpusort::BitonicTuning beyond_shared_memory;
  beyond_shared_memory.tile_size = 1u << 24;
  EXPECT_THAT(
      error_from([&] { gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(beyond_shared_memory)); }),
      HasSubstr("tile_size"));
  for (std::uint32_t elements : {2u, 12u, 64u}) {
    gpusort::BitonicTuning bad_elements;
    bad_elements.local_elements = elements;
    SCOPED_TRACE("local_elements " + std::to_string(elements));
    EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(bad_elements)); }),
                HasSubstr("local_elements"));
  }
  gpusort::BitonicTuning too_many_invocations;  // 8192 / 4 = 2048 invocations: beyond every GL limit we know
  too_many_invocations.tile_size = 8192;
  too_many_invocations.local_elements = 4;
  EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(too_many_invocations)); }),
              AllOf(HasSubstr("local_elements"), HasSubstr("GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS")));
  // Fused tiles: powers of two up to the tile, wide enough for runs of window_run (1024-key
  // tiles with runs of 512 would hold 2 runs).
  for (std::uint32_t fused_tile : {3000u, 8192u, 1024u}) {
    gpusort::BitonicTuning bad_fused_tile;
    bad_fused_tile.tile_size = 4096;
    bad_fused_tile.window_run = 512;
    bad_fused_tile.fused_tile_size = fused_tile;
    SCOPED_TRACE("fused_tile_size " + std::to_string(fused_tile));
    EXPECT_THAT(error_from([&] { gpusort::BitonicSorter<std::uint32_t> sorter(test_tuning(bad_fused_tile)); }),
                AllOf(HasSubstr("fused_tile_size"), HasSubstr("window_run")));
  }
  EXPECT_TRUE(no_gl_error("constructors with bad tuning"));
}

// With exceptions on (as here), errors are thrown as before: a handler set with
// set_error_handler() is kept for builds without exceptions and never called.
int handler_calls = 0;
void counting_handler(const char*) { ++handler_calls; }

TEST_F(Errors, HandlerIsNotCalledWhereExceptionsAreOn) {
  static_assert(GPUSORT_EXCEPTIONS == 1, "gpusort_tests builds with exceptions");
  auto& sorter = cached_sorter<std::uint32_t>();
  GlBuffer small(to_bytes(sample_keys(10)));
  handler_calls = 0;
  const gpusort::ErrorHandler previous = gpusort::set_error_handler(&counting_handler);
  const std::string sort_message = error_from([&] { sorter.sort(small.name(), 11); });
  gpusort::BitonicTuning bad;
  bad.local_elements = 3;
  const std::string constructor_message =
      error_from([&] { gpusort::BitonicSorter<std::uint32_t> broken(test_tuning(bad)); });
  EXPECT_EQ(gpusort::set_error_handler(previous), &counting_handler);
  EXPECT_THAT(sort_message, HasSubstr("too small"));
  EXPECT_THAT(constructor_message, HasSubstr("local_elements"));
  EXPECT_EQ(handler_calls, 0) << "the handler was called in a build with exceptions";
  EXPECT_TRUE(no_gl_error("errors with a handler set"));
}

}  // namespace
}  // namespace gpusort_test
