#include "fuzz_run.hpp"

#include <exception>
#include <vector>

#include "fuzz_inputs.hpp"
#include "fuzz_tunings.hpp"
#include "gl_debug_output.hpp"
#include "sort_checks.hpp"
#include "test_tuning.hpp"

namespace gpusort_fuzz {
namespace {

using gpusort_test::Bytes;
using gpusort_test::GlBuffer;

std::string failed(const ::testing::AssertionResult& result, const char* what) {
  return result ? std::string() : std::string(what) + ": " + result.message();
}

// What the GPU produced for one case, whichever entry point produced it.
template <class Key>
struct GpuResult {
  std::vector<Key> keys;
  std::vector<std::uint32_t> values;
  std::string problem;  // guard bytes overwritten, a GL error, ...
};

template <class Key, class Sorter>
GpuResult<Key> sort_host_vectors(Sorter& sorter, const FuzzCase& c, const std::vector<Key>& keys,
                                 const std::vector<std::uint32_t>& values) {
  GpuResult<Key> result{keys, values, {}};
  {
    gpusort_test::GpusortCall call("gpusort fuzz: host vectors");
    if constexpr (Sorter::has_values) {
      sorter.sort(result.keys, result.values, c.order);
    } else {
      sorter.sort(result.keys, c.order);
    }
  }
  result.problem = failed(gpusort_test::no_gl_error("sort(std::vector&...)"), "GL error");
  return result;
}

template <class Key, class Sorter>
GpuResult<Key> sort_gpu_buffers(Sorter& sorter, const FuzzCase& c, const std::vector<Key>& keys,
                                const std::vector<std::uint32_t>& values) {
  GpuResult<Key> result;
  // Guards of seed-dependent, odd lengths: a sort that rounds count up to a tile or a
  // vector width writes into them.
  const Bytes key_guard = gpusort_test::guard_pattern(4 * (1 + c.data_seed % 97), c.data_seed);
  const Bytes value_guard = gpusort_test::guard_pattern(4 * (1 + c.data_seed % 89), c.data_seed + 1);
  GlBuffer key_buffer(gpusort_test::concat(gpusort_test::to_bytes(keys), key_guard));
  std::unique_ptr<GlBuffer> value_buffer;
  if constexpr (Sorter::has_values) {
    value_buffer = std::make_unique<GlBuffer>(gpusort_test::concat(gpusort_test::to_bytes(values), value_guard));
  }
  {
    gpusort_test::GpusortCall call("gpusort fuzz: GPU buffers");
    if constexpr (Sorter::has_values) {
      sorter.sort(key_buffer.name(), value_buffer->name(), c.count, c.order);
    } else {
      sorter.sort(key_buffer.name(), c.count, c.order);
    }
  }
  result.problem = failed(gpusort_test::no_gl_error("sort(GLuint...)"), "GL error");
  const Bytes keys_after = key_buffer.read();
  if (auto guard = gpusort_test::guard_intact(keys_after, c.count * 4, key_guard, "key"); !guard) {
    result.problem += failed(guard, "guard");
  }
  result.keys = gpusort_test::from_bytes<Key>(keys_after, 0, c.count);
  if (value_buffer) {
    const Bytes values_after = value_buffer->read();
    if (auto guard = gpusort_test::guard_intact(values_after, c.count * 4, value_guard, "value"); !guard) {
      result.problem += failed(guard, "guard");
    }
    result.values = gpusort_test::from_bytes<std::uint32_t>(values_after, 0, c.count);
  }
  return result;
}

template <class Key, class Value>
std::string run_typed(FuzzRunner& runner, const FuzzCase& c) {
  using Sorter = gpusort::BitonicSorter<Key, Value>;
  constexpr bool has_values = Sorter::has_values;
  const std::vector<Key> keys = make_fuzz_keys<Key>(c.distribution, c.count, c.data_seed);
  const std::vector<std::uint32_t> values =
      has_values ? make_fuzz_values(c.count, c.data_seed ^ 0x9e3779b9u) : std::vector<std::uint32_t>{};

  Sorter& sorter = runner.sorter<Sorter>(c.tuning);
  GpuResult<Key> gpu;
  switch (c.path) {
    case FuzzPath::host_vectors: gpu = sort_host_vectors(sorter, c, keys, values); break;
    case FuzzPath::gpu_buffers: gpu = sort_gpu_buffers(sorter, c, keys, values); break;
  }

  if (runner.corrupts_results() && !gpu.keys.empty()) {
    Key& key = gpu.keys[gpu.keys.size() / 2];
    key = gpusort_test::from_bits<Key>(gpusort_test::bits_of(key) ^ 1u);
  }

  std::string problems = gpu.problem;
  const auto note = [&problems](const std::string& problem) {
    if (problem.empty()) return;
    if (!problems.empty()) problems += "\n";
    problems += problem;
  };
  // Oracle 1, independent of gpusort's network: std::sort (totalOrder), pair multiset.
  if (has_values) {
    note(failed(gpusort_test::sorted_pairs_ok(keys, values, gpu.keys, gpu.values, c.order), "vs std::sort"));
  } else {
    note(failed(gpusort_test::same_bits(gpu.keys, gpusort_test::expected_sorted(keys, c.order)), "vs std::sort"));
  }
  // Oracle 2: the same network on the CPU, pair for pair (equal keys included).
  std::vector<Key> cpu_keys = keys;
  std::vector<std::uint32_t> cpu_values = values;
  if constexpr (has_values) {
    gpusort::cpu::bitonic_sort(cpu_keys, cpu_values, c.order);
    note(failed(gpusort_test::same_bits(gpu.values, cpu_values), "values vs cpu::bitonic_sort"));
  } else {
    gpusort::cpu::bitonic_sort(cpu_keys, c.order);
  }
  note(failed(gpusort_test::same_bits(gpu.keys, cpu_keys), "keys vs cpu::bitonic_sort"));
  return problems;
}

template <class Key>
std::string run_for_key(FuzzRunner& runner, const FuzzCase& c) {
  return c.with_values ? run_typed<Key, std::uint32_t>(runner, c) : run_typed<Key, void>(runner, c);
}

}  // namespace

FuzzRunner::FuzzRunner() {
  gpusort_test::set_gl_debug_failure_handler([this](const std::string& message) {
    if (!debug_failures_.empty()) debug_failures_ += "\n";
    debug_failures_ += message;
  });
}

FuzzRunner::~FuzzRunner() {
  gpusort_test::set_gl_debug_failure_handler(nullptr);
  sorters_.clear();
}

template <class Sorter>
Sorter& FuzzRunner::sorter(std::size_t tuning) {
  std::shared_ptr<void>& slot = sorters_[{std::type_index(typeid(Sorter)), tuning}];
  if (!slot) {
    gpusort_test::GpusortCall call("gpusort fuzz: build sorter");
    slot = std::make_shared<Sorter>(gpusort_test::test_tuning(fuzz_tunings()[tuning].tuning));
  }
  return *static_cast<Sorter*>(slot.get());
}

std::string FuzzRunner::run(const FuzzCase& c) {
  debug_failures_.clear();
  std::string problems;
  try {
    gpusort_test::gl_context().make_current();
    switch (c.key) {
      case KeyKind::uint32: problems = run_for_key<std::uint32_t>(*this, c); break;
      case KeyKind::int32: problems = run_for_key<std::int32_t>(*this, c); break;
      case KeyKind::float32: problems = run_for_key<float>(*this, c); break;
    }
  } catch (const std::exception& e) {
    problems = std::string("threw: ") + e.what();
  }
  if (!debug_failures_.empty()) problems += (problems.empty() ? "" : "\n") + debug_failures_;
  return problems;
}

}  // namespace gpusort_fuzz
