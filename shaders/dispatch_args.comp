// sort_indirect(): turns a count that lives in a GPU buffer into the workgroup counts of
// every pass the host will dispatch with glDispatchComputeIndirect, so the host never
// reads the count back. The host plans the passes for `capacity` elements; passes the
// actual count does not need (stages above its own) get zero workgroups.
// Extra #defines: TILE_LOG2, WINDOW_LOG2, SINGLE_TILE_LOG2, LANES_LOG2, GLOBAL_GROUP_SIZE
// (ELEMS_LOG2 is the global kernel's).

layout(local_size_x = 1) in;

layout(std430, binding = 3) writeonly buffer DispatchArguments { uint arguments[]; };

layout(location = 6) uniform uint u_capacity_stages;  // stages of the network for capacity
layout(location = 7) uniform uint u_max_groups_x;

uint pass_index = 0u;

// One DispatchIndirectCommand per pass, split over x and y like the host's dispatches.
void write_pass(uint groups) {
    uint x = min(groups, u_max_groups_x);
    uint y = x == 0u ? 1u : (groups + x - 1u) / x;
    arguments[pass_index * 3u + 0u] = x;
    arguments[pass_index * 3u + 1u] = y;
    arguments[pass_index * 3u + 2u] = 1u;
    ++pass_index;
}

void main() {
    uint count = element_count();
    uint stages = stage_count(count);
    uint tiles = count < 2u ? 0u : (count + (1u << TILE_LOG2) - 1u) >> TILE_LOG2;
    if (u_capacity_stages > TILE_LOG2 && u_capacity_stages <= SINGLE_TILE_LOG2) {
        write_pass(count < 2u ? 0u : 1u);  // the single-dispatch tile program sorts it all
        return;
    }
    write_pass(tiles);  // local sort
    // The same walk as detail::for_each_pass without merge_stages (the host plans an
    // indirect sort stage by stage) and for_each_wide_pass.
    bool windows = WINDOW_LOG2 > ELEMS_LOG2;
    for (uint k = TILE_LOG2 + 1u; k <= u_capacity_stages; ++k) {
        bool needed = k <= stages;
        uint blocks = (count >> k) + ((count & ((1u << k) - 1u)) != 0u ? 1u : 0u);
        uint threads = blocks << (k - ELEMS_LOG2 - LANES_LOG2);
        uint global_groups = needed ? (threads + GLOBAL_GROUP_SIZE - 1u) / GLOBAL_GROUP_SIZE : 0u;
        uint window_groups = needed ? blocks << (k - TILE_LOG2) : 0u;
        uint p_hi = k - 1u;
        for (;;) {
            uint wide = p_hi + 1u - TILE_LOG2;
            bool window = windows && wide > ELEMS_LOG2;
            uint width = window ? WINDOW_LOG2 : ELEMS_LOG2;
            uint p_lo = wide > width ? p_hi + 1u - width : TILE_LOG2;
            write_pass(window ? window_groups : global_groups);
            if (p_lo == TILE_LOG2) break;
            p_hi = p_lo - 1u;
        }
        write_pass(needed ? tiles : 0u);  // local disperse
    }
}
