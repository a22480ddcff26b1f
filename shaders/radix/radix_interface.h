// RadixSorter's part of the shader interface (shaders/common/shader_interface.h comes first):
// its binding points, uniform locations and flags, the meta buffer's layout, and the
// DispatchIndirectCommands init.comp writes there.

// --- Binding points: a digit pass reads 0 and 1 and writes 2 and 3 -------------------------
#define GPUSORT_RADIX_BINDING_SRC_KEYS 0
#define GPUSORT_RADIX_BINDING_SRC_VALUES 1
#define GPUSORT_RADIX_BINDING_DST_KEYS 2
#define GPUSORT_RADIX_BINDING_DST_VALUES 3
#define GPUSORT_RADIX_BINDING_META 4          // the meta buffer (below)
#define GPUSORT_RADIX_BINDING_TILE_STATE 5    // Onesweep's partition status, or block digit counts
#define GPUSORT_RADIX_BINDING_COUNT_BUFFER 6  // sort_indirect()'s count buffer (init.comp)
#define GPUSORT_RADIX_BINDING_SUBGROUP_CHECK GPUSORT_RADIX_BINDING_META  // the subgroup check's word (shader_interface.h)

// --- Uniform locations every radix kernel declares (common.glsl) ----------------------------
#define GPUSORT_RADIX_LOCATION_BASES 0            // uvec4: element offsets into the bound ranges
#define GPUSORT_RADIX_LOCATION_KEY_XOR 4          // 0 ascending, GPUSORT_DESCENDING_XOR descending
#define GPUSORT_RADIX_LOCATION_PASS 5             // digit pass index
#define GPUSORT_RADIX_LOCATION_DIGIT 6            // uvec2: this pass's lowest key bit and digit bits
#define GPUSORT_RADIX_LOCATION_FLAGS 8            // GPUSORT_RADIX_FLAG_*
#define GPUSORT_RADIX_LOCATION_TILES_PER_BLOCK 9  // reduce-then-scan: tiles per upsweep/downsweep workgroup
// init.comp's own
#define GPUSORT_RADIX_LOCATION_COUNT 10         // uvec4 (count, GPUSORT_COUNT_FROM_*, word, capacity)
#define GPUSORT_RADIX_LOCATION_MAX_GROUPS_X 14
#define GPUSORT_RADIX_LOCATION_PASSES 15        // digit passes of this sort
// onesweep.comp's own (the forced-fallback test mode, WITHHOLD_POSTS)
#define GPUSORT_RADIX_LOCATION_WITHHOLD_EVERY 10
// histogram.comp's own (ALL_PASSES)
#define GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES 10
#define GPUSORT_RADIX_LOCATION_BEGIN_BIT 11  // the lowest key bit sorted
#define GPUSORT_RADIX_LOCATION_END_BIT 12    // one past the highest

// --- u_flags -----------------------------------------------------------------------------
#define GPUSORT_RADIX_FLAG_FIRST 1u  // keys come from the caller: map them to ordered keys on load
#define GPUSORT_RADIX_FLAG_LAST 2u   // keys go to their final place: map them back on store
#define GPUSORT_RADIX_FLAG_IOTA 4u   // sort_indices(): the first pass's values are the element indices

// --- The meta buffer, in words -------------------------------------------------------------
#define GPUSORT_RADIX_META_COUNT 0u
#define GPUSORT_RADIX_META_FALLBACKS 1u    // Onesweep: partitions recounted by a later one (all passes)
#define GPUSORT_RADIX_META_TICKETS 16u     // one ticket counter per digit pass
#define GPUSORT_RADIX_MAX_PASSES 16u
#define GPUSORT_RADIX_META_ARGUMENTS 32u   // init.comp's DispatchIndirectCommands (below)
#define GPUSORT_RADIX_META_HISTOGRAMS 48u  // RADIX words per digit pass
// Digit passes times bins never exceed 8 x 256 (digit_bits 4 .. 8, keys of up to 64 bits).
#define GPUSORT_RADIX_META_WORDS (GPUSORT_RADIX_META_HISTOGRAMS + 2048u)

// --- init.comp's DispatchIndirectCommands (3 words each), by index --------------------------
#define GPUSORT_RADIX_ARGUMENTS_HISTOGRAM 0u  // Onesweep histograms
#define GPUSORT_RADIX_ARGUMENTS_PARTITION 1u  // Onesweep partitions
#define GPUSORT_RADIX_ARGUMENTS_BLOCK 2u      // upsweep, downsweep
#define GPUSORT_RADIX_ARGUMENTS_SCAN 3u
#define GPUSORT_RADIX_ARGUMENTS_COPY 4u       // copy back
