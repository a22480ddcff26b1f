// gpusort without exceptions, in someone else's renderer (ctest no_exceptions_contracts): built
// with -fno-exceptions, it runs the contract cases of gpusort_tests' ForeignContext,
// SortIndirectBinding and FailurePaths suites where errors reach gpusort::set_error_handler()
// instead of a throw, on llvmpipe:
// - a sorter destroyed while a context that shares nothing with its own is current deletes none
//   of that context's objects;
// - a sorter whose context died is refused in a context that holds its twin, and changes nothing;
// - sort_indirect binds only the count's word;
// - a host sort whose read-back is refused leaves both vectors as they were, and its error names
//   the caller's pending GL error it took; a sort that succeeds leaves that error pending;
// - scratch given back while sorts may run stays until its fence has passed.
// Prints each check that fails and exits non-zero.

#include "headless_context.hpp"  // glad, before gpusort

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "gl_buffer.hpp"

#if defined(__cpp_exceptions) || GPUSORT_EXCEPTIONS
#error "no_exceptions_contracts.cpp is a build without exceptions: compile it with -fno-exceptions"
#endif

namespace {

using gpusort_support::Bytes;
using gpusort_support::GlBuffer;
using gpusort_support::to_bytes;
using Pairs = gpusort::Sorter<std::uint32_t, std::uint32_t>;

int failures = 0;
void failed(const std::string& what) {
  std::printf("FAILED: %s\n", what.c_str());
  ++failures;
}

std::vector<std::string> messages;
void record_error(const char* message) { messages.push_back(message); }

// One error reported, containing `expected`.
void expect_one_error(const std::string& what, const std::string& expected) {
  if (messages.size() != 1 || messages[0].find(expected) == std::string::npos)
    failed(what + ": expected one error saying \"" + expected + "\", got " + std::to_string(messages.size()) +
           (messages.empty() ? std::string() : " (\"" + messages[0] + "\")"));
  messages.clear();
}

void expect_no_gl_error(const std::string& what) {
  if (const GLenum error = glGetError(); error != GL_NO_ERROR)
    failed(what + ": GL error " + std::to_string(error) + " pending");
}

std::vector<std::uint32_t> keys_of(std::size_t count, std::uint32_t seed) {
  std::vector<std::uint32_t> keys(count);
  std::uint32_t x = seed * 2654435761u + 1;
  for (std::uint32_t& k : keys) k = (x = x * 1664525u + 1013904223u) >> 8;
  return keys;
}

std::vector<std::uint32_t> iota(std::size_t count) {
  std::vector<std::uint32_t> v(count);
  for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<std::uint32_t>(i);
  return v;
}

gpusort::SorterTuning small_crossover() {
  gpusort::SorterTuning tuning;
  tuning.radix_from.keys = tuning.radix_from.pairs = tuning.radix_from.stable = tuning.radix_from.wide_keys = 4096;
  return tuning;
}

void destroyed_in_a_foreign_context(gpusort_support::HeadlessContext& home) {
  auto sorter = std::make_unique<Pairs>(small_crossover());
  auto keys = keys_of(5000, 1);
  auto values = iota(5000);
  sorter->sort(keys, values);
  gpusort_support::HeadlessContext foreign;
  std::vector<GLuint> programs;
  std::vector<std::unique_ptr<GlBuffer>> buffers;
  for (int i = 0; i < 64; ++i) programs.push_back(glCreateProgram());
  for (std::uint32_t i = 0; i < 64; ++i) buffers.push_back(std::make_unique<GlBuffer>(to_bytes(std::vector<std::uint32_t>{i})));
  sorter.reset();
  for (GLuint program : programs) {
    if (glIsProgram(program) != GL_TRUE) failed("a sorter destroyed in a foreign context deleted its program " +
                                                std::to_string(program));
    glDeleteProgram(program);
  }
  for (std::uint32_t i = 0; i < buffers.size(); ++i) {
    if (buffers[i]->read_as<std::uint32_t>(1)[0] != i)
      failed("a sorter destroyed in a foreign context deleted or changed its buffer " + std::to_string(buffers[i]->name()));
  }
  buffers.clear();
  expect_no_gl_error("destroying a sorter in a foreign context");
  home.make_current();
}

void dead_context_twin(gpusort_support::HeadlessContext& home) {
  {
    auto dying = std::make_unique<gpusort_support::HeadlessContext>();
    auto orphan = std::make_unique<Pairs>(small_crossover());
    dying.reset();
    gpusort_support::HeadlessContext other;
    Pairs twin(small_crossover());
    const auto keys = keys_of(5000, 2);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(iota(5000)));
    const Bytes keys_before = key_buffer.read(), values_before = value_buffer.read();
    messages.clear();
    orphan->sort(key_buffer.name(), value_buffer.name(), 5000);
    expect_one_error("a sorter whose context died, beside its twin", "not in the current context");
    if (key_buffer.read() != keys_before || value_buffer.read() != values_before)
      failed("a sorter whose context died wrote into its twin's context");
    orphan.reset();
    twin.sort(key_buffer.name(), value_buffer.name(), 5000);
    auto expected = keys;
    std::sort(expected.begin(), expected.end());
    if (key_buffer.read_as<std::uint32_t>(5000) != expected) failed("the twin no longer sorts");
    expect_no_gl_error("the dead context's twin");
  }
  home.make_current();
}

void indirect_count_word() {
  gpusort::BitonicSorter<std::uint32_t> network;
  const std::size_t count_offset = 4096 + 36;
  GlBuffer counts(Bytes(65536, 0));
  const std::uint32_t count = 700;
  counts.write(count_offset, &count, sizeof count);
  GlBuffer key_buffer(to_bytes(keys_of(1000, 3)));
  bool whole = false;
  network.set_pass_observer([&](const gpusort::BitonicPassInfo& info) {
    GLint bound = 0;
    GLint64 size = 0;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, gpusort::detail::GPUSORT_BITONIC_BINDING_COUNT_BUFFER, &bound);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, gpusort::detail::GPUSORT_BITONIC_BINDING_COUNT_BUFFER, &size);
    if (info.after && static_cast<GLuint>(bound) == counts.name() && size == 0) whole = true;
  });
  network.sort_indirect(key_buffer.name(), counts.name(), count_offset, 1000);
  if (whole) failed("sort_indirect bound the whole count buffer");
  if (!messages.empty()) failed("sort_indirect reported \"" + messages[0] + "\"");
  messages.clear();
  expect_no_gl_error("sort_indirect");
}

void refused_read_back() {
  Pairs sorter(small_crossover());
  const auto keys = keys_of(5000, 4);
  const auto values = iota(5000);
  for (int maps_before_failure : {0, 1}) {
    auto host_keys = keys;
    auto host_values = values;
    GLint ignored = 0;
    glGetIntegerv(0x7FFFFFFF, &ignored);  // the caller's pending GL_INVALID_ENUM
    gpusort::detail::gl_faults().maps_before_failure = maps_before_failure;
    sorter.sort(host_keys, host_values);
    gpusort::detail::gl_faults() = gpusort::detail::GlFaults{};
    expect_one_error("a host sort whose read-back was refused", "GL errors taken: 0x0500");
    if (host_keys != keys || host_values != values) failed("a failed host sort changed the vectors");
    expect_no_gl_error("after a refused read-back");
  }
  GLint ignored = 0;
  glGetIntegerv(0x7FFFFFFF, &ignored);
  auto host_keys = keys;
  auto host_values = values;
  sorter.sort(host_keys, host_values);
  if (glGetError() != GL_INVALID_ENUM) failed("a sort that succeeded took the caller's pending error");
  auto expected = keys;
  std::sort(expected.begin(), expected.end());
  if (host_keys != expected) failed("the host sort after the refusals is wrong");
}

void retired_scratch() {
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> sorter;
  GlBuffer key_buffer(to_bytes(keys_of(5000, 5))), value_buffer(to_bytes(iota(5000)));
  sorter.sort(key_buffer.name(), value_buffer.name(), 5000);
  const std::uint64_t allocations = gpusort::detail::buffer_allocation_count();
  GLuint probe = 0;  // the names the driver hands out next stay above every live one on Mesa
  glGenBuffers(1, &probe);
  glDeleteBuffers(1, &probe);
  std::vector<GLuint> live;
  for (GLuint name = 1; name < probe + 64; ++name)
    if (glIsBuffer(name) == GL_TRUE) live.push_back(name);
  gpusort::detail::gl_faults().fences_unsignalled = true;
  sorter.release_scratch();
  sorter.sort(key_buffer.name(), value_buffer.name(), 5000);
  for (GLuint name : live)
    if (glIsBuffer(name) != GL_TRUE) failed("release_scratch() deleted buffer " + std::to_string(name) + " early");
  if (gpusort::detail::buffer_allocation_count() == allocations) failed("the sort after release_scratch() allocated nothing");
  gpusort::detail::gl_faults() = gpusort::detail::GlFaults{};
  sorter.sort(key_buffer.name(), value_buffer.name(), 5000);
  if (!messages.empty()) failed("retired scratch: \"" + messages[0] + "\"");
  messages.clear();
  expect_no_gl_error("retired scratch");
}

}  // namespace

int main() {
  gpusort::set_error_handler(record_error);
  gpusort_support::HeadlessContext home;
  std::printf("gpusort without exceptions, contracts in a renderer, on %s\n", home.renderer().c_str());
  destroyed_in_a_foreign_context(home);
  dead_context_twin(home);
  indirect_count_word();
  refused_read_back();
  retired_scratch();
  if (failures != 0) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("every contract held\n");
  return 0;
}
