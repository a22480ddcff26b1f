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

#ifndef WHOLE_KEY_STAGING
#define WHOLE_KEY_STAGING 0
#endif
#if KEY_WORDS == 2 && WHOLE_KEY_STAGING
// Stages each ranked key in the part from `first` whole, at its rank's two s_area words.
void stage_keys(uint first) {
    uint slot;
    for (uint j = 0u; j < ROLLED(K); ++j)
        if (in_part(rank_of(j), first, slot)) {
            s_area[2u * slot] = g_keys[j].x;
            s_area[2u * slot + 1u] = g_keys[j].y;
        }
}
KEY staged_key(uint slot) { return uvec2(s_area[2u * slot], s_area[2u * slot + 1u]); }
#else
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
#endif

#if HAS_VALUES && VALUES_AFTER_KEYS
// Loads the tile's values into registers the ranking no longer needs, row j's from tile
// position tile_position(j) (padding 0). Called after a barrier: s_value_first makes the loads
// wait for it.
void load_tile_values(uint n_tile, bool full) {
    uint first = s_value_first;
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (full || p < n_tile) g_values[j] = load_value(first + p);
        else g_values[j] = 0u;
    }
}

// The digit of each staged key the invocation wrote, four 8-bit digits a word (RADIX_BITS is
// at most 8), by row of the staged tile.
uint g_digit_quads[(K + 3u) / 4u];
#define STAGED_DIGIT(r) ((g_digit_quads[(r) >> 2u] >> (((r) & 3u) << 3u)) & 0xFFu)
#endif

// With VALUES_AFTER_KEYS (CUB's Onesweep order), nothing of the values is live while the keys
// rank and look back: the values load after the last key part is staged, so their loads fly
// while the keys are written, and each staged key's digit (four a word) is all the value
// scatter keeps of the keys: a value's destination is s_delta[digit] + its tile position, as
// its key's was. Otherwise the values were loaded with the keys and each key's destination is
// kept.
void scatter_tile_checked(uint n_tile, bool full) {
    uint t = local_id();
#if HAS_VALUES && VALUES_AFTER_KEYS
    for (uint q = 0u; q < ROLLED((K + 3u) / 4u); ++q) g_digit_quads[q] = 0u;
#define VALUE_DESTINATION(r, i) (s_delta[STAGED_DIGIT(r)] + (i))
#else
    uint destination[K];
#define VALUE_DESTINATION(r, i) destination[r]
#endif
    uint slot;
    for (uint p = 0u; p < ROLLED(SCATTER_PARTS); ++p) {
        uint first = p * PART_SIZE;
#if KEY_WORDS == 2 && WHOLE_KEY_STAGING
        stage_keys(first);
#else
#if KEY_WORDS == 2
        // Word by word: the low words first, read back into registers, then the high words.
        uint low[PART_ROWS];
        stage_key_words(first, 1u);
        barrier();
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) low[j] = s_area[j * GROUP_SIZE + t];
        barrier();
#endif
        stage_key_words(first, 0u);
#endif
        barrier();
#if HAS_VALUES && VALUES_AFTER_KEYS
        if (p == SCATTER_PARTS - 1u) load_tile_values(n_tile, full);
#endif
        for (uint j = 0u; j < ROLLED(PART_ROWS); ++j) {
            uint i = first + j * GROUP_SIZE + t;
            if (full || i < n_tile) {
#if KEY_WORDS == 2 && WHOLE_KEY_STAGING
                KEY key = staged_key(i - first);
#elif KEY_WORDS == 2
                KEY key = uvec2(s_area[i - first], low[j]);
#else
                KEY key = s_area[i - first];
#endif
                uint digit = digit_of(key);
                uint r = p * PART_ROWS + j;
                uint to = s_delta[digit] + i;
#if HAS_VALUES && VALUES_AFTER_KEYS
                g_digit_quads[r >> 2u] |= digit << ((r & 3u) << 3u);
#else
                destination[r] = to;
#endif
                store_dst_key(to, last_pass_raw(key));
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
            if (full || i < n_tile) store_dst_value(VALUE_DESTINATION(p * PART_ROWS + j, i), s_area[i - first]);
        }
        barrier();
    }
#endif
    stamp_phase(GPUSORT_RADIX_PHASE_VALUE_SCATTER);
#undef VALUE_DESTINATION
}

void scatter_tile(uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) scatter_tile_checked(TILE_SIZE, true);
    else scatter_tile_checked(n_tile, false);
#else
    scatter_tile_checked(n_tile, false);
#endif
}
