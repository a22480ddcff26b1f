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
