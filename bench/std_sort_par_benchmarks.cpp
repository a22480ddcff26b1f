// std::sort with std::execution::par: the host's best effort with every
// core, next to the single-threaded std::sort family.
#include <benchmark/benchmark.h>

#include "optional_benchmarks.hpp"

#if GPUSORT_BENCH_HAVE_STD_PAR

#include <algorithm>
#include <chrono>
#include <execution>
#include <string>
#include <thread>
#include <vector>

#include "gpu_sort_run.hpp"
#include "sort_benchmarks.hpp"

namespace gpusort_bench {
namespace {

void std_sort_par_keys(benchmark::State& state, BenchEnvironment& env, const std::string& family) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::vector<std::uint32_t>& pristine = env.data.host(KeyKind::u32, count).key_words;
  std::vector<std::uint32_t> keys;
  double total_seconds = 0.0;
  for (auto _ : state) {
    keys = pristine;  // untimed: only the sort sits between the clock reads
    const auto start = std::chrono::steady_clock::now();
    std::sort(std::execution::par, keys.begin(), keys.end());
    const auto stop = std::chrono::steady_clock::now();
    const double seconds = std::max(std::chrono::duration<double>(stop - start).count(), GpuTimer::kMinimumSeconds);
    state.SetIterationTime(seconds);
    total_seconds += seconds;
    benchmark::DoNotOptimize(keys.data());
  }
  if (env.should_verify(family + "/" + std::to_string(count)) && !std::is_sorted(keys.begin(), keys.end())) {
    env.fail(state, "std::sort(par) output not ascending");
    return;
  }
  set_sort_counters(state, count, total_seconds, 0.0);
}

}  // namespace

void register_std_sort_par_benchmarks(BenchEnvironment& env) {
  // The thread count bounds what "par" can gain, so the JSON should say it.
  benchmark::AddCustomContext("std_sort_par", "std::execution::par, " +
                                                  std::to_string(std::thread::hardware_concurrency()) +
                                                  " hardware threads");
  const std::vector<std::size_t> sizes = env.options.cpu_sizes();
  if (sizes.empty()) return;
  configure(benchmark::RegisterBenchmark(
                "std_sort_par/keys_u32",
                [&env](benchmark::State& state) { std_sort_par_keys(state, env, "std_sort_par/keys_u32"); }),
            env.options, true, sizes);
}

}  // namespace gpusort_bench

#else  // !GPUSORT_BENCH_HAVE_STD_PAR

namespace gpusort_bench {

void register_std_sort_par_benchmarks(BenchEnvironment&) {
  benchmark::AddCustomContext("std_sort_par", "unavailable (built without a parallel <execution> backend)");
}

}  // namespace gpusort_bench

#endif
