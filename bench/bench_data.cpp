#include "bench_data.hpp"

#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <string>

namespace gpusort_bench {
namespace {

std::vector<std::uint32_t> random_words(KeyKind kind, std::size_t count) {
  // Fixed seed per size: reruns and other machines sort the same inputs.
  std::mt19937_64 engine(0x9e3779b97f4a7c15ULL ^ count);
  std::vector<std::uint32_t> words(count);
  if (kind != KeyKind::f32) {  // uniform bit patterns, int32 of both signs alike
    for (std::size_t i = 0; i < count; i += 2) {
      const std::uint64_t bits = engine();
      words[i] = static_cast<std::uint32_t>(bits);
      if (i + 1 < count) words[i + 1] = static_cast<std::uint32_t>(bits >> 32);
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
  return data.kind == kind && data.key_words.size() == count;
}

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

// Sum of a hash of each word: equal for any permutation of the same words.
std::uint64_t multiset_checksum(const std::vector<std::uint32_t>& words) {
  std::uint64_t sum = 0;
  for (std::uint32_t w : words) sum += mix(w + 0x632be59bd9b4e019ULL);
  return sum;
}

std::string first_descent(KeyKind kind, const std::vector<std::uint32_t>& keys) {
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (order_word(kind, keys[i - 1]) > order_word(kind, keys[i])) {
      return "keys not ascending at index " + std::to_string(i);
    }
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
  auto fresh = std::make_unique<GpuData>();
  fresh->count = count;
  fresh->with_values = with_values;
  fresh->pristine_keys = Buffer(bytes, data.key_words.data());
  fresh->keys = Buffer(bytes, nullptr);
  if (with_values) {
    fresh->pristine_values = Buffer(bytes, data.values.data());
    fresh->values = Buffer(bytes, nullptr);
  }
  gpu_ = std::move(fresh);
  gpu_kind_ = kind;
  return *gpu_;
}

std::uint32_t order_word(KeyKind kind, std::uint32_t word) {
  if (kind == KeyKind::u32) return word;
  if (kind == KeyKind::i32) return word ^ 0x80000000u;
  // Negative floats order reversed; flipping all bits of negatives and only
  // the sign bit of positives gives an unsigned order equal to totalOrder.
  return (word & 0x80000000u) != 0 ? ~word : word | 0x80000000u;
}

std::string check_sorted_keys(KeyKind kind, const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& sorted) {
  if (input.size() != sorted.size()) return "size mismatch";
  std::string descent = first_descent(kind, sorted);
  if (!descent.empty()) return descent;
  if (multiset_checksum(input) != multiset_checksum(sorted)) return "keys are not a permutation of the input";
  return {};
}

std::string check_sorted_pairs(KeyKind kind, const std::vector<std::uint32_t>& input,
                               const std::vector<std::uint32_t>& sorted_keys,
                               const std::vector<std::uint32_t>& sorted_values) {
  std::string keys = check_sorted_keys(kind, input, sorted_keys);
  if (!keys.empty()) return keys;
  // Duplicate keys would let a value point at an equal twin, so also
  // require every original index exactly once.
  std::vector<bool> seen(input.size(), false);
  for (std::size_t i = 0; i < sorted_values.size(); ++i) {
    const std::uint32_t origin = sorted_values[i];
    if (origin >= input.size() || input[origin] != sorted_keys[i] || seen[origin]) {
      return "value at index " + std::to_string(i) + " does not belong to its key";
    }
    seen[origin] = true;
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
