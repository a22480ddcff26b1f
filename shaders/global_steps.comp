// The global kernel: up to ELEMS_LOG2 consecutive steps of one stage whose strides are
// too wide for a tile, straight from and to global memory. Each invocation loads its
// coset once, runs the steps in registers and stores once: one sweep over memory for
// ELEMS_LOG2 steps instead of one sweep per step.
// The window's pivots are [p_hi - ELEMS_LOG2 + 1, p_hi]; bits of it below the last
// step only widen the coset (the host guarantees p_hi + 1 >= ELEMS_LOG2, and with LANES 4
// that the two lowest bits lie below the window).

layout(local_size_x = GROUP_SIZE) in;

#if LANES == 4
// The same buffers seen as uvec4s, for 16-byte loads and stores where a whole aligned
// vector lies below u_count (the tail falls back to the scalar view).
layout(std430, binding = 0) buffer KeyVectors { uvec4 keys4[]; };
#if HAS_VALUES
layout(std430, binding = 1) buffer ValueVectors { uvec4 values4[]; };
#endif
#endif

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
#if LANES == 4
    // Each register holds the 4 consecutive elements of an aligned uvec4. The flip mask
    // complements the two low bits, so a flipped vector's lanes are reversed: lane l of
    // every register then belongs to the coset of base + l.
    chunk_positions(c, chunk_base(c, thread << 2u));
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = positions[j];
        uint first = position & ~3u;
        bool reversed = (position & 3u) != 0u;
        uvec4 k;
#if HAS_VALUES
        uvec4 v;
#endif
        if (first + 3u < u_count) {
            k = keys4[first >> 2u];
#if HAS_VALUES
            v = values4[first >> 2u];
#endif
        } else {
            for (uint l = 0u; l < 4u; ++l) {
                k[l] = first + l < u_count ? keys[first + l] : ORDERED_INFINITY;
#if HAS_VALUES
                v[l] = first + l < u_count ? values[first + l] : 0u;
#endif
            }
        }
        reg_keys[j] = reversed ? k.wzyx : k;
#if HAS_VALUES
        reg_values[j] = reversed ? v.wzyx : v;
#endif
    }
    chunk_steps(c);
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = positions[j];
        uint first = position & ~3u;
        bool reversed = (position & 3u) != 0u;
        uvec4 k = reversed ? reg_keys[j].wzyx : reg_keys[j];
#if HAS_VALUES
        uvec4 v = reversed ? reg_values[j].wzyx : reg_values[j];
#endif
        if (first + 3u < u_count) {
            keys4[first >> 2u] = k;
#if HAS_VALUES
            values4[first >> 2u] = v;
#endif
        } else {
            for (uint l = 0u; l < 4u; ++l) {
                if (first + l < u_count) {
                    keys[first + l] = k[l];
#if HAS_VALUES
                    values[first + l] = v[l];
#endif
                }
            }
        }
    }
#else
    chunk_positions(c, chunk_base(c, thread));
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = positions[j];
        reg_keys[j] = position < u_count ? keys[position] : ORDERED_INFINITY;
#if HAS_VALUES
        reg_values[j] = position < u_count ? values[position] : 0u;
#endif
    }
    chunk_steps(c);
    for (uint j = 0u; j < ELEMS; ++j) {
        uint position = positions[j];
        if (position < u_count) {
            keys[position] = reg_keys[j];
#if HAS_VALUES
            values[position] = reg_values[j];
#endif
        }
    }
#endif
}
