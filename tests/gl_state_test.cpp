// The library borrows the caller's context: after every call, successful or not, the
// current program, all shader storage bindings (indexed ranges and the generic one) and
// the copy-buffer bindings are what the caller left there, and no GL error is pending.

#include <algorithm>
#include <functional>
#include <memory>

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

struct SsboBinding {
  GLint buffer = 0;
  GLint64 start = 0;
  GLint64 size = 0;
  bool operator==(const SsboBinding& o) const {
    return buffer == o.buffer && start == o.start && size == o.size;
  }
};

struct GlStateSnapshot {
  GLint program = 0;
  GLint generic_ssbo = 0;
  GLint copy_read = 0;
  GLint copy_write = 0;
  GLint dispatch_indirect = 0;
  std::vector<SsboBinding> indexed;

  static GlStateSnapshot take() {
    GlStateSnapshot state;
    glGetIntegerv(GL_CURRENT_PROGRAM, &state.program);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &state.generic_ssbo);
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &state.copy_read);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &state.copy_write);
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &state.dispatch_indirect);
    GLint bindings = 0;
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &bindings);
    for (GLint i = 0; i < bindings; ++i) {
      SsboBinding b;
      const auto index = static_cast<GLuint>(i);
      glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, index, &b.buffer);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, index, &b.start);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &b.size);
      state.indexed.push_back(b);
    }
    return state;
  }
};

::testing::AssertionResult same_state(const GlStateSnapshot& before, const GlStateSnapshot& after) {
  auto failure = ::testing::AssertionFailure();
  bool differs = false;
  if (before.program != after.program) {
    differs = true;
    failure << "\n  current program " << before.program << " became " << after.program;
  }
  if (before.generic_ssbo != after.generic_ssbo) {
    differs = true;
    failure << "\n  generic GL_SHADER_STORAGE_BUFFER binding " << before.generic_ssbo << " became "
            << after.generic_ssbo;
  }
  if (before.copy_read != after.copy_read || before.copy_write != after.copy_write) {
    differs = true;
    failure << "\n  GL_COPY_READ/WRITE_BUFFER bindings (" << before.copy_read << ", "
            << before.copy_write << ") became (" << after.copy_read << ", " << after.copy_write
            << ")";
  }
  if (before.dispatch_indirect != after.dispatch_indirect) {
    differs = true;
    failure << "\n  GL_DISPATCH_INDIRECT_BUFFER binding " << before.dispatch_indirect << " became "
            << after.dispatch_indirect;
  }
  for (std::size_t i = 0; i < before.indexed.size() && i < after.indexed.size(); ++i) {
    const auto& b = before.indexed[i];
    const auto& a = after.indexed[i];
    if (b == a) continue;
    differs = true;
    failure << "\n  SSBO binding " << i << ": (buffer " << b.buffer << ", start " << b.start
            << ", size " << b.size << ") became (buffer " << a.buffer << ", start " << a.start
            << ", size " << a.size << ")";
  }
  return differs ? failure : ::testing::AssertionSuccess();
}

GLuint compile_trivial_compute_program() {
  const std::string text = glsl_for_test_context(
      "#version 430\n"
      "layout(local_size_x = 1) in;\n"
      "layout(std430, binding = 0) buffer Data { uint data[]; };\n"
      "void main() { data[0] += 1u; }\n");
  const char* source = text.c_str();
  const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  const GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  glDeleteShader(shader);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, GL_TRUE) << "the test's own compute program did not link";
  return program;
}

class GlState : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (HasFatalFailure()) return;
    program_ = compile_trivial_compute_program();
    GLint alignment = 1;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
    for (int i = 0; i < 11; ++i) {
      bound_.push_back(std::make_unique<GlBuffer>(guard_pattern(4 * static_cast<std::size_t>(alignment) + 256,
                                                                static_cast<std::uint32_t>(i))));
    }
    // Distinct buffers, offsets and sizes on 0..7, so a swapped or reset binding shows.
    glUseProgram(program_);
    for (GLuint i = 0; i < 8; ++i) {
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, i, bound_[i]->name(),
                        static_cast<GLintptr>((i % 4) * static_cast<GLuint>(alignment)),
                        static_cast<GLsizeiptr>(16 + 4 * i));
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, bound_[8]->name());
    // The library uses the copy targets itself (buffer size queries, host uploads).
    glBindBuffer(GL_COPY_READ_BUFFER, bound_[9]->name());
    glBindBuffer(GL_COPY_WRITE_BUFFER, bound_[10]->name());
    ASSERT_TRUE(no_gl_error("setting up the caller's state"));
    before_ = GlStateSnapshot::take();
  }

  void TearDown() override {
    glUseProgram(0);
    for (GLuint i = 0; i < 8; ++i) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    bound_.clear();
    glDeleteProgram(program_);
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
    EXPECT_TRUE(same_state(before_, GlStateSnapshot::take()));
  }

  GLuint program_ = 0;
  std::vector<std::unique_ptr<GlBuffer>> bound_;
  GlStateSnapshot before_;
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
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, bound_[7]->name());
  before_ = GlStateSnapshot::take();
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
  before_ = GlStateSnapshot::take();
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
  const auto before = GlStateSnapshot::take();
  ASSERT_EQ(before.program, 0);
  auto& sorter = cached_sorter<std::uint32_t>();
  auto keys = make_keys<std::uint32_t>(Distribution::random, 1000, 23);
  GlBuffer buffer(to_bytes(keys));
  sorter.sort(buffer.name(), keys.size());
  sorter.sort(keys);
  EXPECT_TRUE(no_gl_error("sorts"));
  EXPECT_TRUE(same_state(before, GlStateSnapshot::take()));
}

// glDeleteProgram on the current program only flags it: it stays in use until unbound.
// The sort has to unbind it, after which the name is dead, so the sort must not try to
// bind it again (GL_INVALID_VALUE); no program is the only state left to restore.
TEST_F(GlStateDefaults, CurrentProgramDeletedBeforeTheSort) {
  const GLuint program = glCreateProgram();
  const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  const std::string text = glsl_for_test_context("#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() {}\n");
  const char* source = text.c_str();
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  glAttachShader(program, shader);
  glLinkProgram(program);
  glDeleteShader(shader);
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
