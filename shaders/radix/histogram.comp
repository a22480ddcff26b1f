// Digit histograms, counted in shared memory and added to the meta buffer's global ones.
// ALL_PASSES 1 (Onesweep): one read of the keys counts the digits of every pass; each
//   workgroup takes HISTOGRAM_KEYS keys, and also zeroes its share of the Onesweep status
//   table, so that the first pass finds every partition's status "not ready". The workgroup
//   whose add brings a bin to n marks that pass as one whose digit every key shares, in the
//   pass's ticket counter (TICKET_KEPT_ORDER).
// ALL_PASSES 0 (reduce-then-scan upsweep): the digits of pass u_pass in each block of
//   u_tiles_per_block tiles, stored digit-major as tile_state[digit * blocks + block] (the
//   scan turns them into offsets) and added to the pass's global histogram.
// Extra #defines: ALL_PASSES, TILE_SIZE, HISTOGRAM_KEYS, HISTOGRAM_PASSES (the most digit
// passes a sort of this key type takes). GROUP_SIZE is Config::histogram_group with ALL_PASSES,
// the small kernels' size without.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) buffer TileState { uint tile_state[]; };

layout(location = GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES) uniform uint u_passes;  // ALL_PASSES: digit passes
layout(location = GPUSORT_RADIX_LOCATION_BEGIN_BIT) uniform uint u_begin_bit;      // ALL_PASSES
layout(location = GPUSORT_RADIX_LOCATION_END_BIT) uniform uint u_end_bit;          // ALL_PASSES

#if ALL_PASSES
#define HISTOGRAM_WORDS (HISTOGRAM_PASSES * RADIX)
#else
#define HISTOGRAM_WORDS RADIX
#endif
shared uint s_histogram[HISTOGRAM_WORDS];

// Pass p's lowest key bit and digit mask for the bits [u_begin_bit, u_end_bit); passes past the
// last count nothing.
uint pass_shift_of(uint p) { return min(u_begin_bit + p * RADIX_BITS, u_end_bit); }
uint pass_mask_of(uint p) { return (1u << min(RADIX_BITS, u_end_bit - pass_shift_of(p))) - 1u; }

// `all_bits`: the sort takes every bit of the key, a whole digit a pass (a constant where
// count_range() inlines it). Shifts and masks are computed where a key is counted rather than
// held in per-pass arrays, which would cost each invocation registers and so the kernel its
// residency.
void count_key(KEY key, bool all_bits) {
#if ALL_PASSES
    for (uint p = 0u; p < ROLLED(HISTOGRAM_PASSES); ++p) {
        if (all_bits) atomicAdd(s_histogram[p * RADIX + digit_at(key, p * RADIX_BITS, RADIX - 1u)], 1u);
        else if (p < u_passes) atomicAdd(s_histogram[p * RADIX + digit_at(key, pass_shift_of(p), pass_mask_of(p))], 1u);
    }
#else
    atomicAdd(s_histogram[digit_of(key)], 1u);
#endif
}

// Counts the keys at positions [begin, end); begin is a multiple of KEYS_PER_VECTOR.
void count_range_of(uint begin, uint end, bool all_bits) {
    bool aligned = key_vectors_aligned();
    for (uint first = begin + gl_LocalInvocationIndex * KEYS_PER_VECTOR; first < end;
         first += GROUP_SIZE * KEYS_PER_VECTOR) {
        if (aligned && first + KEYS_PER_VECTOR <= end) {
            uvec4 v = src_key_vectors[(SRC_KEY_BASE + first) / KEYS_PER_VECTOR];
#if KEY_WORDS == 2
            KEY k0 = v.yx, k1 = v.wz;
            count_key(first_pass_ordered(k0), all_bits);
            count_key(first_pass_ordered(k1), all_bits);
#else
            for (uint l = 0u; l < ROLLED(4u); ++l) count_key(first_pass_ordered(v[l]), all_bits);
#endif
        } else {
            for (uint l = 0u; l < ROLLED(KEYS_PER_VECTOR); ++l) {
                if (first + l < end) count_key(load_key(first + l), all_bits);
            }
        }
    }
}

void count_range(uint begin, uint end) {
#if ALL_PASSES
    // A uniform branch to the copy of the loop with constant shifts and masks.
    bool all_bits = u_begin_bit == 0u && u_end_bit == uint(KEY_WORDS) * 32u && u_passes == HISTOGRAM_PASSES &&
                    (uint(KEY_WORDS) * 32u) % RADIX_BITS == 0u;
    if (all_bits) count_range_of(begin, end, true);
    else count_range_of(begin, end, false);
#else
    count_range_of(begin, end, false);
#endif
}

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

void main() {
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint group = linear_group_id();
    uint tiles = ceil_div(n, TILE_SIZE);
#if ALL_PASSES
    uint groups = ceil_div(n, HISTOGRAM_KEYS);
    if (group >= groups) return;
    // This workgroup's share of the status words of every partition (word order).
    uint status_words = tiles * RADIX;
    uint share = ceil_div(status_words, groups);
    for (uint i = group * share + t; i < min(status_words, (group + 1u) * share); i += GROUP_SIZE) tile_state[i] = 0u;
    uint begin = group * HISTOGRAM_KEYS;
    uint end = min(n, begin + HISTOGRAM_KEYS);
    uint words = u_passes * RADIX;
#else
    uint blocks = ceil_div(tiles, u_tiles_per_block);
    if (group >= blocks) return;
    uint begin = group * u_tiles_per_block * TILE_SIZE;
    uint end = min(n, begin + u_tiles_per_block * TILE_SIZE);
    uint words = RADIX;
#endif
    for (uint i = t; i < words; i += GROUP_SIZE) s_histogram[i] = 0u;
    barrier();
    count_range(begin, end);
    barrier();
#if ALL_PASSES
    uint keys_here = end - begin;
    for (uint i = t; i < words; i += GROUP_SIZE) {
        uint c = s_histogram[i];
        // With the marks, a bin that holds all of this workgroup's keys is added below.
        if (c != 0u && (KEPT_ORDER == 0 || c != keys_here)) atomicAdd(meta[META_HISTOGRAMS + i], c);
    }
#if KEPT_ORDER
    // Bins only grow: the add that brings one to n finds every key in it, so its pass keeps the
    // order (onesweep.comp write_tile_in_place()). Only a workgroup whose own keys all fall in
    // one bin of a pass can make that add, so only its adds wait for their results, in a loop
    // of their own: the adds above return nothing, as in a histogram without the marks (adds
    // that all waited, a last workgroup that read every bin, or both kinds of add in one loop
    // cost sorts of random keys 1-6 % on the H200: bench/results/history.md).
    for (uint i = t; i < words; i += GROUP_SIZE) {
        uint c = s_histogram[i];
        if (c != 0u && c == keys_here && atomicAdd(meta[META_HISTOGRAMS + i], c) + c == n)
            atomicOr(meta[META_TICKETS + i / RADIX], TICKET_KEPT_ORDER);
    }
#endif
#else
    for (uint i = t; i < words; i += GROUP_SIZE) {
        uint c = s_histogram[i];
        if (c != 0u) atomicAdd(meta[META_HISTOGRAMS + u_pass * RADIX + i], c);
        tile_state[i * blocks + group] = c;
    }
#endif
}
