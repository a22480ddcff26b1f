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
