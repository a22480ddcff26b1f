// The library under test: gpusort::BitonicSorter on GPU buffers.

// GL declarations must precede gpusort; glad is what the headless context loads.
#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <chrono>
#include <memory>
#include <type_traits>

#include "gpu_sort_run.hpp"
#include "gpu_warm_up.hpp"
#include "sort_benchmarks.hpp"

namespace gpusort_bench {
namespace {

// How a family calls the sorter on a key-value pair of buffers.
enum class PairCall { sort, sort_stable, sort_indices };

template <class Key, class Value>
void register_family(BenchEnvironment& env, const char* name, KeyKind kind, PairCall call = PairCall::sort) {
  using Sorter = gpusort::BitonicSorter<Key, Value>;
  GpuSortCase base;
  base.name = name;
  base.kind = kind;
  base.with_values = !std::is_void_v<Value>;
  base.stable = call != PairCall::sort;  // stable sorts and argsorts are checked exactly
  register_sorter_family<Sorter>(
      env, base, [] { return std::make_unique<Sorter>(); },
      [](const Sorter& sorter, std::size_t count, GpuSortCase& run) {
        const gpusort::BitonicPlan plan = sorter.plan(count);
        run.memory_passes = plan.memory_passes;
        run.dispatches = plan.dispatches;
      },
      [call](Sorter& sorter, gpusort::BufferView keys, gpusort::BufferView values, std::size_t n) {
        if constexpr (std::is_void_v<Value>) {
          (void)values;
          sorter.sort(keys, n);
        } else if (call == PairCall::sort_stable) {
          sorter.sort(keys, values, n, gpusort::Order::ascending, gpusort::Stability::stable);
        } else if (call == PairCall::sort_indices) {
          sorter.sort_indices(keys, values, n);
        } else {
          sorter.sort(keys, values, n);
        }
      });
}

}  // namespace

void warm_up_gpu(BenchEnvironment& env) {
  const std::size_t count = std::size_t{1} << 22;
  GpuData& data = env.data.gpu(KeyKind::u32, false, count);
  gpusort::BitonicSorter<std::uint32_t> sorter;
  keep_gpu_busy(std::chrono::milliseconds(1500), [&] {
    env.refill.copy(data.pristine_keys.name(), data.keys.name(), count);
    sorter.sort(data.keys.name(), count);
  });
}

void register_library_benchmarks(BenchEnvironment& env) {
  register_family<std::uint32_t, void>(env, "bitonic/keys_u32", KeyKind::u32);
  register_family<std::uint32_t, std::uint32_t>(env, "bitonic/pairs_u32_u32", KeyKind::u32);
  register_family<float, void>(env, "bitonic/keys_f32", KeyKind::f32);
  register_family<std::int32_t, void>(env, "bitonic/keys_i32", KeyKind::i32);
  register_family<std::uint64_t, void>(env, "bitonic/keys_u64", KeyKind::u64);
  // The cost of the opt-in modes, next to bitonic/pairs_u32_u32 in the same run.
  register_family<std::uint32_t, std::uint32_t>(env, "bitonic/pairs_u32_u32_stable", KeyKind::u32,
                                                PairCall::sort_stable);
  register_family<std::uint32_t, std::uint32_t>(env, "bitonic/indices_u32", KeyKind::u32, PairCall::sort_indices);
}

}  // namespace gpusort_bench
