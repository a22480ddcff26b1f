// gpusort::RadixSorter (radix/* with the default path, radix_rts/* with reduce-then-scan forced)
// and the front door gpusort::Sorter (sorter/*), on the same data and in the same timed loop as
// the network's bitonic/* families. Radix results are checked exactly against a stable sort.

// GL declarations must precede gpusort; glad is what the headless context loads.
#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <cstdint>
#include <memory>
#include <type_traits>

#include "gl_buffer.hpp"
#include "gpu_sort_run.hpp"
#include "sort_benchmarks.hpp"

namespace gpusort_bench {
namespace {

// Digit passes of a radix sort by `bits` key bits: its full read+write sweeps over the keys
// (and values). The histogram's read (Onesweep) or the upsweeps' (reduce-then-scan) are not
// counted, so the GB/s these give is a lower bound on the traffic, as for CUB.
std::size_t digit_passes(std::uint32_t bits, std::uint32_t digit_bits) { return (bits + digit_bits - 1) / digit_bits; }

template <class Key, class Value>
void register_radix(BenchEnvironment& env, const char* name, KeyKind kind, gpusort::RadixPath path,
                    gpusort::BitRange bits = {}, KeyDistribution distribution = KeyDistribution::random) {
  using Sorter = gpusort::RadixSorter<Key, Value>;
  GpuSortCase base;
  base.name = name;
  base.kind = kind;
  base.distribution = distribution;
  base.with_values = !std::is_void_v<Value>;
  base.stable = true;
  base.end_bit = static_cast<int>(bits.end_bit);
  register_sorter_family<Sorter>(
      env, base,
      [path] {
        gpusort::RadixTuning tuning;
        tuning.path = path;
        return std::make_unique<Sorter>(tuning);
      },
      [bits](const Sorter& sorter, std::size_t, GpuSortCase& run) {
        const std::uint32_t key_bits = bits.end_bit == 0 ? 8 * sizeof(Key) : bits.end_bit - bits.begin_bit;
        const std::size_t passes = digit_passes(key_bits, sorter.tuning().digit_bits);
        const bool onesweep = sorter.tuning().path == gpusort::RadixPath::onesweep;
        run.memory_passes = passes + passes % 2;  // an odd count ends with a copy back
        run.dispatches = (onesweep ? 2 + passes : 1 + 3 * passes) + passes % 2;
      },
      [bits](Sorter& sorter, gpusort::BufferView keys, gpusort::BufferView values, std::size_t n) {
        if constexpr (std::is_void_v<Value>) {
          (void)values;
          sorter.sort(keys, n, gpusort::Order::ascending, bits);
        } else {
          sorter.sort(keys, values, n, gpusort::Order::ascending, bits);
        }
      });
}

// Passes and dispatches of the algorithm the front door picks; the radix figures as in register_radix.
template <class Key, class Value>
void describe_front_door(gpusort::Sorter<Key, Value>& sorter, std::size_t count, gpusort::Stability stability,
                         GpuSortCase& run, gpusort::BitRange bits = {}) {
  if (sorter.algorithm_for(count, stability, bits) == gpusort::Algorithm::bitonic) {
    const gpusort::BitonicPlan plan = sorter.bitonic().plan(count);
    run.memory_passes = plan.memory_passes;
    run.dispatches = plan.dispatches;
  } else {
    const std::uint32_t key_bits = bits.end_bit == 0 ? 8 * sizeof(Key) : bits.end_bit - bits.begin_bit;
    const std::size_t passes = digit_passes(key_bits, sorter.radix().tuning().digit_bits);
    run.memory_passes = passes + passes % 2;
    run.dispatches = 0;  // not tracked for the front door's radix calls
  }
}

// The front door on the same data: it must be within a few percent of the faster of
// bitonic/* and radix/* at every size. `bits` (from 0): a sort by those key bits, stable.
template <class Key, class Value>
void register_front_door(BenchEnvironment& env, const char* name, KeyKind kind,
                         gpusort::Stability stability = gpusort::Stability::unstable, gpusort::BitRange bits = {}) {
  using Sorter = gpusort::Sorter<Key, Value>;
  GpuSortCase base;
  base.name = name;
  base.kind = kind;
  base.with_values = !std::is_void_v<Value>;
  base.stable = stability == gpusort::Stability::stable || bits.end_bit != 0;
  base.end_bit = static_cast<int>(bits.end_bit);
  register_sorter_family<Sorter>(
      env, base, [] { return std::make_unique<Sorter>(); },
      [stability, bits](Sorter& sorter, std::size_t count, GpuSortCase& run) {
        describe_front_door(sorter, count, stability, run, bits);
      },
      [stability, bits](Sorter& sorter, gpusort::BufferView keys, gpusort::BufferView values, std::size_t n) {
        if constexpr (std::is_void_v<Value>) {
          (void)values;
          sorter.sort(keys, n, gpusort::Order::ascending, bits);
        } else {
          sorter.sort(keys, values, n, gpusort::Order::ascending, stability, bits);
        }
      });
}

// What a splat renderer does each frame (issue 27's client, 6 M splats): a culling pass leaves
// the visible count in a GL buffer, and the sorter, its scratch reserved at load time for that
// capacity, sorts depth keys and splat indices by that count with sort_indirect(). One sorter
// per size, as a client sizes its own; the count holds the whole size, so the result is checked
// like sorter/pairs_u32_u32's.
constexpr std::size_t kSplatClientCount = 6000000;
// The count sits where a DrawArraysIndirectCommand keeps its instance count (byte 4): a
// nonzero offset, as a culling pass that fills the draw command in place leaves it.
constexpr std::size_t kCountOffset = 4;

struct IndirectClient {
  using Sorter = gpusort::Sorter<std::uint32_t, std::uint32_t>;
  std::unique_ptr<Sorter> sorter;
  std::size_t capacity = 0;
  GlBuffer draw_command{16, nullptr};
  EngineScratch scratch;  // --gpusort_engine: instead of reserve()
};

void register_indirect_client(BenchEnvironment& env) {
  GpuSortCase base;
  base.name = "sorter/indirect_pairs_u32_u32";
  base.kind = KeyKind::u32;
  base.with_values = true;
  base.client_size = kSplatClientCount;
  register_sorter_family<IndirectClient>(
      env, base, [] { return std::make_unique<IndirectClient>(); },
      [&env](IndirectClient& client, std::size_t count, GpuSortCase& run) {
        // Once per size, before its first (untimed) sort: nothing here is in a timed region.
        if (client.capacity != count) {
          client.sorter.reset();  // the previous size's scratch goes before the next is reserved
          client.sorter = std::make_unique<IndirectClient::Sorter>();
          if (env.options.engine) {
            client.scratch.give(*client.sorter, client.sorter->scratch_bytes(count));
          } else {
            client.sorter->reserve(count);
          }
          client.sorter->prepare_indirect(count);
          client.capacity = count;
          const auto visible = static_cast<std::uint32_t>(count);
          client.draw_command.write(kCountOffset, &visible, sizeof visible);
        }
        describe_front_door(*client.sorter, count, gpusort::Stability::unstable, run);
      },
      [](IndirectClient& client, gpusort::BufferView keys, gpusort::BufferView values, std::size_t capacity) {
        client.sorter->sort_indirect(keys, values, client.draw_command.name(), kCountOffset, capacity);
      });
}

}  // namespace

void register_radix_benchmarks(BenchEnvironment& env) {
  using gpusort::RadixPath;
  register_radix<std::uint32_t, void>(env, "radix/keys_u32", KeyKind::u32, RadixPath::automatic);
  register_radix<std::uint32_t, std::uint32_t>(env, "radix/pairs_u32_u32", KeyKind::u32, RadixPath::automatic);
  register_radix<float, void>(env, "radix/keys_f32", KeyKind::f32, RadixPath::automatic);
  register_radix<float, std::uint32_t>(env, "radix/pairs_f32_u32", KeyKind::f32, RadixPath::automatic);
  register_radix<std::uint64_t, void>(env, "radix/keys_u64", KeyKind::u64, RadixPath::automatic);
  // A 16-bit depth with an index: two passes, as CUB's cub_radix/pairs_u32_u32_bits16.
  register_radix<std::uint32_t, std::uint32_t>(env, "radix/pairs_u32_u32_bits16", KeyKind::u32,
                                               RadixPath::automatic, gpusort::BitRange{0, 16});
  // A splat or particle renderer's keys (KeyDistribution::scene_depth): view depths as floats,
  // and as splatapult's reversed quantized depths (uint, ascending: the farthest first).
  register_radix<float, void>(env, "radix/keys_f32_depth", KeyKind::f32, RadixPath::automatic, {},
                              KeyDistribution::scene_depth);
  register_radix<float, std::uint32_t>(env, "radix/pairs_f32_u32_depth", KeyKind::f32, RadixPath::automatic, {},
                                       KeyDistribution::scene_depth);
  register_radix<std::uint32_t, void>(env, "radix/keys_u32_splatapult", KeyKind::u32, RadixPath::automatic, {},
                                      KeyDistribution::scene_depth);
  register_radix<std::uint32_t, std::uint32_t>(env, "radix/pairs_u32_u32_splatapult", KeyKind::u32,
                                               RadixPath::automatic, {}, KeyDistribution::scene_depth);
  // A tile-based splat renderer's sort, both ways (KeyDistribution::tile_depth): 64-bit
  // (tile << 32 | depth) keys with splat indices by the tile and depth bits at once, and the
  // two-step recipe's second sort, the tiles alone by BitRange{0, 16} (its first, the depths,
  // is radix/pairs_f32_u32_depth). radix/pairs_u64_u32: the same pairs of random keys.
  register_radix<std::uint64_t, std::uint32_t>(env, "radix/pairs_u64_u32", KeyKind::u64, RadixPath::automatic);
  register_radix<std::uint64_t, std::uint32_t>(env, "radix/pairs_u64_u32_tiles", KeyKind::u64, RadixPath::automatic,
                                               gpusort::BitRange{0, 32 + kSplatTileBits}, KeyDistribution::tile_depth);
  register_radix<std::uint32_t, std::uint32_t>(env, "radix/pairs_u32_u32_tiles", KeyKind::u32, RadixPath::automatic,
                                               gpusort::BitRange{0, 16}, KeyDistribution::tile_depth);
  // Keys with a digit that does not vary (KeyDistribution::constant_digits): a pass whose digit
  // every key shares copies instead of ranking. 64-bit keys with empty upper words (four such
  // passes of eight), and depths of one exponent with indices (one of four).
  register_radix<std::uint64_t, void>(env, "radix/keys_u64_low32", KeyKind::u64, RadixPath::automatic, {},
                                      KeyDistribution::constant_digits);
  register_radix<float, std::uint32_t>(env, "radix/pairs_f32_u32_narrow", KeyKind::f32, RadixPath::automatic, {},
                                       KeyDistribution::constant_digits);
  // The fallback every driver can run, next to the default path in the same run.
  register_radix<std::uint32_t, void>(env, "radix_rts/keys_u32", KeyKind::u32, RadixPath::reduce_then_scan);
  register_radix<std::uint32_t, std::uint32_t>(env, "radix_rts/pairs_u32_u32", KeyKind::u32,
                                               RadixPath::reduce_then_scan);
  register_front_door<std::uint32_t, void>(env, "sorter/keys_u32", KeyKind::u32);
  register_front_door<std::uint32_t, std::uint32_t>(env, "sorter/pairs_u32_u32", KeyKind::u32);
  register_indirect_client(env);
  register_front_door<std::uint32_t, std::uint32_t>(env, "sorter/pairs_u32_u32_stable", KeyKind::u32,
                                                    gpusort::Stability::stable);
  register_front_door<std::uint64_t, void>(env, "sorter/keys_u64", KeyKind::u64);
  // A sort by a BitRange through the front door (the radix sort at every count), beside
  // radix/pairs_u32_u32_bits16 and the network's stable pairs.
  register_front_door<std::uint32_t, std::uint32_t>(env, "sorter/pairs_u32_u32_bits16", KeyKind::u32,
                                                    gpusort::Stability::unstable, gpusort::BitRange{0, 16});
}

}  // namespace gpusort_bench
