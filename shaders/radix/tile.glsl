// One tile of a digit pass (downsweep.comp, onesweep.comp): load TILE_SIZE keys, rank them
// stably by the pass's digit, and scatter them (and their values) to their destinations
// through shared memory, so that global writes come in runs of consecutive positions.
// Extra #defines:
//   TILE_SIZE            GROUP_SIZE * KEYS_PER_INVOCATION (at most 32768)
//   KEYS_PER_INVOCATION  keys each invocation holds in registers
//   SUBGROUP_SIZE        lanes of a (real or emulated) subgroup; GROUP_SIZE is a multiple
//   SUBGROUP_MODE        the subgroup backend (tile_subgroups.glsl): 2 real ballots, 1 emulated
//                        ballots, 0 digits compared through shared memory in rows of 32
//   MASK_WORDS           1 where subgroups have at most 32 lanes (a lane set is a uint), else 4
//   SCATTER_PARTS        parts the scatter passes the tile through s_area in (a divisor of
//                        KEYS_PER_INVOCATION; see scatter_tile_checked())
//   AREA_WORDS           max(TILE_SIZE / SCATTER_PARTS, per-subgroup digit counters + 3 * RADIX):
//                        the digit counts, starts and scan temporaries live in s_area above the
//                        counters (dead once the scatter fills s_area), so a tile takes
//                        AREA_WORDS + RADIX words (radix::Config::area_words)
//   SUBGROUP_SCAN        1: scan the digit counts with subgroup shuffles (see scan_counts())
// The host compiles tile_subgroups.glsl before this file.
// Values load with the keys, before the look-back. Measured and rejected (see
// bench/results/history.md): one-pass ranking, digit starts folded into the counters, a ballot per row.
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
#if HAS_VALUES
uint g_values[K];
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

uint tile_position(uint j) { return subgroup_id() * (SUBGROUP_SIZE * K) + j * SUBGROUP_SIZE + lane_id(); }

// Counts and the highest lane of a set of lanes (LANES, tile_subgroups.glsl).
#if MASK_WORDS == 1
uint lane_count(uint m) { return uint(bitCount(m)); }
uint highest_lane(uint m) { return uint(findMSB(m)); }
#else
#define lane_count popcount4
#define highest_lane msb4
#endif

uint popcount4(uvec4 m) {
    ivec4 c = bitCount(m);
    return uint(c.x + c.y + c.z + c.w);
}

uint msb4(uvec4 m) {
    return m.w != 0u ? 96u + uint(findMSB(m.w)) : m.z != 0u ? 64u + uint(findMSB(m.z))
         : m.y != 0u ? 32u + uint(findMSB(m.y)) : uint(findMSB(m.x));
}

#if SUBGROUP_SCAN
// S_START = exclusive prefix of S_COUNT over the digits: each subgroup scans RADIX /
// (subgroups) digits with shuffles, then adds the totals of the subgroups before it.
// (SUBGROUP_SCAN: subgroups, GROUP_SIZE >= RADIX, RADIX a multiple of SUBGROUP_SIZE.)
void scan_counts() {
    uint d = subgroup_id() * SUBGROUP_SIZE + lane_id();  // the same order as the shuffles
    uint lane = lane_id();
    if (SHUFFLES_ARE_BARRIERS || d < RADIX) {  // whole subgroups skip, where they may
        uint count = d < RADIX ? S_COUNT(d) : 0u;
        uint sum = count;
        for (uint offset = 1u; offset < SUBGROUP_SIZE; offset <<= 1u) {
            uint below = shuffle(sum, lane >= offset ? lane - offset : lane);
            if (lane >= offset) sum += below;
        }
        if (d < RADIX) {
            if (lane == SUBGROUP_SIZE - 1u) S_TMP(subgroup_id()) = sum;
            S_START(d) = sum - count;
        }
    }
    barrier();
    if (d < RADIX) {
        uint before = 0u;
        for (uint w = 0u; w < subgroup_id(); ++w) before += S_TMP(w);
        S_START(d) += before;
    }
    barrier();
}
#else
// S_START = exclusive prefix of S_COUNT over the digits (Hillis-Steele through S_TMP).
void scan_counts() {
    uint t = local_id();
    for (uint d = t; d < RADIX; d += GROUP_SIZE) S_START(d) = S_COUNT(d);
    barrier();
    for (uint offset = 1u; offset < ROLLED(RADIX); offset <<= 1u) {
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_TMP(d) = S_START(d) + (d >= offset ? S_START(d - offset) : 0u);
        barrier();
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_START(d) = S_TMP(d);
        barrier();
    }
    for (uint d = t; d < RADIX; d += GROUP_SIZE) S_START(d) -= S_COUNT(d);
    barrier();
}
#endif

// Loads the tile's keys (ordered), their digits and their values; positions at or past n_tile
// are padding. `full`: n_tile is TILE_SIZE (a constant where inlined).
void load_tile_checked(uint tile_first, uint n_tile, bool full) {
#if RECOMPUTE_DIGITS
    g_tile_keys = n_tile;
#endif
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (full || p < n_tile) {
            g_keys[j] = load_key(tile_first + p);
#if !RECOMPUTE_DIGITS
            g_digits[j] = digit_of(g_keys[j]);
#endif
#if HAS_VALUES
            g_values[j] = load_value(tile_first + p);
#endif
        } else {
            g_keys[j] = KEY(0xFFFFFFFFu);
#if !RECOMPUTE_DIGITS
            g_digits[j] = RADIX - 1u;
#endif
#if HAS_VALUES
            g_values[j] = 0u;
#endif
        }
    }
}

void load_tile(uint tile_first, uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) load_tile_checked(tile_first, TILE_SIZE, true);
    else load_tile_checked(tile_first, n_tile, false);
#else
    load_tile_checked(tile_first, n_tile, false);
#endif
}

// After the counters of every subgroup are counted: turns them into each subgroup's first
// slot of each digit (exclusive over the subgroups), and fills S_COUNT and S_START.
void sum_subgroup_counters() {
    uint t = local_id();
    for (uint x = t; x < HALF_RADIX; x += GROUP_SIZE) {
        uint run = 0u;  // two 16-bit sums; a tile holds at most 32768 keys
        for (uint w = 0u; w < ROLLED(SUBGROUPS); ++w) {
            uint c = s_area[w * HALF_RADIX + x];
            s_area[w * HALF_RADIX + x] = run;
            run += c;
        }
        S_COUNT(2u * x) = run & 0xFFFFu;
        S_COUNT(2u * x + 1u) = run >> 16u;
    }
    barrier();
    scan_counts();
}

// Counts the digits per subgroup, turns the counters into each subgroup's first slot of each
// digit, and fills S_COUNT and S_START.
void count_tile() {
    uint t = local_id();
    for (uint i = t; i < COUNTER_WORDS; i += GROUP_SIZE) s_area[i] = 0u;
    barrier();
    uint counters = subgroup_id() * HALF_RADIX;
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint d = row_digit(j);
        atomicAdd(s_area[counters + (d >> 1u)], 1u << ((d & 1u) << 4u));
    }
    barrier();
    sum_subgroup_counters();
}

// Each row's keys of one digit take the next slots of their subgroup's counter, in lane
// order; the highest such lane (the leader) advances the counter for all of them. A key's rank
// is its digit's start in the tile plus its slot (the counter's value before the row plus the
// lower peers): a row's digit is dead once its rank is set.
void take_slots() {
    uint counters = subgroup_id() * HALF_RADIX;
    LANES below = lanes_below();
    LANES row = row_lanes();  // the same every row: one ballot a tile
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint d = row_digit(j);
        LANES peers = match_digit(d, row);
        uint leader = highest_lane(peers);
        uint half_shift = (d & 1u) << 4u;
        uint before = 0u;
        if (lane_id() == leader)
            before = (atomicAdd(s_area[counters + (d >> 1u)], lane_count(peers) << half_shift) >> half_shift) & 0xFFFFu;
        before = shuffle(before, leader);
        set_rank(j, S_START(d) + before + lane_count(peers & below));
    }
}

// Ranks the tile's keys after count_tile(): its counters hold each subgroup's first slots.
void rank_rows() {
    take_slots();
    barrier();
}

// Writes the ranked tile to its destinations (s_delta set by the kernel): keys, then values.
// S_COUNT and S_START are dead from here on (the scatter overwrites them). The tile passes
// through s_area in SCATTER_PARTS parts of PART_SIZE positions (part p: tile positions from
// p * PART_SIZE), so that s_area needs only PART_SIZE words for it: a bigger tile in the same
// shared memory, for the price of a barrier pair and a rank test per key and part.
#define PART_SIZE (TILE_SIZE / SCATTER_PARTS)
#define PART_ROWS (K / SCATTER_PARTS)

// Whether the key ranked `rank` is in the part from `first`, and its s_area word there.
bool in_part(uint rank, uint first, out uint slot) {
    slot = rank - first;  // wraps past PART_SIZE for ranks below first
    return SCATTER_PARTS == 1u || slot < PART_SIZE;
}

void scatter_tile_checked(uint n_tile, bool full) {
    uint t = local_id();
    uint destination[K];
    uint slot;
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
#if KEY_WORDS == 1
        for (uint j = 0u; j < ROLLED(K); ++j)
            if (in_part(rank_of(j), first, slot)) s_area[slot] = g_keys[j];
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) {
                KEY key = s_area[i - first];
                destination[p * PART_ROWS + j] = s_delta[digit_of(key)] + i;
                store_dst_key(destination[p * PART_ROWS + j], last_pass_raw(key));
            }
        }
        barrier();
#else
        // Word by word, the low words first; a position's digit from its whole key.
        uint low[PART_ROWS];
        for (uint j = 0u; j < ROLLED(K); ++j)
            if (in_part(rank_of(j), first, slot)) s_area[slot] = g_keys[j].y;
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) low[j] = s_area[j * GROUP_SIZE + t];
        barrier();
        for (uint j = 0u; j < ROLLED(K); ++j)
            if (in_part(rank_of(j), first, slot)) s_area[slot] = g_keys[j].x;
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) {
                KEY key = uvec2(s_area[i - first], low[j]);
                destination[p * PART_ROWS + j] = s_delta[digit_of(key)] + i;
                store_dst_key(destination[p * PART_ROWS + j], last_pass_raw(key));
            }
        }
        barrier();
#endif
    }
#if HAS_VALUES
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
        for (uint j = 0u; j < ROLLED(K); ++j)
            if (in_part(rank_of(j), first, slot)) s_area[slot] = g_values[j];
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) store_dst_value(destination[p * PART_ROWS + j], s_area[i - first]);
        }
        barrier();
    }
#endif
}

void scatter_tile(uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) scatter_tile_checked(TILE_SIZE, true);
    else scatter_tile_checked(n_tile, false);
#else
    scatter_tile_checked(n_tile, false);
#endif
}
