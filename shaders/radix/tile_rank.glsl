// The tile's ranking phase (tile.glsl): per-subgroup digit counts, their scan, and each key's
// rank in the tile.

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
    stamp_phase(GPUSORT_RADIX_PHASE_LOAD);  // every invocation's digits were computed from its keys
    uint counters = subgroup_id() * HALF_RADIX;
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint d = row_digit(j);
        atomicAdd(s_area[counters + (d >> 1u)], 1u << ((d & 1u) << 4u));
    }
    barrier();
    sum_subgroup_counters();
    stamp_phase(GPUSORT_RADIX_PHASE_HISTOGRAM);
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
    stamp_phase(GPUSORT_RADIX_PHASE_RANK);
}
