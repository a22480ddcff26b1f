#pragma once
// plan_job(): everything one bitonic sort does, computed on the CPU once per call from its count
// and kind: the passes (detail::for_each_pass), the workgroups of each, the program each runs,
// the passes that run fused in one dispatch, the other programs it builds and the scratch it
// needs. The run (run.hpp), BitonicSorter::plan(), prepare(), reserve() and scratch_bytes()
// read the plan; nothing re-derives it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../../bitonic_tuning.hpp"
#include "../gl/dispatch.hpp"
#include "../job/sort_job.hpp"
#include "../shader_interface.hpp"
#include "../status.hpp"
#include "config.hpp"
#include "network.hpp"
#include "programs.hpp"
#include "scratch.hpp"

namespace gpusort {
namespace detail {
namespace bitonic {

/// One pass of a plan: what it runs, its workgroups, its program (an index into
/// SortPlan::programs) and, for a tile program, its mode.
struct PlannedPass {
  Pass pass;
  std::uint64_t groups = 0;
  std::size_t program = 0;
  GLuint tile_mode = 0;  // the tile kernel's u_mode (FusedTable::tile_mode(); global passes: unused)
};

/// The passes of one fused dispatch, as the tile kernel's uniforms take them
/// (shaders/bitonic/tile_kernel.comp, fused_main()).
struct FusedTable {
  GLuint passes[4 * GPUSORT_BITONIC_FUSED_MAX_PASSES] = {};  // u_fused_pass
  GLuint first_item[GPUSORT_BITONIC_FUSED_MAX_PASSES] = {};  // u_fused_first_item
  std::size_t count = 0;
  GLuint items = 0;  // tiles of every pass
  GLuint steps = 0;
  Pass last_pass{};

  void add(const Pass& pass, std::uint64_t tiles) {
    const GLuint mode = tile_mode(pass);
    const bool window = mode == GPUSORT_BITONIC_TILE_WINDOW;
    GLuint* entry = passes + 4 * count;
    entry[0] = fused_pass_code(mode, window && pass.flip, window ? pass.pre : 0u);
    entry[1] = pass.stage;
    entry[2] = pass.p_hi;
    entry[3] = pass.p_lo;
    first_item[count] = items;
    last_pass = pass;
    ++count;
    items += static_cast<GLuint>(tiles);
    steps += pass.steps;
  }

  /// Entries past the last pass start at no item.
  void close() {
    for (std::size_t p = count; p < GPUSORT_BITONIC_FUSED_MAX_PASSES; ++p)
      first_item[p] = GPUSORT_BITONIC_FUSED_NO_ITEM;
  }

  /// The tile kernel's mode (u_mode) for a pass of a tile program.
  static GLuint tile_mode(const Pass& pass) {
    switch (pass.kind) {
      case Pass::Kind::window_steps:
        return GPUSORT_BITONIC_TILE_WINDOW;
      case Pass::Kind::local_disperse:
        return GPUSORT_BITONIC_TILE_LOCAL_DISPERSE;
      default:
        return GPUSORT_BITONIC_TILE_LOCAL_SORT;  // local_sort, single_tile_sort
    }
  }
};

/// The passes [0, end) of a plan that run in one fused dispatch
/// (BitonicTuning::fused_passes_max_count); empty (end == 0) where none do.
struct FusedDispatch {
  std::size_t end = 0;
  std::uint32_t per_unit = 0;       // workgroups a compute unit may hold (1 or 2; 0: any)
  std::uint32_t reserve_words = 0;  // Config::fused_reserve_words(per_unit, tile)
  std::size_t program = 0;
  FusedTable table;

  std::size_t size() const { return end; }
  bool contains(std::size_t pass) const { return pass < end; }
};

struct SortPlan {
  std::size_t count = 0;
  bool fused_tile = false;  // the passes run in BitonicTuning::fused_tile_size tiles
  std::vector<PlannedPass> passes;
  FusedDispatch fused;
  std::vector<ProgramKey> programs;  // every program the passes run, each once
  // What plan_job() adds for the job's kind:
  bool stable_set = false;   // stable sorts, sort_indices(): the main tile and global programs that break ties
  bool permute = false;      // the permute kernel: stable sorts, sort_indices(), zeroing fused passes' counters
  bool planner = false;      // sort_indirect(): the GPU-side planner (arguments_program())
  Scratch::Needs scratch{};  // needs()

  /// What the plan dispatches, for BitonicSorter::plan().
  BitonicPlan summary() const {
    BitonicPlan plan;
    plan.memory_passes = passes.size();
    plan.dispatches = passes.size() - (fused.size() != 0 ? fused.size() - 1 : 0);
    for (const PlannedPass& p : passes) plan.network_steps += p.pass.steps;
    return plan;
  }
};

/// Workgroups a pass needs for `count` (at most 2^31) elements in `tiles`: the formulas of
/// detail/shader_interface/bitonic.hpp, which the kernels and dispatch_args.comp use too.
inline std::uint64_t pass_groups(const Pass& pass, std::size_t count, const Geometry& tiles, const Config& c) {
  const auto n = static_cast<std::uint32_t>(count);
  switch (pass.kind) {
    case Pass::Kind::single_tile_sort:
      return 1;
    case Pass::Kind::window_steps:
      return window_pass_groups(n, pass.stage, tiles.tile_log2);
    case Pass::Kind::global_steps:
      return global_pass_groups(n, pass.stage, c.global_log2, c.lanes_log2, c.tuning.global_group_size);
    default:
      return tile_pass_groups(n, tiles.tile_log2);
  }
}

/// A count above the tile but at most BitonicTuning::single_dispatch_tile: one single-tile dispatch.
inline bool uses_single_tile(std::size_t count, const Config& c) {
  const std::uint32_t stages = ceil_log2(count);
  return stages > c.tiles.tile_log2 && stages <= c.tiles.single_tile_log2;
}

/// The tile passes take the wide-chunk program (BitonicTuning::wide_chunk_min_count); a
/// single-dispatch tile sort never does.
inline bool uses_wide_program(std::size_t count, const Config& c) {
  const std::uint32_t min_count = c.tuning.wide_chunk_min_count;
  return min_count != BitonicTuning::never && count >= min_count && ceil_log2(count) > c.tiles.single_tile_log2;
}

/// The passes that fuse in a sort of `count` in tiles of c.geometry(fused_tile), given its
/// passes in those tiles: only tile passes, at least 2 and at most GPUSORT_BITONIC_FUSED_MAX_PASSES.
inline FusedDispatch fused_passes(const std::vector<PlannedPass>& passes, std::size_t count, const Config& c,
                                  bool fused_tile) {
  const BitonicTuning& t = c.tuning;
  if (t.fused_passes_max_count == BitonicTuning::never || count > t.fused_passes_max_count ||
      uses_wide_program(count, c))
    return FusedDispatch{};
  FusedDispatch fused;
  fused.end = passes.size();
  bool register_passes = false;
  std::uint64_t items = 0;   // a workgroup each
  std::uint64_t widest = 0;  // the most tiles one pass has
  for (std::size_t i = 0; i < passes.size(); ++i) {
    register_passes = register_passes || passes[i].pass.kind == Pass::Kind::global_steps;
    items += passes[i].groups;
    widest = (std::max)(widest, passes[i].groups);
  }
  if (register_passes || fused.size() < 2 || fused.size() > GPUSORT_BITONIC_FUSED_MAX_PASSES ||
      items > c.dispatch_limits().capacity() || items > 0xFFFFFFFFu)
    return FusedDispatch{};
  // A pass ends with its slowest tile, and a tile sharing its compute unit with another of
  // the same pass takes longer: once the workgroups outnumber the units (before that each
  // has one of its own), let only as many share a unit as the widest pass needs, if that is
  // 1 or 2.
  const std::uint32_t tile_size = c.geometry(fused_tile).tile_size;
  const std::uint32_t units = c.device.compute_units;
  const std::uint64_t per_unit = units != 0 ? (widest + units - 1) / units : 0;
  if (items > units && per_unit <= 2 &&
      c.fused_reserve_words(static_cast<std::uint32_t>(per_unit), tile_size) != 0)
    fused.per_unit = static_cast<std::uint32_t>(per_unit);
  fused.reserve_words = c.fused_reserve_words(fused.per_unit, tile_size);
  for (std::size_t i = 0; i < fused.end; ++i) fused.table.add(passes[i].pass, passes[i].groups);
  fused.table.close();
  return fused;
}

/// The passes of a sort of `count` in `tiles`, with their workgroups.
inline void walk_passes(std::vector<PlannedPass>& passes, std::size_t count, const Config& c, bool merge_stages,
                        const Geometry& tiles) {
  passes.clear();
  append_passes(count, c.schedule(merge_stages, tiles), passes);
  for (PlannedPass& planned : passes) {
    planned.groups = pass_groups(planned.pass, count, tiles, c);
    planned.tile_mode = FusedTable::tile_mode(planned.pass);
  }
}

inline std::size_t program_index(SortPlan& plan, const ProgramKey& key) {
  for (std::size_t i = 0; i < plan.programs.size(); ++i) {
    if (plan.programs[i] == key) return i;
  }
  plan.programs.push_back(key);
  return plan.programs.size() - 1;
}

/// The program of every pass: the single tile, the global program for register passes, the
/// wide or main tile program for the other tile passes; the fused program for the passes
/// that fuse.
inline void assign_programs(SortPlan& plan, const Config& c, bool stable) {
  plan.programs.clear();
  const ProgramKey tile_passes = uses_wide_program(plan.count, c) ? wide_program(c, stable) : local_program(c, stable);
  for (std::size_t i = 0; i < plan.passes.size(); ++i) {
    PlannedPass& p = plan.passes[i];
    if (plan.fused.contains(i)) {
      p.program = program_index(
          plan, fused_program(c, stable, c.geometry(plan.fused_tile).tile_size, plan.fused.reserve_words));
      plan.fused.program = p.program;
    } else if (p.pass.kind == Pass::Kind::global_steps) {
      p.program = program_index(plan, global_program(stable));
    } else if (p.pass.kind == Pass::Kind::single_tile_sort) {
      p.program = program_index(plan, single_tile_program(c, stable));
    } else {
      p.program = program_index(plan, tile_passes);
    }
  }
}

/// Plans a sort of `count` elements into `plan` (whose storage it reuses). `direct`: the
/// CPU knows the count (not sort_indirect(), which plans its capacity stage by stage, like
/// its GPU-side planner, and never fuses). `stable`: the programs break ties by value.
/// Fused sorts that leave compute units idle run in BitonicTuning::fused_tile_size tiles: sorts of
/// more than 4 and at most compute_units such tiles whose passes fuse in them.
inline void make_plan(SortPlan& plan, std::size_t count, const Config& c, bool direct, bool stable) {
  const bool merge_stages = direct && c.tuning.merge_stages;
  const std::uint64_t fused_tile = c.tuning.fused_tile_size;
  plan.count = count;
  plan.fused_tile = false;
  plan.fused = FusedDispatch{};
  if (direct && fused_tile < c.tuning.tile_size && count > 4 * fused_tile &&
      count <= fused_tile * c.device.compute_units && !uses_single_tile(count, c)) {
    walk_passes(plan.passes, count, c, merge_stages, c.fused_tiles);
    plan.fused = fused_passes(plan.passes, count, c, true);
    plan.fused_tile = plan.fused.size() != 0;
  }
  if (!plan.fused_tile) {
    walk_passes(plan.passes, count, c, merge_stages, c.tiles);
    if (direct) plan.fused = fused_passes(plan.passes, count, c, false);
  }
  assign_programs(plan, c, stable);
}

inline SortPlan make_plan(std::size_t count, const Config& c, bool direct, bool stable) {
  SortPlan plan;
  make_plan(plan, count, c, direct, stable);
  return plan;
}

/// The bytes of sort_indirect()'s arguments for `passes` passes.
inline std::uint64_t indirect_arguments_bytes(std::size_t passes) {
  return std::uint64_t{passes} * GPUSORT_BITONIC_ARGUMENTS_WORDS_PER_PASS * sizeof(GLuint);
}

/// The fused passes' counters: tickets and finished tiles (ScratchSlot::pass_sync).
constexpr std::uint64_t pass_sync_bytes = 2 * sizeof(GLuint);

/// Whether the tuning lets any sort fuse passes (BitonicTuning::fused_passes_max_count).
inline bool can_fuse(const Config& c) { return c.tuning.fused_passes_max_count != BitonicTuning::never; }

/// The scratch of `job` (a sort of job.count of `passes` passes): the fused passes' counters
/// first, where the tuning may fuse, so that they stay in place in a caller's range.
inline Scratch::Needs needs(const Config& c, const SortJob& job, std::size_t passes) {
  Scratch::Needs n{};
  if (job.count < 2) return n;
  if (can_fuse(c)) n[static_cast<std::size_t>(ScratchSlot::pass_sync)] = pass_sync_bytes;
  if (job.indirect()) n[static_cast<std::size_t>(ScratchSlot::indirect_arguments)] = indirect_arguments_bytes(passes);
  if (job.kind == JobKind::stable && c.elements.has_values()) {
    const std::uint64_t words = std::uint64_t{job.count} * sizeof(std::uint32_t);
    n[static_cast<std::size_t>(ScratchSlot::stable_indices)] = words;
    n[static_cast<std::size_t>(ScratchSlot::gathered_values)] = words;
  }
  return n;
}

/// Fails unless every dispatch a sort of `count` elements may take (the permute kernel's
/// among them) fits the work group count limits, so that a sort never stops half way.
inline Status check_dispatch_limits(std::size_t count, const Config& c) {
  const std::uint32_t permute_group_size = c.permute_group_size();
  const BitonicTuning& t = c.tuning;
  const std::uint64_t padded = std::uint64_t{1} << ceil_log2(count);
  // Window passes cover whole 2^k blocks: up to padded / tile_size workgroups.
  const std::uint64_t tiles = (padded + t.tile_size - 1) / t.tile_size;
  const std::uint64_t global_groups =
      (padded / t.global_elements / t.global_vector_width + t.global_group_size - 1) / t.global_group_size;
  const std::uint64_t permute_groups = (std::uint64_t{count} + permute_group_size - 1) / permute_group_size;
  return check_workgroups((std::max)({tiles, global_groups, permute_groups}), c.dispatch_limits(), count,
                          "BitonicTuning::max_workgroups_x");
}

/// Plans `job` (job.count elements, sort_indirect(): its capacity) into `plan`, whose storage
/// it reuses, on the CPU only: its passes, every program it builds (stable sorts and
/// sort_indices() keep the order, so they break ties by index; the permute kernel also zeroes
/// the counters of fused passes) and its scratch. Fails where a dispatch the sort may take is
/// over the dispatch limits (the permute kernel's among them); `plan` is whole then too (its
/// scratch sizes reserve() and scratch_bytes()).
inline Status plan_job(const Config& c, const SortJob& job, SortPlan& plan) {
  const bool direct = !job.indirect();
  const bool keeps_order = direct && job.keeps_order();
  make_plan(plan, job.count, c, direct, keeps_order);
  plan.stable_set = keeps_order;
  plan.permute = keeps_order || plan.fused.size() != 0;
  plan.planner = job.indirect() && job.count >= 2;
  plan.scratch = needs(c, job, plan.passes.size());
  return check_dispatch_limits(job.count, c);
}

}  // namespace bitonic
}  // namespace detail
}  // namespace gpusort
