#pragma once
// The contract the three public sorters share (BitonicSorter, RadixSorter and the front door
// Sorter), whose calls are one set (include/gpusort/sort_calls.hpp), so that every
// typed test calls every family the same way:
// - ContractCase<Family, Key>: the typed-test parameter, named "bitonic_float", "radix_int64_t", ...
// - contract_sorter<Family, Key, Value>(): the process's sorter of that family (test tunings;
//   the Sorter with a crossover of contract_crossover, so that the edge sizes cross it);
// - pair_expectation(): what a key-value result must equal: std::stable_sort exactly (every
//   radix sort, every Stability::stable sort and sort_indices() of any family), or for the
//   network's unstable sorts gpusort::cpu::bitonic_sort exactly where that oracle is cheap, and
//   otherwise a permutation that keeps every value with its key;
// - contract_buffer_ok() / contract_indirect_ok() / contract_indices_ok(): a sort in GPU buffers
//   with guard words before (sort_range's `first`) and after the elements, read back and checked.
// Inputs and oracles come from radix_support.hpp (every key type, specials, std::stable_sort by
// totalOrder) and sort_checks.hpp.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <numeric>
#include <string>
#include <typeindex>
#include <utility>
#include <vector>

#include <gmock/gmock.h>

#include "gl_buffer.hpp"
#include "gl_session.hpp"
#include "radix_support.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {

enum class Family { bitonic, radix, sorter };

inline const char* family_name(Family family) {
  switch (family) {
    case Family::bitonic:
      return "bitonic";
    case Family::radix:
      return "radix";
    case Family::sorter:
      return "sorter";
  }
  return "?";
}

template <Family F, class K>
struct ContractCase {
  static constexpr Family family = F;
  using Key = K;
};

// Every family with each of `Keys`.
template <class... Keys>
using OverEveryFamily = ::testing::Types<ContractCase<Family::bitonic, Keys>..., ContractCase<Family::radix, Keys>...,
                                         ContractCase<Family::sorter, Keys>...>;

// Every family with every key type.
using EveryContractCase =
    ::testing::Types<ContractCase<Family::bitonic, std::uint32_t>, ContractCase<Family::bitonic, std::int32_t>,
                     ContractCase<Family::bitonic, float>, ContractCase<Family::bitonic, std::uint64_t>,
                     ContractCase<Family::bitonic, std::int64_t>, ContractCase<Family::bitonic, double>,
                     ContractCase<Family::radix, std::uint32_t>, ContractCase<Family::radix, std::int32_t>,
                     ContractCase<Family::radix, float>, ContractCase<Family::radix, std::uint64_t>,
                     ContractCase<Family::radix, std::int64_t>, ContractCase<Family::radix, double>,
                     ContractCase<Family::sorter, std::uint32_t>, ContractCase<Family::sorter, std::int32_t>,
                     ContractCase<Family::sorter, float>, ContractCase<Family::sorter, std::uint64_t>,
                     ContractCase<Family::sorter, std::int64_t>, ContractCase<Family::sorter, double>>;

// Each family with a 32-bit and a 64-bit key (all three key kinds among them): the suites that
// run every entry point of a case (buffer views, caller scratch).
using ContractSampleCases =
    ::testing::Types<ContractCase<Family::bitonic, std::uint32_t>, ContractCase<Family::bitonic, double>,
                     ContractCase<Family::radix, std::uint32_t>, ContractCase<Family::radix, double>,
                     ContractCase<Family::sorter, float>, ContractCase<Family::sorter, std::int64_t>>;

struct ContractNames {
  template <class Case>
  static std::string GetName(int) {
    return std::string(family_name(Case::family)) + "_" + key_name<typename Case::Key>();
  }
};

template <Family F, class Key, class Value>
struct SorterOf;
template <class Key, class Value>
struct SorterOf<Family::bitonic, Key, Value> {
  using type = gpusort::BitonicSorter<Key, Value>;
};
template <class Key, class Value>
struct SorterOf<Family::radix, Key, Value> {
  using type = gpusort::RadixSorter<Key, Value>;
};
template <class Key, class Value>
struct SorterOf<Family::sorter, Key, Value> {
  using type = gpusort::Sorter<Key, Value>;
};
template <Family F, class Key, class Value = void>
using SorterType = typename SorterOf<F, Key, Value>::type;

// The typed tests' Sorter takes the radix sort from 4096 elements on (every field), so that
// the edge sizes 4095 | 4096, 4097 fall on both sides of the crossover.
constexpr std::size_t contract_crossover = 4096;

inline gpusort::SorterTuning contract_sorter_tuning(std::size_t radix_from) {
  gpusort::SorterTuning tuning;
  tuning.radix_from.keys = tuning.radix_from.pairs = tuning.radix_from.stable = tuning.radix_from.wide_keys =
      radix_from;
  tuning.bitonic = test_tuning();
  tuning.radix = radix_test_tuning();
  return tuning;
}

// The tuning contract_sorter<F, ...>() builds its sorters with.
template <Family F>
auto contract_tuning() {
  if constexpr (F == Family::bitonic) {
    return test_tuning();
  } else if constexpr (F == Family::radix) {
    return radix_test_tuning();
  } else {
    return contract_sorter_tuning(contract_crossover);
  }
}

template <class Key, class Value>
struct ContractSorterSlot {};

template <Family F, class Key, class Value = void>
SorterType<F, Key, Value>& contract_sorter() {
  if constexpr (F == Family::bitonic) {
    return cached_sorter<Key, Value>();
  } else if constexpr (F == Family::radix) {
    return radix_sorter<Key, Value>();
  } else {
    using Sorter = gpusort::Sorter<Key, Value>;
    gl_context();
    std::shared_ptr<void>& slot = detail::sorter_slot(std::type_index(typeid(ContractSorterSlot<Key, Value>)));
    if (!slot) slot = std::make_shared<Sorter>(contract_sorter_tuning(contract_crossover), nullptr, test_device_facts());
    return *static_cast<Sorter*>(slot.get());
  }
}

// The size a family cuts its sorts into, for counts around it: the network's tile, the radix
// sort's tile; the typed Sorter's network tile (it runs the network below contract_crossover).
template <Family F, class S>
std::size_t tile_of(S& sorter) {
  if constexpr (F == Family::bitonic) {
    return sorter.tuning().tile_size;
  } else if constexpr (F == Family::radix) {
    return sorter.tile_size();
  } else {
    return sorter.bitonic().tuning().tile_size;
  }
}

// A case's trace: the family, then case_name's description.
template <class Key>
std::string contract_case(Family family, const char* what, std::size_t count, gpusort::Order order,
                          Distribution input, std::uint32_t seed) {
  return std::string(family_name(family)) + " " + case_name<Key>(what, count, order, input, seed);
}

// What a key-value result must equal.
enum class Expect {
  stable,       // std::stable_sort, values included, exactly
  network,      // gpusort::cpu::bitonic_sort, values included, exactly
  permutation,  // keys as std::sort; the (key, value) pairs a permutation of the input's
};

inline const char* expect_name(Expect expect) {
  switch (expect) {
    case Expect::stable:
      return "std::stable_sort";
    case Expect::network:
      return "cpu::bitonic_sort";
    case Expect::permutation:
      return "a permutation keeping values with their keys";
  }
  return "?";
}

// The CPU network costs O(n log^2 n) on the host: above this many elements an unstable
// network result is checked as a permutation instead (the GPU network is checked against it
// exactly by gpu_matches_cpu and the fuzzer).
constexpr std::size_t network_oracle_limit = 70000;

// Which algorithm a sort of `count` runs (sort_indirect: `capacity`).
template <Family F, class S>
gpusort::Algorithm algorithm_of(const S& sorter, std::size_t count, gpusort::Stability stability) {
  if constexpr (F == Family::bitonic) {
    (void)sorter, (void)count, (void)stability;
    return gpusort::Algorithm::bitonic;
  } else if constexpr (F == Family::radix) {
    (void)sorter, (void)count, (void)stability;
    return gpusort::Algorithm::radix;
  } else {
    return sorter.algorithm_for(count, stability);
  }
}

template <Family F, class S>
Expect pair_expectation(const S& sorter, std::size_t count, gpusort::Stability stability) {
  if (algorithm_of<F>(sorter, count, stability) == gpusort::Algorithm::radix) return Expect::stable;
  if (stability == gpusort::Stability::stable) return Expect::stable;
  return count <= network_oracle_limit ? Expect::network : Expect::permutation;
}

// Keys as std::sort orders them: totalOrder for floats and doubles (an independent rank,
// radix_support.hpp), the natural order otherwise; descending the reverse.
template <class Key>
std::vector<Key> keys_oracle(std::vector<Key> keys, gpusort::Order order) {
  std::sort(keys.begin(), keys.end(), [](Key a, Key b) { return order_rank(a) < order_rank(b); });
  if (order == gpusort::Order::descending) std::reverse(keys.begin(), keys.end());
  return keys;
}

template <class Key>
::testing::AssertionResult keys_ok(const std::vector<Key>& input, const std::vector<Key>& got, gpusort::Order order) {
  return same_bits(got, keys_oracle(input, order), "keys (vs std::sort)");
}

template <class Key>
::testing::AssertionResult pairs_ok(const std::vector<Key>& input_keys, const std::vector<std::uint32_t>& input_values,
                                    const std::vector<Key>& keys, const std::vector<std::uint32_t>& values,
                                    gpusort::Order order, Expect expect) {
  if (auto ok = keys_ok(input_keys, keys, order); !ok) return ok << "\n  (a key-value sort)";
  if (values.size() != keys.size()) return ::testing::AssertionFailure() << "sizes of keys and values differ";
  switch (expect) {
    case Expect::stable: {
      std::vector<Key> want_keys = input_keys;
      std::vector<std::uint32_t> want_values = input_values;
      radix_oracle(want_keys, &want_values, order);
      return same_bits(values, want_values, "values (vs std::stable_sort)");
    }
    case Expect::network: {
      return matches_cpu_network(input_keys, input_values, keys, values, order);
    }
    case Expect::permutation: {
      using Pair = std::pair<std::uint64_t, std::uint32_t>;
      std::vector<Pair> before(keys.size()), after(keys.size());
      for (std::size_t i = 0; i < keys.size(); ++i) {
        before[i] = {bits_of(input_keys[i]), input_values[i]};
        after[i] = {bits_of(keys[i]), values[i]};
      }
      std::sort(before.begin(), before.end());
      std::sort(after.begin(), after.end());
      if (before == after) return ::testing::AssertionSuccess();
      std::size_t first = 0;
      while (before[first] == after[first]) ++first;
      return ::testing::AssertionFailure()
             << "the multiset of (key, value) pairs changed; first difference at " << first << " in canonical order";
    }
  }
  return ::testing::AssertionFailure() << "unknown expectation";
}

// A sort by `range` (not BitRange{}): keys and values, where there are any, exactly
// std::stable_sort's by those bits (radix_oracle), whichever algorithm ran it.
template <class Key>
::testing::AssertionResult by_bits_ok(const std::vector<Key>& input_keys, const std::vector<std::uint32_t>* input_values,
                                      const std::vector<Key>& keys, const std::vector<std::uint32_t>* values,
                                      gpusort::Order order, gpusort::BitRange range) {
  std::vector<Key> want_keys = input_keys;
  std::vector<std::uint32_t> want_values = input_values ? *input_values : std::vector<std::uint32_t>();
  radix_oracle(want_keys, input_values ? &want_values : nullptr, order, range);
  const std::string by = " (vs std::stable_sort by BitRange{" + std::to_string(range.begin_bit) + ", " +
                         std::to_string(range.end_bit) + "})";
  if (auto ok = same_bits(keys, want_keys, ("keys" + by).c_str()); !ok) return ok;
  if (!values) return ::testing::AssertionSuccess();
  return same_bits(*values, want_values, ("values" + by).c_str());
}

// Buffers of [lead | elements | tail] with seeded guard bytes around the elements: `lead` is
// `first` elements' worth (sort_range), the tail an odd number of words.
struct GuardedBuffer {
  GuardedBuffer(const Bytes& elements, std::size_t lead_bytes, std::uint32_t seed)
      : lead(guard_pattern(lead_bytes, seed ^ 0x5a5a5a5au)),
        tail(guard_pattern(guard_bytes, seed + 17)),
        element_bytes(elements.size()),
        buffer(concat(concat(lead, elements), tail)) {}

  // The elements after the sort; "" or what went wrong with the guards in `problem`.
  Bytes elements(std::string& problem, const char* which) const {
    const Bytes all = buffer.read();
    if (all.size() != lead.size() + element_bytes + tail.size()) {
      problem = std::string(which) + " buffer changed size";
      return {};
    }
    for (std::size_t i = 0; i < lead.size(); ++i) {
      if (all[i] != lead[i]) {
        problem = std::string(which) + " buffer: guard byte " + std::to_string(i) + " before the range changed";
        return {};
      }
    }
    if (auto ok = guard_intact(Bytes(all.begin() + static_cast<std::ptrdiff_t>(lead.size()), all.end()), element_bytes,
                               tail, which);
        !ok) {
      problem = ok.message();
      return {};
    }
    return Bytes(all.begin() + static_cast<std::ptrdiff_t>(lead.size()),
                 all.begin() + static_cast<std::ptrdiff_t>(lead.size() + element_bytes));
  }

  Bytes lead, tail;
  std::size_t element_bytes;
  GlBuffer buffer;
};

// Runs `sort(keys_buffer, values_buffer)` on guarded copies of the input (values_buffer 0
// without values) and checks guards, GL errors and the result. `first`: elements before the
// range (what sort_range gets as `first`). `bits`: the sort's BitRange (by_bits_ok(); `expect`
// is then unused).
template <class Key>
::testing::AssertionResult contract_buffer_ok(const std::function<void(GLuint, GLuint)>& sort,
                                              const std::vector<Key>& keys, const std::vector<std::uint32_t>* values,
                                              std::size_t first, gpusort::Order order, Expect expect,
                                              std::uint32_t seed, gpusort::BitRange bits = {}) {
  GuardedBuffer key_buffer(to_bytes(keys), first * sizeof(Key), seed);
  std::unique_ptr<GuardedBuffer> value_buffer;
  if (values) value_buffer = std::make_unique<GuardedBuffer>(to_bytes(*values), first * 4, seed + 1);
  sort(key_buffer.buffer.name(), value_buffer ? value_buffer->buffer.name() : 0);
  if (auto gl = no_gl_error("the sort"); !gl) return gl;
  std::string problem;
  const Bytes key_bytes = key_buffer.elements(problem, "key");
  if (!problem.empty()) return ::testing::AssertionFailure() << problem;
  const auto got_keys = from_bytes<Key>(key_bytes, 0, keys.size());
  const bool by_bits = bits.begin_bit != 0 || bits.end_bit != 0;
  if (!values) return by_bits ? by_bits_ok(keys, nullptr, got_keys, nullptr, order, bits) : keys_ok(keys, got_keys, order);
  const Bytes value_bytes = value_buffer->elements(problem, "value");
  if (!problem.empty()) return ::testing::AssertionFailure() << problem;
  if (by_bits) {
    const auto got_values = from_bytes<std::uint32_t>(value_bytes, 0, keys.size());
    return by_bits_ok(keys, values, got_keys, &got_values, order, bits);
  }
  return pairs_ok(keys, *values, got_keys, from_bytes<std::uint32_t>(value_bytes, 0, keys.size()), order, expect)
         << "\n  expected " << expect_name(expect);
}

// sort_indices() of `keys` into an indices buffer of garbage, both guarded: the keys sorted and
// the indices the stable argsort, exactly.
template <class Key, class Sorter>
::testing::AssertionResult contract_indices_ok(Sorter& sorter, const std::vector<Key>& keys, gpusort::Order order,
                                               std::uint32_t seed) {
  const std::size_t count = keys.size();
  std::vector<std::uint32_t> identity(count);
  std::iota(identity.begin(), identity.end(), 0u);
  GuardedBuffer key_buffer(to_bytes(keys), 0, seed);
  GuardedBuffer index_buffer(guard_pattern(count * 4, seed + 3), 0, seed + 1);  // garbage in
  sorter.sort_indices(key_buffer.buffer.name(), index_buffer.buffer.name(), count, order);
  if (auto gl = no_gl_error("sort_indices"); !gl) return gl;
  std::string problem;
  const auto got_keys = from_bytes<Key>(key_buffer.elements(problem, "key"), 0, problem.empty() ? count : 0);
  if (!problem.empty()) return ::testing::AssertionFailure() << problem;
  const auto got_indices =
      from_bytes<std::uint32_t>(index_buffer.elements(problem, "index"), 0, problem.empty() ? count : 0);
  if (!problem.empty()) return ::testing::AssertionFailure() << problem;
  return pairs_ok(keys, identity, got_keys, got_indices, order, Expect::stable);
}

// `call` must be refused with a message that says `substring`, leaving the keys in `buffer`
// (`keys` before the call) as they were and no GL error pending.
template <class Key, class Call>
void expect_refused_unchanged(const char* what, const char* substring, const GlBuffer& buffer,
                              const std::vector<Key>& keys, Call&& call) {
  SCOPED_TRACE(what);
  EXPECT_THAT(gpusort_error_message(std::forward<Call>(call)), ::testing::HasSubstr(substring));
  EXPECT_TRUE(same_bits(from_bytes<Key>(buffer.read(), 0, keys.size()), keys));
  EXPECT_TRUE(no_gl_error(what));
}

// How sort_indirect()'s count gets into its buffer: a compute shader's store (as an emitter
// would write it) or glBufferSubData.
enum class CountFrom { shader, buffer_sub_data };

// sort_indirect() of `keys` (capacity = keys.size()) with `gpu_count` in a separate count
// buffer of guard bytes at byte `offset` (20 unless given): the first min(gpu_count, capacity)
// elements sorted, the rest and the guards unchanged. `expect` is for the sorted prefix; `bits`:
// the sort's BitRange, as in contract_buffer_ok().
template <class Key>
::testing::AssertionResult contract_indirect_ok(const std::function<void(GLuint, GLuint, GLuint, std::size_t)>& sort,
                                                GpuCountWriter& writer, CountFrom from, const std::vector<Key>& keys,
                                                const std::vector<std::uint32_t>* values, std::uint32_t gpu_count,
                                                gpusort::Order order, Expect expect, std::uint32_t seed,
                                                std::size_t offset = 20, gpusort::BitRange bits = {}) {
  const std::size_t capacity = keys.size();
  const std::size_t sorted = std::min<std::size_t>(gpu_count, capacity);
  GuardedBuffer key_buffer(to_bytes(keys), 0, seed);
  std::unique_ptr<GuardedBuffer> value_buffer;
  if (values) value_buffer = std::make_unique<GuardedBuffer>(to_bytes(*values), 0, seed + 1);
  GlBuffer counts(guard_pattern(std::max<std::size_t>(32, offset + 12), seed + 2));
  if (from == CountFrom::shader) {
    writer.write(counts.name(), offset, gpu_count);
  } else {
    GLint previous = 0;
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &previous);
    glBindBuffer(GL_COPY_WRITE_BUFFER, counts.name());
    glBufferSubData(GL_COPY_WRITE_BUFFER, offset, 4, &gpu_count);
    glBindBuffer(GL_COPY_WRITE_BUFFER, static_cast<GLuint>(previous));
  }
  sort(key_buffer.buffer.name(), value_buffer ? value_buffer->buffer.name() : 0, counts.name(), offset);
  if (auto gl = no_gl_error("sort_indirect"); !gl) return gl;
  std::string problem;
  const auto got_keys = from_bytes<Key>(key_buffer.elements(problem, "key"), 0, problem.empty() ? capacity : 0);
  if (!problem.empty()) return ::testing::AssertionFailure() << problem;
  const auto head = [sorted](const auto& all) {
    return std::vector<typename std::decay_t<decltype(all)>::value_type>(
        all.begin(), all.begin() + static_cast<std::ptrdiff_t>(sorted));
  };
  const auto rest = [sorted](const auto& all) {
    return std::vector<typename std::decay_t<decltype(all)>::value_type>(
        all.begin() + static_cast<std::ptrdiff_t>(sorted), all.end());
  };
  if (auto ok = same_bits(rest(got_keys), rest(keys), "keys past the GPU count"); !ok) return ok;
  const bool by_bits = bits.begin_bit != 0 || bits.end_bit != 0;
  if (!values) {
    return by_bits ? by_bits_ok(head(keys), nullptr, head(got_keys), nullptr, order, bits)
                   : keys_ok(head(keys), head(got_keys), order);
  }
  const auto got_values =
      from_bytes<std::uint32_t>(value_buffer->elements(problem, "value"), 0, problem.empty() ? capacity : 0);
  if (!problem.empty()) return ::testing::AssertionFailure() << problem;
  if (auto ok = same_bits(rest(got_values), rest(*values), "values past the GPU count"); !ok) return ok;
  if (by_bits) {
    const auto want_values = head(*values), sorted_values = head(got_values);
    return by_bits_ok(head(keys), &want_values, head(got_keys), &sorted_values, order, bits);
  }
  return pairs_ok(head(keys), head(*values), head(got_keys), head(got_values), order, expect)
         << "\n  expected " << expect_name(expect);
}

}  // namespace gpusort_test
