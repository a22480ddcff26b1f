#pragma once
// One randomized differential-test case, derived entirely from a 32-bit seed, so that a
// failure is replayed by its seed alone (`gpusort_fuzz --replay SEED`). A case picks the sorter
// too: BitonicSorter, RadixSorter (a path and shape from fuzz_radix_tunings.hpp, a BitRange for
// unsigned keys on GPU buffers) or the front door Sorter with a random crossover.
//
// To add a new entry point (a sub-range sort, a count read from the GPU, ...): add a
// FuzzPath, give it a weight in fuzz_case.cpp's path choice and a runner in fuzz_run.cpp.
// Cases of existing paths keep their seeds meaning the same only if new draws are appended
// after the existing ones in make_fuzz_case.

#include <gpusort/order.hpp>
#include <gpusort/radix_tuning.hpp>
#include <gpusort/sorter_tuning.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpusort_fuzz {

enum class KeyKind { uint32, int32, float32 };

enum class FuzzDistribution {
  random,
  sorted,
  reversed,
  organ_pipe,     // ascending then descending
  sawtooth,       // ascending runs of a random period
  few_distinct,
  all_equal,
  float_specials  // NaNs of both signs, +-0, +-inf, denormals (integer keys: their extremes)
};

enum class FuzzPath {
  host_vectors,  // sort(std::vector&...)
  gpu_buffers    // sort(GLuint...) on buffers with a guard region after count
};

enum class FuzzAlgorithm {
  bitonic,  // BitonicSorter
  radix,    // RadixSorter
  sorter    // Sorter, the front door, with FuzzCase::crossover
};

struct FuzzCase {
  std::uint32_t seed = 0;
  std::size_t count = 0;
  KeyKind key = KeyKind::uint32;
  bool with_values = false;
  gpusort::Order order = gpusort::Order::ascending;
  FuzzDistribution distribution = FuzzDistribution::random;
  FuzzPath path = FuzzPath::host_vectors;
  std::size_t tuning = 0;  // index into fuzz_tunings(); 0 is the default BitonicTuning
  std::uint32_t data_seed = 0;
  // Drawn after everything above (which keeps what a seed gave it before these existed):
  FuzzAlgorithm algorithm = FuzzAlgorithm::bitonic;
  // Key-value cases of BitonicSorter and Sorter; RadixSorter is always stable.
  gpusort::Stability stability = gpusort::Stability::unstable;
  gpusort::RadixPath radix_path = gpusort::RadixPath::automatic;  // RadixSorter and Sorter
  std::size_t radix_shape = 0;  // index into fuzz_radix_shapes(); 0 is the default RadixTuning
  gpusort::BitRange bits;       // RadixSorter, uint32 keys, GPU buffers; {} is every bit
  gpusort::Crossover crossover;  // Sorter: where it takes the radix sort (0: the device's default)
};

// Whether the case's sort runs the radix sort (Sorter: by the crossover field of its key width,
// values and stability, computed here independently of Sorter::algorithm_for). `measured` is
// what 0 fields of the crossover stand for (Crossover::for_device).
bool runs_radix(const FuzzCase& fuzz_case, const gpusort::Crossover& measured);

struct FuzzLimits {
  // Counts above this are clamped (a soak on a slow GL may want smaller cases).
  std::size_t max_count = 2u << 20;
  // Percent of cases that may be large (up to max_count); the rest stay under ~300k.
  unsigned large_percent = 1;
};

FuzzCase make_fuzz_case(std::uint32_t seed, const FuzzLimits& limits);

std::string describe(const FuzzCase& fuzz_case);
const char* key_kind_name(KeyKind key);
const char* distribution_name(FuzzDistribution distribution);
const char* path_name(FuzzPath path);
const char* algorithm_name(FuzzAlgorithm algorithm);
const char* radix_path_name(gpusort::RadixPath path);

}  // namespace gpusort_fuzz
