// The library borrows the caller's context: after every call, successful or not, the
// current program, all shader storage bindings (indexed ranges and the generic one) and
// the copy-buffer bindings are what the caller left there, and no GL error is pending.

#include <algorithm>
#include <functional>
#include <memory>

#include "caller_state.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"
#include "test_program.hpp"

namespace gpusort_test {
namespace {

class GlState : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (HasFatalFailure()) return;
    // Bound everywhere, the copy targets included: the library uses them itself (buffer size
    // queries, host uploads).
    bindings_ = std::make_unique<CallerBindings>();
    ASSERT_TRUE(no_gl_error("setting up the caller's state"));
    before_ = CallerState::take();
  }

  void TearDown() override {
    bindings_.reset();
    GlTest::TearDown();
  }

  // Runs one library call and checks that it left state and error flag as they were.
  void expect_state_kept(const char* what, const std::function<void()>& call) {
    SCOPED_TRACE(what);
    try {
      call();
    } catch (const gpusort::Error&) {
      // Failing calls must keep the state too; whether they should fail is error_test's job.
    }
    EXPECT_TRUE(no_gl_error(what));
    EXPECT_TRUE(same_state(before_, CallerState::take()));
  }

  std::unique_ptr<CallerBindings> bindings_;
  CallerState before_;
};

TEST_F(GlState, KeptByEveryCall) {
  const std::size_t tile = tile_size<float>();
  const std::size_t count = 2 * tile + 3;  // exercises in-tile and global passes
  const auto keys = make_keys<float>(Distribution::random, count, 21);
  const auto values = make_values(count, 21);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer value_buffer(to_bytes(values));

  expect_state_kept("constructing a key sorter", [] { gpusort::BitonicSorter<float> sorter(test_tuning()); });
  expect_state_kept("constructing a key-value sorter",
                    [] { gpusort::BitonicSorter<float, std::uint32_t> sorter(test_tuning()); });
  auto& sorter = cached_sorter<float>();
  auto& kv_sorter = cached_sorter<float, std::uint32_t>();
  expect_state_kept("sort(GLuint)", [&] { sorter.sort(key_buffer.name(), count); });
  expect_state_kept("sort(GLuint) descending",
                    [&] { sorter.sort(key_buffer.name(), count, gpusort::Order::descending); });
  expect_state_kept("sort(GLuint, GLuint)",
                    [&] { kv_sorter.sort(key_buffer.name(), value_buffer.name(), count); });
  expect_state_kept("sort(GLuint) of 1 key", [&] { sorter.sort(key_buffer.name(), 1); });
  expect_state_kept("sort(GLuint) of 0 keys", [&] { sorter.sort(key_buffer.name(), 0); });
  expect_state_kept("sort(vector)", [&] {
    auto k = keys;
    sorter.sort(k);
  });
  expect_state_kept("sort(vector, vector)", [&] {
    auto k = keys;
    auto v = values;
    kv_sorter.sort(k, v);
  });
  expect_state_kept("plan()", [&] { (void)sorter.plan(count); });
  expect_state_kept("failing sort: not a buffer", [&] { sorter.sort(987654, count); });
  expect_state_kept("failing sort: buffer too small", [&] { sorter.sort(key_buffer.name(), count + 1); });
  expect_state_kept("failing constructor: shader does not compile", [] {
    gpusort::BitonicTuning tuning;
    tuning.extra_shader_source = "not GLSL at all;";
    gpusort::BitonicSorter<float> sorter(test_tuning(tuning));
  });
  // The sorts above must also have been correct with the caller's bindings in place.
  EXPECT_TRUE(buffer_sort_ok(sorter, keys, gpusort::Order::ascending, 22));
}

// Applications often keep the very buffers they sort bound for their own shaders.
// The entry points for renderers bind more: the count block (2), the dispatch arguments
// (3) and the permute blocks (4..6) of stable sorts and sort_indices, and the indirect
// dispatch buffer.
TEST_F(GlState, KeptByTheRendererEntryPoints) {
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, bindings_->buffer(7));
  before_ = CallerState::take();
  const std::size_t count = tile_size<float, std::uint32_t>() * 2 + 7;
  const auto keys = make_keys<float>(Distribution::few_distinct, count + 8, 31);
  const auto values = make_values(count + 8, 31);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer value_buffer(to_bytes(values));
  GlBuffer count_buffer(to_bytes(std::vector<std::uint32_t>{static_cast<std::uint32_t>(count - 5)}));
  auto& sorter = cached_sorter<float, std::uint32_t>();
  expect_state_kept("sort_range", [&] { sorter.sort_range(key_buffer.name(), value_buffer.name(), 3, count); });
  expect_state_kept("sort_indirect", [&] {
    sorter.sort_indirect(key_buffer.name(), value_buffer.name(), count_buffer.name(), 0, count);
  });
  expect_state_kept("stable sort", [&] {
    sorter.sort(key_buffer.name(), value_buffer.name(), count, gpusort::Order::descending, gpusort::Stability::stable);
  });
  expect_state_kept("stable sort_range", [&] {
    sorter.sort_range(key_buffer.name(), value_buffer.name(), 5, count, gpusort::Order::ascending,
                      gpusort::Stability::stable);
  });
  expect_state_kept("sort_indices", [&] { sorter.sort_indices(key_buffer.name(), value_buffer.name(), count); });
  expect_state_kept("stable host sort", [&] {
    auto host_keys = keys;
    auto host_values = values;
    sorter.sort(host_keys, host_values, gpusort::Order::ascending, gpusort::Stability::stable);
  });
  expect_state_kept("failing sort_indirect: unaligned count offset", [&] {
    sorter.sort_indirect(key_buffer.name(), value_buffer.name(), count_buffer.name(), 2, count);
  });
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
}

TEST_F(GlState, KeptWhenTheSortedBuffersAreBound) {
  const std::size_t count = tile_size<std::int32_t, std::uint32_t>() + 9;
  const auto keys = make_keys<std::int32_t>(Distribution::few_distinct, count, 24);
  const auto values = make_values(count, 24);
  GlBuffer key_buffer(to_bytes(keys));
  GlBuffer value_buffer(to_bytes(values));
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, value_buffer.name(), 0, 64);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, key_buffer.name(), 0, 128);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, key_buffer.name());
  glBindBuffer(GL_COPY_READ_BUFFER, value_buffer.name());
  before_ = CallerState::take();
  auto& kv_sorter = cached_sorter<std::int32_t, std::uint32_t>();
  expect_state_kept("kv sort of bound buffers", [&] {
    kv_sorter.sort(key_buffer.name(), value_buffer.name(), count, gpusort::Order::descending);
  });
  EXPECT_TRUE(sorted_pairs_ok(keys, values, from_bytes<std::int32_t>(key_buffer.read(), 0, count),
                              from_bytes<std::uint32_t>(value_buffer.read(), 0, count),
                              gpusort::Order::descending));
}

// The state most applications have: no program, nothing bound.
class GlStateDefaults : public GlTest {};

TEST_F(GlStateDefaults, Kept) {
  const auto before = CallerState::take();
  ASSERT_EQ(before.program, 0);
  auto& sorter = cached_sorter<std::uint32_t>();
  auto keys = make_keys<std::uint32_t>(Distribution::random, 1000, 23);
  GlBuffer buffer(to_bytes(keys));
  sorter.sort(buffer.name(), keys.size());
  sorter.sort(keys);
  EXPECT_TRUE(no_gl_error("sorts"));
  EXPECT_TRUE(same_state(before, CallerState::take()));
}

// glDeleteProgram on the current program only flags it: it stays in use until unbound.
// The sort has to unbind it, after which the name is dead, so the sort must not try to
// bind it again (GL_INVALID_VALUE); no program is the only state left to restore.
TEST_F(GlStateDefaults, CurrentProgramDeletedBeforeTheSort) {
  const GLuint program = build_empty_test_program();
  glUseProgram(program);
  glDeleteProgram(program);
  ASSERT_TRUE(no_gl_error("setup"));
  auto& sorter = cached_sorter<std::uint32_t>();
  auto keys = make_keys<std::uint32_t>(Distribution::random, 777, 25);
  GlBuffer buffer(to_bytes(keys));
  sorter.sort(buffer.name(), keys.size());
  EXPECT_TRUE(no_gl_error("sort after the current program was deleted"));
  GLint current = -1;
  glGetIntegerv(GL_CURRENT_PROGRAM, &current);
  EXPECT_EQ(current, 0);
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(from_bytes<std::uint32_t>(buffer.read(), 0, keys.size()), keys);
}

}  // namespace
}  // namespace gpusort_test
