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
