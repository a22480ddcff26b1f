// The tile kernel: a workgroup owns TILE_SIZE elements in shared memory.
//   mode 0 (local sort):     stages 1 .. min(stages, TILE_LOG2) of the network in each tile
//                            of TILE_SIZE consecutive elements.
//   mode 1 (local disperse): the disperse steps of pivots u_p_hi .. 0 (TILE_LOG2-1 .. 0
//                            unless passes cross stages), which finish a stage whose wider
//                            steps ran before, on the same tiles.
//   mode 2 (window):         d = u_p_hi - u_p_lo + 1 consecutive wide steps of stage
//                            u_stage (pivots u_p_hi .. u_p_lo, all >= TILE_LOG2 - d) in one
//                            sweep over memory. The tile is 2^(TILE_LOG2 - d) runs of
//                            RUN = 2^(TILE_LOG2 - d) consecutive elements, one run per value
//                            of the step bits, so loads and stores stay coalesced; see
//                            window_position() for the mapping and why the flip fits.
//                            With u_pre > 0 the pass first runs the last disperses of stage
//                            u_stage - 1 (pivots u_pre-1 .. 0), which lie in the runs: one
//                            sweep over memory then ends one stage and starts the next.
// Extra #defines: TILE_LOG2 (TILE_SIZE = 2^TILE_LOG2 = GROUP_SIZE * ELEMS; ELEMS >= 4), and
// SUBGROUP_LOG2 (0 = no subgroups; else log2 of the subgroup size, which then must divide
// GROUP_SIZE). With subgroups every step whose pivot is below WARP_LOG2 runs in registers
// and shuffles, with no shared memory and no barrier.
// SUBGROUP_EMULATION 1: the same code with each shuffle done through shared memory between
// two barriers (every invocation then takes part in every step), so that contexts without
// GL_KHR_shader_subgroup, like llvmpipe in CI, run and check the subgroup paths.
// FUSED_PASSES 1: one dispatch runs the tiles of several passes, a workgroup per tile, each
// waiting for the passes before its own (fused_main(), Tuning::fused_passes_max_count).
// DIRECT_TILE_IO 1 (the host sets it for 32-bit keys without values, subgroups of 32, ELEMS 8
// and TILE_LOG2 9 .. 12): window passes read global memory straight into registers and
// write it straight from registers, in layouts chosen so that one exchange through shared
// memory sits between the two halves of a pass (see "Direct tile I/O" below).

#define TILE_SIZE (1u << TILE_LOG2)

#if SUBGROUP_LOG2 > 0
#define WARP_LOG2 (ELEMS_LOG2 + SUBGROUP_LOG2)  // bits one subgroup holds in registers
#else
#define WARP_LOG2 ELEMS_LOG2
#endif

layout(local_size_x = GROUP_SIZE) in;

// FUSED_PASSES 1 (common.glsl): one dispatch runs several passes (fused_main() at the end);
// the pass of the tile at hand then lives in these names as plain variables.
#if FUSED_PASSES
uint u_mode, u_stage, u_p_hi, u_p_lo, u_flip, u_pre;
#else
layout(location = GPUSORT_TILE_LOCATION_MODE) uniform uint u_mode;    // GPUSORT_TILE_*
layout(location = GPUSORT_TILE_LOCATION_STAGE) uniform uint u_stage;  // modes 1, 2: the stage k the steps belong to
layout(location = GPUSORT_TILE_LOCATION_P_HI) uniform uint u_p_hi;    // modes 1, 2: pivot of the first step
layout(location = GPUSORT_TILE_LOCATION_P_LO) uniform uint u_p_lo;    // mode 2: pivot of the last step
layout(location = GPUSORT_TILE_LOCATION_FLIP) uniform uint u_flip;    // mode 2: the first step is the stage's flip
layout(location = GPUSORT_TILE_LOCATION_PRE) uniform uint u_pre;      // mode 2: disperses of stage u_stage-1 to run first
#endif

// Derived once per invocation from the element count (which may come from the GPU).
uint g_count;         // elements to sort
uint g_stages;        // mode 0: stages 1 .. g_stages run inside the tile
bool g_last_pass;     // this pass finishes the sort: keys leave as the user's raw bits
uint g_tile_base;     // modes 0, 1: the tile's first element; mode 2: window_position(0)
uint g_run_log2;      // mode 2: log2 of the run length
uint g_flip_mask;     // mode 2: what the upper half of a flipping window XORs in

shared KEY tile_keys[TILE_SIZE];
#if HAS_VALUES
shared uint tile_values[TILE_SIZE];
#endif

// XOR-swizzling each 32-word row by the row index spreads strided accesses over the
// banks without the extra shared memory that padding would cost.
uint bank_swizzle(uint i) {
    // (The direct window layouts see at most 2-way conflicts with it. A swizzle chosen per
    // mode at run time cost every tile pass 30-50 % on an H200: local disperses 113 against
    // 72 us at 2^24.)
    return i ^ ((i >> 5u) & 31u);
}

#if SUBGROUP_EMULATION
uint subgroup_id() { return gl_LocalInvocationIndex >> SUBGROUP_LOG2; }
uint subgroup_lane() { return gl_LocalInvocationIndex & ((1u << SUBGROUP_LOG2) - 1u); }

// One word per register and invocation: an emulated shuffle of all ELEMS registers costs two
// barriers per word of the element, not two per register.
shared uint exchange_words[GROUP_SIZE * ELEMS];
#elif SUBGROUP_LOG2 > 0
uint subgroup_id() { return gl_SubgroupID; }
uint subgroup_lane() { return gl_SubgroupInvocationID; }
#endif

// The invocation's rank in the data layout. With subgroups, consecutive ranks share a
// subgroup, whatever order the implementation groups invocations in.
uint thread_rank() {
#if SUBGROUP_LOG2 > 0
    return (subgroup_id() << SUBGROUP_LOG2) + subgroup_lane();
#else
    return gl_LocalInvocationIndex;
#endif
}

// A sort smaller than the tile (mode 0 with g_stages < TILE_LOG2) touches only the first
// 2^g_stages elements; invocations past them idle through the barriers. Under emulation
// they join in (on +infinity padding that never leaves the tile): shuffles are barriers.
bool thread_active() {
#if SUBGROUP_EMULATION
    return true;
#else
    return u_mode != GPUSORT_TILE_LOCAL_SORT || thread_rank() * ELEMS < (1u << g_stages);
#endif
}

void load_registers() {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(positions[j]);
        reg_keys[j] = tile_keys[s];
#if HAS_VALUES
        reg_values[j] = tile_values[s];
#endif
    }
}

void store_registers() {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(positions[j]);
        tile_keys[s] = reg_keys[j];
#if HAS_VALUES
        tile_values[s] = reg_values[j];
#endif
    }
}

void run_chunk(uint p_hi, uint p_lo, bool flip) {
    if (thread_active()) {
        Chunk c;
        c.q = (p_hi + 1u >= ELEMS_LOG2) ? p_hi + 1u - ELEMS_LOG2 : 0u;
        c.p_hi = p_hi;
        c.p_lo = p_lo;
        c.flip = flip;
        chunk_positions(c, chunk_base(c, thread_rank()));
        load_registers();
        chunk_steps(c);
        store_registers();
    }
    barrier();
}

// Layout "blocked": the invocation of rank t holds elements t * ELEMS + j of the tile, so
// the low ELEMS_LOG2 bits of an index are register bits and the next SUBGROUP_LOG2 bits
// are lane bits.
void load_blocked() {
    uint base = thread_rank() * ELEMS;
    for (uint j = 0u; j < ELEMS; ++j) positions[j] = base + j;
    load_registers();
}

// Disperse step of pivot m < ELEMS_LOG2: both elements sit in this invocation.
void register_disperse(uint m) {
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        if (i == m) {
            for (uint j = 0u; j < ELEMS; ++j) {
                if ((j & (1u << i)) == 0u) compare_exchange(j, j | (1u << i), false);
            }
        }
    }
}

#if SUBGROUP_LOG2 > 0
KEY_REG other_keys[ELEMS];
#if HAS_VALUES
REG other_values[ELEMS];
#endif

#if HAS_VALUES
#define REG_WORD_VALUE(j) reg_values[j]
#else
#define REG_WORD_VALUE(j) 0u
#endif

#if SUBGROUP_EMULATION
// Every invocation of the workgroup must call the emulated shuffle (barriers), which is why
// thread_active() is always true under emulation. `word` picks a 32-bit word of the element
// (0, 1: key words; 2: value); the barrier before the writes lets the previous exchange's
// reads finish.
uint exchanged_word(uint j, uint word) {
#if KEY_WORDS == 2
    return word == 0u ? reg_keys[j].x : word == 1u ? reg_keys[j].y : REG_WORD_VALUE(j);
#else
    return word == 0u ? reg_keys[j] : REG_WORD_VALUE(j);
#endif
}

void shuffle_in(uint lane_mask, uint register_mask) {
    uint mine = gl_LocalInvocationIndex * ELEMS;
    uint theirs = (gl_LocalInvocationIndex ^ lane_mask) * ELEMS;
    for (uint word = 0u; word < uint(KEY_WORDS + HAS_VALUES); ++word) {
        barrier();
        for (uint j = 0u; j < ELEMS; ++j) exchange_words[mine + j] = exchanged_word(j, word);
        barrier();
        for (uint j = 0u; j < ELEMS; ++j) {
            uint w = exchange_words[theirs + (j ^ register_mask)];
#if KEY_WORDS == 2
            if (word == 0u) other_keys[j].x = w;
            if (word == 1u) other_keys[j].y = w;
#else
            if (word == 0u) other_keys[j] = w;
#endif
#if HAS_VALUES
            if (word == uint(KEY_WORDS)) other_values[j] = w;
#endif
        }
    }
}
#else
// Fetches register (j ^ register_mask) of lane (lane ^ lane_mask) into other_*[j].
void shuffle_in(uint lane_mask, uint register_mask) {
    for (uint j = 0u; j < ELEMS; ++j) {
        other_keys[j] = subgroupShuffleXor(reg_keys[j ^ register_mask], lane_mask);
#if HAS_VALUES
        other_values[j] = subgroupShuffleXor(reg_values[j ^ register_mask], lane_mask);
#endif
    }
}
#endif

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
// many tiles wait on memory and barriers, a loss where the data sits in L2 (measured on an
// H200: Tuning::wide_chunk_min_count).
void run_wide_chunk(uint p_hi, uint p_lo, bool flip) {
    if (thread_active()) {
        Chunk c;
        c.q = p_hi + 1u - ELEMS_LOG2;
        c.p_hi = p_hi;
        c.p_lo = max(p_lo, c.q);
        c.flip = flip;
        uint lane_low = c.q - SUBGROUP_LOG2;
        uint group = subgroup_id();
        // Subgroup bits fill the slot bits the lanes and registers leave, low ones first, so
        // the active invocations of a small local sort stay inside its 2^g_stages elements.
        uint spread = (group & ((1u << lane_low) - 1u)) | (subgroup_lane() << lane_low) |
                      ((group >> lane_low) << c.q);
        chunk_positions(c, chunk_base(c, spread));
        load_registers();
        chunk_steps(c);
        for (uint i = 0u; i < SUBGROUP_LOG2; ++i) {
            uint pivot = c.q - 1u - i;
            if (pivot >= p_lo) positioned_shuffle_step(1u << (pivot - lane_low), pivot);
        }
        store_registers();
    }
    barrier();
}
#endif

// Steps from pivot p_hi down to pivot `floor` through shared memory, ELEMS_LOG2 at a
// time (with subgroups up to ELEMS_LOG2 + SUBGROUP_LOG2); the first may be a flip.
void run_steps_down_to(uint p_hi, uint floor, bool flip) {
    int hi = int(p_hi);
    while (hi >= int(floor)) {
#if SUBGROUP_LOG2 > 0 && WIDE_CHUNKS
        if (hi + 1 - int(floor) > int(ELEMS_LOG2) && hi + 1 >= int(ELEMS_LOG2 + SUBGROUP_LOG2)) {
            int wide_lo = max(hi + 1 - int(ELEMS_LOG2 + SUBGROUP_LOG2), int(floor));
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

// Disperse steps of pivots p_start (< WARP_LOG2) .. 0, never a flip, on the blocked layout
// in registers: lane bits by shuffles, register bits in place.
void blocked_disperses(uint p_start) {
#if SUBGROUP_LOG2 > 0
    for (uint p = p_start; p >= ELEMS_LOG2 && p < WARP_LOG2; --p) shuffle_step(1u << (p - ELEMS_LOG2), 0u, p - ELEMS_LOG2);
#endif
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        uint m = ELEMS_LOG2 - 1u - i;
        if (m <= p_start) register_disperse(m);
    }
}

// The steps of stage k with pivots from p_start (< WARP_LOG2) down to 0, on the blocked
// layout in registers: lane bits by shuffles, register bits in place. `flip` when p_start
// is the stage's flip (k - 1 >= ELEMS_LOG2). (Not blocked_disperses(): its test on each
// register pivot made the local sort 2 % slower on an H200, 227.7 against 223.1 us at 2^24.)
void warp_steps(uint k, uint p_start, bool flip) {
#if SUBGROUP_LOG2 > 0
    uint p = p_start;
    if (flip) {
        // x ^ (2^k - 1) flips every lane bit below k-1-ELEMS_LOG2 and every register bit.
        shuffle_step(((1u << k) - 1u) >> ELEMS_LOG2, ELEMS - 1u, k - 1u - ELEMS_LOG2);
        p = k - 2u;
    }
    for (; p >= ELEMS_LOG2 && p < WARP_LOG2; --p) shuffle_step(1u << (p - ELEMS_LOG2), 0u, p - ELEMS_LOG2);
#endif
    for (uint i = 0u; i < ELEMS_LOG2; ++i) register_disperse(ELEMS_LOG2 - 1u - i);
}

// Stages 1 .. min(WARP_LOG2, g_stages) touch only the low WARP_LOG2 bits, so each
// invocation (with subgroups: each subgroup) sorts its elements in registers, which hold
// the blocked layout.
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
    for (uint k = ELEMS_LOG2 + 1u; k <= min(g_stages, WARP_LOG2); ++k) warp_steps(k, k - 1u, true);
}

// Mode 0 from registers holding the blocked layout to registers holding it again: stages
// above WARP_LOG2 take their wide steps through shared memory.
void local_sort_from_registers() {
    if (thread_active()) sort_registers();
    for (uint k = WARP_LOG2 + 1u; k <= g_stages; ++k) {
        if (thread_active()) store_registers();
        barrier();
        run_steps_down_to(k - 1u, WARP_LOG2, true);
        // The steps of stage k with pivots below WARP_LOG2 (never its flip: k > WARP_LOG2).
        if (thread_active()) {
            load_blocked();
            warp_steps(k, WARP_LOG2 - 1u, false);
        }
    }
}

// Disperse steps of pivots p_hi .. 0 (tile slot bits) on the tile in shared memory, which
// holds the result afterwards: the wide ones through shared memory, the rest in registers.
void low_disperses(uint p_hi) {
    run_steps_down_to(p_hi, WARP_LOG2, false);
    if (thread_active()) {
        load_blocked();
        blocked_disperses(min(p_hi, WARP_LOG2 - 1u));
        store_registers();
    }
    barrier();
}

// Mode 2: where tile slot s lives in memory. Its low g_run_log2 bits are the offset in a
// run, its high d bits become the step bits u_p_lo .. u_p_hi, and the workgroup's base
// holds every other bit. In slot coordinates the window's steps are the tile's own steps
// of pivots TILE_LOG2-1 .. g_run_log2, with the same orientation: a disperse on global
// bit m is a disperse on its slot bit. The stage's flip pairs x with x ^ (2^k - 1), which
// also changes bits between the run and the window; so the upper half of a flipping tile
// (slot bit TILE_LOG2-1 set) reads those bits complemented. Then x's partner sits in slot
// s ^ (TILE_SIZE - 1): the tile's own flip, and the window needs no special step.
uint window_position(uint slot) {
    uint run_mask = (1u << g_run_log2) - 1u;
    uint position = g_tile_base | (slot & run_mask) | ((slot >> g_run_log2) << u_p_lo);
    return slot >= TILE_SIZE / 2u ? position ^ g_flip_mask : position;
}

uint slot_position(uint slot) {
    return u_mode == GPUSORT_TILE_WINDOW ? window_position(slot) : g_tile_base + slot;
}

// Global <-> shared, 4 elements per invocation and round: coalesced 16-byte accesses
// (64-bit keys: two uvec4s of keys per round). A quad never straddles runs (RUN >= 4).
void load_tile() {
    bool aligned = vectors_aligned();
    for (uint r = 0u; r < ELEMS / 4u; ++r) {
        uint local_index = (r * GROUP_SIZE + gl_LocalInvocationIndex) * 4u;
        uint first = slot_position(local_index);
        if (u_mode == GPUSORT_TILE_LOCAL_SORT && local_index >= (1u << g_stages)) continue;  // beyond a small sort
        KEY4 k;
#if HAS_VALUES
        uvec4 v;
        load_quad(first, g_count, aligned, k, v);
#else
        load_quad(first, g_count, aligned, k);
#endif
        for (uint l = 0u; l < 4u; ++l) {
            KEY key = k[l];
            // The first pass maps the user's keys; the padding must stay +infinity.
            if (u_mode == GPUSORT_TILE_LOCAL_SORT && first + l < g_count) key = to_ordered(key);
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
            k[l] = g_last_pass ? from_ordered(key) : key;
#if HAS_VALUES
            v[l] = tile_values[bank_swizzle(local_index + l)];
#endif
        }
#if HAS_VALUES
        store_quad(first, g_count, aligned, k, v);
#else
        store_quad(first, g_count, aligned, k);
#endif
    }
}

// Mode 2: the workgroup's base position. Workgroup g enumerates the bits the window does
// not hold: bits g_run_log2 .. u_p_lo-1 (low bits of g), then bits u_p_hi+1 and up.
void begin_window(uint group) {
    uint d = u_p_hi - u_p_lo + 1u;
    g_run_log2 = TILE_LOG2 - d;
    uint between = u_p_lo - g_run_log2;  // bits between the run and the window
    uint low = group & ((1u << between) - 1u);
    g_tile_base = (low << g_run_log2) | ((group >> between) << (u_p_hi + 1u));
    g_flip_mask = u_flip != 0u ? ((1u << u_p_lo) - 1u) & ~((1u << g_run_log2) - 1u) : 0u;
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
#if HAS_VALUES || KEY_WORDS != 1
#error "direct tile I/O is for 32-bit keys without values (the host never asks for more)"
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
    bool flip = u_flip != 0u;
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

// One tile of the pass that u_mode .. u_pre describe: workgroup `group` of its dispatch.
void run_tile(uint group) {
    g_count = element_count();
    uint stages = stage_count(g_count);
    g_stages = min(stages, TILE_LOG2);
    g_last_pass = u_mode == GPUSORT_TILE_LOCAL_SORT ? stages <= TILE_LOG2
                                                    : (u_mode == GPUSORT_TILE_LOCAL_DISPERSE && u_stage == stages);
    g_run_log2 = 0u;
    g_flip_mask = 0u;
    if (u_mode == GPUSORT_TILE_WINDOW) {
        begin_window(group);
        // The lowest position of the tile; the flipped half lies above it. Uniform exit.
        if (g_tile_base >= g_count) return;
    } else {
        if (group >= (g_count + TILE_SIZE - 1u) >> TILE_LOG2) return;  // uniform over the workgroup
        g_tile_base = group * TILE_SIZE;
    }

#if DIRECT_TILE_IO
    // Window passes only. Direct local sorts (blocked loads of 32 bytes per invocation) and
    // direct local disperses (top, then blocked layout) measured slower on an H200 than
    // load_tile's fully coalesced 16-byte accesses (bench/results/levers-h200-2026-11-21.md).
    // Runs of 16 fill the top layout's lanes; shorter ones take the path below, and so do
    // windows that start with the previous stage's disperses (u_pre), whose runs are steps.
    if (u_mode == GPUSORT_TILE_WINDOW && g_run_log2 >= 4u && u_pre == 0u) {
        window_direct();
        return;
    }
#endif
    load_tile();
    // Each stage: the steps with pivots >= WARP_LOG2 through shared memory, then the rest in
    // registers (and shuffles) on the blocked layout.
    if (u_mode == GPUSORT_TILE_LOCAL_SORT) {
        if (thread_active()) load_blocked();
        local_sort_from_registers();
        if (thread_active()) store_registers();
        barrier();
    } else if (u_mode == GPUSORT_TILE_LOCAL_DISPERSE) {
        low_disperses(u_p_hi);
    } else {
        // In slot coordinates stage u_stage-1's last disperses are the run's own pivots.
        if (u_pre > 0u) low_disperses(u_pre - 1u);
        run_steps_down_to(TILE_LOG2 - 1u, g_run_log2, u_flip != 0u);
    }
    store_tile();
}

#if FUSED_PASSES
// Fused passes: one dispatch runs the tiles of several passes. Its tiles ("items") are
// numbered pass by pass (pass p's are items u_fused_first_item[p] .. u_fused_first_item[p+1]-1);
// each workgroup takes one item from a ticket counter, waits until every item of the earlier
// passes has finished, runs it and counts it finished. It waits only for items with smaller
// tickets, which workgroups already running took, so it never waits for one that has not
// started: the dispatch completes whatever the GPU keeps resident at once. One item per
// workgroup, not a loop over items: Mesa's llvmpipe stops any loop of an invocation after
// 65535 iterations in all, so a workgroup looping over a sort's items left the sort half
// done there. Both counters only grow; the host passes their values before this dispatch
// (32-bit wrap-around is harmless: only differences are compared). What it saves over one
// dispatch per pass: on an H200 a pass boundary took 4.0 us as a dispatch and a
// glMemoryBarrier, 2.8 us as a wait (bench/sync_probe.cpp).
layout(std430, binding = GPUSORT_BINDING_PASS_SYNC) coherent volatile buffer PassSync {
    uint tickets_taken;   // workgroups started (the dispatch may launch more than there are items)
    uint items_finished;
};
layout(location = GPUSORT_FUSED_LOCATION_TICKET_BASE) uniform uint u_ticket_base;
layout(location = GPUSORT_FUSED_LOCATION_FINISHED_BASE) uniform uint u_finished_base;
layout(location = GPUSORT_FUSED_LOCATION_ITEMS) uniform uint u_fused_items;
// x: fused_pass_code(mode, flip, pre); y: stage; z: p_hi; w: p_lo. Entries past the last pass
// have a first item of GPUSORT_FUSED_NO_ITEM.
layout(location = GPUSORT_FUSED_LOCATION_PASSES) uniform uvec4 u_fused_pass[GPUSORT_FUSED_MAX_PASSES];
layout(location = GPUSORT_FUSED_LOCATION_FIRST_ITEMS) uniform uint u_fused_first_item[GPUSORT_FUSED_MAX_PASSES];

// FUSED_RESERVE_WORDS > 0: shared memory the workgroup holds only so that fewer workgroups
// fit on one compute unit (Tuning::fused_passes_max_count says why). It carries the ticket;
// the ticket's word is a uniform (the reserve's last word) so that no compiler trims the
// array to the words a constant index would touch.
#if FUSED_RESERVE_WORDS > 0u
shared uint fused_reserve[FUSED_RESERVE_WORDS];
layout(location = GPUSORT_FUSED_LOCATION_TICKET_WORD) uniform uint u_ticket_word;
#endif

void fused_main() {
#if FUSED_RESERVE_WORDS > 0u
    if (gl_LocalInvocationIndex == 0u) fused_reserve[u_ticket_word] = atomicAdd(tickets_taken, 1u) - u_ticket_base;
    barrier();
    uint item = fused_reserve[u_ticket_word];
#else
    // The ticket reaches the workgroup through the tile's first key, free until the tile
    // loads (a shared variable of its own would not fit beside a tile that fills shared
    // memory).
    if (gl_LocalInvocationIndex == 0u) tile_keys[0] = KEY(atomicAdd(tickets_taken, 1u) - u_ticket_base);
    barrier();
#if KEY_WORDS == 2
    uint item = tile_keys[0].x;
#else
    uint item = tile_keys[0];
#endif
    barrier();  // everyone has read the item before the tile is overwritten
#endif
    if (item >= u_fused_items) return;
    uint pass = 0u;
    for (uint p = 1u; p < uint(GPUSORT_FUSED_MAX_PASSES); ++p) {
        if (item >= u_fused_first_item[p]) pass = p;
    }
    uvec4 d = u_fused_pass[pass];
    u_mode = fused_pass_mode(d.x);
    u_flip = fused_pass_flip(d.x);
    u_pre = fused_pass_pre(d.x);
    u_stage = d.y;
    u_p_hi = d.z;
    u_p_lo = d.w;
    uint first = u_fused_first_item[pass];
    if (first > 0u) {
        if (gl_LocalInvocationIndex == 0u) {
            while (items_finished - u_finished_base < first) {}
            memoryBarrierBuffer();
        }
        barrier();
    }
    run_tile(item - first);
    // The tile's stores reach the coherent level before the item counts as finished.
    memoryBarrierBuffer();
    barrier();
    if (gl_LocalInvocationIndex == 0u) atomicAdd(items_finished, 1u);
}
#endif

#ifdef GPUSORT_APPENDED_MAIN
void tile_main() {
#else
void main() {
#endif
#if FUSED_PASSES
    fused_main();
#else
    run_tile(linear_group_id());
#endif
}

// Instrumentation hook (bench/occupancy_probe.cpp): a GPUSORT_APPENDED_MAIN defined through
// Tuning::extra_shader_source is a main() that wraps the tile kernel's, renamed tile_main.
// The library never defines it.
#ifdef GPUSORT_APPENDED_MAIN
GPUSORT_APPENDED_MAIN
#endif
