#pragma once
// Runs fuzz cases on the GPU, with the sorter each case picks, and checks each against the
// oracles its contract names: results that must be stable (every RadixSorter sort, a Sorter
// sort that takes the radix sort, a Stability::stable sort) equal std::stable_sort exactly,
// by the case's BitRange, values included; the bitonic network's unstable results equal
// std::sort with a totalOrder comparator (keys) plus the multiset of (key, value) pairs, and
// gpusort::cpu::bitonic_sort pair for pair.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <typeindex>

#include "fuzz_case.hpp"

namespace gpusort_fuzz {

class FuzzRunner {
 public:
  FuzzRunner();
  ~FuzzRunner();  // destroys the sorters; the shared context must still exist
  FuzzRunner(const FuzzRunner&) = delete;
  FuzzRunner& operator=(const FuzzRunner&) = delete;

  // "" when the case passed, else what went wrong (several lines possibly).
  std::string run(const FuzzCase& fuzz_case);

  // What the case runs on this context: the algorithm (for a Sorter, the one its crossover
  // picks) and the radix sort's path (automatic: Onesweep, on every device).
  std::string what_runs(const FuzzCase& fuzz_case);
  bool runs_radix(const FuzzCase& fuzz_case);
  gpusort::RadixPath radix_path(const FuzzCase& fuzz_case);

  // Checks the checker: flips a bit of one key the GPU returned, so that every case with
  // count > 0 must fail.
  void corrupt_results(bool corrupt) { corrupt_results_ = corrupt; }
  bool corrupts_results() const { return corrupt_results_; }

  // One sorter per (type, tuning), built on first use: on llvmpipe a build plus the first
  // dispatch's shader compile costs a good fraction of a second.
  template <class Sorter>
  Sorter& bitonic_sorter(const FuzzCase& fuzz_case);
  template <class Sorter>
  Sorter& radix_sorter(const FuzzCase& fuzz_case);
  // Sorters of the last few crossovers (another crossover changes no program, so building one
  // more costs little once the shader cache has the programs).
  template <class Sorter>
  Sorter& front_door(const FuzzCase& fuzz_case);

 private:
  void query_device();

  std::map<std::tuple<std::type_index, std::size_t, int, std::size_t>, std::shared_ptr<void>> sorters_;
  std::map<std::string, std::shared_ptr<void>> front_doors_;
  std::string debug_failures_;  // GL debug messages that failed the running case
  bool corrupt_results_ = false;
  bool device_known_ = false;
  gpusort::Crossover measured_;  // what a Sorter's 0 crossover fields stand for here
};

}  // namespace gpusort_fuzz
