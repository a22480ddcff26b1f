// Starts every radix sort (one workgroup): records the element count, zeroes the digit
// histograms and the Onesweep tickets, and writes the DispatchIndirectCommands that
// sort_indirect() dispatches with, so that the CPU never reads a count from the GPU.
// Extra #defines: TILE_SIZE, HISTOGRAM_KEYS (keys per histogram workgroup), COPY_ELEMENTS
// (elements per copy workgroup), SERIAL_SCAN_BLOCKS (scan.comp).

layout(local_size_x = GROUP_SIZE) in;

// sort_indirect(): the count is a uint in this buffer, written by earlier GPU work.
layout(std430, binding = 6) readonly buffer CountBuffer { uint count_words[]; };

layout(location = 10) uniform uint u_count;         // the count, when the CPU knows it
layout(location = 11) uniform uint u_count_source;  // 0: u_count; 1: count_words[u_count_word]
layout(location = 12) uniform uint u_count_word;
layout(location = 13) uniform uint u_capacity;      // upper bound on a count read from the GPU
layout(location = 14) uniform uint u_max_groups_x;
layout(location = 15) uniform uint u_passes;        // digit passes of this sort

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
    uint n = u_count_source != 0u ? min(count_words[u_count_word], u_capacity) : u_count;
    for (uint i = t; i < u_passes * RADIX; i += GROUP_SIZE) meta[META_HISTOGRAMS + i] = 0u;
    if (t < 16u) meta[META_TICKETS + t] = 0u;
    if (t == 0u) {
        meta[META_COUNT] = n;
        // Fewer than two elements are sorted already: every pass gets no workgroup.
        uint sorting = n < 2u ? 0u : 1u;
        uint tiles = ceil_div(n, TILE_SIZE) * sorting;
        write_arguments(0u, ceil_div(n, HISTOGRAM_KEYS) * sorting);  // Onesweep histograms
        write_arguments(1u, tiles);                                   // Onesweep partitions
        write_arguments(2u, ceil_div(tiles, max(u_tiles_per_block, 1u)));  // upsweep, downsweep
        uint blocks = ceil_div(tiles, max(u_tiles_per_block, 1u));
        write_arguments(3u, (blocks <= SERIAL_SCAN_BLOCKS ? 1u : RADIX) * sorting);  // scan
        write_arguments(4u, ceil_div(n, COPY_ELEMENTS) * sorting);    // copy back
    }
}
