#pragma once
// Tuning parameters: plain data, kept apart from the algorithm. Zero means "derive
// from the device's limits". BitonicSorter validates them and throws gpusort::Error
// with the reason when they cannot work on the current device.
#include <cstdint>
#include <string>

namespace gpusort {

struct Tuning {
  /// wide_chunk_min_count's "never".
  static constexpr std::uint32_t never = 0xFFFFFFFFu;

  /// Elements per workgroup tile in shared memory (a power of two). Wider tiles leave
  /// fewer strides to the wide passes; narrower ones let more workgroups share an SM.
  /// 0: on GPUs, the largest power of two whose keys (and values) take at most 16 KiB of
  /// shared memory (and GL_MAX_COMPUTE_SHARED_MEMORY_SIZE): 4096 keys, 2048 pairs or 64-bit
  /// keys, 1024 64-bit pairs; on software renderers (llvmpipe: 32 KiB, 4 elements per
  /// invocation) the largest that fits (with emulate_subgroups, next to the emulation's
  /// exchange word per element): 4096 keys or pairs, 2048 64-bit pairs. Always
  /// bounded by GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS (tile_size / local_elements).
  std::uint32_t tile_size = 0;
  /// Elements each invocation holds in registers in the tile kernel (a power of two,
  /// 4 .. 32; global loads and stores move 4 at a time). log2 of it is how many network steps run between two barriers.
  /// 0: on GPUs 8 for 32-bit keys without values, 4 for elements of 8 bytes or more (key-value
  /// pairs, 64-bit keys), raised if tile_size / it exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS;
  /// 4 on software renderers (llvmpipe), where it cuts the first sort's shader JIT about 5x.
  /// Why 4 for wide elements: on an H200 the workgroups resident on one SM share at most
  /// 48 KiB of shared memory under GL (bench/results/h200-2026-11-22-occupancy.txt: three
  /// 16 KiB tiles, six 8 KiB ones), so a 2048-pair tile with 4 per invocation puts 1536
  /// invocations on an SM instead of 768. Whole sorts there (h200-2026-11-22-wide-elements-ab.md):
  /// pairs 2^10-2^18 11-15 % faster (2^16 0.0778 -> 0.0675 ms), 2^24 3.77 -> 3.57 ms, but
  /// 2^19-2^20 1-2 % slower; the pass profile (…-wide-elements-pass-profile.txt) has 64-bit
  /// keys 7-17 % faster up to 2^18 and 1-4 % slower from 2^20. Those slower sizes run their
  /// tile passes with 8 instead (sort_program_passes_min_count).
  std::uint32_t local_elements = 0;
  /// Elements per invocation (same rules as local_elements) of the local sort that starts a
  /// sort of at least local_sort_min_tiles tiles. Sorting a tile is all in-tile work: with
  /// many tiles in flight, fewer invocations holding more keys need fewer shared-memory round
  /// trips (H200, 2^24 keys: local sort 225 us with 16 against 271 with 8, whole sort 2.03
  /// against 2.07 ms), while few tiles are latency-bound and lose with 16 (2^16: 0.094
  /// against 0.089 ms). Windows and disperses keep local_elements (16 lost there).
  /// 0: on GPUs 16 for 32-bit keys without values and tiles of 2048 or more, 8 for elements
  /// of 8 bytes or more (their local_elements of 4 sorted tiles slower: pairs 2^24 local sort
  /// 481 against 447 us), otherwise local_elements. Where it differs from local_elements the first sort of that
  /// many tiles builds one more program (16 keys: 1.1-1.3 s on an H200 with a cold driver
  /// cache; BitonicSorter::prepare() at load time takes that out of a frame).
  std::uint32_t local_sort_elements = 0;
  /// The fewest tiles (count / tile_size, rounded up) whose local sort runs with
  /// local_sort_elements; smaller sorts use local_elements. 0: 256 (on an H200, 2^20 keys in
  /// 4096-key tiles gained, 2^19 and below lost), except where the sort program would also
  /// run the tile passes of sorts that fuse (sort_program_passes_min_count at most
  /// fused_passes_max_count: 8-byte elements on GPUs): there it starts above the fused counts
  /// (fused_passes_max_count / tile_size + 1, at least 256; 265 on an H200), since a fused
  /// dispatch runs only the main tile program and fusing won. H200, whole sorts alternated
  /// with the start at 256 (bench/results/h200-2026-11-22-fused-pairs-ab.md): pairs 2^19
  /// 0.145 -> 0.121 ms, stable pairs 0.183 -> 0.154, sort_indices 0.161 -> 0.136; 64-bit keys
  /// 2^19 137 us fused in the pass profile; every other size 2^17-2^21 within 0.3 %.
  /// 1: every sort wider than one tile.
  std::uint32_t local_sort_min_tiles = 0;
  /// Sorts of at least this many elements that start with the local-sort program
  /// (local_sort_min_tiles tiles or more) run their other tile passes with it too, unless
  /// the wide-chunk program takes them (wide_chunk_min_count). 0: on GPUs 1 for 8-byte
  /// elements (32-bit keys with values, 64-bit keys without): their 4 per invocation made
  /// 2^19-2^20 pairs 1-2.4 % and 64-bit keys from 2^20 1-4 % slower than 8 (H200,
  /// bench/results/h200-2026-11-22-wide-elements-*); Tuning::never otherwise (32-bit keys:
  /// windows with 16 per invocation lost; 64-bit keys with values: 4 won at 2^18 and 2^22-2^24).
  std::uint32_t sort_program_passes_min_count = 0;
  /// Elements each invocation holds in a global pass (a power of two, 2 .. 32, at most
  /// tile_size). log2 of it is how many wide steps one sweep over memory runs. 0: 8.
  std::uint32_t global_elements = 0;
  /// Elements per memory access in the global passes: 1 (uint) or 4 (uvec4, fewer and
  /// wider transactions). 0: 4. Always 1 for 64-bit keys (the sorter overrides it).
  std::uint32_t global_vector_width = 0;
  /// Invocations per workgroup of the global passes. 0: 128.
  std::uint32_t global_group_size = 0;
  /// Window passes: a stage with more wide steps than global_elements fuses up to
  /// log2(tile_size / window_run) of them per sweep over memory, on a tile made of runs of
  /// window_run consecutive elements (a power of two, 4 .. tile_size). Shorter runs fuse
  /// more steps but make memory accesses less contiguous. tile_size turns windows off.
  /// 0: 16.
  std::uint32_t window_run = 0;
  /// Let passes cross stage boundaries: a stage's last a disperses (pivots a-1 .. 0) share
  /// one sweep over memory with the next stage's first steps, as many as the tile's other
  /// bits hold, on a tile made of runs of at least 2^a elements. Fewer sweeps (2^24 keys in
  /// 4096-key tiles: 23 instead of 29; 2^20: 14 instead of 17; 2^16: 7 instead of 9), the
  /// same network and results; on an H200 keys 2^16 0.056 against 0.068 ms, 2^24 1.93
  /// against 2.00 ms. Needs window passes (tuning() reports false where window_run leaves
  /// none). sort_indirect() always plans stage by stage, like its GPU-side planner.
  /// false: every stage ends with its own local disperse.
  bool merge_stages = true;
  /// Sorts of at least this many elements run the tile kernel's shared-memory steps in wide
  /// chunks: log2(local_elements) steps in registers and then log2(subgroup size) steps by
  /// subgroup shuffles between two barriers, instead of log2(local_elements) (only with
  /// subgroups). Fewer shared-memory round trips and barriers, more shuffles: on an H200
  /// (key-value pairs with 8 per invocation, before they held 4 by default,
  /// bench/results/levers-h200-2026-11-21.md; passes, first to last)
  /// 2^22 0.88 against 0.99 ms, 2^24 3.85 against 4.27, 2^26 17.2 against 19.5 ms (whole
  /// sorts 2^24 3.77 against 4.20 ms), while 2^16-2^18 lost about 2 % (the data sits in L2
  /// and the shuffles cost more than the barriers save) and 2^20 broke even.
  /// The path is a separate tile program, built on the first sort that needs it: compiled
  /// into the program small sorts use, it cost them time even unused (registers).
  /// 0: 2^21 for 32-bit keys with values (pairs, stable sorts, sort_indices) on GPUs;
  /// Tuning::never otherwise: 32-bit keys alone lost (2^24: 2.41 against 2.02 ms; the
  /// program holding both the direct window layouts and wide chunks needs more registers),
  /// and 64-bit keys gained 3 % at 2^24 without values, nothing with them, and lost 2-5 % at
  /// 2^16-2^20. 1: every sort wider than one dispatch. tuning()
  /// reports Tuning::never where no wide chunk can run (no subgroups).
  std::uint32_t wide_chunk_min_count = 0;
  /// Sorts of at most this many elements whose count the CPU knows (not sort_indirect())
  /// and that take several dispatches run their tile passes in one dispatch: a workgroup per
  /// tile of every pass, each taking its tile from an atomic ticket and, when it belongs to
  /// a later pass, waiting (spinning on a counter of finished tiles) until the passes before
  /// it are done. That replaces a dispatch and a glMemoryBarrier per pass. A workgroup only
  /// waits for tiles that running workgroups took, so the dispatch completes whatever the GPU
  /// keeps resident; the data buffers are `coherent` in that program. It does not apply to
  /// sorts whose tile passes run in the wide-chunk or sort program, that have global register
  /// passes (merge_stages off) or more than 32 passes; a local sort in the sort program stays
  /// a dispatch of its own. Tuning::never turns it off.
  /// A pass ends with its slowest tile, so two tiles of one pass on one compute unit cost
  /// the whole pass; where compute_units is known and a sort's workgroups outnumber them,
  /// the fused program reserves shared memory so that at most ceil(tiles per pass /
  /// compute_units) workgroups (1 or 2) share a unit, assuming GL_MAX_COMPUTE_SHARED_MEMORY_SIZE
  /// is what a unit's workgroups share (as on NVIDIA under GL: 48 KiB).
  /// 0: on GPUs 2 * compute_units * tile_size where compute_units is known (an H200: 2^20
  /// keys; pairs up to 255 tiles, since from 256 their passes run in the sort program), else
  /// 16 * tile_size. H200, whole sorts, alternated
  /// (bench/results/h200-2026-11-22-fused-passes-ab.md and h200-2026-11-22-fused-reserve-ab.md):
  /// keys 2^14-2^16 8-19 % faster than a dispatch per pass (2^16 0.0557 -> 0.0450 ms); with
  /// the reserve 2^17-2^19 about 20 % and 2^20 16 % faster (0.1318 -> 0.1112 ms), pairs
  /// 2^16-2^18 21-27 %; without it 32 tiles per pass and more lost (keys 2^18 +33 %), and
  /// with 3 workgroups per unit (keys 2^21) fused and unfused were level. Never on software renderers (llvmpipe:
  /// slower, and with more than one thread unsafe, see detail::DeviceLimits::cross_workgroup_waits;
  /// there an explicit value is honoured only under LP_NUM_THREADS=0 or 1, else tuning() reports never).
  std::uint32_t fused_passes_max_count = 0;
  /// The device's compute units (SMs): fused passes bound how many of their workgroups share
  /// one (see fused_passes_max_count). 0: GL_SM_COUNT_NV where the context has
  /// GL_NV_shader_thread_group (132 on an H200); tuning() reports 0 where it stays unknown,
  /// and fused passes then reserve nothing.
  std::uint32_t compute_units = 0;
  /// Tile of the fused sorts (fused_passes_max_count) of more than 4 and at most
  /// compute_units such tiles: a power of two, at least 4 * window_run and local_elements, at
  /// most tile_size (which turns it off). A sort that leaves most compute units idle in
  /// tile_size tiles keeps more of them busy in smaller ones, though it takes a pass or two
  /// more; its one fused dispatch then runs a tile program of this size (built on first use).
  /// Sorts of up to 4 such tiles keep tile_size (H200: keys 2^13 25.2 us in 2048-key tiles
  /// against 23.7-24.2 in 4096). 0: on GPUs where compute_units is known and passes fuse,
  /// tile_size / 2 for elements of up to 8 bytes (if its windows still fuse more steps than
  /// global_elements), else tile_size. H200, whole sorts alternated with the library before
  /// (bench/results/h200-2026-11-22-fused-tile-ab.md): pairs, stable pairs and sort_indices
  /// 5003-131072 elements 6-15 % faster (pairs 2^16 0.0524 -> 0.0455 ms), keys 2^14 and
  /// 2^16-2^18 3-7 %, but keys 2^15 3 % slower (0.0372 -> 0.0384: more passes, nothing
  /// explains why that size alone loses); 64-bit keys 2^13-2^17 10-16 % in the pass profile
  /// (h200-2026-11-22-fused-tile-probe.txt), where 64-bit keys with values in 512-element tiles
  /// were not faster (-5 to +8 %).
  std::uint32_t fused_tile_size = 0;
  /// Counts above tile_size up to this (a power of two >= tile_size) sort in one dispatch
  /// of one workgroup, with a second tile program of this size: small sorts are latency,
  /// and one dispatch beats the three a 2-tile sort otherwise takes. 0: tile_size (no
  /// second program) where fused passes take sorts of two tiles (GPUs with merge_stages: two
  /// fused tiles were faster, H200 2^13 keys 23.6 against 27.1 us, 2^12 pairs 24.6 against
  /// 25.8; sort_indirect, which never fuses, then takes a dispatch per pass there), else the
  /// largest tile shared memory and the invocation limit allow (8192 keys / 4096 pairs with
  /// 48 KiB). The second program is built on the first sort that needs it.
  std::uint32_t single_dispatch_tile = 0;
  /// Elements per invocation (same rules as local_elements) of the single-dispatch tile
  /// program. 0: on GPUs 8 (2^12 pairs in one 4096-pair tile: 26.0 us with 8 against 26.6
  /// with 4, 64-bit keys 27.8 against 29.8; 32-bit keys 16 lost 23 %), raised if
  /// single_dispatch_tile / 8 exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS; local_elements on
  /// software renderers.
  std::uint32_t single_tile_elements = 0;
  /// Run the tile kernel's narrow steps with subgroup shuffles (GL_KHR_shader_subgroup:
  /// basic and shuffle, in compute shaders) instead of shared memory and barriers. Only
  /// where the context supports it; after construction tuning() says whether it is used.
  bool use_subgroups = true;
  /// Window passes move global memory straight to and from registers, with one exchange
  /// through shared memory in between (instead of a shared-memory round trip every
  /// log2(local_elements) steps plus one at each end). Only for 32-bit keys without values
  /// (with values it measured slower), with subgroup shuffles of size 32, local_elements 8,
  /// tiles of 512 .. 4096 elements (the GPU default for keys) and window_run >= 16;
  /// elsewhere, and where this is false, the shared-memory tile path runs. After
  /// construction tuning() says whether it is used.
  bool direct_tile_io = true;
  /// Testing aid: where the context has no GL_KHR_shader_subgroup, run the subgroup code
  /// paths anyway (subgroups of 32), each shuffle emulated through shared memory between
  /// two barriers. Far slower; it lets a software renderer (llvmpipe in CI) check the
  /// paths a GPU with subgroups takes. Needs use_subgroups; ignored (reported false) where
  /// real subgroups exist. The emulation takes 4 more bytes of shared memory per element.
  bool emulate_subgroups = false;
  /// Cap on workgroups per dispatch dimension; larger dispatches are split over y.
  /// 0: GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] (65535 on llvmpipe and many drivers).
  std::uint32_t max_workgroups_x = 0;
  /// GLSL lines inserted after the #version line and gpusort's #defines of every program (before its shader files), for experiments
  /// (for example "#pragma optionNV(unroll all)"). A line that does not compile makes
  /// the constructor throw gpusort::Error with the compiler's log.
  std::string extra_shader_source;
};

/// What sort() will dispatch for a given count.
struct Plan {
  std::size_t dispatches = 0;     ///< glDispatchCompute calls
  std::size_t memory_passes = 0;  ///< full read+write sweeps over keys (and values)
  std::size_t network_steps = 0;  ///< compare-exchange steps of the network
};

}  // namespace gpusort
