// The tile's load phase (tile.glsl): its keys, their digits and their values into registers.

// Loads the tile's keys (ordered), their digits and (unless VALUES_AFTER_KEYS) their values;
// positions at or past n_tile are padding. `full`: n_tile is TILE_SIZE (a constant where inlined).
void load_tile_checked(uint tile_first, uint n_tile, bool full) {
#if RECOMPUTE_DIGITS
    g_tile_keys = n_tile;
#endif
#if HAS_VALUES && VALUES_AFTER_KEYS
    // Read only after the ranking's barriers; the previous tile's last read of it (downsweep)
    // came before its scatter's last barrier.
    if (local_id() == 0u) s_value_first = tile_first;
#endif
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (full || p < n_tile) {
            g_keys[j] = load_key(tile_first + p);
#if !RECOMPUTE_DIGITS
            g_digits[j] = digit_of(g_keys[j]);
#endif
#if HAS_VALUES && !VALUES_AFTER_KEYS
            g_values[j] = load_value(tile_first + p);
#endif
        } else {
            g_keys[j] = KEY(0xFFFFFFFFu);
#if !RECOMPUTE_DIGITS
            g_digits[j] = RADIX - 1u;
#endif
#if HAS_VALUES && !VALUES_AFTER_KEYS
            g_values[j] = 0u;
#endif
        }
    }
}

void load_tile(uint tile_first, uint n_tile) {
#if FULL_TILE_PATH
    if (n_tile == TILE_SIZE) load_tile_checked(tile_first, TILE_SIZE, true);
    else load_tile_checked(tile_first, n_tile, false);
#else
    load_tile_checked(tile_first, n_tile, false);
#endif
}
