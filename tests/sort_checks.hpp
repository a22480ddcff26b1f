#pragma once
// One sort of one generated input, through either API, checked against the oracle.
// Each returns an AssertionResult so callers can stop a long loop at the first failure
// while SCOPED_TRACE names the case.

#include "error_capture.hpp"
#include "gl_buffer.hpp"
#include "key_inputs.hpp"

#include <gpusort/cpu_network.hpp>

#include <string>

namespace gpusort_test {

// The GL buffer and its byte helpers are the support library's, shared with the benchmark and
// the probes; the tests name them unqualified.
using gpusort_support::Bytes;
using gpusort_support::concat;
using gpusort_support::deleted_buffer_name;
using gpusort_support::from_bytes;
using gpusort_support::GlBuffer;
using gpusort_support::guard_pattern;
using gpusort_support::to_bytes;

inline ::testing::AssertionResult no_gl_error(const char* after) {
  const GLenum error = glGetError();
  if (error == GL_NO_ERROR) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "glGetError() = " << hex(error) << " after " << after;
}

// Bytes of guard appended after the sorted range of every test-made buffer. Not a
// multiple of 16 on purpose, so the buffer size is no power of two either.
constexpr std::size_t guard_bytes = 4 * 67;

template <class Key, class Sorter>
::testing::AssertionResult host_sort_ok(Sorter& sorter, const std::vector<Key>& input,
                                        gpusort::Order order) {
  auto keys = input;
  sorter.sort(keys, order);
  if (auto gl = no_gl_error("sort(std::vector&)"); !gl) return gl;
  return same_bits(keys, expected_sorted(input, order));
}

template <class Key, class Sorter>
::testing::AssertionResult host_sort_kv_ok(Sorter& sorter, const std::vector<Key>& input_keys,
                                           const std::vector<std::uint32_t>& input_values,
                                           gpusort::Order order) {
  auto keys = input_keys;
  auto values = input_values;
  sorter.sort(keys, values, order);
  if (auto gl = no_gl_error("sort(std::vector&, std::vector&)"); !gl) return gl;
  return sorted_pairs_ok(input_keys, input_values, keys, values, order);
}

inline ::testing::AssertionResult guard_intact(const Bytes& after, std::size_t sorted_bytes,
                                               const Bytes& guard, const char* which) {
  if (after.size() != sorted_bytes + guard.size()) {
    return ::testing::AssertionFailure() << which << " buffer changed size";
  }
  for (std::size_t i = 0; i < guard.size(); ++i) {
    if (after[sorted_bytes + i] != guard[i]) {
      return ::testing::AssertionFailure()
             << which << " buffer: guard byte " << i << " (buffer offset " << sorted_bytes + i
             << ") changed from " << int(guard[i]) << " to " << int(after[sorted_bytes + i]);
    }
  }
  return ::testing::AssertionSuccess();
}

template <class Key, class Sorter>
::testing::AssertionResult buffer_sort_ok(Sorter& sorter, const std::vector<Key>& input,
                                          gpusort::Order order, std::uint32_t seed) {
  const Bytes guard = guard_pattern(guard_bytes, seed);
  GlBuffer buffer(concat(to_bytes(input), guard));
  sorter.sort(buffer.name(), input.size(), order);
  if (auto gl = no_gl_error("sort(GLuint, count)"); !gl) return gl;
  const Bytes after = buffer.read();
  if (auto ok = guard_intact(after, input.size() * sizeof(Key), guard, "key"); !ok) return ok;
  return same_bits(from_bytes<Key>(after, 0, input.size()), expected_sorted(input, order));
}

template <class Key, class Sorter>
::testing::AssertionResult buffer_sort_kv_ok(Sorter& sorter, const std::vector<Key>& input_keys,
                                             const std::vector<std::uint32_t>& input_values,
                                             gpusort::Order order, std::uint32_t seed) {
  const Bytes key_guard = guard_pattern(guard_bytes, seed);
  const Bytes value_guard = guard_pattern(guard_bytes + 8, seed + 1);
  GlBuffer key_buffer(concat(to_bytes(input_keys), key_guard));
  GlBuffer value_buffer(concat(to_bytes(input_values), value_guard));
  const std::size_t count = input_keys.size();
  sorter.sort(key_buffer.name(), value_buffer.name(), count, order);
  if (auto gl = no_gl_error("sort(GLuint, GLuint, count)"); !gl) return gl;
  const Bytes keys_after = key_buffer.read();
  const Bytes values_after = value_buffer.read();
  if (auto ok = guard_intact(keys_after, count * sizeof(Key), key_guard, "key"); !ok) return ok;
  if (auto ok = guard_intact(values_after, count * 4, value_guard, "value"); !ok) return ok;
  return sorted_pairs_ok(input_keys, input_values, from_bytes<Key>(keys_after, 0, count),
                         from_bytes<std::uint32_t>(values_after, 0, count), order);
}

// Checks check(keys, order, seed, distribution) for every count, both orders and every distribution (loops
// nested in that order), the keys made with seed = seed_of(count, distribution), under a trace
// that names the case; stops at the first failure.
template <class Key, std::size_t N, class SeedOf, class Check>
void check_every_case(const char* what, const std::vector<std::size_t>& counts,
                      const Distribution (&distributions)[N], SeedOf seed_of, Check check) {
  for (std::size_t count : counts) {
    for (gpusort::Order order : both_orders) {
      for (Distribution distribution : distributions) {
        const auto seed = static_cast<std::uint32_t>(seed_of(count, distribution));
        SCOPED_TRACE(case_name<Key>(what, count, order, distribution, seed));
        ASSERT_TRUE(check(make_keys<Key>(distribution, count, seed), order, seed, distribution));
      }
    }
  }
}

// The network's oracle: gpusort::cpu::bitonic_sort runs the compare-exchange network a
// BitonicSorter runs, so it fixes the order of equal keys' values too. `values` may be null.
template <class Key>
void cpu_network_sort(std::vector<Key>& keys, std::vector<std::uint32_t>* values, gpusort::Order order) {
  if (values) {
    gpusort::cpu::bitonic_sort(keys, *values, order);
  } else {
    gpusort::cpu::bitonic_sort(keys, order);
  }
}

// "The GPU equals the CPU network": what the network sorted (`got_keys`, and `got_values` unless
// null) is the CPU network's result on the input, bit for bit, values included.
template <class Key>
::testing::AssertionResult matches_cpu_network(const std::vector<Key>& input_keys,
                                               const std::vector<std::uint32_t>* input_values,
                                               const std::vector<Key>& got_keys,
                                               const std::vector<std::uint32_t>* got_values, gpusort::Order order) {
  std::vector<Key> want_keys = input_keys;
  std::vector<std::uint32_t> want_values = input_values ? *input_values : std::vector<std::uint32_t>{};
  cpu_network_sort(want_keys, input_values ? &want_values : nullptr, order);
  if (auto ok = same_bits(got_keys, want_keys, "keys (vs the CPU network)"); !ok) return ok;
  if (!input_values) return ::testing::AssertionSuccess();
  if (!got_values) return ::testing::AssertionFailure() << "no values to compare with the CPU network's";
  return same_bits(*got_values, want_values, "values (vs the CPU network: the GPU ran another network)");
}

template <class Key>
::testing::AssertionResult matches_cpu_network(const std::vector<Key>& input_keys, const std::vector<Key>& got_keys,
                                               gpusort::Order order) {
  return matches_cpu_network<Key>(input_keys, nullptr, got_keys, nullptr, order);
}

template <class Key>
::testing::AssertionResult matches_cpu_network(const std::vector<Key>& input_keys,
                                               const std::vector<std::uint32_t>& input_values,
                                               const std::vector<Key>& got_keys,
                                               const std::vector<std::uint32_t>& got_values, gpusort::Order order) {
  return matches_cpu_network<Key>(input_keys, &input_values, got_keys, &got_values, order);
}

// A host-vector sort by `sorter` (a BitonicSorter, with values or without) of `keys` (and
// `values`), checked with matches_cpu_network.
template <class Key, class Sorter>
::testing::AssertionResult host_sort_matches_cpu_network(Sorter& sorter, const std::vector<Key>& keys,
                                                         gpusort::Order order) {
  auto got = keys;
  sorter.sort(got, order);
  if (auto gl = no_gl_error("sort(std::vector&)"); !gl) return gl;
  return matches_cpu_network(keys, got, order);
}

template <class Key, class Sorter>
::testing::AssertionResult host_sort_matches_cpu_network(Sorter& sorter, const std::vector<Key>& keys,
                                                         const std::vector<std::uint32_t>& values,
                                                         gpusort::Order order) {
  auto got_keys = keys;
  auto got_values = values;
  sorter.sort(got_keys, got_values, order);
  if (auto gl = no_gl_error("sort(std::vector&, std::vector&)"); !gl) return gl;
  return matches_cpu_network(keys, values, got_keys, got_values, order);
}

}  // namespace gpusort_test
