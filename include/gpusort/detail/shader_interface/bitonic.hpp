// The bitonic sorter's part of the shader interface (X-macro lines, see common.hpp, which
// comes first): its kernels' uniform locations and mode codes, the fused-pass table,
// and the arithmetic both the host's planner (include/gpusort/detail/bitonic/plan.hpp) and
// sort_indirect()'s GPU-side planner (dispatch_args.comp) run: how a stage's wide steps are
// cut into passes, and how many workgroups each pass takes.

// --- Shader storage binding points: 0 .. 3, within the 4 of an OpenGL ES 3.1 device --------
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_KEYS, 0)
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_VALUES, 1)
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_COUNT_BUFFER, 2)         // sort_indirect(): the caller's count buffer
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_ARGUMENTS, 3)            // sort_indirect(): the dispatch arguments gpusort writes
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_SUBGROUP_CHECK, GPUSORT_BITONIC_BINDING_KEYS)  // the subgroup check's word (common.hpp)

// --- Uniform locations every network kernel declares (elements.glsl) ------------------------
// Locations 6 .. 9 and 11 and up belong to each kernel (below).
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_COUNT, 0)         // u_count: elements to sort when the host knows
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_KEY_XOR, 1)       // u_key_xor: 0 ascending, GPUSORT_DESCENDING_XOR descending
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_BASE, 2)          // u_base: first element of the range in the bound keys
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_COUNT_SOURCE, 3)  // u_count_source: GPUSORT_COUNT_FROM_*
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_COUNT_WORD, 4)    // u_count_word: the count's word at GPUSORT_BITONIC_BINDING_COUNT_BUFFER
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_CAPACITY, 5)      // u_capacity: upper bound on a count read from the GPU
GPUSORT_CONSTANT(GPUSORT_BITONIC_LOCATION_VALUE_BASE, 10)   // u_value_base: first element of the range in the bound values

// --- The tile kernel (tile_kernel.comp): u_mode, and the pass it runs ---------------------
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCAL_SORT, 0u)      // stages 1 .. min(stages, TILE_LOG2) in each tile
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCAL_DISPERSE, 1u)  // pivots u_p_hi .. 0 in each tile
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_WINDOW, 2u)          // wide pivots u_p_hi .. u_p_lo on a tile of runs
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCATION_MODE, 6)
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCATION_STAGE, 7)
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCATION_P_HI, 8)
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCATION_P_LO, 9)
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCATION_FLIP, 11)
GPUSORT_CONSTANT(GPUSORT_BITONIC_TILE_LOCATION_PRE, 12)

// --- Fused passes: one dispatch of the tile kernel runs several passes ---------------------
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_MAX_PASSES, 32)
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_LOCATION_TICKET_BASE, 13)
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_LOCATION_FINISHED_BASE, 14)
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_LOCATION_ITEMS, 15)
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_LOCATION_PASSES, 16)       // uvec4[GPUSORT_BITONIC_FUSED_MAX_PASSES]: code, stage, p_hi, p_lo
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS, 48)  // uint[GPUSORT_BITONIC_FUSED_MAX_PASSES]
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_LOCATION_TICKET_WORD, 80)
GPUSORT_SHARED_CHECK(GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS ==
                         GPUSORT_BITONIC_FUSED_LOCATION_PASSES + GPUSORT_BITONIC_FUSED_MAX_PASSES,
                     "GPUSORT_BITONIC_FUSED_LOCATION_PASSES and GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS overlap")
GPUSORT_SHARED_CHECK(GPUSORT_BITONIC_FUSED_LOCATION_TICKET_WORD ==
                         GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS + GPUSORT_BITONIC_FUSED_MAX_PASSES,
                     "GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS and GPUSORT_BITONIC_FUSED_LOCATION_TICKET_WORD overlap")
// The ticket and finished-tile counters. Fused passes run in direct sorts only, so they share
// the binding of sort_indirect()'s dispatch arguments.
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_PASS_SYNC, 3)
// The first item of the table's entries past its last pass.
GPUSORT_CONSTANT(GPUSORT_BITONIC_FUSED_NO_ITEM, 0xFFFFFFFFu)

// A fused pass's code word: its mode, its flip (windows) and its `pre` (windows).
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, fused_pass_code, (GPUSORT_UINT mode, bool flip, GPUSORT_UINT pre), {
  return mode | (flip ? 4u : 0u) | (pre << 3u);
})
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, fused_pass_mode, (GPUSORT_UINT code), { return code & 3u; })
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, fused_pass_flip, (GPUSORT_UINT code), { return (code >> 2u) & 1u; })
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, fused_pass_pre, (GPUSORT_UINT code), { return code >> 3u; })

// --- The global kernel (global_steps.comp) ----------------------------------------------------
GPUSORT_CONSTANT(GPUSORT_BITONIC_GLOBAL_LOCATION_STAGE, 6)
GPUSORT_CONSTANT(GPUSORT_BITONIC_GLOBAL_LOCATION_P_HI, 7)
GPUSORT_CONSTANT(GPUSORT_BITONIC_GLOBAL_LOCATION_P_LO, 8)
GPUSORT_CONSTANT(GPUSORT_BITONIC_GLOBAL_LOCATION_FLIP, 9)

// --- sort_indirect()'s planner (dispatch_args.comp) ---------------------------------------
GPUSORT_CONSTANT(GPUSORT_BITONIC_ARGUMENTS_LOCATION_CAPACITY_STAGES, 6)
GPUSORT_CONSTANT(GPUSORT_BITONIC_ARGUMENTS_LOCATION_MAX_GROUPS_X, 7)
GPUSORT_CONSTANT(GPUSORT_BITONIC_ARGUMENTS_WORDS_PER_PASS, 3)  // one DispatchIndirectCommand

// --- How a stage's wide steps are cut into passes ------------------------------------------
// Stage k's wide steps (pivots k-1 .. tile_log2) run from its flip down: windows of up to
// window_log2 steps while more than global_log2 steps are left (where windows are wider than
// register passes), then register passes of up to global_log2 steps. A pass starting at
// pivot p_hi is a window, and ends at pivot wide_pass_p_lo():
GPUSORT_SHARED_FUNCTION(bool, wide_pass_is_window,
                        (GPUSORT_UINT p_hi, GPUSORT_UINT tile_log2, GPUSORT_UINT global_log2, GPUSORT_UINT window_log2), {
  return window_log2 > global_log2 && p_hi + 1u - tile_log2 > global_log2;
})
// (`wide` counts the steps left. No comment goes inside an X-macro argument: a preprocessor
// that kept it would comment out the rest of the one-line GLSL function; see
// shader_interface_glsl.hpp's checks.)
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, wide_pass_p_lo,
                        (GPUSORT_UINT p_hi, GPUSORT_UINT tile_log2, GPUSORT_UINT global_log2, GPUSORT_UINT window_log2), {
  GPUSORT_UINT wide = p_hi + 1u - tile_log2;
  GPUSORT_UINT width = wide_pass_is_window(p_hi, tile_log2, global_log2, window_log2) ? window_log2 : global_log2;
  return wide > width ? p_hi + 1u - width : tile_log2;
})

// --- Workgroups per pass, for `count` elements (the kernels derive the same numbers) --------
// The blocks of 2^stage elements that hold any element.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, blocks_holding_elements, (GPUSORT_UINT count, GPUSORT_UINT stage), {
  return (count >> stage) + ((count & ((1u << stage) - 1u)) != 0u ? 1u : 0u);
})
// Local sorts and local disperses: a workgroup per tile of 2^tile_log2 consecutive elements.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, tile_pass_groups, (GPUSORT_UINT count, GPUSORT_UINT tile_log2), {
  return (count + (1u << tile_log2) - 1u) >> tile_log2;
})
// Windows of stage `stage`: a workgroup per 2^tile_log2 elements of the blocks that hold elements.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, window_pass_groups,
                        (GPUSORT_UINT count, GPUSORT_UINT stage, GPUSORT_UINT tile_log2), {
  return blocks_holding_elements(count, stage) << (stage - tile_log2);
})
// Register passes of stage `stage`: an invocation per coset of 2^elements_log2 registers of
// 2^lanes_log2 lanes, in the blocks that hold elements.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, global_pass_invocations,
                        (GPUSORT_UINT count, GPUSORT_UINT stage, GPUSORT_UINT elements_log2, GPUSORT_UINT lanes_log2), {
  return blocks_holding_elements(count, stage) << (stage - elements_log2 - lanes_log2);
})
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, global_pass_groups,
                        (GPUSORT_UINT count, GPUSORT_UINT stage, GPUSORT_UINT elements_log2, GPUSORT_UINT lanes_log2,
                         GPUSORT_UINT group_size), {
  return (global_pass_invocations(count, stage, elements_log2, lanes_log2) + group_size - 1u) / group_size;
})
