#pragma once
// SHA-256 (FIPS 180-4), for the program cache: a program's key and the check that a binary handed
// back by a ProgramCache is exactly one the driver produced for that program. A checksum such as
// FNV-1a is easy to recompute after a rewrite and easy to collide; a driver that is handed a
// damaged or foreign binary may crash (NVIDIA's does), so the check must not be foolable by
// accident or by a bug that rewrites an entry. Not a signature: whoever can write a cache can
// also hash what they write (README: who must own the cache directory).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace gpusort {
namespace detail {

using Sha256Digest = std::array<std::uint8_t, 32>;

class Sha256 {
 public:
  Sha256& update(const void* data, std::size_t size) {
    if (size == 0) return *this;  // data may be null then (an empty vector's), which memcpy may not take
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    bytes_ += size;
    if (used_ > 0) {
      const std::size_t take = size < 64 - used_ ? size : 64 - used_;
      std::memcpy(block_ + used_, bytes, take);
      used_ += take;
      bytes += take;
      size -= take;
      if (used_ < 64) return *this;
      compress(block_);
      used_ = 0;
    }
    for (; size >= 64; bytes += 64, size -= 64) compress(bytes);  // whole blocks in place
    if (size > 0) std::memcpy(block_, bytes, size);
    used_ = size;
    return *this;
  }

  Sha256& update(const std::string& text) { return update(text.data(), text.size()); }

  /// The digest of everything updated so far; the object is spent afterwards.
  Sha256Digest finish() {
    // The message length in bits, modulo 2^64 as the standard pads it.
    const std::uint64_t bits = static_cast<std::uint64_t>(bytes_) * 8u;
    const std::uint8_t one = 0x80;
    update(&one, 1);
    const std::uint8_t zero = 0;
    while (used_ != 56) update(&zero, 1);
    std::uint8_t length[8];
    for (int i = 0; i < 8; ++i) length[i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    update(length, 8);
    Sha256Digest digest{};
    for (std::size_t i = 0; i < 8; ++i) {
      for (std::size_t b = 0; b < 4; ++b) digest[4 * i + b] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * b));
    }
    return digest;
  }

 private:
  static std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress(const std::uint8_t* block) {
    static const std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    std::uint32_t w[64];
    for (std::size_t t = 0; t < 16; ++t) {
      w[t] = std::uint32_t(block[4 * t]) << 24 | std::uint32_t(block[4 * t + 1]) << 16 |
             std::uint32_t(block[4 * t + 2]) << 8 | std::uint32_t(block[4 * t + 3]);
    }
    for (std::size_t t = 16; t < 64; ++t) {
      const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
      const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    std::uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
    std::uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
    for (std::size_t t = 0; t < 64; ++t) {
      const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[t] + w[t];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state_[0] += a;
    state_[1] += b;
    state_[2] += c;
    state_[3] += d;
    state_[4] += e;
    state_[5] += f;
    state_[6] += g;
    state_[7] += h;
  }

  std::uint32_t state_[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::uint8_t block_[64] = {};
  std::size_t used_ = 0;
  std::uint64_t bytes_ = 0;
};

inline Sha256Digest sha256(const void* data, std::size_t size) { return Sha256().update(data, size).finish(); }

/// The first `bytes` bytes of `digest` as lower-case hex digits.
inline std::string hex_digits(const Sha256Digest& digest, std::size_t bytes = 32) {
  static const char digits[] = "0123456789abcdef";
  std::string text;
  for (std::size_t i = 0; i < bytes && i < digest.size(); ++i) {
    text.push_back(digits[digest[i] >> 4]);
    text.push_back(digits[digest[i] & 15u]);
  }
  return text;
}

}  // namespace detail
}  // namespace gpusort
