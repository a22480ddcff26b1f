// Reduce-then-scan: turns the blocks' counts of digit d (tile_state[d * blocks + b], from
// the upsweep) into the position where block b's first key of digit d goes: the keys of
// smaller digits (the pass's histogram) plus the keys of digit d in blocks before b.
// Up to SERIAL_SCAN_BLOCKS blocks, workgroup 0 alone does it, an invocation per digit walking
// the blocks; above, a workgroup per digit scans them GROUP_SIZE at a time.
// Extra #defines: TILE_SIZE, SERIAL_SCAN_BLOCKS. GROUP_SIZE is at least RADIX.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) buffer TileState { uint tile_state[]; };

shared uint s_scan[2u * GROUP_SIZE];

// Inclusive sum of v over the workgroup's invocations (Hillis-Steele, double-buffered);
// every invocation gets its own prefix, and *total the workgroup's sum.
uint workgroup_inclusive_sum(uint v, out uint total) {
    uint t = gl_LocalInvocationIndex;
    uint from = 0u;
    s_scan[t] = v;
    barrier();
    for (uint offset = 1u; offset < GROUP_SIZE; offset <<= 1u) {
        uint to = GROUP_SIZE - from;
        s_scan[to + t] = s_scan[from + t] + (t >= offset ? s_scan[from + t - offset] : 0u);
        barrier();
        from = to;
    }
    uint sum = s_scan[from + t];
    total = s_scan[from + GROUP_SIZE - 1u];
    barrier();  // the next call overwrites s_scan
    return sum;
}

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

void main() {
    uint t = gl_LocalInvocationIndex;
    uint d = linear_group_id();
    if (d >= RADIX) return;
    uint n = element_count();
    uint blocks = ceil_div(ceil_div(n, TILE_SIZE), u_tiles_per_block);
    if (blocks <= SERIAL_SCAN_BLOCKS) {
        if (d != 0u) return;
        uint count = t < RADIX ? meta[META_HISTOGRAMS + u_pass * RADIX + t] : 0u;
        uint total;
        uint next = workgroup_inclusive_sum(count, total) - count;
        if (t < RADIX) {
            for (uint b = 0u; b < blocks; ++b) {
                uint in_block = tile_state[t * blocks + b];
                tile_state[t * blocks + b] = next;
                next += in_block;
            }
        }
        return;
    }
    // Keys of the smaller digits.
    uint smaller = 0u;
    for (uint i = t; i < d; i += GROUP_SIZE) smaller += meta[META_HISTOGRAMS + u_pass * RADIX + i];
    uint base;
    workgroup_inclusive_sum(smaller, base);
    for (uint chunk = 0u; chunk < blocks; chunk += GROUP_SIZE) {
        uint b = chunk + t;
        uint count = b < blocks ? tile_state[d * blocks + b] : 0u;
        uint total;
        uint inclusive = workgroup_inclusive_sum(count, total);
        if (b < blocks) tile_state[d * blocks + b] = base + inclusive - count;
        base += total;
    }
}
