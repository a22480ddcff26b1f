#pragma once
// The radix sort as the front end (detail/front_end/front_end.hpp) calls it: its resolved
// tuning (tuning.hpp), one config and program set per tile shape where the defaults change the
// shape with the sort's size (defaults.hpp min_count), a plan per call (plan.hpp), its programs
// (programs.hpp), its scratch by name (scratch.hpp), and the run of a plan (run.hpp).
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
#include "../front_end/sort_job.hpp"
#include "../front_end/validation.hpp"
#include "../gl/dispatch.hpp"
#include "../gl/scratch.hpp"
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
  /// Resolves `tuning` for `device` and `elements` (fails where the device lacks what the
  /// radix kernels need, device_need()), and builds the programs a sort of all the key's bits
  /// runs below the first size threshold (make_configs(): the shapes of larger sorts are built
  /// by reserve(), prepare(), or the first sort that needs them).
  Status init(const DeviceLimits& device, const RadixTuning& tuning, ProgramCache* cache, const Elements& elements) {
    std::vector<SizedConfig> configs;
    if (Status status = make_configs(tuning, device, elements, configs); !status) return status;
    shapes_.clear();
    for (SizedConfig& sized : configs) shapes_.push_back(Shape{sized.min_count, std::move(sized.config), Programs(cache)});
    scratch_.use_immutable_storage(device.major > 4 || (device.major == 4 && device.minor >= 4));
    if (Status status = build_all_bits(shapes_.front(), 2); !status) return status;
    probe_program_ = shapes_.front().programs.get(Kernel::init).name();
    return {};
  }

  const DeviceLimits& limits() const { return config().device; }
  /// The config of sorts below every size threshold (RadixSorter::tuning(), tile_size()).
  const Config& config() const { return shapes_.front().config; }
  GLuint probe_program() const { return probe_program_; }

  /// GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size (and over Onesweep's status words per
  /// tile, of the shape that sorts that many), and below 2^30 (30-bit status counts).
  CountLimit count_limit() const {
    std::uint64_t most = 0;
    for (std::size_t i = 0; i < shapes_.size(); ++i) {
      const Config& c = shapes_[i].config;
      const std::uint64_t block = c.device.max_storage_block_bytes;
      const std::uint64_t by_status = block / (std::uint64_t{4} << c.tuning.digit_bits) * c.tile_size;
      most = std::min({block / c.elements.key_bytes, by_status, (std::uint64_t{1} << 30) - 1});
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
    Passes by;
    if (Status status = passes(job.bits, by); !status) return status;
    Shape& shape = shape_for(job.count);
    shape_ = &shape;
    const Config& c = shape.config;
    plan_ = make_plan(job.count, by, c);
    const DispatchLimits limits = dispatch_limits(c);
    const Geometry& g = plan_.geometry;
    for (std::uint64_t groups : {g.tiles, g.blocks, g.histogram_groups, g.copy_groups}) {
      if (Status status = check_workgroups(groups, limits, plan_.count,
                                           "RadixTuning::max_workgroups_x or keys_per_invocation");
          !status)
        return status;
    }
    if (Status status = shape.programs.build(plan_.kernels(), c); !status) return status;
    return scratch_.place(needs(plan_, c), c.device.storage_offset_alignment);
  }

  void run(const SortJob& job) {
    const IndirectCount indirect{job.count_buffer, job.count_offset};
    runner_.run(plan_, job.buffers, job.order, job.indices, job.indirect ? &indirect : nullptr, shape_->config,
                shape_->programs, scratch_);
  }

  /// The programs a sort of job.count elements by job.bits runs (the constructor built those of
  /// every sort of all the key's bits below the first size threshold; a BitRange of an odd
  /// number of passes adds the copy). Every radix sort is stable, and sort_indirect() runs the
  /// same programs.
  Status prepare(const SortJob& job) {
    Passes by;
    if (Status status = passes(job.bits, by); !status) return status;
    Shape& shape = shape_for(job.count);
    return shape.programs.build(make_plan(job.count, by, shape.config).kernels(), shape.config);
  }

  /// The scratch of every sort of up to `capacity` elements (sort_indirect() included), and the
  /// programs of every shape such a sort of all the key's bits runs; nothing else after
  /// use_scratch().
  Status reserve(std::size_t capacity) {
    for (Shape& shape : shapes_) {
      if (shape.min_count > capacity) break;
      if (Status status = build_all_bits(shape, std::max<std::size_t>(2, shape.min_count)); !status) return status;
    }
    if (scratch_.in_caller_range()) return Status();
    // The sorter's own scratch has a buffer per slot: each as large as any sort needs it.
    Scratch::Needs most{};
    for (const Scratch::Needs& n : largest_needs(capacity)) {
      for (std::size_t slot = 0; slot < most.size(); ++slot) most[slot] = std::max(most[slot], n[slot]);
    }
    return scratch_.place(most, limits().storage_offset_alignment);
  }

  /// A caller's range for every sort of up to `capacity` (>= 1) elements, stable or not (every
  /// radix sort is): what the sort that needs the most uses, the largest count of one of its
  /// shapes (below a size threshold the tiles are smaller, and may need more tile state than a
  /// larger count above it).
  std::uint64_t scratch_bytes(std::size_t capacity, bool /*stable*/) const {
    std::uint64_t most = 0;
    for (const Scratch::Needs& n : largest_needs(capacity)) {
      std::uint64_t bytes = 0;
      Scratch::range_bytes(n, limits().storage_offset_alignment, bytes);
      most = std::max(most, bytes);
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

  const Shape& shape_for(std::size_t count) const {
    std::size_t i = 0;
    while (i + 1 < shapes_.size() && shapes_[i + 1].min_count <= count) ++i;
    return shapes_[i];
  }
  Shape& shape_for(std::size_t count) {
    return const_cast<Shape&>(static_cast<const Algorithm&>(*this).shape_for(count));
  }

  /// Builds the programs `shape` runs for a sort of `count` elements by all the key's bits.
  Status build_all_bits(Shape& shape, std::size_t count) {
    Passes all;
    if (Status status = passes(BitRange{}, all); !status) return status;
    return shape.programs.build(make_plan(count, all, shape.config).kernels(), shape.config);
  }

  /// The scratch of the largest sort of up to `capacity` elements in each shape such a sort
  /// runs, by all the key's bits (the scratch does not depend on the bits): within a shape no
  /// smaller count needs more.
  std::vector<Scratch::Needs> largest_needs(std::size_t capacity) const {
    Passes all;
    (void)passes(BitRange{}, all);  // BitRange{}: every key has all its bits
    std::vector<Scratch::Needs> needs_of_shapes;
    for (std::size_t i = 0; i < shapes_.size() && shapes_[i].min_count <= capacity; ++i) {
      const std::size_t largest = i + 1 < shapes_.size() ? std::min(capacity, shapes_[i + 1].min_count - 1) : capacity;
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
    if (c.elements.has_values) n[static_cast<std::size_t>(ScratchSlot::values)] = count * Elements::value_bytes;
    n[static_cast<std::size_t>(ScratchSlot::tile_state)] = plan.geometry.tile_state_words * 4;
    return n;
  }

  std::vector<Shape> shapes_;  // ascending min_count, the first 0 (make_configs())
  GLuint probe_program_ = 0;   // the init kernel
  Scratch scratch_;
  Runner runner_;
  Plan plan_;                    // the current call's plan
  const Shape* shape_ = nullptr;  // and its shape (ready())
};

}  // namespace radix
}  // namespace detail
}  // namespace gpusort
