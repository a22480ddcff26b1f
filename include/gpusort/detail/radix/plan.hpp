#pragma once
// plan_job(): everything one radix sort does, computed on the CPU once per call from its count
// and bit range: the digit passes, the tiles, blocks and workgroups of each kernel (what
// shaders/radix/*.comp derive on the GPU), the kernels it runs and the scratch it needs. The
// run (run.hpp), RadixSorter::plan(), prepare(), reserve() and scratch_bytes() read the plan.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../../pass_observer.hpp"
#include "../../radix_tuning.hpp"
#include "../gl/dispatch.hpp"
#include "../job/key_bits.hpp"
#include "../job/sort_job.hpp"
#include "../status.hpp"
#include "config.hpp"
#include "scratch.hpp"

namespace gpusort {
namespace detail {
namespace radix {

/// The kernels of a radix sort (shaders/radix/), in the order a sort runs them.
using Kernel = RadixKernel;

/// The digit passes of a sort: bits [begin, end) in passes of digit_bits, lowest first.
struct Passes {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::uint32_t digit_bits = 8;
  std::uint32_t count() const { return (end - begin + digit_bits - 1) / digit_bits; }
  std::uint32_t shift(std::uint32_t pass) const { return begin + pass * digit_bits; }
  std::uint32_t mask(std::uint32_t pass) const {
    return (1u << (std::min)(digit_bits, end - shift(pass))) - 1u;
  }
};

/// The passes of a sort of keys of `elements` by `checked` (check_bit_range()'s: BitRange{} for
/// all bits).
inline Passes passes_by(BitRange checked, const Elements& elements, std::uint32_t digit_bits) {
  Passes passes;
  passes.digit_bits = digit_bits;
  passes.end = elements.key_bytes * 8;
  if (!all_bits(checked)) {
    passes.begin = checked.begin_bit;
    passes.end = checked.end_bit;
  }
  return passes;
}

/// The passes of a sort of keys of `elements` by `bits` (BitRange{}: all bits), into `passes`.
/// Fails for a BitRange on a key that is not unsigned, or one outside the key (check_bit_range).
inline Status passes_of(BitRange bits, const Elements& elements, std::uint32_t digit_bits, Passes& passes) {
  BitRange checked;
  if (Status status = check_bit_range(bits, elements, checked); !status) return status;
  passes = passes_by(checked, elements, digit_bits);
  return {};
}

/// The workgroups of a sort of `count` elements (count >= 1).
struct Geometry {
  std::uint64_t tiles = 0;            // Onesweep partitions, downsweep tiles
  std::uint64_t tiles_per_block = 1;  // reduce-then-scan
  std::uint64_t blocks = 0;
  std::uint64_t histogram_groups = 0;
  std::uint64_t copy_groups = 0;
  std::uint64_t scan_groups = 0;
  std::uint64_t tile_state_words = 0;  // Onesweep: RADIX per partition; reduce-then-scan: per block
};

inline std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

inline Geometry geometry(const Config& c, std::uint64_t count) {
  Geometry g;
  const std::uint64_t radix = std::uint64_t{1} << c.tuning.digit_bits;
  g.tiles = ceil_div(count, c.tile_size);
  std::uint64_t tiles_per_block = std::max<std::uint64_t>(1, ceil_div(g.tiles, c.tuning.blocks));
  // llvmpipe ends an invocation's loops after 65535 iterations in all; a tile's ranking takes
  // loop iterations in proportion to the keys an invocation holds (shared match: 32 a key).
  if (c.device.software)
    tiles_per_block = std::min<std::uint64_t>(tiles_per_block, (std::max)(1u, 64 / c.tuning.keys_per_invocation));
  g.tiles_per_block = tiles_per_block;
  g.blocks = ceil_div(g.tiles, g.tiles_per_block);
  g.histogram_groups = ceil_div(count, c.tuning.histogram_keys);
  g.copy_groups = ceil_div(count, c.copy_elements);
  g.scan_groups = g.blocks <= c.serial_scan_blocks ? 1 : radix;
  // Reduce-then-scan: as many words as any count up to this one needs (blocks are not
  // monotonic in the count, but never more than the tiles or, on GPUs, RadixTuning::blocks).
  const std::uint64_t most_blocks = c.device.software ? g.tiles : std::min<std::uint64_t>(g.tiles, c.tuning.blocks);
  g.tile_state_words = radix * (c.tuning.path == RadixPath::onesweep ? g.tiles : (std::max)(g.blocks, most_blocks));
  return g;
}

/// One sort of `count` elements (sort_indirect(): its capacity) by `passes`.
struct Plan {
  std::size_t count = 0;
  Passes passes;
  Geometry geometry;
  bool onesweep = false;  // RadixPath::onesweep, else reduce-then-scan
  std::size_t tile_size = 0;
  std::size_t shape = 0;        // the index of the config it was planned in (Algorithm's shapes)
  std::vector<Kernel> kernels;  // every kernel the sort runs, each once, in the order it runs them first
  Scratch::Needs scratch{};     // needs(): the meta words, the key (and value) ping-pong, the tile state

  /// An odd number of digit passes leaves the result in the scratch: a copy brings it back.
  bool copies_back() const { return passes.count() % 2 != 0; }

  /// What the plan dispatches, for RadixSorter::plan(): nothing below 2 elements.
  RadixPlan summary() const {
    RadixPlan plan;
    if (count < 2) return plan;
    const std::size_t digit_passes = passes.count();
    plan.digit_passes = digit_passes;
    plan.memory_passes = digit_passes + (copies_back() ? 1 : 0);
    plan.dispatches = 1 + (onesweep ? 1 + digit_passes : 3 * digit_passes) + (copies_back() ? 1 : 0);
    plan.tile_size = tile_size;
    return plan;
  }
};

/// The scratch of a sort of `count` elements of `geometry` in config `c`: the meta words, the
/// other half of the key (and value) ping-pong, the tile state.
inline Scratch::Needs needs(std::uint64_t count, const Geometry& geometry, const Config& c) {
  Scratch::Needs n{};
  n[static_cast<std::size_t>(ScratchSlot::meta)] = GPUSORT_RADIX_META_WORDS * 4ull;
  n[static_cast<std::size_t>(ScratchSlot::keys)] = count * c.elements.key_bytes;
  n[static_cast<std::size_t>(ScratchSlot::values)] = count * c.elements.value_bytes;
  n[static_cast<std::size_t>(ScratchSlot::tile_state)] = geometry.tile_state_words * 4;
  return n;
}

/// Plans a sort of `count` elements by `passes` in config `c` into `plan`, whose storage it
/// reuses.
inline void make_plan(Plan& plan, std::size_t count, const Passes& passes, const Config& c) {
  plan.count = count;
  plan.passes = passes;
  plan.geometry = geometry(c, count);
  plan.onesweep = c.tuning.path == RadixPath::onesweep;
  plan.tile_size = c.tile_size;
  plan.shape = 0;
  plan.kernels.assign({Kernel::init});
  if (plan.onesweep) {
    plan.kernels.insert(plan.kernels.end(), {Kernel::histogram, Kernel::onesweep});
  } else {
    plan.kernels.insert(plan.kernels.end(), {Kernel::upsweep, Kernel::scan, Kernel::downsweep});
  }
  if (plan.copies_back()) plan.kernels.push_back(Kernel::copy);
  plan.scratch = needs(count, plan.geometry, c);
}

inline Plan make_plan(std::size_t count, const Passes& passes, const Config& c) {
  Plan plan;
  make_plan(plan, count, passes, c);
  return plan;
}

/// Fails where `plan` needs more workgroups than one dispatch of config `c` takes.
inline Status check_dispatch_limits(const Plan& plan, const Config& c) {
  const Geometry& g = plan.geometry;
  for (std::uint64_t groups : {g.tiles, g.blocks, g.histogram_groups, g.copy_groups}) {
    if (Status status = check_workgroups(groups, c.dispatch_limits(), plan.count,
                                         "RadixTuning::max_workgroups_x or keys_per_invocation");
        !status)
      return status;
  }
  return {};
}

/// The index in `shapes` (ascending min_count, the first 0) of the one that sorts `count` elements.
inline std::size_t shape_index(const std::vector<SizedConfig>& shapes, std::size_t count) {
  std::size_t i = 0;
  while (i + 1 < shapes.size() && shapes[i + 1].min_count <= count) ++i;
  return i;
}

/// Plans `job` (job.count elements, sort_indirect(): its capacity, by job.bits, which the front
/// end checked: SortJob::bits) into `plan`, on the CPU only, in the shape of `shapes` that sorts
/// job.count elements. Fails for a sort the dispatch limits refuse; `plan` is whole then too (its
/// scratch sizes reserve() and scratch_bytes()). Every kind of job (stable, indices, indirect)
/// plans the same: every radix sort is stable, and the run reads the kind.
inline Status plan_job(const std::vector<SizedConfig>& shapes, const SortJob& job, Plan& plan) {
  const std::size_t shape = shape_index(shapes, job.count);
  const Config& c = shapes[shape].config;
  make_plan(plan, job.count, passes_by(job.bits, c.elements, c.tuning.digit_bits), c);
  plan.shape = shape;
  return check_dispatch_limits(plan, c);
}

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
