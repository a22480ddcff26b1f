#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "detail/bits.hpp"
#include "detail/device.hpp"
#include "detail/dispatch.hpp"
#include "detail/element_layout.hpp"
#include "detail/embedded_shaders.hpp"
#include "detail/gl_buffer.hpp"
#include "detail/gl_program.hpp"
#include "detail/gl_state.hpp"
#include "detail/network.hpp"
#include "detail/permute.hpp"
#include "detail/program_slots.hpp"
#include "detail/sort_call.hpp"
#include "detail/storage_binding.hpp"
#include "detail/validation.hpp"
#include "error.hpp"
#include "key_traits.hpp"
#include "order.hpp"
#include "program_cache.hpp"
#include "sort_completion_barrier.hpp"
#include "tuning.hpp"

// Profiling hook: a program that defines GPUSORT_PASS_HOOK(pass, after) before it includes
// gpusort sees every dispatch of a sort, just before (after = false) and just after it
// (bench/pass_profile.cpp records a GL_TIMESTAMP there). `pass` is a detail::Pass.
#ifndef GPUSORT_PASS_HOOK
#define GPUSORT_PASS_HOOK(pass, after) ((void)(pass), (void)(after))
#endif

namespace gpusort {

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
/// - GL state: the current program, the generic and indexed (0 .. 6)
///   GL_SHADER_STORAGE_BUFFER bindings, and the GL_COPY_READ/WRITE_BUFFER and
///   GL_DISPATCH_INDIRECT_BUFFER bindings are restored; no GL error is left behind.
/// - Errors: gpusort::Error, thrown before anything is written.
template <class Key, class Value = void>
class BitonicSorter {
  static_assert(is_supported_key<Key>::value,
                "gpusort keys are std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double");
  static_assert(is_supported_value<Value>::value, "gpusort values are 4-byte trivially copyable types");

  /// A program variant. Tile programs (shaders/local_sort.comp) differ in their tile, their
  /// elements per invocation, wide chunks and fused passes (with a shared-memory reserve);
  /// stable sorts use variants that break ties by value. Every variant but the main tile and
  /// global programs is built on the first sort that needs it (prepare() builds them early).
  struct ProgramKey {
    enum class Kernel : std::uint8_t { tile, global_steps, dispatch_args };
    Kernel kernel = Kernel::tile;
    bool stable = false;
    std::uint32_t tile_size = 0;
    std::uint32_t elements = 0;
    bool wide = false;
    bool fused = false;
    std::uint32_t reserve_words = 0;
    bool operator==(const ProgramKey& o) const {
      return kernel == o.kernel && stable == o.stable && tile_size == o.tile_size && elements == o.elements &&
             wide == o.wide && fused == o.fused && reserve_words == o.reserve_words;
    }
  };

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
  BitonicSorter() : BitonicSorter(Tuning{}) {}
  explicit BitonicSorter(const Tuning& tuning) : BitonicSorter(tuning, nullptr) {}

  /// As above, and every program the sorter builds (now, or on first use: stable sorts,
  /// sort_indices, sort_indirect) is first asked of `cache` and loaded as a driver binary;
  /// programs it lacks, or whose binary the driver rejects (another driver version, a
  /// damaged entry), are compiled from source and their binaries stored in it.
  ///   gpusort::FileProgramCache cache(app_cache_directory / "gpusort-programs");
  ///   gpusort::BitonicSorter<float, std::uint32_t> sorter(gpusort::Tuning{}, &cache);
  /// `cache` may be nullptr (no cache). The sorter does not own it: it must outlive the
  /// sorter, which keeps using it for programs built on first use. The cache is only
  /// consulted where the driver offers program binaries (GL_NUM_PROGRAM_BINARY_FORMATS > 0;
  /// Mesa offers none while its own shader cache is disabled). Sorting is the same either way.
  BitonicSorter(const Tuning& tuning, ProgramCache* cache)
      : limits_(detail::query_device_limits()),
        tuning_(detail::resolve_tuning(tuning, limits_, element_bytes, key_bytes)),
        cache_(cache),
        permute_(cache, tuning_.extra_shader_source, limits_.storage_offset_alignment, dispatch_limits()) {
    global_log2_ = detail::ceil_log2(tuning_.global_elements);
    lanes_log2_ = detail::ceil_log2(tuning_.global_vector_width);
    geometry_ = make_geometry(tuning_.tile_size, tuning_.single_dispatch_tile);
    fused_geometry_ = make_geometry(tuning_.fused_tile_size, tuning_.fused_tile_size);
    GLint previous_program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);  // building does not bind, but stay defensive
    build_base_programs(false);
    glUseProgram(static_cast<GLuint>(previous_program));
  }

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
    const detail::SortCall call(limits_, layout_, keys, indices, 0, count);
    if (count == 0) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    check_dispatch_limits(count);
    // Every program the sort needs exists before `indices` is written: a build that throws
    // leaves the caller's data as it was.
    build_programs_for(count, true);
    permute_.program();
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    permute_.iota(indices, 0, count);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    run(keys, indices, 0, 0, count, order, true);
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
  /// `capacity` elements. Leaves GL_DISPATCH_INDIRECT_BUFFER as it was.
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
  /// (the local-sort program of many tiles, the single-dispatch tile, the wide-chunk program
  /// of large key-value sorts, the fused-pass program of sorts that fuse, one per tile size
  /// (Tuning::fused_tile_size) and bound on workgroups per compute unit; with
  /// Stability::stable the stable set and the gather kernel that stable sorts and
  /// sort_indices() use) are built on first use, which on a cold driver cache costs 0.2-1.3 s.
  /// Call it at load time with the counts a frame will sort, so that no frame compiles.
  /// Sorts and dispatches nothing, changes no buffer and leaves the GL state as it was;
  /// throws Error (like sort() would) if a program does not build.
  ///   sorter.prepare(max_particles);  // at load time
  void prepare(std::size_t count, Stability stability = Stability::unstable) {
    detail::require_current_context();
    detail::check_count(count, limits_, key_bytes);
    const bool stable = stability == Stability::stable;
    if (stable && !has_values)
      throw Error("Stability::stable is for key-value sorters; a keys-only sorter prepares with prepare(count)");
    detail::GlStateBackup backup;
    build_programs_for(count, stable);
    if (stable) permute_.program();
  }

  /// prepare() for sort_indirect() with this `capacity`: its passes are planned for the
  /// capacity, and its GPU-side planner is one more program.
  void prepare_indirect(std::size_t capacity) {
    detail::require_current_context();
    detail::check_count(capacity, limits_, key_bytes);
    detail::GlStateBackup backup;
    build_programs_for(capacity, false, false);
    if (capacity >= 2) arguments_program();
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
    if (keys.size() != values.size()) {
      throw Error("keys has " + std::to_string(keys.size()) + " elements but values has " +
                  std::to_string(values.size()) + "; a key-value sort needs exactly one value per key");
    }
    sort_host(keys.data(), values.data(), keys.size(), order, stability);
  }

  /// What sort() dispatches for `count` elements (sort_indirect() plans its capacity
  /// without Tuning::merge_stages).
  Plan plan(std::size_t count) const { return plan_passes(count, tuning_.merge_stages, true); }

  /// The tuning in effect, with every derived field filled in.
  const Tuning& tuning() const { return tuning_; }

  /// The largest count this context can sort in one call (GL_MAX_SHADER_STORAGE_BLOCK_SIZE
  /// over the key size, and 32-bit GPU indexing).
  std::size_t max_count() const { return detail::max_sort_count(limits_, key_bytes); }

 private:
  /// A tile size and what the pass schedule derives from it: Tuning::tile_size for most
  /// sorts, Tuning::fused_tile_size for the fused sorts that take it (fused_plan()).
  struct Geometry {
    std::uint32_t tile_size = 0;
    std::uint32_t tile_log2 = 0;
    std::uint32_t window_log2 = 0;       // most wide steps per window pass (tile_log2 - log2(window_run))
    std::uint32_t single_tile_log2 = 0;  // counts up to 2^this above the tile: one dispatch
  };

  Geometry make_geometry(std::uint32_t tile_size, std::uint32_t single_dispatch_tile) const {
    Geometry geometry;
    geometry.tile_size = tile_size;
    geometry.tile_log2 = detail::ceil_log2(tile_size);
    geometry.window_log2 = geometry.tile_log2 - detail::ceil_log2(tuning_.window_run);
    geometry.single_tile_log2 = detail::ceil_log2(single_dispatch_tile);
    return geometry;
  }

  const Geometry& geometry(bool fused_tile) const { return fused_tile ? fused_geometry_ : geometry_; }

  /// The tile program's source for tiles of `tile_size` elements, `elements` per invocation.
  /// Only the programs with local_elements at tile_size or fused_tile_size run window passes,
  /// so only they may take the direct window path (whose layouts exist for 8 elements and
  /// tiles of 512 .. 4096).
  /// `wide`: with wide chunks (where subgroups are used).
  /// `fused`: runs several passes per dispatch (shaders/local_sort.comp, fused_main()), with
  /// `reserve_words` words of shared memory reserved beside the tile.
  detail::ProgramSource tile_program_source(std::uint32_t tile_size, std::uint32_t elements, bool tie_break,
                                            bool wide = false, bool fused = false,
                                            std::uint32_t reserve_words = 0) const {
    // Emulated subgroups are 32 wide. A program the subgroups do not fit (a single-dispatch or
    // sort program of other sizes) takes the shared-memory path.
    const std::uint32_t subgroup_size = tuning_.emulate_subgroups ? 32u : limits_.subgroup_size;
    const std::uint32_t group_size = tile_size / elements;
    const bool subgroups = tuning_.use_subgroups && detail::subgroups_fit(tile_size, elements, subgroup_size);
    const bool window_program = tile_size == tuning_.tile_size || tile_size == tuning_.fused_tile_size;
    const bool direct = subgroups && tuning_.direct_tile_io && elements == tuning_.local_elements &&
                        window_program && tile_size >= 512;
    return {"local_sort",
            {prelude(detail::ceil_log2(elements), group_size) + tie_break_define(tie_break) + "#define TILE_LOG2 " +
                 std::to_string(detail::ceil_log2(tile_size)) + "u\n#define SUBGROUP_LOG2 " +
                 std::to_string(subgroups ? detail::ceil_log2(subgroup_size) : 0u) +
                 "u\n#define SUBGROUP_EMULATION " + (subgroups && tuning_.emulate_subgroups ? "1" : "0") +
                 "\n#define DIRECT_TILE_IO " + (direct ? "1" : "0") + "\n#define WIDE_CHUNKS " +
                 (wide && subgroups ? "1" : "0") + "\n" +
                 (fused ? "#define FUSED_PASSES 1\n#define FUSED_RESERVE_WORDS " + std::to_string(reserve_words) + "u\n"
                        : ""),
             detail::shaders::bitonic_tile_config_glsl, detail::shaders::common_shader_interface_h,
             detail::shaders::bitonic_bitonic_interface_h, detail::shaders::common_elements_glsl,
             detail::shaders::bitonic_registers_glsl, detail::shaders::bitonic_tile_kernel_comp}};
  }

  bool separate_sort_program() const { return tuning_.local_sort_elements != tuning_.local_elements; }

  detail::ProgramSource global_program_source(bool tie_break) const {
    return {"global_steps", {prelude(global_log2_, tuning_.global_group_size) + tie_break_define(tie_break) +
                                 "#define LANES " + std::to_string(tuning_.global_vector_width) + "\n",
                             detail::shaders::common_shader_interface_h, detail::shaders::bitonic_bitonic_interface_h,
                             detail::shaders::common_elements_glsl, detail::shaders::bitonic_registers_glsl,
                             detail::shaders::bitonic_global_steps_comp}};
  }

  static std::string tie_break_define(bool tie_break) {
    return std::string("#define TIE_BREAK ") + (tie_break ? "1" : "0") + "\n";
  }

  /// The source of a program variant.
  detail::ProgramSource program_source(const ProgramKey& key) const {
    switch (key.kernel) {
      case ProgramKey::Kernel::global_steps:
        return global_program_source(key.stable);
      case ProgramKey::Kernel::dispatch_args:
        return arguments_program_source();
      case ProgramKey::Kernel::tile:
        break;
    }
    return tile_program_source(key.tile_size, key.elements, key.stable, key.wide, key.fused, key.reserve_words);
  }

  /// A program variant, built on the first sort that needs it.
  GLuint program(const ProgramKey& key) {
    return programs_.get(key, cache_, [this](const ProgramKey& k) { return program_source(k); });
  }

  static ProgramKey tile_key(std::uint32_t tile_size, std::uint32_t elements, bool stable, bool wide = false,
                             bool fused = false, std::uint32_t reserve_words = 0) {
    return ProgramKey{ProgramKey::Kernel::tile, stable, tile_size, elements, wide, fused, reserve_words};
  }

  static ProgramKey global_key(bool stable) {
    ProgramKey key;
    key.kernel = ProgramKey::Kernel::global_steps;
    key.stable = stable;
    return key;
  }

  /// The main tile program and the global program of the unstable or the stable set, in one
  /// batch, so that the driver may compile both at once.
  void build_base_programs(bool stable) {
    programs_.build({tile_key(tuning_.tile_size, tuning_.local_elements, stable), global_key(stable)}, cache_,
                    [this](const ProgramKey& k) { return program_source(k); });
  }

  /// The local-sort program of many tiles. On first use: its 16-key variant took the H200's
  /// driver 1.1-1.3 s to compile cold, which sorts of fewer tiles should not pay.
  GLuint sort_program(bool stable) {
    return program(tile_key(tuning_.tile_size, tuning_.local_sort_elements, stable));
  }

  GLuint single_tile_program(bool stable) {
    return program(tile_key(tuning_.single_dispatch_tile, tuning_.single_tile_elements, stable));
  }

  /// The wide-chunk program is separate: compiled into the tile program that small sorts use,
  /// the path cost them time even where no wide chunk ran (H200, pairs 2^16: 112.6 against
  /// 111.0 us; registers).
  GLuint wide_program(bool stable) { return program(tile_key(tuning_.tile_size, tuning_.local_elements, stable, true)); }

  /// The local program with fused passes, at Tuning::fused_tile_size if `fused_tile` (else
  /// tile_size), that lets at most `per_unit` workgroups (1 or 2; 0: any number) share a
  /// compute unit. Separate: the ticket, the pass table and coherent data accesses stay out
  /// of the program that runs one pass per dispatch.
  GLuint fused_program(bool stable, std::uint32_t per_unit, bool fused_tile) {
    const std::uint32_t tile_size = geometry(fused_tile).tile_size;
    return program(
        tile_key(tile_size, tuning_.local_elements, stable, false, true, fused_reserve_words(per_unit, tile_size)));
  }

  /// Shared-memory words the fused program reserves beside its tile so that at most
  /// `per_unit` workgroups fit on one compute unit, taking GL_MAX_COMPUTE_SHARED_MEMORY_SIZE
  /// as what a unit's workgroups share (NVIDIA under GL: 48 KiB per SM, found with
  /// bench/occupancy_probe.cpp): more than 1 / (per_unit + 1) of it per workgroup (with 256
  /// bytes to spare for the driver's rounding).
  std::uint32_t fused_reserve_words(std::uint32_t per_unit, std::uint32_t tile_size) const {
    if (per_unit == 0) return 0;
    const std::uint64_t tile_bytes =
        std::uint64_t{tile_size} * (element_bytes + (tuning_.emulate_subgroups ? 4u : 0u));
    const std::uint64_t group_bytes = limits_.max_shared_bytes / (per_unit + 1) + 256;
    return group_bytes > tile_bytes && group_bytes <= limits_.max_shared_bytes
               ? static_cast<std::uint32_t>((group_bytes - tile_bytes + 3) / 4)
               : 0u;
  }

  /// The passes [first, end) of a direct sort of `count` elements in tiles of
  /// geometry(fused_tile) that run in one fused dispatch (Tuning::fused_passes_max_count);
  /// empty (end == 0) where none do. per_unit: the fused program to run them with (see
  /// fused_program()).
  struct FusedRange {
    std::size_t first = 0;
    std::size_t end = 0;
    std::uint32_t per_unit = 0;
    std::size_t size() const { return end - first; }
  };

  FusedRange fused_range(std::size_t count, bool merge_stages, bool fused_tile) const {
    FusedRange range;
    // Only passes of the local program fuse. (A one-dispatch sort has one pass: range.size() < 2.)
    if (tuning_.fused_passes_max_count == Tuning::never || count > tuning_.fused_passes_max_count ||
        uses_wide_program(count) || tile_passes_in_sort_program(count))
      return range;
    const Geometry& tiles = geometry(fused_tile);
    // In fused tiles the local sort is one of the fused passes, whatever the count.
    const bool many_tiles = !fused_tile && uses_sort_program(count);
    bool register_passes = false;
    std::size_t passes = 0;
    std::uint64_t items = 0;  // a workgroup each
    std::uint64_t widest = 0;  // the most tiles one pass has
    detail::for_each_pass(count, schedule(merge_stages, tiles), [&](const detail::Pass& pass) {
      register_passes = register_passes || pass.kind == detail::Pass::Kind::global_steps;
      if (passes > 0 || !many_tiles) {
        items += pass_groups(pass, count, tiles);
        widest = std::max(widest, pass_groups(pass, count, tiles));
      }
      ++passes;
    });
    // A local sort in the sort program is a dispatch of its own.
    range.first = many_tiles ? 1 : 0;
    range.end = passes;
    const std::uint64_t capacity = dispatch_limits().capacity();
    if (register_passes || range.size() < 2 || range.size() > GPUSORT_FUSED_MAX_PASSES || items > capacity ||
        items > 0xFFFFFFFFu)
      return FusedRange{};
    // A pass ends with its slowest tile, and a tile sharing its compute unit with another of
    // the same pass takes longer: once the workgroups outnumber the units (before that each
    // has one of its own), let only as many share a unit as the widest pass needs, if that is
    // 1 or 2. H200, keys 2^19 (128 tiles a pass, 132 SMs): 72.6 us with 1 per SM, 95 with 2,
    // 118 with 3 (what 16 KiB tiles allow); 2^20: 115 us with 2, 156 with 1, 137 with 3
    // (bench/results/h200-2026-11-22-fused-reserve-probe.txt).
    const std::uint32_t units = tuning_.compute_units;
    const std::uint64_t per_unit = units != 0 ? (widest + units - 1) / units : 0;
    if (items > units && per_unit <= 2 &&
        fused_reserve_words(static_cast<std::uint32_t>(per_unit), tiles.tile_size) != 0)
      range.per_unit = static_cast<std::uint32_t>(per_unit);
    return range;
  }

  /// The tile size a sort plans with (fused_tile: Tuning::fused_tile_size) and its passes that fuse.
  struct FusedPlan {
    bool fused_tile = false;
    FusedRange range;
  };

  /// How a sort of `count` elements fuses its passes: in Tuning::fused_tile_size tiles where
  /// it has more than 4 and at most one per compute unit and its passes fuse in them, else in
  /// tile_size tiles (range empty where none fuse). `direct`: the CPU knows the count (not
  /// sort_indirect(), which never fuses).
  FusedPlan fused_plan(std::size_t count, bool merge_stages, bool direct) const {
    FusedPlan plan;
    if (!direct) return plan;
    const std::uint64_t tile = tuning_.fused_tile_size;
    if (tile < tuning_.tile_size && count > 4 * tile && count <= tile * tuning_.compute_units &&
        !uses_single_tile(count)) {
      plan.range = fused_range(count, merge_stages, true);
      plan.fused_tile = plan.range.size() != 0;
      if (plan.fused_tile) return plan;
    }
    plan.range = fused_range(count, merge_stages, false);
    return plan;
  }

  /// Whether the tile passes of a sort planned for `planned_count` elements take the wide
  /// program (a single-dispatch tile sort never does).
  bool uses_wide_program(std::size_t planned_count) const {
    return tuning_.wide_chunk_min_count != Tuning::never && planned_count >= tuning_.wide_chunk_min_count &&
           detail::ceil_log2(planned_count) > geometry_.single_tile_log2;
  }

  /// Whether the tile passes after the local sort of such a sort run in the sort program too
  /// (Tuning::sort_program_passes_min_count), unless the wide program takes them.
  bool tile_passes_in_sort_program(std::size_t planned_count) const {
    return uses_sort_program(planned_count) && planned_count >= tuning_.sort_program_passes_min_count;
  }

  /// Whether a sort planned for `planned_count` elements starts with the sort program.
  bool uses_sort_program(std::size_t planned_count) const {
    return separate_sort_program() && detail::ceil_log2(planned_count) > geometry_.tile_log2 &&
           (std::uint64_t{planned_count} + tuning_.tile_size - 1) / tuning_.tile_size >= tuning_.local_sort_min_tiles;
  }

  /// Every tile program a sort planned for `planned_count` elements takes that the
  /// constructor did not build (and, for stable sorts, the stable set itself).
  /// `direct`: the CPU knows the count (not sort_indirect(), which never fuses passes).
  void build_programs_for(std::size_t planned_count, bool stable, bool direct = true) {
    if (stable) build_base_programs(true);
    const FusedPlan fused = fused_plan(planned_count, tuning_.merge_stages, direct);
    if (uses_single_tile(planned_count)) single_tile_program(stable);
    if (uses_sort_program(planned_count) && !fused.fused_tile) sort_program(stable);
    if (uses_wide_program(planned_count)) wide_program(stable);
    if (fused.range.size() != 0) fused_program(stable, fused.range.per_unit, fused.fused_tile);
  }

  /// Whether a sort planned for `planned_count` elements is one single-dispatch tile sort.
  bool uses_single_tile(std::size_t planned_count) const {
    const std::uint32_t stages = detail::ceil_log2(planned_count);
    return stages > geometry_.tile_log2 && stages <= geometry_.single_tile_log2;
  }

  std::string prelude(std::uint32_t elements_log2, std::uint32_t group_size) const {
    return "#version 430 core\n"
           // NVIDIA's compiler otherwise may keep small loops that index register arrays.
           "#pragma optionNV(unroll all)\n"
           "#define KEY_KIND " + std::to_string(KeyTraits<Key>::glsl_kind) + "u\n" +
           "#define KEY_WORDS " + std::to_string(key_bytes / 4) + "\n" +
           "#define HAS_VALUES " + (has_values ? "1" : "0") + "\n" +
           "#define ELEMS_LOG2 " + std::to_string(elements_log2) + "u\n" +
           "#define GROUP_SIZE " + std::to_string(group_size) + "u\n" + tuning_.extra_shader_source + "\n";
  }

  void sort_buffers(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order) {
    const detail::SortCall call(limits_, layout_, keys, values, first, count);
    run(keys, values, first, first, count, order, false);
  }

  /// Stable key-value sort: sorts (key, original index) pairs with ties broken by index,
  /// then gathers the values through the sorted indices into scratch and copies them back.
  void sort_buffers_stable(GLuint keys, GLuint values, std::size_t first, std::size_t count, Order order) {
    const detail::SortCall call(limits_, layout_, keys, values, first, count);
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    check_dispatch_limits(count);
    detail::sort_values_stably(permute_, scratch_[2], scratch_[3], values, first, count, [&](GLuint indices) {
      run(keys, indices, first, 0, count, order, true);
    });
    glMemoryBarrier(sort_completion_barrier);
  }

  void sort_buffers_indirect(GLuint keys, GLuint values, GLuint count_buffer, std::size_t count_offset,
                             std::size_t capacity, Order order) {
    const detail::SortCall call(limits_, layout_, keys, values, 0, capacity);
    detail::check_indirect_count(count_buffer, count_offset, keys, values, capacity, layout_);
    run_indirect(keys, values, count_buffer, static_cast<GLuint>(count_offset / sizeof(std::uint32_t)), capacity,
                 order);
  }

  template <class V>
  void sort_host(Key* keys, V* values, std::size_t count, Order order, Stability stability) {
    detail::require_current_context();
    detail::check_count(count, limits_, key_bytes);
    if (count < 2) return;
    const std::size_t keys_size = count * key_bytes;
    const std::size_t values_size = count * value_bytes;
    {
      detail::GlStateBackup backup;
      scratch_[0].reserve(keys_size, keys);
      if (has_values) scratch_[1].reserve(values_size, values);
    }
    if (stability == Stability::stable) {
      sort_buffers_stable(scratch_[0].name(), scratch_[1].name(), 0, count, order);
    } else {
      detail::GlStateBackup backup;
      run(scratch_[0].name(), scratch_[1].name(), 0, 0, count, order, false);
    }
    detail::GlStateBackup backup;
    glBindBuffer(GL_COPY_READ_BUFFER, scratch_[0].name());
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(keys_size), keys);
    if (has_values) {
      glBindBuffer(GL_COPY_READ_BUFFER, scratch_[1].name());
      glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(values_size), values);
    }
  }

  detail::DispatchLimits dispatch_limits() const { return {tuning_.max_workgroups_x, limits_.max_groups_y}; }

  std::uint64_t dispatch(std::uint64_t groups) { return detail::dispatch_workgroups(groups, dispatch_limits()); }

  /// Checks that every dispatch of the plan fits the work group count limits, so a
  /// sort never stops half way.
  void check_dispatch_limits(std::size_t count) const {
    const std::uint64_t capacity = dispatch_limits().capacity();
    const std::uint64_t padded = std::uint64_t{1} << detail::ceil_log2(count);
    // Window passes cover whole 2^k blocks: up to padded / tile_size workgroups.
    const std::uint64_t tiles = (padded + tuning_.tile_size - 1) / tuning_.tile_size;
    const std::uint64_t global_groups =
        (padded / tuning_.global_elements / tuning_.global_vector_width + tuning_.global_group_size - 1) /
        tuning_.global_group_size;
    if (tiles > capacity || global_groups > capacity) {
      throw Error("sorting " + std::to_string(count) + " elements needs more workgroups than "
                  "GL_MAX_COMPUTE_WORK_GROUP_COUNT allows (" + std::to_string(tuning_.max_workgroups_x) + " x " +
                  std::to_string(limits_.max_groups_y) + "): raise Tuning::max_workgroups_x or sort fewer elements");
    }
  }

  /// Element index of each range's first element inside its bound range (u_base,
  /// u_value_base); for 64-bit keys u_base counts keys, not words.
  struct Bases {
    GLuint keys = 0;
    GLuint values = 0;
  };

  /// Binds elements [key_first, key_first + count) of keys and [value_first, ...) of
  /// values to their binding points.
  Bases bind_range(GLuint keys, GLuint values, std::size_t key_first, std::size_t value_first, std::size_t count) {
    Bases bases;
    const std::uint32_t alignment = limits_.storage_offset_alignment;
    bases.keys = detail::bind_elements(GPUSORT_BINDING_KEYS, keys, key_first, count, key_bytes, alignment);
    if (has_values) bases.values = detail::bind_words(GPUSORT_BINDING_VALUES, values, value_first, count, alignment);
    return bases;
  }

  /// Where the element count comes from, set on every program of a sort.
  struct CountSource {
    GLuint count = 0;          // u_count: the count, when the CPU knows it
    GLuint from_buffer = GPUSORT_COUNT_FROM_UNIFORM;  // u_count_source
    GLuint word = 0;           // u_count_word: the count's word at GPUSORT_BINDING_COUNT_BUFFER
    GLuint capacity = 0;       // u_capacity
  };

  /// Walks the passes planned for `planned_count` elements, binding programs and setting
  /// uniforms; dispatch(pass, index, workgroups) issues each pass's dispatch.
  template <class Dispatch>
  void run_passes(std::size_t planned_count, const Bases& bases, const CountSource& source, Order order, bool stable,
                  Dispatch&& dispatch_pass) {
    // A count from the GPU is planned stage by stage: dispatch_args.comp mirrors that walk.
    const bool merge_stages = tuning_.merge_stages && source.from_buffer == 0;
    if (stable) build_base_programs(true);
    // Passes fused into one dispatch: only where the CPU knows the count (and so every
    // pass's tiles); fused sorts that leave compute units idle run in smaller tiles
    // (Tuning::fused_tile_size).
    const FusedPlan fusing = fused_plan(planned_count, merge_stages, source.from_buffer == 0);
    const bool fused_tile = fusing.fused_tile;
    const FusedRange& fused = fusing.range;
    const Geometry& tiles = geometry(fused_tile);
    // Built before anything is bound or dispatched, so that a failing build changes nothing.
    const bool single_tile = uses_single_tile(planned_count);
    const GLuint single_tile_name = single_tile ? single_tile_program(stable) : 0;
    // Many tiles in flight: the local sort takes the sort program (Tuning::local_sort_elements).
    const bool many_tiles = !fused_tile && uses_sort_program(planned_count);
    const GLuint sort_name = many_tiles ? sort_program(stable) : 0;
    // Large sorts run their other tile passes with wide chunks (Tuning::wide_chunk_min_count),
    // or with the sort program (Tuning::sort_program_passes_min_count).
    const GLuint tile_name = uses_wide_program(planned_count)             ? wide_program(stable)
                             : tile_passes_in_sort_program(planned_count) ? sort_name
                                                                          : program(tile_key(tuning_.tile_size, tuning_.local_elements, stable));
    const GLuint fused_name = fused.size() != 0 ? fused_program(stable, fused.per_unit, fused_tile) : 0;
    FusedTable table;
    GLuint bound = 0;
    const auto use = [&](GLuint program) {
      if (bound == program) return;
      glUseProgram(program);
      set_count_uniforms(source);
      glUniform1ui(GPUSORT_LOCATION_BASE, bases.keys);
      if (has_values) glUniform1ui(GPUSORT_LOCATION_VALUE_BASE, bases.values);
      bound = program;
    };
    std::size_t index = 0;
    detail::for_each_pass(planned_count, schedule(merge_stages, tiles), [&](const detail::Pass& pass) {
      const std::uint64_t groups = pass_groups(pass, planned_count, tiles);
      if (index >= fused.first && index < fused.end) {
        table.add(pass, groups);
        if (++index < fused.end) return;
        if (fused.first != 0) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        use(fused_name);
        glUniform1ui(GPUSORT_LOCATION_KEY_XOR, order_xor(order));
        run_fused(table, fused_reserve_words(fused.per_unit, tiles.tile_size));
        return;
      }
      if (index != 0) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      if (pass.kind == detail::Pass::Kind::global_steps) {
        use(program(global_key(stable)));
        glUniform1ui(GPUSORT_GLOBAL_LOCATION_STAGE, pass.stage);
        glUniform1ui(GPUSORT_GLOBAL_LOCATION_P_HI, pass.p_hi);
        glUniform1ui(GPUSORT_GLOBAL_LOCATION_P_LO, pass.p_lo);
        glUniform1ui(GPUSORT_GLOBAL_LOCATION_FLIP, pass.flip ? 1u : 0u);
      } else {
        use(pass.kind == detail::Pass::Kind::single_tile_sort                ? single_tile_name
            : pass.kind == detail::Pass::Kind::local_sort && many_tiles ? sort_name
                                                                           : tile_name);
        glUniform1ui(GPUSORT_LOCATION_KEY_XOR, order_xor(order));  // only the tile kernel maps keys
        const GLuint mode = tile_mode(pass);
        glUniform1ui(GPUSORT_TILE_LOCATION_MODE, mode);
        glUniform1ui(GPUSORT_TILE_LOCATION_STAGE, pass.stage);
        if (mode != GPUSORT_TILE_LOCAL_SORT) glUniform1ui(GPUSORT_TILE_LOCATION_P_HI, pass.p_hi);
        if (mode == GPUSORT_TILE_WINDOW) {
          glUniform1ui(GPUSORT_TILE_LOCATION_P_LO, pass.p_lo);
          glUniform1ui(GPUSORT_TILE_LOCATION_FLIP, pass.flip ? 1u : 0u);
          glUniform1ui(GPUSORT_TILE_LOCATION_PRE, pass.pre);
        }
      }
      GPUSORT_PASS_HOOK(pass, false);
      dispatch_pass(pass, index++, groups);
      GPUSORT_PASS_HOOK(pass, true);
    });
    glMemoryBarrier(sort_completion_barrier);
  }

  /// The tile kernel's mode (u_mode) for a pass that is not a register pass.
  static GLuint tile_mode(const detail::Pass& pass) {
    switch (pass.kind) {
      case detail::Pass::Kind::window_steps:
        return GPUSORT_TILE_WINDOW;
      case detail::Pass::Kind::local_disperse:
        return GPUSORT_TILE_LOCAL_DISPERSE;
      default:
        return GPUSORT_TILE_LOCAL_SORT;  // local_sort, single_tile_sort
    }
  }

  /// The count uniforms every kernel of a sort declares (shaders/common/elements.glsl).
  static void set_count_uniforms(const CountSource& source) {
    glUniform1ui(GPUSORT_LOCATION_COUNT, source.count);
    glUniform1ui(GPUSORT_LOCATION_COUNT_SOURCE, source.from_buffer);
    glUniform1ui(GPUSORT_LOCATION_COUNT_WORD, source.word);
    glUniform1ui(GPUSORT_LOCATION_CAPACITY, source.capacity);
  }

  /// The passes of one fused dispatch, as the tile program's uniforms take them.
  struct FusedTable {
    GLuint passes[4 * GPUSORT_FUSED_MAX_PASSES] = {};  // u_fused_pass
    GLuint first_item[GPUSORT_FUSED_MAX_PASSES] = {};  // u_fused_first_item
    std::size_t count = 0;
    GLuint items = 0;  // tiles of every pass
    GLuint steps = 0;
    detail::Pass last_pass{};

    void add(const detail::Pass& pass, std::uint64_t tiles) {
      const GLuint mode = tile_mode(pass);
      const bool window = mode == GPUSORT_TILE_WINDOW;
      GLuint* entry = passes + 4 * count;
      entry[0] = detail::fused_pass_code(mode, window && pass.flip, window ? pass.pre : 0u);
      entry[1] = pass.stage;
      entry[2] = pass.p_hi;
      entry[3] = pass.p_lo;
      first_item[count] = items;
      last_pass = pass;
      ++count;
      items += static_cast<GLuint>(tiles);
      steps += pass.steps;
    }
  };

  /// The fused dispatch of `table`'s passes with the fused program in use: a workgroup per
  /// tile of every pass (a split over y may launch a few more, which find no item).
  /// `reserve_words`: the fused program's reserve (fused_reserve_words()).
  void run_fused(FusedTable& table, std::uint32_t reserve_words) {
    for (std::size_t p = table.count; p < GPUSORT_FUSED_MAX_PASSES; ++p) table.first_item[p] = GPUSORT_FUSED_NO_ITEM;
    if (pass_sync_.name() == 0) {
      const GLuint zero[2] = {0, 0};
      pass_sync_.reserve(sizeof zero, zero);
      tickets_taken_ = 0;
      items_finished_ = 0;
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_BINDING_PASS_SYNC, pass_sync_.name());
    glUniform1ui(GPUSORT_FUSED_LOCATION_TICKET_BASE, tickets_taken_);
    glUniform1ui(GPUSORT_FUSED_LOCATION_FINISHED_BASE, items_finished_);
    glUniform1ui(GPUSORT_FUSED_LOCATION_ITEMS, table.items);
    glUniform4uiv(GPUSORT_FUSED_LOCATION_PASSES, GPUSORT_FUSED_MAX_PASSES, table.passes);
    glUniform1uiv(GPUSORT_FUSED_LOCATION_FIRST_ITEMS, GPUSORT_FUSED_MAX_PASSES, table.first_item);
    if (reserve_words != 0) glUniform1ui(GPUSORT_FUSED_LOCATION_TICKET_WORD, reserve_words - 1);
    detail::Pass hooked = table.last_pass;
    hooked.kind = detail::Pass::Kind::fused_passes;
    hooked.first = table.passes[0] == GPUSORT_TILE_LOCAL_SORT;  // starts with the local sort: reads raw keys
    hooked.steps = table.steps;
    GPUSORT_PASS_HOOK(hooked, false);
    const std::uint64_t launched = dispatch(table.items);
    GPUSORT_PASS_HOOK(hooked, true);
    // Every workgroup takes a ticket (unsigned wrap-around is intended).
    tickets_taken_ += static_cast<GLuint>(launched);
    items_finished_ += table.items;
  }

  detail::Schedule schedule(bool merge_stages, const Geometry& tiles) const {
    return detail::Schedule{tiles.tile_log2, global_log2_, tiles.window_log2, tiles.single_tile_log2, merge_stages};
  }

  /// `direct`: the CPU knows the count, so passes may be fused (not sort_indirect()).
  Plan plan_passes(std::size_t count, bool merge_stages, bool direct) const {
    Plan plan;
    const FusedPlan fused = fused_plan(count, merge_stages, direct);
    detail::for_each_pass(count, schedule(merge_stages, geometry(fused.fused_tile)), [&](const detail::Pass& pass) {
      ++plan.dispatches;
      ++plan.memory_passes;
      plan.network_steps += pass.steps;
    });
    if (fused.range.size() != 0) plan.dispatches -= fused.range.size() - 1;
    return plan;
  }

  /// Workgroups a pass needs for `count` elements in `tiles`; the kernels derive the same numbers.
  std::uint64_t pass_groups(const detail::Pass& pass, std::size_t count, const Geometry& tiles) const {
    if (pass.kind == detail::Pass::Kind::single_tile_sort) return 1;
    const bool wide = pass.kind == detail::Pass::Kind::global_steps || pass.kind == detail::Pass::Kind::window_steps;
    if (!wide) return (count + tiles.tile_size - 1) / tiles.tile_size;
    // Only the 2^k blocks that hold elements: one window tile per 2^tile_log2 of them, or
    // one invocation per coset.
    const std::uint64_t blocks = (std::uint64_t{count} + (std::uint64_t{1} << pass.stage) - 1) >> pass.stage;
    if (pass.kind == detail::Pass::Kind::window_steps) return blocks << (pass.stage - tiles.tile_log2);
    const std::uint64_t threads = blocks << (pass.stage - global_log2_ - lanes_log2_);
    return (threads + tuning_.global_group_size - 1) / tuning_.global_group_size;
  }

  void run(GLuint keys, GLuint values, std::size_t key_first, std::size_t value_first, std::size_t count, Order order,
           bool stable) {
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    check_dispatch_limits(count);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    const Bases bases = bind_range(keys, values, key_first, value_first, count);
    // The kernels declare the count block; a direct sort never reads it, but binds
    // something valid there all the same.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_BINDING_COUNT_BUFFER, keys);
    CountSource source;
    source.count = static_cast<GLuint>(count);
    run_passes(count, bases, source, order, stable,
               [&](const detail::Pass&, std::size_t, std::uint64_t groups) { dispatch(groups); });
  }

  /// The source of sort_indirect()'s GPU-side planner (shaders/dispatch_args.comp).
  detail::ProgramSource arguments_program_source() const {
    return {"dispatch_args",
            {prelude(global_log2_, 1) + "#define TILE_LOG2 " + std::to_string(geometry_.tile_log2) +
                 "u\n#define WINDOW_LOG2 " + std::to_string(geometry_.window_log2) + "u\n#define SINGLE_TILE_LOG2 " +
                 std::to_string(geometry_.single_tile_log2) + "u\n#define LANES_LOG2 " + std::to_string(lanes_log2_) +
                 "u\n#define GLOBAL_GROUP_SIZE " + std::to_string(tuning_.global_group_size) + "u\n",
             detail::shaders::common_shader_interface_h, detail::shaders::bitonic_bitonic_interface_h,
             detail::shaders::common_elements_glsl, detail::shaders::bitonic_dispatch_args_comp}};
  }

  /// sort_indirect()'s GPU-side planner, built on first use.
  GLuint arguments_program() {
    ProgramKey key;
    key.kernel = ProgramKey::Kernel::dispatch_args;
    return program(key);
  }

  void run_indirect(GLuint keys, GLuint values, GLuint count_buffer, GLuint count_word, std::size_t capacity,
                    Order order) {
    if (capacity < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    check_dispatch_limits(capacity);
    // Built before anything is bound or written.
    const GLuint arguments_name = arguments_program();
    const std::size_t passes = plan_passes(capacity, false, false).dispatches;
    const std::size_t argument_bytes = passes * GPUSORT_ARGUMENTS_WORDS_PER_PASS * sizeof(GLuint);
    if (arguments_.bytes() < argument_bytes) arguments_.reserve(argument_bytes);
    // The count may come from shader stores or an atomic counter just before.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_ATOMIC_COUNTER_BARRIER_BIT);
    const Bases bases = bind_range(keys, values, 0, 0, capacity);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_BINDING_COUNT_BUFFER, count_buffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_BINDING_ARGUMENTS, arguments_.name());
    CountSource source;
    source.from_buffer = GPUSORT_COUNT_FROM_BUFFER;
    source.word = count_word;
    source.capacity = static_cast<GLuint>(capacity);
    glUseProgram(arguments_name);
    set_count_uniforms(source);
    glUniform1ui(GPUSORT_ARGUMENTS_LOCATION_CAPACITY_STAGES, detail::ceil_log2(capacity));
    glUniform1ui(GPUSORT_ARGUMENTS_LOCATION_MAX_GROUPS_X, tuning_.max_workgroups_x);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, arguments_.name());
    run_passes(capacity, bases, source, order, false, [&](const detail::Pass&, std::size_t index, std::uint64_t) {
      glDispatchComputeIndirect(static_cast<GLintptr>(index * GPUSORT_ARGUMENTS_WORDS_PER_PASS * sizeof(GLuint)));
    });
  }

  detail::DeviceLimits limits_;
  Tuning tuning_;
  ProgramCache* cache_ = nullptr;  // not owned; nullptr: programs are always compiled
  std::uint32_t global_log2_ = 0;
  std::uint32_t lanes_log2_ = 0;
  Geometry geometry_;        // Tuning::tile_size
  Geometry fused_geometry_;  // Tuning::fused_tile_size
  detail::ProgramSlots<ProgramKey> programs_;
  detail::WordPermute permute_;  // stable sorts and sort_indices()
  // 0, 1: host keys and values; 2, 3: stable-sort indices and gathered values.
  detail::GlBuffer scratch_[4];
  detail::GlBuffer arguments_;  // sort_indirect()'s DispatchIndirectCommands, one per pass
  // Fused passes: the counters (shaders/local_sort.comp, PassSync), created on first use,
  // and the values they hold once every fused dispatch issued so far has run.
  detail::GlBuffer pass_sync_;
  GLuint tickets_taken_ = 0;
  GLuint items_finished_ = 0;
};

}  // namespace gpusort
