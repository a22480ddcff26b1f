// Reduce-then-scan downsweep: workgroup b takes the tiles of block b in order, ranks each
// tile's keys stably by the pass's digit and scatters them; block b's first key of digit d
// goes where the scan said (tile_state[d * blocks + b]), and each tile advances that.
// Extra #defines: those of tile.glsl.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) readonly buffer TileState { uint tile_state[]; };

shared uint s_base[RADIX];  // where the block's next key of each digit goes

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

void main() {
    if (report_subgroup_size()) return;  // the subgroup check, once when the program is built
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint tiles = ceil_div(n, TILE_SIZE);
    uint blocks = ceil_div(tiles, u_tiles_per_block);
    uint block = linear_group_id();
    if (block >= blocks) return;
    for (uint d = t; d < RADIX; d += GROUP_SIZE) s_base[d] = tile_state[d * blocks + block];
    for (uint k = 0u; k < u_tiles_per_block; ++k) {
        uint tile = block * u_tiles_per_block + k;
        if (tile >= tiles) break;  // the same for the whole workgroup
        uint tile_first = tile * TILE_SIZE;
        uint n_tile = min(TILE_SIZE, n - tile_first);
        load_tile(tile_first, n_tile);
        count_tile();
        rank_rows();
        // s_base moves on before the scatter, which overwrites S_COUNT (in s_area). (Padding
        // counts only in the block's last tile, after which nothing is placed.)
        for (uint d = t; d < RADIX; d += GROUP_SIZE) {
            s_delta[d] = s_base[d] - S_START(d);
            s_base[d] += S_COUNT(d);
        }
        barrier();
        scatter_tile(n_tile);
    }
}
