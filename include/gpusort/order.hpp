#pragma once
#include "version.hpp"

namespace gpusort {

/// Sort direction. Descending is the exact reverse of ascending for keys; for key-value
/// sorts it is ascending on the complemented keys, so values among equal keys end as an
/// ascending sort would leave them: in the network's order (see cpu::bitonic_sort), or in
/// their input order for stable sorts.
enum class Order { ascending, descending };

/// Key-value sorts only. `stable`: equal keys keep their input order (the result equals
/// std::stable_sort). What it costs depends on the algorithm. The radix sort (RadixSorter,
/// and Sorter from Crossover::stable up) is stable anyway: `stable` costs nothing there. The
/// bitonic network (BitonicSorter, and Sorter below Crossover::stable) then runs on (key,
/// original index) pairs and gathers the values afterwards: scratch memory of 8 bytes per
/// element and three extra passes (measured costs: bench/results/history.md). sort_indices()
/// is always stable; on the network it costs one extra pass.
enum class Stability { unstable, stable };

}  // namespace gpusort
