#pragma once
// FrontEnd: the calls BitonicSorter, RadixSorter and Sorter share, written once. Every call is
// checked here (the sorter, the context, counts and ranges, the caller's buffers, sort_indirect()'s
// count, the use_scratch() range), backs up and restores the caller's GL state, places the
// first and the last barrier, exits early for counts below 2, and moves host vectors to and
// from the GPU; the algorithm then gets one SortJob. Each call runs in phases: the checks, then
// the algorithm's ready() (it builds programs, places its scratch and checks its dispatches),
// then the writes (run()). A phase that fails returns a Status (detail/status.hpp) and no later
// phase runs, so a failed call has written nothing; the public call reports it (an Error
// thrown, or the error handler). An Algorithm (detail/bitonic/algorithm.hpp,
// detail/radix/algorithm.hpp, and Sorter's choice between them, detail/choice/choice.hpp)
// supplies:
//   Status init(const DeviceLimits&, ...);  builds it (the constructor's arguments)
//   const DeviceLimits& limits() const;     the limits it plans with
//   SubgroupCheck subgroup_check() const;   what the subgroup check of its programs found so far
//   CountLimit count_limit() const;         the most elements one call takes, and what bounds it
//   GLuint probe_program() const;           one of its programs: whether the context has it
//   Status ready(const SortJob& job);       builds, allocates or places its scratch, checks its
//                                           dispatch limits; writes nothing
//   void run(const SortJob& job);           the ready job (count >= 2; sort_indices(): >= 1),
//                                           with the barriers between its own dispatches
//   Status prepare(const SortJob& job);     builds what a sort of job.count needs
//   Status reserve(std::size_t capacity);   allocates what sorts of up to capacity (>= 2) need
//   std::uint64_t scratch_bytes(std::size_t capacity, bool stable) const;  a caller's range
//   static constexpr bool takes_bit_ranges;  whether it sorts by a BitRange; if so, reserve()
//                                           and scratch_bytes() take a last `bool by_bits`
//   void use_scratch(const BufferSlice& range, std::uint64_t range_start); void release_scratch();
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../buffer_view.hpp"
#include "../../device_facts.hpp"
#include "../../key_traits.hpp"
#include "../../order.hpp"
#include "../../sort_completion_barrier.hpp"
#include "../device/limits.hpp"
#include "../gl/context_tie.hpp"
#include "../gl/delete_hold.hpp"
#include "../gl/program.hpp"
#include "../gl/readback.hpp"
#include "../gl/scratch.hpp"
#include "../gl/state.hpp"
#include "../status.hpp"
#include "../job/count_limit.hpp"
#include "../job/element_layout.hpp"
#include "../job/key_bits.hpp"
#include "../job/sort_job.hpp"
#include "validation.hpp"
#include "view_support.hpp"

namespace gpusort {
namespace detail {

template <class Key, class Value, class Algorithm>
class FrontEnd {
  static_assert(supported_types<Key, Value>(), "gpusort key and value types");

 public:
  static constexpr bool has_values = !std::is_void<Value>::value;
  static constexpr std::uint32_t key_bytes = sizeof(Key);  // 4 or 8
  static constexpr std::uint32_t value_bytes = 4;
  static constexpr std::uint32_t element_bytes = key_bytes + (has_values ? value_bytes : 0u);

  /// Whether the sorter can sort. Where errors go to the error handler (GPUSORT_EXCEPTIONS 0),
  /// a constructor that failed leaves a sorter that is not valid, and every later call on it
  /// reports an error and does nothing; with exceptions such a constructor throws instead. A
  /// sorter that was moved from is not valid either.
  bool valid() const { return validity_.ok(); }

  /// Sorts the first `count` keys of `keys` (a buffer, or a BufferView: a buffer from a byte
  /// offset) in place.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(BufferView keys, std::size_t count, Order order = Order::ascending) {
    report(sort_buffers(job(keys, {}, 0, count, order)));
  }

  /// Sorts the first `count` keys of `keys` in place and applies the same permutation to the
  /// first `count` values of `values` (another buffer, or a range of the same buffer that does
  /// not overlap the keys). Stability::stable keeps equal keys in their input order, so that the
  /// result equals std::stable_sort's (what it costs: Stability).
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(BufferView keys, BufferView values, std::size_t count, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    report(sort_buffers(job(keys, values, 0, count, order, stability)));
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (this one waits for the GPU). Its
  /// copies of the data are buffers of the sorter's own, not scratch (scratch_bytes()).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    report(sort_host(keys.data(), static_cast<V*>(nullptr), keys.size(), order, Stability::unstable));
  }

  /// Host convenience for key-value sorts. Fails (changing nothing) when the vectors differ
  /// in size.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending,
            Stability stability = Stability::unstable) {
    Status status = check_valid();
    if (status) status = check_one_value_per_key(keys.size(), values.size());
    if (status) status = sort_host(keys.data(), values.data(), keys.size(), order, stability);
    report(status);
  }

  /// Sorts elements [first, first + count) of `keys` in place; every byte outside that range
  /// stays as it was. Any `first`, any view offset: a range that does not start at
  /// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is bound from the aligned offset below it
  /// (never read or written there).
  ///   sorter.sort_range(keys, 1000, 500);  // sorts keys[1000 .. 1499]
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort_range(BufferView keys, std::size_t first, std::size_t count, Order order = Order::ascending) {
    report(sort_buffers(job(keys, {}, first, count, order)));
  }

  /// Key-value sort_range(): the same elements [first, first + count) of both views.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_range(BufferView keys, BufferView values, std::size_t first, std::size_t count,
                  Order order = Order::ascending, Stability stability = Stability::unstable) {
    report(sort_buffers(job(keys, values, first, count, order, stability)));
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
    report(sort_buffers(indirect_job(keys, {}, count_buffer, count_offset, capacity, order)));
  }

  /// Key-value sort_indirect().
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort_indirect(BufferView keys, BufferView values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order = Order::ascending) {
    report(sort_buffers(indirect_job(keys, values, count_buffer, count_offset, capacity, order)));
  }

  /// Argsort, the common particle case: fills `indices` with 0 .. count-1 and sorts them by
  /// the keys in the same call (keys are sorted too). Stable: equal keys keep ascending
  /// indices. `indices` is only written. Needs Value = std::uint32_t.
  ///   sorter.sort_indices(depth, draw_order, particle_count, gpusort::Order::descending);
  template <class V = Value, std::enable_if_t<std::is_same<V, std::uint32_t>::value, int> = 0>
  void sort_indices(BufferView keys, BufferView indices, std::size_t count, Order order = Order::ascending) {
    SortJob j = job(keys, indices, 0, count, order);
    j.kind = JobKind::indices;
    report(sort_buffers(j));
  }

  /// Sorts by a BitRange: RadixSorter's and Sorter's calls (an Algorithm that takes bit
  /// ranges), each the call above it with the keys ordered by `bits` alone (BitRange, where
  /// the rules are). Every one is stable whatever `stability` says: keys equal in those bits
  /// keep their input order, values with them. The range is checked before anything else: one
  /// the keys do not have is refused before anything is written. Sorter runs them all on the
  /// radix sort, at every count (why: README, "Which algorithm runs"); a device without one
  /// refuses them.
  ///   sorter.sort(tile_depth_keys, splat_ids, count, gpusort::Order::ascending, gpusort::BitRange{0, 48});
  template <class V = Value, class A = Algorithm, std::enable_if_t<std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort(BufferView keys, std::size_t count, Order order, BitRange bits) {
    report(sort_by_bits(job(keys, {}, 0, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<!std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort(BufferView keys, BufferView values, std::size_t count, Order order, Stability stability, BitRange bits) {
    report(sort_by_bits(job(keys, values, 0, count, order, stability), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<!std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort(BufferView keys, BufferView values, std::size_t count, Order order, BitRange bits) {
    report(sort_by_bits(job(keys, values, 0, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort_range(BufferView keys, std::size_t first, std::size_t count, Order order, BitRange bits) {
    report(sort_by_bits(job(keys, {}, first, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<!std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort_range(BufferView keys, BufferView values, std::size_t first, std::size_t count, Order order,
                  Stability stability, BitRange bits) {
    report(sort_by_bits(job(keys, values, first, count, order, stability), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<!std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort_range(BufferView keys, BufferView values, std::size_t first, std::size_t count, Order order,
                  BitRange bits) {
    report(sort_by_bits(job(keys, values, first, count, order), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort_indirect(BufferView keys, GLuint count_buffer, std::size_t count_offset, std::size_t capacity, Order order,
                     BitRange bits) {
    report(sort_by_bits(indirect_job(keys, {}, count_buffer, count_offset, capacity, order), bits));
  }
  template <class V = Value, class A = Algorithm, std::enable_if_t<!std::is_void<V>::value && A::takes_bit_ranges, int> = 0>
  void sort_indirect(BufferView keys, BufferView values, GLuint count_buffer, std::size_t count_offset,
                     std::size_t capacity, Order order, BitRange bits) {
    report(sort_by_bits(indirect_job(keys, values, count_buffer, count_offset, capacity, order), bits));
  }

  /// Builds now every program that sorting `count` elements (with `stability`; sort_indices()
  /// counts as stable) will need, instead of on that sort's first call, which on a cold driver
  /// cache can take far longer than a frame. Call it at load time with the counts a frame will
  /// sort, so that no frame compiles. Sorts and dispatches nothing, changes no buffer and leaves
  /// the GL state as it was; fails (like sort() would) if a program does not build.
  /// Stability::stable is for key-value sorters.
  ///   sorter.prepare(max_particles);  // at load time
  void prepare(std::size_t count, Stability stability = Stability::unstable) {
    report(prepare_checked(job({}, {}, 0, count, Order::ascending, stability)));
  }

  /// prepare() for sort_indirect() with this `capacity`.
  void prepare_indirect(std::size_t capacity) {
    SortJob j = job({}, {}, 0, capacity, Order::ascending);
    j.kind = JobKind::indirect;
    report(prepare_checked(j));
  }

  /// prepare() and prepare_indirect() for sorts by `bits` (RadixSorter, Sorter): a BitRange
  /// of an odd number of digit passes adds the radix sort's copy kernel, which construction
  /// builds only where the key's own passes are odd; Sorter runs such sorts on the radix sort
  /// at every count.
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  void prepare(std::size_t count, Stability stability, BitRange bits) {
    report(prepare_by_bits(job({}, {}, 0, count, Order::ascending, stability), bits));
  }
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  void prepare_indirect(std::size_t capacity, BitRange bits) {
    SortJob j = job({}, {}, 0, capacity, Order::ascending);
    j.kind = JobKind::indirect;
    report(prepare_by_bits(j, bits));
  }

  /// Allocates now the scratch that GPU-buffer sorts of up to `capacity` elements use
  /// (sort_indirect() with that capacity included, stable sorts too), so that none of them
  /// allocates. Builds nothing; leaves the GL state as it was. After use_scratch() the sorter
  /// allocates no scratch and this does nothing. The host-vector overloads allocate their own
  /// copy of the data on their first call of a size, not here.
  ///   sorter.reserve(max_particles);  // at load time, with prepare()
  void reserve(std::size_t capacity) { report(reserve_checked(capacity, false)); }

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
    report(scratch_bytes_checked(capacity, stability == Stability::stable, false, bytes));
    return bytes;
  }

  /// reserve() and scratch_bytes() with sorts by `bits` of up to `capacity` included
  /// (RadixSorter: the same as without; Sorter: its radix sort's scratch from the smallest
  /// count on, since it runs sorts by a BitRange there).
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  void reserve(std::size_t capacity, BitRange bits) {
    BitRange checked;
    Status status = checked_bits(bits, checked);
    if (status) status = reserve_checked(capacity, !all_bits(checked));
    report(status);
  }
  template <class A = Algorithm, std::enable_if_t<A::takes_bit_ranges, int> = 0>
  std::size_t scratch_bytes(std::size_t capacity, Stability stability, BitRange bits) const {
    std::size_t bytes = 0;
    BitRange checked;
    Status status = checked_bits(bits, checked);
    if (status) status = scratch_bytes_checked(capacity, stability == Stability::stable, !all_bits(checked), bytes);
    report(status);
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
    report(use_scratch_checked(buffer, offset, bytes));
  }

  /// Gives back the GPU memory the sorter allocated itself: its scratch and the host-vector
  /// overloads' copies (the next call that needs them allocates again). Sorts queued before may
  /// still use it, so it is deleted by a later call once a fence made now has passed, never
  /// waited for (gl/retired.hpp). A use_scratch() range stays in use.
  void release_scratch() { report(release_checked()); }

  /// The largest count one call can sort on this context.
  std::size_t max_count() const { return report(check_valid()) ? algorithm_.count_limit().max_count : 0; }

  /// The device facts in effect: as queried, or as given to the constructor; and what the
  /// subgroup check of the programs built so far found (DeviceFacts::subgroup_check).
  DeviceFacts device_facts() const { return report(check_valid()) ? facts_in_effect(algorithm_) : DeviceFacts{}; }

 protected:
  /// Not valid until build_reported() succeeds.
  FrontEnd() : validity_(fail("this sorter was not built")) {}
  FrontEnd(FrontEnd&& other) noexcept
      : algorithm_(std::move(other.algorithm_)), validity_(std::move(other.validity_)),
        tie_(std::move(other.tie_)), probe_fingerprint_(other.probe_fingerprint_),
        caller_scratch_(other.caller_scratch_), host_(std::move(other.host_)),
        host_staging_(std::move(other.host_staging_)) {
    other.validity_ = moved_from();
  }
  /// The objects this sorter had go as in the destructor (the current context must be theirs).
  FrontEnd& operator=(FrontEnd&& other) noexcept {
    if (this != &other) {
      algorithm_ = std::move(other.algorithm_);
      validity_ = std::move(other.validity_);
      tie_ = std::move(other.tie_);
      probe_fingerprint_ = other.probe_fingerprint_;
      caller_scratch_ = other.caller_scratch_;
      host_ = std::move(other.host_);
      host_staging_ = std::move(other.host_staging_);
      other.validity_ = moved_from();
    }
    return *this;
  }
  /// Deletes the sorter's GL objects where its context (or one sharing with it) is current;
  /// anywhere else it deletes nothing, since the names there are another context's objects:
  /// its objects then go when their context is destroyed.
  ~FrontEnd() {
    if (validity_ && !in_own_context()) delete_hold_.arm();
  }

  static constexpr ElementLayout layout_ = element_layout_of<Key, Value>();

  /// Builds the algorithm for `limits` (Algorithm::init(limits, args...)); the sorter is
  /// valid where that succeeds. Reports nothing.
  template <class... Args>
  Status build(const DeviceLimits& limits, Args&&... args) {
    Status status = algorithm_.init(limits, std::forward<Args>(args)...);
    if (status) {
      probe_fingerprint_ = fingerprint_of(algorithm_.probe_program());
      tie_.tie();
    }
    validity_ = status ? Status() : fail("this sorter is not valid: its constructor failed (" + status.message() +
                                         "); construct a new one");
    return status;
  }

  /// The public constructors: build() on the limits of the current context with `facts`
  /// applied, a failure reported.
  template <class... Args>
  void build_reported(const DeviceFacts& facts, Args&&... args) {
    DeviceLimits limits;
    Status status = device_limits_for(facts, limits);
    if (status) {
      status = build(limits, std::forward<Args>(args)...);
    } else {
      validity_ = fail("this sorter is not valid: its constructor failed (" + status.message() +
                       "); construct a new one");
    }
    report(status);
  }

  /// Fails for a sorter that is not valid.
  Status check_valid() const { return check_validity(validity_); }
  /// Ok, or why the sorter cannot sort: what the views of its algorithms report too.
  const Status& validity() const { return validity_; }

  /// Whether the current context is the sorter's, or shares objects with it (queries only: no
  /// GL error either way). A context that does not share objects holds other objects or none
  /// under the sorter's names, even one where a twin sorter was built the same way: the tie's
  /// value is the sorter's alone (context_tie.hpp). Where the driver did not keep that value,
  /// one of the sorter's programs must be there with the interface it had.
  bool in_own_context() const {
    if (!check_current_context()) return false;
    if (tie_.tied()) return tie_.holds();
    const GLuint probe = algorithm_.probe_program();
    return glIsProgram(probe) == GL_TRUE && fingerprint_of(probe) == probe_fingerprint_;
  }

  /// check_valid(), and the sorter's own context (or one sharing with it) current.
  Status usable() const {
    if (Status status = check_valid(); !status) return status;
    if (Status status = check_current_context(); !status) return status;
    if (in_own_context()) return {};
    return fail("this sorter's programs are not in the current context (\"" + gl_string(GL_RENDERER) +
                "\"): a sorter sorts in the context that was current when it was constructed, or in one that "
                "shares objects with it; make that context current, or construct a sorter for this one");
  }

  static SortJob job(BufferView keys, BufferView values, std::size_t first, std::size_t count, Order order,
                     Stability stability = Stability::unstable) {
    SortJob j;
    j.keys = keys;
    j.values = values;
    j.first = first;
    j.count = count;
    j.order = order;
    j.kind = stability == Stability::stable ? JobKind::stable : JobKind::direct;
    return j;
  }

  static SortJob indirect_job(BufferView keys, BufferView values, GLuint count_buffer, std::size_t count_offset,
                              std::size_t capacity, Order order) {
    SortJob j = job(keys, values, 0, capacity, order);
    j.kind = JobKind::indirect;
    j.count_buffer = count_buffer;
    j.count_offset = count_offset;
    return j;
  }

  /// A sort of the caller's buffers: checks everything before anything is written, backs up
  /// the GL state, gets the algorithm ready, then runs it between the first barrier (which makes
  /// shader writes to the keys, and to sort_indirect()'s count, visible) and
  /// sort_completion_barrier. Counts below 2 (sort_indices(): below 1) sort nothing and make
  /// only the last barrier.
  Status sort_buffers(SortJob j) {
    if (Status status = usable(); !status) return status;
    ElementBytes keys, values;
    if (Status status = check_job_ranges(j, layout_, algorithm_.count_limit(), algorithm_.limits(), keys, values);
        !status)
      return status;
    GlStateBackup backup(algorithm_.limits());
    if (Status status = check_job_buffers(j, layout_, keys, values, caller_scratch_); !status) return status;
    if (j.count < j.least_count()) {
      glMemoryBarrier(sort_completion_barrier);
      return {};
    }
    if (Status status = algorithm_.ready(j); !status) return status;
    // A count in a buffer may come from shader stores or an atomic counter just before.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (j.indirect() ? GL_ATOMIC_COUNTER_BARRIER_BIT : 0u));
    algorithm_.run(j);
    glMemoryBarrier(sort_completion_barrier);
    return {};
  }

  /// prepare()'s checks, then the algorithm's prepare() with the GL state backed up.
  Status prepare_checked(const SortJob& j) {
    if (Status status = usable(); !status) return status;
    if (Status status = check_count(j.count, algorithm_.count_limit(), algorithm_.limits()); !status) return status;
    if (j.kind == JobKind::stable && !has_values)
      return fail("Stability::stable is for key-value sorters; a keys-only sorter prepares with prepare(count)");
    GlStateBackup backup(algorithm_.limits());
    return algorithm_.prepare(j);
  }

  /// `bits` checked for this sorter's keys (check_bit_range()); a sorter that is not valid fails
  /// first.
  Status checked_bits(BitRange bits, BitRange& checked) const {
    if (Status status = check_valid(); !status) return status;
    return check_bit_range(bits, KeyTraits<Key>::glsl_kind, key_bytes, KeyTraits<Key>::name, checked);
  }

  /// A sort by `bits`: the range is checked before the call's other checks.
  Status sort_by_bits(SortJob j, BitRange bits) {
    if (Status status = checked_bits(bits, j.bits); !status) return status;
    return sort_buffers(j);
  }

  Status prepare_by_bits(SortJob j, BitRange bits) {
    if (Status status = checked_bits(bits, j.bits); !status) return status;
    return prepare_checked(j);
  }

  /// Declared before the GL objects, so that it outlives them (~FrontEnd()).
  DeleteHold delete_hold_;
  Algorithm algorithm_;

 private:
  static Status moved_from() noexcept { return fail(std::string()); }

  /// A sort of host data: the keys (and values) are copied into the front end's own buffers,
  /// sorted there and read back (waits for the GPU).
  template <class V>
  Status sort_host(Key* keys, V* values, std::size_t count, Order order, Stability stability) {
    if (Status status = usable(); !status) return status;
    if (Status status = check_count(count, algorithm_.count_limit(), algorithm_.limits()); !status) return status;
    if (count < 2) return {};
    GlStateBackup backup(algorithm_.limits());
    if (caller_scratch_.buffer != 0) {
      if (Status status = check_scratch_range(caller_scratch_); !status) return status;
    }
    // count <= max_count: these are at most GL_MAX_SHADER_STORAGE_BLOCK_SIZE.
    const std::uint64_t key_size = std::uint64_t{count} * key_bytes;
    const std::uint64_t value_size = std::uint64_t{count} * value_bytes;
    SortJob j = job({}, {}, 0, count, order, stability);
    if (Status status = host_.upload(HostSlot::keys, keys, key_size, j.buffers.keys); !status) return status;
    if (has_values) {
      if (Status status = host_.upload(HostSlot::values, values, value_size, j.buffers.values); !status)
        return status;
    }
    if (Status status = algorithm_.ready(j); !status) return status;
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    algorithm_.run(j);
    glMemoryBarrier(sort_completion_barrier);
    // Both read back before either vector changes: a failed map leaves both as they were.
    if (Status status = read_buffer(j.buffers.keys, static_cast<std::size_t>(key_size), host_staging_, 0); !status)
      return status;
    if (has_values) {
      if (Status status = read_buffer(j.buffers.values, static_cast<std::size_t>(value_size), host_staging_,
                                      static_cast<std::size_t>(key_size));
          !status)
        return status;
      std::memcpy(values, host_staging_.data() + key_size, static_cast<std::size_t>(value_size));
    }
    std::memcpy(keys, host_staging_.data(), static_cast<std::size_t>(key_size));
    return {};
  }

  /// `by_bits`: sorts by a BitRange included (an Algorithm that takes bit ranges).
  Status reserve_checked(std::size_t capacity, bool by_bits) {
    if (Status status = usable(); !status) return status;
    if (Status status = check_count(capacity, algorithm_.count_limit(), algorithm_.limits()); !status) return status;
    if (capacity < 2) return {};
    GlStateBackup backup(algorithm_.limits());
    if constexpr (Algorithm::takes_bit_ranges) {
      return algorithm_.reserve(capacity, by_bits);
    } else {
      (void)by_bits;
      return algorithm_.reserve(capacity);
    }
  }

  Status scratch_bytes_checked(std::size_t capacity, bool stable, bool by_bits, std::size_t& bytes) const {
    if (Status status = check_valid(); !status) return status;
    if (Status status = check_count(capacity, algorithm_.count_limit(), algorithm_.limits()); !status) return status;
    // The fewest elements a GPU-buffer sort runs on: 1 where sort_indices() exists.
    const std::size_t least = std::is_same<Value, std::uint32_t>::value ? 1 : 2;
    std::uint64_t needed = 0;
    if (capacity >= least) {
      if constexpr (Algorithm::takes_bit_ranges) {
        needed = algorithm_.scratch_bytes(capacity, stable && has_values, by_bits);
      } else {
        (void)by_bits;
        needed = algorithm_.scratch_bytes(capacity, stable && has_values);
      }
    }
    if (needed > (std::numeric_limits<std::size_t>::max)())
      return fail("sorts of up to " + std::to_string(capacity) + " elements need " + std::to_string(needed) +
                  " bytes of scratch, more than std::size_t holds here: use a smaller capacity");
    bytes = static_cast<std::size_t>(needed);
    return {};
  }

  Status use_scratch_checked(GLuint buffer, std::size_t offset, std::size_t bytes) {
    if (Status status = usable(); !status) return status;
    if (buffer == 0) {
      if (offset != 0 || bytes != 0)
        return fail("use_scratch(0, ...) takes offset 0 and 0 bytes (the sorter allocates its own scratch again)");
      place_scratch(BufferSlice{});
      return {};
    }
    const std::uint32_t alignment = algorithm_.limits().storage_offset_alignment;
    if (offset % alignment != 0) {
      return fail("use_scratch(): offset " + std::to_string(offset) +
                  " is not a multiple of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (" + std::to_string(alignment) +
                  " bytes on this device): pass an aligned offset");
    }
    const BufferSlice range{buffer, offset, bytes};
    GlStateBackup backup(algorithm_.limits());
    if (Status status = check_scratch_range(range); !status) return status;
    place_scratch(range);
    return {};
  }

  /// Every later sort's scratch in `range` (buffer 0: the sorter's own buffers).
  void place_scratch(const BufferSlice& range) {
    caller_scratch_ = range;
    algorithm_.use_scratch(range, 0);
  }

  Status release_checked() {
    if (Status status = usable(); !status) return status;
    algorithm_.release_scratch();
    host_.release();
    std::vector<unsigned char>().swap(host_staging_);
    return {};
  }

  /// Ok, or what every call reports: why the sorter cannot sort (empty: moved from).
  Status validity_;
  /// What tells the sorter's context from every other (in_own_context()).
  ContextTie tie_;
  /// The probe program's fingerprint where the sorter was built, where the tie tells nothing.
  ProgramFingerprint probe_fingerprint_;
  /// The use_scratch() range; buffer 0: the algorithm allocates its own scratch.
  BufferSlice caller_scratch_;
  /// The host overloads' copies of the data (sort(std::vector&, ...)), and the bytes they are
  /// read back into (kept, like the copies, for the next call of the same size).
  enum class HostSlot { keys, values };
  ScratchBuffers<HostSlot, 2> host_;
  std::vector<unsigned char> host_staging_;
};

}  // namespace detail
}  // namespace gpusort
