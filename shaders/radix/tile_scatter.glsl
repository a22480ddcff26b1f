// The tile's scatter phase (tile.glsl).

// Writes the ranked tile to its destinations (s_delta set by the kernel): keys, then values.
// S_COUNT and S_START are dead from here on (the scatter overwrites them). The tile passes
// through s_area in SCATTER_PARTS parts of PART_SIZE positions (part p: tile positions from
// p * PART_SIZE), so that s_area needs only PART_SIZE words for it: a bigger tile in the same
// shared memory, for the price of a barrier pair and a rank test per key and part.
#define PART_SIZE (TILE_SIZE / SCATTER_PARTS)
#define PART_ROWS (K / SCATTER_PARTS)

// Whether the key ranked `rank` is in the part from `first`, and its s_area word there.
bool in_part(uint rank, uint first, out uint slot) {
    slot = rank - first;  // wraps past PART_SIZE for ranks below first
    return SCATTER_PARTS == 1u || slot < PART_SIZE;
}

#if KEY_WORDS == 2
uint key_word(KEY key, uint word) { return word == 0u ? key.x : key.y; }
#else
uint key_word(KEY key, uint word) { return key; }
#endif

// Stages word `word` of each ranked key in the part from `first` at its rank's s_area word
// (KEY_WORDS 1: the key; 2: 0 the high word, 1 the low).
void stage_key_words(uint first, uint word) {
    uint slot;
    for (uint j = 0u; j < ROLLED(K); ++j)
        if (in_part(rank_of(j), first, slot)) s_area[slot] = key_word(g_keys[j], word);
}

void scatter_tile_checked(uint n_tile, bool full) {
    uint t = local_id();
    uint destination[K];
    uint slot;
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
#if KEY_WORDS == 2
        // Word by word: the low words first, read back into registers, then the high words.
        uint low[PART_ROWS];
        stage_key_words(first, 1u);
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) low[j] = s_area[j * GROUP_SIZE + t];
        barrier();
#endif
        stage_key_words(first, 0u);
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) {
#if KEY_WORDS == 2
                KEY key = uvec2(s_area[i - first], low[j]);
#else
                KEY key = s_area[i - first];
#endif
                destination[p * PART_ROWS + j] = s_delta[digit_of(key)] + i;
                store_dst_key(destination[p * PART_ROWS + j], last_pass_raw(key));
            }
        }
        barrier();
    }
    stamp_phase(GPUSORT_RADIX_PHASE_KEY_SCATTER);
#if HAS_VALUES
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
        for (uint j = 0u; j < ROLLED(K); ++j)
            if (in_part(rank_of(j), first, slot)) s_area[slot] = g_values[j];
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) store_dst_value(destination[p * PART_ROWS + j], s_area[i - first]);
        }
        barrier();
    }
#endif
    stamp_phase(GPUSORT_RADIX_PHASE_VALUE_SCATTER);
}

void scatter_tile(uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) scatter_tile_checked(TILE_SIZE, true);
    else scatter_tile_checked(n_tile, false);
#else
    scatter_tile_checked(n_tile, false);
#endif
}
