#pragma once
// check_bit_range(): a call's BitRange checked once, for every sort that takes one, before
// anything is written; what the algorithms then read from SortJob::bits.
#include <cstdint>
#include <string>

#include "../../bit_range.hpp"
#include "../status.hpp"
#include "elements.hpp"

namespace gpusort {
namespace detail {

/// Whether `bits` is BitRange{}: every bit of the key.
inline bool all_bits(BitRange bits) { return bits.begin_bit == 0 && bits.end_bit == 0; }

/// Checks `asked` against the keys of `elements` into `checked`: BitRange{} where it spans the whole key (a
/// sort by every bit, which needs nothing a BitRange does), else [begin_bit, end_bit) with
/// end_bit resolved. Fails for a range on a key that is not unsigned, or outside the key.
inline Status check_bit_range(BitRange asked, const Elements& elements, BitRange& checked) {
  checked = BitRange{};
  if (all_bits(asked)) return {};
  const std::uint32_t key_bits = elements.key_bytes * 8;
  const std::string range = "BitRange{" + std::to_string(asked.begin_bit) + ", " + std::to_string(asked.end_bit) + "}";
  if (elements.key_kind != GPUSORT_KEY_UNSIGNED) {
    return fail(range + " on " + elements.key_name + " keys: a bit range is for unsigned keys (std::uint32_t, "
                "std::uint64_t); signed and floating-point keys sort by all their bits (pass BitRange{})");
  }
  const std::uint32_t end = asked.end_bit == 0 ? key_bits : asked.end_bit;
  if (end > key_bits || asked.begin_bit >= end) {
    return fail(range + " is invalid for " + std::to_string(key_bits) + "-bit keys: it needs begin_bit < end_bit <= " +
                std::to_string(key_bits) + " (end_bit 0: up to the key's top bit)");
  }
  if (asked.begin_bit != 0 || end != key_bits) checked = BitRange{asked.begin_bit, end};
  return {};
}

}  // namespace detail
}  // namespace gpusort
