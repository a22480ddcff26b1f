// Random input data for the benchmarks, generated once per size and kept
// while consecutive runs (repetitions, families) use the same size, so the
// bench does not regenerate 2^26 random keys for every repetition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gl_buffer.hpp"
#include "key_distributions.hpp"

namespace gpusort_bench {

using gpusort_support::GlBuffer;

// Keys as 32-bit patterns (int32 and floats bit-cast; words_per_key words a key), values as
// the original index of each key, so a key-value sort can be checked against the input.
struct HostData {
  KeyKind kind = KeyKind::u32;
  KeyDistribution distribution = KeyDistribution::random;
  std::vector<std::uint32_t> key_words;
  std::vector<std::uint32_t> values;
};

// Pristine copies stay untouched; every timed sort first restores the
// working buffers from them.
struct GpuData {
  std::size_t count = 0;
  bool with_values = false;
  GlBuffer pristine_keys;
  GlBuffer pristine_values;
  GlBuffer keys;
  GlBuffer values;
  // --gpusort_engine: the keys from byte key_offset and the values from byte value_offset of
  // one buffer (offsets that are multiples of the view grain and of nothing larger up to 256);
  // made on first use (arena_for()).
  GlBuffer arena;
  std::size_t key_offset = 0;
  std::size_t value_offset = 0;
};

// `data`'s arena, its offsets multiples of `grain` bytes (256, 16 or 4) and of nothing larger up
// to 256 (a 64-bit key's 8 bytes with grain 4); made the first time it is asked for.
GpuData& arena_for(GpuData& data, KeyKind kind, std::size_t grain);

class DataCache {
 public:
  const HostData& host(KeyKind kind, std::size_t count, KeyDistribution distribution = KeyDistribution::random);
  GpuData& gpu(KeyKind kind, bool with_values, std::size_t count,
               KeyDistribution distribution = KeyDistribution::random);

 private:
  std::unique_ptr<HostData> host_;
  std::unique_ptr<GpuData> gpu_;
  KeyKind gpu_kind_ = KeyKind::u32;
  KeyDistribution gpu_distribution_ = KeyDistribution::random;
};

// Total order on the key bit patterns, matching the library's float order
// (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN), two's complement int32 order and
// plain u32 order.
std::uint32_t order_word(KeyKind kind, std::uint32_t word);

// Empty string when `sorted` is an ascending permutation of `input` (key words of `kind`)
// (checked by order and an order-independent checksum); else a reason.
std::string check_sorted_keys(KeyKind kind, const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& sorted);
// Empty string when keys ascend and every value still points at its key.
std::string check_sorted_pairs(KeyKind kind, const std::vector<std::uint32_t>& input,
                               const std::vector<std::uint32_t>& sorted_keys,
                               const std::vector<std::uint32_t>& sorted_values);

// Empty string when `sorted_keys` (and `sorted_values`, unless empty) equal exactly a stable
// sort of the input by the key bits [0, end_bit) in the key's order (end_bit 0: the whole
// key), as a radix sort with a bit range must produce; else the first difference.
std::string check_stable_sort(KeyKind kind, const HostData& input, const std::vector<std::uint32_t>& sorted_keys,
                              const std::vector<std::uint32_t>& sorted_values, int end_bit = 0);

// `count` words of `buffer` from byte `first_byte`, after a barrier for the shaders' writes.
std::vector<std::uint32_t> read_words(const GlBuffer& buffer, std::size_t count, std::size_t first_byte = 0);

}  // namespace gpusort_bench
