// gpusort's shader interface: the names the host and the kernels share, written once for C++
// and GLSL, so each number and each key mapping has one truth (in the manner of FidelityFX
// Parallel Sort's FFX_ParallelSort.h, which serves HLSL and C++). Not a header of its own (no
// include guard): a list of X-macro lines that two headers include with their own definitions:
//   C++:  include/gpusort/detail/shader_interface.hpp makes each line a constant or an inline
//         function in namespace gpusort::detail.
//   GLSL: include/gpusort/detail/shader_interface_glsl.hpp makes each line text ("#define NAME
//         value", the function's source) that the program builders compile after the #version
//         line and the host's #defines, before the kernel.
// The lines:
//   GPUSORT_CONSTANT(NAME, value)   a #define in GLSL (GL 4.3 layout qualifiers take literals
//                                   only, so every binding and location is a macro there); its
//                                   value may name earlier constants. No u suffix on a value
//                                   that a GLSL #if tests (the GLSL preprocessor takes none).
//   GPUSORT_SHARED_FUNCTION(return type, name, (parameters), { body })
//                                   a function of 32-bit words, written with GPUSORT_UINT
//                                   (std::uint32_t in C++, uint in GLSL).
//   GPUSORT_SHARED_CHECK(condition, message)   checked once, by the C++ compiler.
// Bitonic names are in bitonic.hpp, the permute kernel's in permute.hpp, the radix sort's in
// radix.hpp; this file comes first.

// --- Shader storage binding points --------------------------------------------------------
// A sort call restores the caller's buffers at bindings 0 .. GPUSORT_BINDINGS_USED - 1 (those
// the device has). The network's kernels use 0 .. 3 (bitonic.hpp), within the 4 binding
// points of an OpenGL ES 3.1 device; the radix kernels (radix.hpp) use up to 6.
GPUSORT_CONSTANT(GPUSORT_BINDINGS_USED, 7)

// --- The subgroup check ------------------------------------------------------------------
// A program compiled for a subgroup size (real or emulated) runs once when it is built with
// u_check_subgroups (this location) at 1: its first invocation writes the subgroup size it runs
// with into word 0 of the buffer at its algorithm's GPUSORT_*_BINDING_SUBGROUP_CHECK, and the
// dispatch sorts nothing: its count is 0. The hot programs (the network's one-pass tile
// programs, Onesweep) run their pass first and report after it, so a sort passes no branch
// before its work; the others report first and return. Sorts leave the uniform at 0. The host
// compares the word with the size it compiled for (include/gpusort/detail/gl/subgroup_check.hpp).
GPUSORT_CONSTANT(GPUSORT_LOCATION_CHECK_SUBGROUPS, 96)

// u_count_source: where a kernel finds the element count.
GPUSORT_CONSTANT(GPUSORT_COUNT_FROM_UNIFORM, 0u)  // u_count
GPUSORT_CONSTANT(GPUSORT_COUNT_FROM_BUFFER, 1u)   // min(count_words[u_count_word], u_capacity)

// --- The key codec ------------------------------------------------------------------------
// Every key maps to "ordered" bits whose unsigned order is the key order, once on load and
// back once on store, so the network compares unsigned words only. A 64-bit key is two words
// (high, low) compared high first. KEY_KIND (the host's #define) is one of:
GPUSORT_CONSTANT(GPUSORT_KEY_UNSIGNED, 0u)  // uint32, uint64: the bits as they are
GPUSORT_CONSTANT(GPUSORT_KEY_SIGNED, 1u)    // int32, int64 (two's complement): the sign bit flipped
GPUSORT_CONSTANT(GPUSORT_KEY_FLOAT, 2u)     // float, double: IEEE-754 totalOrder (below)
GPUSORT_CONSTANT(GPUSORT_SIGN_BIT, 0x80000000u)
// Descending order is ascending order on the complemented ordered key: every word of it is
// XORed with this.
GPUSORT_CONSTANT(GPUSORT_DESCENDING_XOR, 0xFFFFFFFFu)

// The ordered bits of a key's high word (a 32-bit key's only word). Floats: flipping all bits
// of negatives and the sign bit of positives makes the unsigned order of the bits IEEE-754
// totalOrder: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN, NaNs by payload.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, ordered_high_word, (GPUSORT_UINT kind, GPUSORT_UINT bits), {
  return kind == GPUSORT_KEY_SIGNED  ? bits ^ GPUSORT_SIGN_BIT
         : kind == GPUSORT_KEY_FLOAT ? ((bits & GPUSORT_SIGN_BIT) != 0u ? ~bits : (bits | GPUSORT_SIGN_BIT))
                                     : bits;
})

// The ordered bits of a 64-bit key's low word, given its raw high word: a negative double's
// complement covers both words.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, ordered_low_word, (GPUSORT_UINT kind, GPUSORT_UINT high, GPUSORT_UINT low), {
  return kind == GPUSORT_KEY_FLOAT && (high & GPUSORT_SIGN_BIT) != 0u ? ~low : low;
})

// ordered_high_word() undone.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, raw_high_word, (GPUSORT_UINT kind, GPUSORT_UINT ordered), {
  return kind == GPUSORT_KEY_SIGNED  ? ordered ^ GPUSORT_SIGN_BIT
         : kind == GPUSORT_KEY_FLOAT ? ((ordered & GPUSORT_SIGN_BIT) != 0u ? (ordered & ~GPUSORT_SIGN_BIT) : ~ordered)
                                     : ordered;
})

// ordered_low_word() undone, given the ordered high word.
GPUSORT_SHARED_FUNCTION(GPUSORT_UINT, raw_low_word, (GPUSORT_UINT kind, GPUSORT_UINT ordered_high, GPUSORT_UINT low), {
  return kind == GPUSORT_KEY_FLOAT && (ordered_high & GPUSORT_SIGN_BIT) == 0u ? ~low : low;
})
