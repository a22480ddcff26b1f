#pragma once
// FrontEnd: the calls BitonicSorter, RadixSorter and Sorter share, written once. Every call is
// checked here (context, counts and ranges, the caller's buffers, sort_indirect()'s count),
// backs up and restores the caller's GL state, places the first and the last barrier, exits
// early for counts below 2, and moves host vectors to and from the GPU; the algorithm then
// gets one SortJob. An Algorithm (detail/bitonic/algorithm.hpp, detail/radix/algorithm.hpp,
// and Sorter's choice between them, detail/front_end/choice.hpp) supplies:
//   const DeviceLimits& limits() const;   the limits it plans with
//   SubgroupCheck subgroup_check() const; what the subgroup check of its programs found so far
//   CountLimit count_limit() const;       the most elements one call takes, and what bounds it
//   void run(const SortJob& job);         a checked job of count >= 2 (sort_indices(): >= 1).
//       It builds, allocates and checks its dispatch limits before its first write, and places
//       the barriers between its own dispatches; the front end places the first and the last.
//   void prepare(std::size_t count, bool stable, bool indirect);  builds what that sort needs
//   void reserve(std::size_t capacity);   allocates what sorts of up to capacity (>= 1) need
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../device_facts.hpp"
#include "../../error.hpp"
#include "../../key_traits.hpp"
#include "../../order.hpp"
#include "../../sort_completion_barrier.hpp"
#include "../device/limits.hpp"
#include "../gl/readback.hpp"
#include "../gl/scratch.hpp"
#include "../gl/state.hpp"
#include "element_layout.hpp"
#include "sort_call.hpp"
#include "sort_job.hpp"
#include "validation.hpp"

namespace gpusort {
namespace detail {

/// Sorter's algorithm: the choice between the two (choice.hpp).
template <class Key, class Value>
class Choice;

template <class Key, class Value, class Algorithm>
class FrontEnd {
  static_assert(supported_types<Key, Value>(), "gpusort key and value types");

 public:
  static constexpr bool has_values = !std::is_void<Value>::value;
  static constexpr std::uint32_t key_bytes = sizeof(Key);  // 4 or 8
  static constexpr std::uint32_t value_bytes = 4;
  static constexpr std::uint32_t element_bytes = key_bytes + (has_values ? value_bytes : 0u);

  /// Sorts the first `count` keys of buffer `keys` in place.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, std::size_t count, Order order = Order::ascending) {
    sort_buffers(job(keys, 0, 0, count, order));
  }

  /// Sorts the first `count` keys of `keys` in place and applies the same permutation to the
  /// first `count` values of `values` (a different buffer). Stability::stable keeps equal keys
  /// in their input order, so that the result equals std::stable_sort's (what it costs:
  /// Stability).
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, GLuint values, std::size_t count, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    sort_buffers(job(keys, values, 0, count, order, stability));
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (this one waits for the GPU).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    sort_host(keys.data(), static_cast<V*>(nullptr), keys.size(), order, Stability::unstable, run_job());
  }

  /// Host convenience for key-value sorts. Throws Error (changing nothing) when the vectors
  /// differ in size.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    check_one_value_per_key(keys.size(), values.size());
    sort_host(keys.data(), values.data(), keys.size(), order, stability, run_job());
  }

  /// Sorts elements [first, first + count) of `keys` in place; every byte outside that range
  /// stays as it was. Any `first`: a range that does not start at
  /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is bound from the aligned offset below it
  /// (never read or written there).
  ///   sorter.sort_range(keys, 1000, 500);  // sorts keys[1000 .. 1499]
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, std::size_t first, std::size_t count, Order order = Order::ascending) {
    sort_buffers(job(keys, 0, first, count, order));
  }

  /// Key-value sort_range(): the same elements [first, first + count) of both buffers.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_range(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order = Order::ascending,
                  Stability stability = Stability::unstable) {
    sort_buffers(job(keys, values, first, count, order, stability));
  }

  /// Sorts the first min(n, capacity) keys, where n is the uint at byte `count_offset` of
  /// `count_buffer`, written by earlier GPU work (an emitter's atomic counter, a culling
  /// pass's output). The CPU never reads n: the passes take their workgroup counts from GPU
  /// work too (glDispatchComputeIndirect). n = 0 or 1 is a no-op. `keys` must hold `capacity`
  /// elements; `count_offset` is a multiple of 4, at most 2^34 - 4 (the count's word index is
  /// 32-bit), outside the elements sorted. Leaves GL_DISPATCH_INDIRECT_BUFFER as it was.
  ///   sorter.sort_indirect(depth, counter_buffer, 0, max_particles);
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_indirect(GLuint keys, GLuint count_buffer, std::size_t count_offset, std::size_t capacity,
                     Order order = Order::ascending) {
    sort_buffers(indirect_job(keys, 0, count_buffer, count_offset, capacity, order));
  }

  /// Key-value sort_indirect().
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_indirect(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order = Order::ascending) {
    sort_buffers(indirect_job(keys, values, count_buffer, count_offset, capacity, order));
  }

  /// Argsort, the common particle case: fills `indices` with 0 .. count-1 and sorts them by
  /// the keys in the same call (keys are sorted too). Stable: equal keys keep ascending
  /// indices. `indices` is only written. Needs Value = std::uint32_t.
  ///   sorter.sort_indices(depth, draw_order, particle_count, gpusort::Order::descending);
  template <class V = Value, std::enable_if_t<std::is_same<V, std::uint32_t>::value, int> = 0>
  void sort_indices(GLuint keys, GLuint indices, std::size_t count, Order order = Order::ascending) {
    SortJob j = job(keys, indices, 0, count, order);
    j.indices = true;
    sort_buffers(j);
  }

  /// Builds now every program that sorting `count` elements (with `stability`; sort_indices()
  /// counts as stable) will need, instead of on that sort's first call, which on a cold driver
  /// cache can take far longer than a frame. Call it at load time with the counts a frame will
  /// sort, so that no frame compiles. Sorts and dispatches nothing, changes no buffer and leaves
  /// the GL state as it was; throws Error (like sort() would) if a program does not build.
  /// Stability::stable is for key-value sorters.
  ///   sorter.prepare(max_particles);  // at load time
  void prepare(std::size_t count, Stability stability = Stability::unstable) {
    prepare_checked(count, stability, [&](bool stable) { algorithm_.prepare(count, stable, false); });
  }

  /// prepare() for sort_indirect() with this `capacity`.
  void prepare_indirect(std::size_t capacity) {
    prepare_checked(capacity, Stability::unstable, [&](bool) { algorithm_.prepare(capacity, false, true); });
  }

  /// Allocates now the scratch that GPU-buffer sorts of up to `capacity` elements use
  /// (sort_indirect() with that capacity included), so that none of them allocates. Builds
  /// nothing; leaves the GL state as it was. The host-vector overloads allocate their own
  /// copy of the data on their first call of a size, not here.
  ///   sorter.reserve(max_particles);  // at load time, with prepare()
  void reserve(std::size_t capacity) {
    require_current_context();
    check_count(capacity, algorithm_.count_limit(), algorithm_.limits());
    if (capacity == 0) return;
    GlStateBackup backup(algorithm_.limits());
    algorithm_.reserve(capacity);
  }

  /// The largest count one call can sort on this context.
  std::size_t max_count() const { return algorithm_.count_limit().max_count; }

  /// The device facts in effect: as queried, or as given to the constructor; and what the
  /// subgroup check of the programs built so far found (DeviceFacts::subgroup_check).
  DeviceFacts device_facts() const {
    DeviceFacts facts = facts_of(algorithm_.limits());
    facts.subgroup_check = algorithm_.subgroup_check();
    return facts;
  }

 protected:
  template <class... Args>
  explicit FrontEnd(Args&&... args) : algorithm_(std::forward<Args>(args)...) {}
  FrontEnd(FrontEnd&&) noexcept = default;
  FrontEnd& operator=(FrontEnd&&) noexcept = default;
  ~FrontEnd() = default;

  static constexpr ElementLayout layout_ = element_layout_of<Key, Value>();

  static SortJob job(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order,
                     Stability stability = Stability::unstable) {
    SortJob j;
    j.buffers = BufferRange{keys, values, first, first};
    j.count = count;
    j.order = order;
    j.stable = stability == Stability::stable;
    return j;
  }

  static SortJob indirect_job(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                              std::size_t capacity, Order order) {
    SortJob j = job(keys, values, 0, capacity, order);
    j.indirect = true;
    j.count_buffer = count_buffer;
    j.count_offset = count_offset;
    return j;
  }

  /// The algorithm's run, for the calls that add nothing of their own.
  auto run_job() {
    return [this](const SortJob& j) { algorithm_.run(j); };
  }

  /// A sort of the caller's buffers: checks everything before anything is written, backs up
  /// the GL state, then runs `run(job)` between the first barrier (which makes shader writes
  /// to the keys, and to sort_indirect()'s count, visible) and sort_completion_barrier. Counts
  /// below 2 (sort_indices(): below 1) sort nothing and make only the last barrier.
  template <class Run>
  void sort_buffers(const SortJob& j, Run&& run) {
    const BufferRange& b = j.buffers;
    const SortCall call(algorithm_.limits(), algorithm_.count_limit(), layout_, b.keys, b.values, b.key_first, j.count,
                        j.indices ? "indices" : "values");
    if (j.indirect) check_indirect_count(j.count_buffer, j.count_offset, b.keys, b.values, j.count, layout_);
    if (j.count < (j.indices ? 1u : 2u)) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    // A count in a buffer may come from shader stores or an atomic counter just before.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (j.indirect ? GL_ATOMIC_COUNTER_BARRIER_BIT : 0u));
    run(j);
    glMemoryBarrier(sort_completion_barrier);
  }
  void sort_buffers(const SortJob& j) { sort_buffers(j, run_job()); }

  /// A sort of host data: the keys (and values) are copied into the front end's own buffers,
  /// sorted there by `run(job)` and read back (waits for the GPU).
  template <class V, class Run>
  void sort_host(Key* keys, V* values, std::size_t count, Order order, Stability stability, Run&& run) {
    require_current_context();
    check_count(count, algorithm_.count_limit(), algorithm_.limits());
    if (count < 2) return;
    GlStateBackup backup(algorithm_.limits());
    const std::uint64_t key_size = std::uint64_t{count} * key_bytes;
    const std::uint64_t value_size = std::uint64_t{count} * value_bytes;
    SortJob j = job(host_.upload(HostSlot::keys, keys, key_size), 0, 0, count, order, stability);
    if (has_values) j.buffers.values = host_.upload(HostSlot::values, values, value_size);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    run(j);
    glMemoryBarrier(sort_completion_barrier);
    read_buffer(j.buffers.keys, static_cast<std::size_t>(key_size), keys);
    if (has_values) read_buffer(j.buffers.values, static_cast<std::size_t>(value_size), values);
  }

  /// prepare()'s checks, then `prepare(stable)` with the GL state backed up.
  template <class Prepare>
  void prepare_checked(std::size_t count, Stability stability, Prepare&& prepare) {
    require_current_context();
    check_count(count, algorithm_.count_limit(), algorithm_.limits());
    const bool stable = stability == Stability::stable;
    if (stable && !has_values)
      throw Error("Stability::stable is for key-value sorters; a keys-only sorter prepares with prepare(count)");
    GlStateBackup backup(algorithm_.limits());
    prepare(stable);
  }

  Algorithm algorithm_;

 private:
  /// The host overloads' copies of the data (sort(std::vector&, ...)).
  enum class HostSlot { keys, values };
  ScratchBuffers<HostSlot, 2> host_;
};

}  // namespace detail
}  // namespace gpusort
