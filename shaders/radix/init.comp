// Starts every radix sort (one workgroup): records the element count, zeroes the digit
// histograms, the Onesweep tickets and fallback count, and writes the DispatchIndirectCommands that
// sort_indirect() dispatches with, so that the CPU never reads a count from the GPU.
// Extra #defines: TILE_SIZE, HISTOGRAM_KEYS (keys per histogram workgroup), COPY_ELEMENTS
// (elements per copy workgroup), SERIAL_SCAN_BLOCKS (scan.comp).

layout(local_size_x = GROUP_SIZE) in;

// sort_indirect(): the count is a uint in this buffer, written by earlier GPU work.
layout(std430, binding = GPUSORT_RADIX_BINDING_COUNT_BUFFER) readonly buffer CountBuffer { uint count_words[]; };

// The element count, where it comes from (detail/shader_interface/common.hpp): x the count when the host knows
// it, y GPUSORT_COUNT_FROM_*, z the count's word in CountBuffer, w the capacity.
layout(location = GPUSORT_RADIX_LOCATION_COUNT) uniform uvec4 u_count;
layout(location = GPUSORT_RADIX_LOCATION_MAX_GROUPS_X) uniform uint u_max_groups_x;
layout(location = GPUSORT_RADIX_LOCATION_PASSES) uniform uint u_passes;

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

// One DispatchIndirectCommand, split over x and y like the host's dispatches.
void write_arguments(uint index, uint groups) {
    uint x = min(groups, u_max_groups_x);
    uint y = x == 0u ? 1u : ceil_div(groups, x);
    meta[META_ARGUMENTS + 3u * index + 0u] = x;
    meta[META_ARGUMENTS + 3u * index + 1u] = y;
    meta[META_ARGUMENTS + 3u * index + 2u] = 1u;
}

void main() {
    uint t = gl_LocalInvocationIndex;
    uint n = u_count.y != GPUSORT_COUNT_FROM_UNIFORM ? min(count_words[u_count.z], u_count.w) : u_count.x;
    for (uint i = t; i < u_passes * RADIX; i += GROUP_SIZE) meta[META_HISTOGRAMS + i] = 0u;
    if (t < GPUSORT_RADIX_MAX_PASSES) meta[META_TICKETS + t] = 0u;
    if (t == 0u) {
        meta[META_COUNT] = n;
        meta[META_FALLBACKS] = 0u;
        // Fewer than two elements are sorted already: every pass gets no workgroup.
        uint sorting = n < 2u ? 0u : 1u;
        uint tiles = ceil_div(n, TILE_SIZE) * sorting;
        write_arguments(GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, ceil_div(n, HISTOGRAM_KEYS) * sorting);
        write_arguments(GPUSORT_RADIX_ARGUMENTS_PARTITION, tiles);
        write_arguments(GPUSORT_RADIX_ARGUMENTS_BLOCK, ceil_div(tiles, max(u_tiles_per_block, 1u)));
        uint blocks = ceil_div(tiles, max(u_tiles_per_block, 1u));
        write_arguments(GPUSORT_RADIX_ARGUMENTS_SCAN, (blocks <= SERIAL_SCAN_BLOCKS ? 1u : RADIX) * sorting);
        write_arguments(GPUSORT_RADIX_ARGUMENTS_COPY, ceil_div(n, COPY_ELEMENTS) * sorting);
    }
}
