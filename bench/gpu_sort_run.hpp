// The timed loop shared by every GPU benchmark (library and textbook alike),
// so both are measured the same way.
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "bench_environment.hpp"
#include "gpu_warm_up.hpp"
#include "sort_benchmarks.hpp"

namespace gpusort_bench {

struct GpuSortCase {
  std::string name;  // family name, used to verify once per size
  KeyKind kind = KeyKind::u32;
  KeyDistribution distribution = KeyDistribution::random;
  bool with_values = false;
  std::size_t memory_passes = 0;  // full read+write sweeps per sort
  std::size_t dispatches = 0;
  // Checked exactly against a stable sort by key bits [0, end_bit) (0: the whole key), values
  // included, instead of "ascending and every value with its key".
  bool stable = false;
  int end_bit = 0;
  std::size_t client_size = 0;  // also measured where in range (BenchOptions::gpu_sizes)
};

// Bytes a sort moves: every pass reads and writes each key (and value).
inline double bytes_moved(const GpuSortCase& run, std::size_t count) {
  const double element =
      sizeof(std::uint32_t) * (static_cast<double>(words_per_key(run.kind)) + (run.with_values ? 1.0 : 0.0));
  return static_cast<double>(run.memory_passes) * static_cast<double>(count) * element * 2.0;
}

void set_sort_counters(benchmark::State& state, std::size_t count, double total_seconds, double bytes_per_sort);

// `sort(keys, values, count)` runs one sort on the working buffers.
template <class Sort>
void run_gpu_sort(benchmark::State& state, BenchEnvironment& env, const GpuSortCase& run, Sort&& sort) {
  const auto count = static_cast<std::size_t>(state.range(0));
  try {
    GpuData& data = env.data.gpu(run.kind, run.with_values, count, run.distribution);
    const auto refill = [&] {
      env.refill.copy(data.pristine_keys.name(), data.keys.name(), count * words_per_key(run.kind));
      if (run.with_values) env.refill.copy(data.pristine_values.name(), data.values.name(), count);
    };
    // One untimed sort first: lazy allocations, shader JIT and clock ramp-up
    // belong to no iteration.
    const auto first_start = std::chrono::steady_clock::now();
    refill();
    sort(data.keys.name(), data.values.name(), count);
    glFinish();
    // The previous repetition's result check kept the GPU idle for seconds at large sizes (a
    // stable sort of 2^24 elements on the CPU): on the H200 the repetitions after it read
    // 3-5x slow with only 0.03 s of timing each (radix 2^24 keys 4.84 against 1.13 ms).
    if (env.gpu_idled) {
      keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
        refill();
        sort(data.keys.name(), data.values.name(), count);
      });
      env.gpu_idled = false;
    }
    // A sort that built a program (gpusort builds some on the first sort of a count that needs
    // them) left the GPU idle long enough to drop its clocks: pairs 2^21 read 1.68 ms instead
    // of about 0.45 right after the wide-chunk program's build. Busy it again before timing.
    if (std::chrono::steady_clock::now() - first_start > std::chrono::milliseconds(100)) {
      keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
        refill();
        sort(data.keys.name(), data.values.name(), count);
      });
    }

    // Each iteration queues one refill + timed sort and reports the oldest queued sort's GPU
    // time (--gpusort_in_flight; with 1, the one it just queued).
    TimedQueue queue(env.options.in_flight);
    const bool wait_each = queue.depth() == 1;
    auto wall_start = std::chrono::steady_clock::now();
    const auto submit = [&] {
      refill();
      if (wait_each) {
        // Not needed for the GPU timestamps (the first one waits for the
        // refill anyway) but it keeps the refill out of the wall-clock check.
        glFinish();
        wall_start = std::chrono::steady_clock::now();
      }
      queue.submit([&] { sort(data.keys.name(), data.values.name(), count); });
    };
    while (queue.pending() + 1 < queue.depth()) submit();
    wall_start = std::chrono::steady_clock::now();  // the priming is no iteration's
    double total_seconds = 0.0;
    double total_wall_seconds = 0.0;
    for (auto _ : state) {
      submit();
      const double seconds = queue.wait_oldest();
      // With sorts queued, the host's time per sort in steady state.
      const auto wall_end = std::chrono::steady_clock::now();
      total_wall_seconds += std::chrono::duration<double>(wall_end - wall_start).count();
      if (!wait_each) wall_start = wall_end;
      state.SetIterationTime(seconds);
      total_seconds += seconds;
    }

    if (env.should_verify(run.name + "/" + std::to_string(count))) {
      const HostData& input = env.data.host(run.kind, count, run.distribution);
      const auto keys = read_words(data.keys, count * words_per_key(run.kind));
      const std::vector<std::uint32_t> values =
          run.with_values ? read_words(data.values, count) : std::vector<std::uint32_t>{};
      const auto check_start = std::chrono::steady_clock::now();
      const std::string problem =
          run.stable        ? check_stable_sort(run.kind, input, keys, values, run.end_bit)
          : run.with_values ? check_sorted_pairs(run.kind, input.key_words, keys, values)
                            : check_sorted_keys(run.kind, input.key_words, keys);
      env.note_cpu_check(std::chrono::steady_clock::now() - check_start);
      if (!problem.empty()) {
        env.fail(state, "wrong result: " + problem);
        return;
      }
    }
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
      env.fail(state, "GL error " + std::to_string(error) + " during the run");
      return;
    }
    set_sort_counters(state, count, total_seconds, bytes_moved(run, count));
    // Submission + GPU + query read-back, as the host sees it: a sanity check
    // on the timestamps, and the number that matters for small sorts. (With
    // --gpusort_in_flight above 1: host time per sort, refill included.)
    state.counters["wall_ms"] = benchmark::Counter(total_wall_seconds * 1e3, benchmark::Counter::kAvgIterations);
    state.counters["memory_passes"] = static_cast<double>(run.memory_passes);
    state.counters["dispatches"] = static_cast<double>(run.dispatches);
  } catch (const std::exception& e) {
    env.fail(state, e.what());
  }
}

// Registers the GPU family `base.name`: `make()` builds the sorter on the family's first run
// (so a gpusort::Error becomes that benchmark's error), `describe(sorter, count, run)` fills the
// case's passes and dispatches, and `call(sorter, keys, values, count)` runs one sort.
template <class Sorter, class Make, class Describe, class Call>
void register_sorter_family(BenchEnvironment& env, GpuSortCase base, Make make, Describe describe, Call call) {
  const std::vector<std::size_t> sizes = env.options.gpu_sizes(base.client_size);
  if (sizes.empty()) return;
  auto* sorter = env.keep(std::make_shared<std::unique_ptr<Sorter>>());
  auto* benchmark = benchmark::RegisterBenchmark(
      base.name.c_str(), [&env, sorter, base, make, describe, call](benchmark::State& state) {
        try {
          if (!*sorter) *sorter = make();
          GpuSortCase run = base;
          describe(**sorter, static_cast<std::size_t>(state.range(0)), run);
          run_gpu_sort(state, env, run, [&](GLuint keys, GLuint values, std::size_t n) { call(**sorter, keys, values, n); });
        } catch (const std::exception& e) {
          env.fail(state, e.what());
        }
      });
  configure(benchmark, env.options, false, sizes);
}

}  // namespace gpusort_bench
