#include "bench_data.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <string>

#include <gpusort/detail/generated/shader_interface.hpp>

namespace gpusort_bench {
namespace {

std::vector<std::uint32_t> random_words(KeyKind kind, std::size_t count) {
  // Fixed seed per size: reruns and other machines sort the same inputs.
  std::mt19937_64 engine(0x9e3779b97f4a7c15ULL ^ count);
  const std::size_t word_count = count * words_per_key(kind);
  std::vector<std::uint32_t> words(word_count);
  if (kind != KeyKind::f32) {  // uniform bit patterns, int32 of both signs alike
    for (std::size_t i = 0; i < word_count; i += 2) {
      const std::uint64_t bits = engine();
      words[i] = static_cast<std::uint32_t>(bits);
      if (i + 1 < word_count) words[i + 1] = static_cast<std::uint32_t>(bits >> 32);
    }
  } else {
    // Finite values of both signs across many exponents; NaNs would make
    // std::sort's comparison meaningless for the CPU baseline.
    std::uniform_real_distribution<float> mantissa(-1.0f, 1.0f);
    std::uniform_int_distribution<int> exponent(-40, 40);
    for (std::size_t i = 0; i < count; ++i) {
      const float value = std::ldexp(mantissa(engine), exponent(engine));
      std::memcpy(&words[i], &value, sizeof value);
    }
  }
  return words;
}

bool matches(const HostData& data, KeyKind kind, std::size_t count) {
  return data.kind == kind && data.key_words.size() == count * words_per_key(kind);
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

// Key `index` of `words` as its bits: the word, or for 64-bit keys the two words.
std::uint64_t key_bits(KeyKind kind, const std::vector<std::uint32_t>& words, std::size_t index) {
  if (kind != KeyKind::u64) return words[index];
  return std::uint64_t{words[2 * index + 1]} << 32 | words[2 * index];
}

// Sum of a hash of each key: equal for any permutation of the same keys.
std::uint64_t multiset_checksum(KeyKind kind, const std::vector<std::uint32_t>& words) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < words.size() / words_per_key(kind); ++i)
    sum += mix(key_bits(kind, words, i) + 0x632be59bd9b4e019ULL);
  return sum;
}

std::string first_descent(KeyKind kind, const std::vector<std::uint32_t>& keys) {
  const auto order = [&](std::size_t i) {
    return kind == KeyKind::u64 ? key_bits(kind, keys, i) : std::uint64_t{order_word(kind, keys[i])};
  };
  for (std::size_t i = 1; i < keys.size() / words_per_key(kind); ++i) {
    if (order(i - 1) > order(i)) return "keys not ascending at index " + std::to_string(i);
  }
  return {};
}

}  // namespace

const HostData& DataCache::host(KeyKind kind, std::size_t count) {
  if (!host_ || !matches(*host_, kind, count)) {
    host_.reset();  // free the old size before allocating the new one
    auto data = std::make_unique<HostData>();
    data->kind = kind;
    data->key_words = random_words(kind, count);
    data->values.resize(count);
    std::iota(data->values.begin(), data->values.end(), 0u);
    host_ = std::move(data);
  }
  return *host_;
}

GpuData& DataCache::gpu(KeyKind kind, bool with_values, std::size_t count) {
  if (gpu_ && gpu_kind_ == kind && gpu_->count == count && gpu_->with_values == with_values) return *gpu_;
  gpu_.reset();
  const HostData& data = host(kind, count);
  const std::size_t bytes = count * sizeof(std::uint32_t);
  const std::size_t key_bytes = bytes * words_per_key(kind);
  auto fresh = std::make_unique<GpuData>();
  fresh->count = count;
  fresh->with_values = with_values;
  fresh->pristine_keys = Buffer(key_bytes, data.key_words.data());
  fresh->keys = Buffer(key_bytes, nullptr);
  if (with_values) {
    fresh->pristine_values = Buffer(bytes, data.values.data());
    fresh->values = Buffer(bytes, nullptr);
  }
  gpu_ = std::move(fresh);
  gpu_kind_ = kind;
  return *gpu_;
}

std::uint32_t order_word(KeyKind kind, std::uint32_t word) {
  // The library's key codec (shaders/common/shader_interface.h), which the GPU runs too.
  const std::uint32_t codec = kind == KeyKind::i32   ? GPUSORT_KEY_SIGNED
                              : kind == KeyKind::f32 ? GPUSORT_KEY_FLOAT
                                                     : GPUSORT_KEY_UNSIGNED;
  return gpusort::detail::ordered_high_word(codec, word);
}

std::string check_sorted_keys(KeyKind kind, const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& sorted) {
  if (input.size() != sorted.size()) return "size mismatch";
  std::string descent = first_descent(kind, sorted);
  if (!descent.empty()) return descent;
  if (multiset_checksum(kind, input) != multiset_checksum(kind, sorted)) return "keys are not a permutation of the input";
  return {};
}

std::string check_sorted_pairs(KeyKind kind, const std::vector<std::uint32_t>& input,
                               const std::vector<std::uint32_t>& sorted_keys,
                               const std::vector<std::uint32_t>& sorted_values) {
  std::string keys = check_sorted_keys(kind, input, sorted_keys);
  if (!keys.empty()) return keys;
  // Duplicate keys would let a value point at an equal twin, so also
  // require every original index exactly once.
  const std::size_t count = input.size() / words_per_key(kind);
  if (sorted_values.size() != count) return "value count mismatch";
  std::vector<bool> seen(count, false);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t origin = sorted_values[i];
    if (origin >= count || key_bits(kind, input, origin) != key_bits(kind, sorted_keys, i) || seen[origin]) {
      return "value at index " + std::to_string(i) + " does not belong to its key";
    }
    seen[origin] = true;
  }
  return {};
}

std::string check_stable_sort(KeyKind kind, const HostData& input, const std::vector<std::uint32_t>& sorted_keys,
                              const std::vector<std::uint32_t>& sorted_values, int end_bit) {
  const std::size_t count = input.key_words.size() / words_per_key(kind);
  if (sorted_keys.size() != input.key_words.size()) return "size mismatch";
  if (!sorted_values.empty() && sorted_values.size() != count) return "value count mismatch";
  const int key_bits_total = kind == KeyKind::u64 ? 64 : 32;
  const std::uint64_t mask = end_bit == 0 || end_bit >= key_bits_total ? ~std::uint64_t{0}
                                                                       : (std::uint64_t{1} << end_bit) - 1;
  const auto sort_key = [&](const std::vector<std::uint32_t>& words, std::size_t i) {
    const std::uint64_t bits = kind == KeyKind::u64 ? key_bits(kind, words, i) : order_word(kind, words[i]);
    return bits & mask;
  };
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return sort_key(input.key_words, a) < sort_key(input.key_words, b); });
  for (std::size_t i = 0; i < count; ++i) {
    if (key_bits(kind, sorted_keys, i) != key_bits(kind, input.key_words, order[i])) {
      return "key at index " + std::to_string(i) + " differs from a stable sort";
    }
    if (!sorted_values.empty() && sorted_values[i] != input.values[order[i]]) {
      return "value at index " + std::to_string(i) + " differs from a stable sort";
    }
  }
  return {};
}

std::vector<std::uint32_t> read_words(GLuint buffer, std::size_t count) {
  std::vector<std::uint32_t> words(count);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(std::uint32_t)), words.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return words;
}

}  // namespace gpusort_bench
