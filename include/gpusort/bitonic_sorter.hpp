#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/bitonic/config.hpp"
#include "detail/gl/readback.hpp"
#include "detail/bitonic/plan.hpp"
#include "detail/bitonic/programs.hpp"
#include "detail/bitonic/run.hpp"
#include "detail/bitonic/tuning.hpp"
#include "detail/device/limits.hpp"
#include "detail/front_end/element_layout.hpp"
#include "detail/gl/buffer.hpp"
#include "detail/gl/state.hpp"
#include "detail/bitonic/permute.hpp"
#include "detail/front_end/sort_call.hpp"
#include "detail/front_end/validation.hpp"
#include "error.hpp"
#include "key_traits.hpp"
#include "order.hpp"
#include "pass_observer.hpp"
#include "program_cache.hpp"
#include "sort_completion_barrier.hpp"
#include "bitonic_tuning.hpp"
#include "device_facts.hpp"

namespace gpusort {

template <class Key, class Value>
class Sorter;

/// Sorts keys (and a payload per key) that live in OpenGL buffers, on the GPU, with a
/// bitonic sorting network in compute shaders.
///
///   gpusort::BitonicSorter<float, std::uint32_t> sorter;      // a GL 4.3+ context is current
///   sorter.sort(depth_ssbo, index_ssbo, particle_count, gpusort::Order::descending);
///   glDrawArrays(...);                                          // reads the sorted indices
///
/// Contracts:
/// - Key: std::uint32_t, std::int32_t or float (IEEE-754 totalOrder: -NaN < -inf < ... <
///   -0.0 < +0.0 < ... < +inf < +NaN), or their 64-bit counterparts std::uint64_t,
///   std::int64_t and double (same orders; no GL_ARB_gpu_shader_int64 needed: the shaders
///   compare two 32-bit words). Value: any 4-byte trivially copyable type, carried
///   with its key. Not stable: equal keys end in the order the network leaves them,
///   which is deterministic and equal to cpu::bitonic_sort.
/// - In place. Reads and writes only elements [0, count) of each buffer, which must hold
///   at least count tightly packed elements from offset 0; any count 0 .. 2^31.
/// - Needs the context it was built in (or one sharing with it) to be current for every
///   call and for destruction.
/// - GPU-buffer sorts never wait for the GPU (no glFinish, no readback). They start with
///   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT), so shader writes to the keys just
///   before are seen, and end with glMemoryBarrier(sort_completion_barrier).
/// - GL state: the current program, the generic and indexed (0 .. 6, those the device has)
///   GL_SHADER_STORAGE_BUFFER bindings, and the GL_COPY_READ/WRITE_BUFFER and
///   GL_DISPATCH_INDIRECT_BUFFER bindings are restored; no GL error is left behind.
/// - Errors: gpusort::Error, thrown before anything is written.
template <class Key, class Value = void>
class BitonicSorter {
  static_assert(detail::supported_types<Key, Value>(), "gpusort key and value types");

 public:
  static constexpr bool has_values = !std::is_void<Value>::value;
  static constexpr std::uint32_t key_bytes = sizeof(Key);  // 4 or 8
  static constexpr std::uint32_t value_bytes = 4;
  static constexpr std::uint32_t element_bytes = key_bytes + (has_values ? value_bytes : 0u);

 private:
  static constexpr detail::ElementLayout layout_ = detail::element_layout_of<Key, Value>();

 public:

  /// Builds the programs for the current context. Throws Error without a current
  /// context, below OpenGL 4.3, for a tuning the device cannot run, or when a shader
  /// fails to compile or link (with the driver's log).
  BitonicSorter() : BitonicSorter(BitonicTuning{}) {}
  explicit BitonicSorter(const BitonicTuning& tuning) : BitonicSorter(tuning, nullptr) {}

  /// As above, and every program the sorter builds (now, or on first use: stable sorts,
  /// sort_indices, sort_indirect) is first asked of `cache` and loaded as a driver binary;
  /// programs it lacks, or whose binary the driver rejects (another driver version, a
  /// damaged entry), are compiled from source and their binaries stored in it.
  ///   gpusort::FileProgramCache cache(app_cache_directory / "gpusort-programs");
  ///   gpusort::BitonicSorter<float, std::uint32_t> sorter(gpusort::BitonicTuning{}, &cache);
  /// `cache` may be nullptr (no cache). The sorter does not own it: it must outlive the
  /// sorter, which keeps using it for programs built on first use. The cache is only
  /// consulted where the driver offers program binaries (GL_NUM_PROGRAM_BINARY_FORMATS > 0;
  /// Mesa offers none while its own shader cache is disabled). Sorting is the same either way.
  /// `device`: facts to take instead of querying them (its non-zero fields; see DeviceFacts).
  BitonicSorter(const BitonicTuning& tuning, ProgramCache* cache, const DeviceFacts& device = {})
      : BitonicSorter(tuning, cache, detail::device_limits_for(device)) {}

 private:
  template <class, class>
  friend class Sorter;
  /// Sorter's: the limits it queried once, facts applied.
  BitonicSorter(const BitonicTuning& tuning, ProgramCache* cache, const detail::DeviceLimits& device)
      : config_(make_config(tuning, device)),
        programs_(cache),
        permute_(cache, config_.tuning.extra_shader_source, config_.device,
                 config_.dispatch_limits()) {
    GLint previous_program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);  // building does not bind, but stay defensive
    // The main tile and global programs, in one batch so that the driver may compile both at
    // once; every other variant is built on the first sort that needs it.
    programs_.build({detail::bitonic::local_program(config_, false), detail::bitonic::global_program(false)}, config_);
    glUseProgram(static_cast<GLuint>(previous_program));
  }

 public:
  BitonicSorter(BitonicSorter&&) noexcept = default;
  BitonicSorter& operator=(BitonicSorter&&) noexcept = default;
  BitonicSorter(const BitonicSorter&) = delete;
  BitonicSorter& operator=(const BitonicSorter&) = delete;

  /// Sorts the first `count` keys of buffer `keys` in place.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, 0, 0, count, order);
  }

  /// Sorts the first `count` keys of `keys` in place and applies the same permutation to
  /// the first `count` values of `values` (a different buffer).
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, GLuint values, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, values, 0, count, order);
  }

  /// Key-value sort with a choice of stability: Stability::stable keeps equal keys in
  /// their input order, so the result equals std::stable_sort's (see Stability for the cost).
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, GLuint values, std::size_t count, Order order, Stability stability) {
    if (stability == Stability::stable) {
      sort_buffers_stable(keys, values, 0, count, order);
    } else {
      sort_buffers(keys, values, 0, count, order);
    }
  }

  /// Argsort, the common particle case: fills `indices` with 0 .. count-1 and sorts them by
  /// the keys in the same call (keys are sorted too). Stable: equal keys keep ascending
  /// indices. Needs Value = std::uint32_t.
  ///   sorter.sort_indices(depth, draw_order, particle_count, gpusort::Order::descending);
  template <class V = Value, std::enable_if_t<std::is_same<V, std::uint32_t>::value, int> = 0>
  void sort_indices(GLuint keys, GLuint indices, std::size_t count, Order order = Order::ascending) {
    const detail::SortCall call(config_.device, count_limit(), layout_, keys, indices, 0, count);
    if (count == 0) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    detail::bitonic::check_dispatch_limits(count, config_);
    // Every program the sort needs exists before `indices` is written: a build that throws
    // leaves the caller's data as it was.
    plan_and_build(count, true, true);
    permute_.program();
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    permute_.iota(indices, 0, count);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    runner_.run(plan_, program_names_, {keys, indices, 0, 0}, order, config_);
  }

  /// Sorts elements [first, first + count) of `keys` in place; every byte outside that
  /// range stays as it was. Any `first`: a range that does not start at
  /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is bound from the aligned offset below it
  /// (never read or written there). Ranges whose first element is not a multiple of 4
  /// use 4-byte instead of 16-byte accesses.
  ///   sorter.sort_range(keys, 1000, 500);  // sorts keys[1000 .. 1499]
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, std::size_t first, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, 0, first, count, order);
  }

  /// Key-value sort_range(): the same elements [first, first + count) of both buffers.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, GLuint values, std::size_t first, std::size_t count,
                  Order order = Order::ascending, Stability stability = Stability::unstable) {
    if (stability == Stability::stable) {
      sort_buffers_stable(keys, values, first, count, order);
    } else {
      sort_buffers(keys, values, first, count, order);
    }
  }

  /// Sorts the first min(n, capacity) keys, where n is the uint at byte `count_offset` of
  /// `count_buffer`, written by earlier GPU work (an emitter's atomic counter, a culling
  /// pass's output). The CPU never reads n: a one-invocation kernel turns it into the
  /// workgroup counts of every pass, which run with glDispatchComputeIndirect; passes that
  /// n does not need get zero workgroups. n = 0 or 1 is a no-op. `keys` must hold
  /// `capacity` elements; `count_offset` is a multiple of 4, at most 2^34 - 4 (the count's
  /// word index is 32-bit). Leaves GL_DISPATCH_INDIRECT_BUFFER as it was.
  ///   sorter.sort_indirect(depth, counter_buffer, 0, max_particles);
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_indirect(GLuint keys, GLuint count_buffer, std::size_t count_offset, std::size_t capacity,
                     Order order = Order::ascending) {
    sort_buffers_indirect(keys, 0, count_buffer, count_offset, capacity, order);
  }

  /// Key-value sort_indirect().
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_indirect(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order = Order::ascending) {
    sort_buffers_indirect(keys, values, count_buffer, count_offset, capacity, order);
  }

  /// Builds now every program that sorting `count` elements will need, instead of on that
  /// sort's first call: the constructor builds the programs most sorts use, and the rest
  /// (the single-dispatch tile, the wide-chunk program of large key-value sorts, the
  /// fused-pass program of sorts that fuse, one per tile size
  /// (BitonicTuning::fused_tile_size) and bound on workgroups per compute unit; with
  /// Stability::stable the stable set and the gather kernel that stable sorts and
  /// sort_indices() use) are built on first use, which on a cold driver cache can take far
  /// longer than a frame (bench/results/history.md).
  /// Call it at load time with the counts a frame will sort, so that no frame compiles.
  /// Sorts and dispatches nothing, changes no buffer and leaves the GL state as it was;
  /// throws Error (like sort() would) if a program does not build.
  ///   sorter.prepare(max_particles);  // at load time
  void prepare(std::size_t count, Stability stability = Stability::unstable) {
    detail::require_current_context();
    detail::check_count(count, count_limit(), config_.device);
    const bool stable = stability == Stability::stable;
    if (stable && !has_values)
      throw Error("Stability::stable is for key-value sorters; a keys-only sorter prepares with prepare(count)");
    detail::GlStateBackup backup(config_.device);
    plan_and_build(count, true, stable);
    if (stable) permute_.program();
  }

  /// prepare() for sort_indirect() with this `capacity`: its passes are planned for the
  /// capacity, and its GPU-side planner is one more program.
  void prepare_indirect(std::size_t capacity) {
    detail::require_current_context();
    detail::check_count(capacity, count_limit(), config_.device);
    detail::GlStateBackup backup(config_.device);
    plan_and_build(capacity, false, false);
    if (capacity >= 2) programs_.get(detail::bitonic::arguments_program(), config_);
  }

  /// Allocates now the scratch that GPU-buffer sorts of up to `capacity` elements use, so
  /// that none of them allocates: stable sorts' indices and gathered values (key-value
  /// sorters: 8 bytes per element), sort_indirect()'s per-pass arguments, the fused passes'
  /// two words. Unstable direct sorts need none. Builds nothing; leaves the GL state as it was.
  ///   sorter.reserve(max_particles);  // at load time, with prepare()
  void reserve(std::size_t capacity) {
    detail::require_current_context();
    detail::check_count(capacity, count_limit(), config_.device);
    if (capacity < 2) return;
    detail::GlStateBackup backup(config_.device);
    if (has_values) {
      scratch_[2].reserve(capacity * sizeof(std::uint32_t));
      scratch_[3].reserve(capacity * sizeof(std::uint32_t));
    }
    runner_.reserve(detail::bitonic::make_plan(capacity, config_, false, false).passes.size(), config_);
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (this one waits for the GPU).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    sort_host(keys.data(), static_cast<V*>(nullptr), keys.size(), order, Stability::unstable);
  }

  /// Host convenience for key-value sorts. Throws Error (changing nothing) when the
  /// vectors differ in size.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    detail::check_one_value_per_key(keys.size(), values.size());
    sort_host(keys.data(), values.data(), keys.size(), order, stability);
  }

  /// What sort() dispatches for `count` elements (sort_indirect() plans its capacity
  /// without BitonicTuning::merge_stages). Throws Error, like sort(), for a count above max_count().
  Plan plan(std::size_t count) const {
    detail::check_count(count, count_limit(), config_.device);
    return detail::bitonic::make_plan(count, config_, true, false).summary();
  }

  /// Profiling: calls `observer` just before and just after every dispatch of every later
  /// sort, with what the dispatch runs (PassInfo); an empty function removes it.
  ///   sorter.set_pass_observer([&](const gpusort::PassInfo& info) { glQueryCounter(next_query(), GL_TIMESTAMP); });
  void set_pass_observer(PassObserver observer) { runner_.set_observer(std::move(observer)); }

  /// The tuning in effect, with every derived field filled in.
  const BitonicTuning& tuning() const { return config_.tuning; }

  /// The device facts in effect: as queried, or as given to the constructor.
  DeviceFacts device_facts() const { return detail::facts_of(config_.device); }

  /// The largest count this context can sort in one call (GL_MAX_SHADER_STORAGE_BLOCK_SIZE
  /// over the key size, and 32-bit GPU indexing).
  std::size_t max_count() const { return detail::max_sort_count(config_.device, key_bytes); }

 private:
  static detail::bitonic::Config make_config(const BitonicTuning& tuning, const detail::DeviceLimits& device) {
    return detail::bitonic::make_config(detail::bitonic::resolve_tuning(tuning, device, element_bytes, key_bytes),
                                        device, layout_, KeyTraits<Key>::glsl_kind);
  }

  detail::CountLimit count_limit() const { return detail::storage_block_limit(config_.device, key_bytes); }

  /// Plans a sort of `count` elements (`direct`: the CPU knows the count) into plan_ and
  /// builds every program it runs into program_names_ (for stable sorts the stable main
  /// programs too), before anything is bound or written: a build that throws changes nothing.
  void plan_and_build(std::size_t count, bool direct, bool stable) {
    detail::bitonic::make_plan(plan_, count, config_, direct, stable);
    if (stable)
      programs_.build({detail::bitonic::local_program(config_, true), detail::bitonic::global_program(true)}, config_);
    programs_.build(plan_.programs, config_);
    program_names_.clear();
    for (const detail::bitonic::ProgramKey& key : plan_.programs) program_names_.push_back(programs_.get(key, config_));
  }

  void sort_buffers(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order) {
    const detail::SortCall call(config_.device, count_limit(), layout_, keys, values, first, count);
    run(keys, values, first, first, count, order, false);
  }

  /// Stable key-value sort: sorts (key, original index) pairs with ties broken by index,
  /// then gathers the values through the sorted indices into scratch and copies them back.
  void sort_buffers_stable(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order) {
    const detail::SortCall call(config_.device, count_limit(), layout_, keys, values, first, count);
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    detail::bitonic::check_dispatch_limits(count, config_);
    detail::sort_values_stably(permute_, scratch_[2], scratch_[3], values, first, count, [&](GLuint indices) {
      run(keys, indices, first, 0, count, order, true);
    });
    glMemoryBarrier(sort_completion_barrier);
  }

  void sort_buffers_indirect(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                             std::size_t capacity, Order order) {
    const detail::SortCall call(config_.device, count_limit(), layout_, keys, values, 0, capacity);
    detail::check_indirect_count(count_buffer, count_offset, keys, values, capacity, layout_);
    run_indirect(keys, values, count_buffer, static_cast<GLuint>(count_offset / sizeof(std::uint32_t)), capacity,
                 order);
  }

  template <class V>
  void sort_host(Key* keys, V* values, std::size_t count, Order order, Stability stability) {
    detail::require_current_context();
    detail::check_count(count, count_limit(), config_.device);
    if (count < 2) return;
    const std::size_t keys_size = count * key_bytes;
    const std::size_t values_size = count * value_bytes;
    {
      detail::GlStateBackup backup(config_.device);
      scratch_[0].reserve(keys_size, keys);
      if (has_values) scratch_[1].reserve(values_size, values);
    }
    if (stability == Stability::stable) {
      sort_buffers_stable(scratch_[0].name(), scratch_[1].name(), 0, count, order);
    } else {
      detail::GlStateBackup backup(config_.device);
      run(scratch_[0].name(), scratch_[1].name(), 0, 0, count, order, false);
    }
    detail::GlStateBackup backup(config_.device);
    detail::read_buffer(scratch_[0].name(), keys_size, keys);
    if (has_values) detail::read_buffer(scratch_[1].name(), values_size, values);
  }

  /// A direct sort of `count` elements from key_first of `keys` and value_first of `values`.
  void run(GLuint keys, GLuint values, std::size_t key_first, std::size_t value_first, std::size_t count, Order order,
           bool stable) {
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    detail::bitonic::check_dispatch_limits(count, config_);
    plan_and_build(count, true, stable);
    runner_.run(plan_, program_names_, {keys, values, key_first, value_first}, order, config_);
  }

  void run_indirect(GLuint keys, GLuint values, GLuint count_buffer, GLuint count_word, std::size_t capacity,
                    Order order) {
    if (capacity < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    detail::bitonic::check_dispatch_limits(capacity, config_);
    // Built before anything is bound or written.
    const GLuint planner = programs_.get(detail::bitonic::arguments_program(), config_);
    plan_and_build(capacity, false, false);
    runner_.run_indirect(plan_, program_names_, planner, {keys, values, 0, 0}, count_buffer, count_word, order, config_);
  }

  detail::bitonic::Config config_;  // the resolved tuning, the device, the element layout
  detail::bitonic::Programs programs_;
  detail::bitonic::Runner runner_;
  detail::WordPermute permute_;  // stable sorts and sort_indices()
  // 0, 1: host keys and values; 2, 3: stable-sort indices and gathered values.
  detail::GlBuffer scratch_[4];
  detail::bitonic::SortPlan plan_;      // the current call's plan (storage reused)
  std::vector<GLuint> program_names_;  // the names of plan_.programs
};

}  // namespace gpusort
