// gpusort without exceptions (ctest no_exceptions): this program is compiled with
// -fno-exceptions and warnings as errors, instantiates all three classes for the six key types
// (keys alone and with values) with every entry point, and runs on llvmpipe. Every error a call
// meets must reach the handler of gpusort::set_error_handler() exactly once, and the call must
// return having changed nothing: the caller's buffers (read back and compared), the GL state
// (compared binding by binding) and glGetError() (clean). A sorter whose constructor failed
// reports valid() == false and refuses every call; a valid sorter sorts right after an error.
// Prints each check that fails and exits non-zero.

#include "headless_context.hpp"  // glad, before gpusort

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "caller_state_snapshot.hpp"
#include "gl_buffer.hpp"

#if defined(__cpp_exceptions) || GPUSORT_EXCEPTIONS
#error "no_exceptions_program.cpp is the build without exceptions: compile it with -fno-exceptions"
#endif

// The six key types, each passed to X.
#define GPUSORT_FOR_EACH_KEY(X) X(std::uint32_t) X(std::int32_t) X(float) X(std::uint64_t) X(std::int64_t) X(double)

// Every class for every key type, keys alone and with values: all their members.
#define GPUSORT_INSTANTIATE(Key)                              \
  template class gpusort::BitonicSorter<Key>;                 \
  template class gpusort::BitonicSorter<Key, std::uint32_t>; \
  template class gpusort::RadixSorter<Key>;                   \
  template class gpusort::RadixSorter<Key, std::uint32_t>;   \
  template class gpusort::Sorter<Key>;                        \
  template class gpusort::Sorter<Key, std::uint32_t>;
GPUSORT_FOR_EACH_KEY(GPUSORT_INSTANTIATE)
#undef GPUSORT_INSTANTIATE

namespace entry_points {

// A keys-only sorter's entry points, each on a tiny buffer: compiled for every class and key
// type; run for one.
template <class Sorter>
void keys_entry_points(Sorter& sorter, GLuint keys, GLuint counts) {
  sorter.sort(keys, 16);
  sorter.sort({keys, 8}, 8, gpusort::Order::descending);
  sorter.sort_range(keys, 2, 10);
  sorter.sort_indirect(keys, counts, 0, 16);
  sorter.prepare(16);
  sorter.prepare_indirect(16);
  sorter.reserve(16);
  (void)sorter.scratch_bytes(16);
  (void)sorter.scratch_bytes(16, gpusort::Stability::stable);
  sorter.release_scratch();
  (void)sorter.max_count();
  (void)sorter.device_facts();
}

#define GPUSORT_INSTANTIATE(Key)                                                                 \
  template void keys_entry_points(gpusort::BitonicSorter<Key>&, GLuint, GLuint);                 \
  template void keys_entry_points(gpusort::RadixSorter<Key>&, GLuint, GLuint);                   \
  template void keys_entry_points(gpusort::Sorter<Key>&, GLuint, GLuint);
GPUSORT_FOR_EACH_KEY(GPUSORT_INSTANTIATE)
#undef GPUSORT_INSTANTIATE

}  // namespace entry_points
#undef GPUSORT_FOR_EACH_KEY

namespace {

using gpusort::Order;
using gpusort::Stability;
using gpusort_support::Bytes;
using gpusort_support::GlBuffer;
using gpusort_support::to_bytes;
using gpusort_test::CallerState;

int failures = 0;

void failed(const std::string& what) {
  ++failures;
  std::printf("FAILED: %s\n", what.c_str());
}

std::vector<std::string>& messages() {
  static std::vector<std::string> seen;
  return seen;
}

void record_error(const char* message) { messages().push_back(message); }

// A caller's bindings everywhere a sort must restore them: its own program, ranges of its own
// buffers on SSBO bindings 0 .. 7, the generic SSBO, copy and dispatch-indirect bindings.
class CallerBindings {
 public:
  explicit CallerBindings(bool es) : buffers_(12) {
    const char* source = es ? "#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n"
                            : "#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    program_ = glCreateProgram();
    glAttachShader(program_, shader);
    glLinkProgram(program_);
    glDeleteShader(shader);
    for (std::size_t i = 0; i < buffers_.size(); ++i)
      buffers_[i] = GlBuffer(Bytes(1024, static_cast<unsigned char>(i)));
    glUseProgram(program_);
    for (GLuint i = 0; i < 8; ++i)
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, i, buffers_[i].name(), 256 * (i % 3), 64);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffers_[8].name());
    glBindBuffer(GL_COPY_READ_BUFFER, buffers_[9].name());
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffers_[10].name());
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buffers_[11].name());
  }
  ~CallerBindings() {
    glUseProgram(0);
    for (GLuint i = 0; i < 8; ++i) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    const GLenum targets[] = {GL_SHADER_STORAGE_BUFFER, GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
                              GL_DISPATCH_INDIRECT_BUFFER};
    for (GLenum target : targets) glBindBuffer(target, 0);
    glDeleteProgram(program_);
  }
  CallerBindings(const CallerBindings&) = delete;
  CallerBindings& operator=(const CallerBindings&) = delete;

 private:
  GLuint program_ = 0;
  std::vector<GlBuffer> buffers_;
};

bool es_context = false;
gpusort_support::HeadlessContext* context = nullptr;

// Runs `call`, which must report exactly one error containing `expected` to the handler and
// change nothing: the `watched` buffers, the GL state, glGetError(). `current`: the call runs
// with a context current (else the state is compared around it).
template <class Call>
void expect_error(const std::string& what, const std::string& expected, Call&& call,
                  const std::vector<const GlBuffer*>& watched, bool current = true) {
  std::vector<Bytes> before;
  for (const GlBuffer* b : watched) before.push_back(b->read());
  CallerBindings bindings(es_context);
  const CallerState state = CallerState::take();
  messages().clear();
  if (!current) context->release_current();
  call();
  if (!current) context->make_current();
  if (messages().size() != 1) {
    failed(what + ": the handler was called " + std::to_string(messages().size()) + " times, not once");
  } else if (messages()[0].find(expected) == std::string::npos || messages()[0].rfind("gpusort: ", 0) != 0) {
    failed(what + ": the message \"" + messages()[0] + "\" does not say \"" + expected + "\"");
  }
  if (!(CallerState::take() == state)) failed(what + ": the GL state changed");
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) failed(what + ": GL error 0x" + std::to_string(error) + " pending");
  for (std::size_t i = 0; i < watched.size(); ++i) {
    if (watched[i]->read() != before[i]) failed(what + ": buffer " + std::to_string(i) + " changed");
  }
}

// Runs `call`, which must report nothing.
template <class Call>
void expect_no_error(const std::string& what, Call&& call) {
  messages().clear();
  call();
  for (const std::string& message : messages()) failed(what + ": unexpected error \"" + message + "\"");
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) failed(what + ": GL error 0x" + std::to_string(error) + " pending");
}

template <class Key>
std::vector<Key> test_keys(std::size_t count, std::uint32_t seed) {
  std::vector<Key> keys(count);
  std::uint32_t x = seed * 2654435761u + 1u;
  for (std::size_t i = 0; i < count; ++i) {
    x = x * 1664525u + 1013904223u;
    keys[i] = static_cast<Key>(static_cast<std::int32_t>(x >> 8) % 5000 - (std::is_signed<Key>::value ? 2500 : 0));
  }
  return keys;
}

// Whether `keys`, `values` (from the buffers) are `input_keys`, `input_values` sorted
// ascending, each value still with its key; `stable`: exactly std::stable_sort's order.
template <class Key>
bool sorted_right(const GlBuffer& key_buffer, const GlBuffer& value_buffer, std::vector<Key> input_keys,
                  std::vector<std::uint32_t> input_values, bool stable) {
  const std::size_t n = input_keys.size();
  const std::vector<Key> keys = key_buffer.read_as<Key>(n);
  const std::vector<std::uint32_t> values = value_buffer.read_as<std::uint32_t>(n);
  std::vector<std::pair<Key, std::uint32_t>> want(n), got(n);
  for (std::size_t i = 0; i < n; ++i) {
    want[i] = {input_keys[i], input_values[i]};
    got[i] = {keys[i], values[i]};
  }
  std::stable_sort(want.begin(), want.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  if (stable) return got == want;
  for (std::size_t i = 0; i < n; ++i) {
    if (got[i].first != want[i].first) return false;
  }
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  return got == want;
}

// The errors and the sort after them, for one class (`Sorter` of Key and std::uint32_t values).
template <class Sorter, class Key>
void check_sorter(const std::string& name, Sorter& sorter) {
  if (!sorter.valid()) {
    failed(name + ": not valid after a constructor that reported no error");
    return;
  }
  const std::size_t count = 1500;
  const auto keys = test_keys<Key>(count, 7);
  std::vector<std::uint32_t> values(count);
  std::iota(values.begin(), values.end(), 100u);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)), small(Bytes(count * 4 - 4, 3)),
      counts(Bytes(16, 0)), scratch(Bytes(1 << 12, 5));
  const std::vector<const GlBuffer*> watched = {&key_buffer, &value_buffer, &small, &counts, &scratch};
  const GLuint k = key_buffer.name(), v = value_buffer.name();

  expect_error(name + " keys too small", "too small", [&] { sorter.sort(small.name(), v, count); }, watched);
  expect_error(name + " values too small", "too small", [&] { sorter.sort(k, small.name(), count); }, watched);
  expect_error(name + " keys and values overlap", "overlap", [&] { sorter.sort(k, {k, 8}, count / 4); }, watched);
  expect_error(name + " count above max_count()", "exceeds", [&] { sorter.sort(k, v, sorter.max_count() + 1); },
               watched);
  expect_error(name + " unaligned count_offset", "multiple of 4",
               [&] { sorter.sort_indirect(k, v, counts.name(), 2, count); }, watched);
  expect_error(name + " a view offset inside an element", "multiple of the element size",
               [&] { sorter.sort({k, sizeof(Key) - 2}, v, 10); }, watched);
  expect_error(name + " sort_indices into the keys", "overlap", [&] { sorter.sort_indices(k, k, count); }, watched);
  auto host_keys = keys;
  std::vector<std::uint32_t> host_values(count - 1, 9);
  expect_error(name + " host vectors of different sizes", "one value per key",
               [&] { sorter.sort(host_keys, host_values); }, watched);
  if (host_keys != keys || host_values != std::vector<std::uint32_t>(count - 1, 9))
    failed(name + ": host vectors changed");
  expect_error(name + " no current context", "current", [&] { sorter.sort(k, v, count); }, watched, false);
  // Scratch: an unaligned offset, then a range one byte short of what the sort needs.
  GLint alignment = 4;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  if (alignment > 4) {
    expect_error(name + " use_scratch() at an unaligned offset", "GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT",
                 [&] { sorter.use_scratch(scratch.name(), 4, 64); }, watched);
  }
  const std::size_t needed = sorter.scratch_bytes(count, Stability::stable);
  GlBuffer range(Bytes(needed + 64, 1));
  expect_no_error(name + " use_scratch()", [&] { sorter.use_scratch(range.name(), 0, needed - 1); });
  expect_error(name + " a sort one byte short of scratch", "needs " + std::to_string(needed) + " bytes",
               [&] { sorter.sort(k, v, count, Order::ascending, Stability::stable); }, watched);
  expect_no_error(name + " use_scratch() of the figure", [&] { sorter.use_scratch(range.name(), 0, needed); });

  // The sorter still sorts right: unstable, stable, and in the caller's scratch.
  for (Stability stability : {Stability::unstable, Stability::stable}) {
    GlBuffer kb(to_bytes(keys)), vb(to_bytes(values));
    expect_no_error(name + " sort after the errors",
                    [&] { sorter.sort(kb.name(), vb.name(), count, Order::ascending, stability); });
    if (!sorted_right(kb, vb, keys, values, stability == Stability::stable))
      failed(name + ": the sort after the errors is wrong" + (stability == Stability::stable ? " (stable)" : ""));
  }
  expect_no_error(name + " own scratch again", [&] { sorter.use_scratch(0, 0, 0); });
  if (!sorter.valid()) failed(name + ": not valid after errors of its calls");
}

template <class Key>
void check_key_type(const char* key_name) {
  const std::string suffix = std::string("<") + key_name + ", uint32_t>";
  {
    gpusort::BitonicSorter<Key, std::uint32_t> sorter;
    check_sorter<decltype(sorter), Key>("BitonicSorter" + suffix, sorter);
  }
  {
    gpusort::RadixSorter<Key, std::uint32_t> sorter;
    check_sorter<decltype(sorter), Key>("RadixSorter" + suffix, sorter);
  }
  {
    gpusort::SorterTuning tuning;
    tuning.radix_from.keys = tuning.radix_from.pairs = tuning.radix_from.stable = tuning.radix_from.wide_keys = 1000;
    gpusort::Sorter<Key, std::uint32_t> sorter(tuning);  // 1500 elements: the radix side
    check_sorter<decltype(sorter), Key>("Sorter" + suffix, sorter);
  }
}

// Every query of a sorter that is not valid reports one error naming `expected` and answers
// something harmless; tuning() once read the first element of an empty vector there.
template <class Sorter>
void queries_report(const std::string& name, const Sorter& sorter, const std::string& expected) {
  expect_error(name + ": max_count()", expected, [&] { (void)sorter.max_count(); }, {});
  expect_error(name + ": device_facts()", expected, [&] { (void)sorter.device_facts(); }, {});
  expect_error(name + ": scratch_bytes()", expected, [&] { (void)sorter.scratch_bytes(64); }, {});
  if constexpr (!std::is_same<Sorter, gpusort::Sorter<std::uint32_t>>::value) {
    expect_error(name + ": tuning()", expected, [&] {
      const auto tuning = sorter.tuning();  // a copy: reads every field
      (void)tuning;
    }, {});
    expect_error(name + ": plan()", expected, [&] { (void)sorter.plan(64); }, {});
  } else {
    expect_error(name + ": algorithm_for()", expected, [&] { (void)sorter.algorithm_for(64); }, {});
    expect_error(name + ": crossover()", expected, [&] { (void)sorter.crossover(); }, {});
  }
  if constexpr (std::is_same<Sorter, gpusort::RadixSorter<std::uint32_t>>::value ||
                std::is_same<Sorter, gpusort::RadixSorter<float>>::value) {
    expect_error(name + ": tile_size()", expected, [&] { (void)sorter.tile_size(); }, {});
  }
}

// Every query of a view of an algorithm (Sorter::radix()) reports `expected`.
void view_queries_report(const std::string& name, const gpusort::RadixView& view, const std::string& expected) {
  expect_error(name + ": max_count()", expected, [&] { (void)view.max_count(); }, {});
  expect_error(name + ": device_facts()", expected, [&] { (void)view.device_facts(); }, {});
  expect_error(name + ": tuning()", expected, [&] {
    const auto tuning = view.tuning();  // a copy: reads every field
    (void)tuning;
  }, {});
  expect_error(name + ": plan()", expected, [&] { (void)view.plan(64); }, {});
  expect_error(name + ": tile_size()", expected, [&] { (void)view.tile_size(); }, {});
}

// Constructors that fail leave sorters that are not valid and refuse every call.
void check_constructor_failures() {
  GlBuffer keys(to_bytes(test_keys<std::uint32_t>(64, 1)));
  const std::vector<const GlBuffer*> watched = {&keys};
  messages().clear();
  gpusort::BitonicTuning bad_tile;
  bad_tile.tile_size = 3;
  gpusort::BitonicSorter<std::uint32_t> bitonic(bad_tile);
  if (messages().size() != 1 || messages()[0].find("tile_size") == std::string::npos)
    failed("BitonicSorter with tile_size 3 did not report one error naming tile_size");
  if (bitonic.valid()) failed("BitonicSorter with tile_size 3 is valid()");
  expect_error("sort on a failed BitonicSorter", "not valid", [&] { bitonic.sort(keys.name(), 64); }, watched);
  expect_error("max_count() of a failed BitonicSorter", "not valid", [&] {
    if (bitonic.max_count() != 0) failed("a failed sorter's max_count() is not 0");
  }, watched);

  messages().clear();
  gpusort::RadixTuning broken;
  broken.extra_shader_source = "#error broken on purpose";
  gpusort::RadixSorter<float> radix(broken);
  if (messages().size() != 1 || messages()[0].find("broken on purpose") == std::string::npos)
    failed("RadixSorter with a broken shader did not report one error with the compiler's log");
  if (radix.valid()) failed("RadixSorter with a broken shader is valid()");
  expect_error("sort_indirect on a failed RadixSorter", "not valid",
               [&] { radix.sort_indirect(keys.name(), keys.name(), 0, 16); }, watched);

  // Below what the radix kernels need (the ES 3.1 minimum of 4 storage blocks): RadixSorter
  // fails; Sorter is valid and runs the network, and its radix() reports.
  gpusort::DeviceFacts minimum;
  minimum.clamp = gpusort::DeviceClamp::es31_minimums;
  messages().clear();
  gpusort::RadixSorter<std::uint32_t> small_radix(gpusort::RadixTuning{}, nullptr, minimum);
  if (messages().size() != 1 || small_radix.valid()) failed("RadixSorter at the ES 3.1 minimums did not fail once");
  messages().clear();
  gpusort::Sorter<std::uint32_t> sorter(gpusort::SorterTuning{}, nullptr, minimum);
  if (!messages().empty() || !sorter.valid()) failed("Sorter at the ES 3.1 minimums is not valid");
  expect_error("Sorter::radix() without a radix sort", "no radix sort", [&] {
    if (sorter.radix().valid()) failed("radix() of a Sorter without one is valid()");
  }, watched);
  const gpusort::RadixView no_radix = sorter.radix();  // reports once more
  expect_error("set_pass_observer() on that radix()", "no radix sort",
               [&] { no_radix.set_pass_observer([](const gpusort::RadixPassInfo&) {}); }, watched);
  view_queries_report("Sorter::radix() without a radix sort", no_radix, "no radix sort");
  queries_report("RadixSorter with a broken shader", radix, "not valid");
  queries_report("RadixSorter at the ES 3.1 minimums", small_radix, "not valid");
  queries_report("BitonicSorter with tile_size 3", bitonic, "not valid");
  // Moved from: the sorter that took its objects sorts; the one it left reports.
  gpusort::RadixSorter<std::uint32_t> radix_source;
  gpusort::RadixSorter<std::uint32_t> radix_target(std::move(radix_source));
  queries_report("a moved-from RadixSorter", radix_source, "moved from");
  gpusort::Sorter<std::uint32_t> sorter_target(std::move(sorter));
  queries_report("a moved-from Sorter", sorter, "moved from");
  gpusort::BitonicSorter<std::uint32_t> bitonic_source;
  gpusort::BitonicSorter<std::uint32_t> bitonic_target(std::move(bitonic_source));
  queries_report("a moved-from BitonicSorter", bitonic_source, "moved from");
  messages().clear();

  // A program that fails to build at first use: the stable variants of the network.
  messages().clear();
  gpusort::BitonicTuning stable_broken;
  stable_broken.extra_shader_source =
      "#ifdef TIE_BREAK\n#if TIE_BREAK\n#error stable variant broken on purpose\n#endif\n#endif";
  gpusort::BitonicSorter<std::uint32_t, std::uint32_t> first_use(stable_broken);
  if (!messages().empty() || !first_use.valid()) failed("BitonicSorter with broken stable variants did not build");
  const auto input = test_keys<std::uint32_t>(3000, 4);
  std::vector<std::uint32_t> values(3000);
  std::iota(values.begin(), values.end(), 0u);
  GlBuffer kb(to_bytes(input)), vb(to_bytes(values));
  expect_error("a stable sort whose program fails to build", "broken on purpose",
               [&] { first_use.sort(kb.name(), vb.name(), 3000, Order::ascending, Stability::stable); }, {&kb, &vb});
  expect_no_error("an unstable sort of that sorter", [&] { first_use.sort(kb.name(), vb.name(), 3000); });
  if (!sorted_right(kb, vb, input, values, false)) failed("the unstable sort after a failed build is wrong");
  messages().clear();
}

}  // namespace

int main() {
  gpusort::set_error_handler(record_error);
  gpusort_support::HeadlessContext headless;
  context = &headless;
  es_context = headless.is_es();
  std::printf("gpusort without exceptions, on %s\n", headless.renderer().c_str());
  {
    // Every keys-only entry point compiles for every class and key type; one runs.
    GlBuffer keys(to_bytes(test_keys<float>(16, 2))), counts(Bytes(4, 0));
    gpusort::Sorter<float> sorter;
    expect_no_error("keys-only entry points",
                    [&] { entry_points::keys_entry_points(sorter, keys.name(), counts.name()); });
  }
  check_key_type<std::uint32_t>("uint32_t");
  check_key_type<std::int32_t>("int32_t");
  check_key_type<float>("float");
  check_key_type<std::uint64_t>("uint64_t");
  check_key_type<std::int64_t>("int64_t");
  check_key_type<double>("double");
  check_constructor_failures();
  if (failures != 0) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("every error reached the handler and changed nothing\n");
  return 0;
}
