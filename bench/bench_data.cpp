#include "bench_data.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include <gpusort/detail/shader_interface.hpp>

namespace gpusort_bench {
namespace {

bool matches(const HostData& data, KeyKind kind, KeyDistribution distribution, std::size_t count) {
  return data.kind == kind && data.distribution == distribution && data.key_words.size() == count * words_per_key(kind);
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

const HostData& DataCache::host(KeyKind kind, std::size_t count, KeyDistribution distribution) {
  if (!host_ || !matches(*host_, kind, distribution, count)) {
    host_.reset();  // free the old size before allocating the new one
    auto data = std::make_unique<HostData>();
    data->kind = kind;
    data->distribution = distribution;
    data->key_words = key_words(kind, distribution, count);
    data->values.resize(count);
    std::iota(data->values.begin(), data->values.end(), 0u);
    host_ = std::move(data);
  }
  return *host_;
}

GpuData& DataCache::gpu(KeyKind kind, bool with_values, std::size_t count, KeyDistribution distribution) {
  if (gpu_ && gpu_kind_ == kind && gpu_distribution_ == distribution && gpu_->count == count &&
      gpu_->with_values == with_values)
    return *gpu_;
  gpu_.reset();
  const HostData& data = host(kind, count, distribution);
  const std::size_t bytes = count * sizeof(std::uint32_t);
  const std::size_t key_bytes = bytes * words_per_key(kind);
  auto fresh = std::make_unique<GpuData>();
  fresh->count = count;
  fresh->with_values = with_values;
  fresh->pristine_keys = GlBuffer(key_bytes, data.key_words.data());
  fresh->keys = GlBuffer(key_bytes, nullptr);
  if (with_values) {
    fresh->pristine_values = GlBuffer(bytes, data.values.data());
    fresh->values = GlBuffer(bytes, nullptr);
  }
  gpu_ = std::move(fresh);
  gpu_kind_ = kind;
  gpu_distribution_ = distribution;
  return *gpu_;
}

std::uint32_t order_word(KeyKind kind, std::uint32_t word) {
  // The library's key codec (include/gpusort/detail/shader_interface/common.hpp), which the GPU runs too.
  const std::uint32_t codec = kind == KeyKind::i32   ? gpusort::detail::GPUSORT_KEY_SIGNED
                              : kind == KeyKind::f32 ? gpusort::detail::GPUSORT_KEY_FLOAT
                                                     : gpusort::detail::GPUSORT_KEY_UNSIGNED;
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

std::vector<std::uint32_t> read_words(const GlBuffer& buffer, std::size_t count, std::size_t first_byte) {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  return buffer.read_as<std::uint32_t>(count, first_byte);
}

GpuData& arena_for(GpuData& data, KeyKind kind, std::size_t grain) {
  if (data.arena.name() != 0) return data;
  const std::size_t key_size = words_per_key(kind) * sizeof(std::uint32_t);
  const std::size_t key_bytes = data.count * key_size;
  const std::size_t unit = grain < key_size ? key_size : grain;
  const std::size_t odd = grain == 256 ? 1 : 13;  // an odd multiple: 256, 208, 52 (104) bytes
  data.key_offset = odd * unit;
  const std::size_t keys_end = (data.key_offset + key_bytes + unit - 1) / unit * unit;
  data.value_offset = keys_end + (grain == 256 ? 1 : 9) * (grain < 4 ? 4 : grain);
  data.arena = GlBuffer(data.value_offset + (data.with_values ? data.count * sizeof(std::uint32_t) : 0) + 64, nullptr);
  return data;
}

}  // namespace gpusort_bench
