#pragma once

namespace gpusort {

/// Sort direction. Descending is the exact reverse of ascending for keys; for key-value
/// sorts it is ascending on the complemented keys, so values among equal keys follow
/// the same network (see cpu::bitonic_sort).
enum class Order { ascending, descending };

/// Key-value sorts only. `stable`: equal keys keep their input order (the result equals
/// std::stable_sort). It costs scratch memory of 8 bytes per element and three extra
/// passes (the sort then runs on (key, original index) pairs and the values are gathered
/// afterwards): 1.13-1.25x an unstable sort from 2^13 elements up on an H200, up to 1.7x
/// at 2^10 (bench/results/history.md). sort_indices() is stable at the
/// cost of one extra pass.
enum class Stability { unstable, stable };

}  // namespace gpusort
