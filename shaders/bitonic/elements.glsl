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
