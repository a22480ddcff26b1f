#include "fuzz_run.hpp"

#include <exception>
#include <vector>

#include "fuzz_inputs.hpp"
#include "fuzz_tunings.hpp"
#include "gl_debug_output.hpp"
#include "radix_support.hpp"
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

template <class Sorter>
constexpr bool is_radix_sorter = false;
template <class Key, class Value>
constexpr bool is_radix_sorter<gpusort::RadixSorter<Key, Value>> = true;

// The case's sort of host vectors, whichever sorter: RadixSorter takes no Stability (it is
// always stable), the other two take the case's.
template <class Key, class Sorter>
GpuResult<Key> sort_host_vectors(Sorter& sorter, const FuzzCase& c, const std::vector<Key>& keys,
                                 const std::vector<std::uint32_t>& values) {
  GpuResult<Key> result{keys, values, {}};
  {
    gpusort_test::GpusortCall call("gpusort fuzz: host vectors");
    if constexpr (!Sorter::has_values) {
      sorter.sort(result.keys, c.order);
    } else if constexpr (is_radix_sorter<Sorter>) {
      sorter.sort(result.keys, result.values, c.order);
    } else {
      sorter.sort(result.keys, result.values, c.order, c.stability);
    }
  }
  result.problem = failed(gpusort_test::no_gl_error("sort(std::vector&...)"), "GL error");
  return result;
}

// The case's sort of GPU buffers with guards after the elements; RadixSorter by c.bits.
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
    if constexpr (is_radix_sorter<Sorter>) {
      if constexpr (Sorter::has_values) {
        sorter.sort(key_buffer.name(), value_buffer->name(), c.count, c.order, c.bits);
      } else {
        sorter.sort(key_buffer.name(), c.count, c.order, c.bits);
      }
    } else if constexpr (Sorter::has_values) {
      sorter.sort(key_buffer.name(), value_buffer->name(), c.count, c.order, c.stability);
    } else {
      sorter.sort(key_buffer.name(), c.count, c.order);
    }
  }
  result.problem = failed(gpusort_test::no_gl_error("sort(GLuint...)"), "GL error");
  const Bytes keys_after = key_buffer.read();
  if (auto guard = gpusort_test::guard_intact(keys_after, c.count * sizeof(Key), key_guard, "key"); !guard) {
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

template <class Key, class Sorter>
GpuResult<Key> sort_case(Sorter& sorter, const FuzzCase& c, const std::vector<Key>& keys,
                         const std::vector<std::uint32_t>& values) {
  switch (c.path) {
    case FuzzPath::host_vectors: return sort_host_vectors(sorter, c, keys, values);
    case FuzzPath::gpu_buffers: return sort_gpu_buffers(sorter, c, keys, values);
  }
  return {};
}

template <class Key, class Value>
std::string run_typed(FuzzRunner& runner, const FuzzCase& c) {
  constexpr bool has_values = !std::is_void<Value>::value;
  const std::vector<Key> keys = make_fuzz_keys<Key>(c.distribution, c.count, c.data_seed);
  const std::vector<std::uint32_t> values =
      has_values ? make_fuzz_values(c.count, c.data_seed ^ 0x9e3779b9u) : std::vector<std::uint32_t>{};

  std::string problems;
  const auto note = [&problems](const std::string& problem) {
    if (problem.empty()) return;
    if (!problems.empty()) problems += "\n";
    problems += problem;
  };
  const bool radix = runner.runs_radix(c);
  GpuResult<Key> gpu;
  switch (c.algorithm) {
    case FuzzAlgorithm::bitonic:
      gpu = sort_case(runner.bitonic_sorter<gpusort::BitonicSorter<Key, Value>>(c), c, keys, values);
      break;
    case FuzzAlgorithm::radix:
      gpu = sort_case(runner.radix_sorter<gpusort::RadixSorter<Key, Value>>(c), c, keys, values);
      break;
    case FuzzAlgorithm::sorter: {
      auto& sorter = runner.front_door<gpusort::Sorter<Key, Value>>(c);
      const gpusort::Algorithm expected = radix ? gpusort::Algorithm::radix : gpusort::Algorithm::bitonic;
      if (sorter.algorithm_for(c.count, has_values ? c.stability : gpusort::Stability::unstable) != expected) {
        note(std::string("Sorter::algorithm_for() does not name the ") + (radix ? "radix sort" : "network") +
             " that the crossover picks");
      }
      gpu = sort_case(sorter, c, keys, values);
      break;
    }
  }
  note(gpu.problem);

  if (runner.corrupts_results() && !gpu.keys.empty()) {
    Key& key = gpu.keys[gpu.keys.size() / 2];
    key = gpusort_test::from_bits<Key>(gpusort_test::bits_of(key) ^ 1u);
  }

  if (radix || (has_values && c.stability == gpusort::Stability::stable)) {
    // Stable: std::stable_sort by the case's bits (all of them but for a BitRange), exactly.
    std::vector<Key> want_keys = keys;
    std::vector<std::uint32_t> want_values = values;
    gpusort_test::radix_oracle(want_keys, has_values ? &want_values : nullptr, c.order, c.bits);
    note(failed(gpusort_test::same_bits(gpu.keys, want_keys, "keys"), "vs std::stable_sort"));
    if (has_values) note(failed(gpusort_test::same_bits(gpu.values, want_values, "values"), "vs std::stable_sort"));
    return problems;
  }
  // Oracle 1, independent of gpusort's network: std::sort (totalOrder), pair multiset.
  if (has_values) {
    note(failed(gpusort_test::sorted_pairs_ok(keys, values, gpu.keys, gpu.values, c.order), "vs std::sort"));
  } else {
    note(failed(gpusort_test::same_bits(gpu.keys, gpusort_test::expected_sorted(keys, c.order)), "vs std::sort"));
  }
  // Oracle 2: the same network on the CPU, pair for pair (equal keys included).
  note(failed(gpusort_test::matches_cpu_network(keys, has_values ? &values : nullptr, gpu.keys,
                                                has_values ? &gpu.values : nullptr, c.order),
              "vs cpu::bitonic_sort"));
  return problems;
}

template <class Key>
std::string run_for_key(FuzzRunner& runner, const FuzzCase& c) {
  return c.with_values ? run_typed<Key, std::uint32_t>(runner, c) : run_typed<Key, void>(runner, c);
}

// The radix tuning of a case: its shape, its path where this context can run it.
gpusort::RadixTuning radix_tuning_of(const FuzzCase& c, gpusort::RadixPath path) {
  gpusort::RadixTuning tuning = gpusort_test::radix_test_tuning(fuzz_radix_shapes()[c.radix_shape].tuning);
  tuning.path = path;
  return tuning;
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
  front_doors_.clear();
  sorters_.clear();
}

void FuzzRunner::query_device() {
  if (device_known_) return;
  const gpusort::detail::DeviceLimits limits = gpusort::detail::query_device_limits();
  measured_ = gpusort::Crossover::for_device(limits.renderer, limits.software);
  device_known_ = true;
}

gpusort::RadixPath FuzzRunner::radix_path(const FuzzCase& c) {
  // automatic is Onesweep on every device (it never waits without bound).
  return c.radix_path == gpusort::RadixPath::automatic ? gpusort::RadixPath::onesweep : c.radix_path;
}

bool FuzzRunner::runs_radix(const FuzzCase& c) {
  query_device();
  return gpusort_fuzz::runs_radix(c, measured_);
}

std::string FuzzRunner::what_runs(const FuzzCase& c) {
  const bool radix = runs_radix(c);
  std::string text = std::string(algorithm_name(c.algorithm)) + " runs the " + (radix ? "radix sort" : "network");
  if (radix) text += std::string(", path ") + radix_path_name(radix_path(c));
  return text;
}

template <class Sorter>
Sorter& FuzzRunner::bitonic_sorter(const FuzzCase& c) {
  std::shared_ptr<void>& slot = sorters_[{std::type_index(typeid(Sorter)), c.tuning, 0, 0}];
  if (!slot) {
    gpusort_test::GpusortCall call("gpusort fuzz: build sorter");
    slot = std::make_shared<Sorter>(gpusort_test::test_tuning(fuzz_tunings()[c.tuning].tuning), nullptr,
                                    gpusort_test::test_device_facts());
  }
  return *static_cast<Sorter*>(slot.get());
}

template <class Sorter>
Sorter& FuzzRunner::radix_sorter(const FuzzCase& c) {
  const gpusort::RadixPath path = radix_path(c);
  std::shared_ptr<void>& slot = sorters_[{std::type_index(typeid(Sorter)), 0, static_cast<int>(path), c.radix_shape}];
  if (!slot) {
    gpusort_test::GpusortCall call("gpusort fuzz: build radix sorter");
    slot = std::make_shared<Sorter>(radix_tuning_of(c, path), nullptr, gpusort_test::test_device_facts());
  }
  return *static_cast<Sorter*>(slot.get());
}

template <class Sorter>
Sorter& FuzzRunner::front_door(const FuzzCase& c) {
  const gpusort::RadixPath path = radix_path(c);
  const gpusort::Crossover& x = c.crossover;
  const std::string key = std::string(typeid(Sorter).name()) + " " + std::to_string(c.tuning) + " " +
                          std::to_string(static_cast<int>(path)) + " " + std::to_string(c.radix_shape) + " " +
                          std::to_string(x.keys) + " " + std::to_string(x.pairs) + " " + std::to_string(x.stable) +
                          " " + std::to_string(x.wide_keys);
  if (front_doors_.size() >= 8 && front_doors_.count(key) == 0) front_doors_.clear();
  std::shared_ptr<void>& slot = front_doors_[key];
  if (!slot) {
    gpusort_test::GpusortCall call("gpusort fuzz: build Sorter");
    gpusort::SorterTuning tuning;
    tuning.radix_from = x;
    tuning.bitonic = gpusort_test::test_tuning(fuzz_tunings()[c.tuning].tuning);
    tuning.radix = radix_tuning_of(c, path);
    slot = std::make_shared<Sorter>(tuning, nullptr, gpusort_test::test_device_facts());
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
