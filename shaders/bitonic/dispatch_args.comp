// sort_indirect(): turns a count that lives in a GPU buffer into the workgroup counts of
// every pass the host will dispatch with glDispatchComputeIndirect, so the host never
// reads the count back. The host plans the passes for `capacity` elements; passes the
// actual count does not need (stages above its own) get zero workgroups.
// Extra #defines: TILE_LOG2, WINDOW_LOG2, SINGLE_TILE_LOG2, LANES_LOG2, GLOBAL_GROUP_SIZE
// (ELEMS_LOG2 is the global kernel's).

layout(local_size_x = 1) in;

layout(std430, binding = GPUSORT_BITONIC_BINDING_ARGUMENTS) writeonly buffer DispatchArguments { uint arguments[]; };

layout(location = GPUSORT_BITONIC_ARGUMENTS_LOCATION_CAPACITY_STAGES) uniform uint u_capacity_stages;  // stages for capacity
layout(location = GPUSORT_BITONIC_ARGUMENTS_LOCATION_MAX_GROUPS_X) uniform uint u_max_groups_x;

uint pass_index = 0u;

// One DispatchIndirectCommand per pass, split over x and y like the host's dispatches.
void write_pass(uint groups) {
    uint x = min(groups, u_max_groups_x);
    uint y = x == 0u ? 1u : (groups + x - 1u) / x;
    uint word = pass_index * uint(GPUSORT_BITONIC_ARGUMENTS_WORDS_PER_PASS);
    arguments[word + 0u] = x;
    arguments[word + 1u] = y;
    arguments[word + 2u] = 1u;
    ++pass_index;
}

void main() {
    uint count = element_count();
    uint stages = stage_count(count);
    uint tiles = count < 2u ? 0u : tile_pass_groups(count, TILE_LOG2);
    if (u_capacity_stages > TILE_LOG2 && u_capacity_stages <= SINGLE_TILE_LOG2) {
        write_pass(count < 2u ? 0u : 1u);  // the single-dispatch tile program sorts it all
        return;
    }
    write_pass(tiles);  // local sort
    // The walk of detail::for_each_pass without merge_stages (the host plans an indirect sort
    // stage by stage), with the same cut into passes and the same workgroups per pass
    // (detail/shader_interface/bitonic.hpp).
    for (uint k = TILE_LOG2 + 1u; k <= u_capacity_stages; ++k) {
        bool needed = k <= stages;
        uint p_hi = k - 1u;
        for (;;) {
            bool window = wide_pass_is_window(p_hi, TILE_LOG2, ELEMS_LOG2, WINDOW_LOG2);
            uint p_lo = wide_pass_p_lo(p_hi, TILE_LOG2, ELEMS_LOG2, WINDOW_LOG2);
            uint groups = window ? window_pass_groups(count, k, TILE_LOG2)
                                 : global_pass_groups(count, k, ELEMS_LOG2, LANES_LOG2, GLOBAL_GROUP_SIZE);
            write_pass(needed ? groups : 0u);
            if (p_lo == TILE_LOG2) break;
            p_hi = p_lo - 1u;
        }
        write_pass(needed ? tiles : 0u);  // local disperse
    }
}
