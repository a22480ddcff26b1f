// Onesweep (Adinets and Merrill, 2022) with decoupled fallback (Smith, Levien and Owens, 2025):
// one dispatch per digit pass, and no workgroup ever needs another to make progress. Each
// workgroup takes the next partition (tile) from an atomic ticket, counts its digits and
// publishes them at once, ranks its keys, then looks back through earlier partitions'
// published counts for where its keys of each digit go (decoupled look-back, one status word
// per digit), and scatters.
//
// Status word of (partition, digit): state << 30 | count, count below 2^30. Relative states:
// 0 not ready, 1 aggregate (the partition's own count), 2 inclusive (every key of that
// digit up to and including the partition, plus the digit's start). The stored state is
// (relative + 2 * (pass & 1)) & 3, so the previous pass's final "inclusive" reads as "not
// ready": the table is zeroed once per sort (histogram.comp) and never between passes. That
// needs every word inclusive at the end of every pass: each owner posts its inclusive counts,
// and nothing else ever writes a word that is already ready. No fence follows a post: state
// and count arrive in one word, and a reader relies on nothing else the poster wrote (a
// recount reads keys the previous dispatch wrote).
//
// Fallback. Each digit's look-back runs on its own invocation and gives up after finding the
// next partition not ready LOOKBACK_POLLS times in a row. Then the whole workgroup, in a
// uniform loop, counts that partition's keys of this pass's digit itself, from the pass's
// source (partition q is the q-th ticket: keys [q * TILE_SIZE, min(n, (q + 1) * TILE_SIZE)),
// read and mapped exactly as that partition's owner reads them), and each digit stuck there
// inserts its count by compare-and-swap from the "not ready" word it read. The owner's plain
// posts and any number of such inserts compose: they all write the same aggregate, and an
// insert never replaces a ready word. Partition 0's insert is its inclusive count (the digit's
// start plus its count), which is what its owner posts.
//
// Bounded work (llvmpipe ends an invocation's loops after 65535 iterations in all). A walk
// only passes partitions that are not inclusive yet. An owner that has finished has posted
// its inclusive counts, and owners take their tickets in order, so every partition a walk
// passes belongs to a workgroup that was running when this one took its ticket: fewer than
// the workgroups the device runs at once (llvmpipe: one per thread, LP_MAX_THREADS = 32 at
// most; the test mode below adds at most as many withheld ones). A fallback round recounts
// the nearest partition any digit is stuck at, and every digit stuck there moves past it, so
// there are at most as many rounds as partitions passed. A round costs an invocation
// KEYS_PER_INVOCATION + HALF_RADIX / GROUP_SIZE loop iterations for the recount and, per digit
// it holds, at most LOOKBACK_POLLS idle steps of 2 * LOOKBACK_WINDOW + 1 iterations; each
// partition passed costs a step more, and partition 0's start up to RADIX once per digit. With
// llvmpipe's default tiles (256 x 4, a digit an invocation) that is about 50 iterations per
// partition passed, within the budget for over a thousand; with the narrowest tiles (32
// invocations x 32 keys, 8 digits each) about 400, within it for over a hundred.
//
// Test mode (WITHHOLD_POSTS 1, a separate program; k = u_withhold_every): partition q withholds
// both its posts where q % k == 0 and a partition follows it, so that the next partition can
// only pass it by recounting it; that one posts q's inclusive counts for it once it knows them
// (its own exclusive counts), so that every word still ends the pass inclusive.
// Extra #defines: those of tile.glsl (PHASE_CLOCK among them); LOOKBACK_POLLS, WITHHOLD_POSTS,
// VARIABLE_GROUP_SIZE (optional).

#ifndef VARIABLE_GROUP_SIZE
#define VARIABLE_GROUP_SIZE 0  // GLSL ES refuses an undefined name in #if
#endif
#if VARIABLE_GROUP_SIZE
// Probe mode (gpusort_radix_probe lsv=1): dispatched at GROUP_SIZE, but the compiler budgets
// registers for GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB invocations.
layout(local_size_variable) in;
#else
layout(local_size_x = GROUP_SIZE) in;
#endif

layout(std430, binding = GPUSORT_RADIX_BINDING_TILE_STATE) coherent volatile buffer TileState { uint status[]; };

#define NOT_READY 0u
#define AGGREGATE 1u
#define INCLUSIVE 2u
#define COUNT_MASK 0x3FFFFFFFu

// Partitions a look-back step reads at once, the count that measured fastest
// (bench/results/history.md).
#define LOOKBACK_WINDOW 4u

// Steps in a row that find the next partition not ready before the workgroup counts that
// partition itself.
#ifndef LOOKBACK_POLLS
#define LOOKBACK_POLLS 4u
#endif

#ifndef WITHHOLD_POSTS
#define WITHHOLD_POSTS 0
#endif

// Where each digit's look-back stopped (0: done), kept in shared memory rather than in registers
// beside the tile's keys, which cost 64-bit keys about a quarter of their speed
// (bench/results/history.md). onesweep.comp has no s_base: these are downsweep.comp's RADIX
// words of radix::tile_shared_bytes().
shared uint s_lookback_next[RADIX];

#define s_partition s_delta[0]  // read before s_delta is written (barriers between)
// Fallback rounds, after rank_rows(): the recount, two 16-bit counts a word (a tile holds at
// most 32768 keys), in subgroup 0's digit counters; and the nearest partition any digit is
// stuck at plus one (0: none), in S_TMP, which is free from the end of count_tile() on.
#define S_RECOUNT(x) s_area[x]
#define S_STUCK S_TMP(0u)

uint ceil_div(uint a, uint b) { return a / b + (a % b != 0u ? 1u : 0u); }

uint status_word(uint state, uint count) { return (((state + 2u * (u_pass & 1u)) & 3u) << 30u) | count; }
uint status_state(uint word) { return ((word >> 30u) + 2u * (u_pass & 1u)) & 3u; }

#if WITHHOLD_POSTS
layout(location = GPUSORT_RADIX_LOCATION_WITHHOLD_EVERY) uniform uint u_withhold_every;  // k >= 1
bool withheld(uint q, uint partitions) { return q % u_withhold_every == 0u && q + 1u < partitions; }
#endif

// Walks digit d's look-back back from partition `next` (the partitions before it are still to
// be read), adding their counts to `before`, until it takes an inclusive count (then next is
// 0) or finds the partition before `next` not ready LOOKBACK_POLLS steps in a row. Each step
// reads LOOKBACK_WINDOW partitions at once (independent loads: one round trip), then takes
// them nearest first up to the first one not ready. Partition 0 is never an aggregate.
void look_back(uint d, inout uint next, inout uint before) {
    uint idle = 0u;
    while (next != 0u && idle < LOOKBACK_POLLS) {
        uint words[LOOKBACK_WINDOW];
        for (uint w = 0u; w < ROLLED(LOOKBACK_WINDOW); ++w) words[w] = status[uint(max(int(next) - 1 - int(w), 0)) * RADIX + d];
        uint from = next;
        for (uint w = 0u; w < ROLLED(LOOKBACK_WINDOW); ++w) {
            uint state = status_state(words[w]);
            if (state == NOT_READY) break;
            before += words[w] & COUNT_MASK;
            --next;
            if (state == INCLUSIVE) { next = 0u; break; }
        }
        idle = next == from ? idle + 1u : 0u;
    }
}

// Counts partition q's keys of each digit of this pass from the pass's source into S_RECOUNT:
// the keys its owner loaded, through the same load_key() and digit_of() (no padding).
void recount_partition(uint q, uint n) {
    uint t = gl_LocalInvocationIndex;
    for (uint x = t; x < HALF_RADIX; x += GROUP_SIZE) S_RECOUNT(x) = 0u;
    barrier();
    uint first = q * TILE_SIZE;
    uint keys = min(TILE_SIZE, n - first);
    for (uint i = t; i < keys; i += GROUP_SIZE) {
        uint d = digit_of(load_key(first + i));
        atomicAdd(S_RECOUNT(d >> 1u), 1u << ((d & 1u) << 4u));
    }
    barrier();
}

uint recounted(uint d) { return (S_RECOUNT(d >> 1u) >> ((d & 1u) << 4u)) & 0xFFFFu; }

// Where digit d starts in this pass's output: the pass's histogram summed below d.
uint digit_start(uint d) {
    uint start = 0u;
    for (uint e = 0u; e < d; ++e) start += meta[META_HISTOGRAMS + u_pass * RADIX + e];
    return start;
}

// Digit d's look-back is stuck at partition q (next is q + 1), which S_RECOUNT holds: takes
// q's count, inserting it where q's word is still not ready.
void take_recount(uint d, uint q, inout uint next, inout uint before) {
    uint index = q * RADIX + d;
    uint word = status[index];
    if (status_state(word) == NOT_READY) {
        uint count = recounted(d);
        uint mine = q == 0u ? status_word(INCLUSIVE, digit_start(d) + count) : status_word(AGGREGATE, count);
        uint seen = atomicCompSwap(status[index], word, mine);
        word = seen == word ? mine : seen;  // else the owner's post, or another insert
    }
    before += word & COUNT_MASK;
    next = status_state(word) == INCLUSIVE ? 0u : q;
}

// Digit d's look-back is done: `before` keys of digit d come before this partition's (part
// 0: s_delta already holds the digit's start). Posts the inclusive count and sets s_delta.
void finish_digit(uint d, uint part, uint partitions, uint padding, bool posts, uint before) {
    if (part != 0u) {
        uint count = S_COUNT(d) - (d == RADIX - 1u ? padding : 0u);
        if (posts) status[part * RADIX + d] = status_word(INCLUSIVE, before + count);
#if WITHHOLD_POSTS
        if (withheld(part - 1u, partitions)) status[(part - 1u) * RADIX + d] = status_word(INCLUSIVE, before);
#endif
        s_delta[d] = before;
    }
    s_delta[d] -= S_START(d);
}

#if KEPT_ORDER
// A pass that keeps the order: the upfront histogram found every key's digit of this pass in
// one bin (histogram.comp; depths in a narrow range, 64-bit keys with empty upper bytes, a tile
// field that does not vary), so no key moves. The partition loads its tile as every partition
// does, then writes it back to the same positions (mapped as the pass maps keys), without
// ranking or looking back. It still posts its status words inclusive, as every pass must end
// (the next pass reads them as not ready). The histogram marks such a pass in its ticket
// counter, so the ticket's atomic brings the mark at no cost, and the tile tests it only once
// its loads are issued: a flag of its own, read beside the ticket by one invocation or beside
// the keys by all, cost sorts of random keys 2-15 %, and a copy loop of its own before the
// load 1-2.5 % of a pass (bench/results/history.md).
void write_tile_in_place(uint part, uint tile_first, uint n_tile) {
    for (uint j = 0u; j < ROLLED(K); ++j) {
        uint p = tile_position(j);
        if (p < n_tile) {
            store_dst_key(tile_first + p, last_pass_raw(g_keys[j]));
#if HAS_VALUES && VALUES_AFTER_KEYS
            store_dst_value(tile_first + p, load_value(tile_first + p));
#elif HAS_VALUES
            store_dst_value(tile_first + p, g_values[j]);
#endif
        }
    }
    for (uint d = gl_LocalInvocationIndex; d < RADIX; d += GROUP_SIZE)
        status[part * RADIX + d] = status_word(INCLUSIVE, 0u);
}
#endif

// Digit d walks back on its own from partition `next`, `before` of its keys counted so far. One
// that gives up leaves where it stopped in s_lookback_next and its sum so far in s_delta, for
// the fallback rounds, which resume it here.
void walk_digit(uint d, uint next, uint before, uint part, uint partitions, uint padding, bool posts) {
    look_back(d, next, before);
    s_lookback_next[d] = next;
    if (next == 0u) finish_digit(d, part, partitions, padding, posts, before);
    else {
        s_delta[d] = before;
        atomicMax(S_STUCK, next);
    }
}

// One partition of the pass: the workgroup's ticket's.
void sort_partition() {
    uint t = gl_LocalInvocationIndex;
    uint n = element_count();
    uint partitions = ceil_div(n, TILE_SIZE);
    if (linear_group_id() >= partitions) return;  // a split dispatch's extra workgroups
    if (t == 0u) s_partition = atomicAdd(meta[META_TICKETS + u_pass], 1u);
    barrier();
    uint part = s_partition;  // ("partition" is a reserved word)
#if KEPT_ORDER
    bool kept = part >= TICKET_KEPT_ORDER;
    part &= TICKET_KEPT_ORDER - 1u;
#endif
    uint tile_first = part * TILE_SIZE;
    uint n_tile = min(TILE_SIZE, n - tile_first);
#if PHASE_CLOCK
    bool sampled = part % GPUSORT_RADIX_PHASE_EVERY == 0u;
#if KEPT_ORDER
    sampled = sampled && !kept;  // a kept tile stamps nothing (bench/lab/radix_phases.hpp)
#endif
    if (sampled)
        g_phase_sample = (u_pass * ceil_div(partitions, GPUSORT_RADIX_PHASE_EVERY) + part / GPUSORT_RADIX_PHASE_EVERY) *
                         GPUSORT_RADIX_PHASE_STAMPS;
#endif
    stamp_phase(GPUSORT_RADIX_PHASE_START);
    uint padding = TILE_SIZE - n_tile;
#if WITHHOLD_POSTS
    bool posts = !withheld(part, partitions);
#else
    bool posts = true;
#endif
    if (part == 0u) {
        // Where each digit starts: the pass's histogram, scanned.
        for (uint d = t; d < RADIX; d += GROUP_SIZE) S_COUNT(d) = meta[META_HISTOGRAMS + u_pass * RADIX + d];
        barrier();
        scan_counts();
        for (uint d = t; d < RADIX; d += GROUP_SIZE) s_delta[d] = S_START(d);
    }
    load_tile(tile_first, n_tile);
#if KEPT_ORDER
    if (kept) {
        write_tile_in_place(part, tile_first, n_tile);
        return;
    }
#endif
    count_tile();
    if (t == 0u) S_STUCK = 0u;  // before any look-back: rank_rows() ends with a barrier
    for (uint d = t; d < RADIX; d += GROUP_SIZE) {
        uint count = S_COUNT(d) - (d == RADIX - 1u ? padding : 0u);
        if (posts) status[part * RADIX + d] =
            part == 0u ? status_word(INCLUSIVE, s_delta[d] + count) : status_word(AGGREGATE, count);
    }
    rank_rows();
    for (uint d = t; d < RADIX; d += GROUP_SIZE) walk_digit(d, part, 0u, part, partitions, padding, posts);
    barrier();
    // Read into a register, then a barrier before anything writes S_STUCK (or, past the loop,
    // the scatter writes s_area): every invocation takes the same branches.
    uint stuck = S_STUCK;
    barrier();
    while (stuck != 0u) {
        uint q = stuck - 1u;
        if (t == 0u) {
            S_STUCK = 0u;  // recount_partition() begins with a barrier
            atomicAdd(meta[META_FALLBACKS], 1u);
        }
        recount_partition(q, element_count());  // n need not stay in a register until here
        for (uint d = t; d < RADIX; d += GROUP_SIZE) {
            uint next = s_lookback_next[d];
            if (next != 0u) {
                uint before = s_delta[d];
                if (next == stuck) take_recount(d, q, next, before);
                walk_digit(d, next, before, part, partitions, padding, posts);
            }
        }
        barrier();
        stuck = S_STUCK;
        barrier();
    }
    stamp_phase(GPUSORT_RADIX_PHASE_LOOK_BACK);
    scatter_tile(n_tile);
}

// The subgroup check (tile_subgroups.glsl) comes after the partition: its dispatch binds the
// zeroed check word as the meta buffer, whose count word it is, so the pass finds no
// partition. A branch around the pass, which every sort takes, is what the check would cost
// at the top (the network measured it: bench/results/history.md).
void main() {
    sort_partition();
    report_subgroup_size();
}
