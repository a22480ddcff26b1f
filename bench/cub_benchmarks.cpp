// CUB's radix and merge sorts on the same inputs as gpusort (DataCache's
// generator), timed with CUDA events around exactly the sort call.
#include <benchmark/benchmark.h>

#include "optional_benchmarks.hpp"

#if GPUSORT_BENCH_HAVE_CUB

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "cub_baselines.hpp"
#include "gpu_sort_run.hpp"
#include "sort_benchmarks.hpp"

namespace gpusort_bench {
namespace {

struct CubCase {
  const char* name;
  CubAlgorithm algorithm;
  CubKey key;
  KeyKind kind;
  bool with_values;
  int end_bit = 0;  // radix: sort by key bits [0, end_bit) only; 0: every bit
  KeyDistribution distribution = KeyDistribution::random;
};

// One CUB data set on the device at a time, like DataCache for GL: the
// families run one after the other, so keeping every family's largest size
// alive would only hold memory.
struct CubCache {
  std::unique_ptr<CubSort> sort;
  std::string name;  // the case `sort` was made for
};

CubSort& sort_for(CubCache& cache, const CubCase& run, const HostData& input, int in_flight) {
  const std::size_t count = input.key_words.size() / words_per_key(run.kind);
  CubSort* current = cache.sort.get();
  if (current == nullptr || cache.name != run.name || current->count() != count ||
      current->depth() != static_cast<std::size_t>(in_flight)) {
    cache.sort.reset();  // free the old size before allocating the new one
    cache.sort = std::make_unique<CubSort>(run.algorithm, run.key, run.with_values, input.key_words.data(),
                                           input.values.data(), count, in_flight, run.end_bit);
    cache.name = run.name;
  }
  return *cache.sort;
}

// Keys must equal std::sort's output; values only have to stay with their
// keys (CUB's merge sort is not stable, so the order among equal keys is free).
std::string check_against_std_sort(const CubCase& run, const HostData& input, const CubSort& sort) {
  const std::vector<std::uint32_t> keys = sort.sorted_keys();
  // CUB's radix sort is stable: compared exactly, values included, with a stable sort by the
  // same bits (floats by totalOrder, which the random inputs' lack of -0.0 and NaN makes equal
  // to CUB's order).
  if (run.algorithm == CubAlgorithm::radix) {
    return check_stable_sort(run.kind, input, keys, run.with_values ? sort.sorted_values() : std::vector<std::uint32_t>{},
                             run.end_bit);
  }
  if (keys.size() != input.key_words.size()) return "size mismatch";
  if (run.kind == KeyKind::f32) {
    // Compared as floats: CUB treats -0.0 and +0.0 as equal, and so does std::sort.
    std::vector<float> expected(input.key_words.size());
    std::vector<float> actual(keys.size());
    std::memcpy(expected.data(), input.key_words.data(), expected.size() * sizeof(float));
    std::memcpy(actual.data(), keys.data(), actual.size() * sizeof(float));
    std::sort(expected.begin(), expected.end());
    const auto mismatch = std::mismatch(expected.begin(), expected.end(), actual.begin());
    if (mismatch.first != expected.end()) {
      return "key at index " + std::to_string(mismatch.first - expected.begin()) + " differs from std::sort";
    }
  } else {
    std::vector<std::uint32_t> expected = input.key_words;
    std::sort(expected.begin(), expected.end());
    const auto mismatch = std::mismatch(expected.begin(), expected.end(), keys.begin());
    if (mismatch.first != expected.end()) {
      return "key at index " + std::to_string(mismatch.first - expected.begin()) + " differs from std::sort";
    }
  }
  if (!run.with_values) return {};
  return check_sorted_pairs(run.kind, input.key_words, keys, sort.sorted_values());
}

void run_cub(benchmark::State& state, BenchEnvironment& env, CubCache& cache, const CubCase& run) {
  const auto count = static_cast<std::size_t>(state.range(0));
  try {
    const HostData& input = env.data.host(run.kind, count, run.distribution);
    CubSort& sort = sort_for(cache, run, input, env.options.in_flight);
    // Untimed first sort: module loading and lazy kernel setup of the CUDA
    // runtime belong to no iteration.
    sort.run();
    // After a long check on the CPU the GPU's clocks are down: busy it again, as the GL runs do.
    if (env.gpu_idled) {
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
      while (std::chrono::steady_clock::now() < until) sort.run();
      env.gpu_idled = false;
    }

    // Queued like the GL sorts (--gpusort_in_flight): each iteration submits one
    // sort and reports the oldest queued one's time.
    const bool wait_each = sort.depth() == 1;
    while (sort.in_flight() + 1 < sort.depth()) sort.submit();
    auto wall_start = std::chrono::steady_clock::now();  // the priming is no iteration's
    double total_seconds = 0.0;
    double total_wall_seconds = 0.0;
    for (auto _ : state) {
      const auto submitted = sort.submit();
      if (wait_each) wall_start = submitted;  // after the restore, like the GL sorts
      const double seconds = std::max(sort.wait_oldest(), GpuTimer::kMinimumSeconds);
      // With sorts queued, the host's time per sort in steady state.
      const auto wall_end = std::chrono::steady_clock::now();
      total_wall_seconds += std::chrono::duration<double>(wall_end - wall_start).count();
      if (!wait_each) wall_start = wall_end;
      state.SetIterationTime(seconds);
      total_seconds += seconds;
    }
    sort.wait_all();

    if (env.should_verify(std::string(run.name) + "/" + std::to_string(count))) {
      const auto check_start = std::chrono::steady_clock::now();
      const std::string problem = check_against_std_sort(run, input, sort);
      env.note_cpu_check(std::chrono::steady_clock::now() - check_start);
      if (!problem.empty()) {
        env.fail(state, "wrong result: " + problem);
        return;
      }
    }
    // CUB does not say how many passes it makes, so "GB/s" counts a single
    // read+write pass over every key (and value): a lower bound on its
    // traffic, not the achieved bandwidth (see bench/README.md).
    const double element =
        static_cast<double>(sizeof(std::uint32_t) * (words_per_key(run.kind) + (run.with_values ? 1 : 0)));
    set_sort_counters(state, count, total_seconds, static_cast<double>(count) * element * 2.0);
    state.counters["wall_ms"] = benchmark::Counter(total_wall_seconds * 1e3, benchmark::Counter::kAvgIterations);
    state.counters["temp_bytes"] = static_cast<double>(sort.temp_bytes());
  } catch (const std::exception& e) {
    env.fail(state, e.what());
  }
}

constexpr CubCase kCases[] = {
    {"cub_radix/keys_u32", CubAlgorithm::radix, CubKey::u32, KeyKind::u32, false},
    {"cub_radix/pairs_u32_u32", CubAlgorithm::radix, CubKey::u32, KeyKind::u32, true},
    {"cub_radix/keys_f32", CubAlgorithm::radix, CubKey::f32, KeyKind::f32, false},
    {"cub_radix/pairs_f32_u32", CubAlgorithm::radix, CubKey::f32, KeyKind::f32, true},
    {"cub_radix/keys_u64", CubAlgorithm::radix, CubKey::u64, KeyKind::u64, false},
    // A 16-bit depth with an index: CUB's begin_bit/end_bit, next to RadixSorter's BitRange.
    {"cub_radix/pairs_u32_u32_bits16", CubAlgorithm::radix, CubKey::u32, KeyKind::u32, true, 16},
    // A splat or particle renderer's keys (KeyDistribution::scene_depth), beside radix/*_depth
    // and radix/*_splatapult: view depths as floats, and splatapult's reversed quantized depths.
    {"cub_radix/keys_f32_depth", CubAlgorithm::radix, CubKey::f32, KeyKind::f32, false, 0, KeyDistribution::scene_depth},
    {"cub_radix/pairs_f32_u32_depth", CubAlgorithm::radix, CubKey::f32, KeyKind::f32, true, 0,
     KeyDistribution::scene_depth},
    {"cub_radix/keys_u32_splatapult", CubAlgorithm::radix, CubKey::u32, KeyKind::u32, false, 0,
     KeyDistribution::scene_depth},
    {"cub_radix/pairs_u32_u32_splatapult", CubAlgorithm::radix, CubKey::u32, KeyKind::u32, true, 0,
     KeyDistribution::scene_depth},
    // The tile-based splat renderer's sorts, beside radix/pairs_u64_u32_tiles and radix/pairs_u32_u32_tiles.
    {"cub_radix/pairs_u64_u32", CubAlgorithm::radix, CubKey::u64, KeyKind::u64, true},
    {"cub_radix/pairs_u64_u32_tiles", CubAlgorithm::radix, CubKey::u64, KeyKind::u64, true, 32 + kSplatTileBits,
     KeyDistribution::tile_depth},
    {"cub_radix/pairs_u32_u32_tiles", CubAlgorithm::radix, CubKey::u32, KeyKind::u32, true, 16,
     KeyDistribution::tile_depth},
    // Keys with a digit that does not vary, beside radix/keys_u64_low32 and radix/pairs_f32_u32_narrow.
    {"cub_radix/keys_u64_low32", CubAlgorithm::radix, CubKey::u64, KeyKind::u64, false, 0,
     KeyDistribution::constant_digits},
    {"cub_radix/pairs_f32_u32_narrow", CubAlgorithm::radix, CubKey::f32, KeyKind::f32, true, 0,
     KeyDistribution::constant_digits},
    {"cub_merge/keys_u32", CubAlgorithm::merge, CubKey::u32, KeyKind::u32, false},
    {"cub_merge/pairs_u32_u32", CubAlgorithm::merge, CubKey::u32, KeyKind::u32, true},
};

}  // namespace

void register_cub_benchmarks(BenchEnvironment& env) {
  const std::string reason = cuda_unavailable_reason();
  if (!reason.empty()) {
    benchmark::AddCustomContext("cub", "unavailable (" + reason + ")");
    return;
  }
  benchmark::AddCustomContext("cub", cuda_description());
  const std::vector<std::size_t> sizes = env.options.gpu_sizes();
  if (sizes.empty()) return;
  auto* cache = env.keep(std::make_shared<CubCache>());
  for (const CubCase& run : kCases) {
    configure(benchmark::RegisterBenchmark(
                  run.name, [&env, cache, run](benchmark::State& state) { run_cub(state, env, *cache, run); }),
              env.options, false, sizes);
  }
}

}  // namespace gpusort_bench

#else  // !GPUSORT_BENCH_HAVE_CUB

namespace gpusort_bench {

void register_cub_benchmarks(BenchEnvironment&) {
  benchmark::AddCustomContext("cub", "unavailable (built without the CUDA toolkit)");
}

}  // namespace gpusort_bench

#endif
