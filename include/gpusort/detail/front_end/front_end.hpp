#pragma once
// FrontEnd: what the calls BitonicSorter, RadixSorter and Sorter share (gpusort/sort_calls.hpp,
// where each call's contract is) do, written once. Every call is checked here (the sorter, the
// context, counts and ranges, the caller's buffers, sort_indirect()'s count, the use_scratch()
// range), backs up and restores the caller's GL state, places the first and the last barrier, exits
// early for counts below 2, and moves host vectors to and from the GPU; the algorithm then gets one
// SortJob. Each call runs in phases: the checks, then the algorithm's ready() (it builds programs,
// places its scratch and checks its dispatches), then the writes (run()). A phase that fails
// returns a Status (detail/status.hpp) and no later phase runs, so a failed call has written
// nothing; the public call reports it (an Error thrown, or the error handler). An Algorithm
// (an Engine of one algorithm, detail/front_end/engine.hpp, or Sorter's choice between two,
// detail/choice/choice.hpp) supplies:
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
//   Status reserve(std::size_t capacity, bool by_bits);  allocates what sorts of up to capacity
//                                           (>= 2) need (by_bits: sorts by a BitRange included)
//   std::uint64_t scratch_bytes(std::size_t capacity, bool stable, bool by_bits) const;  a caller's range
//   static constexpr bool takes_bit_ranges;  whether it sorts by a BitRange (sort_calls.hpp offers
//                                           the calls that take one)
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
#include "../job/elements.hpp"
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
  static constexpr Elements elements_ = elements_of<Key, Value>();
  static constexpr bool has_values = elements_.has_values();
  static constexpr std::uint32_t key_bytes = elements_.key_bytes;  // 4 or 8
  static constexpr std::uint32_t element_bytes = elements_.element_bytes();

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
    if (Status status = check_job_ranges(j, elements_, algorithm_.count_limit(), algorithm_.limits(), keys, values);
        !status)
      return status;
    GlStateBackup backup(algorithm_.limits());
    if (Status status = check_job_buffers(j, elements_, keys, values, caller_scratch_); !status) return status;
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
    return check_bit_range(bits, elements_, checked);
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
    const std::uint64_t value_size = std::uint64_t{count} * elements_.value_bytes;
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
    return algorithm_.reserve(capacity, by_bits);
  }

  Status scratch_bytes_checked(std::size_t capacity, bool stable, bool by_bits, std::size_t& bytes) const {
    if (Status status = check_valid(); !status) return status;
    if (Status status = check_count(capacity, algorithm_.count_limit(), algorithm_.limits()); !status) return status;
    // The fewest elements a GPU-buffer sort runs on: 1 where sort_indices() exists.
    const std::size_t least = std::is_same<Value, std::uint32_t>::value ? 1 : 2;
    std::uint64_t needed = 0;
    if (capacity >= least) {
      needed = algorithm_.scratch_bytes(capacity, stable && has_values, by_bits);
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

 private:
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
