// The timed loop shared by every GPU benchmark (library and textbook alike),
// so both are measured the same way.
#pragma once

#include <benchmark/benchmark.h>

// GL declarations must precede gpusort; glad is what the headless context loads.
#include <glad/gl.h>

#include <gpusort/buffer_view.hpp>
#include <gpusort/order.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
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
  // The keys and values as BufferViews of one buffer (GpuData::arena, --gpusort_engine), at
  // offsets that are multiples of view_grain bytes.
  bool views = false;
  std::size_t view_grain = 256;
};

// Bytes a sort moves: every pass reads and writes each key (and value).
inline double bytes_moved(const GpuSortCase& run, std::size_t count) {
  const double element =
      sizeof(std::uint32_t) * (static_cast<double>(words_per_key(run.kind)) + (run.with_values ? 1.0 : 0.0));
  return static_cast<double>(run.memory_passes) * static_cast<double>(count) * element * 2.0;
}

void set_sort_counters(benchmark::State& state, std::size_t count, double total_seconds, double bytes_per_sort);

// `sort(keys, values, count)` runs one sort on the working buffers (gpusort::BufferViews: the
// buffers from byte 0, or with run.views two ranges of one buffer).
template <class Sort>
void run_gpu_sort(benchmark::State& state, BenchEnvironment& env, const GpuSortCase& run, Sort&& sort_views) {
  const auto count = static_cast<std::size_t>(state.range(0));
  try {
    GpuData& data = env.data.gpu(run.kind, run.with_values, count, run.distribution);
    if (run.views) arena_for(data, run.kind, run.view_grain);
    const GlBuffer& key_buffer = run.views ? data.arena : data.keys;
    const GlBuffer& value_buffer = run.views ? data.arena : data.values;
    const std::size_t key_offset = run.views ? data.key_offset : 0;
    const std::size_t value_offset = run.views ? data.value_offset : 0;
    const gpusort::BufferView keys(key_buffer.name(), key_offset), values(value_buffer.name(), value_offset);
    const auto sort = [&](std::size_t n) { sort_views(keys, values, n); };
    const auto refill = [&] {
      const std::size_t word = sizeof(std::uint32_t);
      env.refill.copy(data.pristine_keys.name(), key_buffer.name(), count * words_per_key(run.kind), key_offset / word);
      if (run.with_values)
        env.refill.copy(data.pristine_values.name(), value_buffer.name(), count, value_offset / word);
    };
    // One untimed sort first: lazy allocations, shader JIT and clock ramp-up
    // belong to no iteration.
    const auto first_start = std::chrono::steady_clock::now();
    refill();
    sort(count);
    glFinish();
    // The previous repetition's result check kept the GPU idle for seconds at large sizes (a
    // stable sort of 2^24 elements on the CPU): on the H200 the repetitions after it read
    // 3-5x slow with only 0.03 s of timing each (radix 2^24 keys 4.84 against 1.13 ms).
    if (env.gpu_idled) {
      keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
        refill();
        sort(count);
      });
      env.gpu_idled = false;
    }
    // A sort that built a program (gpusort builds some on the first sort of a count that needs
    // them) left the GPU idle long enough to drop its clocks: pairs 2^21 read 1.68 ms instead
    // of about 0.45 right after the wide-chunk program's build. Busy it again before timing.
    if (std::chrono::steady_clock::now() - first_start > std::chrono::milliseconds(100)) {
      keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
        refill();
        sort(count);
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
      queue.submit([&] { sort(count); });
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
      const auto sorted_keys = read_words(key_buffer, count * words_per_key(run.kind), key_offset);
      const std::vector<std::uint32_t> sorted_values =
          run.with_values ? read_words(value_buffer, count, value_offset) : std::vector<std::uint32_t>{};
      const auto check_start = std::chrono::steady_clock::now();
      const std::string problem =
          run.stable        ? check_stable_sort(run.kind, input, sorted_keys, sorted_values, run.end_bit)
          : run.with_values ? check_sorted_pairs(run.kind, input.key_words, sorted_keys, sorted_values)
                            : check_sorted_keys(run.kind, input.key_words, sorted_keys);
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

// --gpusort_engine: a buffer of the bench's own that holds a sorter's scratch
// (use_scratch()), from an offset that is a multiple of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT.
struct EngineScratch {
  GlBuffer buffer;
  std::size_t offset = 0;
  std::size_t bytes = 0;

  // Hands `sorter` `bytes` bytes (scratch_bytes() of the largest size it sorts), growing the
  // buffer where it is smaller.
  template <class Sorter>
  void give(Sorter& sorter, std::size_t needed) {
    if (buffer.name() == 0 || needed > bytes) {
      GLint alignment = 4;
      glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
      offset = 3 * static_cast<std::size_t>(std::max(alignment, 4));
      bytes = needed;
      buffer = GlBuffer();  // the old one goes first
      buffer = GlBuffer(offset + bytes, nullptr);
    }
    sorter.use_scratch(buffer.name(), offset, bytes);
  }
};

// Whether `Sorter` is one of gpusort's classes (it has scratch_bytes()).
template <class Sorter, class = void>
struct has_scratch_bytes : std::false_type {};
template <class Sorter>
struct has_scratch_bytes<Sorter, std::void_t<decltype(std::declval<Sorter&>().scratch_bytes(std::size_t{1}))>>
    : std::true_type {};

// Registers the GPU family `base.name`: `make()` builds the sorter on the family's first run
// (so a gpusort::Error becomes that benchmark's error), `describe(sorter, count, run)` fills the
// case's passes and dispatches, and `call(sorter, keys, values, count)` runs one sort (keys and
// values are gpusort::BufferViews). With --gpusort_engine the sorter's scratch lives in an
// EngineScratch sized for the family's largest size (a family whose sorter has no
// scratch_bytes(), sorter/indirect_pairs_u32_u32, gives its sorters their own in describe()).
template <class Sorter, class Make, class Describe, class Call>
void register_sorter_family(BenchEnvironment& env, GpuSortCase base, Make make, Describe describe, Call call) {
  const std::vector<std::size_t> sizes = env.options.gpu_sizes(base.client_size);
  if (sizes.empty()) return;
  base.views = env.options.engine;
  base.view_grain = static_cast<std::size_t>(env.options.view_grain);
  auto* sorter = env.keep(std::make_shared<std::unique_ptr<Sorter>>());
  auto* scratch = env.keep(std::make_shared<EngineScratch>());
  const std::size_t largest = *std::max_element(sizes.begin(), sizes.end());
  auto* benchmark = benchmark::RegisterBenchmark(
      base.name.c_str(), [&env, sorter, scratch, largest, base, make, describe, call](benchmark::State& state) {
        try {
          if (!*sorter) {
            *sorter = make();
            if constexpr (has_scratch_bytes<Sorter>::value) {
              if (env.options.engine)
                scratch->give(**sorter, (*sorter)->scratch_bytes(largest, gpusort::Stability::stable));
            }
          }
          GpuSortCase run = base;
          describe(**sorter, static_cast<std::size_t>(state.range(0)), run);
          run_gpu_sort(state, env, run, [&](gpusort::BufferView keys, gpusort::BufferView values, std::size_t n) {
            call(**sorter, keys, values, n);
          });
        } catch (const std::exception& e) {
          env.fail(state, e.what());
        }
      });
  configure(benchmark, env.options, false, sizes);
}

}  // namespace gpusort_bench
