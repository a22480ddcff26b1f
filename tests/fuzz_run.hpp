#pragma once
// Runs fuzz cases on the GPU and checks each against two oracles: std::sort with a
// totalOrder comparator (keys) plus the multiset of (key, value) pairs, and
// gpusort::cpu::bitonic_sort, which must match the GPU's pair sequence exactly.

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

  // Checks the checker: flips a bit of one key the GPU returned, so that every case with
  // count > 0 must fail.
  void corrupt_results(bool corrupt) { corrupt_results_ = corrupt; }
  bool corrupts_results() const { return corrupt_results_; }

  // One sorter per (key type, value type, tuning), built on first use: on llvmpipe a
  // build plus the first dispatch's shader compile costs a good fraction of a second.
  template <class Sorter>
  Sorter& sorter(std::size_t tuning);

 private:
  std::map<std::tuple<std::type_index, std::size_t>, std::shared_ptr<void>> sorters_;
  std::string debug_failures_;
  bool corrupt_results_ = false;  // GL debug messages that failed the running case
};

}  // namespace gpusort_fuzz
