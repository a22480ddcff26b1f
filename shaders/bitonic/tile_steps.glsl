// The tile kernel's network steps on a tile: through shared memory a chunk at a time, and
// in registers on the blocked layout (the local sort's stages, the last disperses).

// Steps from pivot p_hi down to pivot `floor` through shared memory, ELEMS_LOG2 at a
// time (with subgroups up to ELEMS_LOG2 + SUBGROUP_LOG2); the first may be a flip.
void run_steps_down_to(uint p_hi, uint floor, bool flip) {
    int hi = int(p_hi);
    while (hi >= int(floor)) {
#if SUBGROUP_LOG2 > 0 && WIDE_CHUNKS
        if (hi + 1 - int(floor) > int(ELEMS_LOG2) && hi + 1 >= int(ELEMS_LOG2) + SUBGROUP_LOG2) {
            int wide_lo = max(hi + 1 - (int(ELEMS_LOG2) + SUBGROUP_LOG2), int(floor));
            run_wide_chunk(uint(hi), uint(wide_lo), flip);
            flip = false;
            hi = wide_lo - 1;
            continue;
        }
#endif
        int lo = max(hi - int(ELEMS_LOG2) + 1, int(floor));
        run_chunk(uint(hi), uint(lo), flip);
        flip = false;
        hi = lo - 1;
    }
}

// Disperse steps of pivots p_start (< SUBGROUP_ELEMS_LOG2) .. 0, never a flip, on the
// blocked layout in registers: lane bits by shuffles, register bits in place.
void blocked_disperses(uint p_start) {
#if SUBGROUP_LOG2 > 0
    for (uint p = p_start; p >= ELEMS_LOG2 && p < SUBGROUP_ELEMS_LOG2; --p) shuffle_step(1u << (p - ELEMS_LOG2), 0u, p - ELEMS_LOG2);
#endif
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        uint m = ELEMS_LOG2 - 1u - i;
        if (m <= p_start) register_disperse(m);
    }
}

// The steps of stage k with pivots from p_start (< SUBGROUP_ELEMS_LOG2) down to 0, on the
// blocked layout in registers: lane bits by shuffles, register bits in place. `flip` when
// p_start is the stage's flip (k - 1 >= ELEMS_LOG2). (Not blocked_disperses(): its test on each
// register pivot made the local sort slower, bench/results/history.md.)
void subgroup_steps(uint k, uint p_start, bool flip) {
#if SUBGROUP_LOG2 > 0
    uint p = p_start;
    if (flip) {
        // x ^ (2^k - 1) flips every lane bit below k-1-ELEMS_LOG2 and every register bit.
        shuffle_step(((1u << k) - 1u) >> ELEMS_LOG2, ELEMS - 1u, k - 1u - ELEMS_LOG2);
        p = k - 2u;
    }
    for (; p >= ELEMS_LOG2 && p < SUBGROUP_ELEMS_LOG2; --p) shuffle_step(1u << (p - ELEMS_LOG2), 0u, p - ELEMS_LOG2);
#endif
    for (uint i = 0u; i < ELEMS_LOG2; ++i) register_disperse(ELEMS_LOG2 - 1u - i);
}

// Stages 1 .. min(SUBGROUP_ELEMS_LOG2, g_stages) touch only the low SUBGROUP_ELEMS_LOG2
// bits, so each invocation (with subgroups: each subgroup) sorts its elements in registers,
// which hold the blocked layout.
void sort_registers() {
    // Every loop has a constant trip count so that the compiler unrolls it and the
    // register arrays are indexed by constants (NVIDIA otherwise puts them in local memory).
    for (uint k = 1u; k <= ELEMS_LOG2; ++k) {
        if (k <= g_stages) {
            uint flip_mask = (1u << k) - 1u;
            for (uint j = 0u; j < ELEMS; ++j) {
                if ((j & (1u << (k - 1u))) == 0u) compare_exchange(j, j ^ flip_mask, false);
            }
            for (uint i = 0u; i < ELEMS_LOG2; ++i) {
                uint m = ELEMS_LOG2 - 1u - i;  // disperse strides 2^(k-2) .. 1
                if (m + 2u <= k) {
                    for (uint j = 0u; j < ELEMS; ++j) {
                        if ((j & (1u << m)) == 0u) compare_exchange(j, j | (1u << m), false);
                    }
                }
            }
        }
    }
    for (uint k = ELEMS_LOG2 + 1u; k <= min(g_stages, SUBGROUP_ELEMS_LOG2); ++k) subgroup_steps(k, k - 1u, true);
}

// Mode 0 from registers holding the blocked layout to registers holding it again: stages
// above SUBGROUP_ELEMS_LOG2 take their wide steps through shared memory.
void local_sort_from_registers() {
    if (thread_active()) sort_registers();
    for (uint k = SUBGROUP_ELEMS_LOG2 + 1u; k <= g_stages; ++k) {
        if (thread_active()) store_registers();
        barrier();
        run_steps_down_to(k - 1u, SUBGROUP_ELEMS_LOG2, true);
        // The steps of stage k with pivots below SUBGROUP_ELEMS_LOG2 (never its flip).
        if (thread_active()) {
            load_blocked();
            subgroup_steps(k, SUBGROUP_ELEMS_LOG2 - 1u, false);
        }
    }
}

// Disperse steps of pivots p_hi .. 0 (tile slot bits) on the tile in shared memory, which
// holds the result afterwards: the wide ones through shared memory, the rest in registers.
void low_disperses(uint p_hi) {
    run_steps_down_to(p_hi, SUBGROUP_ELEMS_LOG2, false);
    if (thread_active()) {
        load_blocked();
        blocked_disperses(min(p_hi, SUBGROUP_ELEMS_LOG2 - 1u));
        store_registers();
    }
    barrier();
}
