// The tile kernel's global memory: which elements a tile holds (consecutive ones, or a
// window's runs), loads and stores of 4 elements per invocation and round, and direct tile
// I/O between global memory and registers (DIRECT_TILE_IO).

// Mode 2: where tile slot s lives in memory. Its low g_run_log2 bits are the offset in a
// run, its high d bits become the step bits p_lo .. p_hi, and the workgroup's base
// holds every other bit. In slot coordinates the window's steps are the tile's own steps
// of pivots TILE_LOG2-1 .. g_run_log2, with the same orientation: a disperse on global
// bit m is a disperse on its slot bit. The stage's flip pairs x with x ^ (2^k - 1), which
// also changes bits between the run and the window; so the upper half of a flipping tile
// (slot bit TILE_LOG2-1 set) reads those bits complemented. Then x's partner sits in slot
// s ^ (TILE_SIZE - 1): the tile's own flip, and the window needs no special step.
uint window_position(uint slot) {
    uint run_mask = (1u << g_run_log2) - 1u;
    uint position = g_tile_base | (slot & run_mask) | ((slot >> g_run_log2) << g_pass.p_lo);
    return slot >= TILE_SIZE / 2u ? position ^ g_flip_mask : position;
}

uint slot_position(uint slot) {
    return g_pass.mode == GPUSORT_BITONIC_TILE_WINDOW ? window_position(slot) : g_tile_base + slot;
}

// Global <-> shared, 4 elements per invocation and round: coalesced 16-byte accesses
// (64-bit keys: two uvec4s of keys per round). A quad never straddles runs (RUN >= 4).
void load_tile() {
    bool aligned = vectors_aligned();
    for (uint r = 0u; r < ELEMS / 4u; ++r) {
        uint local_index = (r * GROUP_SIZE + gl_LocalInvocationIndex) * 4u;
        uint first = slot_position(local_index);
        if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT && local_index >= (1u << g_stages)) continue;  // beyond a small sort
        KEY4 k;
#if HAS_VALUES
        uvec4 v;
#endif
        load_quad(first, g_count, aligned, k WITH_VALUES(v));
        for (uint l = 0u; l < 4u; ++l) {
            KEY key = k[l];
            // The first pass maps the user's keys; the padding must stay +infinity.
            if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT && first + l < g_count) key = to_ordered(key, u_key_xor);
            tile_keys[bank_swizzle(local_index + l)] = key;
#if HAS_VALUES
            tile_values[bank_swizzle(local_index + l)] = v[l];
#endif
        }
    }
    barrier();
}

void store_tile() {
    bool aligned = vectors_aligned();
    for (uint r = 0u; r < ELEMS / 4u; ++r) {
        uint local_index = (r * GROUP_SIZE + gl_LocalInvocationIndex) * 4u;
        uint first = slot_position(local_index);
        if (first >= g_count) continue;
        KEY4 k;
#if HAS_VALUES
        uvec4 v;
#endif
        for (uint l = 0u; l < 4u; ++l) {
            KEY key = tile_keys[bank_swizzle(local_index + l)];
            k[l] = g_last_pass ? from_ordered(key, u_key_xor) : key;
#if HAS_VALUES
            v[l] = tile_values[bank_swizzle(local_index + l)];
#endif
        }
        store_quad(first, g_count, aligned, k WITH_VALUES(v));
    }
}

// Mode 2: the workgroup's base position. Workgroup g enumerates the bits the window does
// not hold: bits g_run_log2 .. p_lo-1 (low bits of g), then bits p_hi+1 and up.
void begin_window(uint group) {
    uint d = g_pass.p_hi - g_pass.p_lo + 1u;
    g_run_log2 = TILE_LOG2 - d;
    uint between = g_pass.p_lo - g_run_log2;  // bits between the run and the window
    uint low = group & ((1u << between) - 1u);
    g_tile_base = (low << g_run_log2) | ((group >> between) << (g_pass.p_hi + 1u));
    g_flip_mask = PASS_FLIPS ? ((1u << g_pass.p_lo) - 1u) & ~((1u << g_run_log2) - 1u) : 0u;
}

#if DIRECT_TILE_IO
// Direct tile I/O (window passes). The pass reads global memory into registers in one
// layout, runs the steps that layout holds (registers and shuffles), exchanges through
// shared memory once into a second layout, runs the rest, and writes global memory from
// registers: one shared-memory round trip instead of one per three steps plus one at each
// end. Slot bits of the layouts, for ELEMS 8 (3 register bits) and 32 lanes:
//   top: registers TILE_LOG2-3 .. TILE_LOG2-1 (the first basis vector may be the flip),
//        lanes 0..3 and TILE_LOG2-4, subgroups 4 .. TILE_LOG2-5. A subgroup's access is
//        two runs of 16 consecutive elements: full 32-byte sectors.
//   low: registers 5..7, lanes 0..4, subgroups 8 and up (runs >= 16).
// The top layout runs the window's first four steps (the flip among them), low the rest.

void top_layout(bool flip) {
    Chunk c;
    c.q = TILE_LOG2 - 3u;
    c.p_hi = TILE_LOG2 - 1u;
    c.p_lo = c.q;
    c.flip = flip;
    uint lane = subgroup_lane();
    chunk_positions(c, (lane & 15u) | ((lane >> 4u) << (TILE_LOG2 - 4u)) | (subgroup_id() << 4u));
}

// The top layout's steps from pivot TILE_LOG2-1 down to `floor`.
void top_steps(bool flip, uint floor) {
    Chunk c;
    c.q = TILE_LOG2 - 3u;
    c.p_hi = TILE_LOG2 - 1u;
    c.p_lo = max(c.q, floor);
    c.flip = flip;
    chunk_steps(c);
    if (floor <= TILE_LOG2 - 4u) positioned_shuffle_step(16u, TILE_LOG2 - 4u);
}

// Registers <-> memory at the window slots in positions[] (keys already ordered; a window
// is never a sort's last pass).
#if HAS_VALUES || KEY_WORDS != 1 || SUBGROUP_LOG2 != 5
#error "direct tile I/O is for 32-bit keys without values, 8 elements and subgroups of 32 (the host asks for no more)"
#endif
void load_slots() {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = window_position(positions[j]);
        reg_keys[j] = position < g_count ? load_key(position) : ORDERED_INFINITY;
    }
}

void store_slots() {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = window_position(positions[j]);
        if (position < g_count) store_key(position, reg_keys[j]);
    }
}

void window_direct() {
    bool flip = PASS_FLIPS;
    top_layout(flip);
    load_slots();
    top_steps(flip, g_run_log2);
    if (g_run_log2 + 5u <= TILE_LOG2) {  // steps below the top layout's four
        store_registers();
        barrier();
        Chunk c;
        c.q = 5u;
        c.p_hi = TILE_LOG2 - 5u;
        c.p_lo = max(5u, g_run_log2);
        c.flip = false;
        chunk_positions(c, chunk_base(c, thread_rank()));
        load_registers();
        chunk_steps(c);
        if (g_run_log2 <= 4u) positioned_shuffle_step(16u, 4u);
    }
    store_slots();
}
#endif
