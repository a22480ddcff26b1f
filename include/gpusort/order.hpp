#pragma once

namespace gpusort {

/// Sort direction. Descending is the exact reverse of ascending for keys; for key-value
/// sorts it is ascending on the complemented keys, so values among equal keys follow
/// the same network (see cpu::bitonic_sort).
enum class Order { ascending, descending };

}  // namespace gpusort
