// Counters and settings every family shares, so make_table.py can rely on
// the same fields everywhere.
#include "gpu_sort_run.hpp"
#include "sort_benchmarks.hpp"

namespace gpusort_bench {

void set_sort_counters(benchmark::State& state, std::size_t count, double total_seconds, double bytes_per_sort) {
  const auto iterations = static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations() * static_cast<benchmark::IterationCount>(count));
  state.counters["n"] = static_cast<double>(count);
  state.counters["ms"] = benchmark::Counter(total_seconds * 1e3, benchmark::Counter::kAvgIterations);
  // A plain value rather than a kIsRate counter: the console would print a
  // rate of "GB/s" as "GB/s=.../s".
  if (bytes_per_sort > 0.0 && total_seconds > 0.0) {
    state.counters["GB/s"] = bytes_per_sort * iterations / total_seconds * 1e-9;
  }
}

void configure(benchmark::internal::Benchmark* benchmark, const BenchOptions& options, bool on_cpu,
               const std::vector<std::size_t>& sizes) {
  for (std::size_t n : sizes) benchmark->Arg(static_cast<std::int64_t>(n));
  benchmark->UseManualTime();
  benchmark->Unit(benchmark::kMillisecond);
  if (!options.user_set_repetitions) {
    benchmark->Repetitions(on_cpu ? options.cpu_repetitions : options.repetitions);
  }
  if (!options.user_set_min_time) benchmark->MinTime(options.min_time);
  if (!options.user_set_aggregates) benchmark->ReportAggregatesOnly(true);
}

}  // namespace gpusort_bench
