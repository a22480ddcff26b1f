// The tile kernel's workgroup: its tile in shared memory (bank-swizzled), the pass it runs
// (g_pass), each invocation's rank, and the moves between the tile and the registers of
// registers.glsl (chunks, the blocked layout). With subgroups every step whose pivot is below
// SUBGROUP_ELEMS_LOG2 runs in registers and shuffles (tile_shuffles.glsl), with no shared
// memory and no barrier of its own.

#define TILE_SIZE (1u << TILE_LOG2)

#if SUBGROUP_LOG2 > 0
#define SUBGROUP_ELEMS_LOG2 (ELEMS_LOG2 + uint(SUBGROUP_LOG2))  // log2 of the elements one subgroup holds
#else
#define SUBGROUP_ELEMS_LOG2 ELEMS_LOG2
#endif

layout(local_size_x = GROUP_SIZE) in;

// The pass a tile runs. main() reads it from the uniforms (tile_kernel.comp, one pass per
// dispatch); fused_main() (tile_fused.glsl) from its table, per tile. Both set it field by
// field, and flip stays the uint the host passes: the code the compilers saw when the pass
// was six plain variables (a bool flip set by a constructor measured slower:
// bench/results/history.md).
struct TilePass {
    uint mode;   // GPUSORT_BITONIC_TILE_*
    uint stage;  // modes 1, 2: the stage k the steps belong to
    uint p_hi;   // modes 1, 2: pivot of the first step
    uint p_lo;   // mode 2: pivot of the last step
    uint flip;   // mode 2: non-zero: the first step is the stage's flip
    uint pre;    // mode 2: disperses of stage `stage`-1 to run first
};
TilePass g_pass;

// Whether g_pass flips.
#define PASS_FLIPS (g_pass.flip != 0u)

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
    // mode at run time made every tile pass slower: bench/results/history.md.)
    return i ^ ((i >> 5u) & 31u);
}

#if SUBGROUP_LOG2 > 0
// The subgroup backend (tile_subgroups.glsl), compiled after this file so that its shuffle
// registers are declared after the tile, as before it was one file.
uint subgroup_id();
uint subgroup_lane();
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
// they join in (on elements past the sort that never leave the tile): emulated shuffles are
// barriers (tile_subgroups.glsl).
bool thread_active() {
#if SUBGROUP_EMULATION
    return true;
#else
    return g_pass.mode != GPUSORT_BITONIC_TILE_LOCAL_SORT || thread_rank() * ELEMS < (1u << g_stages);
#endif
}

// Moves the invocation's elements between the tile and its registers, one loop for both
// directions. Every caller passes a literal, so the branch folds away once the call is inlined.
void move_registers(bool to_tile) {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(positions[j]);
        if (to_tile) {
            tile_keys[s] = reg_keys[j];
#if HAS_VALUES
            tile_values[s] = reg_values[j];
#endif
        } else {
            reg_keys[j] = tile_keys[s];
#if HAS_VALUES
            reg_values[j] = tile_values[s];
#endif
        }
    }
}

void load_registers() { move_registers(false); }
void store_registers() { move_registers(true); }

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
