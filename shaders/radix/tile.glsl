// One tile of a digit pass (downsweep.comp, onesweep.comp): load TILE_SIZE keys, rank them
// stably by the pass's digit, and scatter them (and their values) to their destinations
// through shared memory, so that global writes come in runs of consecutive positions. This
// file holds the tile's state and layout; its phases follow, in this order: tile_load.glsl,
// tile_rank.glsl, tile_scatter.glsl.
// Extra #defines:
//   TILE_SIZE            GROUP_SIZE * KEYS_PER_INVOCATION (at most 32768)
//   KEYS_PER_INVOCATION  keys each invocation holds in registers
//   SUBGROUP_SIZE        lanes of a (real or emulated) subgroup; GROUP_SIZE is a multiple
//   SUBGROUP_MODE        the subgroup backend (tile_subgroups.glsl): 2 real ballots, 1 emulated
//                        ballots, 0 digits compared through shared memory in rows of 32
//   MASK_WORDS           1 where subgroups have at most 32 lanes (a lane set is a uint), else 4
//   SCATTER_PARTS        parts the scatter passes the tile through s_area in (a divisor of
//                        KEYS_PER_INVOCATION; see scatter_tile_checked())
//   AREA_WORDS           max(TILE_SIZE / SCATTER_PARTS (twice that with WHOLE_KEY_STAGING),
//                        per-subgroup digit counters + 3 * RADIX):
//                        the digit counts, starts and scan temporaries live in s_area above the
//                        counters (dead once the scatter fills s_area), so a tile takes
//                        AREA_WORDS + RADIX words (radix::Config::area_words)
//   SUBGROUP_SCAN        1: scan the digit counts with subgroup shuffles (see scan_counts())
//   WHOLE_KEY_STAGING    1: 64-bit keys pass the scatter's shared memory whole, two words a
//                        slot; 0: a word at a time (see scatter_tile_checked())
//   VALUES_AFTER_KEYS    1: values stay out of the tile's registers until its keys are written
//                        (CUB's order; see scatter_tile_checked()); 0: they load with the keys
// The host compiles tile_subgroups.glsl before this file and the phases after it.
// Measured and rejected (see bench/results/history.md): one-pass ranking, digit starts folded
// into the counters, a ballot per row.
//
// Layout and stability: subgroup w owns tile positions [w * S * K, (w + 1) * S * K) (S the
// subgroup size, K keys per invocation); its lane l holds row j's key at w*S*K + j*S + l, so
// loads are coalesced and rows taken in order j = 0, 1, ... visit the subgroup's keys in
// position order. A key's rank is: the tile's keys of smaller digits, plus its digit's keys
// in earlier subgroups, in earlier rows of its subgroup, and in lower lanes of its row.

// Full tiles load and scatter without bounds checks for 32-bit keys alone (with values, or
// 64-bit keys in 384 x 10 tiles, the second copy of the code cost more than the checks), except
// on software renderers, where the copy costs more to compile than it saves.
#if KEY_WORDS == 1 && !HAS_VALUES && !ROLLED_LOOPS
#define FULL_TILE_PATH 1
#else
#define FULL_TILE_PATH 0
#endif

#define K KEYS_PER_INVOCATION
#define SUBGROUPS (GROUP_SIZE / SUBGROUP_SIZE)
#define HALF_RADIX (RADIX / 2u)

KEY g_keys[K];     // ordered keys; padding past the count is digit RADIX-1 and ranks last

// Each row's digit: held in registers, or (RECOMPUTE_DIGITS) taken from the key again where
// it is needed, padding (tile positions from g_tile_keys on) as RADIX-1.
#ifndef RECOMPUTE_DIGITS
#define RECOMPUTE_DIGITS 0
#endif
#if RECOMPUTE_DIGITS
uint g_tile_keys;
uint tile_position(uint j);
uint row_digit(uint j) { return tile_position(j) < g_tile_keys ? digit_of(g_keys[j]) : RADIX - 1u; }
#else
uint g_digits[K];
uint row_digit(uint j) { return g_digits[j]; }
#endif

// Each row's tile position after the pass: a word each, or (PACK_RANKS) two 16-bit ranks a
// word (a tile holds at most 32768 keys), set in row order.
#ifndef PACK_RANKS
#define PACK_RANKS 0
#endif
#if PACK_RANKS
uint g_rank_pairs[(K + 1u) / 2u];
uint rank_of(uint j) { return (g_rank_pairs[j >> 1u] >> ((j & 1u) << 4u)) & 0xFFFFu; }
void set_rank(uint j, uint rank) {
    if ((j & 1u) == 0u) g_rank_pairs[j >> 1u] = rank;
    else g_rank_pairs[j >> 1u] |= rank << 16u;
}
#else
uint g_ranks[K];
uint rank_of(uint j) { return g_ranks[j]; }
void set_rank(uint j, uint rank) { g_ranks[j] = rank; }
#endif

// Values: loaded with the keys, before the look-back, and held through ranking (0), or loaded
// only once the keys are ranked and staged (1), so that the ranking's live state is the keys
// alone and a larger tile keeps two workgroups a unit. Their source position comes from
// s_value_first, read after a barrier, so that the compiler cannot hoist the loads above it
// (the buffer is readonly and its address otherwise known at the kernel's top).
#ifndef VALUES_AFTER_KEYS
#define VALUES_AFTER_KEYS 0
#endif
#if HAS_VALUES
uint g_values[K];
#endif
#if HAS_VALUES && VALUES_AFTER_KEYS
shared uint s_value_first;  // the tile's first position (radix::tile_shared_bytes counts it)
#endif

// Per-subgroup digit counters (two 16-bit counts a word) while ranking; the scattered tile
// afterwards.
// S_COUNT(d): the tile's keys of digit d (padding included); S_START(d): exclusive prefix of
// the counts, where digit d starts in the tile; S_TMP: the scan's temporaries. Valid from
// count_tile() until the scatter writes s_area.
#define COUNTER_WORDS (SUBGROUPS * HALF_RADIX)
#define RANKING_WORDS (COUNTER_WORDS + 3u * RADIX)
shared uint s_area[AREA_WORDS > RANKING_WORDS ? AREA_WORDS : RANKING_WORDS];
#define S_COUNT(d) s_area[COUNTER_WORDS + (d)]
#define S_START(d) s_area[COUNTER_WORDS + RADIX + (d)]
#define S_TMP(d) s_area[COUNTER_WORDS + 2u * RADIX + (d)]
shared uint s_delta[RADIX];  // set by the kernel: tile position i of digit d goes to s_delta[d] + i

// The phase clock (PHASE_CLOCK 1: onesweep.comp only, built for gpusort_radix_probe --phases
// through a test hook, never for a sort of the library's): invocation 0 of every sampled
// partition stamps the SM's clock where a barrier ends each phase of the tile, into the
// layout of the shader interface's GPUSORT_RADIX_PHASE_*. The stamps measure when invocation 0
// left each barrier, so a phase's time is the whole workgroup's, loads still in flight at a
// barrier (values, until the scatter) excepted.
#ifndef PHASE_CLOCK
#define PHASE_CLOCK 0
#endif
#if PHASE_CLOCK
layout(std430, binding = GPUSORT_RADIX_BINDING_PHASE_CLOCK) writeonly buffer PhaseClock { uvec2 phase_stamps[]; };
#define NO_PHASE_SAMPLE 0xFFFFFFFFu
uint g_phase_sample = NO_PHASE_SAMPLE;  // the partition's first stamp, if it is sampled
void stamp_phase(uint phase) {
    if (g_phase_sample != NO_PHASE_SAMPLE && gl_LocalInvocationIndex == 0u)
        phase_stamps[g_phase_sample + phase] = clock2x32ARB();
}
#else
#define stamp_phase(phase)
#endif

uint tile_position(uint j) { return subgroup_id() * (SUBGROUP_SIZE * K) + j * SUBGROUP_SIZE + lane_id(); }
