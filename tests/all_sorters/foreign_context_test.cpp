// A sorter used in a context that does not share objects with the one it was built in: every
// call is refused with an error that says so, nothing is sorted or written, the GL state is as
// it was and no GL error is pending (without the check, sort() returned normally, left the keys
// unsorted and GL_INVALID_VALUE pending). Back in its own context the sorter sorts right.

#include <gmock/gmock.h>

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "caller_state.hpp"
#include "contract_support.hpp"
#include "gl_debug_output.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;
using ::testing::HasSubstr;

// Program objects the crowded foreign context holds, at names 1 .. 4096: more names than the
// test process's programs take in the home context.
constexpr int foreign_programs = 4096;

// The first word of `buffer`, read through a mapping (ES has no glGetBufferSubData).
std::uint32_t first_word(GLuint buffer) {
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  std::uint32_t word = 0;
  if (const void* mapped = glMapBufferRange(GL_COPY_READ_BUFFER, 0, sizeof word, GL_MAP_READ_BIT)) {
    std::memcpy(&word, mapped, sizeof word);
    glUnmapBuffer(GL_COPY_READ_BUFFER);
  }
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return word;
}

template <class Case>
class ForeignContext : public GlTest {};
using ForeignContextCases = ::testing::Types<ContractCase<Family::bitonic, float>, ContractCase<Family::radix, float>,
                                             ContractCase<Family::sorter, float>>;
TYPED_TEST_SUITE(ForeignContext, ForeignContextCases, ContractNames);

TYPED_TEST(ForeignContext, EveryCallIsRefusedAndChangesNothing) {
  constexpr Family F = TypeParam::family;
  auto& home = gl_context();
  auto& pairs = contract_sorter<F, float, std::uint32_t>();
  auto& keys_only = contract_sorter<F, float>();
  const std::size_t count = contract_crossover + 500;  // the radix side of the Sorter
  const auto keys = make_keys<float>(Distribution::random, count, 41);
  const auto values = make_values(count, 41);

  // A second context of the same display that shares nothing with the first: an empty one,
  // then one crowded as an engine's would be, with program objects at names 1 .. N before
  // anything else (so that glIsProgram alone would take the sorters' programs for there).
  for (bool crowded : {false, true}) {
    SCOPED_TRACE(crowded ? "a foreign context full of programs" : "an empty foreign context");
    auto foreign = std::make_unique<gpusort_support::HeadlessContext>(test_context_options());
    if (gl_debug_requested()) install_gl_debug_checks();
    std::vector<GLuint> crowd;
    if (crowded) {
      for (int i = 0; i < foreign_programs; ++i) crowd.push_back(glCreateProgram());
      GLuint first_gap = 1;
      while (first_gap <= static_cast<GLuint>(foreign_programs) && glIsProgram(first_gap) == GL_TRUE) ++first_gap;
      EXPECT_GT(first_gap, static_cast<GLuint>(foreign_programs) / 2) << "the foreign programs do not hold names 1 .. " << foreign_programs / 2;
      EXPECT_TRUE(no_gl_error("creating the foreign context's programs"));
    }
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)), counts(Bytes(16, 0)),
        scratch(Bytes(1 << 16, 0));
    const GLuint k = key_buffer.name(), v = value_buffer.name();
    const Bytes keys_before = key_buffer.read(), values_before = value_buffer.read();
    auto host_keys = keys;
    auto host_values = values;
    const std::vector<std::pair<const char*, std::function<void()>>> calls = {
        {"sort keys", [&] { keys_only.sort(k, count); }},
        {"sort pairs", [&] { pairs.sort(k, v, count, Order::ascending, Stability::unstable); }},
        {"sort pairs stable", [&] { pairs.sort(k, v, count, Order::descending, Stability::stable); }},
        {"sort_range", [&] { pairs.sort_range(k, v, 3, count - 3); }},
        {"sort_indirect", [&] { pairs.sort_indirect(k, v, counts.name(), 0, count); }},
        {"sort_indices", [&] { pairs.sort_indices(k, v, count); }},
        {"a sort of one element", [&] { keys_only.sort(k, 1); }},
        {"host pairs", [&] { pairs.sort(host_keys, host_values); }},
        {"prepare", [&] { pairs.prepare(count, Stability::stable); }},
        {"reserve", [&] { pairs.reserve(count); }},
        {"use_scratch", [&] { pairs.use_scratch(scratch.name(), 0, 1 << 16); }},
        {"release_scratch", [&] { pairs.release_scratch(); }},
    };
    for (const auto& [what, call] : calls) {
      SCOPED_TRACE(std::string(family_name(F)) + ": " + what);
      CallerBindings bindings;
      const CallerState before = CallerState::take();
      EXPECT_THAT(error_from(call), AllOf(HasSubstr("not in the current context"), HasSubstr("shares objects")));
      EXPECT_TRUE(no_gl_error(what));
      EXPECT_TRUE(same_state(before, CallerState::take()));
    }
    EXPECT_TRUE(key_buffer.read() == keys_before) << "keys changed";
    EXPECT_TRUE(value_buffer.read() == values_before) << "values changed";
    EXPECT_TRUE(counts.read() == Bytes(16, 0)) << "the count buffer changed";
    EXPECT_TRUE(scratch.read() == Bytes(1 << 16, 0)) << "the would-be scratch changed";
    EXPECT_TRUE(same_bits(host_keys, keys, "host keys"));
    EXPECT_TRUE(same_bits(host_values, values, "host values"));
    for (GLuint program : crowd) glDeleteProgram(program);
  }

  // At home the sorters still sort, on both sides of the Sorter's crossover.
  home.make_current();
  for (std::size_t n : {std::size_t{700}, count}) {
    const std::vector<float> some_keys(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(n));
    const std::vector<std::uint32_t> some_values(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
    EXPECT_TRUE(contract_buffer_ok<float>([&](GLuint kb, GLuint vb) { pairs.sort(kb, vb, n); }, some_keys,
                                          &some_values, 0, Order::ascending,
                                          pair_expectation<F>(pairs, n, Stability::unstable), 42));
  }
}

// A sorter destroyed while a context that shares nothing with its own is current: the names it
// would delete are that context's objects (a crowded context has programs and buffers at the
// same small names), so it deletes nothing there. Its own context keeps its objects until that
// context goes.
TYPED_TEST(ForeignContext, DestroyedThereDeletesNothingOfThatContext) {
  constexpr Family F = TypeParam::family;
  auto& home = gl_context();
  {
    auto sorter = std::make_unique<SorterType<F, float, std::uint32_t>>(contract_tuning<F>(), nullptr,
                                                                          test_device_facts());
    const std::size_t count = contract_crossover + 500;
    const auto keys = make_keys<float>(Distribution::random, count, 43);
    const auto values = make_values(count, 43);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
    sorter->sort(key_buffer.name(), value_buffer.name(), count, Order::ascending, Stability::stable);
    ASSERT_TRUE(no_gl_error("the sort at home"));

    auto foreign = std::make_unique<gpusort_support::HeadlessContext>(test_context_options());
    std::vector<GLuint> programs, buffers;
    for (int i = 0; i < 64; ++i) programs.push_back(glCreateProgram());
    for (int i = 0; i < 64; ++i) {
      buffers.push_back(0);
      glGenBuffers(1, &buffers.back());
      glBindBuffer(GL_COPY_WRITE_BUFFER, buffers.back());
      const std::uint32_t word = 0xC0FFEE00u + static_cast<std::uint32_t>(i);
      glBufferData(GL_COPY_WRITE_BUFFER, sizeof word, &word, GL_STATIC_DRAW);
    }
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    sorter.reset();
    EXPECT_TRUE(no_gl_error("destroying the sorter in the foreign context"));
    for (GLuint program : programs) EXPECT_EQ(glIsProgram(program), GL_TRUE) << "program " << program << " deleted";
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      ASSERT_EQ(glIsBuffer(buffers[i]), GL_TRUE) << "buffer " << buffers[i] << " deleted";
      EXPECT_EQ(first_word(buffers[i]), 0xC0FFEE00u + i) << "buffer " << buffers[i] << " changed";
    }
    for (GLuint program : programs) glDeleteProgram(program);
    glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
  }
  home.make_current();
}

// A sorter whose context was destroyed, called while a context holding its twin (a sorter built
// the same way, whose objects have the same names one for one) is current: refused, and that
// context's buffers, the twin's among them, unchanged. Destroyed there, it deletes none of the
// twin's objects: the twin still sorts.
TYPED_TEST(ForeignContext, DeadContextTwinIsRefusedAndLeftAlone) {
  constexpr Family F = TypeParam::family;
  using Pairs = SorterType<F, float, std::uint32_t>;
  auto& home = gl_context();
  const std::size_t count = contract_crossover + 500;
  const auto keys = make_keys<float>(Distribution::random, count, 47);
  const auto values = make_values(count, 47);
  {
    auto dying = std::make_unique<gpusort_support::HeadlessContext>(test_context_options());
    auto orphan = std::make_unique<Pairs>(contract_tuning<F>(), nullptr, test_device_facts());
    dying.reset();  // the orphan's objects go with its context
    auto other = std::make_unique<gpusort_support::HeadlessContext>(test_context_options());
    Pairs twin(contract_tuning<F>(), nullptr, test_device_facts());
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values));
    const Bytes keys_before = key_buffer.read(), values_before = value_buffer.read();
    EXPECT_THAT(error_from([&] { orphan->sort(key_buffer.name(), value_buffer.name(), count); }),
                HasSubstr("not in the current context"));
    EXPECT_THAT(error_from([&] { orphan->sort_indirect(key_buffer.name(), value_buffer.name(), key_buffer.name(), 0,
                                                       count); }),
                HasSubstr("not in the current context"));
    EXPECT_TRUE(no_gl_error("the orphan's calls"));
    EXPECT_TRUE(key_buffer.read() == keys_before) << "keys changed";
    EXPECT_TRUE(value_buffer.read() == values_before) << "values changed";
    orphan.reset();
    EXPECT_TRUE(no_gl_error("destroying the orphan"));
    EXPECT_TRUE(contract_buffer_ok<float>([&](GLuint kb, GLuint vb) { twin.sort(kb, vb, count); }, keys, &values, 0,
                                          Order::ascending, pair_expectation<F>(twin, count, Stability::unstable),
                                          48))
        << "the twin no longer sorts";
  }
  home.make_current();
}

}  // namespace
}  // namespace gpusort_test
