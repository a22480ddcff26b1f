// The two yardsticks: the textbook GPU bitonic sort and std::sort on the host.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <utility>

#include "gpu_sort_run.hpp"
#include "sort_benchmarks.hpp"
#include "textbook_bitonic.hpp"

namespace gpusort_bench {
namespace {

void register_textbook(BenchEnvironment& env, const char* name, TextbookKey key, KeyKind kind, bool with_values) {
  std::vector<std::size_t> sizes;
  for (std::size_t n : env.options.gpu_sizes()) {
    if (TextbookBitonic::supports(n)) sizes.push_back(n);
  }
  if (sizes.empty()) return;
  // Built on first use, so a failure becomes that benchmark's error message.
  auto* network = env.keep(std::make_shared<std::optional<TextbookBitonic>>());
  const std::string family = name;
  auto* benchmark =
      benchmark::RegisterBenchmark(name, [&env, network, family, key, kind, with_values](benchmark::State& state) {
        try {
          if (!*network) network->emplace(key, with_values);
          const auto count = static_cast<std::size_t>(state.range(0));
          GpuSortCase run;
          run.name = family;
          run.kind = kind;
          run.with_values = with_values;
          run.memory_passes = TextbookBitonic::steps(count);
          run.dispatches = run.memory_passes;
          run_gpu_sort(state, env, run, [&](gpusort::BufferView keys, gpusort::BufferView values, std::size_t n) {
            (*network)->sort(keys.buffer, values.buffer, n);
          });
        } catch (const std::exception& e) {
          env.fail(state, e.what());
        }
      });
  configure(benchmark, env.options, false, sizes);
}

template <class Key>
std::vector<Key> typed_keys(const std::vector<std::uint32_t>& words) {
  static_assert(sizeof(Key) == sizeof(std::uint32_t), "keys are 32-bit");
  std::vector<Key> keys(words.size());
  if (!words.empty()) std::memcpy(keys.data(), words.data(), words.size() * sizeof(Key));
  return keys;
}

template <class Key>
bool ascending(const std::vector<Key>& keys) {
  return std::is_sorted(keys.begin(), keys.end());
}

template <class Key>
void std_sort_keys(benchmark::State& state, BenchEnvironment& env, KeyKind kind, const std::string& family) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::vector<Key> pristine = typed_keys<Key>(env.data.host(kind, count).key_words);
  std::vector<Key> keys;
  double total_seconds = 0.0;
  for (auto _ : state) {
    keys = pristine;  // untimed: only std::sort sits between the clock reads
    const auto start = std::chrono::steady_clock::now();
    std::sort(keys.begin(), keys.end());
    const auto stop = std::chrono::steady_clock::now();
    const double seconds = std::max(std::chrono::duration<double>(stop - start).count(), GpuTimer::kMinimumSeconds);
    state.SetIterationTime(seconds);
    total_seconds += seconds;
    benchmark::DoNotOptimize(keys.data());
  }
  if (env.should_verify(family + "/" + std::to_string(count)) && !ascending(keys)) {
    env.fail(state, "std::sort output not ascending");
    return;
  }
  set_sort_counters(state, count, total_seconds, 0.0);
}

// Pairs as one vector of (key, value): what a host program would sort.
void std_sort_pairs(benchmark::State& state, BenchEnvironment& env, const std::string& family) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const HostData& input = env.data.host(KeyKind::u32, count);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pristine(count);
  for (std::size_t i = 0; i < count; ++i) pristine[i] = {input.key_words[i], input.values[i]};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  const auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  double total_seconds = 0.0;
  for (auto _ : state) {
    pairs = pristine;
    const auto start = std::chrono::steady_clock::now();
    std::sort(pairs.begin(), pairs.end(), by_key);
    const auto stop = std::chrono::steady_clock::now();
    const double seconds = std::max(std::chrono::duration<double>(stop - start).count(), GpuTimer::kMinimumSeconds);
    state.SetIterationTime(seconds);
    total_seconds += seconds;
    benchmark::DoNotOptimize(pairs.data());
  }
  if (env.should_verify(family + "/" + std::to_string(count)) && !std::is_sorted(pairs.begin(), pairs.end(), by_key)) {
    env.fail(state, "std::sort output not ascending");
    return;
  }
  set_sort_counters(state, count, total_seconds, 0.0);
}

}  // namespace

void register_textbook_benchmarks(BenchEnvironment& env) {
  register_textbook(env, "textbook/keys_u32", TextbookKey::u32, KeyKind::u32, false);
  register_textbook(env, "textbook/pairs_u32_u32", TextbookKey::u32, KeyKind::u32, true);
  register_textbook(env, "textbook/keys_f32", TextbookKey::f32, KeyKind::f32, false);
}

void register_std_sort_benchmarks(BenchEnvironment& env) {
  const std::vector<std::size_t> sizes = env.options.cpu_sizes();
  if (sizes.empty()) return;
  configure(benchmark::RegisterBenchmark("std_sort/keys_u32",
                                         [&env](benchmark::State& state) {
                                           std_sort_keys<std::uint32_t>(state, env, KeyKind::u32, "std_sort/keys_u32");
                                         }),
            env.options, true, sizes);
  configure(benchmark::RegisterBenchmark(
                "std_sort/pairs_u32_u32",
                [&env](benchmark::State& state) { std_sort_pairs(state, env, "std_sort/pairs_u32_u32"); }),
            env.options, true, sizes);
  configure(benchmark::RegisterBenchmark("std_sort/keys_f32",
                                         [&env](benchmark::State& state) {
                                           std_sort_keys<float>(state, env, KeyKind::f32, "std_sort/keys_f32");
                                         }),
            env.options, true, sizes);
}

}  // namespace gpusort_bench
