// The keys the benchmark and the probes sort, as 32-bit words: plain C++ (no GL, no CUDA), so
// that gpusort_bench, gpusort_radix_probe and gpusort_cub_kernels sort exactly the same inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpusort_bench {

enum class KeyKind { u32, i32, f32, u64 };

// 32-bit words per key: 2 for 64-bit keys (low word first, as a uint64_t lies in memory).
inline std::size_t words_per_key(KeyKind kind) { return kind == KeyKind::u64 ? 2 : 1; }

// Where the keys come from.
enum class KeyDistribution {
  // Uniform bit patterns for the integer kinds; for f32, mantissas in (-1, 1) times 2^e with e
  // in -40..40 (both signs, many exponents). The families named without a suffix sort these.
  random,
  // Positive view depths of points spread uniformly through the volume of a view frustum from
  // the near to the far plane (see scene_depths()): f32 keys are the depths themselves,
  // u32 keys splatapult's reversed quantized depths (splatapult_key()). The *_depth and
  // *_splatapult families sort these.
  scene_depth,
  // A tile-based splat renderer's intersection keys (3D Gaussian splatting's duplicateWithKeys):
  // one key per (splat, screen tile) it covers, the tile uniform over kSplatTiles and the depth
  // from scene_depths(). As u64 keys: tile << 32 | the depth's float bits (positive floats
  // order as their bits), sorted by BitRange{0, 32 + kSplatTileBits} (the *_tiles u64
  // families). As u32 keys: the tile alone, the two-step recipe's second sort, of
  // intersections already in depth order, stable by BitRange{0, 16} (the *_tiles u32 families).
  tile_depth,
  // Keys with a digit that does not vary, which a radix pass need not rank (onesweep.comp
  // write_tile_in_place()). As u64 keys: random low words, upper words 0 (64-bit keys with empty
  // upper bytes; the *_low32 families). As f32 keys: depths in [16, 32), one exponent and a
  // random mantissa, so the top byte is 0x41 (a particle cloud 16-32 m away; the *_narrow
  // families).
  constant_digits,
};

// The screen of tile_depth: 1920 x 1080 pixels in 16 x 16 tiles (3D Gaussian splatting's
// BLOCK_X and BLOCK_Y), 120 x 68 tiles, numbered in 13 bits.
inline constexpr std::uint32_t kSplatTiles = 120 * 68;
inline constexpr std::uint32_t kSplatTileBits = 13;
static_assert((1u << kSplatTileBits) >= kSplatTiles && (1u << (kSplatTileBits - 1)) < kSplatTiles);

// The view frustum of scene_depths(): splatapult's near and far planes (src/app.cpp, Z_NEAR and
// Z_FAR, in metres).
inline constexpr float kSceneNear = 0.1f;
inline constexpr float kSceneFar = 1000.0f;

// `count` keys of `kind` from `distribution`, words_per_key(kind) words each. Fixed seeds per
// count: reruns and other machines (GL, CUDA, host) sort the same inputs. scene_depth takes f32
// and u32 only; tile_depth u64 and u32; constant_digits u64 and f32.
std::vector<std::uint32_t> key_words(KeyKind kind, KeyDistribution distribution, std::size_t count);

// `count` view depths in [kSceneNear, kSceneFar) of points uniform in a frustum's volume: the
// frustum's cross-section grows with the square of the depth, so P(depth <= z) =
// (z^3 - near^3) / (far^3 - near^3). Seven in eight lie beyond half the far plane, and almost
// all share one or two float exponents: the top digit of their bits is nearly constant.
std::vector<float> scene_depths(std::size_t count, std::uint64_t seed);

// splatapult's sort key of a view depth (shader/presort_compute.glsl: keyMax - uint((depth /
// nearFar.y) * keyMax), keyMax = 0xffffffff from src/splatrenderer.cpp), computed in float as
// the shader does and sorted ascending, so the farthest splat comes first. The product has
// only 24 significant bits, so the low bits of the key repeat: every depth beyond half the far
// plane gives a key ending in 0xff.
std::uint32_t splatapult_key(float depth, float far_plane);

}  // namespace gpusort_bench
