// The caller owns the memory: scratch_bytes(capacity[, stability]) says how much scratch every
// GPU-buffer sort of up to `capacity` needs, exactly (a range of that many bytes takes the
// sort that needs the most, one byte less refuses it, naming the bytes, before anything is
// written); after use_scratch() the sorter creates or resizes no buffer (gpusort's allocations
// are counted where it makes them, detail/gl/buffer.hpp) and touches no byte of the caller's
// buffer outside the range; release_scratch() frees what it allocated itself. The fused
// passes' counters, which live in the range between sorts, are checked under LP_NUM_THREADS=1
// (tests/sorter/scratch_fused_test.cpp).

#include <gmock/gmock.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "contract_support.hpp"
#include "count_writer.hpp"
#include "scratch_arena.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;
using ::testing::HasSubstr;

// The kinds of GPU-buffer sort whose scratch differs.
enum class Kind { keys, keys_indirect, pairs, pairs_stable, pairs_indirect, indices };
const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::keys: return "keys";
    case Kind::keys_indirect: return "keys sort_indirect";
    case Kind::pairs: return "pairs";
    case Kind::pairs_stable: return "stable pairs";
    case Kind::pairs_indirect: return "pairs sort_indirect";
    case Kind::indices: return "sort_indices";
  }
  return "?";
}

// What one sort came to: sorted (ok), or refused with `message` (and then nothing changed).
struct Outcome {
  std::string message;
  ::testing::AssertionResult ok = ::testing::AssertionSuccess();
};

// A sort of `kind` of `count` fresh elements (sort_indirect: capacity `count`, the GPU's count
// `count` too), checked against the oracle or, where it was refused, for unchanged buffers.
template <Family F, class Key>
Outcome sort_kind(SorterType<F, Key>& keys_sorter, SorterType<F, Key, std::uint32_t>& pairs, Kind kind,
                  std::size_t count, std::uint32_t seed) {
  const auto keys = make_keys<Key>(Distribution::few_distinct, count, seed);
  auto values = make_values(count, seed);
  GlBuffer key_buffer(to_bytes(keys)), value_buffer(to_bytes(values)), counts(Bytes(8, 0));
  GpuCountWriter writer;
  writer.write(counts.name(), 4, static_cast<std::uint32_t>(count));
  const GLuint k = key_buffer.name(), v = value_buffer.name();
  const Bytes counts_before = counts.read();
  Outcome outcome;
  outcome.message = gpusort_error_message([&] {
    switch (kind) {
      case Kind::keys: keys_sorter.sort(k, count, Order::descending); break;
      case Kind::keys_indirect: keys_sorter.sort_indirect(k, counts.name(), 4, count); break;
      case Kind::pairs: pairs.sort(k, v, count); break;
      case Kind::pairs_stable: pairs.sort(k, v, count, Order::ascending, Stability::stable); break;
      case Kind::pairs_indirect: pairs.sort_indirect(k, v, counts.name(), 4, count); break;
      case Kind::indices: pairs.sort_indices(k, v, count); break;
    }
  });
  if (auto gl = no_gl_error(kind_name(kind)); !gl) {
    outcome.ok = gl;
    return outcome;
  }
  const auto got_keys = from_bytes<Key>(key_buffer.read(), 0, count);
  const auto got_values = from_bytes<std::uint32_t>(value_buffer.read(), 0, count);
  if (!outcome.message.empty()) {
    outcome.ok = same_bits(got_keys, keys, "keys of a refused sort");
    if (outcome.ok) outcome.ok = same_bits(got_values, values, "values of a refused sort");
    return outcome;
  }
  const bool keys_only = kind == Kind::keys || kind == Kind::keys_indirect;
  if (keys_only) {
    outcome.ok = keys_ok(keys, got_keys, kind == Kind::keys ? Order::descending : Order::ascending);
  } else if (kind == Kind::indices) {
    std::iota(values.begin(), values.end(), 0u);
    outcome.ok = pairs_ok(keys, values, got_keys, got_values, Order::ascending, Expect::stable);
  } else {
    const Stability stability = kind == Kind::pairs_stable ? Stability::stable : Stability::unstable;
    outcome.ok = pairs_ok(keys, values, got_keys, got_values, Order::ascending,
                          pair_expectation<F>(pairs, count, stability));
  }
  return outcome;
}

// Each sorter gets a range of its own (the network keeps state at a range's start).
template <class S>
void use_arena(S& sorter, const ScratchArena& arena) {
  sorter.use_scratch(arena.buffer.name(), arena.offset, arena.bytes);
}

template <Family F>
std::vector<std::size_t> capacities() {
  if (F == Family::sorter) return {1000, contract_crossover - 1, contract_crossover + 1000};
  return {1000, 5000};
}

template <class Case>
class ScratchBytes : public ScratchTest<Case> {};
template <class Case>
class UseScratch : public ScratchTest<Case> {};
TYPED_TEST_SUITE(ScratchBytes, ContractSampleCases, ContractNames);
TYPED_TEST_SUITE(UseScratch, ContractSampleCases, ContractNames);

// For each capacity and stability: every kind of sort of `capacity` sorts in a range of exactly
// scratch_bytes(); in one byte less the one that needs the most is refused, naming the
// figure, and nothing changes; the sorter allocates nothing either way.
TYPED_TEST(ScratchBytes, IsExactForEveryKindOfSort) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  for (std::size_t capacity : capacities<F>()) {
    for (Stability stability : {Stability::unstable, Stability::stable}) {
      const bool stable = stability == Stability::stable;
      SCOPED_TRACE(std::string(family_name(F)) + " " + key_name<Key>() + " capacity " + std::to_string(capacity) +
                   (stable ? " stable" : ""));
      // One range serves both sorters here: a figure for each, the larger one given to both.
      const std::size_t keys_figure = keys_sorter.scratch_bytes(capacity, stability);
      const std::size_t pairs_figure = pairs.scratch_bytes(capacity, stability);
      EXPECT_EQ(keys_sorter.scratch_bytes(capacity, Stability::unstable), keys_sorter.scratch_bytes(capacity));
      EXPECT_GE(pairs.scratch_bytes(capacity, Stability::stable), pairs.scratch_bytes(capacity));
      std::vector<Kind> kinds = {Kind::pairs, Kind::pairs_indirect, Kind::indices};
      if (stable) kinds.push_back(Kind::pairs_stable);
      for (bool keys_alone : {true, false}) {
        const std::size_t figure = keys_alone ? keys_figure : pairs_figure;
        const std::vector<Kind> tried = keys_alone ? std::vector<Kind>{Kind::keys, Kind::keys_indirect} : kinds;
        ASSERT_GT(figure, 0u) << "every sort_indirect of this capacity needs scratch";
        for (std::size_t bytes : {figure, figure - 1}) {
          SCOPED_TRACE((keys_alone ? "keys sorter, " : "pairs sorter, ") + std::to_string(bytes) + " bytes of " +
                       std::to_string(figure));
          ScratchArena arena(bytes, static_cast<std::uint32_t>(capacity));
          if (keys_alone) {
            use_arena(keys_sorter, arena);
          } else {
            use_arena(pairs, arena);
          }
          const std::uint64_t allocated = allocations();
          std::size_t refused = 0;
          for (Kind kind : tried) {
            const Outcome outcome =
                sort_kind<F, Key>(keys_sorter, pairs, kind, capacity, static_cast<std::uint32_t>(capacity) + 3);
            EXPECT_TRUE(outcome.ok) << kind_name(kind);
            if (outcome.message.empty()) continue;
            ++refused;
            EXPECT_EQ(bytes, figure - 1) << kind_name(kind) << " was refused in a range of scratch_bytes(): "
                                         << outcome.message;
            EXPECT_THAT(outcome.message, AllOf(HasSubstr("needs " + std::to_string(figure) + " bytes"),
                                               HasSubstr("use_scratch"), HasSubstr("scratch_bytes")))
                << kind_name(kind);
          }
          if (bytes == figure - 1) {
            EXPECT_GE(refused, 1u) << "no sort needed all of scratch_bytes()";
          }
          // Smaller sorts of every kind fit the figure (and two elements anything).
          if (bytes == figure) {
            for (std::size_t count : {capacity / 3, std::size_t{2}}) {
              for (Kind kind : tried) {
                const Outcome outcome = sort_kind<F, Key>(keys_sorter, pairs, kind, count, 11);
                EXPECT_TRUE(outcome.ok) << kind_name(kind) << " of " << count;
                EXPECT_EQ(outcome.message, "") << kind_name(kind) << " of " << count;
              }
            }
          }
          EXPECT_EQ(allocations(), allocated) << "a sort allocated after use_scratch()";
          EXPECT_TRUE(arena.guards_intact());
        }
      }
    }
  }
}

// Before use_scratch() a first sort allocates (the count works); after it no call does, not
// reserve() either, and the caller's bytes outside the range stay; use_scratch(0, 0, 0) goes
// back to allocating; release_scratch() frees what the sorter allocated.
TYPED_TEST(UseScratch, AllocatesNothingAndTouchesNothingOutsideTheRange) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& keys_sorter = contract_sorter<F, Key>();
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t capacity = F == Family::sorter ? contract_crossover + 700 : 3000;
  const std::vector<Kind> kinds = {Kind::keys,           Kind::keys_indirect, Kind::pairs,
                                   Kind::pairs_stable,   Kind::pairs_indirect, Kind::indices};

  pairs.release_scratch();
  keys_sorter.release_scratch();
  std::uint64_t before = allocations();
  EXPECT_TRUE((sort_kind<F, Key>(keys_sorter, pairs, Kind::pairs_indirect, capacity, 1).ok));
  EXPECT_GT(allocations(), before) << "a sort after release_scratch() allocated nothing";

  ScratchArena keys_arena(keys_sorter.scratch_bytes(capacity), 21),
      arena(pairs.scratch_bytes(capacity, Stability::stable), 22);
  use_arena(keys_sorter, keys_arena);
  use_arena(pairs, arena);
  before = allocations();
  keys_sorter.reserve(capacity);
  pairs.reserve(capacity);
  for (std::size_t count : {capacity, capacity / 2 + 1, std::size_t{700}, std::size_t{1}}) {
    for (Kind kind : kinds) {
      const Outcome outcome = sort_kind<F, Key>(keys_sorter, pairs, kind, count, static_cast<std::uint32_t>(count));
      EXPECT_TRUE(outcome.ok) << kind_name(kind) << " of " << count;
      EXPECT_EQ(outcome.message, "") << kind_name(kind) << " of " << count;
    }
  }
  EXPECT_EQ(allocations(), before) << "a call allocated after use_scratch()";
  EXPECT_TRUE(keys_arena.guards_intact());
  EXPECT_TRUE(arena.guards_intact());
  // Host vectors are copied into buffers of the sorter's own (not scratch); the sort itself
  // still takes the range.
  auto host_keys = make_keys<Key>(Distribution::random, 900, 5);
  auto host_values = make_values(900, 5);
  const auto want_keys = host_keys;
  const auto want_values = host_values;
  pairs.sort(host_keys, host_values, Order::ascending, Stability::stable);
  EXPECT_TRUE(pairs_ok(want_keys, want_values, host_keys, host_values, Order::ascending, Expect::stable));
  EXPECT_TRUE(arena.guards_intact());

  // Back on its own scratch, a sort allocates again.
  keys_sorter.use_scratch(0, 0, 0);
  pairs.use_scratch(0, 0, 0);
  before = allocations();
  EXPECT_TRUE((sort_kind<F, Key>(keys_sorter, pairs, Kind::pairs_indirect, capacity, 2).ok));
  EXPECT_GT(allocations(), before);
}

// A range the sorter cannot take is refused, and so is a sort whose buffers overlap the range,
// or whose range buffer went away or is mapped; nothing changes.
TYPED_TEST(UseScratch, RefusesRangesItCannotTake) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& pairs = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t alignment = storage_alignment();
  const std::size_t count = 1500;
  const std::size_t bytes = pairs.scratch_bytes(count, Stability::stable);
  GlBuffer scratch(guard_pattern(bytes + 2 * alignment, 3));
  const Bytes scratch_before = scratch.read();
  const GLuint s = scratch.name();
  if (alignment > 4) {
    EXPECT_THAT(error_from([&] { pairs.use_scratch(s, 4, bytes); }),
                AllOf(HasSubstr("offset 4"), HasSubstr("GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT")));
  }
  EXPECT_THAT(error_from([&] { pairs.use_scratch(s, alignment, bytes + alignment + 1); }),
              HasSubstr("fewer than the range"));
  EXPECT_THAT(
      error_from([&] { pairs.use_scratch(s, std::numeric_limits<std::size_t>::max() / alignment * alignment, 8); }),
      HasSubstr("fewer than the range"));
  EXPECT_THAT(error_from([&] { pairs.use_scratch(987654, 0, bytes); }), HasSubstr("not a buffer"));
  EXPECT_THAT(error_from([&] { pairs.use_scratch(0, 0, 16); }), HasSubstr("use_scratch(0"));
  EXPECT_TRUE(no_gl_error("refused use_scratch() calls"));

  pairs.use_scratch(s, alignment, bytes);
  // Keys or values inside the range.
  const auto keys = make_keys<Key>(Distribution::random, count, 4);
  GlBuffer values(to_bytes(make_values(count, 4)));
  EXPECT_THAT(error_from([&] { pairs.sort({s, alignment}, values.name(), count / 8); }),
              AllOf(HasSubstr("use_scratch() range"), HasSubstr("overlap")));
  EXPECT_THAT(error_from([&] { pairs.sort_indices(values.name(), {s, alignment + bytes - 8}, 2); }),
              AllOf(HasSubstr("use_scratch() range"), HasSubstr("overlap")));
  // The range's buffer mapped.
  glBindBuffer(GL_COPY_WRITE_BUFFER, s);
  ASSERT_NE(glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 16, GL_MAP_READ_BIT), nullptr);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  GlBuffer key_buffer(to_bytes(keys));
  EXPECT_THAT(error_from([&] { pairs.sort(key_buffer.name(), values.name(), count); }), HasSubstr("mapped"));
  glBindBuffer(GL_COPY_WRITE_BUFFER, s);
  glUnmapBuffer(GL_COPY_WRITE_BUFFER);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  EXPECT_TRUE(no_gl_error("refused sorts"));
  EXPECT_TRUE(scratch.read() == scratch_before) << "a refused call wrote into the caller's buffer";
  EXPECT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, count), keys, "keys of a refused sort"));

  // The range's buffer deleted: refused, not bound.
  {
    GlBuffer doomed(Bytes(bytes + alignment, 0));
    pairs.use_scratch(doomed.name(), 0, bytes);
  }
  EXPECT_THAT(error_from([&] { pairs.sort(key_buffer.name(), values.name(), count); }), HasSubstr("not a buffer"));
  EXPECT_TRUE(no_gl_error("a sort whose range buffer was deleted"));
  EXPECT_TRUE(same_bits(from_bytes<Key>(key_buffer.read(), 0, count), keys, "keys of a refused sort"));
}

}  // namespace
}  // namespace gpusort_test
