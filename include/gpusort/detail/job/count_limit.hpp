#pragma once
// CountLimit: the most elements one call of a sorter takes, which each algorithm derives from
// the device's limits and the front end checks every count against (front_end/validation.hpp).
#include <cstddef>

namespace gpusort {
namespace detail {

/// The most elements one call of a sorter takes, and what bounds it (for the message).
struct CountLimit {
  std::size_t max_count = 0;
  const char* bound = "";
};

}  // namespace detail
}  // namespace gpusort
