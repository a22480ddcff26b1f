// The tile kernel's subgroup backend (SUBGROUP_LOG2 > 0): the functions every subgroup step
// of the kernel goes through, with one implementation for real subgroups and one for subgroups
// emulated through shared memory, under the same signatures:
//   subgroup_id(), subgroup_lane()   the invocation's subgroup and its lane in it
//   shuffle_in(lane_mask, register_mask)
//                                    other_*[j] = register (j ^ register_mask) of lane
//                                    (lane ^ lane_mask) of the same subgroup
//   running_subgroup_size()          the lanes of the subgroups the program runs with
//   report_subgroup_size()           the subgroup check (detail/shader_interface/common.hpp); true when it ran
// Real subgroups (GL_KHR_shader_subgroup: basic, shuffle) are the GPU's. SUBGROUP_EMULATION 1
// runs the same code with subgroups emulated through shared memory
// (DeviceFacts::emulated_subgroup_size), so that contexts without subgroups, like llvmpipe in
// CI, execute the index arithmetic of every subgroup size a GPU may have. Each emulated shuffle
// is a barrier of the workgroup, so every invocation must call it (thread_active() is then
// always true). The emulated subgroups have 2^EMULATED_SUBGROUP_LOG2 lanes: SUBGROUP_LOG2, unless
// a test compiles the kernel for another size than the emulation runs, as a GPU whose compiler
// picks another size than the context reports would, so that the subgroup check finds it. The
// host compiles this file after tile_memory.glsl, which declares subgroup_id() and
// subgroup_lane() for thread_rank().

#if SUBGROUP_LOG2 > 0
#define SUBGROUP_SIZE (1u << SUBGROUP_LOG2)

KEY_REG other_keys[ELEMS];
#if HAS_VALUES
REG other_values[ELEMS];
#endif

#if SUBGROUP_EMULATION
#ifndef EMULATED_SUBGROUP_LOG2
#define EMULATED_SUBGROUP_LOG2 SUBGROUP_LOG2
#endif
#define EMULATED_SUBGROUP_SIZE (1u << EMULATED_SUBGROUP_LOG2)

// The emulated subgroups are numbered from the workgroup's end, so that code which took
// gl_LocalInvocationIndex for the position an invocation holds in the subgroup order
// (thread_rank()) fails here: GL does not say how a GPU groups invocations into subgroups.
uint subgroup_id() {
    return (GROUP_SIZE >> EMULATED_SUBGROUP_LOG2) - 1u - (gl_LocalInvocationIndex >> EMULATED_SUBGROUP_LOG2);
}
uint subgroup_lane() { return gl_LocalInvocationIndex & (EMULATED_SUBGROUP_SIZE - 1u); }
uint running_subgroup_size() { return EMULATED_SUBGROUP_SIZE; }

// One word per register and invocation: an emulated shuffle of all ELEMS registers costs two
// barriers per word of the element, not two per register.
shared uint exchange_words[GROUP_SIZE * ELEMS];

// Word w of register j's element: its key's words (KEY_WORD), then its value.
uint element_word(uint j, uint w) {
#if HAS_VALUES
    if (w == uint(KEY_WORDS)) return reg_values[j];
#endif
    return KEY_WORD(reg_keys[j], w);
}

void set_other_word(uint j, uint w, uint word) {
#if HAS_VALUES
    if (w == uint(KEY_WORDS)) {
        other_values[j] = word;
        return;
    }
#endif
    SET_KEY_WORD(other_keys[j], w, word);
}

// A lane mask that reaches past the subgroup wraps into it: a real shuffle there returns an
// undefined value, so a wrong mask must not read another subgroup's registers and pass. The
// barrier before the writes lets the previous exchange's reads finish.
void shuffle_in(uint lane_mask, uint register_mask) {
    uint first = subgroup_id() << EMULATED_SUBGROUP_LOG2;
    uint mine = (first + subgroup_lane()) * ELEMS;
    uint theirs = (first + ((subgroup_lane() ^ lane_mask) & (EMULATED_SUBGROUP_SIZE - 1u))) * ELEMS;
    for (uint w = 0u; w < uint(KEY_WORDS + HAS_VALUES); ++w) {
        barrier();
        for (uint j = 0u; j < ELEMS; ++j) exchange_words[mine + j] = element_word(j, w);
        barrier();
        for (uint j = 0u; j < ELEMS; ++j) set_other_word(j, w, exchange_words[theirs + (j ^ register_mask)]);
    }
}
#else
uint subgroup_id() { return gl_SubgroupID; }
uint subgroup_lane() { return gl_SubgroupInvocationID; }
uint running_subgroup_size() { return gl_SubgroupSize; }

void shuffle_in(uint lane_mask, uint register_mask) {
    for (uint j = 0u; j < ELEMS; ++j) {
        other_keys[j] = subgroupShuffleXor(reg_keys[j ^ register_mask], lane_mask);
#if HAS_VALUES
        other_values[j] = subgroupShuffleXor(reg_values[j ^ register_mask], lane_mask);
#endif
    }
}
#endif

// The subgroup check: the dispatch's one workgroup writes the size its subgroups have into the
// first word of the keys' binding (GPUSORT_BITONIC_BINDING_SUBGROUP_CHECK). It sorts nothing:
// the host sets the count uniforms to 0 for it (Programs::check_subgroups), so a one-pass
// program, which calls this after its pass, finds no tile; true where the check ran.
layout(location = GPUSORT_LOCATION_CHECK_SUBGROUPS) uniform uint u_check_subgroups;

bool report_subgroup_size() {
    if (u_check_subgroups == 0u) return false;
    if (gl_LocalInvocationIndex == 0u) keys[0] = KEY(running_subgroup_size());
    return true;
}
#else
bool report_subgroup_size() { return false; }  // compiled for no subgroup size: nothing to check
#endif
