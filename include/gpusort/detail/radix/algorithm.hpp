#pragma once
// The radix sort as the front end (detail/front_end/front_end.hpp) calls it: its resolved
// tuning (tuning.hpp), one config and program set per tile shape where the defaults change the
// shape with the sort's size (defaults.hpp min_count), a plan per call (plan.hpp), its programs
// (programs.hpp) with the subgroup check of their tile programs (detail/gl/subgroup_check.hpp),
// its scratch by name (scratch.hpp), and the run of a plan (run.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../pass_observer.hpp"
#include "../../program_cache.hpp"
#include "../../radix_tuning.hpp"
#include "../device/limits.hpp"
#include "../gl/dispatch.hpp"
#include "../gl/scratch.hpp"
#include "../job/count_limit.hpp"
#include "../job/sort_job.hpp"
#include "../status.hpp"
#include "config.hpp"
#include "plan.hpp"
#include "programs.hpp"
#include "run.hpp"
#include "scratch.hpp"
#include "tuning.hpp"

namespace gpusort {
namespace detail {
namespace radix {

class Algorithm {
 public:
  /// Sorts by a BitRange (job.bits); its scratch is the same whatever the bits.
  static constexpr bool takes_bit_ranges = true;

  /// Resolves `tuning` for `device` and `elements` (fails where the device lacks what the
  /// radix kernels need, device_need()), and builds the programs a sort of all the key's bits
  /// runs below the first size threshold, the tile program among them, so that its subgroup
  /// check runs here (make_configs(): the shapes of larger sorts are built by reserve(),
  /// prepare(), or the first sort that needs them).
  Status init(const DeviceLimits& device, const RadixTuning& tuning, ProgramCache* cache, const Elements& elements) {
    asked_ = tuning;
    cache_ = cache;
    std::vector<SizedConfig> configs;
    if (Status status = make_configs(tuning, device, elements, configs); !status) return status;
    shapes_.clear();
    for (SizedConfig& sized : configs) shapes_.push_back(Shape{sized.min_count, std::move(sized.config), Programs(cache)});
    scratch_.use_immutable_storage(device.major > 4 || (device.major == 4 && device.minor >= 4));
    bool replanned = false;
    if (Status status = build_all_bits(0, 2, replanned); !status) return status;
    probe_program_ = shapes_.front().programs.get(Kernel::init).name();
    return {};
  }

  const DeviceLimits& limits() const { return config().device; }
  /// The config of sorts below every size threshold (RadixSorter::tuning(), tile_size()).
  const Config& config() const { return shapes_.front().config; }
  GLuint probe_program() const { return probe_program_; }
  SubgroupCheck subgroup_check() const { return checker_.counts(); }

  /// GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size (and over Onesweep's status words per
  /// tile, of the shape that sorts that many), and below 2^30 (30-bit status counts).
  CountLimit count_limit() const {
    std::uint64_t most = 0;
    for (std::size_t i = 0; i < shapes_.size(); ++i) {
      const Config& c = shapes_[i].config;
      const std::uint64_t block = c.device.max_storage_block_bytes;
      const std::uint64_t by_status = block / (std::uint64_t{4} << c.tuning.digit_bits) * c.tile_size;
      most = (std::min)({block / c.elements.key_bytes, by_status, (std::uint64_t{1} << 30) - 1});
      // A shape that cannot sort up to the next one's threshold ends the counts.
      if (i + 1 == shapes_.size() || most + 1 < shapes_[i + 1].min_count) break;
    }
    return CountLimit{static_cast<std::size_t>(most), "below 2^30"};
  }

  void set_observer(RadixPassObserver observer) { runner_.set_observer(std::move(observer)); }

  /// The digit passes of a sort by `bits`, into `passes`; fails for a BitRange the keys do not
  /// have (every shape has the same digit_bits, make_configs()).
  Status passes(BitRange bits, Passes& passes) const {
    return passes_of(bits, config().elements, config().tuning.digit_bits, passes);
  }

  /// Plans `job` (by job.bits), checks its dispatch limits, builds what it lacks and places its
  /// scratch; writes nothing.
  Status ready(const SortJob& job) {
    bool replanned = true;
    // Twice at most: a mismatched subgroup size re-plans every shape for the shared-memory
    // ranking, whose programs have no subgroup size to check.
    for (int attempt = 0; replanned && attempt < 2; ++attempt) {
      Passes by;
      if (Status status = passes(job.bits, by); !status) return status;
      const std::size_t shape = shape_index(job.count);
      plan_ = make_plan(job.count, by, shapes_[shape].config);
      if (Status status = check_dispatch_limits(plan_, shapes_[shape].config); !status) return status;
      if (Status status = build(shape, plan_.kernels(), replanned); !status) return status;
    }
    shape_ = &shapes_[shape_index(job.count)];
    return scratch_.place(needs(plan_, shape_->config), shape_->config.device.storage_offset_alignment);
  }

  void run(const SortJob& job) {
    const IndirectCount indirect{job.count_buffer, job.count_offset};
    runner_.run(plan_, job.buffers, job.order, job.kind == JobKind::indices, job.indirect() ? &indirect : nullptr, shape_->config,
                shape_->programs, scratch_);
  }

  /// The programs a sort of job.count elements by job.bits runs (the constructor built those of
  /// every sort of all the key's bits below the first size threshold; a BitRange of an odd
  /// number of passes adds the copy). Every radix sort is stable, and sort_indirect() runs the
  /// same programs.
  Status prepare(const SortJob& job) {
    bool replanned = true;
    for (int attempt = 0; replanned && attempt < 2; ++attempt) {  // as in ready()
      Passes by;
      if (Status status = passes(job.bits, by); !status) return status;
      const std::size_t shape = shape_index(job.count);
      if (Status status = build(shape, make_plan(job.count, by, shapes_[shape].config).kernels(), replanned); !status)
        return status;
    }
    return {};
  }

  /// The scratch of every sort of up to `capacity` elements (sort_indirect() included), and the
  /// programs of every shape such a sort of all the key's bits runs; nothing else after
  /// use_scratch().
  Status reserve(std::size_t capacity, bool /*by_bits*/ = false) {
    for (std::size_t shape = 0; shape < shapes_.size() && shapes_[shape].min_count <= capacity; ++shape) {
      bool replanned = false;
      if (Status status = build_all_bits(shape, std::max<std::size_t>(2, shapes_[shape].min_count), replanned); !status)
        return status;
      if (replanned) shape = static_cast<std::size_t>(-1);  // the shared-memory shapes, from the first (once)
    }
    if (scratch_.in_caller_range()) return Status();
    // The sorter's own scratch has a buffer per slot: each as large as any sort needs it.
    Scratch::Needs most{};
    for (const Scratch::Needs& n : largest_needs(capacity)) {
      for (std::size_t slot = 0; slot < most.size(); ++slot) most[slot] = (std::max)(most[slot], n[slot]);
    }
    return scratch_.place(most, limits().storage_offset_alignment);
  }

  /// A caller's range for every sort of up to `capacity` (>= 1) elements, stable or not (every
  /// radix sort is): what the sort that needs the most uses, the largest count of one of its
  /// shapes (below a size threshold the tiles are smaller, and may need more tile state than a
  /// larger count above it).
  std::uint64_t scratch_bytes(std::size_t capacity, bool /*stable*/, bool /*by_bits*/ = false) const {
    std::uint64_t most = 0;
    for (const Scratch::Needs& n : largest_needs(capacity)) {
      std::uint64_t bytes = 0;
      Scratch::range_bytes(n, limits().storage_offset_alignment, bytes);
      most = (std::max)(most, bytes);
    }
    return most;
  }

  void use_scratch(const BufferSlice& range, std::uint64_t range_start) { scratch_.use_range(range, range_start); }
  void release_scratch() { scratch_.release(); }

  /// What a sort of `count` by `passes` dispatches.
  RadixPlan plan(std::size_t count, const Passes& passes) const {
    return make_plan(count, passes, shape_for(count).config).summary();
  }

 private:
  /// A config and its programs, for sorts of at least min_count elements (up to the next
  /// shape's).
  struct Shape {
    std::size_t min_count = 0;
    Config config;
    Programs programs;
  };

  /// The index in shapes_ of the shape that sorts `count` elements.
  std::size_t shape_index(std::size_t count) const {
    std::size_t i = 0;
    while (i + 1 < shapes_.size() && shapes_[i + 1].min_count <= count) ++i;
    return i;
  }
  const Shape& shape_for(std::size_t count) const { return shapes_[shape_index(count)]; }

  /// Fails where `plan` needs more workgroups than one dispatch takes.
  static Status check_dispatch_limits(const Plan& plan, const Config& c) {
    const DispatchLimits limits = dispatch_limits(c);
    const Geometry& g = plan.geometry;
    for (std::uint64_t groups : {g.tiles, g.blocks, g.histogram_groups, g.copy_groups}) {
      if (Status status =
              check_workgroups(groups, limits, plan.count, "RadixTuning::max_workgroups_x or keys_per_invocation");
          !status)
        return status;
    }
    return {};
  }

  /// Builds the programs shape `shape` runs for a sort of `count` elements by all the key's bits.
  Status build_all_bits(std::size_t shape, std::size_t count, bool& replanned) {
    Passes all;
    if (Status status = passes(BitRange{}, all); !status) return status;
    return build(shape, make_plan(count, all, shapes_[shape].config).kernels(), replanned);
  }

  /// Builds what `kernels` of shape `shape` lack. Where the tile program runs with another
  /// subgroup size than it was compiled for, every shape is re-planned for the shared-memory
  /// ranking (its tile may differ, which every kernel plans with; shared_memory_shapes()):
  /// `replanned` says so then, and plans, shape indices and the kernels asked for are stale.
  Status build(std::size_t shape, const std::vector<Kernel>& kernels, bool& replanned) {
    bool holds = true;
    if (Status status = shapes_[shape].programs.build(kernels, shapes_[shape].config, checker_, holds); !status)
      return status;
    replanned = !holds;
    return holds ? Status() : shared_memory_shapes();
  }

  /// Replaces the shapes by those of the asked tuning without subgroups
  /// (RadixTuning::use_subgroups), for the same device and elements, with the programs of a sort
  /// of all the key's bits in the first (the probe program among them); the others are built
  /// when asked for. Where that fails, the shapes stay as they were, less the mismatched tile
  /// program, which the next build checks again.
  Status shared_memory_shapes() {
    RadixTuning tuning = asked_;
    tuning.use_subgroups = false;
    std::vector<SizedConfig> configs;
    if (Status status = make_configs(tuning, limits(), config().elements, configs); !status) {
      return fail("the radix tile kernel was compiled for subgroups of " + std::to_string(config().subgroup_size) +
                  " lanes but the GPU runs it with " + std::to_string(checker_.counts().mismatched_size) +
                  ", and its shared-memory ranking, which runs at any size, does not fit the tuning: " +
                  status.message());
    }
    std::vector<Shape> fresh;
    for (SizedConfig& sized : configs) {
      sized.config.withhold_every = config().withhold_every;  // planned at construction, like the rest
      fresh.push_back(Shape{sized.min_count, std::move(sized.config), Programs(cache_)});
    }
    Passes all;
    if (Status status = passes_of(BitRange{}, fresh.front().config.elements, fresh.front().config.tuning.digit_bits, all);
        !status)
      return status;
    bool holds = true;  // nothing to check without subgroups
    if (Status status = fresh.front().programs.build(make_plan(2, all, fresh.front().config).kernels(),
                                                     fresh.front().config, checker_, holds);
        !status)
      return status;
    shapes_ = std::move(fresh);
    probe_program_ = shapes_.front().programs.get(Kernel::init).name();  // the one it had is deleted
    return {};
  }

  /// The scratch of the largest sort of up to `capacity` elements in each shape such a sort
  /// runs, by all the key's bits (the scratch does not depend on the bits): within a shape no
  /// smaller count needs more.
  std::vector<Scratch::Needs> largest_needs(std::size_t capacity) const {
    Passes all;
    (void)passes(BitRange{}, all);  // BitRange{}: every key has all its bits
    std::vector<Scratch::Needs> needs_of_shapes;
    for (std::size_t i = 0; i < shapes_.size() && shapes_[i].min_count <= capacity; ++i) {
      const std::size_t largest = i + 1 < shapes_.size() ? (std::min)(capacity, shapes_[i + 1].min_count - 1) : capacity;
      needs_of_shapes.push_back(needs(make_plan(largest, all, shapes_[i].config), shapes_[i].config));
    }
    return needs_of_shapes;
  }

  /// The scratch of a sort of `plan` in config `c`: the meta words, the other half of the key
  /// (and value) ping-pong, the tile state.
  static Scratch::Needs needs(const Plan& plan, const Config& c) {
    const std::uint64_t count = plan.count;
    Scratch::Needs n{};
    n[static_cast<std::size_t>(ScratchSlot::meta)] = GPUSORT_RADIX_META_WORDS * 4ull;
    n[static_cast<std::size_t>(ScratchSlot::keys)] = count * c.elements.key_bytes;
    if (c.elements.has_values()) n[static_cast<std::size_t>(ScratchSlot::values)] = count * c.elements.value_bytes;
    n[static_cast<std::size_t>(ScratchSlot::tile_state)] = plan.geometry.tile_state_words * 4;
    return n;
  }

  RadixTuning asked_;            // the tuning as asked (shared_memory_shapes() resolves it anew)
  ProgramCache* cache_ = nullptr;  // not owned
  SubgroupChecker checker_;      // the tile programs' subgroup check, for every shape
  std::vector<Shape> shapes_;    // ascending min_count, the first 0 (make_configs())
  GLuint probe_program_ = 0;     // the init kernel
  Scratch scratch_;
  Runner runner_;
  Plan plan_;                    // the current call's plan
  const Shape* shape_ = nullptr;  // and its shape (ready())
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
