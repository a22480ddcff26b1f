// The contract the three sorters share beyond results (tests/contract_support.hpp), typed over
// family x {uint32_t, double}:
// - ContractErrors: every refused call throws gpusort::Error naming the problem, before anything
//   is written (buffers and vectors read back unchanged), with no GL error pending and the
//   caller's GL state as it was; for the typed Sorter on both sides of its crossover.
// - ContractGlState: every entry point, refused or not, restores the program, the indexed and
//   generic shader storage bindings, the copy and dispatch-indirect bindings; a current program
//   deleted before the sort is not bound again.
// And the front door's own contract (ContractSorter): algorithm_for() follows the crossover
// field of the call's key width, values and stability; the default crossover is the device's;
// both algorithms run on their side of the crossover; reserve() leaves nothing to allocate;
// many sorters side by side and moved; a Sorter in each of two contexts.

#include <gmock/gmock.h>

#include <functional>
#include <limits>
#include <tuple>

#include "caller_state.hpp"
#include "contract_support.hpp"
#include "gl_debug_output.hpp"
#include "live_objects.hpp"
#include "test_program.hpp"

namespace gpusort_test {
namespace {

using gpusort::Algorithm;
using gpusort::Order;
using gpusort::Stability;
using ::testing::AllOf;
using ::testing::HasSubstr;

using ContractApiCases =
    ::testing::Types<ContractCase<Family::bitonic, std::uint32_t>, ContractCase<Family::bitonic, double>,
                     ContractCase<Family::radix, std::uint32_t>, ContractCase<Family::radix, double>,
                     ContractCase<Family::sorter, std::uint32_t>, ContractCase<Family::sorter, double>>;

// ---------------------------------------------------------------------------------------------
// Errors

template <class Case>
class ContractErrors : public GlTest {};
TYPED_TEST_SUITE(ContractErrors, ContractApiCases, ContractNames);

// The caller's data a refused call must leave alone: buffers (read back) and host vectors.
struct Watched {
  std::vector<const GlBuffer*> buffers;
  std::vector<Bytes> before;
  void add(const GlBuffer& buffer) {
    buffers.push_back(&buffer);
    before.push_back(buffer.read());
  }
  ::testing::AssertionResult unchanged() const {
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      if (buffers[i]->read() != before[i])
        return ::testing::AssertionFailure() << "buffer " << buffers[i]->name() << " changed";
    }
    return ::testing::AssertionSuccess();
  }
};

// Runs `call` under the caller's bindings: it must throw gpusort::Error whose message has
// every one of `substrings`, leave no GL error, the state and the watched buffers as they were.
void expect_refused(const std::string& what, const std::function<void()>& call,
                    const std::vector<std::string>& substrings, const Watched& watched) {
  SCOPED_TRACE(what);
  CallerBindings bindings;
  const CallerState before = CallerState::take();
  const std::string message = gpusort_error_message(call);
  EXPECT_NE(message, "") << "did not throw gpusort::Error";
  for (const std::string& part : substrings) EXPECT_THAT(message, HasSubstr(part));
  EXPECT_THAT(message, ::testing::StartsWith("gpusort: "));
  EXPECT_TRUE(no_gl_error(what.c_str()));
  EXPECT_TRUE(same_state(before, CallerState::take()));
  EXPECT_TRUE(watched.unchanged());
}

// Every refused call of the buffer entry points, with a count on each side of the typed
// Sorter's crossover (the other families take the same path for both).
TYPED_TEST(ContractErrors, RefusedCallsChangeNothing) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t huge = std::numeric_limits<std::size_t>::max();
  for (std::size_t count : {std::size_t{1000}, contract_crossover + 1000}) {
    SCOPED_TRACE(std::string(family_name(F)) + " count " + std::to_string(count));
    const auto keys = make_keys<Key>(Distribution::reversed, count, 3);
    const auto values = make_values(count, 3);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)),
        small_values(to_bytes(make_values(count - 1, 4)));
    GlBuffer counts(Bytes(16, 0));
    Watched watched;
    for (const GlBuffer* b : {&key_buffer, &value_buffer, &small_values, &counts}) watched.add(*b);
    const GLuint k = key_buffer.name(), v = value_buffer.name();

    // What, the message's parts, the call.
    const std::vector<std::tuple<std::string, std::vector<std::string>, std::function<void()>>> refusals = {
        {"keys: not a buffer", {"keys buffer 987654", "not a buffer"}, [&] { keys_sorter.sort(987654, count); }},
        {"keys: buffer 0", {"not a buffer"}, [&] { keys_sorter.sort(0, count); }},
        {"keys: a deleted name", {"not a buffer"}, [&] { keys_sorter.sort(deleted_buffer_name(), count); }},
        {"values: not a buffer",
         {"values buffer 987654", "not a buffer"},
         [&] { pairs.sort(k, 987654, count, Order::ascending, Stability::unstable); }},
        {"keys too small", {"too small"}, [&] { keys_sorter.sort(k, count + 1); }},
        {"values too small",
         {"values buffer", "too small"},
         [&] { pairs.sort(k, small_values.name(), count, Order::ascending, Stability::unstable); }},
        {"stable, values too small",
         {"values buffer", "too small"},
         [&] { pairs.sort(k, small_values.name(), count, Order::descending, Stability::stable); }},
        {"sort_range past the end", {"too small"}, [&] { keys_sorter.sort_range(k, 7, count - 6); }},
        {"pairs sort_range past the end",
         {"too small"},
         [&] { pairs.sort_range(k, v, 1, count, Order::ascending, Stability::unstable); }},
        {"keys and values the same buffer",
         {"same buffer"},
         [&] { pairs.sort(k, k, count, Order::ascending, Stability::unstable); }},
        {"stable, the same buffer",
         {"same buffer"},
         [&] { pairs.sort(k, k, count, Order::ascending, Stability::stable); }},
        {"sort_indices into the keys", {"same buffer"}, [&] { pairs.sort_indices(k, k, count); }},
        {"count above max_count()",
         {"exceeds", "GL_MAX_SHADER_STORAGE_BLOCK_SIZE"},
         [&] { keys_sorter.sort(k, keys_sorter.max_count() + 1); }},
        {"count SIZE_MAX",
         {"exceeds"},
         [&] { pairs.sort(k, v, huge, Order::ascending, Stability::stable); }},
        {"sort_range first near SIZE_MAX", {"cannot be bound"}, [&] { keys_sorter.sort_range(k, huge - 1, 5); }},
        {"sort_range first beyond 32-bit indices",
         {"cannot be bound"},
         [&] { keys_sorter.sort_range(k, huge / 16, 2); }},
        {"sort_indirect: count_offset not a multiple of 4",
         {"multiple of 4"},
         [&] { keys_sorter.sort_indirect(k, counts.name(), 2, count); }},
        {"sort_indirect: count past the count buffer",
         {"count buffer", "too small"},
         [&] { pairs.sort_indirect(k, v, counts.name(), 16, count); }},
        {"sort_indirect: count_offset near SIZE_MAX",
         {"too small"},
         [&] { keys_sorter.sort_indirect(k, counts.name(), huge - 3, count); }},
        {"sort_indirect: count inside the keys",
         {"inside"},
         [&] { keys_sorter.sort_indirect(k, k, 4 * (count / 2), count); }},
        {"sort_indirect: count inside the values", {"inside"}, [&] { pairs.sort_indirect(k, v, v, 8, count); }},
        {"sort_indirect: count buffer not a buffer",
         {"count buffer 987654", "not a buffer"},
         [&] { keys_sorter.sort_indirect(k, 987654, 0, count); }},
        {"sort_indirect: capacity beyond the keys",
         {"too small"},
         [&] { keys_sorter.sort_indirect(k, counts.name(), 0, count + 1); }},
    };
    for (const auto& [what, parts, call] : refusals) expect_refused(what, call, parts, watched);

    // Mapped (not persistently) by the caller.
    glBindBuffer(GL_COPY_WRITE_BUFFER, v);
    ASSERT_NE(glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 64, GL_MAP_READ_BIT), nullptr);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    Watched keys_only;
    keys_only.add(key_buffer);
    expect_refused(
        "values mapped", [&] { pairs.sort(k, v, count, Order::ascending, Stability::unstable); }, {"mapped"},
        keys_only);
    expect_refused(
        "indices mapped", [&] { pairs.sort_indices(k, v, count); }, {"mapped"}, keys_only);
    glBindBuffer(GL_COPY_WRITE_BUFFER, v);
    glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    EXPECT_TRUE(watched.unchanged());

    // Host vectors of different sizes.
    auto host_keys = keys;
    std::vector<std::uint32_t> host_values(count - 1, 7);
    expect_refused(
        "host vectors of different sizes",
        [&] { pairs.sort(host_keys, host_values, Order::ascending, Stability::stable); },
        {std::to_string(count), std::to_string(count - 1), "one value per key"}, watched);
    EXPECT_TRUE(same_bits(host_keys, keys, "host keys"));
    EXPECT_EQ(host_values, std::vector<std::uint32_t>(count - 1, 7));
  }
}

TYPED_TEST(ContractErrors, NoCurrentContext) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  for (std::size_t count : {std::size_t{300}, contract_crossover + 300}) {
    SCOPED_TRACE(std::string(family_name(F)) + " count " + std::to_string(count));
    const auto keys = make_keys<Key>(Distribution::random, count, 8);
    const auto values = make_values(count, 8);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)), counts(Bytes(16, 0));
    Watched watched;
    watched.add(key_buffer);
    watched.add(value_buffer);
    const GLuint k = key_buffer.name(), v = value_buffer.name();
    auto host_keys = keys;
    auto host_values = values;
    auto& context = gl_context();
    context.release_current();
    const std::vector<std::pair<const char*, std::function<void()>>> calls = {
        {"construct keys", [] { SorterType<F, Key> sorter; }},
        {"construct pairs", [] { SorterType<F, Key, std::uint32_t> sorter; }},
        {"sort keys", [&] { keys_sorter.sort(k, count); }},
        {"sort pairs", [&] { pairs.sort(k, v, count, Order::ascending, Stability::unstable); }},
        {"sort pairs stable", [&] { pairs.sort(k, v, count, Order::ascending, Stability::stable); }},
        {"sort_range", [&] { keys_sorter.sort_range(k, 1, count - 1); }},
        {"sort_indirect", [&] { pairs.sort_indirect(k, v, counts.name(), 0, count); }},
        {"sort_indices", [&] { pairs.sort_indices(k, v, count); }},
        {"host keys", [&] { keys_sorter.sort(host_keys, Order::descending); }},
        {"host pairs",
         [&] { pairs.sort(host_keys, host_values, Order::descending, Stability::unstable); }},
    };
    std::vector<std::string> messages;
    for (const auto& call : calls) messages.push_back(gpusort_error_message(call.second));
    context.make_current();
    for (std::size_t i = 0; i < calls.size(); ++i) {
      EXPECT_THAT(messages[i], AllOf(HasSubstr("current"), HasSubstr("context"))) << calls[i].first;
    }
    EXPECT_TRUE(watched.unchanged());
    EXPECT_TRUE(same_bits(host_keys, keys, "host keys"));
    EXPECT_TRUE(same_bits(host_values, values, "host values"));
    EXPECT_TRUE(no_gl_error("calls without a current context"));
    // And the sorters still sort once the context is back.
    EXPECT_TRUE(contract_buffer_ok<Key>([&](GLuint kb, GLuint) { keys_sorter.sort(kb, count); }, keys, nullptr, 0,
                                        Order::ascending, Expect::stable, 9));
  }
}

// ---------------------------------------------------------------------------------------------
// GL state

template <class Case>
class ContractGlState : public GlTest {};
TYPED_TEST_SUITE(ContractGlState, ContractApiCases, ContractNames);

TYPED_TEST(ContractGlState, EveryEntryPointRestoresIt) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  GpuCountWriter writer;
  for (std::size_t count : {std::size_t{3001}, contract_crossover + 905}) {
    const auto keys = make_keys<Key>(Distribution::few_distinct, count, 12);
    const auto values = make_values(count, 12);
    GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)), counts(Bytes(16, 0));
    writer.write(counts.name(), 4, static_cast<std::uint32_t>(count - 100));
    const GLuint k = key_buffer.name(), v = value_buffer.name();
    std::vector<std::pair<std::string, std::function<void()>>> calls = {
        {"construct keys", [] { SorterType<F, Key> sorter; }},
        {"construct pairs", [] { SorterType<F, Key, std::uint32_t> sorter; }},
        {"sort keys", [&] { keys_sorter.sort(k, count, Order::descending); }},
        {"sort pairs", [&] { pairs.sort(k, v, count, Order::ascending, Stability::unstable); }},
        {"sort pairs stable", [&] { pairs.sort(k, v, count, Order::descending, Stability::stable); }},
        {"sort_range keys", [&] { keys_sorter.sort_range(k, 3, count - 5); }},
        {"sort_range pairs stable",
         [&] { pairs.sort_range(k, v, 5, count - 5, Order::ascending, Stability::stable); }},
        {"sort_indirect keys", [&] { keys_sorter.sort_indirect(k, counts.name(), 4, count); }},
        {"sort_indirect pairs", [&] { pairs.sort_indirect(k, v, counts.name(), 4, count, Order::descending); }},
        {"sort_indices", [&] { pairs.sort_indices(k, v, count); }},
        {"sort of 0 and 1",
         [&] {
           keys_sorter.sort(k, 0);
           pairs.sort(k, v, 1, Order::ascending, Stability::stable);
           pairs.sort_indices(k, v, 1);
         }},
        {"host keys",
         [&] {
           auto h = keys;
           keys_sorter.sort(h, Order::ascending);
         }},
        {"host pairs stable",
         [&] {
           auto h = keys;
           auto hv = values;
           pairs.sort(h, hv, Order::ascending, Stability::stable);
         }},
        {"refused sort",
         [&] {
           gpusort_error_message([&] { pairs.sort(k, 0, count, Order::ascending, Stability::unstable); });
         }},
        {"refused constructor",
         [] {
           gpusort_error_message([] {
             if constexpr (F == Family::bitonic) {
               gpusort::BitonicTuning t = test_tuning();
               t.extra_shader_source = "#error broken on purpose";
               gpusort::BitonicSorter<Key> sorter(t);
             } else if constexpr (F == Family::radix) {
               gpusort::RadixTuning t = radix_test_tuning();
               t.extra_shader_source = "#error broken on purpose";
               gpusort::RadixSorter<Key> sorter(t);
             } else {
               gpusort::SorterTuning t = contract_sorter_tuning(contract_crossover);
               t.radix.extra_shader_source = "#error broken on purpose";
               gpusort::Sorter<Key> sorter(t);
             }
           });
         }},
    };
    calls.push_back({"prepare", [&] { pairs.prepare(count, Stability::stable); }});
    calls.push_back({"reserve", [&] { pairs.reserve(count + 1); }});
    for (const auto& [what, call] : calls) {
      SCOPED_TRACE(std::string(family_name(F)) + " count " + std::to_string(count) + ": " + what);
      CallerBindings bindings;
      const CallerState before = CallerState::take();
      call();
      EXPECT_TRUE(same_state(before, CallerState::take()));
      EXPECT_TRUE(no_gl_error(what.c_str()));
    }
  }
}

// glDeleteProgram on the current program only flags it: the sort unbinds it, after which the
// name is dead and must not be bound again (GL_INVALID_VALUE); no program is what is left.
TYPED_TEST(ContractGlState, CurrentProgramDeletedBeforeTheSort) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  for (std::size_t count : {std::size_t{777}, contract_crossover + 77}) {
    SCOPED_TRACE(std::string(family_name(F)) + " count " + std::to_string(count));
    const GLuint program = build_empty_test_program();
    glUseProgram(program);
    glDeleteProgram(program);
    ASSERT_TRUE(no_gl_error("setup"));
    const auto keys = make_keys<Key>(Distribution::random, count, 25);
    EXPECT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint) { contract_sorter<F, Key>().sort(k, count); }, keys,
                                        nullptr, 0, Order::ascending, Expect::stable, 25));
    GLint current = -1;
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    EXPECT_EQ(current, 0);
  }
}

// ---------------------------------------------------------------------------------------------
// The front door

class ContractSorter : public GlTest {};

gpusort::SorterTuning crossover_tuning(std::size_t keys, std::size_t pairs, std::size_t stable, std::size_t wide) {
  gpusort::SorterTuning tuning = contract_sorter_tuning(0);
  tuning.radix_from.keys = keys;
  tuning.radix_from.pairs = pairs;
  tuning.radix_from.stable = stable;
  tuning.radix_from.wide_keys = wide;
  return tuning;
}

// Each call takes the field of its key width, values and stability: 32-bit keys alone `keys`,
// 32-bit pairs `pairs` (unstable) or `stable` (stable and sort_indices), 64-bit keys `wide_keys`.
TEST_F(ContractSorter, AlgorithmForFollowsTheCrossoverOfTheCall) {
  const auto tuning = crossover_tuning(1000, 2000, 3000, 4000);
  const auto check = [](const auto& sorter, std::size_t from, Stability stability, const char* what) {
    SCOPED_TRACE(what);
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, from - 1}) {
      EXPECT_EQ(sorter.algorithm_for(count, stability), Algorithm::bitonic) << count;
    }
    for (std::size_t count : {from, from + 1, std::size_t{1} << 24}) {
      EXPECT_EQ(sorter.algorithm_for(count, stability), Algorithm::radix) << count;
    }
  };
  gpusort::Sorter<float> keys(tuning);
  gpusort::Sorter<std::int32_t, std::uint32_t> pairs(tuning);
  gpusort::Sorter<double> wide(tuning);
  gpusort::Sorter<std::uint64_t, std::uint32_t> wide_pairs(tuning);
  check(keys, 1000, Stability::unstable, "32-bit keys");
  check(keys, 1000, Stability::stable, "32-bit keys, stable asked (keys alone have no stability)");
  check(pairs, 2000, Stability::unstable, "32-bit pairs");
  check(pairs, 3000, Stability::stable, "32-bit pairs, stable");
  check(wide, 4000, Stability::unstable, "64-bit keys");
  check(wide_pairs, 4000, Stability::unstable, "64-bit pairs");
  check(wide_pairs, 4000, Stability::stable, "64-bit pairs, stable");
  EXPECT_EQ(pairs.algorithm_for(2500), Algorithm::radix);
  EXPECT_EQ(pairs.algorithm_for(2500, Stability::stable), Algorithm::bitonic);
  const gpusort::Crossover& c = pairs.crossover();
  EXPECT_EQ(c.keys, 1000u);
  EXPECT_EQ(c.pairs, 2000u);
  EXPECT_EQ(c.stable, 3000u);
  EXPECT_EQ(c.wide_keys, 4000u);
  EXPECT_EQ(pairs.max_count(), std::min(pairs.bitonic().max_count(), pairs.radix().max_count()));
}

// Zero fields take the device's measured default (Crossover::for_device); others are kept.
TEST_F(ContractSorter, DefaultCrossoverIsTheDevicesMeasured) {
  const auto limits = gpusort::detail::query_device_limits();
  const gpusort::Crossover measured = gpusort::Crossover::for_device(limits.renderer, limits.software);
  gpusort::Sorter<std::uint32_t, std::uint32_t> defaults;
  EXPECT_EQ(defaults.crossover().keys, measured.keys);
  EXPECT_EQ(defaults.crossover().pairs, measured.pairs);
  EXPECT_EQ(defaults.crossover().stable, measured.stable);
  EXPECT_EQ(defaults.crossover().wide_keys, measured.wide_keys);
  EXPECT_EQ(defaults.algorithm_for(measured.pairs - 1), Algorithm::bitonic);
  EXPECT_EQ(defaults.algorithm_for(measured.pairs), Algorithm::radix);
  gpusort::Sorter<std::uint32_t, std::uint32_t> partial(crossover_tuning(0, 77, 0, 0));
  EXPECT_EQ(partial.crossover().pairs, 77u);
  EXPECT_EQ(partial.crossover().keys, measured.keys);
  EXPECT_EQ(partial.crossover().stable, measured.stable);
}

// With a crossover of 1024, counts on both sides run both algorithms, and both are right. The
// results show which ran: unstable pairs full of ties come out in the network's order below
// the crossover and in input order from it on (two orders that differ for these inputs); a
// keys-only sort allocates the radix sort's scratch only from the crossover on.
TEST_F(ContractSorter, BothSidesOfTheCrossoverRunTheirAlgorithm) {
  const auto tuning = contract_sorter_tuning(1024);
  gpusort::Sorter<std::uint32_t, std::uint32_t> pairs(tuning);
  gpusort::Sorter<double, std::uint32_t> wide_pairs(tuning);
  const auto run_pairs = [](auto& sorter, auto key) {
    using Key = decltype(key);
    for (std::size_t count :
         {std::size_t{700}, std::size_t{1023}, std::size_t{1024}, std::size_t{1025}, std::size_t{3000}}) {
      for (Order order : both_orders) {
        const auto seed = static_cast<std::uint32_t>(count);
        SCOPED_TRACE(case_name<Key>("Sorter, crossover 1024", count, order, Distribution::few_distinct, seed));
        const Algorithm algorithm = sorter.algorithm_for(count);
        EXPECT_EQ(algorithm, count < 1024 ? Algorithm::bitonic : Algorithm::radix);
        const auto keys = make_keys<Key>(Distribution::few_distinct, count, seed);
        const auto values = make_values(count, seed);
        // The two oracles must disagree for the result to tell the algorithms apart.
        auto stable_keys = keys, network_keys = keys;
        auto stable_values = values, network_values = values;
        radix_oracle(stable_keys, &stable_values, order);
        cpu_network_sort(network_keys, &network_values, order);
        ASSERT_NE(stable_values, network_values) << "an input that cannot tell the algorithms apart";
        const Expect expect = algorithm == Algorithm::radix ? Expect::stable : Expect::network;
        ASSERT_TRUE(contract_buffer_ok<Key>([&](GLuint k, GLuint v) { sorter.sort(k, v, count, order); }, keys, &values,
                                            0, order, expect, seed));
        // Stable sorts are std::stable_sort on both sides.
        ASSERT_TRUE(
            contract_buffer_ok<Key>([&](GLuint k, GLuint v) { sorter.sort(k, v, count, order, Stability::stable); },
                                    keys, &values, 0, order, Expect::stable, seed));
        auto host_keys = keys;
        auto host_values = values;
        sorter.sort(host_keys, host_values, order);
        ASSERT_TRUE(pairs_ok(keys, values, host_keys, host_values, order, expect)) << "host vectors";
      }
    }
  };
  run_pairs(pairs, std::uint32_t{});
  run_pairs(wide_pairs, double{});

  // Keys alone: below the crossover a sorter allocates nothing after its first network sort
  // (which places the fused passes' few bytes of counters where the driver runs fused passes),
  // the radix scratch from the crossover on.
  gpusort::Sorter<float> keys_sorter(tuning);
  const auto keys = make_keys<float>(Distribution::specials, 1024, 5);
  GlBuffer buffer(to_bytes(keys));
  {
    GlBuffer first(to_bytes(keys));
    keys_sorter.sort(first.name(), 2);
  }
  auto before = live_buffers();
  for (std::size_t count : {std::size_t{2}, std::size_t{700}, std::size_t{1023}}) {
    keys_sorter.sort(buffer.name(), count);
    EXPECT_TRUE(keys_ok(std::vector<float>(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(count)),
                        from_bytes<float>(buffer.read(), 0, count), Order::ascending));
    GlBuffer restore(to_bytes(keys));
    glBindBuffer(GL_COPY_READ_BUFFER, restore.name());
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffer.name());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(keys.size() * 4));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }
  EXPECT_TRUE(no_buffer_allocated(before, live_buffers())) << "the network allocated (or the radix sort ran) below the crossover";
  before = live_buffers();
  keys_sorter.sort(buffer.name(), 1024, Order::descending);
  EXPECT_FALSE(no_buffer_allocated(before, live_buffers())) << "no radix scratch allocated at the crossover: did the radix sort run?";
  EXPECT_TRUE(keys_ok(keys, from_bytes<float>(buffer.read(), 0, 1024), Order::descending));
  EXPECT_TRUE(no_gl_error("sorts on both sides of the crossover"));
}

// reserve(capacity): no GPU-buffer sort up to the capacity allocates afterwards, on either side
// of the crossover (the network's stable sorts, sort_indirect() and fused passes use scratch
// too, which reserve() allocates with the radix sort's).
TEST_F(ContractSorter, ReserveThenSortsUpToTheCapacityAllocateNothing) {
  const std::size_t capacity = 30000;
  gpusort::Sorter<std::uint32_t, std::uint32_t> sorter(contract_sorter_tuning(1024));
  const auto keys = make_keys<std::uint32_t>(Distribution::random, capacity, 6);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(make_values(capacity, 6)));
  GlBuffer counts(Bytes(16, 0));
  GpuCountWriter writer;
  writer.write(counts.name(), 0, 29000);
  const GLuint k = key_buffer.name(), v = value_buffer.name();
  sorter.reserve(capacity);
  const auto before = live_buffers();
  sorter.sort(k, v, capacity, Order::descending);
  sorter.sort(k, v, capacity - 1, Order::ascending, Stability::stable);
  sorter.sort(k, v, 1024);
  sorter.sort(k, v, 1023);  // the network, in place
  sorter.sort(k, v, 1000, Order::ascending, Stability::stable);  // the network, with its scratch
  sorter.sort_indirect(k, v, counts.name(), 0, 1000);             // the network's per-pass arguments
  sorter.sort_indices(k, v, 1000);
  sorter.sort(k, v, 17, Order::descending);
  sorter.sort_range(k, v, 3, capacity - 3);
  sorter.sort_range(k, v, 5, 1000, Order::descending);
  sorter.sort_indirect(k, v, counts.name(), 0, capacity);
  sorter.sort_indices(k, v, capacity);
  sorter.sort_indices(k, v, 1024);
  for (std::size_t count = 1; count < capacity; count = count * 3 + 1) sorter.sort(k, v, count);
  EXPECT_TRUE(no_buffer_allocated(before, live_buffers())) << "a sort after reserve() allocated or grew a buffer";
  EXPECT_TRUE(no_gl_error("sorts after reserve()"));
  // And they sorted: one last check of the whole buffer.
  sorter.sort(k, v, capacity, Order::descending);
  EXPECT_TRUE(keys_ok(keys, from_bytes<std::uint32_t>(key_buffer.read(), 0, capacity), Order::descending));
}

// Many Sorters of different types, crossovers and tunings, used interleaved; then moved.
TEST_F(ContractSorter, ManySortersInterleavedAndMoved) {
  const LiveObjects before = LiveObjects::probe();
  {
    std::vector<gpusort::Sorter<std::int32_t, std::uint32_t>> sorters;
    for (std::uint32_t i = 0; i < 5; ++i) {
      gpusort::SorterTuning tuning = contract_sorter_tuning(256u << i);
      tuning.radix.digit_bits = 4 + i;  // 4 .. 8 bits a pass: odd pass counts copy back
      tuning.radix.keys_per_invocation = 1 + i % 3;
      if (i % 2) tuning.bitonic.tile_size = 256;
      sorters.emplace_back(tuning);
    }
    gpusort::Sorter<double> wide(contract_sorter_tuning(2048));
    for (int round = 0; round < 2; ++round) {
      for (std::size_t i = 0; i < sorters.size(); ++i) {
        for (std::size_t count : {std::size_t{300} + i, std::size_t{2000} + 97 * i}) {
          const Order order = round ? Order::descending : Order::ascending;
          const auto seed = static_cast<std::uint32_t>(count * 10 + static_cast<std::size_t>(round));
          SCOPED_TRACE("sorter " + std::to_string(i) + " radix from " + std::to_string(sorters[i].crossover().pairs) +
                       " " + case_name<std::int32_t>("many sorters", count, order, Distribution::few_distinct, seed));
          const auto keys = make_keys<std::int32_t>(Distribution::few_distinct, count, seed);
          const auto values = make_values(count, seed);
          auto& sorter = sorters[i];
          ASSERT_TRUE(contract_buffer_ok<std::int32_t>(
              [&](GLuint kb, GLuint vb) { sorter.sort(kb, vb, count, order); }, keys, &values, 0, order,
              pair_expectation<Family::sorter>(sorter, count, Stability::unstable), seed));
          const auto wide_keys = make_keys<double>(Distribution::specials, count, seed);
          ASSERT_TRUE(contract_buffer_ok<double>([&](GLuint kb, GLuint) { wide.sort(kb, count, order); }, wide_keys,
                                                 nullptr, 0, order, Expect::stable, seed));
        }
      }
    }
    gpusort::Sorter<std::int32_t, std::uint32_t> moved(std::move(sorters[2]));
    sorters.clear();
    gpusort::Sorter<std::int32_t, std::uint32_t> assigned(contract_sorter_tuning(64));
    assigned = std::move(moved);
    for (std::size_t count : {std::size_t{1000}, std::size_t{5000}}) {
      const auto keys = make_keys<std::int32_t>(Distribution::random, count, 3);
      const auto values = make_values(count, 3);
      EXPECT_EQ(assigned.crossover().pairs, 1024u);
      EXPECT_TRUE(contract_buffer_ok<std::int32_t>(
          [&](GLuint kb, GLuint vb) { assigned.sort(kb, vb, count, Order::descending, Stability::stable); }, keys,
          &values, 0, Order::descending, Expect::stable, 3));
    }
  }
  const LiveObjects after = LiveObjects::probe();
  EXPECT_TRUE(after == before) << "the sorters left GL objects behind: before " << before.describe() << ", after "
                               << after.describe();
}

// A ProgramCache that only counts what it is asked (every program build asks it first, where
// the driver has binary formats).
class CountingCache : public gpusort::ProgramCache {
 public:
  bool load(const std::string& key, std::vector<std::uint8_t>&, std::uint32_t&) override {
    asked.push_back(key);
    return false;
  }
  void store(const std::string&, const std::vector<std::uint8_t>&, std::uint32_t) override {}
  std::vector<std::string> asked;
};

// prepare(count, stability) builds what a sort of `count` needs on the side of the crossover
// it falls on: the sorts afterwards build nothing.
TEST_F(ContractSorter, PrepareLeavesNothingToBuild) {
  CountingCache cache;
  gpusort::Sorter<float, std::uint32_t> pairs(contract_sorter_tuning(4096), &cache);
  gpusort::Sorter<double> wide(contract_sorter_tuning(4096), &cache);
  if (cache.asked.empty()) GTEST_SKIP() << "the driver offers no program binary formats: a cache is never asked";
  const std::size_t below = 3001, above = 5003;
  for (std::size_t count : {below, above}) {
    for (Stability stability : {Stability::unstable, Stability::stable}) pairs.prepare(count, stability);
    wide.prepare(count);
  }
  const std::size_t asked = cache.asked.size();
  const auto keys = make_keys<float>(Distribution::random, above, 4);
  const auto wide_keys = make_keys<double>(Distribution::random, above, 4);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(make_values(above, 4))), wide_buffer(to_bytes(wide_keys));
  for (std::size_t count : {below, above}) {
    pairs.sort(key_buffer.name(), value_buffer.name(), count, Order::descending);
    pairs.sort(key_buffer.name(), value_buffer.name(), count, Order::ascending, Stability::stable);
    pairs.sort_indices(key_buffer.name(), value_buffer.name(), count);
    wide.sort(wide_buffer.name(), count, Order::descending);
  }
  EXPECT_EQ(cache.asked.size(), asked) << "a sort after prepare() built " << cache.asked.back();
  EXPECT_TRUE(no_gl_error("sorts after prepare()"));
}

// RadixSorter::prepare(count, stability, bits): a BitRange of an odd number of digit passes needs
// the copy kernel, which the constructor builds only where the key's own passes are odd; after
// prepare() with that range, its sorts build nothing.
TEST_F(ContractSorter, RadixPrepareOfABitRangeLeavesNothingToBuild) {
  CountingCache cache;
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> sorter(radix_test_tuning(), &cache);
  if (cache.asked.empty()) GTEST_SKIP() << "the driver offers no program binary formats: a cache is never asked";
  const std::uint32_t digit_bits = sorter.tuning().digit_bits;
  const bool copy_built = (32 + digit_bits - 1) / digit_bits % 2 != 0;
  const gpusort::BitRange one_digit{0, digit_bits};
  const std::size_t before = cache.asked.size();
  sorter.prepare(3000, Stability::stable, one_digit);
  EXPECT_EQ(cache.asked.size(), before + (copy_built ? 0 : 1)) << "prepare() builds the copy kernel";
  const std::size_t prepared = cache.asked.size();
  const auto keys = make_keys<std::uint32_t>(Distribution::random, 3000, 5);
  const auto values = make_values(3000, 5);
  EXPECT_TRUE(radix_buffer_sort_ok(sorter, keys, &values, Order::ascending, one_digit));
  EXPECT_EQ(cache.asked.size(), prepared) << "a sort after prepare() built " << cache.asked.back();
}

// A Sorter in each of two contexts on one thread, used in turn: each context's sorter sorts
// its own buffers, on both sides of the crossover.
TEST_F(ContractSorter, SortsInEachOfTwoContexts) {
  auto& first = gl_context();
  auto first_sorter = std::make_unique<gpusort::Sorter<float, std::uint32_t>>(contract_sorter_tuning(1024));
  auto second = std::make_unique<gpusort_support::HeadlessContext>(test_context_options());
  if (gl_debug_requested()) install_gl_debug_checks();
  auto second_sorter = std::make_unique<gpusort::Sorter<float, std::uint32_t>>(contract_sorter_tuning(1024));
  for (int round = 0; round < 3; ++round) {
    for (int which = 0; which < 2; ++which) {
      (which == 0 ? first.make_current() : second->make_current());
      auto& sorter = which == 0 ? *first_sorter : *second_sorter;
      for (std::size_t count : {std::size_t{900} + 11 * static_cast<std::size_t>(round),
                                std::size_t{3000} + 7 * static_cast<std::size_t>(which)}) {
        const Order order = (round + which) % 2 ? Order::descending : Order::ascending;
        const auto seed = static_cast<std::uint32_t>(100 * round + 10 * which) + static_cast<std::uint32_t>(count);
        SCOPED_TRACE("context " + std::to_string(which) + " round " + std::to_string(round) + " " +
                     case_name<float>("two contexts", count, order, Distribution::few_distinct, seed));
        const auto keys = make_keys<float>(Distribution::few_distinct, count, seed);
        const auto values = make_values(count, seed);
        ASSERT_TRUE(contract_buffer_ok<float>(
            [&](GLuint k, GLuint v) { sorter.sort(k, v, count, order); }, keys, &values, 0, order,
            pair_expectation<Family::sorter>(sorter, count, Stability::unstable), seed));
        std::vector<std::uint32_t> indices(count);
        std::iota(indices.begin(), indices.end(), 0u);
        ASSERT_TRUE(contract_buffer_ok<float>([&](GLuint k, GLuint i) { sorter.sort_indices(k, i, count, order); },
                                              keys, &indices, 0, order, Expect::stable, seed));
      }
    }
  }
  // Each sorter goes while its own context is current.
  second->make_current();
  second_sorter.reset();
  EXPECT_TRUE(no_gl_error("the second context"));
  second.reset();
  first.make_current();
  first_sorter.reset();
}

}  // namespace
}  // namespace gpusort_test
