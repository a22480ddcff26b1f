// The global kernel: up to ELEMS_LOG2 consecutive steps of one stage whose strides are
// too wide for a tile, straight from and to global memory. Each invocation loads its
// coset once, runs the steps in registers and stores once: one sweep over memory for
// ELEMS_LOG2 steps instead of one sweep per step.
// The window's pivots are [p_hi - ELEMS_LOG2 + 1, p_hi]; bits of it below the last
// step only widen the coset (the host guarantees p_hi + 1 >= ELEMS_LOG2).

layout(local_size_x = GROUP_SIZE) in;

layout(location = 2) uniform uint u_p_hi;           // pivot of the first step
layout(location = 3) uniform uint u_p_lo;           // pivot of the last step
layout(location = 4) uniform uint u_flip;           // the first step is the stage's flip
layout(location = 5) uniform uint u_thread_count;

void main() {
    uint thread = linear_group_id() * GROUP_SIZE + gl_LocalInvocationIndex;
    if (thread >= u_thread_count) return;

    Chunk c;
    c.q = u_p_hi + 1u - ELEMS_LOG2;
    c.p_hi = u_p_hi;
    c.p_lo = u_p_lo;
    c.flip = u_flip != 0u;
    uint base = chunk_base(c, thread);

    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = chunk_position(c, base, j);
        reg_keys[j] = position < u_count ? keys[position] : ORDERED_INFINITY;
#if HAS_VALUES
        reg_values[j] = position < u_count ? values[position] : 0u;
#endif
    }
    chunk_steps(c);
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = chunk_position(c, base, j);
        if (position < u_count) {
            keys[position] = reg_keys[j];
#if HAS_VALUES
            values[position] = reg_values[j];
#endif
        }
    }
}
