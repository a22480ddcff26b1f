// Generated from shaders/ by shaders/embed_shaders.cmake. Do not edit: edit the
// shader files and run `cmake --build <build> --target gpusort_embed_shaders`.
// A test (embedded_shaders_up_to_date) fails when this file is stale.
#pragma once

namespace gpusort {
namespace detail {
namespace shaders {

// shaders/bitonic/dispatch_args.comp
inline constexpr const char* bitonic_dispatch_args_comp = R"gpusort_glsl(#line 1 16 // shaders/bitonic/dispatch_args.comp
// sort_indirect(): turns a count that lives in a GPU buffer into the workgroup counts of
// every pass the host will dispatch with glDispatchComputeIndirect, so the host never
// reads the count back. The host plans the passes for `capacity` elements; passes the
// actual count does not need (stages above its own) get zero workgroups.
// Extra #defines: TILE_LOG2, WINDOW_LOG2, SINGLE_TILE_LOG2, LANES_LOG2, GLOBAL_GROUP_SIZE
// (ELEMS_LOG2 is the global kernel's).

layout(local_size_x = 1) in;

layout(std430, binding = GPUSORT_BITONIC_BINDING_ARGUMENTS) writeonly buffer DispatchArguments { uint arguments[]; };

layout(location = GPUSORT_BITONIC_ARGUMENTS_LOCATION_CAPACITY_STAGES) uniform uint u_capacity_stages;  // stages for capacity
layout(location = GPUSORT_BITONIC_ARGUMENTS_LOCATION_MAX_GROUPS_X) uniform uint u_max_groups_x;

uint pass_index = 0u;

// One DispatchIndirectCommand per pass, split over x and y like the host's dispatches.
void write_pass(uint groups) {
    uint x = min(groups, u_max_groups_x);
    uint y = x == 0u ? 1u : (groups + x - 1u) / x;
    uint word = pass_index * uint(GPUSORT_BITONIC_ARGUMENTS_WORDS_PER_PASS);
    arguments[word + 0u] = x;
    arguments[word + 1u] = y;
    arguments[word + 2u] = 1u;
    ++pass_index;
}

void main() {
    uint count = element_count();
    uint stages = stage_count(count);
    uint tiles = count < 2u ? 0u : tile_pass_groups(count, TILE_LOG2);
    if (u_capacity_stages > TILE_LOG2 && u_capacity_stages <= SINGLE_TILE_LOG2) {
        write_pass(count < 2u ? 0u : 1u);  // the single-dispatch tile program sorts it all
        return;
    }
    write_pass(tiles);  // local sort
    // The walk of detail::for_each_pass without merge_stages (the host plans an indirect sort
    // stage by stage), with the same cut into passes and the same workgroups per pass
    // (detail/shader_interface/bitonic.hpp).
    for (uint k = TILE_LOG2 + 1u; k <= u_capacity_stages; ++k) {
        bool needed = k <= stages;
        uint p_hi = k - 1u;
        for (;;) {
            bool window = wide_pass_is_window(p_hi, TILE_LOG2, ELEMS_LOG2, WINDOW_LOG2);
            uint p_lo = wide_pass_p_lo(p_hi, TILE_LOG2, ELEMS_LOG2, WINDOW_LOG2);
            uint groups = window ? window_pass_groups(count, k, TILE_LOG2)
                                 : global_pass_groups(count, k, ELEMS_LOG2, LANES_LOG2, GLOBAL_GROUP_SIZE);
            write_pass(needed ? groups : 0u);
            if (p_lo == TILE_LOG2) break;
            p_hi = p_lo - 1u;
        }
        write_pass(needed ? tiles : 0u);  // local disperse
    }
}
)gpusort_glsl";

// shaders/bitonic/elements.glsl
inline constexpr const char* bitonic_elements_glsl = R"gpusort_glsl(#line 1 17 // shaders/bitonic/elements.glsl
// Shared by every kernel of the network: the caller's elements as the kernels see them (buffers,
// the range, the count, the order) and element and quad loads and stores. The host prepends
// `#version` and these #defines:
//   KEY_KIND      GPUSORT_KEY_UNSIGNED, GPUSORT_KEY_SIGNED or GPUSORT_KEY_FLOAT
//   KEY_WORDS     1: 32-bit keys (uint32, int32, float); 2: 64-bit keys (uint64, int64, double)
//   HAS_VALUES    0 or 1
//   ELEMS_LOG2    log2 of the elements one invocation holds in registers
//   GROUP_SIZE    invocations per workgroup
// then the shader interface's common and bitonic parts (detail/shader_interface/common.hpp,
// detail/shader_interface/bitonic.hpp) and shaders/common/key_codec.glsl (KEY) come first.

// Buffers hold little-endian 64-bit keys (word 2i = low, 2i+1 = high), a KEY the high word in
// x: loads and stores swap the halves. KEY4 holds the 4 consecutive keys of one tile-kernel
// load round.
#if KEY_WORDS == 2
#define KEY4 uvec2[4]
#define ORDERED_INFINITY uvec2(0xFFFFFFFFu)
#define KEY4_INFINITY uvec2[4](ORDERED_INFINITY, ORDERED_INFINITY, ORDERED_INFINITY, ORDERED_INFINITY)
#else
#define KEY4 uvec4
#define ORDERED_INFINITY 0xFFFFFFFFu
#define KEY4_INFINITY uvec4(ORDERED_INFINITY)
#endif
// Padding elements carry this value too: with TIE_BREAK a (key, value) pair of all ones
// is still the largest, so padding never moves.
#define PADDING_VALUE 0xFFFFFFFFu

// The sorted range is elements [u_base, u_base + count) of the bound buffers: a range
// whose first byte is not at GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is bound from the
// aligned offset below it. The uvec4 views serve 16-byte accesses when u_base is a
// multiple of 4 and a whole vector lies in the range; everything else goes element by
// element. With 64-bit keys the key buffer is viewed as uvec2s and u_base counts keys.
// A kernel whose workgroups read what others of the same dispatch wrote defines DATA_BUFFER
// as `coherent buffer` first.
#ifndef DATA_BUFFER
#define DATA_BUFFER buffer
#endif
#if KEY_WORDS == 2
layout(std430, binding = GPUSORT_BITONIC_BINDING_KEYS) DATA_BUFFER KeyBuffer { uvec2 keys[]; };
#else
layout(std430, binding = GPUSORT_BITONIC_BINDING_KEYS) DATA_BUFFER KeyBuffer { uint keys[]; };
#endif
// STORAGE_VECTORS 0 (a device with fewer than 6 storage blocks per compute shader): no uvec4
// views, so that a kernel declares at most keys, values, the count and one buffer of its own.
#ifndef STORAGE_VECTORS
#define STORAGE_VECTORS 1
#endif
#if STORAGE_VECTORS
layout(std430, binding = GPUSORT_BITONIC_BINDING_KEYS) DATA_BUFFER KeyVectors { uvec4 keys4[]; };
#endif
#if HAS_VALUES
layout(std430, binding = GPUSORT_BITONIC_BINDING_VALUES) DATA_BUFFER ValueBuffer { uint values[]; };
#if STORAGE_VECTORS
layout(std430, binding = GPUSORT_BITONIC_BINDING_VALUES) DATA_BUFFER ValueVectors { uvec4 values4[]; };
#endif
#endif
// sort_indirect(): the count is a uint in this buffer, written by earlier GPU work.
layout(std430, binding = GPUSORT_BITONIC_BINDING_COUNT_BUFFER) readonly buffer CountBuffer { uint count_words[]; };

layout(location = GPUSORT_BITONIC_LOCATION_COUNT) uniform uint u_count;
layout(location = GPUSORT_BITONIC_LOCATION_KEY_XOR) uniform uint u_key_xor;  // the order (key_codec.glsl)
layout(location = GPUSORT_BITONIC_LOCATION_BASE) uniform uint u_base;
layout(location = GPUSORT_BITONIC_LOCATION_COUNT_SOURCE) uniform uint u_count_source;
layout(location = GPUSORT_BITONIC_LOCATION_COUNT_WORD) uniform uint u_count_word;
layout(location = GPUSORT_BITONIC_LOCATION_CAPACITY) uniform uint u_capacity;
#if HAS_VALUES
layout(location = GPUSORT_BITONIC_LOCATION_VALUE_BASE) uniform uint u_value_base;
#endif

// Elements to sort in this dispatch: read once per invocation, before anything else.
uint element_count() {
    return u_count_source != GPUSORT_COUNT_FROM_UNIFORM ? min(count_words[u_count_word], u_capacity) : u_count;
}

// ceil(log2(n)): the stages of the bitonic network for n elements.
uint stage_count(uint n) {
    return n < 2u ? 0u : uint(findMSB(n - 1u)) + 1u;
}

bool vectors_aligned() {
#if !STORAGE_VECTORS
    return false;
#elif HAS_VALUES
    return ((u_base | u_value_base) & 3u) == 0u;
#else
    return (u_base & 3u) == 0u;
#endif
}

// Address-space helpers: position p of the range is element u_base + p of the buffers
// (u_base and u_value_base count elements, not words). The vector helpers serve load_quad()
// and store_quad() where the range is vector-aligned, which it never is without
// STORAGE_VECTORS: those variants have no uvec4 views and no vector helpers.
#if KEY_WORDS == 2
uvec2 load_key(uint p) { return keys[u_base + p].yx; }
void store_key(uint p, uvec2 key) { keys[u_base + p] = key.yx; }
#if STORAGE_VECTORS
// Four keys are two uvec4s; u_base + p is a multiple of 4 here (vectors_aligned()).
uvec2[4] load_key_vector(uint p) {
    uint v = (u_base + p) >> 1u;
    uvec4 a = keys4[v];
    uvec4 b = keys4[v + 1u];
    return uvec2[4](a.yx, a.wz, b.yx, b.wz);
}
void store_key_vector(uint p, uvec2 key[4]) {
    uint v = (u_base + p) >> 1u;
    keys4[v] = uvec4(key[0].yx, key[1].yx);
    keys4[v + 1u] = uvec4(key[2].yx, key[3].yx);
}
#endif
#else
uint load_key(uint p) { return keys[u_base + p]; }
void store_key(uint p, uint key) { keys[u_base + p] = key; }
#if STORAGE_VECTORS
uvec4 load_key_vector(uint p) { return keys4[(u_base + p) >> 2u]; }
void store_key_vector(uint p, uvec4 key) { keys4[(u_base + p) >> 2u] = key; }
#endif
#endif
// Values are 32-bit words at every key width: four of them are one uvec4 of values4, which
// load_quad() and store_quad() access directly.
#if HAS_VALUES
uint load_value(uint p) { return values[u_value_base + p]; }
void store_value(uint p, uint value) { values[u_value_base + p] = value; }
#endif

// A quad's values ride along where HAS_VALUES: WITH_VALUES(x) is `, x` there and nothing
// elsewhere, in load_quad()'s and store_quad()'s parameters and in every call.
#if HAS_VALUES
#define WITH_VALUES(x) , x
#else
#define WITH_VALUES(x)
#endif

// Elements [first, first + 4) of the range: one access per buffer where the range is
// vector-aligned and all four lie below `count`, else element by element; elements at or
// past `count` read as padding and are never written.
void load_quad(uint first, uint count, bool aligned, out KEY4 k WITH_VALUES(out uvec4 v)) {
    k = KEY4_INFINITY;
#if HAS_VALUES
    v = uvec4(PADDING_VALUE);
#endif
#if STORAGE_VECTORS
    if (aligned && first + 3u < count) {
        k = load_key_vector(first);
#if HAS_VALUES
        v = values4[(u_value_base + first) >> 2u];
#endif
        return;
    }
#endif
    for (uint l = 0u; l < 4u; ++l) {
        if (first + l < count) {
            k[l] = load_key(first + l);
#if HAS_VALUES
            v[l] = load_value(first + l);
#endif
        }
    }
}

void store_quad(uint first, uint count, bool aligned, KEY4 k WITH_VALUES(uvec4 v)) {
#if STORAGE_VECTORS
    if (aligned && first + 3u < count) {
        store_key_vector(first, k);
#if HAS_VALUES
        values4[(u_value_base + first) >> 2u] = v;
#endif
        return;
    }
#endif
    for (uint l = 0u; l < 4u; ++l) {
        if (first + l < count) {
            store_key(first + l, k[l]);
#if HAS_VALUES
            store_value(first + l, v[l]);
#endif
        }
    }
}

// Dispatches are split over x and y to stay under GL_MAX_COMPUTE_WORK_GROUP_COUNT.
uint linear_group_id() {
    return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
}
)gpusort_glsl";

// shaders/bitonic/global_steps.comp
inline constexpr const char* bitonic_global_steps_comp = R"gpusort_glsl(#line 1 18 // shaders/bitonic/global_steps.comp
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
)gpusort_glsl";

// shaders/bitonic/permute.comp
inline constexpr const char* bitonic_permute_comp = R"gpusort_glsl(#line 1 19 // shaders/bitonic/permute.comp
// Helpers of stable key-value sorts and of sort_indices(), on plain words (u_mode):
//   GPUSORT_BITONIC_PERMUTE_IOTA:   destination[i] = i
//   GPUSORT_BITONIC_PERMUTE_GATHER: destination[i] = source[indices[i]]
//   GPUSORT_BITONIC_PERMUTE_COPY:   destination[i] = source[i]
// for i < u_count. Bases are word offsets into the bound ranges (see elements.glsl).
// Sources: #version, GROUP_SIZE (at most GPUSORT_BITONIC_PERMUTE_GROUP_SIZE),
// the shader interface's detail/shader_interface/common.hpp and detail/shader_interface/permute.hpp,
// this file.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION) buffer Destination { uint destination[]; };
layout(std430, binding = GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE) readonly buffer Source { uint source[]; };
layout(std430, binding = GPUSORT_BITONIC_BINDING_PERMUTE_INDICES) readonly buffer Indices { uint indices[]; };

layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_COUNT) uniform uint u_count;
layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_MODE) uniform uint u_mode;
layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_DESTINATION_BASE) uniform uint u_destination_base;
layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_SOURCE_BASE) uniform uint u_source_base;

void main() {
    uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * uint(GROUP_SIZE) +
             gl_LocalInvocationIndex;
    if (i >= u_count) return;
    uint word = i;
    if (u_mode == GPUSORT_BITONIC_PERMUTE_GATHER) {
        word = source[u_source_base + indices[i]];
    } else if (u_mode == GPUSORT_BITONIC_PERMUTE_COPY) {
        word = source[u_source_base + i];
    }
    destination[u_destination_base + i] = word;
}
)gpusort_glsl";

// shaders/bitonic/registers.glsl
inline constexpr const char* bitonic_registers_glsl = R"gpusort_glsl(#line 1 20 // shaders/bitonic/registers.glsl
// The bitonic network in registers, shared by the tile and global kernels.
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

// TIE_BREAK 1 (stable sorts, whose values are the original positions): equal keys are
// ordered by value.
#ifndef TIE_BREAK
#define TIE_BREAK 0
#endif

#ifndef LANES
#define LANES 1
#endif
#if LANES == 4
#if KEY_WORDS != 1
#error "64-bit keys use the scalar global kernel (LANES 1)"
#endif
#define REG uvec4
#define REG_GREATER(a, b) greaterThan(a, b)
#define REG_EQUAL(a, b) equal(a, b)
#define REG_MASK(condition) (uvec4(condition) * 0xFFFFFFFFu)
#else
#define REG uint
#define REG_GREATER(a, b) ((a) > (b))
#define REG_EQUAL(a, b) ((a) == (b))
#define REG_MASK(condition) (uint(condition) * 0xFFFFFFFFu)
#endif

// KEY_REG: a register of keys (REG's lanes of KEY). Values stay REG. The KEY_* operations
// compare key registers: lane masks like REG_MASK, plain bools, min and max. KEY_WORD and
// SET_KEY_WORD reach word w of a key (0: the high word) for code that moves keys word by word.
#if KEY_WORDS == 2
#define KEY_REG uvec2
#define KEY_WORD(k, w) (k)[w]
#define SET_KEY_WORD(k, w, word) (k)[w] = (word)
bool key_less(uvec2 a, uvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
#define KEY_LESS(a, b) key_less(a, b)
#define KEY_GREATER_MASK(a, b) REG_MASK(key_less(b, a))
#define KEY_EQUAL_MASK(a, b) REG_MASK((a) == (b))
#define KEY_MIN(a, b) (key_less(b, a) ? (b) : (a))
#define KEY_MAX(a, b) (key_less(b, a) ? (a) : (b))
#else
#define KEY_REG REG
#define KEY_WORD(k, w) (k)
#define SET_KEY_WORD(k, w, word) (k) = (word)
#define KEY_LESS(a, b) ((a) < (b))
#define KEY_GREATER_MASK(a, b) REG_MASK(REG_GREATER(a, b))
#define KEY_EQUAL_MASK(a, b) REG_MASK(REG_EQUAL(a, b))
#define KEY_MIN(a, b) min(a, b)
#define KEY_MAX(a, b) max(a, b)
#endif

KEY_REG reg_keys[ELEMS];
#if HAS_VALUES
REG reg_values[ELEMS];
#endif

#if HAS_VALUES
// All-ones lanes where (ka, va) sorts after (kb, vb): keys decide, values only break ties.
REG pair_greater(KEY_REG ka, REG va, KEY_REG kb, REG vb) {
    REG greater = KEY_GREATER_MASK(ka, kb);
#if TIE_BREAK
    greater |= KEY_EQUAL_MASK(ka, kb) & REG_MASK(REG_GREATER(va, vb));
#endif
    return greater;
}
#endif

// Orders the register pair (a, b), lane by lane. `b_is_lower` says b sits at the lower
// position. Branch-free, so lanes and invocations never diverge on data.
void compare_exchange(uint a, uint b, bool b_is_lower) {
    KEY_REG ka = reg_keys[a];
    KEY_REG kb = reg_keys[b];
#if HAS_VALUES
    REG va = reg_values[a];
    REG vb = reg_values[b];
    REG swap = b_is_lower ? pair_greater(kb, vb, ka, va) : pair_greater(ka, va, kb, vb);
    reg_keys[a] = (ka & ~swap) | (kb & swap);
    reg_keys[b] = (kb & ~swap) | (ka & swap);
    reg_values[a] = (va & ~swap) | (vb & swap);
    reg_values[b] = (vb & ~swap) | (va & swap);
#else
    KEY_REG low = KEY_MIN(ka, kb);
    KEY_REG high = KEY_MAX(ka, kb);
    reg_keys[a] = b_is_lower ? high : low;
    reg_keys[b] = b_is_lower ? low : high;
#endif
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

// positions[j]: where register j lives, XOR-ing in one basis vector per bit of j. Built
// once per chunk, ELEMS-1 XORs in all, and shared by its loads and stores.
uint positions[ELEMS];

void chunk_positions(Chunk c, uint base) {
    positions[0] = base;
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        uint vector = basis_vector(c, i);
        for (uint j = 0u; j < (1u << i); ++j) positions[j + (1u << i)] = positions[j] ^ vector;
    }
}

// Runs the chunk's steps on reg_keys (register j holds the element at positions[j]).
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

// shaders/bitonic/tile_config.glsl
inline constexpr const char* bitonic_tile_config_glsl = R"gpusort_glsl(#line 1 21 // shaders/bitonic/tile_config.glsl
// The tile kernel's compile-time switches and their defaults (the host's prelude carries the
// subgroup #extension lines, which must precede every other token). The host sets, without a
// u suffix where a preprocessor #if tests the name (the GLSL preprocessor takes none):
//   TILE_LOG2           the tile is 2^TILE_LOG2 = GROUP_SIZE * ELEMS elements (ELEMS >= 4)
//   SUBGROUP_LOG2       0, or log2 of the subgroup size to use shuffles
//   SUBGROUP_EMULATION  1: those subgroups are emulated through shared memory (a test facility
//                       for contexts without GL_KHR_shader_subgroup; tile_subgroups.glsl)
//   DIRECT_TILE_IO      1 (with subgroups of 32): window passes move global memory straight to
//                       and from registers
//   WIDE_CHUNKS         1 (with subgroups): shared-memory steps run in wide chunks
//   COMPACT_STEPS       1 (without subgroups): one walk over the pass (walk_pass(), tile_steps.glsl)
//   FUSED_PASSES        1: one dispatch runs several passes (tile_fused.glsl)
//   FUSED_RESERVE_WORDS with FUSED_PASSES: shared memory reserved beside the tile
#ifndef SUBGROUP_LOG2
#define SUBGROUP_LOG2 0
#endif
#ifndef SUBGROUP_EMULATION
#define SUBGROUP_EMULATION 0
#endif
#ifndef DIRECT_TILE_IO
#define DIRECT_TILE_IO 0
#endif
#ifndef WIDE_CHUNKS
#define WIDE_CHUNKS 0
#endif
// FUSED_PASSES 1: workgroups of one dispatch read what others wrote in it, so the data
// bypasses caches that are not coherent across the GPU.
#ifndef COMPACT_STEPS
#define COMPACT_STEPS 0
#endif
#if COMPACT_STEPS && SUBGROUP_LOG2 > 0
#error "the compact walk is for tiles without subgroups (the host asks for no more)"
#endif
#ifndef FUSED_PASSES
#define FUSED_PASSES 0
#endif
#ifndef FUSED_RESERVE_WORDS
#define FUSED_RESERVE_WORDS 0
#endif
#if FUSED_PASSES
#define DATA_BUFFER coherent buffer
#endif
)gpusort_glsl";

// shaders/bitonic/tile_fused.glsl
inline constexpr const char* bitonic_tile_fused_glsl = R"gpusort_glsl(#line 1 22 // shaders/bitonic/tile_fused.glsl
// The tile kernel with FUSED_PASSES 1: fused_main() runs one tile of any of several passes.
#if FUSED_PASSES
void run_tile(uint group);  // tile_kernel.comp

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
// dispatch per pass: a pass boundary costs less as a wait than as a dispatch and a
// glMemoryBarrier (bench/lab/sync_probe.cpp measures both; bench/results/history.md).
layout(std430, binding = GPUSORT_BITONIC_BINDING_PASS_SYNC) coherent volatile buffer PassSync {
    uint tickets_taken;   // workgroups started (the dispatch may launch more than there are items)
    uint items_finished;
};
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_TICKET_BASE) uniform uint u_ticket_base;
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_FINISHED_BASE) uniform uint u_finished_base;
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_ITEMS) uniform uint u_fused_items;
// x: fused_pass_code(mode, flip, pre); y: stage; z: p_hi; w: p_lo. Entries past the last pass
// have a first item of GPUSORT_BITONIC_FUSED_NO_ITEM.
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_PASSES) uniform uvec4 u_fused_pass[GPUSORT_BITONIC_FUSED_MAX_PASSES];
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS) uniform uint u_fused_first_item[GPUSORT_BITONIC_FUSED_MAX_PASSES];

// FUSED_RESERVE_WORDS > 0: shared memory the workgroup holds only so that fewer workgroups
// fit on one compute unit (BitonicTuning::fused_passes_max_count says why). It carries the ticket;
// the ticket's word is a uniform (the reserve's last word) so that no compiler trims the
// array to the words a constant index would touch.
#if FUSED_RESERVE_WORDS > 0
shared uint fused_reserve[FUSED_RESERVE_WORDS];
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_TICKET_WORD) uniform uint u_ticket_word;
#endif

void fused_main() {
#if FUSED_RESERVE_WORDS > 0
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
    for (uint p = 1u; p < uint(GPUSORT_BITONIC_FUSED_MAX_PASSES); ++p) {
        if (item >= u_fused_first_item[p]) pass = p;
    }
    uvec4 d = u_fused_pass[pass];
    g_pass.mode = fused_pass_mode(d.x);
    g_pass.flip = fused_pass_flip(d.x);
    g_pass.pre = fused_pass_pre(d.x);
    g_pass.stage = d.y;
    g_pass.p_hi = d.z;
    g_pass.p_lo = d.w;
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
)gpusort_glsl";

// shaders/bitonic/tile_io.glsl
inline constexpr const char* bitonic_tile_io_glsl = R"gpusort_glsl(#line 1 23 // shaders/bitonic/tile_io.glsl
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
)gpusort_glsl";

// shaders/bitonic/tile_kernel.comp
inline constexpr const char* bitonic_tile_kernel_comp = R"gpusort_glsl(#line 1 24 // shaders/bitonic/tile_kernel.comp
// The tile kernel: a workgroup owns TILE_SIZE elements in shared memory.
//   mode 0 (local sort):     stages 1 .. min(stages, TILE_LOG2) of the network in each tile
//                            of TILE_SIZE consecutive elements.
//   mode 1 (local disperse): the disperse steps of pivots p_hi .. 0 (TILE_LOG2-1 .. 0
//                            unless passes cross stages), which finish a stage whose wider
//                            steps ran before, on the same tiles.
//   mode 2 (window):         d = p_hi - p_lo + 1 consecutive wide steps of stage
//                            `stage` (pivots p_hi .. p_lo, all >= TILE_LOG2 - d) in one
//                            sweep over memory. The tile is 2^(TILE_LOG2 - d) runs of
//                            RUN = 2^(TILE_LOG2 - d) consecutive elements, one run per value
//                            of the step bits, so loads and stores stay coalesced; see
//                            window_position() for the mapping and why the flip fits.
//                            With pre > 0 the pass first runs the last disperses of stage
//                            `stage` - 1 (pivots pre-1 .. 0), which lie in the runs: one
//                            sweep over memory then ends one stage and starts the next.
// (mode, stage, p_hi, p_lo, flip, pre: the pass, g_pass, tile_memory.glsl.)
// The host's switches are in tile_config.glsl; the pieces, in the order the host compiles
// them after the shared ones (the shader interface's common.hpp and bitonic.hpp, elements.glsl,
// registers.glsl): tile_memory.glsl, tile_subgroups.glsl, tile_shuffles.glsl,
// tile_steps.glsl, tile_io.glsl, tile_fused.glsl, and this file.

#if !FUSED_PASSES
// One pass per dispatch: the pass (TilePass's fields).
layout(location = GPUSORT_BITONIC_TILE_LOCATION_MODE) uniform uint u_mode;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_STAGE) uniform uint u_stage;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_P_HI) uniform uint u_p_hi;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_P_LO) uniform uint u_p_lo;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_FLIP) uniform uint u_flip;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_PRE) uniform uint u_pre;
#endif

// One tile of the pass g_pass: workgroup `group` of its dispatch.
void run_tile(uint group) {
    g_count = element_count();
    uint stages = stage_count(g_count);
    g_stages = min(stages, TILE_LOG2);
    g_last_pass = g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT
                      ? stages <= TILE_LOG2
                      : (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_DISPERSE && g_pass.stage == stages);
    g_run_log2 = 0u;
    g_flip_mask = 0u;
    if (g_pass.mode == GPUSORT_BITONIC_TILE_WINDOW) {
        begin_window(group);
        // The lowest position of the tile; the flipped half lies above it. Uniform exit.
        if (g_tile_base >= g_count) return;
    } else {
        if (group >= (g_count + TILE_SIZE - 1u) >> TILE_LOG2) return;  // uniform over the workgroup
        g_tile_base = group * TILE_SIZE;
    }

#if DIRECT_TILE_IO
    // Window passes only. Direct local sorts (blocked loads of 32 bytes per invocation) and
    // direct local disperses (top, then blocked layout) measured slower than load_tile's
    // fully coalesced 16-byte accesses (bench/results/history.md).
    // Runs of 16 fill the top layout's lanes; shorter ones take the path below, and so do
    // windows that start with the previous stage's disperses (pre), whose runs are steps.
    if (g_pass.mode == GPUSORT_BITONIC_TILE_WINDOW && g_run_log2 >= 4u && g_pass.pre == 0u) {
        window_direct();
        return;
    }
#endif
    load_tile();
#if COMPACT_STEPS
    walk_pass();
#else
    // Each stage: the steps with pivots >= SUBGROUP_ELEMS_LOG2 through shared memory, then the
    // rest in registers (and shuffles) on the blocked layout.
    if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT) {
        if (thread_active()) load_blocked();
        local_sort_from_registers();
        if (thread_active()) store_registers();
        barrier();
    } else if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_DISPERSE) {
        low_disperses(g_pass.p_hi);
    } else {
        // In slot coordinates stage `stage`-1's last disperses are the run's own pivots.
        if (g_pass.pre > 0u) low_disperses(g_pass.pre - 1u);
        run_steps_down_to(TILE_LOG2 - 1u, g_run_log2, PASS_FLIPS);
    }
#endif
    store_tile();
}

// The subgroup check (tile_subgroups.glsl) comes after the pass, which its dispatch gives a count
// of 0: a branch around the pass, which every sort takes, made the one-pass programs measurably
// slower (bench/results/history.md). A fused program checks first: its dispatch binds no pass
// counters to take a ticket from.
void main() {
#if FUSED_PASSES
    if (report_subgroup_size()) return;
    fused_main();
#else
    g_pass.mode = u_mode;
    g_pass.stage = u_stage;
    g_pass.p_hi = u_p_hi;
    g_pass.p_lo = u_p_lo;
    g_pass.flip = u_flip;
    g_pass.pre = u_pre;
    run_tile(linear_group_id());
    report_subgroup_size();
#endif
}
)gpusort_glsl";

// shaders/bitonic/tile_memory.glsl
inline constexpr const char* bitonic_tile_memory_glsl = R"gpusort_glsl(#line 1 25 // shaders/bitonic/tile_memory.glsl
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
)gpusort_glsl";

// shaders/bitonic/tile_shuffles.glsl
inline constexpr const char* bitonic_tile_shuffles_glsl = R"gpusort_glsl(#line 1 26 // shaders/bitonic/tile_shuffles.glsl
// The tile kernel's subgroup steps (SUBGROUP_LOG2 > 0), through the subgroup backend's
// shuffle_in() (tile_subgroups.glsl): steps whose pivot is a lane bit, and wide chunks
// (WIDE_CHUNKS).

#if SUBGROUP_LOG2 > 0
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
// many tiles wait on memory and barriers, a loss where the data sits in L2 (measured:
// BitonicTuning::wide_chunk_min_count, bench/results/history.md).
void run_wide_chunk(uint p_hi, uint p_lo, bool flip) {
    if (thread_active()) {
        Chunk c;
        c.q = p_hi + 1u - ELEMS_LOG2;
        c.p_hi = p_hi;
        c.p_lo = max(p_lo, c.q);
        c.flip = flip;
        uint lane_low = c.q - uint(SUBGROUP_LOG2);
        uint group = subgroup_id();
        // Subgroup bits fill the slot bits the lanes and registers leave, low ones first, so
        // the active invocations of a small local sort stay inside its 2^g_stages elements.
        uint spread = (group & ((1u << lane_low) - 1u)) | (subgroup_lane() << lane_low) |
                      ((group >> lane_low) << c.q);
        chunk_positions(c, chunk_base(c, spread));
        load_registers();
        chunk_steps(c);
        for (uint i = 0u; i < uint(SUBGROUP_LOG2); ++i) {
            uint pivot = c.q - 1u - i;
            if (pivot >= p_lo) positioned_shuffle_step(1u << (pivot - lane_low), pivot);
        }
        store_registers();
    }
    barrier();
}
#endif
)gpusort_glsl";

// shaders/bitonic/tile_steps.glsl
inline constexpr const char* bitonic_tile_steps_glsl = R"gpusort_glsl(#line 1 27 // shaders/bitonic/tile_steps.glsl
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
)gpusort_glsl";

// shaders/bitonic/tile_subgroups.glsl
inline constexpr const char* bitonic_tile_subgroups_glsl = R"gpusort_glsl(#line 1 28 // shaders/bitonic/tile_subgroups.glsl
// The tile kernel's subgroup backend (SUBGROUP_LOG2 > 0): the functions every subgroup step
// of the kernel goes through, with one implementation for real subgroups and one for subgroups
// emulated through shared memory, under the same signatures:
//   subgroup_id(), subgroup_lane()   the invocation's subgroup and its lane in it
//   shuffle_in(lane_mask, register_mask)
//                                    other_*[j] = register (j ^ register_mask) of lane
//                                    (lane ^ lane_mask) of the same subgroup
//   running_subgroup_size()          the lanes of the subgroups the program runs with
//   report_subgroup_size()           the subgroup check (detail/shader_interface/common.hpp); true when it ran
// Real subgroups (GL_KHR_shader_subgroup: basic, shuffle) are the GPU's. SUBGROUP_EMULATION 1
// runs the same code with subgroups emulated through shared memory
// (DeviceFacts::emulated_subgroup_size), so that contexts without subgroups, like llvmpipe in
// CI, execute the index arithmetic of every subgroup size a GPU may have. Each emulated shuffle
// is a barrier of the workgroup, so every invocation must call it (thread_active() is then
// always true). The emulated subgroups have 2^EMULATED_SUBGROUP_LOG2 lanes: SUBGROUP_LOG2, unless
// a test compiles the kernel for another size than the emulation runs, as a GPU whose compiler
// picks another size than the context reports would, so that the subgroup check finds it. The
// host compiles this file after tile_memory.glsl, which declares subgroup_id() and
// subgroup_lane() for thread_rank().

#if SUBGROUP_LOG2 > 0
#define SUBGROUP_SIZE (1u << SUBGROUP_LOG2)

KEY_REG other_keys[ELEMS];
#if HAS_VALUES
REG other_values[ELEMS];
#endif

#if SUBGROUP_EMULATION
#ifndef EMULATED_SUBGROUP_LOG2
#define EMULATED_SUBGROUP_LOG2 SUBGROUP_LOG2
#endif
#define EMULATED_SUBGROUP_SIZE (1u << EMULATED_SUBGROUP_LOG2)

// The emulated subgroups are numbered from the workgroup's end, so that code which took
// gl_LocalInvocationIndex for the position an invocation holds in the subgroup order
// (thread_rank()) fails here: GL does not say how a GPU groups invocations into subgroups.
uint subgroup_id() {
    return (GROUP_SIZE >> EMULATED_SUBGROUP_LOG2) - 1u - (gl_LocalInvocationIndex >> EMULATED_SUBGROUP_LOG2);
}
uint subgroup_lane() { return gl_LocalInvocationIndex & (EMULATED_SUBGROUP_SIZE - 1u); }
uint running_subgroup_size() { return EMULATED_SUBGROUP_SIZE; }

// One word per register and invocation: an emulated shuffle of all ELEMS registers costs two
// barriers per word of the element, not two per register.
shared uint exchange_words[GROUP_SIZE * ELEMS];

// Word w of register j's element: its key's words (KEY_WORD), then its value.
uint element_word(uint j, uint w) {
#if HAS_VALUES
    if (w == uint(KEY_WORDS)) return reg_values[j];
#endif
    return KEY_WORD(reg_keys[j], w);
}

void set_other_word(uint j, uint w, uint word) {
#if HAS_VALUES
    if (w == uint(KEY_WORDS)) {
        other_values[j] = word;
        return;
    }
#endif
    SET_KEY_WORD(other_keys[j], w, word);
}

// A lane mask that reaches past the subgroup wraps into it: a real shuffle there returns an
// undefined value, so a wrong mask must not read another subgroup's registers and pass. The
// barrier before the writes lets the previous exchange's reads finish.
void shuffle_in(uint lane_mask, uint register_mask) {
    uint first = subgroup_id() << EMULATED_SUBGROUP_LOG2;
    uint mine = (first + subgroup_lane()) * ELEMS;
    uint theirs = (first + ((subgroup_lane() ^ lane_mask) & (EMULATED_SUBGROUP_SIZE - 1u))) * ELEMS;
    for (uint w = 0u; w < uint(KEY_WORDS + HAS_VALUES); ++w) {
        barrier();
        for (uint j = 0u; j < ELEMS; ++j) exchange_words[mine + j] = element_word(j, w);
        barrier();
        for (uint j = 0u; j < ELEMS; ++j) set_other_word(j, w, exchange_words[theirs + (j ^ register_mask)]);
    }
}
#else
uint subgroup_id() { return gl_SubgroupID; }
uint subgroup_lane() { return gl_SubgroupInvocationID; }
uint running_subgroup_size() { return gl_SubgroupSize; }

void shuffle_in(uint lane_mask, uint register_mask) {
    for (uint j = 0u; j < ELEMS; ++j) {
        other_keys[j] = subgroupShuffleXor(reg_keys[j ^ register_mask], lane_mask);
#if HAS_VALUES
        other_values[j] = subgroupShuffleXor(reg_values[j ^ register_mask], lane_mask);
#endif
    }
}
#endif

// The subgroup check: the dispatch's one workgroup writes the size its subgroups have into the
// first word of the keys' binding (GPUSORT_BITONIC_BINDING_SUBGROUP_CHECK). It sorts nothing:
// the host sets the count uniforms to 0 for it (Programs::check_subgroups), so a one-pass
// program, which calls this after its pass, finds no tile; true where the check ran.
layout(location = GPUSORT_LOCATION_CHECK_SUBGROUPS) uniform uint u_check_subgroups;

bool report_subgroup_size() {
    if (u_check_subgroups == 0u) return false;
    if (gl_LocalInvocationIndex == 0u) keys[0] = KEY(running_subgroup_size());
    return true;
}
#else
bool report_subgroup_size() { return false; }  // compiled for no subgroup size: nothing to check
#endif
)gpusort_glsl";

// shaders/common/key_codec.glsl
inline constexpr const char* common_key_codec_glsl = R"gpusort_glsl(#line 1 29 // shaders/common/key_codec.glsl
// The key codec of detail/shader_interface/common.hpp on whole keys, for the kernels of both
// sorts (after the interface's GLSL; the host #defines KEY_KIND and KEY_WORDS). A KEY is a uint, or with
// KEY_WORDS 2 a uvec2 with x = high word and y = low word, so that the lexicographic order on
// (x, y) is the unsigned 64-bit order and no GL_ARB_gpu_shader_int64 is needed. `key_xor` is
// the order's: 0 ascending, GPUSORT_DESCENDING_XOR descending.

#if KEY_WORDS == 2
#define KEY uvec2

KEY to_ordered(KEY raw, uint key_xor) {
    return uvec2(ordered_high_word(KEY_KIND, raw.x), ordered_low_word(KEY_KIND, raw.x, raw.y)) ^ key_xor;
}

KEY from_ordered(KEY key, uint key_xor) {
    key ^= key_xor;
    return uvec2(raw_high_word(KEY_KIND, key.x), raw_low_word(KEY_KIND, key.x, key.y));
}
#else
#define KEY uint

KEY to_ordered(KEY raw, uint key_xor) { return ordered_high_word(KEY_KIND, raw) ^ key_xor; }

KEY from_ordered(KEY key, uint key_xor) { return raw_high_word(KEY_KIND, key ^ key_xor); }
#endif
)gpusort_glsl";

// shaders/radix/common.glsl
inline constexpr const char* radix_common_glsl = R"gpusort_glsl(#line 1 30 // shaders/radix/common.glsl
// Shared by every radix sort kernel (RadixSorter). The host prepends `#version`, the
// subgroup #extension lines where it ranks with real ballots, and these #defines:
//   KEY_KIND      GPUSORT_KEY_UNSIGNED, GPUSORT_KEY_SIGNED or GPUSORT_KEY_FLOAT
//   KEY_WORDS     1: 32-bit keys; 2: 64-bit keys (a uvec2, x = high word, y = low word)
//   HAS_VALUES    0 or 1 (32-bit values)
//   RADIX_BITS    digit bits (1 .. 8); RADIX = 2^RADIX_BITS bins
//   GROUP_SIZE    invocations per workgroup of this kernel
//   ROLLED_LOOPS  1 on software renderers (optional; see ROLLED below)
// then the shader interface's common and radix parts (detail/shader_interface/common.hpp,
// detail/shader_interface/radix.hpp) and shaders/common/key_codec.glsl (KEY and the codec)
// come first.
//
// Keys are mapped once, on the first pass's load, to "ordered" words whose unsigned order
// is the order wanted (descending XORs every bit: ascending on ~key, which keeps the sort
// stable), and mapped back on the last pass's store; the passes between move ordered keys.
//
// Bindings, uniform locations, flags and the meta buffer's layout: detail/shader_interface/radix.hpp (shared
// with RadixSorter). The meta buffer holds the element count, the Onesweep tickets and fallback count,
// sort_indirect()'s dispatch arguments and the per-pass digit histograms; the tile state,
// Onesweep's per-partition digit status or reduce-then-scan's per-block digit counts (turned
// into offsets by the scan).

#define RADIX (1u << RADIX_BITS)

// ROLLED(n): n, as a trip count the compiler cannot see, so that it keeps a loop rather than
// unrolling it. The host sets ROLLED_LOOPS for software renderers alone, whose LLVM back end
// spends most of a program's build on unrolled copies (and on the coroutine splits that each
// copy's barriers make). GPUs keep the unrolled loops: there ROLLED(n) is n itself, so the
// text they compile after preprocessing is what it was without ROLLED. gl_NumWorkGroups.z is 1
// in every dispatch (detail/gl/dispatch.hpp, and the arguments init.comp writes), so at least 1
// in any invocation that runs.
#ifndef ROLLED_LOOPS
#define ROLLED_LOOPS 0
#endif
#if ROLLED_LOOPS
#define ROLLED(n) ((n) * min(gl_NumWorkGroups.z, 1u))
#else
#define ROLLED(n) n
#endif

#define META_COUNT GPUSORT_RADIX_META_COUNT
#define META_FALLBACKS GPUSORT_RADIX_META_FALLBACKS
#define TICKET_KEPT_ORDER GPUSORT_RADIX_TICKET_KEPT_ORDER
// 0: no pass is marked, and the tile program has no copy path (Defaults::kept_order_passes).
#ifndef KEPT_ORDER
#define KEPT_ORDER 1
#endif
#define META_TICKETS GPUSORT_RADIX_META_TICKETS
#define META_ARGUMENTS GPUSORT_RADIX_META_ARGUMENTS
#define META_HISTOGRAMS GPUSORT_RADIX_META_HISTOGRAMS

layout(std430, binding = GPUSORT_RADIX_BINDING_META) coherent buffer Meta { uint meta[]; };

// Element offsets into the bound ranges of the source and destination keys and values.
layout(location = GPUSORT_RADIX_LOCATION_BASES) uniform uvec4 u_bases;
#define SRC_KEY_BASE u_bases.x
#define DST_KEY_BASE u_bases.y
#define SRC_VALUE_BASE u_bases.z
#define DST_VALUE_BASE u_bases.w
layout(location = GPUSORT_RADIX_LOCATION_KEY_XOR) uniform uint u_key_xor;
layout(location = GPUSORT_RADIX_LOCATION_PASS) uniform uint u_pass;
// This pass's digit: x its lowest key bit, y its mask (RADIX - 1 or fewer bits).
layout(location = GPUSORT_RADIX_LOCATION_DIGIT) uniform uvec2 u_digit;
layout(location = GPUSORT_RADIX_LOCATION_FLAGS) uniform uint u_flags;
layout(location = GPUSORT_RADIX_LOCATION_TILES_PER_BLOCK) uniform uint u_tiles_per_block;

#define FLAG_FIRST GPUSORT_RADIX_FLAG_FIRST
#define FLAG_LAST GPUSORT_RADIX_FLAG_LAST
#define FLAG_IOTA GPUSORT_RADIX_FLAG_IOTA

bool first_pass() { return (u_flags & FLAG_FIRST) != 0u; }
bool last_pass() { return (u_flags & FLAG_LAST) != 0u; }

// The element count of this sort, written by init.comp before any other kernel runs.
uint element_count() { return meta[META_COUNT]; }

// Dispatches are split over x and y to stay under GL_MAX_COMPUTE_WORK_GROUP_COUNT.
uint linear_group_id() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

#if KEY_WORDS == 2
// Bits [shift, shift + RADIX_BITS) of the 64-bit key, masked.
uint digit_at(KEY key, uint shift, uint mask) {
    uint bits = shift >= 32u ? key.x >> (shift - 32u)
                : shift == 0u ? key.y
                              : (key.y >> shift) | (key.x << (32u - shift));
    return bits & mask;
}
#else
uint digit_at(KEY key, uint shift, uint mask) { return (key >> shift) & mask; }
#endif

uint digit_of(KEY key) { return digit_at(key, u_digit.x, u_digit.y); }

// The first pass's keys, mapped from the caller's; the last pass's, mapped back.
#if HAS_VALUES
// A select between the mapped and the unmapped key: with values the mask form below costs the
// pairs tiles their second workgroup per compute unit (registers).
KEY first_pass_ordered(KEY key) { return first_pass() ? to_ordered(key, u_key_xor) : key; }
KEY last_pass_raw(KEY key) { return last_pass() ? from_ordered(key, u_key_xor) : key; }
#else
// Keys alone: the codec as XOR masks, to_ordered(raw) == raw ^ ordering_mask(raw) and
// from_ordered(key) == key ^ raw_mask(key), applied under an all-ones or zero mask of the pass
// flag, so that no key takes a select between its two forms and float keys cost what unsigned
// keys cost.
uint sign_fill(uint word) { return uint(int(word) >> 31); }
uint high_word_mask(uint raw_high) {
    return KEY_KIND == GPUSORT_KEY_FLOAT ? sign_fill(raw_high) | GPUSORT_SIGN_BIT
         : KEY_KIND == GPUSORT_KEY_SIGNED ? GPUSORT_SIGN_BIT : 0u;
}
#if KEY_WORDS == 2
KEY ordering_mask(KEY raw) {
    return uvec2(high_word_mask(raw.x), KEY_KIND == GPUSORT_KEY_FLOAT ? sign_fill(raw.x) : 0u) ^ u_key_xor;
}
KEY raw_mask(KEY key) {
    uint raw_sign = ~(key.x ^ u_key_xor);  // an ordered negative float's sign bit is clear
    return uvec2(high_word_mask(raw_sign), KEY_KIND == GPUSORT_KEY_FLOAT ? sign_fill(raw_sign) : 0u) ^ u_key_xor;
}
#else
KEY ordering_mask(KEY raw) { return high_word_mask(raw) ^ u_key_xor; }
KEY raw_mask(KEY key) { return high_word_mask(~(key ^ u_key_xor)) ^ u_key_xor; }
#endif
uint all_if(bool b) { return b ? 0xFFFFFFFFu : 0u; }  // uniform: one select a program
KEY first_pass_ordered(KEY key) { return key ^ (ordering_mask(key) & all_if(first_pass())); }
KEY last_pass_raw(KEY key) { return key ^ (raw_mask(key) & all_if(last_pass())); }
#endif
)gpusort_glsl";

// shaders/radix/copy.comp
inline constexpr const char* radix_copy_comp = R"gpusort_glsl(#line 1 31 // shaders/radix/copy.comp
// Copies the sorted keys (and values) from the sorter's scratch back into the caller's
// buffers after a sort with an odd number of digit passes. A compute shader, not
// glCopyBufferSubData, which moved a small fraction of a shader's bytes per second where
// measured (bench/results/history.md). Each invocation moves 4 elements, keys with 16-byte
// accesses where both sides line up. Values go word by word: with their 16-byte views too the
// kernel would declare 9 storage blocks (with the meta buffer), and radix kernels stay within
// 8. It runs only after an odd number of digit passes (bit ranges, 7-bit digits).

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_KEYS) readonly buffer SrcKeyWords { uint src_key_words[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_KEYS) readonly buffer SrcKeyVectors { uvec4 src_key_vectors[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_DST_KEYS) writeonly buffer DstKeyWords { uint dst_key_words[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_DST_KEYS) writeonly buffer DstKeyVectors { uvec4 dst_key_vectors[]; };
#if HAS_VALUES
layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_VALUES) readonly buffer SrcValueWords { uint src_value_words[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_DST_VALUES) writeonly buffer DstValueWords { uint dst_value_words[]; };
#endif

void main() {
    uint n = element_count();
    uint first = (linear_group_id() * GROUP_SIZE + gl_LocalInvocationIndex) * 4u;
    if (first >= n) return;
    const uint key_words = uint(KEY_WORDS);  // KEY_WORDS is an int for the preprocessor
    uint src = SRC_KEY_BASE * key_words;
    uint dst = DST_KEY_BASE * key_words;
    uint w = first * key_words;
    if (((src | dst) & 3u) == 0u && first + 4u <= n) {
        for (uint v = 0u; v < key_words; ++v)
            dst_key_vectors[(dst + w) / 4u + v] = src_key_vectors[(src + w) / 4u + v];
    } else {
        uint end = min(first + 4u, n) * key_words;
        for (uint i = w; i < end; ++i) dst_key_words[dst + i] = src_key_words[src + i];
    }
#if HAS_VALUES
    for (uint i = first; i < min(first + 4u, n); ++i)
        dst_value_words[DST_VALUE_BASE + i] = src_value_words[SRC_VALUE_BASE + i];
#endif
}
)gpusort_glsl";

// shaders/radix/downsweep.comp
inline constexpr const char* radix_downsweep_comp = R"gpusort_glsl(#line 1 32 // shaders/radix/downsweep.comp
// Reduce-then-scan downsweep: workgroup b takes the tiles of block b in order, ranks each
// tile's keys stably by the pass's digit and scatters them; block b's first key of digit d
// goes where the scan said (tile_state[d * blocks + b]), and each tile advances that.
// Extra #defines: those of tile.glsl.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) readonly buffer TileState { uint tile_state[]; };

shared uint s_base[RADIX];  // where the block's next key of each digit goes

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

void main() {
    if (report_subgroup_size()) return;  // the subgroup check, once when the program is built
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint tiles = ceil_div(n, TILE_SIZE);
    uint blocks = ceil_div(tiles, u_tiles_per_block);
    uint block = linear_group_id();
    if (block >= blocks) return;
    for (uint d = t; d < RADIX; d += GROUP_SIZE) s_base[d] = tile_state[d * blocks + block];
    for (uint k = 0u; k < u_tiles_per_block; ++k) {
        uint tile = block * u_tiles_per_block + k;
        if (tile >= tiles) break;  // the same for the whole workgroup
        uint tile_first = tile * TILE_SIZE;
        uint n_tile = min(TILE_SIZE, n - tile_first);
        load_tile(tile_first, n_tile);
        count_tile();
        rank_rows();
        // s_base moves on before the scatter, which overwrites S_COUNT (in s_area). (Padding
        // counts only in the block's last tile, after which nothing is placed.)
        for (uint d = t; d < RADIX; d += GROUP_SIZE) {
            s_delta[d] = s_base[d] - S_START(d);
            s_base[d] += S_COUNT(d);
        }
        barrier();
        scatter_tile(n_tile);
    }
}
)gpusort_glsl";

// shaders/radix/histogram.comp
inline constexpr const char* radix_histogram_comp = R"gpusort_glsl(#line 1 33 // shaders/radix/histogram.comp
// Digit histograms, counted in shared memory and added to the meta buffer's global ones.
// ALL_PASSES 1 (Onesweep): one read of the keys counts the digits of every pass; each
//   workgroup takes HISTOGRAM_KEYS keys, and also zeroes its share of the Onesweep status
//   table, so that the first pass finds every partition's status "not ready". The workgroup
//   whose add brings a bin to n marks that pass as one whose digit every key shares, in the
//   pass's ticket counter (TICKET_KEPT_ORDER).
// ALL_PASSES 0 (reduce-then-scan upsweep): the digits of pass u_pass in each block of
//   u_tiles_per_block tiles, stored digit-major as tile_state[digit * blocks + block] (the
//   scan turns them into offsets) and added to the pass's global histogram.
// Extra #defines: ALL_PASSES, TILE_SIZE, HISTOGRAM_KEYS, HISTOGRAM_PASSES (the most digit
// passes a sort of this key type takes). GROUP_SIZE is Config::histogram_group with ALL_PASSES,
// the small kernels' size without.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) buffer TileState { uint tile_state[]; };

layout(location = GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES) uniform uint u_passes;  // ALL_PASSES: digit passes
layout(location = GPUSORT_RADIX_LOCATION_BEGIN_BIT) uniform uint u_begin_bit;      // ALL_PASSES
layout(location = GPUSORT_RADIX_LOCATION_END_BIT) uniform uint u_end_bit;          // ALL_PASSES

#if ALL_PASSES
#define HISTOGRAM_WORDS (HISTOGRAM_PASSES * RADIX)
#else
#define HISTOGRAM_WORDS RADIX
#endif
shared uint s_histogram[HISTOGRAM_WORDS];

// Pass p's lowest key bit and digit mask for the bits [u_begin_bit, u_end_bit); passes past the
// last count nothing.
uint pass_shift_of(uint p) { return min(u_begin_bit + p * RADIX_BITS, u_end_bit); }
uint pass_mask_of(uint p) { return (1u << min(RADIX_BITS, u_end_bit - pass_shift_of(p))) - 1u; }

// `all_bits`: the sort takes every bit of the key, a whole digit a pass (a constant where
// count_range() inlines it). Shifts and masks are computed where a key is counted rather than
// held in per-pass arrays, which would cost each invocation registers and so the kernel its
// residency.
void count_key(KEY key, bool all_bits) {
#if ALL_PASSES
    for (uint p = 0u; p < ROLLED(HISTOGRAM_PASSES); ++p) {
        if (all_bits) atomicAdd(s_histogram[p * RADIX + digit_at(key, p * RADIX_BITS, RADIX - 1u)], 1u);
        else if (p < u_passes) atomicAdd(s_histogram[p * RADIX + digit_at(key, pass_shift_of(p), pass_mask_of(p))], 1u);
    }
#else
    atomicAdd(s_histogram[digit_of(key)], 1u);
#endif
}

// Counts the keys at positions [begin, end); begin is a multiple of KEYS_PER_VECTOR.
void count_range_of(uint begin, uint end, bool all_bits) {
    bool aligned = key_vectors_aligned();
    for (uint first = begin + gl_LocalInvocationIndex * KEYS_PER_VECTOR; first < end;
         first += GROUP_SIZE * KEYS_PER_VECTOR) {
        if (aligned && first + KEYS_PER_VECTOR <= end) {
            uvec4 v = src_key_vectors[(SRC_KEY_BASE + first) / KEYS_PER_VECTOR];
#if KEY_WORDS == 2
            KEY k0 = v.yx, k1 = v.wz;
            count_key(first_pass_ordered(k0), all_bits);
            count_key(first_pass_ordered(k1), all_bits);
#else
            for (uint l = 0u; l < ROLLED(4u); ++l) count_key(first_pass_ordered(v[l]), all_bits);
#endif
        } else {
            for (uint l = 0u; l < ROLLED(KEYS_PER_VECTOR); ++l) {
                if (first + l < end) count_key(load_key(first + l), all_bits);
            }
        }
    }
}

void count_range(uint begin, uint end) {
#if ALL_PASSES
    // A uniform branch to the copy of the loop with constant shifts and masks.
    bool all_bits = u_begin_bit == 0u && u_end_bit == uint(KEY_WORDS) * 32u && u_passes == HISTOGRAM_PASSES &&
                    (uint(KEY_WORDS) * 32u) % RADIX_BITS == 0u;
    if (all_bits) count_range_of(begin, end, true);
    else count_range_of(begin, end, false);
#else
    count_range_of(begin, end, false);
#endif
}

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

void main() {
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint group = linear_group_id();
    uint tiles = ceil_div(n, TILE_SIZE);
#if ALL_PASSES
    uint groups = ceil_div(n, HISTOGRAM_KEYS);
    if (group >= groups) return;
    // This workgroup's share of the status words of every partition (word order).
    uint status_words = tiles * RADIX;
    uint share = ceil_div(status_words, groups);
    for (uint i = group * share + t; i < min(status_words, (group + 1u) * share); i += GROUP_SIZE) tile_state[i] = 0u;
    uint begin = group * HISTOGRAM_KEYS;
    uint end = min(n, begin + HISTOGRAM_KEYS);
    uint words = u_passes * RADIX;
#else
    uint blocks = ceil_div(tiles, u_tiles_per_block);
    if (group >= blocks) return;
    uint begin = group * u_tiles_per_block * TILE_SIZE;
    uint end = min(n, begin + u_tiles_per_block * TILE_SIZE);
    uint words = RADIX;
#endif
    for (uint i = t; i < words; i += GROUP_SIZE) s_histogram[i] = 0u;
    barrier();
    count_range(begin, end);
    barrier();
#if ALL_PASSES
    uint keys_here = end - begin;
    for (uint i = t; i < words; i += GROUP_SIZE) {
        uint c = s_histogram[i];
        // With the marks, a bin that holds all of this workgroup's keys is added below.
        if (c != 0u && (KEPT_ORDER == 0 || c != keys_here)) atomicAdd(meta[META_HISTOGRAMS + i], c);
    }
#if KEPT_ORDER
    // Bins only grow: the add that brings one to n finds every key in it, so its pass keeps the
    // order (onesweep.comp write_tile_in_place()). Only a workgroup whose own keys all fall in
    // one bin of a pass can make that add, so only its adds wait for their results, in a loop
    // of their own: the adds above return nothing, as in a histogram without the marks (adds
    // that all waited, a last workgroup that read every bin, or both kinds of add in one loop
    // cost sorts of random keys 1-6 % on the H200: bench/results/history.md).
    for (uint i = t; i < words; i += GROUP_SIZE) {
        uint c = s_histogram[i];
        if (c != 0u && c == keys_here && atomicAdd(meta[META_HISTOGRAMS + i], c) + c == n)
            atomicOr(meta[META_TICKETS + i / RADIX], TICKET_KEPT_ORDER);
    }
#endif
#else
    for (uint i = t; i < words; i += GROUP_SIZE) {
        uint c = s_histogram[i];
        if (c != 0u) atomicAdd(meta[META_HISTOGRAMS + u_pass * RADIX + i], c);
        tile_state[i * blocks + group] = c;
    }
#endif
}
)gpusort_glsl";

// shaders/radix/init.comp
inline constexpr const char* radix_init_comp = R"gpusort_glsl(#line 1 34 // shaders/radix/init.comp
// Starts every radix sort (one workgroup): records the element count, zeroes the digit
// histograms, the Onesweep tickets and fallback count, and writes the DispatchIndirectCommands that
// sort_indirect() dispatches with, so that the CPU never reads a count from the GPU.
// Extra #defines: TILE_SIZE, HISTOGRAM_KEYS (keys per histogram workgroup), COPY_ELEMENTS
// (elements per copy workgroup), SERIAL_SCAN_BLOCKS (scan.comp).

layout(local_size_x = GROUP_SIZE) in;

// sort_indirect(): the count is a uint in this buffer, written by earlier GPU work.
layout(std430, binding = GPUSORT_RADIX_BINDING_COUNT_BUFFER) readonly buffer CountBuffer { uint count_words[]; };

// The element count, where it comes from (detail/shader_interface/common.hpp): x the count when the host knows
// it, y GPUSORT_COUNT_FROM_*, z the count's word in CountBuffer, w the capacity.
layout(location = GPUSORT_RADIX_LOCATION_COUNT) uniform uvec4 u_count;
layout(location = GPUSORT_RADIX_LOCATION_MAX_GROUPS_X) uniform uint u_max_groups_x;
layout(location = GPUSORT_RADIX_LOCATION_PASSES) uniform uint u_passes;

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

// One DispatchIndirectCommand, split over x and y like the host's dispatches.
void write_arguments(uint index, uint groups) {
    uint x = min(groups, u_max_groups_x);
    uint y = x == 0u ? 1u : ceil_div(groups, x);
    meta[META_ARGUMENTS + 3u * index + 0u] = x;
    meta[META_ARGUMENTS + 3u * index + 1u] = y;
    meta[META_ARGUMENTS + 3u * index + 2u] = 1u;
}

void main() {
    uint t = gl_LocalInvocationIndex;
    uint n = u_count.y != GPUSORT_COUNT_FROM_UNIFORM ? min(count_words[u_count.z], u_count.w) : u_count.x;
    for (uint i = t; i < u_passes * RADIX; i += GROUP_SIZE) meta[META_HISTOGRAMS + i] = 0u;
    if (t < GPUSORT_RADIX_MAX_PASSES) meta[META_TICKETS + t] = 0u;
    if (t == 0u) {
        meta[META_COUNT] = n;
        meta[META_FALLBACKS] = 0u;
        // Fewer than two elements are sorted already: every pass gets no workgroup.
        uint sorting = n < 2u ? 0u : 1u;
        uint tiles = ceil_div(n, TILE_SIZE) * sorting;
        write_arguments(GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, ceil_div(n, HISTOGRAM_KEYS) * sorting);
        write_arguments(GPUSORT_RADIX_ARGUMENTS_PARTITION, tiles);
        write_arguments(GPUSORT_RADIX_ARGUMENTS_BLOCK, ceil_div(tiles, max(u_tiles_per_block, 1u)));
        uint blocks = ceil_div(tiles, max(u_tiles_per_block, 1u));
        write_arguments(GPUSORT_RADIX_ARGUMENTS_SCAN, (blocks <= SERIAL_SCAN_BLOCKS ? 1u : RADIX) * sorting);
        write_arguments(GPUSORT_RADIX_ARGUMENTS_COPY, ceil_div(n, COPY_ELEMENTS) * sorting);
    }
}
)gpusort_glsl";

// shaders/radix/keys.glsl
inline constexpr const char* radix_keys_glsl = R"gpusort_glsl(#line 1 35 // shaders/radix/keys.glsl
// The key and value streams of a digit pass: read from the GPUSORT_RADIX_BINDING_SRC_* and
// written to the GPUSORT_RADIX_BINDING_DST_* bindings.
// Positions are element indices of the sort (0 .. count-1); the bases (uniforms) place them in
// the bound ranges, which start at GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (sort_range()).
// Buffers hold little-endian 64-bit keys (word 2i = low, 2i+1 = high); a KEY uvec2 holds the
// high word in x, so loads and stores swap the halves.

#if KEY_WORDS == 2
layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_KEYS) readonly buffer SrcKeys { uvec2 src_keys[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_DST_KEYS) writeonly buffer DstKeys { uvec2 dst_keys[]; };
KEY read_src_key(uint i) { return src_keys[SRC_KEY_BASE + i].yx; }
void store_dst_key(uint i, KEY key) { dst_keys[DST_KEY_BASE + i] = key.yx; }
#else
layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_KEYS) readonly buffer SrcKeys { uint src_keys[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_DST_KEYS) writeonly buffer DstKeys { uint dst_keys[]; };
KEY read_src_key(uint i) { return src_keys[SRC_KEY_BASE + i]; }
void store_dst_key(uint i, KEY key) { dst_keys[DST_KEY_BASE + i] = key; }
#endif
// 16-byte view of the source keys (histograms): 4 32-bit keys or 2 64-bit keys.
layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_KEYS) readonly buffer SrcKeyVectors { uvec4 src_key_vectors[]; };

// The ordered key at position i: the first pass maps the caller's key.
KEY load_key(uint i) { return first_pass_ordered(read_src_key(i)); }

// Whether 16-byte loads of the source keys line up with positions that are multiples of
// KEYS_PER_VECTOR.
#define KEYS_PER_VECTOR (4u / uint(KEY_WORDS))
bool key_vectors_aligned() { return ((SRC_KEY_BASE * uint(KEY_WORDS)) & 3u) == 0u; }

#if HAS_VALUES
layout(std430, binding = GPUSORT_RADIX_BINDING_SRC_VALUES) readonly buffer SrcValues { uint src_values[]; };
layout(std430, binding = GPUSORT_RADIX_BINDING_DST_VALUES) writeonly buffer DstValues { uint dst_values[]; };
// sort_indices(): the first pass's value of position i is i itself (never read).
uint load_value(uint i) { return (u_flags & FLAG_IOTA) != 0u ? i : src_values[SRC_VALUE_BASE + i]; }
void store_dst_value(uint i, uint value) { dst_values[DST_VALUE_BASE + i] = value; }
#endif
)gpusort_glsl";

// shaders/radix/onesweep.comp
inline constexpr const char* radix_onesweep_comp = R"gpusort_glsl(#line 1 36 // shaders/radix/onesweep.comp
// Onesweep (Adinets and Merrill, 2022) with decoupled fallback (Smith, Levien and Owens, 2025):
// one dispatch per digit pass, and no workgroup ever needs another to make progress. Each
// workgroup takes the next partition (tile) from an atomic ticket, counts its digits and
// publishes them at once, ranks its keys, then looks back through earlier partitions'
// published counts for where its keys of each digit go (decoupled look-back, one status word
// per digit), and scatters.
//
// Status word of (partition, digit): state << 30 | count, count below 2^30. Relative states:
// 0 not ready, 1 aggregate (the partition's own count), 2 inclusive (every key of that
// digit up to and including the partition, plus the digit's start). The stored state is
// (relative + 2 * (pass & 1)) & 3, so the previous pass's final "inclusive" reads as "not
// ready": the table is zeroed once per sort (histogram.comp) and never between passes. That
// needs every word inclusive at the end of every pass: each owner posts its inclusive counts,
// and nothing else ever writes a word that is already ready. No fence follows a post: state
// and count arrive in one word, and a reader relies on nothing else the poster wrote (a
// recount reads keys the previous dispatch wrote).
//
// Fallback. Each digit's look-back runs on its own invocation and gives up after finding the
// next partition not ready LOOKBACK_POLLS times in a row. Then the whole workgroup, in a
// uniform loop, counts that partition's keys of this pass's digit itself, from the pass's
// source (partition q is the q-th ticket: keys [q * TILE_SIZE, min(n, (q + 1) * TILE_SIZE)),
// read and mapped exactly as that partition's owner reads them), and each digit stuck there
// inserts its count by compare-and-swap from the "not ready" word it read. The owner's plain
// posts and any number of such inserts compose: they all write the same aggregate, and an
// insert never replaces a ready word. Partition 0's insert is its inclusive count (the digit's
// start plus its count), which is what its owner posts.
//
// Bounded work (llvmpipe ends an invocation's loops after 65535 iterations in all). A walk
// only passes partitions that are not inclusive yet. An owner that has finished has posted
// its inclusive counts, and owners take their tickets in order, so every partition a walk
// passes belongs to a workgroup that was running when this one took its ticket: fewer than
// the workgroups the device runs at once (llvmpipe: one per thread, LP_MAX_THREADS = 32 at
// most; the test mode below adds at most as many withheld ones). A fallback round recounts
// the nearest partition any digit is stuck at, and every digit stuck there moves past it, so
// there are at most as many rounds as partitions passed. A round costs an invocation
// KEYS_PER_INVOCATION + HALF_RADIX / GROUP_SIZE loop iterations for the recount and, per digit
// it holds, at most LOOKBACK_POLLS idle steps of 2 * LOOKBACK_WINDOW + 1 iterations; each
// partition passed costs a step more, and partition 0's start up to RADIX once per digit. With
// llvmpipe's default tiles (256 x 4, a digit an invocation) that is about 50 iterations per
// partition passed, within the budget for over a thousand; with the narrowest tiles (32
// invocations x 32 keys, 8 digits each) about 400, within it for over a hundred.
//
// Test mode (WITHHOLD_POSTS 1, a separate program; k = u_withhold_every): partition q withholds
// both its posts where q % k == 0 and a partition follows it, so that the next partition can
// only pass it by recounting it; that one posts q's inclusive counts for it once it knows them
// (its own exclusive counts), so that every word still ends the pass inclusive.
// Extra #defines: those of tile.glsl (PHASE_CLOCK among them); LOOKBACK_POLLS, WITHHOLD_POSTS,
// VARIABLE_GROUP_SIZE (optional).

#ifndef VARIABLE_GROUP_SIZE
#define VARIABLE_GROUP_SIZE 0  // GLSL ES refuses an undefined name in #if
#endif
#if VARIABLE_GROUP_SIZE
// Probe mode (gpusort_radix_probe lsv=1): dispatched at GROUP_SIZE, but the compiler budgets
// registers for GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB invocations.
layout(local_size_variable) in;
#else
layout(local_size_x = GROUP_SIZE) in;
#endif

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) coherent volatile buffer TileState { uint status[]; };

#define NOT_READY 0u
#define AGGREGATE 1u
#define INCLUSIVE 2u
#define COUNT_MASK 0x3FFFFFFFu

// Partitions a look-back step reads at once, the count that measured fastest
// (bench/results/history.md).
#define LOOKBACK_WINDOW 4u

// Steps in a row that find the next partition not ready before the workgroup counts that
// partition itself.
#ifndef LOOKBACK_POLLS
#define LOOKBACK_POLLS 4u
#endif

#ifndef WITHHOLD_POSTS
#define WITHHOLD_POSTS 0
#endif

// Where each digit's look-back stopped (0: done), kept in shared memory rather than in registers
// beside the tile's keys, which cost 64-bit keys about a quarter of their speed
// (bench/results/history.md). onesweep.comp has no s_base: these are downsweep.comp's RADIX
// words of radix::tile_shared_bytes().
shared uint s_lookback_next[RADIX];

#define s_partition s_delta[0]  // read before s_delta is written (barriers between)
// Fallback rounds, after rank_rows(): the recount, two 16-bit counts a word (a tile holds at
// most 32768 keys), in subgroup 0's digit counters; and the nearest partition any digit is
// stuck at plus one (0: none), in S_TMP, which is free from the end of count_tile() on.
#define S_RECOUNT(x) s_area[x]
#define S_STUCK S_TMP(0u)

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

uint status_word(uint state, uint count) { return (((state + 2u * (u_pass & 1u)) & 3u) << 30u) | count; }
uint status_state(uint word) { return ((word >> 30u) + 2u * (u_pass & 1u)) & 3u; }

#if WITHHOLD_POSTS
layout(location = GPUSORT_RADIX_LOCATION_WITHHOLD_EVERY) uniform uint u_withhold_every;  // k >= 1
bool withheld(uint q, uint partitions) { return q % u_withhold_every == 0u && q + 1u < partitions; }
#endif

// Walks digit d's look-back back from partition `next` (the partitions before it are still to
// be read), adding their counts to `before`, until it takes an inclusive count (then next is
// 0) or finds the partition before `next` not ready LOOKBACK_POLLS steps in a row. Each step
// reads LOOKBACK_WINDOW partitions at once (independent loads: one round trip), then takes
// them nearest first up to the first one not ready. Partition 0 is never an aggregate.
void look_back(uint d, inout uint next, inout uint before) {
    uint idle = 0u;
    while (next != 0u && idle < LOOKBACK_POLLS) {
        uint words[LOOKBACK_WINDOW];
        for (uint w = 0u; w < ROLLED(LOOKBACK_WINDOW); ++w) words[w] = status[uint(max(int(next) - 1 - int(w), 0)) * RADIX + d];
        uint from = next;
        for (uint w = 0u; w < ROLLED(LOOKBACK_WINDOW); ++w) {
            uint state = status_state(words[w]);
            if (state == NOT_READY) break;
            before += words[w] & COUNT_MASK;
            --next;
            if (state == INCLUSIVE) { next = 0u; break; }
        }
        idle = next == from ? idle + 1u : 0u;
    }
}

// Counts partition q's keys of each digit of this pass from the pass's source into S_RECOUNT:
// the keys its owner loaded, through the same load_key() and digit_of() (no padding).
void recount_partition(uint q, uint n) {
    uint t = gl_LocalInvocationIndex;
    for (uint x = t; x < HALF_RADIX; x += GROUP_SIZE) S_RECOUNT(x) = 0u;
    barrier();
    uint first = q * TILE_SIZE;
    uint keys = min(TILE_SIZE, n - first);
    for (uint i = t; i < keys; i += GROUP_SIZE) {
        uint d = digit_of(load_key(first + i));
        atomicAdd(S_RECOUNT(d >> 1u), 1u << ((d & 1u) << 4u));
    }
    barrier();
}

uint recounted(uint d) { return (S_RECOUNT(d >> 1u) >> ((d & 1u) << 4u)) & 0xFFFFu; }

// Where digit d starts in this pass's output: the pass's histogram summed below d.
uint digit_start(uint d) {
    uint start = 0u;
    for (uint e = 0u; e < d; ++e) start += meta[META_HISTOGRAMS + u_pass * RADIX + e];
    return start;
}

// Digit d's look-back is stuck at partition q (next is q + 1), which S_RECOUNT holds: takes
// q's count, inserting it where q's word is still not ready.
void take_recount(uint d, uint q, inout uint next, inout uint before) {
    uint index = q * RADIX + d;
    uint word = status[index];
    if (status_state(word) == NOT_READY) {
        uint count = recounted(d);
        uint mine = q == 0u ? status_word(INCLUSIVE, digit_start(d) + count) : status_word(AGGREGATE, count);
        uint seen = atomicCompSwap(status[index], word, mine);
        word = seen == word ? mine : seen;  // else the owner's post, or another insert
    }
    before += word & COUNT_MASK;
    next = status_state(word) == INCLUSIVE ? 0u : q;
}

// Digit d's look-back is done: `before` keys of digit d come before this partition's (part
// 0: s_delta already holds the digit's start). Posts the inclusive count and sets s_delta.
void finish_digit(uint d, uint part, uint partitions, uint padding, bool posts, uint before) {
    if (part != 0u) {
        uint count = S_COUNT(d) - (d == RADIX - 1u ? padding : 0u);
        if (posts) status[part * RADIX + d] = status_word(INCLUSIVE, before + count);
#if WITHHOLD_POSTS
        if (withheld(part - 1u, partitions)) status[(part - 1u) * RADIX + d] = status_word(INCLUSIVE, before);
#endif
        s_delta[d] = before;
    }
    s_delta[d] -= S_START(d);
}

#if KEPT_ORDER
// A pass that keeps the order: the upfront histogram found every key's digit of this pass in
// one bin (histogram.comp; depths in a narrow range, 64-bit keys with empty upper bytes, a tile
// field that does not vary), so no key moves. The partition loads its tile as every partition
// does, then writes it back to the same positions (mapped as the pass maps keys), without
// ranking or looking back. It still posts its status words inclusive, as every pass must end
// (the next pass reads them as not ready). The histogram marks such a pass in its ticket
// counter, so the ticket's atomic brings the mark at no cost, and the tile tests it only once
// its loads are issued: a flag of its own, read beside the ticket by one invocation or beside
// the keys by all, cost sorts of random keys 2-15 %, and a copy loop of its own before the
// load 1-2.5 % of a pass (bench/results/history.md).
void write_tile_in_place(uint part, uint tile_first, uint n_tile) {
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (p < n_tile) {
            store_dst_key(tile_first + p, last_pass_raw(g_keys[j]));
#if HAS_VALUES && VALUES_AFTER_KEYS
            store_dst_value(tile_first + p, load_value(tile_first + p));
#elif HAS_VALUES
            store_dst_value(tile_first + p, g_values[j]);
#endif
        }
    }
    for (uint d = gl_LocalInvocationIndex; d < RADIX; d += GROUP_SIZE)
        status[part * RADIX + d] = status_word(INCLUSIVE, 0u);
}
#endif

// Digit d walks back on its own from partition `next`, `before` of its keys counted so far. One
// that gives up leaves where it stopped in s_lookback_next and its sum so far in s_delta, for
// the fallback rounds, which resume it here.
void walk_digit(uint d, uint next, uint before, uint part, uint partitions, uint padding, bool posts) {
    look_back(d, next, before);
    s_lookback_next[d] = next;
    if (next == 0u) finish_digit(d, part, partitions, padding, posts, before);
    else {
        s_delta[d] = before;
        atomicMax(S_STUCK, next);
    }
}

// One partition of the pass: the workgroup's ticket's.
void sort_partition() {
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint partitions = ceil_div(n, TILE_SIZE);
    if (linear_group_id() >= partitions) return;  // a split dispatch's extra workgroups
    if (t == 0u) s_partition = atomicAdd(meta[META_TICKETS + u_pass], 1u);
    barrier();
    uint part = s_partition;  // ("partition" is a reserved word)
#if KEPT_ORDER
    bool kept = part >= TICKET_KEPT_ORDER;
    part &= TICKET_KEPT_ORDER - 1u;
#endif
    uint tile_first = part * TILE_SIZE;
    uint n_tile = min(TILE_SIZE, n - tile_first);
#if PHASE_CLOCK
    bool sampled = part % GPUSORT_RADIX_PHASE_EVERY == 0u;
#if KEPT_ORDER
    sampled = sampled && !kept;  // a kept tile stamps nothing (bench/lab/radix_phases.hpp)
#endif
    if (sampled)
        g_phase_sample = (u_pass * ceil_div(partitions, GPUSORT_RADIX_PHASE_EVERY) + part / GPUSORT_RADIX_PHASE_EVERY) *
                         GPUSORT_RADIX_PHASE_STAMPS;
#endif
    stamp_phase(GPUSORT_RADIX_PHASE_START);
    uint padding = TILE_SIZE - n_tile;
#if WITHHOLD_POSTS
    bool posts = !withheld(part, partitions);
#else
    bool posts = true;
#endif
    if (part == 0u) {
        // Where each digit starts: the pass's histogram, scanned.
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_COUNT(d) = meta[META_HISTOGRAMS + u_pass * RADIX + d];
        barrier();
        scan_counts();
        for (uint d = t; d < RADIX; d += GROUP_SIZE) s_delta[d] = S_START(d);
    }
    load_tile(tile_first, n_tile);
#if KEPT_ORDER
    if (kept) {
        write_tile_in_place(part, tile_first, n_tile);
        return;
    }
#endif
    count_tile();
    if (t == 0u) S_STUCK = 0u;  // before any look-back: rank_rows() ends with a barrier
    for (uint d = t; d < RADIX; d += GROUP_SIZE) {
        uint count = S_COUNT(d) - (d == RADIX - 1u ? padding : 0u);
        if (posts) status[part * RADIX + d] =
            part == 0u ? status_word(INCLUSIVE, s_delta[d] + count) : status_word(AGGREGATE, count);
    }
    rank_rows();
    for (uint d = t; d < RADIX; d += GROUP_SIZE) walk_digit(d, part, 0u, part, partitions, padding, posts);
    barrier();
    // Read into a register, then a barrier before anything writes S_STUCK (or, past the loop,
    // the scatter writes s_area): every invocation takes the same branches.
    uint stuck = S_STUCK;
    barrier();
    while (stuck != 0u) {
        uint q = stuck - 1u;
        if (t == 0u) {
            S_STUCK = 0u;  // recount_partition() begins with a barrier
            atomicAdd(meta[META_FALLBACKS], 1u);
        }
        recount_partition(q, element_count());  // n need not stay in a register until here
        for (uint d = t; d < RADIX; d += GROUP_SIZE) {
            uint next = s_lookback_next[d];
            if (next != 0u) {
                uint before = s_delta[d];
                if (next == stuck) take_recount(d, q, next, before);
                walk_digit(d, next, before, part, partitions, padding, posts);
            }
        }
        barrier();
        stuck = S_STUCK;
        barrier();
    }
    stamp_phase(GPUSORT_RADIX_PHASE_LOOK_BACK);
    scatter_tile(n_tile);
}

// The subgroup check (tile_subgroups.glsl) comes after the partition: its dispatch binds the
// zeroed check word as the meta buffer, whose count word it is, so the pass finds no
// partition. A branch around the pass, which every sort takes, is what the check would cost
// at the top (the network measured it: bench/results/history.md).
void main() {
    sort_partition();
    report_subgroup_size();
}
)gpusort_glsl";

// shaders/radix/scan.comp
inline constexpr const char* radix_scan_comp = R"gpusort_glsl(#line 1 37 // shaders/radix/scan.comp
// Reduce-then-scan: turns the blocks' counts of digit d (tile_state[d * blocks + b], from
// the upsweep) into the position where block b's first key of digit d goes: the keys of
// smaller digits (the pass's histogram) plus the keys of digit d in blocks before b.
// Up to SERIAL_SCAN_BLOCKS blocks, workgroup 0 alone does it, an invocation per digit walking
// the blocks; above, a workgroup per digit scans them GROUP_SIZE at a time.
// Extra #defines: TILE_SIZE, SERIAL_SCAN_BLOCKS. GROUP_SIZE is at least RADIX.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) buffer TileState { uint tile_state[]; };

shared uint s_scan[2u * GROUP_SIZE];

// Inclusive sum of v over the workgroup's invocations (Hillis-Steele, double-buffered);
// every invocation gets its own prefix, and *total the workgroup's sum.
uint workgroup_inclusive_sum(uint v, out uint total) {
    uint t = gl_LocalInvocationIndex;
    uint from = 0u;
    s_scan[t] = v;
    barrier();
    for (uint offset = 1u; offset < GROUP_SIZE; offset <<= 1u) {
        uint to = GROUP_SIZE - from;
        s_scan[to + t] = s_scan[from + t] + (t >= offset ? s_scan[from + t - offset] : 0u);
        barrier();
        from = to;
    }
    uint sum = s_scan[from + t];
    total = s_scan[from + GROUP_SIZE - 1u];
    barrier();  // the next call overwrites s_scan
    return sum;
}

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

void main() {
    uint t = gl_LocalInvocationIndex;
    uint d = linear_group_id();
    if (d >= RADIX) return;
    uint n = element_count();
    uint blocks = ceil_div(ceil_div(n, TILE_SIZE), u_tiles_per_block);
    if (blocks <= SERIAL_SCAN_BLOCKS) {
        if (d != 0u) return;
        uint count = t < RADIX ? meta[META_HISTOGRAMS + u_pass * RADIX + t] : 0u;
        uint total;
        uint next = workgroup_inclusive_sum(count, total) - count;
        if (t < RADIX) {
            for (uint b = 0u; b < blocks; ++b) {
                uint in_block = tile_state[t * blocks + b];
                tile_state[t * blocks + b] = next;
                next += in_block;
            }
        }
        return;
    }
    // Keys of the smaller digits.
    uint smaller = 0u;
    for (uint i = t; i < d; i += GROUP_SIZE) smaller += meta[META_HISTOGRAMS + u_pass * RADIX + i];
    uint base;
    workgroup_inclusive_sum(smaller, base);
    for (uint chunk = 0u; chunk < blocks; chunk += GROUP_SIZE) {
        uint b = chunk + t;
        uint count = b < blocks ? tile_state[d * blocks + b] : 0u;
        uint total;
        uint inclusive = workgroup_inclusive_sum(count, total);
        if (b < blocks) tile_state[d * blocks + b] = base + inclusive - count;
        base += total;
    }
}
)gpusort_glsl";

// shaders/radix/tile.glsl
inline constexpr const char* radix_tile_glsl = R"gpusort_glsl(#line 1 38 // shaders/radix/tile.glsl
// One tile of a digit pass (downsweep.comp, onesweep.comp): load TILE_SIZE keys, rank them
// stably by the pass's digit, and scatter them (and their values) to their destinations
// through shared memory, so that global writes come in runs of consecutive positions. This
// file holds the tile's state and layout; its phases follow, in this order: tile_load.glsl,
// tile_rank.glsl, tile_scatter.glsl.
// Extra #defines:
//   TILE_SIZE            GROUP_SIZE * KEYS_PER_INVOCATION (at most 32768)
//   KEYS_PER_INVOCATION  keys each invocation holds in registers
//   SUBGROUP_SIZE        lanes of a (real or emulated) subgroup; GROUP_SIZE is a multiple
//   SUBGROUP_MODE        the subgroup backend (tile_subgroups.glsl): 2 real ballots, 1 emulated
//                        ballots, 0 digits compared through shared memory in rows of 32
//   MASK_WORDS           1 where subgroups have at most 32 lanes (a lane set is a uint), else 4
//   SCATTER_PARTS        parts the scatter passes the tile through s_area in (a divisor of
//                        KEYS_PER_INVOCATION; see scatter_tile_checked())
//   AREA_WORDS           max(TILE_SIZE / SCATTER_PARTS (twice that with WHOLE_KEY_STAGING),
//                        per-subgroup digit counters + 3 * RADIX):
//                        the digit counts, starts and scan temporaries live in s_area above the
//                        counters (dead once the scatter fills s_area), so a tile takes
//                        AREA_WORDS + RADIX words (radix::Config::area_words)
//   SUBGROUP_SCAN        1: scan the digit counts with subgroup shuffles (see scan_counts())
//   WHOLE_KEY_STAGING    1: 64-bit keys pass the scatter's shared memory whole, two words a
//                        slot; 0: a word at a time (see scatter_tile_checked())
//   VALUES_AFTER_KEYS    1: values stay out of the tile's registers until its keys are written
//                        (CUB's order; see scatter_tile_checked()); 0: they load with the keys
// The host compiles tile_subgroups.glsl before this file and the phases after it.
// Measured and rejected (see bench/results/history.md): one-pass ranking, digit starts folded
// into the counters, a ballot per row.
//
// Layout and stability: subgroup w owns tile positions [w * S * K, (w + 1) * S * K) (S the
// subgroup size, K keys per invocation); its lane l holds row j's key at w*S*K + j*S + l, so
// loads are coalesced and rows taken in order j = 0, 1, ... visit the subgroup's keys in
// position order. A key's rank is: the tile's keys of smaller digits, plus its digit's keys
// in earlier subgroups, in earlier rows of its subgroup, and in lower lanes of its row.

// Full tiles load and scatter without bounds checks for 32-bit keys alone (with values, or
// 64-bit keys in 384 x 10 tiles, the second copy of the code cost more than the checks), except
// on software renderers, where the copy costs more to compile than it saves.
#if KEY_WORDS == 1 && !HAS_VALUES && !ROLLED_LOOPS
#define FULL_TILE_PATH 1
#else
#define FULL_TILE_PATH 0
#endif

#define K KEYS_PER_INVOCATION
#define SUBGROUPS (GROUP_SIZE / SUBGROUP_SIZE)
#define HALF_RADIX (RADIX / 2u)

KEY g_keys[K];     // ordered keys; padding past the count is digit RADIX-1 and ranks last

// Each row's digit: held in registers, or (RECOMPUTE_DIGITS) taken from the key again where
// it is needed, padding (tile positions from g_tile_keys on) as RADIX-1.
#ifndef RECOMPUTE_DIGITS
#define RECOMPUTE_DIGITS 0
#endif
#if RECOMPUTE_DIGITS
uint g_tile_keys;
uint tile_position(uint j);
uint row_digit(uint j) { return tile_position(j) < g_tile_keys ? digit_of(g_keys[j]) : RADIX - 1u; }
#else
uint g_digits[K];
uint row_digit(uint j) { return g_digits[j]; }
#endif

// Each row's tile position after the pass: a word each, or (PACK_RANKS) two 16-bit ranks a
// word (a tile holds at most 32768 keys), set in row order.
#ifndef PACK_RANKS
#define PACK_RANKS 0
#endif
#if PACK_RANKS
uint g_rank_pairs[(K + 1u) / 2u];
uint rank_of(uint j) { return (g_rank_pairs[j >> 1u] >> ((j & 1u) << 4u)) & 0xFFFFu; }
void set_rank(uint j, uint rank) {
    if ((j & 1u) == 0u) g_rank_pairs[j >> 1u] = rank;
    else g_rank_pairs[j >> 1u] |= rank << 16u;
}
#else
uint g_ranks[K];
uint rank_of(uint j) { return g_ranks[j]; }
void set_rank(uint j, uint rank) { g_ranks[j] = rank; }
#endif

// Values: loaded with the keys, before the look-back, and held through ranking (0), or loaded
// only once the keys are ranked and staged (1), so that the ranking's live state is the keys
// alone and a larger tile keeps two workgroups a unit. Their source position comes from
// s_value_first, read after a barrier, so that the compiler cannot hoist the loads above it
// (the buffer is readonly and its address otherwise known at the kernel's top).
#ifndef VALUES_AFTER_KEYS
#define VALUES_AFTER_KEYS 0
#endif
#if HAS_VALUES
uint g_values[K];
#endif
#if HAS_VALUES && VALUES_AFTER_KEYS
shared uint s_value_first;  // the tile's first position (radix::tile_shared_bytes counts it)
#endif

// Per-subgroup digit counters (two 16-bit counts a word) while ranking; the scattered tile
// afterwards.
// S_COUNT(d): the tile's keys of digit d (padding included); S_START(d): exclusive prefix of
// the counts, where digit d starts in the tile; S_TMP: the scan's temporaries. Valid from
// count_tile() until the scatter writes s_area.
#define COUNTER_WORDS (SUBGROUPS * HALF_RADIX)
#define RANKING_WORDS (COUNTER_WORDS + 3u * RADIX)
shared uint s_area[AREA_WORDS > RANKING_WORDS ? AREA_WORDS : RANKING_WORDS];
#define S_COUNT(d) s_area[COUNTER_WORDS + (d)]
#define S_START(d) s_area[COUNTER_WORDS + RADIX + (d)]
#define S_TMP(d) s_area[COUNTER_WORDS + 2u * RADIX + (d)]
shared uint s_delta[RADIX];  // set by the kernel: tile position i of digit d goes to s_delta[d] + i

// The phase clock (PHASE_CLOCK 1: onesweep.comp only, built for gpusort_radix_probe --phases
// through a test hook, never for a sort of the library's): invocation 0 of every sampled
// partition stamps the SM's clock where a barrier ends each phase of the tile, into the
// layout of the shader interface's GPUSORT_RADIX_PHASE_*. The stamps measure when invocation 0
// left each barrier, so a phase's time is the whole workgroup's, loads still in flight at a
// barrier (values, until the scatter) excepted.
#ifndef PHASE_CLOCK
#define PHASE_CLOCK 0
#endif
#if PHASE_CLOCK
layout(std430, binding = GPUSORT_RADIX_BINDING_PHASE_CLOCK) writeonly buffer PhaseClock { uvec2 phase_stamps[]; };
#define NO_PHASE_SAMPLE 0xFFFFFFFFu
uint g_phase_sample = NO_PHASE_SAMPLE;  // the partition's first stamp, if it is sampled
void stamp_phase(uint phase) {
    if (g_phase_sample != NO_PHASE_SAMPLE && gl_LocalInvocationIndex == 0u)
        phase_stamps[g_phase_sample + phase] = clock2x32ARB();
}
#else
#define stamp_phase(phase)
#endif

uint tile_position(uint j) { return subgroup_id() * (SUBGROUP_SIZE * K) + j * SUBGROUP_SIZE + lane_id(); }
)gpusort_glsl";

// shaders/radix/tile_load.glsl
inline constexpr const char* radix_tile_load_glsl = R"gpusort_glsl(#line 1 39 // shaders/radix/tile_load.glsl
// The tile's load phase (tile.glsl): its keys, their digits and their values into registers.

// Loads the tile's keys (ordered), their digits and (unless VALUES_AFTER_KEYS) their values;
// positions at or past n_tile are padding. `full`: n_tile is TILE_SIZE (a constant where inlined).
void load_tile_checked(uint tile_first, uint n_tile, bool full) {
#if RECOMPUTE_DIGITS
    g_tile_keys = n_tile;
#endif
#if HAS_VALUES && VALUES_AFTER_KEYS
    // Read only after the ranking's barriers; the previous tile's last read of it (downsweep)
    // came before its scatter's last barrier.
    if (local_id() == 0u) s_value_first = tile_first;
#endif
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (full || p < n_tile) {
            g_keys[j] = load_key(tile_first + p);
#if !RECOMPUTE_DIGITS
            g_digits[j] = digit_of(g_keys[j]);
#endif
#if HAS_VALUES && !VALUES_AFTER_KEYS
            g_values[j] = load_value(tile_first + p);
#endif
        } else {
            g_keys[j] = KEY(0xFFFFFFFFu);
#if !RECOMPUTE_DIGITS
            g_digits[j] = RADIX - 1u;
#endif
#if HAS_VALUES && !VALUES_AFTER_KEYS
            g_values[j] = 0u;
#endif
        }
    }
}

void load_tile(uint tile_first, uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) load_tile_checked(tile_first, TILE_SIZE, true);
    else load_tile_checked(tile_first, n_tile, false);
#else
    load_tile_checked(tile_first, n_tile, false);
#endif
}
)gpusort_glsl";

// shaders/radix/tile_rank.glsl
inline constexpr const char* radix_tile_rank_glsl = R"gpusort_glsl(#line 1 40 // shaders/radix/tile_rank.glsl
// The tile's ranking phase (tile.glsl): per-subgroup digit counts, their scan, and each key's
// rank in the tile.

// Counts and the highest lane of a set of lanes (LANES, tile_subgroups.glsl).
#if MASK_WORDS == 1
uint lane_count(uint m) { return uint(bitCount(m)); }
uint highest_lane(uint m) { return uint(findMSB(m)); }
#else
#define lane_count popcount4
#define highest_lane msb4
#endif

uint popcount4(uvec4 m) {
    ivec4 c = bitCount(m);
    return uint(c.x + c.y + c.z + c.w);
}

uint msb4(uvec4 m) {
    return m.w != 0u ? 96u + uint(findMSB(m.w)) : m.z != 0u ? 64u + uint(findMSB(m.z))
         : m.y != 0u ? 32u + uint(findMSB(m.y)) : uint(findMSB(m.x));
}

#if SUBGROUP_SCAN
// S_START = exclusive prefix of S_COUNT over the digits: each subgroup scans RADIX /
// (subgroups) digits with shuffles, then adds the totals of the subgroups before it.
// (SUBGROUP_SCAN: subgroups, GROUP_SIZE >= RADIX, RADIX a multiple of SUBGROUP_SIZE.)
void scan_counts() {
    uint d = subgroup_id() * SUBGROUP_SIZE + lane_id();  // the same order as the shuffles
    uint lane = lane_id();
    if (SHUFFLES_ARE_BARRIERS || d < RADIX) {  // whole subgroups skip, where they may
        uint count = d < RADIX ? S_COUNT(d) : 0u;
        uint sum = count;
        for (uint offset = 1u; offset < SUBGROUP_SIZE; offset <<= 1u) {
            uint below = shuffle(sum, lane >= offset ? lane - offset : lane);
            if (lane >= offset) sum += below;
        }
        if (d < RADIX) {
            if (lane == SUBGROUP_SIZE - 1u) S_TMP(subgroup_id()) = sum;
            S_START(d) = sum - count;
        }
    }
    barrier();
    if (d < RADIX) {
        uint before = 0u;
        for (uint w = 0u; w < subgroup_id(); ++w) before += S_TMP(w);
        S_START(d) += before;
    }
    barrier();
}
#else
// S_START = exclusive prefix of S_COUNT over the digits (Hillis-Steele through S_TMP).
void scan_counts() {
    uint t = local_id();
    for (uint d = t; d < RADIX; d += GROUP_SIZE) S_START(d) = S_COUNT(d);
    barrier();
    for (uint offset = 1u; offset < ROLLED(RADIX); offset <<= 1u) {
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_TMP(d) = S_START(d) + (d >= offset ? S_START(d - offset) : 0u);
        barrier();
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_START(d) = S_TMP(d);
        barrier();
    }
    for (uint d = t; d < RADIX; d += GROUP_SIZE) S_START(d) -= S_COUNT(d);
    barrier();
}
#endif

// After the counters of every subgroup are counted: turns them into each subgroup's first
// slot of each digit (exclusive over the subgroups), and fills S_COUNT and S_START.
void sum_subgroup_counters() {
    uint t = local_id();
    for (uint x = t; x < HALF_RADIX; x += GROUP_SIZE) {
        uint run = 0u;  // two 16-bit sums; a tile holds at most 32768 keys
        for (uint w = 0u; w < ROLLED(SUBGROUPS); ++w) {
            uint c = s_area[w * HALF_RADIX + x];
            s_area[w * HALF_RADIX + x] = run;
            run += c;
        }
        S_COUNT(2u * x) = run & 0xFFFFu;
        S_COUNT(2u * x + 1u) = run >> 16u;
    }
    barrier();
    scan_counts();
}

// Counts the digits per subgroup, turns the counters into each subgroup's first slot of each
// digit, and fills S_COUNT and S_START.
void count_tile() {
    uint t = local_id();
    for (uint i = t; i < COUNTER_WORDS; i += GROUP_SIZE) s_area[i] = 0u;
    barrier();
    stamp_phase(GPUSORT_RADIX_PHASE_LOAD);  // every invocation's digits were computed from its keys
    uint counters = subgroup_id() * HALF_RADIX;
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint d = row_digit(j);
        atomicAdd(s_area[counters + (d >> 1u)], 1u << ((d & 1u) << 4u));
    }
    barrier();
    sum_subgroup_counters();
    stamp_phase(GPUSORT_RADIX_PHASE_HISTOGRAM);
}

// Each row's keys of one digit take the next slots of their subgroup's counter, in lane
// order; the highest such lane (the leader) advances the counter for all of them. A key's rank
// is its digit's start in the tile plus its slot (the counter's value before the row plus the
// lower peers): a row's digit is dead once its rank is set.
void take_slots() {
    uint counters = subgroup_id() * HALF_RADIX;
    LANES below = lanes_below();
    LANES row = row_lanes();  // the same every row: one ballot a tile
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint d = row_digit(j);
        LANES peers = match_digit(d, row);
        uint leader = highest_lane(peers);
        uint half_shift = (d & 1u) << 4u;
        uint before = 0u;
        if (lane_id() == leader)
            before = (atomicAdd(s_area[counters + (d >> 1u)], lane_count(peers) << half_shift) >> half_shift) & 0xFFFFu;
        before = shuffle(before, leader);
        set_rank(j, S_START(d) + before + lane_count(peers & below));
    }
}

// Ranks the tile's keys after count_tile(): its counters hold each subgroup's first slots.
void rank_rows() {
    take_slots();
    barrier();
    stamp_phase(GPUSORT_RADIX_PHASE_RANK);
}
)gpusort_glsl";

// shaders/radix/tile_scatter.glsl
inline constexpr const char* radix_tile_scatter_glsl = R"gpusort_glsl(#line 1 41 // shaders/radix/tile_scatter.glsl
// The tile's scatter phase (tile.glsl).

// Writes the ranked tile to its destinations (s_delta set by the kernel): keys, then values.
// S_COUNT and S_START are dead from here on (the scatter overwrites them). The tile passes
// through s_area in SCATTER_PARTS parts of PART_SIZE positions (part p: tile positions from
// p * PART_SIZE), so that s_area needs only PART_SIZE words for it: a bigger tile in the same
// shared memory, for the price of a barrier pair and a rank test per key and part.
#define PART_SIZE (TILE_SIZE / SCATTER_PARTS)
#define PART_ROWS (K / SCATTER_PARTS)

// Whether the key ranked `rank` is in the part from `first`, and its s_area word there.
bool in_part(uint rank, uint first, out uint slot) {
    slot = rank - first;  // wraps past PART_SIZE for ranks below first
    return SCATTER_PARTS == 1u || slot < PART_SIZE;
}

#ifndef WHOLE_KEY_STAGING
#define WHOLE_KEY_STAGING 0
#endif
#if KEY_WORDS == 2 && WHOLE_KEY_STAGING
// Stages each ranked key in the part from `first` whole, at its rank's two s_area words.
void stage_keys(uint first) {
    uint slot;
    for (uint j = 0u; j < ROLLED(K); ++j)
        if (in_part(rank_of(j), first, slot)) {
            s_area[2u * slot] = g_keys[j].x;
            s_area[2u * slot + 1u] = g_keys[j].y;
        }
}
KEY staged_key(uint slot) { return uvec2(s_area[2u * slot], s_area[2u * slot + 1u]); }
#else
#if KEY_WORDS == 2
uint key_word(KEY key, uint word) { return word == 0u ? key.x : key.y; }
#else
uint key_word(KEY key, uint word) { return key; }
#endif

// Stages word `word` of each ranked key in the part from `first` at its rank's s_area word
// (KEY_WORDS 1: the key; 2: 0 the high word, 1 the low).
void stage_key_words(uint first, uint word) {
    uint slot;
    for (uint j = 0u; j < ROLLED(K); ++j)
        if (in_part(rank_of(j), first, slot)) s_area[slot] = key_word(g_keys[j], word);
}
#endif

#if HAS_VALUES && VALUES_AFTER_KEYS
// Loads the tile's values into registers the ranking no longer needs, row j's from tile
// position tile_position(j) (padding 0). Called after a barrier: s_value_first makes the loads
// wait for it.
void load_tile_values(uint n_tile, bool full) {
    uint first = s_value_first;
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (full || p < n_tile) g_values[j] = load_value(first + p);
        else g_values[j] = 0u;
    }
}

// The digit of each staged key the invocation wrote, four 8-bit digits a word (RADIX_BITS is
// at most 8), by row of the staged tile.
uint g_digit_quads[(K + 3u) / 4u];
#define STAGED_DIGIT(r) ((g_digit_quads[(r) >> 2u] >> (((r) & 3u) << 3u)) & 0xFFu)
#endif

// With VALUES_AFTER_KEYS (CUB's Onesweep order), nothing of the values is live while the keys
// rank and look back: the values load after the last key part is staged, so their loads fly
// while the keys are written, and each staged key's digit (four a word) is all the value
// scatter keeps of the keys: a value's destination is s_delta[digit] + its tile position, as
// its key's was. Otherwise the values were loaded with the keys and each key's destination is
// kept.
void scatter_tile_checked(uint n_tile, bool full) {
    uint t = local_id();
#if HAS_VALUES && VALUES_AFTER_KEYS
    for (uint q = 0u; q < ROLLED((K + 3u) / 4u); ++q) g_digit_quads[q] = 0u;
#define VALUE_DESTINATION(r, i) (s_delta[STAGED_DIGIT(r)] + (i))
#else
    uint destination[K];
#define VALUE_DESTINATION(r, i) destination[r]
#endif
    uint slot;
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
#if KEY_WORDS == 2 && WHOLE_KEY_STAGING
        stage_keys(first);
#else
#if KEY_WORDS == 2
        // Word by word: the low words first, read back into registers, then the high words.
        uint low[PART_ROWS];
        stage_key_words(first, 1u);
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) low[j] = s_area[j * GROUP_SIZE + t];
        barrier();
#endif
        stage_key_words(first, 0u);
#endif
        barrier();
#if HAS_VALUES && VALUES_AFTER_KEYS
        if (p == SCATTER_PARTS - 1u) load_tile_values(n_tile, full);
#endif
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) {
#if KEY_WORDS == 2 && WHOLE_KEY_STAGING
                KEY key = staged_key(i - first);
#elif KEY_WORDS == 2
                KEY key = uvec2(s_area[i - first], low[j]);
#else
                KEY key = s_area[i - first];
#endif
                uint digit = digit_of(key);
                uint r = p * PART_ROWS + j;
                uint to = s_delta[digit] + i;
#if HAS_VALUES && VALUES_AFTER_KEYS
                g_digit_quads[r >> 2u] |= digit << ((r & 3u) << 3u);
#else
                destination[r] = to;
#endif
                store_dst_key(to, last_pass_raw(key));
            }
        }
        barrier();
    }
    stamp_phase(GPUSORT_RADIX_PHASE_KEY_SCATTER);
#if HAS_VALUES
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
        for (uint j = 0u; j < ROLLED(K); ++j)
            if (in_part(rank_of(j), first, slot)) s_area[slot] = g_values[j];
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) store_dst_value(VALUE_DESTINATION(p * PART_ROWS + j, i), s_area[i - first]);
        }
        barrier();
    }
#endif
    stamp_phase(GPUSORT_RADIX_PHASE_VALUE_SCATTER);
#undef VALUE_DESTINATION
}

void scatter_tile(uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) scatter_tile_checked(TILE_SIZE, true);
    else scatter_tile_checked(n_tile, false);
#else
    scatter_tile_checked(n_tile, false);
#endif
}
)gpusort_glsl";

// shaders/radix/tile_subgroups.glsl
inline constexpr const char* radix_tile_subgroups_glsl = R"gpusort_glsl(#line 1 42 // shaders/radix/tile_subgroups.glsl
// The radix tile kernel's subgroup backend: what tile.glsl's ranking and scan ask of subgroups,
// one implementation per SUBGROUP_MODE under the same signatures:
//   lane_id(), subgroup_id()  the invocation's lane and its subgroup (a row of SUBGROUP_SIZE)
//   LANES                     a set of lanes: a uint where subgroups have at most 32 lanes
//                             (MASK_WORDS 1), a uvec4 where they have up to 128 (MASK_WORDS 4)
//   lanes_below(), row_lanes()  the lanes below this one; every lane of the subgroup
//   match_digit(d, row)       the lanes of `row` whose digit equals d (this lane included)
//   shuffle(value, lane)      `value` of lane `lane` of this subgroup
//   SHUFFLES_ARE_BARRIERS     true where every invocation of the workgroup must call shuffle()
//                             and match_digit(), false where a subgroup may skip them
//   report_subgroup_size()    the subgroup check (detail/shader_interface/common.hpp) of modes 1
//                             and 2; true when it ran
// The modes:
//   2  real subgroups (GL_KHR_shader_subgroup: basic, ballot, shuffle), 8 ballots per key;
//   1  subgroups emulated through shared memory (DeviceFacts::emulated_subgroup_size): the same
//      ballots, each lane setting its bit of a vote word, so that a context without subgroups
//      runs the ballot code at any size a GPU may have;
//   0  no subgroups: rows of 32 invocations, as mode 1 at 32, whose keys find their peers by
//      comparing digits in shared memory.
// Modes 0 and 1 synchronise through barriers of the workgroup, and number their subgroups from
// the workgroup's end, so that code which took gl_LocalInvocationIndex for a subgroup position
// fails here: GL does not say how a GPU groups invocations into subgroups. Their subgroups have
// EMULATED_SUBGROUP_SIZE lanes: SUBGROUP_SIZE, unless a test compiles the kernel for another
// size than mode 1 emulates, as a GPU whose compiler picks another size than the context
// reports would, so that the subgroup check finds it. Their ballots hold up to 128 lanes, as a
// GPU's do, of which LANES keeps MASK_WORDS words.

#if MASK_WORDS == 1
#define LANES uint
uint lanes_of(uvec4 ballot) { return ballot.x; }
#else
#define LANES uvec4
uvec4 lanes_of(uvec4 ballot) { return ballot; }
#endif

// peers narrowed by one ballot `vote` of bit `bit` of the digit: an XOR with an all-ones or zero
// mask rather than a select between the vote and its complement, which compiles to fewer
// instructions in the ranking's innermost loop.
LANES narrow_by_vote(LANES peers, LANES vote, bool bit) { return peers & (vote ^ LANES(bit ? 0u : 0xFFFFFFFFu)); }

uint local_id() { return gl_LocalInvocationIndex; }

#if SUBGROUP_MODE == 2
#define SHUFFLES_ARE_BARRIERS false

uint lane_id() { return gl_SubgroupInvocationID; }
uint subgroup_id() { return gl_SubgroupID; }
uint running_subgroup_size() { return gl_SubgroupSize; }

LANES lanes_below() { return lanes_of(gl_SubgroupLtMask); }
LANES row_lanes() { return lanes_of(subgroupBallot(true)); }

LANES match_digit(uint d, LANES row) {
    LANES peers = row;
    for (uint b = 0u; b < RADIX_BITS; ++b) {
        bool bit = ((d >> b) & 1u) != 0u;
        peers = narrow_by_vote(peers, lanes_of(subgroupBallot(bit)), bit);
    }
    return peers;
}

uint shuffle(uint value, uint lane) { return subgroupShuffle(value, lane); }
#else
#define SHUFFLES_ARE_BARRIERS true
#ifndef EMULATED_SUBGROUP_SIZE
#define EMULATED_SUBGROUP_SIZE SUBGROUP_SIZE
#endif

uint lane_id() { return gl_LocalInvocationIndex & (EMULATED_SUBGROUP_SIZE - 1u); }
uint subgroup_id() {
    return GROUP_SIZE / EMULATED_SUBGROUP_SIZE - 1u - gl_LocalInvocationIndex / EMULATED_SUBGROUP_SIZE;
}
uint running_subgroup_size() { return EMULATED_SUBGROUP_SIZE; }

// The invocation's place in the order of (subgroup, lane): where shared memory holds its words.
uint lane_slot() { return subgroup_id() * EMULATED_SUBGROUP_SIZE + lane_id(); }

// Lanes 0 .. n-1 (n <= 128), as a ballot holds them.
uvec4 first_lanes(uint n) {
    uvec4 word_first_lane = uvec4(0u, 32u, 64u, 96u);
    uvec4 whole = uvec4(greaterThanEqual(uvec4(n), word_first_lane + 32u)) * 0xFFFFFFFFu;
    uvec4 part = uvec4(equal(uvec4(n >> 5u), uvec4(0u, 1u, 2u, 3u))) * ((1u << (n & 31u)) - 1u);
    return whole | part;
}

LANES lanes_below() { return lanes_of(first_lanes(lane_id())); }
LANES row_lanes() { return lanes_of(first_lanes(EMULATED_SUBGROUP_SIZE)); }

// shuffle(): every lane posts its value, then reads its source's; the first barrier lets the
// previous shuffle's reads finish.
shared uint s_lane_words[GROUP_SIZE];

uint shuffle(uint value, uint lane) {
    barrier();
    s_lane_words[lane_slot()] = value;
    barrier();
    // A lane past the subgroup wraps into it (a real shuffle's result there is undefined).
    return s_lane_words[subgroup_id() * EMULATED_SUBGROUP_SIZE + (lane & (EMULATED_SUBGROUP_SIZE - 1u))];
}

#if SUBGROUP_MODE == 1
// Ballot words: bit s of word b * VOTE_ROW + (s >> 5) is bit b of the digit of the lane in slot
// s (lane_slot()). Each lane sets or clears its own bit with an atomic, so the words need no
// clearing between rows.
#define VOTE_ROW (GROUP_SIZE / 32u)
shared uint s_votes[RADIX_BITS * VOTE_ROW];

// subgroupBallot(bit b of each lane's digit), as the votes hold it.
uvec4 ballot_of_bit(uint b) {
    uint first = subgroup_id() * EMULATED_SUBGROUP_SIZE;
    uint word = b * VOTE_ROW + (first >> 5u);
    uvec4 votes = uvec4(0u);
    for (uint i = 0u; i < (EMULATED_SUBGROUP_SIZE + 31u) / 32u; ++i) votes[i] = s_votes[word + i];
    votes.x >>= first & 31u;  // subgroups of fewer than 32 lanes share a word
    return votes & first_lanes(EMULATED_SUBGROUP_SIZE);
}

LANES match_digit(uint d, LANES row) {
    uint slot = lane_slot();
    uint mine = 1u << (slot & 31u);
    barrier();  // the previous row's votes are read
    for (uint b = 0u; b < RADIX_BITS; ++b) {
        uint word = b * VOTE_ROW + (slot >> 5u);
        if (((d >> b) & 1u) != 0u) atomicOr(s_votes[word], mine);
        else atomicAnd(s_votes[word], ~mine);
    }
    barrier();
    LANES peers = row;
    for (uint b = 0u; b < RADIX_BITS; ++b) {
        bool bit = ((d >> b) & 1u) != 0u;
        peers = narrow_by_vote(peers, lanes_of(ballot_of_bit(b)), bit);
    }
    return peers;
}
#else
shared uint s_lane_digit[GROUP_SIZE];

LANES match_digit(uint d, LANES row) {
    uint first = subgroup_id() * EMULATED_SUBGROUP_SIZE;
    barrier();  // the previous row's digits are read
    s_lane_digit[lane_slot()] = d;
    barrier();
    uint peers = 0u;
    for (uint l = 0u; l < ROLLED(EMULATED_SUBGROUP_SIZE); ++l) peers |= uint(s_lane_digit[first + l] == d) << l;
    return peers & row;
}
#endif
#endif

#if SUBGROUP_MODE != 0
// The subgroup check: the dispatch's one workgroup writes the size its subgroups have into the
// meta buffer's first word (GPUSORT_RADIX_BINDING_SUBGROUP_CHECK). It sorts nothing: that word,
// zeroed, is the count Onesweep reads before it calls this after its partition. The barrier
// keeps the write after every invocation's read. True where the check ran.
layout(location = GPUSORT_LOCATION_CHECK_SUBGROUPS) uniform uint u_check_subgroups;

bool report_subgroup_size() {
    if (u_check_subgroups == 0u) return false;
    barrier();
    if (gl_LocalInvocationIndex == 0u) meta[0] = running_subgroup_size();
    return true;
}
#else
bool report_subgroup_size() { return false; }  // rows of 32 in shared memory: no size to check
#endif
)gpusort_glsl";

}  // namespace shaders
}  // namespace detail
}  // namespace gpusort
