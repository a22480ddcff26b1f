#pragma once
// gpusort::SortCalls: the calls BitonicSorter, RadixSorter and Sorter share, and the contract of
// each: what it sorts, what it refuses, what it allocates and builds, and when. The three
// classes derive from it (their own headers add what only they have); what each call does
// underneath is written once in detail/front_end/front_end.hpp.
#include "gl_api.hpp"  // first: without GL declarations, its one #error and nothing else
#if defined(GPUSORT_DETAIL_GL_API_READY)

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "bit_range.hpp"
#include "buffer_view.hpp"
#include "device_facts.hpp"
#include "order.hpp"
#include "detail/front_end/front_end.hpp"

namespace gpusort {

/// The shared calls of BitonicSorter, RadixSorter and Sorter (`Algorithm`: the one behind the
/// class). Not constructed on its own.
template <class Key, class Value, class Algorithm>
class SortCalls : public detail::FrontEnd<Key, Value, Algorithm> {
  using Base = detail::FrontEnd<Key, Value, Algorithm>;
  // The calls by a BitRange, for an Algorithm that takes them: keys alone, and key-value sorts.
  template <class V, class A>
  using KeysByBits = std::enable_if_t<std::is_void<V>::value && A::takes_bit_ranges, int>;
  template <class V, class A>
  using PairsByBits = std::enable_if_t<!std::is_void<V>::value && A::takes_bit_ranges, int>;

 public:
  /// Whether the sorter can sort. Where errors go to the error handler (GPUSORT_EXCEPTIONS 0),
  /// a constructor that failed leaves a sorter that is not valid, and every later call on it
  /// reports an error and does nothing; with exceptions such a constructor throws instead. A
  /// sorter that was moved from is not valid either.
  bool valid() const { return this->validity().ok(); }

  /// Sorts the first `count` keys of `keys` (a buffer, or a BufferView: a buffer from a byte
  /// offset) in place.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(BufferView keys, std::size_t count, Order order = Order::ascending) {
    detail::report(this->sort_buffers(Base::job(keys, {}, 0, count, order)));
  }

  /// Sorts the first `count` keys of `keys` in place and applies the same permutation to the
  /// first `count` values of `values` (another buffer, or a range of the same buffer that does
  /// not overlap the keys). Stability::stable keeps equal keys in their input order, so that the
  /// result equals std::stable_sort's (what it costs: Stability).
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(BufferView keys, BufferView values, std::size_t count, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    detail::report(this->sort_buffers(Base::job(keys, values, 0, count, order, stability)));
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (this one waits for the GPU). Its
  /// copies of the data are buffers of the sorter's own, not scratch (scratch_bytes()).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    detail::report(this->sort_host(keys.data(), static_cast<V*>(nullptr), keys.size(), order, Stability::unstable));
  }

  /// Host convenience for key-value sorts. Fails (changing nothing) when the vectors differ
  /// in size.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    detail::Status status = this->check_valid();
    if (status) status = detail::check_one_value_per_key(keys.size(), values.size());
    if (status) status = this->sort_host(keys.data(), values.data(), keys.size(), order, stability);
    detail::report(status);
  }

  /// Sorts elements [first, first + count) of `keys` in place; every byte outside that range
  /// stays as it was. Any `first`, any view offset: a range that does not start at
  /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is bound from the aligned offset below it
  /// (never read or written there).
  ///   sorter.sort_range(keys, 1000, 500);  // sorts keys[1000 .. 1499]
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_range(BufferView keys, std::size_t first, std::size_t count, Order order = Order::ascending) {
    detail::report(this->sort_buffers(Base::job(keys, {}, first, count, order)));
  }

  /// Key-value sort_range(): the same elements [first, first + count) of both views.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_range(BufferView keys, BufferView values, std::size_t first, std::size_t count,
                  Order order = Order::ascending, Stability stability = Stability::unstable) {
    detail::report(this->sort_buffers(Base::job(keys, values, first, count, order, stability)));
  }

  /// Sorts the first min(n, capacity) keys, where n is the uint at byte `count_offset` of
  /// `count_buffer`, written by earlier GPU work (an emitter's atomic counter, a culling
  /// pass's output). The CPU never reads n: the passes take their workgroup counts from GPU
  /// work too (glDispatchComputeIndirect). n = 0 or 1 is a no-op. `keys` must hold `capacity`
  /// elements; `count_offset` is a multiple of 4, at most 2^32 - 4 (only the count's word is
  /// bound), outside the elements sorted. Leaves GL_DISPATCH_INDIRECT_BUFFER as it was.
  ///   sorter.sort_indirect(depth, counter_buffer, 0, max_particles);
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_indirect(BufferView keys, GLuint count_buffer, std::size_t count_offset, std::size_t capacity,
                     Order order = Order::ascending) {
    detail::report(this->sort_buffers(Base::indirect_job(keys, {}, count_buffer, count_offset, capacity, order)));
  }

  /// Key-value sort_indirect().
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_indirect(BufferView keys, BufferView values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order = Order::ascending) {
    detail::report(this->sort_buffers(Base::indirect_job(keys, values, count_buffer, count_offset, capacity, order)));
  }

  /// Argsort, the common particle case: fills `indices` with 0 .. count-1 and sorts them by
  /// the keys in the same call (keys are sorted too). Stable: equal keys keep ascending
  /// indices. `indices` is only written. Needs Value = std::uint32_t.
  ///   sorter.sort_indices(depth, draw_order, particle_count, gpusort::Order::descending);
  template <class V = Value, std::enable_if_t<std::is_same<V, std::uint32_t>::value, int> = 0>
  void sort_indices(BufferView keys, BufferView indices, std::size_t count, Order order = Order::ascending) {
    detail::SortJob j = Base::job(keys, indices, 0, count, order);
    j.kind = detail::JobKind::indices;
    detail::report(this->sort_buffers(j));
  }

  /// Sorts by a BitRange: RadixSorter's and Sorter's calls (an Algorithm that takes bit
  /// ranges), each the call above it with the keys ordered by `bits` alone (BitRange, where
  /// the rules are). Every one is stable whatever `stability` says: keys equal in those bits
  /// keep their input order, values with them. The range is checked before anything else: one
  /// the keys do not have is refused before anything is written. Sorter runs them all on the
  /// radix sort, at every count (why: README, "Which algorithm runs"); a device without one
  /// refuses them.
  ///   sorter.sort(tile_depth_keys, splat_ids, count, gpusort::Order::ascending, gpusort::BitRange{0, 48});
  template <class V = Value, class A = Algorithm, KeysByBits<V, A> = 0>
  void sort(BufferView keys, std::size_t count, Order order, BitRange bits) {
    detail::report(this->sort_by_bits(Base::job(keys, {}, 0, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, PairsByBits<V, A> = 0>
  void sort(BufferView keys, BufferView values, std::size_t count, Order order, Stability stability, BitRange bits) {
    detail::report(this->sort_by_bits(Base::job(keys, values, 0, count, order, stability), bits));
  }
  template <class V = Value, class A = Algorithm, PairsByBits<V, A> = 0>
  void sort(BufferView keys, BufferView values, std::size_t count, Order order, BitRange bits) {
    detail::report(this->sort_by_bits(Base::job(keys, values, 0, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, KeysByBits<V, A> = 0>
  void sort_range(BufferView keys, std::size_t first, std::size_t count, Order order, BitRange bits) {
    detail::report(this->sort_by_bits(Base::job(keys, {}, first, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, PairsByBits<V, A> = 0>
  void sort_range(BufferView keys, BufferView values, std::size_t first, std::size_t count, Order order,
                  Stability stability, BitRange bits) {
    detail::report(this->sort_by_bits(Base::job(keys, values, first, count, order, stability), bits));
  }
  template <class V = Value, class A = Algorithm, PairsByBits<V, A> = 0>
  void sort_range(BufferView keys, BufferView values, std::size_t first, std::size_t count, Order order,
                  BitRange bits) {
    detail::report(this->sort_by_bits(Base::job(keys, values, first, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, KeysByBits<V, A> = 0>
  void sort_indirect(BufferView keys, GLuint count_buffer, std::size_t count_offset, std::size_t capacity, Order order,
                     BitRange bits) {
    detail::report(this->sort_by_bits(Base::indirect_job(keys, {}, count_buffer, count_offset, capacity, order), bits));
  }
  template <class V = Value, class A = Algorithm, PairsByBits<V, A> = 0>
  void sort_indirect(BufferView keys, BufferView values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order, BitRange bits) {
    detail::report(this->sort_by_bits(Base::indirect_job(keys, values, count_buffer, count_offset, capacity, order), bits));
  }

  /// Builds now every program that sorting `count` elements (with `stability`; sort_indices()
  /// counts as stable) will need, instead of on that sort's first call, which on a cold driver
  /// cache can take far longer than a frame. Call it at load time with the counts a frame will
  /// sort, so that no frame compiles. Sorts and dispatches nothing, changes no buffer and leaves
  /// the GL state as it was; fails (like sort() would) if a program does not build.
  /// Stability::stable is for key-value sorters.
  ///   sorter.prepare(max_particles);  // at load time
  void prepare(std::size_t count, Stability stability = Stability::unstable) {
    detail::report(this->prepare_checked(Base::job({}, {}, 0, count, Order::ascending, stability)));
  }

  /// prepare() for sort_indirect() with this `capacity`.
  void prepare_indirect(std::size_t capacity) {
    detail::SortJob j = Base::job({}, {}, 0, capacity, Order::ascending);
    j.kind = detail::JobKind::indirect;
    detail::report(this->prepare_checked(j));
  }

  /// prepare() and prepare_indirect() for sorts by `bits` (RadixSorter, Sorter): a BitRange
  /// of an odd number of digit passes adds the radix sort's copy kernel, which construction
  /// builds only where the key's own passes are odd; Sorter runs such sorts on the radix sort
  /// at every count.
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  void prepare(std::size_t count, Stability stability, BitRange bits) {
    detail::report(this->prepare_by_bits(Base::job({}, {}, 0, count, Order::ascending, stability), bits));
  }
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  void prepare_indirect(std::size_t capacity, BitRange bits) {
    detail::SortJob j = Base::job({}, {}, 0, capacity, Order::ascending);
    j.kind = detail::JobKind::indirect;
    detail::report(this->prepare_by_bits(j, bits));
  }

  /// Allocates now the scratch that GPU-buffer sorts of up to `capacity` elements use
  /// (sort_indirect() with that capacity included, stable sorts too), so that none of them
  /// allocates. Builds nothing; leaves the GL state as it was. After use_scratch() the sorter
  /// allocates no scratch and this does nothing. The host-vector overloads allocate their own
  /// copy of the data on their first call of a size, not here.
  ///   sorter.reserve(max_particles);  // at load time, with prepare()
  void reserve(std::size_t capacity) { detail::report(this->reserve_checked(capacity, false)); }

  /// The bytes of GPU memory a use_scratch() range must hold so that every GPU-buffer sort of
  /// up to `capacity` elements that this call makes by default (sort, sort_range,
  /// sort_indirect with that capacity, sort_indices) fits: a sort needing a byte more than the
  /// range is refused before it writes anything. The figure is exact: the sort of `capacity`
  /// that needs the most uses every byte of it. Sorter's covers whichever algorithm each count
  /// up to `capacity` takes. The host-vector overloads' copies of the data are not scratch.
  std::size_t scratch_bytes(std::size_t capacity) const { return scratch_bytes(capacity, Stability::unstable); }

  /// scratch_bytes() with Stability::stable sorts of up to `capacity` included (the network's
  /// stable sorts need 8 bytes per element; keys-only sorters and RadixSorter: the same figure).
  std::size_t scratch_bytes(std::size_t capacity, Stability stability) const {
    std::size_t bytes = 0;
    detail::report(this->scratch_bytes_checked(capacity, stability == Stability::stable, false, bytes));
    return bytes;
  }

  /// reserve() and scratch_bytes() with sorts by `bits` of up to `capacity` included
  /// (RadixSorter: the same as without; Sorter: its radix sort's scratch from the smallest
  /// count on, since it runs sorts by a BitRange there).
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  void reserve(std::size_t capacity, BitRange bits) {
    BitRange checked;
    detail::Status status = this->checked_bits(bits, checked);
    if (status) status = this->reserve_checked(capacity, !detail::all_bits(checked));
    detail::report(status);
  }
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  std::size_t scratch_bytes(std::size_t capacity, Stability stability, BitRange bits) const {
    std::size_t bytes = 0;
    BitRange checked;
    detail::Status status = this->checked_bits(bits, checked);
    if (status) status = this->scratch_bytes_checked(capacity, stability == Stability::stable, !detail::all_bits(checked), bytes);
    detail::report(status);
    return bytes;
  }

  /// Places every later sort's scratch in bytes [offset, offset + bytes) of `buffer`, a buffer
  /// object of the caller's: the sorter allocates no scratch from now on and deletes what it had
  /// allocated. `offset` must be a multiple of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT; size
  /// the range with scratch_bytes(). A later sort that needs more than the range fails, naming
  /// the bytes it needs, before it writes anything; one whose keys, values or count overlap the
  /// range is refused. The range is the sorter's while it uses it: keep the buffer, give each
  /// sorter a range of its own, and do not write into it between the sorter's calls (the
  /// network keeps two counters at its start from one sort to the next) unless you call
  /// use_scratch() again before the next sort, which starts afresh. use_scratch(0, 0, 0): the
  /// sorter allocates its own scratch again.
  ///   sorter.use_scratch(arena, arena_offset, sorter.scratch_bytes(max_particles));
  void use_scratch(GLuint buffer, std::size_t offset, std::size_t bytes) {
    detail::report(this->use_scratch_checked(buffer, offset, bytes));
  }

  /// Gives back the GPU memory the sorter allocated itself: its scratch and the host-vector
  /// overloads' copies (the next call that needs them allocates again). Sorts queued before may
  /// still use it, so it is deleted by a later call once a fence made now has passed, never
  /// waited for (gl/retired.hpp). A use_scratch() range stays in use.
  void release_scratch() { detail::report(this->release_checked()); }

  /// The largest count one call can sort on this context.
  std::size_t max_count() const { return detail::report(this->check_valid()) ? this->algorithm_.count_limit().max_count : 0; }

  /// The device facts in effect: as queried, or as given to the constructor; and what the
  /// subgroup check of the programs built so far found (DeviceFacts::subgroup_check).
  DeviceFacts device_facts() const { return detail::report(this->check_valid()) ? detail::facts_in_effect(this->algorithm_) : DeviceFacts{}; }

 protected:
  SortCalls() = default;
  SortCalls(SortCalls&&) noexcept = default;
  SortCalls& operator=(SortCalls&&) noexcept = default;
};

}  // namespace gpusort

#endif  // GPUSORT_DETAIL_GL_API_READY
