#pragma once
// The sorting network and how the GPU splits it into passes. The CPU reference
// (cpu_network.hpp) and the GPU sorter (plan.hpp) both derive from this file,
// so they cannot drift apart.
//
// For count n, let P = 2^L be the smallest power of two >= n. Stage k = 1 .. L works on
// blocks of 2^k elements: first the flip, comparator (x, x ^ (2^k - 1)); then the
// disperses m = k-2 .. 0, comparator (x, x ^ 2^m). Every comparator (lo, hi) puts the
// smaller key at lo and swaps only if key[lo] > key[hi]. A comparator with hi >= n is
// skipped, which equals padding with +infinity keys that never move.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../../pass_observer.hpp"
#include "../bits.hpp"
#include "../shader_interface.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

/// One GPU dispatch: a contiguous run of network steps (public: pass observers see it).
using Pass = BitonicPass;

/// How sort() cuts the network into passes (the sorter's resolved BitonicTuning, as log2s).
struct Schedule {
  std::uint32_t tile_log2;         // tile of 2^tile_log2 elements
  std::uint32_t global_log2;       // wide steps per register pass
  std::uint32_t window_log2;       // most wide steps per window pass (0: no windows)
  std::uint32_t single_tile_log2;  // counts up to 2^this above the tile: one dispatch
  bool merge_stages;               // BitonicTuning::merge_stages (needs windows)
};

/// How a stage's wide steps (pivots k-1 .. tile_log2) are cut into passes: windows of up
/// to window_log2 steps first, and a remainder of at most global_log2 steps in the register
/// kernel (cheaper: no shared memory); with window_log2 <= global_log2, register passes of
/// global_log2 steps only (wide_pass_p_lo() in detail/shader_interface/bitonic.hpp, which
/// sort_indirect()'s GPU-side planner runs too). Calls visit(p_hi, p_lo, is_window) from the
/// stage's flip down.
template <class Visitor>
void for_each_wide_pass(std::uint32_t k, std::uint32_t tile_log2, std::uint32_t global_log2,
                        std::uint32_t window_log2, Visitor&& visit) {
  for (std::uint32_t p_hi = k - 1;;) {
    const bool window = wide_pass_is_window(p_hi, tile_log2, global_log2, window_log2);
    const std::uint32_t p_lo = wide_pass_p_lo(p_hi, tile_log2, global_log2, window_log2);
    visit(p_hi, p_lo, window);
    if (p_lo == tile_log2) break;
    p_hi = p_lo - 1;
  }
}

/// Calls visit(Pass) for every dispatch that sorts `count` elements with tiles of
/// 2^tile_log2 elements, register passes fusing up to global_log2 wide steps and window
/// passes fusing up to window_log2 (0: none). A count above the tile but at most
/// 2^single_tile_log2 is one single_tile_sort pass. Requires global_log2 <= tile_log2 (a
/// register window never reaches below bit 0) and window_log2 <= tile_log2 - 2 (runs of
/// at least 4 elements).
///
/// Without merge_stages every stage above the tile ends with a local disperse of all the
/// tile's bits, after one or more passes for its wide steps. With merge_stages (and
/// windows) a pass is any 2^tile_log2 elements whose index bits it steps on, so passes
/// cross stage boundaries: the last pivots a-1 .. 0 of stage k share a window pass with
/// the first tile_log2 - r pivots of stage k+1 (its flip first), the window's runs being
/// the r = max(a, tile_log2 - window_log2) low bits. Stage k+1's own remaining pivots then
/// start lower, which leaves fewer for the next merge. Wider steps than the tile's bits
/// hold take windows of window_log2 steps. At 2^24 keys in 4096-key tiles: 23 passes
/// instead of 29.
template <class Visitor>
void for_each_pass(std::size_t count, const Schedule& schedule, Visitor&& visit) {
  if (count < 2) return;
  const std::uint32_t tile_log2 = schedule.tile_log2;
  const std::uint32_t stages = ceil_log2(count);
  if (stages > tile_log2 && stages <= schedule.single_tile_log2) {
    visit(Pass{Pass::Kind::single_tile_sort, stages, 0, 0, false, true, true, stages * (stages + 1) / 2});
    return;
  }
  const std::uint32_t local_stages = stages < tile_log2 ? stages : tile_log2;
  visit(Pass{Pass::Kind::local_sort, local_stages, 0, 0, false, true, stages == local_stages,
             local_stages * (local_stages + 1) / 2});
  const std::uint32_t window_log2 = schedule.window_log2;
  if (!schedule.merge_stages || window_log2 <= schedule.global_log2) {
    for (std::uint32_t k = tile_log2 + 1; k <= stages; ++k) {
      for_each_wide_pass(k, tile_log2, schedule.global_log2, window_log2,
                         [&](std::uint32_t p_hi, std::uint32_t p_lo, bool window) {
                           visit(Pass{window ? Pass::Kind::window_steps : Pass::Kind::global_steps, k, p_hi, p_lo,
                                      p_hi == k - 1, false, false, p_hi - p_lo + 1});
                         });
      visit(Pass{Pass::Kind::local_disperse, k, tile_log2 - 1, 0, false, false, k == stages, tile_log2});
    }
    return;
  }
  // The next step to run is pivot p of stage k (p == k - 1: its flip).
  const std::uint32_t min_run_log2 = tile_log2 - window_log2;
  for (std::uint32_t k = tile_log2 + 1, p = tile_log2; k <= stages;) {
    if (p >= tile_log2) {
      // Pivots the tile's low bits cannot hold: a window of the widest steps left.
      const std::uint32_t p_lo = p + 1 - window_log2;
      visit(Pass{Pass::Kind::window_steps, k, p, p_lo, p == k - 1, false, false, window_log2});
      p = p_lo - 1;
    } else if (k == stages || p + 1 >= tile_log2) {
      // Pivots p .. 0 in tiles of consecutive elements: the sort's last pass, or a stage
      // whose rest fills the tile.
      visit(Pass{Pass::Kind::local_disperse, k, p, 0, false, false, k == stages, p + 1});
      ++k;
      p = k - 1;
    } else {
      const std::uint32_t run_log2 = p + 1 > min_run_log2 ? p + 1 : min_run_log2;
      const std::uint32_t width = tile_log2 - run_log2;  // steps of stage k+1
      Pass merged{Pass::Kind::window_steps, k + 1, k, k + 1 - width, true, false, false, width + p + 1};
      merged.pre = p + 1;
      visit(merged);
      p = k - width;
      ++k;
    }
  }
}

/// Calls visit(lo, mask) once per network step, in order: the step's comparators are
/// (x, x ^ mask) for every x whose bit `pivot` is 0, where pivot is mask's highest bit.
template <class Visitor>
void for_each_step(std::size_t count, Visitor&& visit) {
  if (count < 2) return;
  const std::uint32_t stages = ceil_log2(count);
  for (std::uint32_t k = 1; k <= stages; ++k) {
    visit(k - 1, (std::uint64_t{1} << k) - 1);
    for (std::uint32_t m = k - 1; m-- > 0;) visit(m, std::uint64_t{1} << m);
  }
}

/// for_each_pass()'s passes appended to `out` in order, each in the `pass` member of a fresh
/// record (the planner's PlannedPass).
template <class Out>
void append_passes(std::size_t count, const Schedule& schedule, std::vector<Out>& out) {
  for_each_pass(count, schedule, [&](const Pass& pass) {
    out.emplace_back();
    out.back().pass = pass;
  });
}

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
