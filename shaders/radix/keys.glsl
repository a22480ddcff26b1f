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
