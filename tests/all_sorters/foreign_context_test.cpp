// A sorter used in a context that does not share objects with the one it was built in: every
// call is refused with an error that says so, nothing is sorted or written, the GL state is as
// it was and no GL error is pending (without the check, sort() returned normally, left the keys
// unsorted and GL_INVALID_VALUE pending). Back in its own context the sorter sorts right.

#include <gmock/gmock.h>

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

}  // namespace
}  // namespace gpusort_test
