#include "key_distributions.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>

namespace gpusort_bench {
namespace {

// The random families' inputs. Unchanged since the first reference runs: their results stay
// comparable with bench/results/.
std::vector<std::uint32_t> random_words(KeyKind kind, std::size_t count) {
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

}  // namespace

std::vector<float> scene_depths(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double near3 = std::pow(double{kSceneNear}, 3.0);
  const double far3 = std::pow(double{kSceneFar}, 3.0);
  // The largest float below the far plane: a depth rounded up to it would leave the frustum.
  const float last = std::nextafter(kSceneFar, 0.0f);
  std::vector<float> depths(count);
  for (float& depth : depths) {
    const auto z = static_cast<float>(std::cbrt(near3 + unit(engine) * (far3 - near3)));
    depth = std::clamp(z, kSceneNear, last);
  }
  return depths;
}

std::uint32_t splatapult_key(float depth, float far_plane) {
  constexpr std::uint32_t key_max = 0xffffffffu;
  // As GLSL evaluates it: the quotient in float, keyMax converted to float (2^32), the product
  // rounded to float and truncated to uint. Depths inside the frustum keep it below 2^32.
  const float quotient = depth / far_plane;
  const float product = quotient * static_cast<float>(key_max);
  const std::uint32_t quantized =
      product <= 0.0f ? 0u : product >= 4294967296.0f ? key_max : static_cast<std::uint32_t>(product);
  return key_max - quantized;
}

namespace {

std::vector<std::uint32_t> tile_depth_words(KeyKind kind, std::size_t count) {
  if (kind != KeyKind::u64 && kind != KeyKind::u32) {
    throw std::invalid_argument("tile keys come as u64 (tile and depth) or u32 (tile) keys only");
  }
  const std::vector<float> depths = scene_depths(count, 0x2545f4914f6cdd1dULL ^ count);
  std::mt19937_64 engine(0x14057b7ef767814fULL ^ count);
  std::uniform_int_distribution<std::uint32_t> tile(0, kSplatTiles - 1);
  std::vector<std::uint32_t> words(count * words_per_key(kind));
  for (std::size_t i = 0; i < count; ++i) {
    if (kind == KeyKind::u32) {
      words[i] = tile(engine);
    } else {
      std::memcpy(&words[2 * i], &depths[i], sizeof(float));  // the low word
      words[2 * i + 1] = tile(engine);
    }
  }
  return words;
}

std::vector<std::uint32_t> constant_digit_words(KeyKind kind, std::size_t count) {
  if (kind != KeyKind::u64 && kind != KeyKind::f32) {
    throw std::invalid_argument("keys with constant digits come as u64 (empty upper words) or f32 (one exponent) only");
  }
  std::mt19937_64 engine(0x3c6ef372fe94f82bULL ^ count);
  std::vector<std::uint32_t> words(count * words_per_key(kind), 0u);
  if (kind == KeyKind::u64) {
    for (std::size_t i = 0; i < count; ++i) words[2 * i] = static_cast<std::uint32_t>(engine());
  } else {
    // Exponent 4 with a random mantissa: every value in [16, 32). (uniform_real_distribution<float>
    // is no such source: libstdc++'s returns the upper bound 32.0 on rare draws, LWG 2524, which
    // at 2^24 keys left the top byte varying and no pass kept.)
    for (std::size_t i = 0; i < count; ++i) words[i] = 0x41800000u | (static_cast<std::uint32_t>(engine()) & 0x007FFFFFu);
  }
  return words;
}

}  // namespace

std::vector<std::uint32_t> key_words(KeyKind kind, KeyDistribution distribution, std::size_t count) {
  if (distribution == KeyDistribution::random) return random_words(kind, count);
  if (distribution == KeyDistribution::tile_depth) return tile_depth_words(kind, count);
  if (distribution == KeyDistribution::constant_digits) return constant_digit_words(kind, count);
  if (kind != KeyKind::f32 && kind != KeyKind::u32) {
    throw std::invalid_argument("scene depths come as f32 or u32 keys only");
  }
  // A seed of its own: the depths are no function of the random families' words.
  const std::vector<float> depths = scene_depths(count, 0x5851f42d4c957f2dULL ^ count);
  std::vector<std::uint32_t> words(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (kind == KeyKind::f32) {
      std::memcpy(&words[i], &depths[i], sizeof(float));
    } else {
      words[i] = splatapult_key(depths[i], kSceneFar);
    }
  }
  return words;
}

}  // namespace gpusort_bench
