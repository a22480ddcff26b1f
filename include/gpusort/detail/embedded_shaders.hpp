// Generated from shaders/ by shaders/embed_shaders.cmake. Do not edit: edit the
// shader files and run `cmake --build <build> --target gpusort_embed_shaders`.
// A test (embedded_shaders_up_to_date) fails when this file is stale.
#pragma once

namespace gpusort {
namespace detail {
namespace shaders {

// shaders/common.glsl
inline constexpr const char* common_glsl = R"gpusort_glsl(// Shared by every gpusort kernel. The host prepends `#version` and these #defines:
//   KEY_KIND      0 = uint32, 1 = int32, 2 = float (IEEE-754 totalOrder)
//   HAS_VALUES    0 or 1
//   ELEMS_LOG2    log2 of the elements one invocation holds in registers
//   GROUP_SIZE    invocations per workgroup
//
// The network. Every key is mapped to an "ordered" uint whose unsigned order is the
// key order we want (descending XORs every bit, so it is ascending on ~key). Every
// comparator (lo, hi) with lo < hi moves the smaller ordered key to lo and swaps only
// when key[lo] > key[hi], so equal keys never move and the network is deterministic.
// Stage k (block 2^k) is one flip (x <-> x ^ (2^k - 1)) followed by disperses
// (x <-> x ^ 2^m, m = k-2 .. 0). Elements at positions >= count behave as +infinity
// that never moves, which is exactly "skip every comparator whose hi is >= count":
// that is how any count is sorted without padding memory.
//
// One invocation holds ELEMS elements, a coset of a basis of ELEMS_LOG2 vectors with
// distinct pivot bits (the flip mask or single bits), so up to ELEMS_LOG2 consecutive
// steps run in registers with no barrier and no memory traffic between them.

#define ELEMS (1u << ELEMS_LOG2)
#define ORDERED_INFINITY 0xFFFFFFFFu

layout(std430, binding = 0) buffer KeyBuffer { uint keys[]; };
#if HAS_VALUES
layout(std430, binding = 1) buffer ValueBuffer { uint values[]; };
#endif

layout(location = 0) uniform uint u_count;      // elements to sort
layout(location = 1) uniform uint u_key_xor;    // 0 ascending, 0xFFFFFFFF descending

uint to_ordered(uint raw) {
#if KEY_KIND == 1
    raw ^= 0x80000000u;
#elif KEY_KIND == 2
    raw = (raw & 0x80000000u) != 0u ? ~raw : (raw | 0x80000000u);
#endif
    return raw ^ u_key_xor;
}

uint from_ordered(uint key) {
    key ^= u_key_xor;
#if KEY_KIND == 1
    key ^= 0x80000000u;
#elif KEY_KIND == 2
    key = (key & 0x80000000u) != 0u ? (key & 0x7FFFFFFFu) : ~key;
#endif
    return key;
}

// Dispatches are split over x and y to stay under GL_MAX_COMPUTE_WORK_GROUP_COUNT.
uint linear_group_id() {
    return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
}

uint reg_keys[ELEMS];
#if HAS_VALUES
uint reg_values[ELEMS];
#endif

// Orders the register pair (a, b). `b_is_lower` says b sits at the lower position.
void compare_exchange(uint a, uint b, bool b_is_lower) {
    uint ka = reg_keys[a];
    uint kb = reg_keys[b];
    if (b_is_lower ? (kb > ka) : (ka > kb)) {
        reg_keys[a] = kb;
        reg_keys[b] = ka;
#if HAS_VALUES
        uint v = reg_values[a];
        reg_values[a] = reg_values[b];
        reg_values[b] = v;
#endif
    }
}

// A chunk: the steps whose pivots run from p_hi down to p_lo (the first one is the
// stage's flip when `flip` is set), held in a basis window of ELEMS_LOG2 pivot bits
// [q, q + ELEMS_LOG2 - 1]. Basis vector i has pivot q + ELEMS_LOG2 - 1 - i, so the
// steps run in order i = 0, 1, ... Window bits that are not steps only widen the coset.
struct Chunk {
    uint q;
    uint p_hi;
    uint p_lo;
    bool flip;
};

uint basis_vector(Chunk c, uint i) {
    uint pivot = c.q + ELEMS_LOG2 - 1u - i;
    return (c.flip && pivot == c.p_hi) ? ((2u << pivot) - 1u) : (1u << pivot);
}

// The coset representative of `thread`: its index with zeros inserted at the window.
uint chunk_base(Chunk c, uint thread) {
    uint low = thread & ((1u << c.q) - 1u);
    return low | ((thread >> c.q) << (c.q + ELEMS_LOG2));
}

uint chunk_position(Chunk c, uint base, uint j) {
    uint position = base;
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        if ((j & (1u << i)) != 0u) position ^= basis_vector(c, i);
    }
    return position;
}

// Runs the chunk's steps on reg_keys (element j sits at chunk_position(c, base, j)).
// Loops have constant trip counts so that they unroll and index registers by constants.
void chunk_steps(Chunk c) {
    uint flip_index = c.q + ELEMS_LOG2 - 1u - c.p_hi;  // basis index of the flip vector
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        uint pivot = c.q + ELEMS_LOG2 - 1u - i;
        if (pivot <= c.p_hi && pivot >= c.p_lo) {
            bool is_flip = c.flip && i == flip_index;
            for (uint j = 0u; j < ELEMS; ++j) {
                if ((j & (1u << i)) == 0u) {
                    // After the flip vector is applied the lower half of every later pair
                    // is the one with the step's bit set, so the pair's orientation reverses.
                    bool reversed = c.flip && !is_flip && ((j >> flip_index) & 1u) != 0u;
                    compare_exchange(j, j | (1u << i), reversed);
                }
            }
        }
    }
}
)gpusort_glsl";

// shaders/global_steps.comp
inline constexpr const char* global_steps_comp = R"gpusort_glsl(// The global kernel: up to ELEMS_LOG2 consecutive steps of one stage whose strides are
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
)gpusort_glsl";

// shaders/local_sort.comp
inline constexpr const char* local_sort_comp = R"gpusort_glsl(// The tile kernel: a workgroup owns TILE_SIZE consecutive elements in shared memory.
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
)gpusort_glsl";

}  // namespace shaders
}  // namespace detail
}  // namespace gpusort
