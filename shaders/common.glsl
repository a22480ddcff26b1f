// #extension must precede every other token, so the first source says it.
#ifndef SUBGROUP_LOG2
#define SUBGROUP_LOG2 0
#endif
#ifndef SUBGROUP_EMULATION
#define SUBGROUP_EMULATION 0
#endif
#if SUBGROUP_LOG2 > 0 && !SUBGROUP_EMULATION
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#endif

// Shared by every gpusort kernel. The host prepends `#version` and these #defines:
//   KEY_KIND      0 = unsigned, 1 = signed (two's complement), 2 = IEEE-754 float (totalOrder)
//   KEY_WORDS     1: 32-bit keys (uint32, int32, float); 2: 64-bit keys (uint64, int64, double)
//   HAS_VALUES    0 or 1
//   ELEMS_LOG2    log2 of the elements one invocation holds in registers
//   GROUP_SIZE    invocations per workgroup
//   LANES         1, or 4: the global kernel moves uvec4s and each register holds 4 lanes
//                 (32-bit keys only)
//   SUBGROUP_LOG2 tile kernel only: 0, or log2 of the subgroup size to use shuffles
//   SUBGROUP_EMULATION tile kernel only: 1 runs the subgroup code with shuffles emulated in
//                 shared memory (a testing aid for contexts without GL_KHR_shader_subgroup)
//   DIRECT_TILE_IO tile kernel only: 1 moves global memory straight to and from registers
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

#ifndef KEY_WORDS
#define KEY_WORDS 1
#endif
// A 64-bit key is a uvec2 with x = high word and y = low word, so that the lexicographic
// order on (x, y) is the unsigned 64-bit order and no GL_ARB_gpu_shader_int64 is needed.
// Buffers hold little-endian 64-bit values (word 2i = low, 2i+1 = high): loads and stores
// swap the halves. KEY4 holds the 4 consecutive keys of one tile-kernel load round.
#if KEY_WORDS == 2
#define KEY uvec2
#define KEY4 uvec2[4]
#define ORDERED_INFINITY uvec2(0xFFFFFFFFu)
#define KEY4_INFINITY uvec2[4](ORDERED_INFINITY, ORDERED_INFINITY, ORDERED_INFINITY, ORDERED_INFINITY)
#else
#define KEY uint
#define KEY4 uvec4
#define ORDERED_INFINITY 0xFFFFFFFFu
#define KEY4_INFINITY uvec4(ORDERED_INFINITY)
#endif
// Padding elements carry this value too: with TIE_BREAK a (key, value) pair of all ones
// is still the largest, so padding never moves.
#define PADDING_VALUE 0xFFFFFFFFu

// TIE_BREAK 1 (stable sorts, whose values are the original positions): equal keys are
// ordered by value.
#ifndef TIE_BREAK
#define TIE_BREAK 0
#endif

// The sorted range is elements [u_base, u_base + count) of the bound buffers: a range
// whose first byte is not at GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is bound from the
// aligned offset below it. The uvec4 views serve 16-byte accesses when u_base is a
// multiple of 4 and a whole vector lies in the range; everything else goes element by
// element. With 64-bit keys the key buffer is viewed as uvec2s and u_base counts keys.
// FUSED_PASSES 1 (tile kernel): workgroups of one dispatch read what others wrote in it, so
// the data bypasses caches that are not coherent across the GPU.
#ifndef FUSED_PASSES
#define FUSED_PASSES 0
#endif
#ifndef FUSED_RESERVE_WORDS  // with FUSED_PASSES: shared memory reserved beside the tile
#define FUSED_RESERVE_WORDS 0u
#endif
#if FUSED_PASSES
#define DATA_BUFFER coherent buffer
#else
#define DATA_BUFFER buffer
#endif
#if KEY_WORDS == 2
layout(std430, binding = 0) DATA_BUFFER KeyBuffer { uvec2 keys[]; };
#else
layout(std430, binding = 0) DATA_BUFFER KeyBuffer { uint keys[]; };
#endif
layout(std430, binding = 0) DATA_BUFFER KeyVectors { uvec4 keys4[]; };
#if HAS_VALUES
layout(std430, binding = 1) DATA_BUFFER ValueBuffer { uint values[]; };
layout(std430, binding = 1) DATA_BUFFER ValueVectors { uvec4 values4[]; };
#endif
// sort_indirect(): the count is a uint in this buffer, written by earlier GPU work.
layout(std430, binding = 2) readonly buffer CountBuffer { uint count_words[]; };

layout(location = 0) uniform uint u_count;         // elements to sort (u_count_source == 0)
layout(location = 1) uniform uint u_key_xor;       // 0 ascending, 0xFFFFFFFF descending
layout(location = 2) uniform uint u_base;          // first element of the range in the bound buffers
layout(location = 3) uniform uint u_count_source;  // 0: u_count; 1: count_words[u_count_word]
layout(location = 4) uniform uint u_count_word;
layout(location = 5) uniform uint u_capacity;      // upper bound on a count read from the GPU
#if HAS_VALUES
layout(location = 10) uniform uint u_value_base;   // first element of the range in the value buffer
#endif

// Elements to sort in this dispatch: read once per invocation, before anything else.
uint element_count() {
    return u_count_source != 0u ? min(count_words[u_count_word], u_capacity) : u_count;
}

// Stages of the network for n elements: ceil(log2(n)).
uint stage_count(uint n) {
    return n < 2u ? 0u : uint(findMSB(n - 1u)) + 1u;
}

bool vectors_aligned() {
#if HAS_VALUES
    return ((u_base | u_value_base) & 3u) == 0u;
#else
    return (u_base & 3u) == 0u;
#endif
}

// Address-space helpers: position p of the range is element u_base + p of the buffers
// (u_base and u_value_base count elements, not words).
#if KEY_WORDS == 2
uvec2 load_key(uint p) { return keys[u_base + p].yx; }
void store_key(uint p, uvec2 key) { keys[u_base + p] = key.yx; }
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
#else
uint load_key(uint p) { return keys[u_base + p]; }
void store_key(uint p, uint key) { keys[u_base + p] = key; }
uvec4 load_key_vector(uint p) { return keys4[(u_base + p) >> 2u]; }
void store_key_vector(uint p, uvec4 key) { keys4[(u_base + p) >> 2u] = key; }
#endif
#if HAS_VALUES
uint load_value(uint p) { return values[u_value_base + p]; }
void store_value(uint p, uint value) { values[u_value_base + p] = value; }
uvec4 load_value_vector(uint p) { return values4[(u_value_base + p) >> 2u]; }
void store_value_vector(uint p, uvec4 value) { values4[(u_value_base + p) >> 2u] = value; }
#endif

// Elements [first, first + 4) of the range: one access per buffer where the range is
// vector-aligned and all four lie below `count`, else element by element; elements at or
// past `count` read as padding and are never written.
void load_quad(uint first, uint count, bool aligned, out KEY4 k
#if HAS_VALUES
               , out uvec4 v
#endif
) {
    k = KEY4_INFINITY;
#if HAS_VALUES
    v = uvec4(PADDING_VALUE);
#endif
    if (aligned && first + 3u < count) {
        k = load_key_vector(first);
#if HAS_VALUES
        v = load_value_vector(first);
#endif
        return;
    }
    for (uint l = 0u; l < 4u; ++l) {
        if (first + l < count) {
            k[l] = load_key(first + l);
#if HAS_VALUES
            v[l] = load_value(first + l);
#endif
        }
    }
}

void store_quad(uint first, uint count, bool aligned, KEY4 k
#if HAS_VALUES
                , uvec4 v
#endif
) {
    if (aligned && first + 3u < count) {
        store_key_vector(first, k);
#if HAS_VALUES
        store_value_vector(first, v);
#endif
        return;
    }
    for (uint l = 0u; l < 4u; ++l) {
        if (first + l < count) {
            store_key(first + l, k[l]);
#if HAS_VALUES
            store_value(first + l, v[l]);
#endif
        }
    }
}

#if KEY_WORDS == 2
// The 32-bit mappings below on 64 bits: the sign bit is the high word's top bit, and a
// negative float's complement covers both words. u_key_xor (all ones or zero) XORs both.
uvec2 to_ordered(uvec2 raw) {
#if KEY_KIND == 1
    raw.x ^= 0x80000000u;
#elif KEY_KIND == 2
    raw = (raw.x & 0x80000000u) != 0u ? ~raw : uvec2(raw.x | 0x80000000u, raw.y);
#endif
    return raw ^ u_key_xor;
}

uvec2 from_ordered(uvec2 key) {
    key ^= u_key_xor;
#if KEY_KIND == 1
    key.x ^= 0x80000000u;
#elif KEY_KIND == 2
    key = (key.x & 0x80000000u) != 0u ? uvec2(key.x & 0x7FFFFFFFu, key.y) : ~key;
#endif
    return key;
}
#else
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
#endif

// Dispatches are split over x and y to stay under GL_MAX_COMPUTE_WORK_GROUP_COUNT.
uint linear_group_id() {
    return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
}

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
// compare key registers: lane masks like REG_MASK, plain bools, min and max.
#if KEY_WORDS == 2
#define KEY_REG uvec2
bool key_less(uvec2 a, uvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
#define KEY_LESS(a, b) key_less(a, b)
#define KEY_GREATER_MASK(a, b) REG_MASK(key_less(b, a))
#define KEY_EQUAL_MASK(a, b) REG_MASK((a) == (b))
#define KEY_MIN(a, b) (key_less(b, a) ? (b) : (a))
#define KEY_MAX(a, b) (key_less(b, a) ? (a) : (b))
#else
#define KEY_REG REG
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
