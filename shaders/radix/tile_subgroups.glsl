// The radix tile kernel's subgroup backend: what tile.glsl's ranking and scan ask of subgroups,
// one implementation per SUBGROUP_MODE under the same signatures:
//   lane_id(), subgroup_id()  the invocation's lane and its subgroup (a row of SUBGROUP_SIZE)
//   LANES                     a set of lanes: a uint where subgroups have at most 32 lanes
//                             (MASK_WORDS 1), a uvec4 where they have up to 128 (MASK_WORDS 4)
//   lanes_below(), row_lanes()  the lanes below this one; every lane of the subgroup
//   match_digit(d, row)       the lanes of `row` whose digit equals d (this lane included)
//   shuffle(value, lane)      `value` of lane `lane` of this subgroup
//   SHUFFLES_ARE_BARRIERS     true where every invocation of the workgroup must call shuffle()
//                             and match_digit(), false where a subgroup may skip them
//   report_subgroup_size()    the subgroup check (detail/shader_interface/common.hpp) of modes 1
//                             and 2; true when it ran
// The modes:
//   2  real subgroups (GL_KHR_shader_subgroup: basic, ballot, shuffle), 8 ballots per key;
//   1  subgroups emulated through shared memory (DeviceFacts::emulated_subgroup_size): the same
//      ballots, each lane setting its bit of a vote word, so that a context without subgroups
//      runs the ballot code at any size a GPU may have;
//   0  no subgroups: rows of 32 invocations, as mode 1 at 32, whose keys find their peers by
//      comparing digits in shared memory.
// Modes 0 and 1 synchronise through barriers of the workgroup, and number their subgroups from
// the workgroup's end, so that code which took gl_LocalInvocationIndex for a subgroup position
// fails here: GL does not say how a GPU groups invocations into subgroups. Their subgroups have
// EMULATED_SUBGROUP_SIZE lanes: SUBGROUP_SIZE, unless a test compiles the kernel for another
// size than mode 1 emulates, as a GPU whose compiler picks another size than the context
// reports would, so that the subgroup check finds it. Their ballots hold up to 128 lanes, as a
// GPU's do, of which LANES keeps MASK_WORDS words.

#if MASK_WORDS == 1
#define LANES uint
uint lanes_of(uvec4 ballot) { return ballot.x; }
#else
#define LANES uvec4
uvec4 lanes_of(uvec4 ballot) { return ballot; }
#endif

// peers narrowed by one ballot `vote` of bit `bit` of the digit: an XOR with an all-ones or zero
// mask rather than a select between the vote and its complement, which compiles to fewer
// instructions in the ranking's innermost loop.
LANES narrow_by_vote(LANES peers, LANES vote, bool bit) { return peers & (vote ^ LANES(bit ? 0u : 0xFFFFFFFFu)); }

uint local_id() { return gl_LocalInvocationIndex; }

#if SUBGROUP_MODE == 2
#define SHUFFLES_ARE_BARRIERS false

uint lane_id() { return gl_SubgroupInvocationID; }
uint subgroup_id() { return gl_SubgroupID; }
uint running_subgroup_size() { return gl_SubgroupSize; }

LANES lanes_below() { return lanes_of(gl_SubgroupLtMask); }
LANES row_lanes() { return lanes_of(subgroupBallot(true)); }

LANES match_digit(uint d, LANES row) {
    LANES peers = row;
    for (uint b = 0u; b < RADIX_BITS; ++b) {
        bool bit = ((d >> b) & 1u) != 0u;
        peers = narrow_by_vote(peers, lanes_of(subgroupBallot(bit)), bit);
    }
    return peers;
}

uint shuffle(uint value, uint lane) { return subgroupShuffle(value, lane); }
#else
#define SHUFFLES_ARE_BARRIERS true
#ifndef EMULATED_SUBGROUP_SIZE
#define EMULATED_SUBGROUP_SIZE SUBGROUP_SIZE
#endif

uint lane_id() { return gl_LocalInvocationIndex & (EMULATED_SUBGROUP_SIZE - 1u); }
uint subgroup_id() {
    return GROUP_SIZE / EMULATED_SUBGROUP_SIZE - 1u - gl_LocalInvocationIndex / EMULATED_SUBGROUP_SIZE;
}
uint running_subgroup_size() { return EMULATED_SUBGROUP_SIZE; }

// The invocation's place in the order of (subgroup, lane): where shared memory holds its words.
uint lane_slot() { return subgroup_id() * EMULATED_SUBGROUP_SIZE + lane_id(); }

// Lanes 0 .. n-1 (n <= 128), as a ballot holds them.
uvec4 first_lanes(uint n) {
    uvec4 word_first_lane = uvec4(0u, 32u, 64u, 96u);
    uvec4 whole = uvec4(greaterThanEqual(uvec4(n), word_first_lane + 32u)) * 0xFFFFFFFFu;
    uvec4 part = uvec4(equal(uvec4(n >> 5u), uvec4(0u, 1u, 2u, 3u))) * ((1u << (n & 31u)) - 1u);
    return whole | part;
}

LANES lanes_below() { return lanes_of(first_lanes(lane_id())); }
LANES row_lanes() { return lanes_of(first_lanes(EMULATED_SUBGROUP_SIZE)); }

// shuffle(): every lane posts its value, then reads its source's; the first barrier lets the
// previous shuffle's reads finish.
shared uint s_lane_words[GROUP_SIZE];

uint shuffle(uint value, uint lane) {
    barrier();
    s_lane_words[lane_slot()] = value;
    barrier();
    // A lane past the subgroup wraps into it (a real shuffle's result there is undefined).
    return s_lane_words[subgroup_id() * EMULATED_SUBGROUP_SIZE + (lane & (EMULATED_SUBGROUP_SIZE - 1u))];
}

#if SUBGROUP_MODE == 1
// Ballot words: bit s of word b * VOTE_ROW + (s >> 5) is bit b of the digit of the lane in slot
// s (lane_slot()). Each lane sets or clears its own bit with an atomic, so the words need no
// clearing between rows.
#define VOTE_ROW (GROUP_SIZE / 32u)
shared uint s_votes[RADIX_BITS * VOTE_ROW];

// subgroupBallot(bit b of each lane's digit), as the votes hold it.
uvec4 ballot_of_bit(uint b) {
    uint first = subgroup_id() * EMULATED_SUBGROUP_SIZE;
    uint word = b * VOTE_ROW + (first >> 5u);
    uvec4 votes = uvec4(0u);
    for (uint i = 0u; i < (EMULATED_SUBGROUP_SIZE + 31u) / 32u; ++i) votes[i] = s_votes[word + i];
    votes.x >>= first & 31u;  // subgroups of fewer than 32 lanes share a word
    return votes & first_lanes(EMULATED_SUBGROUP_SIZE);
}

LANES match_digit(uint d, LANES row) {
    uint slot = lane_slot();
    uint mine = 1u << (slot & 31u);
    barrier();  // the previous row's votes are read
    for (uint b = 0u; b < RADIX_BITS; ++b) {
        uint word = b * VOTE_ROW + (slot >> 5u);
        if (((d >> b) & 1u) != 0u) atomicOr(s_votes[word], mine);
        else atomicAnd(s_votes[word], ~mine);
    }
    barrier();
    LANES peers = row;
    for (uint b = 0u; b < RADIX_BITS; ++b) {
        bool bit = ((d >> b) & 1u) != 0u;
        peers = narrow_by_vote(peers, lanes_of(ballot_of_bit(b)), bit);
    }
    return peers;
}
#else
shared uint s_lane_digit[GROUP_SIZE];

LANES match_digit(uint d, LANES row) {
    uint first = subgroup_id() * EMULATED_SUBGROUP_SIZE;
    barrier();  // the previous row's digits are read
    s_lane_digit[lane_slot()] = d;
    barrier();
    uint peers = 0u;
    for (uint l = 0u; l < ROLLED(EMULATED_SUBGROUP_SIZE); ++l) peers |= uint(s_lane_digit[first + l] == d) << l;
    return peers & row;
}
#endif
#endif

#if SUBGROUP_MODE != 0
// The subgroup check: the dispatch's one workgroup writes the size its subgroups have into the
// meta buffer's first word (GPUSORT_RADIX_BINDING_SUBGROUP_CHECK). It sorts nothing: that word,
// zeroed, is the count Onesweep reads before it calls this after its partition. The barrier
// keeps the write after every invocation's read. True where the check ran.
layout(location = GPUSORT_LOCATION_CHECK_SUBGROUPS) uniform uint u_check_subgroups;

bool report_subgroup_size() {
    if (u_check_subgroups == 0u) return false;
    barrier();
    if (gl_LocalInvocationIndex == 0u) meta[0] = running_subgroup_size();
    return true;
}
#else
bool report_subgroup_size() { return false; }  // rows of 32 in shared memory: no size to check
#endif
