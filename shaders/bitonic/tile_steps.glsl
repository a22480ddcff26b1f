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

#if COMPACT_STEPS
// The pass as one walk (COMPACT_STEPS, tile_config.glsl): every chunk of every mode is loaded,
// stepped and stored at one place in the program, where the per-mode code above inlines its
// chunk, blocked and register moves at 16. A JIT that builds per-lane code for each
// shared-memory access, as llvmpipe does, spends most of a build on those copies
// (bench/results/llvmpipe-2026-11-29-cold-builds.md). The walk runs the same steps in the same
// order, a chunk and a barrier at a time, as the per-mode code (a window whose runs are shorter
// than ELEMS takes its last steps in one more chunk).

// Segment `index` of the pass: the steps of one stage from pivot `hi` down to `floor`, the first
// a flip where `flip`. False past the last. (Mode 0's stages up to ELEMS_LOG2 are not segments:
// the walk sorts them in registers first.)
bool pass_segment(uint index, out int hi, out uint floor, out bool flip) {
    floor = 0u;
    flip = false;
    hi = -1;
    if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT) {
        uint k = ELEMS_LOG2 + 1u + index;
        flip = true;
        hi = int(k) - 1;
        return k <= g_stages;
    }
    if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_DISPERSE) {
        hi = int(g_pass.p_hi);
        return index == 0u;
    }
    if (index == 0u) {
        hi = int(g_pass.pre) - 1;  // -1: no disperses of the stage before, an empty segment
        return true;
    }
    hi = int(TILE_LOG2) - 1;
    floor = g_run_log2;
    flip = PASS_FLIPS;
    return index == 1u;
}

void walk_pass() {
    bool sort_registers_first = g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT;
    uint segment = 0u;
    int hi = -1;
    uint floor = 0u;
    bool flip = false;
    for (;;) {
        Chunk c;
        if (!sort_registers_first) {
            while (hi < int(floor)) {
                if (!pass_segment(segment, hi, floor, flip)) return;
                segment += 1u;
            }
            // Pivots at or above ELEMS_LOG2 through shared memory, ELEMS_LOG2 at a time; the
            // rest in one chunk of the blocked layout's window (q = 0).
            uint shared_floor = max(floor, ELEMS_LOG2);
            c.p_hi = uint(hi);
            c.flip = flip;
            if (hi >= int(shared_floor)) {
                c.q = c.p_hi + 1u - ELEMS_LOG2;
                c.p_lo = max(c.p_hi + 1u - ELEMS_LOG2, shared_floor);
            } else {
                c.q = 0u;
                c.p_lo = floor;
            }
            hi = int(c.p_lo) - 1;
            flip = false;
        }
        if (thread_active()) {
            if (sort_registers_first) {
                uint base = thread_rank() * ELEMS;
                for (uint j = 0u; j < ELEMS; ++j) positions[j] = base + j;
            } else {
                chunk_positions(c, chunk_base(c, thread_rank()));
            }
            load_registers();
            if (sort_registers_first) sort_registers(); else chunk_steps(c);
            store_registers();
        }
        barrier();
        sort_registers_first = false;
    }
}
#endif
