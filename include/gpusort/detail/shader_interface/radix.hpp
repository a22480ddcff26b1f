// RadixSorter's part of the shader interface (X-macro lines, see common.hpp, which comes first):
// its binding points, uniform locations and flags, the meta buffer's layout, and the
// DispatchIndirectCommands init.comp writes there.

// --- Binding points: a digit pass reads 0 and 1 and writes 2 and 3 -------------------------
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_SRC_KEYS, 0)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_SRC_VALUES, 1)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_DST_KEYS, 2)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_DST_VALUES, 3)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_META, 4)          // the meta buffer (below)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_TILE_STATE, 5)    // Onesweep's partition status, or block digit counts
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_COUNT_BUFFER, 6)  // sort_indirect()'s count buffer (init.comp)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_SUBGROUP_CHECK, GPUSORT_RADIX_BINDING_META)  // the subgroup check's word (common.hpp)
GPUSORT_CONSTANT(GPUSORT_RADIX_BINDING_PHASE_CLOCK, 7)   // a probe's phase stamps (PHASE_CLOCK, below); past GPUSORT_BINDINGS_USED

// --- Uniform locations every radix kernel declares (common.glsl) ----------------------------
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_BASES, 0)            // uvec4: element offsets into the bound ranges
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_KEY_XOR, 4)          // 0 ascending, GPUSORT_DESCENDING_XOR descending
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_PASS, 5)             // digit pass index
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_DIGIT, 6)            // uvec2: this pass's lowest key bit and digit bits
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_FLAGS, 8)            // GPUSORT_RADIX_FLAG_*
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_TILES_PER_BLOCK, 9)  // reduce-then-scan: tiles per upsweep/downsweep workgroup
// init.comp's own
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_COUNT, 10)         // uvec4 (count, GPUSORT_COUNT_FROM_*, word, capacity)
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_MAX_GROUPS_X, 14)
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_PASSES, 15)        // digit passes of this sort
// onesweep.comp's own (the forced-fallback test mode, WITHHOLD_POSTS)
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_WITHHOLD_EVERY, 10)
// histogram.comp's own (ALL_PASSES)
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES, 10)
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_BEGIN_BIT, 11)  // the lowest key bit sorted
GPUSORT_CONSTANT(GPUSORT_RADIX_LOCATION_END_BIT, 12)    // one past the highest

// --- u_flags -----------------------------------------------------------------------------
GPUSORT_CONSTANT(GPUSORT_RADIX_FLAG_FIRST, 1u)  // keys come from the caller: map them to ordered keys on load
GPUSORT_CONSTANT(GPUSORT_RADIX_FLAG_LAST, 2u)   // keys go to their final place: map them back on store
GPUSORT_CONSTANT(GPUSORT_RADIX_FLAG_IOTA, 4u)   // sort_indices(): the first pass's values are the element indices

// --- The meta buffer, in words -------------------------------------------------------------
GPUSORT_CONSTANT(GPUSORT_RADIX_META_COUNT, 0u)
GPUSORT_CONSTANT(GPUSORT_RADIX_META_FALLBACKS, 1u)    // Onesweep: partitions recounted by a later one (all passes)
GPUSORT_CONSTANT(GPUSORT_RADIX_META_TICKETS, 16u)     // one ticket counter per digit pass
// Onesweep: set in pass p's ticket counter (by the histogram) where every key has one digit in
// pass p, so that each ticket carries it; partition indices stay below it.
GPUSORT_CONSTANT(GPUSORT_RADIX_TICKET_KEPT_ORDER, 0x80000000u)
GPUSORT_CONSTANT(GPUSORT_RADIX_MAX_PASSES, 16u)
GPUSORT_CONSTANT(GPUSORT_RADIX_META_ARGUMENTS, 32u)   // init.comp's DispatchIndirectCommands (below)
GPUSORT_CONSTANT(GPUSORT_RADIX_META_HISTOGRAMS, 48u)  // RADIX words per digit pass
// Digit passes times bins never exceed 8 x 256 (digit_bits 4 .. 8, keys of up to 64 bits).
GPUSORT_CONSTANT(GPUSORT_RADIX_META_WORDS, (GPUSORT_RADIX_META_HISTOGRAMS + 2048u))

// --- The phase clock (onesweep.comp PHASE_CLOCK, a probe's test hook only) --------------------
// Invocation 0 of every GPUSORT_RADIX_PHASE_EVERY-th partition of a digit pass stamps
// clock2x32ARB() (a uvec2, low word first) at the tile's phase boundaries: sample s of pass p
// (partition s * EVERY) writes uvec2s [(p * samples + s) * STAMPS, ... + STAMPS), samples =
// ceil(partitions / EVERY). Stamp i ends phase i (stamp 0 starts the tile).
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_EVERY, 64u)
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_STAMPS, 8u)
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_START, 0u)          // the partition's ticket is known
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_LOAD, 1u)           // keys (and their digits) in registers
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_HISTOGRAM, 2u)      // the tile's digit counts and starts
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_RANK, 3u)           // counts posted, keys ranked
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_LOOK_BACK, 4u)      // every digit's start known (fallbacks included)
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_KEY_SCATTER, 5u)    // keys written
GPUSORT_CONSTANT(GPUSORT_RADIX_PHASE_VALUE_SCATTER, 6u)  // values written (keys alone: as KEY_SCATTER)

// --- init.comp's DispatchIndirectCommands (3 words each), by index --------------------------
GPUSORT_CONSTANT(GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, 0u)  // Onesweep histograms
GPUSORT_CONSTANT(GPUSORT_RADIX_ARGUMENTS_PARTITION, 1u)  // Onesweep partitions
GPUSORT_CONSTANT(GPUSORT_RADIX_ARGUMENTS_BLOCK, 2u)      // upsweep, downsweep
GPUSORT_CONSTANT(GPUSORT_RADIX_ARGUMENTS_SCAN, 3u)
GPUSORT_CONSTANT(GPUSORT_RADIX_ARGUMENTS_COPY, 4u)       // copy back
