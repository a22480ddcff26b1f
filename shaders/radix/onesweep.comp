// Onesweep (Adinets and Merrill, 2022): one dispatch per digit pass. Each workgroup takes
// the next partition (tile) from an atomic ticket, so a partition only waits for partitions
// that workgroups already running took; it counts its digits and publishes them at once,
// ranks its keys, then looks back through earlier partitions' published counts for where
// its keys of each digit go (decoupled look-back, one status word per digit), and scatters.
//
// Status word of (partition, digit): state << 30 | count, count below 2^30. Relative states:
// 0 not ready, 1 aggregate (the partition's own count), 2 inclusive (every key of that
// digit up to and including the partition, plus the digit's start). The stored state is
// (relative + 2 * (pass & 1)) & 3, so the previous pass's final "inclusive" reads as "not
// ready": the table is zeroed once per sort (histogram.comp) and never between passes.
// Extra #defines: those of tile.glsl.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) coherent volatile buffer TileState { uint status[]; };

#define NOT_READY 0u
#define AGGREGATE 1u
#define INCLUSIVE 2u
#define COUNT_MASK 0x3FFFFFFFu

// Partitions a look-back step reads at once, the count that measured fastest
// (bench/results/history.md).
#define LOOKBACK_WINDOW 4u

#define s_partition s_delta[0]  // read before s_delta is written (barriers between)

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

uint status_word(uint state, uint count) { return (((state + 2u * (u_pass & 1u)) & 3u) << 30u) | count; }
uint status_state(uint word) { return ((word >> 30u) + 2u * (u_pass & 1u)) & 3u; }

void main() {
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint partitions = ceil_div(n, TILE_SIZE);
    if (linear_group_id() >= partitions) return;  // a split dispatch's extra workgroups
    if (t == 0u) s_partition = atomicAdd(meta[META_TICKETS + u_pass], 1u);
    barrier();
    uint part = s_partition;  // ("partition" is a reserved word)
    uint tile_first = part * TILE_SIZE;
    uint n_tile = min(TILE_SIZE, n - tile_first);
    uint padding = TILE_SIZE - n_tile;
    if (part == 0u) {
        // Where each digit starts: the pass's histogram, scanned.
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_COUNT(d) = meta[META_HISTOGRAMS + u_pass * RADIX + d];
        barrier();
        scan_counts();
        for (uint d = t; d < RADIX; d += GROUP_SIZE) s_delta[d] = S_START(d);
    }
    load_tile(tile_first, n_tile);
    count_tile();
    for (uint d = t; d < RADIX; d += GROUP_SIZE) {
        uint count = S_COUNT(d) - (d == RADIX - 1u ? padding : 0u);
        status[part * RADIX + d] =
            part == 0u ? status_word(INCLUSIVE, s_delta[d] + count) : status_word(AGGREGATE, count);
    }
    memoryBarrierBuffer();
    rank_rows();
    for (uint d = t; d < RADIX; d += GROUP_SIZE) {
        if (part != 0u) {
            uint count = S_COUNT(d) - (d == RADIX - 1u ? padding : 0u);
            uint before = 0u;
            uint p = part;  // the partitions before p are still to be read
            // Reads LOOKBACK_WINDOW partitions at once (independent loads: one round trip),
            // then takes them nearest first up to the first not ready one. Ends at the
            // latest at partition 0, which publishes "inclusive" at once.
            bool done = false;
            while (!done) {
                uint words[LOOKBACK_WINDOW];
                for (uint w = 0u; w < LOOKBACK_WINDOW; ++w) words[w] = status[uint(max(int(p) - 1 - int(w), 0)) * RADIX + d];
                for (uint w = 0u; w < LOOKBACK_WINDOW; ++w) {
                    uint state = status_state(words[w]);
                    if (state == NOT_READY) break;
                    before += words[w] & COUNT_MASK;
                    --p;
                    if (state == INCLUSIVE) { done = true; break; }
                }
            }
            status[part * RADIX + d] = status_word(INCLUSIVE, before + count);
            s_delta[d] = before;
        }
        s_delta[d] -= S_START(d);
    }
    memoryBarrierBuffer();
    barrier();
    scatter_tile(n_tile);
}
