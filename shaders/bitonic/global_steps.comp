// The global kernel: up to ELEMS_LOG2 consecutive steps of one stage whose strides are
// too wide for a tile, straight from and to global memory. Each invocation loads its
// coset once, runs the steps in registers and stores once: one sweep over memory for
// ELEMS_LOG2 steps instead of one sweep per step.
// The window's pivots are [p_hi - ELEMS_LOG2 + 1, p_hi]; bits of it below the last
// step only widen the coset (the host guarantees p_hi + 1 >= ELEMS_LOG2, and with LANES 4
// that the two lowest bits lie below the window).
// 64-bit keys (KEY_WORDS 2) always run with LANES 1: a register is one uvec2 key.

layout(local_size_x = GROUP_SIZE) in;

layout(location = GPUSORT_BITONIC_GLOBAL_LOCATION_STAGE) uniform uint u_stage;  // stage k the steps belong to
layout(location = GPUSORT_BITONIC_GLOBAL_LOCATION_P_HI) uniform uint u_p_hi;   // pivot of the first step
layout(location = GPUSORT_BITONIC_GLOBAL_LOCATION_P_LO) uniform uint u_p_lo;   // pivot of the last step
layout(location = GPUSORT_BITONIC_GLOBAL_LOCATION_FLIP) uniform uint u_flip;   // the first step is the stage's flip

#if LANES == 4
#define LANES_LOG2 2u
#else
#define LANES_LOG2 0u
#endif

void main() {
    uint count = element_count();
    // One invocation per coset, only for the 2^k blocks that hold elements (the host
    // dispatched at least this many, from the same formula).
    uint thread = linear_group_id() * GROUP_SIZE + gl_LocalInvocationIndex;
    if (thread >= global_pass_invocations(count, u_stage, ELEMS_LOG2, LANES_LOG2)) return;

    Chunk c;
    c.q = u_p_hi + 1u - ELEMS_LOG2;
    c.p_hi = u_p_hi;
    c.p_lo = u_p_lo;
    c.flip = u_flip != 0u;

#if LANES == 4
    // Each register holds the 4 consecutive elements of an aligned uvec4. The flip mask
    // complements the two low bits, so a flipped vector's lanes are reversed: lane l of
    // every register then belongs to the coset of base + l.
    chunk_positions(c, chunk_base(c, thread << 2u));
    bool aligned = vectors_aligned();
    for (uint j = 0u; j < ELEMS; ++j) {
        uint first = positions[j] & ~3u;
        bool reversed = (positions[j] & 3u) != 0u;
        uvec4 k;
#if HAS_VALUES
        uvec4 v;
#endif
        load_quad(first, count, aligned, k WITH_VALUES(v));
        reg_keys[j] = reversed ? k.wzyx : k;
#if HAS_VALUES
        reg_values[j] = reversed ? v.wzyx : v;
#endif
    }
    chunk_steps(c);
    for (uint j = 0u; j < ELEMS; ++j) {
        uint first = positions[j] & ~3u;
        bool reversed = (positions[j] & 3u) != 0u;
        uvec4 k = reversed ? reg_keys[j].wzyx : reg_keys[j];
#if HAS_VALUES
        uvec4 v = reversed ? reg_values[j].wzyx : reg_values[j];
#endif
        store_quad(first, count, aligned, k WITH_VALUES(v));
    }
#else
    chunk_positions(c, chunk_base(c, thread));
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = positions[j];
        reg_keys[j] = position < count ? load_key(position) : ORDERED_INFINITY;
#if HAS_VALUES
        reg_values[j] = position < count ? load_value(position) : PADDING_VALUE;
#endif
    }
    chunk_steps(c);
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = positions[j];
        if (position < count) {
            store_key(position, reg_keys[j]);
#if HAS_VALUES
            store_value(position, reg_values[j]);
#endif
        }
    }
#endif
}
