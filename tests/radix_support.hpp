#pragma once
// RadixSorter tests: key types (32- and 64-bit), seeded inputs, and the oracle, std::stable_sort
// by an order computed here independently of the library (totalOrder for floats), restricted
// to a BitRange's bits where one is given. Results are compared bit for bit, values included.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <typeindex>
#include <vector>

#include "gl_buffer.hpp"
#include "gl_session.hpp"
#include "key_inputs.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {

using RadixKeyTypes = ::testing::Types<std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t, double>;

template <class Key>
std::string radix_key_name() {
  if constexpr (std::is_same_v<Key, std::uint64_t>) return "uint64_t";
  if constexpr (std::is_same_v<Key, std::int64_t>) return "int64_t";
  if constexpr (std::is_same_v<Key, double>) return "double";
  return key_name<Key>();
}

struct RadixKeyNames {
  template <class Key>
  static std::string GetName(int) {
    return radix_key_name<Key>();
  }
};

// The tuning radix test sorters start from: real ballots unless GPUSORT_TEST_NO_SUBGROUPS.
inline gpusort::RadixTuning radix_test_tuning(gpusort::RadixTuning tuning = {}) {
  if (subgroups_forced_off()) tuning.use_subgroups = false;
  return tuning;
}

// The process's default RadixSorter for these types (built once, freed with the context).
template <class Key, class Value = void>
gpusort::RadixSorter<Key, Value>& radix_sorter() {
  using Sorter = gpusort::RadixSorter<Key, Value>;
  gl_context();
  std::shared_ptr<void>& slot = detail::sorter_slot(std::type_index(typeid(Sorter)));
  if (!slot) slot = std::make_shared<Sorter>(radix_test_tuning());
  return *static_cast<Sorter*>(slot.get());
}

// An unsigned rank whose natural order is the promised key order.
template <class Key>
BitsOf<Key> radix_rank(Key key) {
  using Bits = BitsOf<Key>;
  const Bits bits = bits_of(key);
  const Bits sign = Bits{1} << (sizeof(Key) * 8 - 1);
  if constexpr (std::is_floating_point_v<Key>) return (bits & sign) ? static_cast<Bits>(~bits) : (bits | sign);
  if constexpr (std::is_signed_v<Key>) return bits ^ sign;
  return bits;
}

// Bits [begin, end) of the rank (end 0: all), the sort key of a BitRange.
template <class Key>
BitsOf<Key> radix_sort_key(Key key, gpusort::BitRange range) {
  using Bits = BitsOf<Key>;
  const std::uint32_t width = sizeof(Key) * 8;
  const std::uint32_t end = range.end_bit == 0 ? width : range.end_bit;
  const Bits shifted = radix_rank(key) >> range.begin_bit;
  const std::uint32_t bits = end - range.begin_bit;
  return bits >= width ? shifted : static_cast<Bits>(shifted & ((Bits{1} << bits) - 1));
}

// std::stable_sort of the keys (and values with them); descending: stable with "greater".
template <class Key>
void radix_oracle(std::vector<Key>& keys, std::vector<std::uint32_t>* values, gpusort::Order order,
                  gpusort::BitRange range = {}) {
  std::vector<std::size_t> permutation(keys.size());
  std::iota(permutation.begin(), permutation.end(), std::size_t{0});
  std::stable_sort(permutation.begin(), permutation.end(), [&](std::size_t a, std::size_t b) {
    const auto ka = radix_sort_key(keys[a], range), kb = radix_sort_key(keys[b], range);
    return order == gpusort::Order::ascending ? ka < kb : ka > kb;
  });
  std::vector<Key> sorted(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) sorted[i] = keys[permutation[i]];
  keys = sorted;
  if (values) {
    std::vector<std::uint32_t> moved(values->size());
    for (std::size_t i = 0; i < values->size(); ++i) moved[i] = (*values)[permutation[i]];
    *values = moved;
  }
}

template <class T>
::testing::AssertionResult radix_same(const std::vector<T>& got, const std::vector<T>& want, const char* what) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << what << ": sizes differ";
  if (got.empty() || std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0) {
    return ::testing::AssertionSuccess();
  }
  auto failure = ::testing::AssertionFailure() << what << " differ from std::stable_sort's:";
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto a = bits_of(got[i]), b = bits_of(want[i]);
    if (a == b) continue;
    if (++mismatches <= 5) {
      failure << "\n  [" << i << "] got 0x" << std::hex << static_cast<unsigned long long>(a) << ", expected 0x"
              << static_cast<unsigned long long>(b) << std::dec;
    }
  }
  return failure << "\n  " << mismatches << " of " << got.size() << " differ";
}

enum class RadixInput { random, sorted, reversed, all_equal, few_distinct, specials };

inline const char* radix_input_name(RadixInput input) {
  switch (input) {
    case RadixInput::random: return "random";
    case RadixInput::sorted: return "sorted";
    case RadixInput::reversed: return "reversed";
    case RadixInput::all_equal: return "all_equal";
    case RadixInput::few_distinct: return "few_distinct";
    case RadixInput::specials: return "specials";
  }
  return "?";
}

// Keys that matter to a type: float and double specials (NaNs of both signs and payloads,
// +-0, +-inf, denormals), integer extremes.
template <class Key>
std::vector<Key> radix_special_keys() {
  if constexpr (std::is_same_v<Key, float>) {
    return special_floats();
  } else if constexpr (std::is_same_v<Key, double>) {
    std::vector<double> keys;
    for (std::uint64_t bits : {0x0ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                               0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull,
                               0xfff0000000000001ull, 0x7fffffffffffffffull, 0xffffffffffffffffull, 0x1ull,
                               0x8000000000000001ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                               0x3ff0000000000001ull, 0x7fefffffffffffffull, 0xffefffffffffffffull}) {
      keys.push_back(from_bits<double>(bits));
    }
    return keys;
  } else {
    using Limits = std::numeric_limits<Key>;
    return {Limits::min(), Limits::max(), Key(0), Key(1), static_cast<Key>(Limits::max() - 1),
            static_cast<Key>(Limits::min() + 1), static_cast<Key>(-1), Key(7)};
  }
}

template <class Key>
Key radix_random_key(std::mt19937& rng) {
  if constexpr (sizeof(Key) == 4) {
    return random_key<Key>(rng);
  } else {
    // Half the keys share one of a few high words, so that low words decide.
    const std::uint64_t high = (rng() & 1u) ? std::uint64_t{rng() % 4u} << 32 : std::uint64_t{rng()} << 32;
    const std::uint64_t bits = high | rng();
    if constexpr (std::is_same_v<Key, double>) {
      if (rng() % 4u == 0) return static_cast<double>(static_cast<std::int32_t>(rng() % 4001u) - 2000) * 0.25;
    }
    return from_bits<Key>(bits);
  }
}

template <class Key>
std::vector<Key> radix_keys(RadixInput input, std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Key> keys(count);
  std::vector<Key> pool = radix_special_keys<Key>();
  if (input == RadixInput::few_distinct) pool.resize(std::min<std::size_t>(pool.size(), 5));
  const Key same = radix_random_key<Key>(rng);
  for (auto& key : keys) {
    switch (input) {
      case RadixInput::all_equal: key = same; break;
      case RadixInput::few_distinct:
      case RadixInput::specials: key = pool[rng() % pool.size()]; break;
      default: key = radix_random_key<Key>(rng); break;
    }
  }
  if (input == RadixInput::sorted || input == RadixInput::reversed) {
    radix_oracle(keys, nullptr, input == RadixInput::sorted ? gpusort::Order::ascending : gpusort::Order::descending);
  }
  return keys;
}

// Unique values (the input index, scrambled), so that any misplaced value shows.
inline std::vector<std::uint32_t> radix_values(std::size_t count, std::uint32_t seed) {
  std::vector<std::uint32_t> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = static_cast<std::uint32_t>(i) ^ (seed << 21);
  return values;
}

// Sorts `keys` (and `values`) in GPU buffers with guard bytes after them, checks the guards,
// no GL error, and the result against the oracle.
template <class Key, class Sorter>
::testing::AssertionResult radix_buffer_sort_ok(Sorter& sorter, const std::vector<Key>& keys,
                                                const std::vector<std::uint32_t>* values, gpusort::Order order,
                                                gpusort::BitRange range = {}, std::uint32_t seed = 1) {
  const std::size_t count = keys.size();
  const Bytes key_guard = guard_pattern(guard_bytes, seed), value_guard = guard_pattern(guard_bytes + 4, seed + 1);
  GlBuffer key_buffer(concat(to_bytes(keys), key_guard));
  std::unique_ptr<GlBuffer> value_buffer;
  if (values) value_buffer = std::make_unique<GlBuffer>(concat(to_bytes(*values), value_guard));
  if constexpr (Sorter::has_values) {
    sorter.sort(key_buffer.name(), value_buffer->name(), count, order, range);
  } else {
    sorter.sort(key_buffer.name(), count, order, range);
  }
  if (auto gl = no_gl_error("RadixSorter::sort"); !gl) return gl;
  const Bytes key_bytes = key_buffer.read();
  if (auto ok = guard_intact(key_bytes, count * sizeof(Key), key_guard, "key"); !ok) return ok;
  std::vector<Key> want = keys;
  std::vector<std::uint32_t> want_values = values ? *values : std::vector<std::uint32_t>();
  radix_oracle(want, values ? &want_values : nullptr, order, range);
  if (auto ok = radix_same(from_bytes<Key>(key_bytes, 0, count), want, "keys"); !ok) return ok;
  if (!values) return ::testing::AssertionSuccess();
  const Bytes value_bytes = value_buffer->read();
  if (auto ok = guard_intact(value_bytes, count * 4, value_guard, "value"); !ok) return ok;
  return radix_same(from_bytes<std::uint32_t>(value_bytes, 0, count), want_values, "values");
}

template <class Key>
std::string radix_case(const char* what, std::size_t count, gpusort::Order order, RadixInput input,
                       std::uint32_t seed) {
  return std::string(what) + " key=" + radix_key_name<Key>() + " count=" + std::to_string(count) +
         " order=" + order_name(order) + " input=" + radix_input_name(input) + " seed=" + std::to_string(seed);
}

}  // namespace gpusort_test

namespace gpusort_test {

// A compute shader stores sort_indirect()'s count, as an emitter or culling pass would (no
// barrier after it: the sorter must issue the one it needs).
class RadixCountWriter {
 public:
  RadixCountWriter() {
    const std::string text = glsl_for_test_context(R"(#version 430 core
layout(local_size_x = 1) in;
layout(std430, binding = 5) buffer Counts { uint counts[]; };
layout(location = 0) uniform uint u_word;
layout(location = 1) uniform uint u_count;
void main() { counts[u_word] = u_count; }
)");
    const char* source = text.c_str();
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    program_ = glCreateProgram();
    glAttachShader(program_, shader);
    glLinkProgram(program_);
    glDeleteShader(shader);
  }
  ~RadixCountWriter() { glDeleteProgram(program_); }
  RadixCountWriter(const RadixCountWriter&) = delete;
  RadixCountWriter& operator=(const RadixCountWriter&) = delete;

  void write(GLuint buffer, std::size_t byte_offset, std::uint32_t count) {
    glUseProgram(program_);
    glUniform1ui(0, static_cast<GLuint>(byte_offset / 4));
    glUniform1ui(1, count);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, buffer);
    glDispatchCompute(1, 1, 1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, 0);
    glUseProgram(0);
  }

 private:
  GLuint program_ = 0;
};

// sort_indirect() of `keys` (and values) in buffers of `capacity` elements (plus guards),
// with the count written on the GPU: the first min(count, capacity) elements must equal the
// oracle's sort of them, and everything after stays as it was.
template <class Key, class Sorter>
::testing::AssertionResult radix_indirect_ok(Sorter& sorter, RadixCountWriter& writer, const std::vector<Key>& keys,
                                             const std::vector<std::uint32_t>* values, std::uint32_t gpu_count,
                                             gpusort::Order order) {
  const std::size_t capacity = keys.size();
  const std::size_t sorted = std::min<std::size_t>(gpu_count, capacity);
  const Bytes guard = guard_pattern(guard_bytes, gpu_count);
  GlBuffer key_buffer(concat(to_bytes(keys), guard));
  std::unique_ptr<GlBuffer> value_buffer;
  if (values) value_buffer = std::make_unique<GlBuffer>(concat(to_bytes(*values), guard));
  GlBuffer counts(Bytes(64, 0));
  writer.write(counts.name(), 36, gpu_count);
  if constexpr (Sorter::has_values) {
    sorter.sort_indirect(key_buffer.name(), value_buffer->name(), counts.name(), 36, capacity, order);
  } else {
    sorter.sort_indirect(key_buffer.name(), counts.name(), 36, capacity, order);
  }
  if (auto gl = no_gl_error("RadixSorter::sort_indirect"); !gl) return gl;
  std::vector<Key> want(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(sorted));
  std::vector<std::uint32_t> want_values;
  if (values) want_values.assign(values->begin(), values->begin() + static_cast<std::ptrdiff_t>(sorted));
  radix_oracle(want, values ? &want_values : nullptr, order);
  want.insert(want.end(), keys.begin() + static_cast<std::ptrdiff_t>(sorted), keys.end());
  const Bytes key_bytes = key_buffer.read();
  if (auto ok = guard_intact(key_bytes, capacity * sizeof(Key), guard, "key"); !ok) return ok;
  if (auto ok = radix_same(from_bytes<Key>(key_bytes, 0, capacity), want, "keys"); !ok) return ok;
  if (!values) return ::testing::AssertionSuccess();
  want_values.insert(want_values.end(), values->begin() + static_cast<std::ptrdiff_t>(sorted), values->end());
  return radix_same(from_bytes<std::uint32_t>(value_buffer->read(), 0, capacity), want_values, "values");
}

}  // namespace gpusort_test
