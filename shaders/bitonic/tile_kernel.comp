// The tile kernel: a workgroup owns TILE_SIZE elements in shared memory.
//   mode 0 (local sort):     stages 1 .. min(stages, TILE_LOG2) of the network in each tile
//                            of TILE_SIZE consecutive elements.
//   mode 1 (local disperse): the disperse steps of pivots p_hi .. 0 (TILE_LOG2-1 .. 0
//                            unless passes cross stages), which finish a stage whose wider
//                            steps ran before, on the same tiles.
//   mode 2 (window):         d = p_hi - p_lo + 1 consecutive wide steps of stage
//                            `stage` (pivots p_hi .. p_lo, all >= TILE_LOG2 - d) in one
//                            sweep over memory. The tile is 2^(TILE_LOG2 - d) runs of
//                            RUN = 2^(TILE_LOG2 - d) consecutive elements, one run per value
//                            of the step bits, so loads and stores stay coalesced; see
//                            window_position() for the mapping and why the flip fits.
//                            With pre > 0 the pass first runs the last disperses of stage
//                            `stage` - 1 (pivots pre-1 .. 0), which lie in the runs: one
//                            sweep over memory then ends one stage and starts the next.
// (mode, stage, p_hi, p_lo, flip, pre: the pass, g_pass, tile_memory.glsl.)
// The host's switches are in tile_config.glsl; the pieces, in the order the host compiles
// them after the shared ones (the shader interface's common.hpp and bitonic.hpp, elements.glsl,
// registers.glsl): tile_memory.glsl, tile_subgroups.glsl, tile_shuffles.glsl,
// tile_steps.glsl, tile_io.glsl, tile_fused.glsl, and this file.

#if !FUSED_PASSES
// One pass per dispatch: the pass (TilePass's fields).
layout(location = GPUSORT_BITONIC_TILE_LOCATION_MODE) uniform uint u_mode;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_STAGE) uniform uint u_stage;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_P_HI) uniform uint u_p_hi;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_P_LO) uniform uint u_p_lo;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_FLIP) uniform uint u_flip;
layout(location = GPUSORT_BITONIC_TILE_LOCATION_PRE) uniform uint u_pre;
#endif

// One tile of the pass g_pass: workgroup `group` of its dispatch.
void run_tile(uint group) {
    g_count = element_count();
    uint stages = stage_count(g_count);
    g_stages = min(stages, TILE_LOG2);
    g_last_pass = g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT
                      ? stages <= TILE_LOG2
                      : (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_DISPERSE && g_pass.stage == stages);
    g_run_log2 = 0u;
    g_flip_mask = 0u;
    if (g_pass.mode == GPUSORT_BITONIC_TILE_WINDOW) {
        begin_window(group);
        // The lowest position of the tile; the flipped half lies above it. Uniform exit.
        if (g_tile_base >= g_count) return;
    } else {
        if (group >= (g_count + TILE_SIZE - 1u) >> TILE_LOG2) return;  // uniform over the workgroup
        g_tile_base = group * TILE_SIZE;
    }

#if DIRECT_TILE_IO
    // Window passes only. Direct local sorts (blocked loads of 32 bytes per invocation) and
    // direct local disperses (top, then blocked layout) measured slower than load_tile's
    // fully coalesced 16-byte accesses (bench/results/history.md).
    // Runs of 16 fill the top layout's lanes; shorter ones take the path below, and so do
    // windows that start with the previous stage's disperses (pre), whose runs are steps.
    if (g_pass.mode == GPUSORT_BITONIC_TILE_WINDOW && g_run_log2 >= 4u && g_pass.pre == 0u) {
        window_direct();
        return;
    }
#endif
    load_tile();
#if COMPACT_STEPS
    walk_pass();
#else
    // Each stage: the steps with pivots >= SUBGROUP_ELEMS_LOG2 through shared memory, then the
    // rest in registers (and shuffles) on the blocked layout.
    if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_SORT) {
        if (thread_active()) load_blocked();
        local_sort_from_registers();
        if (thread_active()) store_registers();
        barrier();
    } else if (g_pass.mode == GPUSORT_BITONIC_TILE_LOCAL_DISPERSE) {
        low_disperses(g_pass.p_hi);
    } else {
        // In slot coordinates stage `stage`-1's last disperses are the run's own pivots.
        if (g_pass.pre > 0u) low_disperses(g_pass.pre - 1u);
        run_steps_down_to(TILE_LOG2 - 1u, g_run_log2, PASS_FLIPS);
    }
#endif
    store_tile();
}

// The subgroup check (tile_subgroups.glsl) comes after the pass, which its dispatch gives a count
// of 0: a branch around the pass, which every sort takes, made the one-pass programs measurably
// slower (bench/results/history.md). A fused program checks first: its dispatch binds no pass
// counters to take a ticket from.
void main() {
#if FUSED_PASSES
    if (report_subgroup_size()) return;
    fused_main();
#else
    g_pass.mode = u_mode;
    g_pass.stage = u_stage;
    g_pass.p_hi = u_p_hi;
    g_pass.p_lo = u_p_lo;
    g_pass.flip = u_flip;
    g_pass.pre = u_pre;
    run_tile(linear_group_id());
    report_subgroup_size();
#endif
}
