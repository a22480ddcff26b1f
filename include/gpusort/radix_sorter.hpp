#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/device.hpp"
#include "detail/buffer_readback.hpp"
#include "detail/dispatch.hpp"
#include "detail/element_layout.hpp"
#include "detail/gl_state.hpp"
#include "detail/radix/plan.hpp"
#include "detail/radix/run.hpp"
#include "detail/sort_call.hpp"
#include "detail/storage_binding.hpp"
#include "detail/validation.hpp"
#include "device_facts.hpp"
#include "error.hpp"
#include "key_traits.hpp"
#include "order.hpp"
#include "pass_observer.hpp"
#include "program_cache.hpp"
#include "radix_tuning.hpp"
#include "sort_completion_barrier.hpp"

namespace gpusort {

template <class Key, class Value>
class Sorter;

/// Sorts keys (and a 32-bit value per key) that live in OpenGL buffers, on the GPU, with a
/// least-significant-digit radix sort in compute shaders: Onesweep on NVIDIA, reduce-then-scan
/// elsewhere (RadixTuning::path).
///
///   gpusort::RadixSorter<float, std::uint32_t> sorter;        // a GL 4.3+ context is current
///   sorter.sort(depth_ssbo, index_ssbo, particle_count, gpusort::Order::descending);
///
/// Contracts:
/// - Key: std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double, in the
///   order of BitonicSorter (floats by IEEE-754 totalOrder: -NaN < -inf < ... < -0 < +0 < ... <
///   +inf < +NaN). Value: a 4-byte trivially copyable type, moved with its key.
/// - Stable, in both orders: the result equals std::stable_sort's (descending: stable_sort
///   with "greater"); equal keys keep their input order, values included.
/// - BitRange (unsigned keys): sort by bits [begin_bit, end_bit) only, a pass per 8 bits.
/// - In place: the result is in the caller's buffers. Reads and writes only the elements
///   sorted; any count up to max_count().
/// - GPU-buffer sorts never wait for the GPU (no glFinish, no readback); they start with
///   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT) and end with
///   glMemoryBarrier(sort_completion_barrier). sort_indirect() reads its count on the GPU.
/// - GL state: the current program, the generic and indexed (0 .. 6, those the device has)
///   GL_SHADER_STORAGE_BUFFER bindings, GL_COPY_READ/WRITE_BUFFER and GL_DISPATCH_INDIRECT_BUFFER are restored; no GL
///   error is left behind. Errors: gpusort::Error, thrown before anything is written.
/// - Scratch, owned by the sorter, grown on demand (reserve() allocates it up front), per
///   element: sizeof(Key) (the other half of the key ping-pong) + 4 with values + 4 x 2^digit_bits
///   / tile_size (Onesweep's partition status, 0.25 bytes with 4096-key tiles; reduce-then-scan
///   at most that), plus 8.2 KiB. The std::vector overloads also keep the data on the GPU
///   (sizeof(Key) + 4 per element), allocated by their first call, not by reserve().
/// - Dispatches per sort (D digit passes: 4 for 32-bit keys, 8 for 64-bit; +1 copy back when
///   D is odd): Onesweep 2 + D, reduce-then-scan 1 + 3D.
template <class Key, class Value = void>
class RadixSorter {
  static_assert(detail::supported_types<Key, Value>(), "gpusort key and value types");
  using Scratch = detail::RadixScratch;
  using Kernel = detail::RadixKernel;

 public:
  static constexpr bool has_values = !std::is_void<Value>::value;
  static constexpr std::uint32_t key_bytes = sizeof(Key);
  static constexpr std::uint32_t value_bytes = 4;

 private:
  static constexpr detail::ElementLayout layout_ = detail::element_layout_of<Key, Value>();

 public:

  /// Builds the programs for the current context. Throws Error without a current context,
  /// below OpenGL 4.3, for a tuning the device cannot run, or when a shader does not build.
  /// `cache` (not owned, may be nullptr): see BitonicSorter.
  /// `device`: facts to take instead of querying them (see DeviceFacts). Throws Error naming
  /// the limit where the device lacks what the radix kernels need (detail::radix_device_need).
  RadixSorter() : RadixSorter(RadixTuning{}) {}
  explicit RadixSorter(const RadixTuning& tuning, ProgramCache* cache = nullptr, const DeviceFacts& device = {})
      : RadixSorter(tuning, cache, detail::device_limits_for(device)) {}

  RadixSorter(RadixSorter&&) noexcept = default;
  RadixSorter& operator=(RadixSorter&&) noexcept = default;

 private:
  template <class, class>
  friend class Sorter;
  /// Sorter's: the limits it queried once, facts applied.
  RadixSorter(const RadixTuning& tuning, ProgramCache* cache, const detail::DeviceLimits& device)
      : runner_(runner_for(tuning, device, cache)) {
    std::vector<Kernel> kernels = {Kernel::init};
    if (config().tuning.path == RadixPath::onesweep) {
      kernels.insert(kernels.end(), {Kernel::histogram, Kernel::onesweep});
    } else {
      kernels.insert(kernels.end(), {Kernel::upsweep, Kernel::scan, Kernel::downsweep});
    }
    if (passes_for(BitRange{}).count() % 2 != 0) kernels.push_back(Kernel::copy);
    runner_.build(kernels);
  }

 public:

  /// Sorts the first `count` keys of buffer `keys` in place (by `bits` of them).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, std::size_t count, Order order = Order::ascending, BitRange bits = {}) {
    sort_buffers(keys, 0, 0, count, order, bits, false);
  }

  /// Sorts the first `count` keys of `keys` and moves the first `count` values of `values`
  /// (another buffer) with them.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, GLuint values, std::size_t count, Order order = Order::ascending, BitRange bits = {}) {
    sort_buffers(keys, values, 0, count, order, bits, false);
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (waits for the GPU).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    sort_host(keys.data(), static_cast<V*>(nullptr), keys.size(), order);
  }

  /// Host key-value sort; throws Error (changing nothing) when the sizes differ.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending) {
    detail::check_one_value_per_key(keys.size(), values.size());
    sort_host(keys.data(), values.data(), keys.size(), order);
  }

  /// Sorts elements [first, first + count) of `keys` in place; nothing outside changes. Any
  /// `first`: the range is bound from the aligned offset at or below it.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, std::size_t first, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, 0, first, count, order, BitRange{}, false);
  }

  /// Key-value sort_range(): elements [first, first + count) of both buffers.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, values, first, count, order, BitRange{}, false);
  }

  /// Sorts the first min(n, capacity) keys, n the uint at byte `count_offset` (a multiple of
  /// 4) of `count_buffer`, written by earlier GPU work; the CPU never reads it. `keys` must
  /// hold `capacity` keys.
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

  /// Argsort: sorts the keys and fills `indices` with the input index of each sorted key
  /// (stable: equal keys keep ascending indices). `indices` is only written.
  template <class V = Value, std::enable_if_t<std::is_same<V, std::uint32_t>::value, int> = 0>
  void sort_indices(GLuint keys, GLuint indices, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, indices, 0, count, order, BitRange{}, true);
  }

  /// Allocates now every scratch buffer GPU-buffer sorts of up to `capacity` elements use
  /// (sort_indirect() with that capacity included), so that no such sort allocates.
  void reserve(std::size_t capacity) {
    detail::require_current_context();
    detail::check_count(capacity, count_limit(), limits());
    detail::GlStateBackup backup(limits());
    if (capacity != 0) runner_.reserve(capacity);
  }

  /// The largest count one call can sort: GL_MAX_SHADER_STORAGE_BLOCK_SIZE over the key size
  /// (and over Onesweep's status words per tile), and below 2^30 (30-bit status counts).
  std::size_t max_count() const {
    const std::uint64_t block = limits().max_storage_block_bytes;
    const std::uint64_t by_status = block / (std::uint64_t{4} << config().tuning.digit_bits) * config().tile_size;
    return static_cast<std::size_t>(std::min({block / key_bytes, by_status, (std::uint64_t{1} << 30) - 1}));
  }

  /// The tuning in effect, every field resolved (path: the algorithm; use_subgroups: ballots rank, real or emulated).
  const RadixTuning& tuning() const { return config().tuning; }
  /// The device facts in effect: as queried, or as given to the constructor.
  DeviceFacts device_facts() const { return detail::facts_of(limits()); }
  /// Keys per tile: workgroup_size x keys_per_invocation.
  std::size_t tile_size() const { return config().tile_size; }
  /// Profiling: calls `observer` just before and just after every dispatch of every later
  /// sort (gpusort_radix_probe --kernels, bench/radix_probe.cpp, times each kernel this way).
  ///   sorter.set_pass_observer([&](const gpusort::RadixPassInfo& info) { glQueryCounter(next_query(), GL_TIMESTAMP); });
  void set_pass_observer(RadixPassObserver observer) { runner_.set_observer(std::move(observer)); }

 private:
  static detail::radix::Runner runner_for(const RadixTuning& tuning, const detail::DeviceLimits& limits,
                                          ProgramCache* cache) {
    const detail::RadixConfig config = detail::resolve_radix_tuning(tuning, limits, key_bytes, has_values);
    const detail::radix::Elements elements{KeyTraits<Key>::glsl_kind, key_bytes, has_values};
    return detail::radix::Runner(config, limits, elements, cache);
  }

  using Target = detail::radix::Target;
  using IndirectCount = detail::radix::IndirectCount;

  detail::RadixPasses passes_for(BitRange bits) const {
    return detail::radix_passes<Key>(bits, config().tuning.digit_bits);
  }

  const detail::RadixConfig& config() const { return runner_.config(); }
  const detail::DeviceLimits& limits() const { return runner_.limits(); }

  /// max_count(), and what bounds it.
  detail::CountLimit count_limit() const { return {max_count(), "below 2^30"}; }

  void sort_buffers(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order, BitRange bits,
                    bool iota) {
    detail::require_current_context();
    const detail::RadixPasses passes = passes_for(bits);
    const detail::SortCall call(limits(), count_limit(), layout_, keys, values, first, count,
                                iota ? "indices" : "values");
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    // sort_indices() of one element still writes its index.
    if (count >= 2 || (iota && count == 1)) runner_.run(Target{keys, values, first}, count, order, passes, iota, nullptr);
    glMemoryBarrier(sort_completion_barrier);
  }

  void sort_buffers_indirect(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                             std::size_t capacity, Order order) {
    const detail::SortCall call(limits(), count_limit(), layout_, keys, values, 0, capacity);
    detail::check_indirect_count(count_buffer, count_offset, keys, values, capacity, layout_);
    // The count may come from shader stores or an atomic counter just before.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_ATOMIC_COUNTER_BARRIER_BIT);
    const IndirectCount indirect{count_buffer, count_offset / sizeof(std::uint32_t)};
    if (capacity >= 2) runner_.run(Target{keys, values, 0}, capacity, order, passes_for(BitRange{}), false, &indirect);
    glMemoryBarrier(sort_completion_barrier);
  }

  template <class V>
  void sort_host(Key* keys, V* values, std::size_t count, Order order) {
    detail::require_current_context();
    detail::check_count(count, count_limit(), limits());
    if (count < 2) return;
    detail::GlStateBackup backup(limits());
    const std::uint64_t key_size = std::uint64_t{count} * key_bytes, value_size = std::uint64_t{count} * value_bytes;
    Target target{runner_.upload(Scratch::host_keys, keys, key_size), 0, 0};
    if (has_values) target.values = runner_.upload(Scratch::host_values, values, value_size);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    runner_.run(target, count, order, passes_for(BitRange{}), false, nullptr);
    glMemoryBarrier(sort_completion_barrier);
    detail::read_buffer(target.keys, static_cast<std::size_t>(key_size), keys);
    if (has_values) detail::read_buffer(target.values, static_cast<std::size_t>(value_size), values);
  }

  detail::radix::Runner runner_;
};

}  // namespace gpusort

