// The tile kernel's subgroup steps (SUBGROUP_LOG2 > 0), through the subgroup backend's
// shuffle_in() (tile_subgroups.glsl): steps whose pivot is a lane bit, and wide chunks
// (WIDE_CHUNKS).

#if SUBGROUP_LOG2 > 0
// Register j against the fetched element: the lower position keeps the smaller key. Both
// lanes of a pair see the same two keys, so equal keys never move.
void keep_side(uint j, bool lower) {
#if HAS_VALUES
    bool take = (lower ? pair_greater(reg_keys[j], reg_values[j], other_keys[j], other_values[j])
                       : pair_greater(other_keys[j], other_values[j], reg_keys[j], reg_values[j])) != 0u;
#else
    bool take = lower ? KEY_LESS(other_keys[j], reg_keys[j]) : KEY_LESS(reg_keys[j], other_keys[j]);
#endif
    if (take) {
        reg_keys[j] = other_keys[j];
#if HAS_VALUES
        reg_values[j] = other_values[j];
#endif
    }
}

// One step whose pivot is a lane bit: register j of this lane meets register
// (j ^ register_mask) of lane (lane ^ lane_mask).
void shuffle_step(uint lane_mask, uint register_mask, uint pivot_lane_bit) {
    shuffle_in(lane_mask, register_mask);
    bool lower = (subgroup_lane() & (1u << pivot_lane_bit)) == 0u;
    for (uint j = 0u; j < ELEMS; ++j) keep_side(j, lower);
}

// One step whose pivot (a tile bit) is held by the lane bits of lane_mask, in a layout where
// register j sits at positions[j] and a flip may have reversed some pairs: the side comes
// from the position itself.
void positioned_shuffle_step(uint lane_mask, uint pivot) {
    shuffle_in(lane_mask, 0u);
    for (uint j = 0u; j < ELEMS; ++j) keep_side(j, (positions[j] & (1u << pivot)) == 0u);
}
#endif

#if SUBGROUP_LOG2 > 0 && WIDE_CHUNKS
// A wide chunk: the chunk's registers hold pivots q .. p_hi (q = p_hi + 1 - ELEMS_LOG2) and
// its lanes the SUBGROUP_LOG2 bits just below q, so up to ELEMS_LOG2 + SUBGROUP_LOG2 steps
// (registers first, then shuffles) run between two barriers instead of ELEMS_LOG2. Needs
// q >= SUBGROUP_LOG2. Lanes on bits q-5 .. q-1 (q <= 10) meet distinct banks under
// bank_swizzle: bits below 5 pick the bank themselves, bits 5 .. 9 through the XOR.
// It trades a round trip and its barrier for up to SUBGROUP_LOG2 shuffle steps: a gain where
// many tiles wait on memory and barriers, a loss where the data sits in L2 (measured:
// BitonicTuning::wide_chunk_min_count, bench/results/history.md).
void run_wide_chunk(uint p_hi, uint p_lo, bool flip) {
    if (thread_active()) {
        Chunk c;
        c.q = p_hi + 1u - ELEMS_LOG2;
        c.p_hi = p_hi;
        c.p_lo = max(p_lo, c.q);
        c.flip = flip;
        uint lane_low = c.q - uint(SUBGROUP_LOG2);
        uint group = subgroup_id();
        // Subgroup bits fill the slot bits the lanes and registers leave, low ones first, so
        // the active invocations of a small local sort stay inside its 2^g_stages elements.
        uint spread = (group & ((1u << lane_low) - 1u)) | (subgroup_lane() << lane_low) |
                      ((group >> lane_low) << c.q);
        chunk_positions(c, chunk_base(c, spread));
        load_registers();
        chunk_steps(c);
        for (uint i = 0u; i < uint(SUBGROUP_LOG2); ++i) {
            uint pivot = c.q - 1u - i;
            if (pivot >= p_lo) positioned_shuffle_step(1u << (pivot - lane_low), pivot);
        }
        store_registers();
    }
    barrier();
}
#endif
