#pragma once
// What the algorithms' tables of defaults are keyed by (detail/bitonic/tuning.hpp,
// detail/radix/tuning.hpp): the device family and the element layout. A table is a list of rows
// whose first match gives the defaults, like the crossover table (sorter_tuning.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "limits.hpp"

namespace gpusort {
namespace detail {

/// The devices defaults were measured on, as families.
enum class DeviceFamily { nvidia, other_gpu, software };

inline DeviceFamily device_family(const DeviceLimits& limits) {
  if (limits.software) return DeviceFamily::software;
  return limits.vendor.find("NVIDIA") != std::string::npos ? DeviceFamily::nvidia : DeviceFamily::other_gpu;
}

/// Which devices and elements a row of a defaults table is for.
struct DefaultsFor {
  enum class Devices { gpus, nvidia, software };  // gpus: NVIDIA's and the others
  enum class Values { none, carried, either };
  Devices devices;
  std::uint32_t key_bytes;  // 4 or 8; 0: either
  Values values;

  constexpr bool matches(DeviceFamily family, std::uint32_t keys, bool has_values) const {
    const bool device = devices == Devices::gpus       ? family != DeviceFamily::software
                        : devices == Devices::nvidia ? family == DeviceFamily::nvidia
                                                     : family == DeviceFamily::software;
    const bool layout_values = values == Values::either || (values == Values::carried) == has_values;
    return device && (key_bytes == 0 || key_bytes == keys) && layout_values;
  }
};

/// The first row of `table` for this device and elements that `accepts` (every row, unless
/// told otherwise); the last row must match every case it is asked for.
template <class Row, std::size_t N, class Accepts>
const Row& first_row(const Row (&table)[N], const DeviceLimits& limits, std::uint32_t key_bytes, bool has_values,
                     Accepts&& accepts) {
  const DeviceFamily family = device_family(limits);
  for (const Row& row : table) {
    if (row.where.matches(family, key_bytes, has_values) && accepts(row)) return row;
  }
  return table[N - 1];
}

}  // namespace detail
}  // namespace gpusort
