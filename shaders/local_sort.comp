// The tile kernel: a workgroup owns TILE_SIZE consecutive elements in shared memory.
//   mode 0 (local sort):     stages 1 .. u_stages of the network inside each tile.
//   mode 1 (local disperse): the disperse steps of strides TILE_SIZE/2 .. 1, which finish
//                            a stage whose wider steps ran in global memory.
// Extra #defines: TILE_LOG2 (TILE_SIZE = 2^TILE_LOG2 = GROUP_SIZE * ELEMS).

#define TILE_SIZE (1u << TILE_LOG2)

layout(local_size_x = GROUP_SIZE) in;

layout(location = 2) uniform uint u_mode;
layout(location = 3) uniform uint u_stages;         // mode 0: run stages 1 .. u_stages
layout(location = 4) uniform uint u_tile_count;
layout(location = 5) uniform uint u_transform_in;   // keys arrive as the user's raw bits
layout(location = 6) uniform uint u_transform_out;  // keys leave as the user's raw bits

shared uint tile_keys[TILE_SIZE];
#if HAS_VALUES
shared uint tile_values[TILE_SIZE];
#endif

// XOR-swizzling each 32-word row by the row index spreads strided accesses over the
// banks without the extra shared memory that padding would cost.
uint bank_swizzle(uint i) {
    return i ^ ((i >> 5u) & 31u);
}

void load_registers(Chunk c, uint base) {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(chunk_position(c, base, j));
        reg_keys[j] = tile_keys[s];
#if HAS_VALUES
        reg_values[j] = tile_values[s];
#endif
    }
}

void store_registers(Chunk c, uint base) {
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(chunk_position(c, base, j));
        tile_keys[s] = reg_keys[j];
#if HAS_VALUES
        tile_values[s] = reg_values[j];
#endif
    }
}

void run_chunk(uint p_hi, uint p_lo, bool flip) {
    Chunk c;
    c.q = (p_hi + 1u >= ELEMS_LOG2) ? p_hi + 1u - ELEMS_LOG2 : 0u;
    c.p_hi = p_hi;
    c.p_lo = p_lo;
    c.flip = flip;
    uint base = chunk_base(c, gl_LocalInvocationIndex);
    load_registers(c, base);
    chunk_steps(c);
    store_registers(c, base);
    barrier();
}

// Steps from pivot p_hi down to pivot 0, ELEMS_LOG2 at a time; the first may be a flip.
void run_steps_down_to_zero(uint p_hi, bool flip) {
    int hi = int(p_hi);
    while (hi >= 0) {
        int lo = max(hi - int(ELEMS_LOG2) + 1, 0);
        run_chunk(uint(hi), uint(lo), flip);
        flip = false;
        hi = lo - 1;
    }
}

// Stages 1 .. min(ELEMS_LOG2, u_stages) touch only the low ELEMS_LOG2 bits, so each
// invocation sorts its ELEMS consecutive elements entirely in registers.
void sort_in_registers() {
    uint base = gl_LocalInvocationIndex * ELEMS;
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(base + j);
        reg_keys[j] = tile_keys[s];
#if HAS_VALUES
        reg_values[j] = tile_values[s];
#endif
    }
    // Every loop has a constant trip count so that the compiler unrolls it and the
    // register arrays are indexed by constants (NVIDIA otherwise puts them in local memory).
    for (uint k = 1u; k <= ELEMS_LOG2; ++k) {
        if (k <= u_stages) {
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
    for (uint j = 0u; j < ELEMS; ++j) {
        uint s = bank_swizzle(base + j);
        tile_keys[s] = reg_keys[j];
#if HAS_VALUES
        tile_values[s] = reg_values[j];
#endif
    }
    barrier();
}

void main() {
    uint tile = linear_group_id();
    if (tile >= u_tile_count) return;  // uniform over the workgroup
    uint tile_base = tile * TILE_SIZE;

    for (uint r = 0u; r < ELEMS; ++r) {
        uint local_index = r * GROUP_SIZE + gl_LocalInvocationIndex;
        uint position = tile_base + local_index;
        uint key = ORDERED_INFINITY;
#if HAS_VALUES
        uint value = 0u;
#endif
        if (position < u_count) {
            key = keys[position];
            if (u_transform_in != 0u) key = to_ordered(key);
#if HAS_VALUES
            value = values[position];
#endif
        }
        tile_keys[bank_swizzle(local_index)] = key;
#if HAS_VALUES
        tile_values[bank_swizzle(local_index)] = value;
#endif
    }
    barrier();

    if (u_mode == 0u) {
        sort_in_registers();
        for (uint k = ELEMS_LOG2 + 1u; k <= u_stages; ++k) run_steps_down_to_zero(k - 1u, true);
    } else {
        run_steps_down_to_zero(TILE_LOG2 - 1u, false);
    }

    for (uint r = 0u; r < ELEMS; ++r) {
        uint local_index = r * GROUP_SIZE + gl_LocalInvocationIndex;
        uint position = tile_base + local_index;
        if (position < u_count) {
            uint key = tile_keys[bank_swizzle(local_index)];
            keys[position] = u_transform_out != 0u ? from_ordered(key) : key;
#if HAS_VALUES
            values[position] = tile_values[bank_swizzle(local_index)];
#endif
        }
    }
}
