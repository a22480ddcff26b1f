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
