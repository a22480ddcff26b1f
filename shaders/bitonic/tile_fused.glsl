// The tile kernel with FUSED_PASSES 1: fused_main() runs one tile of any of several passes.
#if FUSED_PASSES
void run_tile(uint group);  // tile_kernel.comp

// Fused passes: one dispatch runs the tiles of several passes. Its tiles ("items") are
// numbered pass by pass (pass p's are items u_fused_first_item[p] .. u_fused_first_item[p+1]-1);
// each workgroup takes one item from a ticket counter, waits until every item of the earlier
// passes has finished, runs it and counts it finished. It waits only for items with smaller
// tickets, which workgroups already running took, so it never waits for one that has not
// started: the dispatch completes whatever the GPU keeps resident at once. One item per
// workgroup, not a loop over items: Mesa's llvmpipe stops any loop of an invocation after
// 65535 iterations in all, so a workgroup looping over a sort's items left the sort half
// done there. Both counters only grow; the host passes their values before this dispatch
// (32-bit wrap-around is harmless: only differences are compared). What it saves over one
// dispatch per pass: a pass boundary costs less as a wait than as a dispatch and a
// glMemoryBarrier (bench/lab/sync_probe.cpp measures both; bench/results/history.md).
layout(std430, binding = GPUSORT_BITONIC_BINDING_PASS_SYNC) coherent volatile buffer PassSync {
    uint tickets_taken;   // workgroups started (the dispatch may launch more than there are items)
    uint items_finished;
};
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_TICKET_BASE) uniform uint u_ticket_base;
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_FINISHED_BASE) uniform uint u_finished_base;
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_ITEMS) uniform uint u_fused_items;
// x: fused_pass_code(mode, flip, pre); y: stage; z: p_hi; w: p_lo. Entries past the last pass
// have a first item of GPUSORT_BITONIC_FUSED_NO_ITEM.
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_PASSES) uniform uvec4 u_fused_pass[GPUSORT_BITONIC_FUSED_MAX_PASSES];
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_FIRST_ITEMS) uniform uint u_fused_first_item[GPUSORT_BITONIC_FUSED_MAX_PASSES];

// FUSED_RESERVE_WORDS > 0: shared memory the workgroup holds only so that fewer workgroups
// fit on one compute unit (BitonicTuning::fused_passes_max_count says why). It carries the ticket;
// the ticket's word is a uniform (the reserve's last word) so that no compiler trims the
// array to the words a constant index would touch.
#if FUSED_RESERVE_WORDS > 0
shared uint fused_reserve[FUSED_RESERVE_WORDS];
layout(location = GPUSORT_BITONIC_FUSED_LOCATION_TICKET_WORD) uniform uint u_ticket_word;
#endif

void fused_main() {
#if FUSED_RESERVE_WORDS > 0
    if (gl_LocalInvocationIndex == 0u) fused_reserve[u_ticket_word] = atomicAdd(tickets_taken, 1u) - u_ticket_base;
    barrier();
    uint item = fused_reserve[u_ticket_word];
#else
    // The ticket reaches the workgroup through the tile's first key, free until the tile
    // loads (a shared variable of its own would not fit beside a tile that fills shared
    // memory).
    if (gl_LocalInvocationIndex == 0u) tile_keys[0] = KEY(atomicAdd(tickets_taken, 1u) - u_ticket_base);
    barrier();
#if KEY_WORDS == 2
    uint item = tile_keys[0].x;
#else
    uint item = tile_keys[0];
#endif
    barrier();  // everyone has read the item before the tile is overwritten
#endif
    if (item >= u_fused_items) return;
    uint pass = 0u;
    for (uint p = 1u; p < uint(GPUSORT_BITONIC_FUSED_MAX_PASSES); ++p) {
        if (item >= u_fused_first_item[p]) pass = p;
    }
    uvec4 d = u_fused_pass[pass];
    g_pass.mode = fused_pass_mode(d.x);
    g_pass.flip = fused_pass_flip(d.x);
    g_pass.pre = fused_pass_pre(d.x);
    g_pass.stage = d.y;
    g_pass.p_hi = d.z;
    g_pass.p_lo = d.w;
    uint first = u_fused_first_item[pass];
    if (first > 0u) {
        if (gl_LocalInvocationIndex == 0u) {
            while (items_finished - u_finished_base < first) {}
            memoryBarrierBuffer();
        }
        barrier();
    }
    run_tile(item - first);
    // The tile's stores reach the coherent level before the item counts as finished.
    memoryBarrierBuffer();
    barrier();
    if (gl_LocalInvocationIndex == 0u) atomicAdd(items_finished, 1u);
}
#endif
