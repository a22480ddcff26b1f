// Everything the benchmarks share for the life of the process. Built in
// main() once the GL context is current; the benchmarks capture a reference.
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bench_data.hpp"
#include "bench_options.hpp"
#include "buffer_refill.hpp"
#include "gpu_timer.hpp"

namespace gpusort_bench {

using gpusort_support::GpuTimer;
using gpusort_support::TimedQueue;

struct BenchEnvironment {
  explicit BenchEnvironment(BenchOptions bench_options) : options(std::move(bench_options)) {}

  BenchOptions options;
  DataCache data;
  BufferRefill refill;
  // Output is verified once per benchmark and size, not once per repetition:
  // reading back and checking 2^26 keys ten times would dominate the run.
  std::set<std::string> verified;

  // GL objects the benchmarks use (sorters, baselines). The environment owns
  // them rather than the registered lambdas, because Google Benchmark keeps
  // those until static destruction, long after the context is gone.
  std::vector<std::shared_ptr<void>> resources;

  template <class T>
  T* keep(std::shared_ptr<T> resource) {
    T* raw = resource.get();
    resources.push_back(std::move(resource));
    return raw;
  }

  // Marks the run failed (the process exits non-zero at the end, so ctest
  // notices) and skips the benchmark with `message`.
  void fail(benchmark::State& state, const std::string& message) {
    ++failures;
    state.SkipWithError(message.c_str());
  }
  int failures = 0;

  // True the first time it is asked for this name; later calls skip checks.
  bool should_verify(const std::string& run_name) { return options.verify && verified.insert(run_name).second; }

  // Set when the GPU has idled for a while (a check of a large result on the CPU): the next
  // timed run warms it up first, since an idle GPU lowers its clocks. Software GL has no
  // clocks to keep up.
  bool gpu_idled = false;
  void note_cpu_check(std::chrono::steady_clock::duration took) {
    if (!options.software_gl && took > std::chrono::milliseconds(100)) gpu_idled = true;
  }
};

}  // namespace gpusort_bench
