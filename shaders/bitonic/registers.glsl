// The bitonic network in registers, shared by the tile and global kernels.
//
// The network. Every key is mapped to an "ordered" uint whose unsigned order is the
// key order we want (descending XORs every bit, so it is ascending on ~key). Every
// comparator (lo, hi) with lo < hi moves the smaller ordered key to lo and swaps only
// when key[lo] > key[hi], so equal keys never move and the network is deterministic.
// Stage k (block 2^k) is one flip (x <-> x ^ (2^k - 1)) followed by disperses
// (x <-> x ^ 2^m, m = k-2 .. 0). Elements at positions >= count behave as +infinity
// that never moves, which is exactly "skip every comparator whose hi is >= count":
// that is how any count is sorted without padding memory.
//
// One invocation holds ELEMS elements, a coset of a basis of ELEMS_LOG2 vectors with
// distinct pivot bits (the flip mask or single bits), so up to ELEMS_LOG2 consecutive
// steps run in registers with no barrier and no memory traffic between them.

#define ELEMS (1u << ELEMS_LOG2)

// TIE_BREAK 1 (stable sorts, whose values are the original positions): equal keys are
// ordered by value.
#ifndef TIE_BREAK
#define TIE_BREAK 0
#endif

#ifndef LANES
#define LANES 1
#endif
#if LANES == 4
#if KEY_WORDS != 1
#error "64-bit keys use the scalar global kernel (LANES 1)"
#endif
#define REG uvec4
#define REG_GREATER(a, b) greaterThan(a, b)
#define REG_EQUAL(a, b) equal(a, b)
#define REG_MASK(condition) (uvec4(condition) * 0xFFFFFFFFu)
#else
#define REG uint
#define REG_GREATER(a, b) ((a) > (b))
#define REG_EQUAL(a, b) ((a) == (b))
#define REG_MASK(condition) (uint(condition) * 0xFFFFFFFFu)
#endif

// KEY_REG: a register of keys (REG's lanes of KEY). Values stay REG. The KEY_* operations
// compare key registers: lane masks like REG_MASK, plain bools, min and max. KEY_WORD and
// SET_KEY_WORD reach word w of a key (0: the high word) for code that moves keys word by word.
#if KEY_WORDS == 2
#define KEY_REG uvec2
#define KEY_WORD(k, w) (k)[w]
#define SET_KEY_WORD(k, w, word) (k)[w] = (word)
bool key_less(uvec2 a, uvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
#define KEY_LESS(a, b) key_less(a, b)
#define KEY_GREATER_MASK(a, b) REG_MASK(key_less(b, a))
#define KEY_EQUAL_MASK(a, b) REG_MASK((a) == (b))
#define KEY_MIN(a, b) (key_less(b, a) ? (b) : (a))
#define KEY_MAX(a, b) (key_less(b, a) ? (a) : (b))
#else
#define KEY_REG REG
#define KEY_WORD(k, w) (k)
#define SET_KEY_WORD(k, w, word) (k) = (word)
#define KEY_LESS(a, b) ((a) < (b))
#define KEY_GREATER_MASK(a, b) REG_MASK(REG_GREATER(a, b))
#define KEY_EQUAL_MASK(a, b) REG_MASK(REG_EQUAL(a, b))
#define KEY_MIN(a, b) min(a, b)
#define KEY_MAX(a, b) max(a, b)
#endif

KEY_REG reg_keys[ELEMS];
#if HAS_VALUES
REG reg_values[ELEMS];
#endif

#if HAS_VALUES
// All-ones lanes where (ka, va) sorts after (kb, vb): keys decide, values only break ties.
REG pair_greater(KEY_REG ka, REG va, KEY_REG kb, REG vb) {
    REG greater = KEY_GREATER_MASK(ka, kb);
#if TIE_BREAK
    greater |= KEY_EQUAL_MASK(ka, kb) & REG_MASK(REG_GREATER(va, vb));
#endif
    return greater;
}
#endif

// Orders the register pair (a, b), lane by lane. `b_is_lower` says b sits at the lower
// position. Branch-free, so lanes and invocations never diverge on data.
void compare_exchange(uint a, uint b, bool b_is_lower) {
    KEY_REG ka = reg_keys[a];
    KEY_REG kb = reg_keys[b];
#if HAS_VALUES
    REG va = reg_values[a];
    REG vb = reg_values[b];
    REG swap = b_is_lower ? pair_greater(kb, vb, ka, va) : pair_greater(ka, va, kb, vb);
    reg_keys[a] = (ka & ~swap) | (kb & swap);
    reg_keys[b] = (kb & ~swap) | (ka & swap);
    reg_values[a] = (va & ~swap) | (vb & swap);
    reg_values[b] = (vb & ~swap) | (va & swap);
#else
    KEY_REG low = KEY_MIN(ka, kb);
    KEY_REG high = KEY_MAX(ka, kb);
    reg_keys[a] = b_is_lower ? high : low;
    reg_keys[b] = b_is_lower ? low : high;
#endif
}

// A chunk: the steps whose pivots run from p_hi down to p_lo (the first one is the
// stage's flip when `flip` is set), held in a basis window of ELEMS_LOG2 pivot bits
// [q, q + ELEMS_LOG2 - 1]. Basis vector i has pivot q + ELEMS_LOG2 - 1 - i, so the
// steps run in order i = 0, 1, ... Window bits that are not steps only widen the coset.
struct Chunk {
    uint q;
    uint p_hi;
    uint p_lo;
    bool flip;
};

uint basis_vector(Chunk c, uint i) {
    uint pivot = c.q + ELEMS_LOG2 - 1u - i;
    return (c.flip && pivot == c.p_hi) ? ((2u << pivot) - 1u) : (1u << pivot);
}

// The coset representative of `thread`: its index with zeros inserted at the window.
uint chunk_base(Chunk c, uint thread) {
    uint low = thread & ((1u << c.q) - 1u);
    return low | ((thread >> c.q) << (c.q + ELEMS_LOG2));
}

// positions[j]: where register j lives, XOR-ing in one basis vector per bit of j. Built
// once per chunk, ELEMS-1 XORs in all, and shared by its loads and stores.
uint positions[ELEMS];

void chunk_positions(Chunk c, uint base) {
    positions[0] = base;
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        uint vector = basis_vector(c, i);
        for (uint j = 0u; j < (1u << i); ++j) positions[j + (1u << i)] = positions[j] ^ vector;
    }
}

// Runs the chunk's steps on reg_keys (register j holds the element at positions[j]).
// Loops have constant trip counts so that they unroll and index registers by constants.
void chunk_steps(Chunk c) {
    uint flip_index = c.q + ELEMS_LOG2 - 1u - c.p_hi;  // basis index of the flip vector
    for (uint i = 0u; i < ELEMS_LOG2; ++i) {
        uint pivot = c.q + ELEMS_LOG2 - 1u - i;
        if (pivot <= c.p_hi && pivot >= c.p_lo) {
            bool is_flip = c.flip && i == flip_index;
            for (uint j = 0u; j < ELEMS; ++j) {
                if ((j & (1u << i)) == 0u) {
                    // After the flip vector is applied the lower half of every later pair
                    // is the one with the step's bit set, so the pair's orientation reverses.
                    bool reversed = c.flip && !is_flip && ((j >> flip_index) & 1u) != 0u;
                    compare_exchange(j, j | (1u << i), reversed);
                }
            }
        }
    }
}
