// Shared by every radix sort kernel (RadixSorter). The host prepends `#version`, the
// subgroup #extension lines where it ranks with real ballots, and these #defines:
//   KEY_KIND      0 = unsigned, 1 = signed (two's complement), 2 = IEEE-754 float (totalOrder)
//   KEY_WORDS     1: 32-bit keys; 2: 64-bit keys (a uvec2, x = high word, y = low word)
//   HAS_VALUES    0 or 1 (32-bit values)
//   RADIX_BITS    digit bits (1 .. 8); RADIX = 2^RADIX_BITS bins
//   GROUP_SIZE    invocations per workgroup of this kernel
//
// Keys are mapped once, on the first pass's load, to "ordered" words whose unsigned order
// is the order wanted (descending XORs every bit: ascending on ~key, which keeps the sort
// stable), and mapped back on the last pass's store; the passes between move ordered keys.
//
// Bindings (RadixSorter binds them; detail/radix_bindings.hpp):
//   0 source keys      1 source values      2 destination keys      3 destination values
//   4 meta: the element count, the Onesweep tickets, sort_indirect()'s dispatch arguments
//     and the per-pass digit histograms
//   5 tile state: Onesweep's per-partition digit status, or reduce-then-scan's per-block
//     digit counts (turned into offsets by the scan)
//   6 sort_indirect()'s count buffer (init.comp only)

#define RADIX (1u << RADIX_BITS)

#if KEY_WORDS == 2
#define KEY uvec2
#else
#define KEY uint
#endif

// Meta layout, in words (RadixSorter's detail::radix_meta_* mirror it).
#define META_COUNT 0u
#define META_TICKETS 16u     // one ticket counter per digit pass (at most 16 passes)
#define META_ARGUMENTS 32u   // DispatchIndirectCommands: see init.comp
#define META_HISTOGRAMS 48u  // RADIX words per digit pass

layout(std430, binding = 4) coherent buffer Meta { uint meta[]; };

layout(location = 0) uniform uint u_src_key_base;     // element offsets into the bound ranges
layout(location = 1) uniform uint u_dst_key_base;
layout(location = 2) uniform uint u_src_value_base;
layout(location = 3) uniform uint u_dst_value_base;
layout(location = 4) uniform uint u_key_xor;          // 0 ascending, 0xFFFFFFFF descending
layout(location = 5) uniform uint u_pass;             // digit pass index
layout(location = 6) uniform uint u_shift;            // this pass's lowest key bit
layout(location = 7) uniform uint u_digit_mask;       // this pass's digit bits (RADIX - 1 or fewer)
layout(location = 8) uniform uint u_flags;            // FLAG_* below
layout(location = 9) uniform uint u_tiles_per_block;  // reduce-then-scan: tiles per upsweep/downsweep workgroup

#define FLAG_FIRST 1u    // keys come from the caller: map them to ordered keys on load
#define FLAG_LAST 2u     // keys go to their final place: map them back on store
#define FLAG_IOTA 4u     // sort_indices(): the first pass's values are the element indices

bool first_pass() { return (u_flags & FLAG_FIRST) != 0u; }
bool last_pass() { return (u_flags & FLAG_LAST) != 0u; }

// The element count of this sort, written by init.comp before any other kernel runs.
uint element_count() { return meta[META_COUNT]; }

// Dispatches are split over x and y to stay under GL_MAX_COMPUTE_WORK_GROUP_COUNT.
uint linear_group_id() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

#if KEY_WORDS == 2
KEY to_ordered(KEY raw) {
#if KEY_KIND == 1
    raw.x ^= 0x80000000u;
#elif KEY_KIND == 2
    raw = (raw.x & 0x80000000u) != 0u ? ~raw : uvec2(raw.x | 0x80000000u, raw.y);
#endif
    return raw ^ u_key_xor;
}

KEY from_ordered(KEY key) {
    key ^= u_key_xor;
#if KEY_KIND == 1
    key.x ^= 0x80000000u;
#elif KEY_KIND == 2
    key = (key.x & 0x80000000u) != 0u ? uvec2(key.x & 0x7FFFFFFFu, key.y) : ~key;
#endif
    return key;
}

// Bits [shift, shift + RADIX_BITS) of the 64-bit key, masked.
uint digit_at(KEY key, uint shift, uint mask) {
    uint bits = shift >= 32u ? key.x >> (shift - 32u)
                : shift == 0u ? key.y
                              : (key.y >> shift) | (key.x << (32u - shift));
    return bits & mask;
}
#else
KEY to_ordered(KEY raw) {
#if KEY_KIND == 1
    raw ^= 0x80000000u;
#elif KEY_KIND == 2
    raw = (raw & 0x80000000u) != 0u ? ~raw : (raw | 0x80000000u);
#endif
    return raw ^ u_key_xor;
}

KEY from_ordered(KEY key) {
    key ^= u_key_xor;
#if KEY_KIND == 1
    key ^= 0x80000000u;
#elif KEY_KIND == 2
    key = (key & 0x80000000u) != 0u ? (key & 0x7FFFFFFFu) : ~key;
#endif
    return key;
}

uint digit_at(KEY key, uint shift, uint mask) { return (key >> shift) & mask; }
#endif

uint digit_of(KEY key) { return digit_at(key, u_shift, u_digit_mask); }
