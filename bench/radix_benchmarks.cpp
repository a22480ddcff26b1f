// gpusort::RadixSorter (radix/* with the default path, radix_rts/* with reduce-then-scan forced)
// and the front door gpusort::Sorter (sorter/*), on the same data and in the same timed loop as
// the network's bitonic/* families. Radix results are checked exactly against a stable sort.

// GL declarations must precede gpusort; glad is what the headless context loads.
#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <memory>
#include <type_traits>

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
                    gpusort::BitRange bits = {}) {
  using Sorter = gpusort::RadixSorter<Key, Value>;
  GpuSortCase base;
  base.name = name;
  base.kind = kind;
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
      [bits](Sorter& sorter, GLuint keys, GLuint values, std::size_t n) {
        if constexpr (std::is_void_v<Value>) {
          (void)values;
          sorter.sort(keys, n, gpusort::Order::ascending, bits);
        } else {
          sorter.sort(keys, values, n, gpusort::Order::ascending, bits);
        }
      });
}

// The front door on the same data: it must be within a few percent of the faster of
// bitonic/* and radix/* at every size.
template <class Key, class Value>
void register_front_door(BenchEnvironment& env, const char* name, KeyKind kind,
                         gpusort::Stability stability = gpusort::Stability::unstable) {
  using Sorter = gpusort::Sorter<Key, Value>;
  GpuSortCase base;
  base.name = name;
  base.kind = kind;
  base.with_values = !std::is_void_v<Value>;
  base.stable = stability == gpusort::Stability::stable;
  register_sorter_family<Sorter>(
      env, base, [] { return std::make_unique<Sorter>(); },
      [stability](Sorter& sorter, std::size_t count, GpuSortCase& run) {
        // Passes and dispatches of the algorithm it picks; the radix figures as in register_radix.
        if (sorter.algorithm_for(count, stability) == gpusort::Algorithm::bitonic) {
          const gpusort::Plan plan = sorter.bitonic().plan(count);
          run.memory_passes = plan.memory_passes;
          run.dispatches = plan.dispatches;
        } else {
          const std::size_t passes = digit_passes(8 * sizeof(Key), sorter.radix().tuning().digit_bits);
          run.memory_passes = passes + passes % 2;
          run.dispatches = 0;  // not tracked for the front door's radix calls
        }
      },
      [stability](Sorter& sorter, GLuint keys, GLuint values, std::size_t n) {
        if constexpr (std::is_void_v<Value>) {
          (void)values;
          sorter.sort(keys, n);
        } else {
          sorter.sort(keys, values, n, gpusort::Order::ascending, stability);
        }
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
  // The fallback every driver can run, next to the default path in the same run.
  register_radix<std::uint32_t, void>(env, "radix_rts/keys_u32", KeyKind::u32, RadixPath::reduce_then_scan);
  register_radix<std::uint32_t, std::uint32_t>(env, "radix_rts/pairs_u32_u32", KeyKind::u32,
                                               RadixPath::reduce_then_scan);
  register_front_door<std::uint32_t, void>(env, "sorter/keys_u32", KeyKind::u32);
  register_front_door<std::uint32_t, std::uint32_t>(env, "sorter/pairs_u32_u32", KeyKind::u32);
  register_front_door<std::uint32_t, std::uint32_t>(env, "sorter/pairs_u32_u32_stable", KeyKind::u32,
                                                    gpusort::Stability::stable);
  register_front_door<std::uint64_t, void>(env, "sorter/keys_u64", KeyKind::u64);
}

}  // namespace gpusort_bench
