#pragma once
// The CPU reference network: the exact compare-exchange schedule the GPU runs
// (detail/bitonic/network.hpp), executed on the host. Same input, same output, down to the
// order of values among equal keys, so it checks the GPU step for step.
#include "version.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "detail/bitonic/network.hpp"
#include "error.hpp"
#include "key_traits.hpp"
#include "order.hpp"

namespace gpusort {
namespace cpu {
namespace detail {

/// Runs the first `max_steps` steps of the network on ordered keys (all of them by
/// default), swapping `values` alongside when it is not null.
template <class Ordered, class Value>
void run_network(std::vector<Ordered>& ordered, Value* values,
                 std::size_t max_steps = static_cast<std::size_t>(-1)) {
  const std::size_t n = ordered.size();
  std::size_t step = 0;
  gpusort::detail::bitonic::for_each_step(n, [&](std::uint32_t pivot, std::uint64_t mask) {
    if (step++ >= max_steps) return;
    const std::uint64_t pivot_bit = std::uint64_t{1} << pivot;
    for (std::uint64_t lo = 0; lo < n; ++lo) {
      if (lo & pivot_bit) {
        lo |= pivot_bit - 1;  // skip the rest of this half: they are all hi positions
        continue;
      }
      const std::uint64_t hi = lo ^ mask;
      if (hi >= n) continue;
      if (ordered[lo] > ordered[hi]) {
        std::swap(ordered[lo], ordered[hi]);
        if (values) std::swap(values[lo], values[hi]);
      }
    }
  });
}

template <class Key>
using OrderedOf = typename KeyTraits<Key>::Ordered;

template <class Key>
std::vector<OrderedOf<Key>> to_ordered(const std::vector<Key>& keys, Order order) {
  std::vector<OrderedOf<Key>> ordered(keys.size());
  const OrderedOf<Key> flip = order_mask<OrderedOf<Key>>(order);
  for (std::size_t i = 0; i < keys.size(); ++i) ordered[i] = KeyTraits<Key>::to_ordered(keys[i]) ^ flip;
  return ordered;
}

template <class Key>
void from_ordered(const std::vector<OrderedOf<Key>>& ordered, std::vector<Key>& keys, Order order) {
  const OrderedOf<Key> flip = order_mask<OrderedOf<Key>>(order);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = KeyTraits<Key>::from_ordered(ordered[i] ^ flip);
}

}  // namespace detail

/// Sorts `keys` on the host with gpusort's bitonic network.
/// Not stable; O(n log^2 n). Meant as a reference and for tests, not for speed.
/// Example:
///   std::vector<float> depth = {...};
///   gpusort::cpu::bitonic_sort(depth, gpusort::Order::descending);
template <class Key>
void bitonic_sort(std::vector<Key>& keys, Order order = Order::ascending) {
  static_assert(is_supported_key<Key>::value,
                "gpusort keys are std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double");
  std::vector<detail::OrderedOf<Key>> ordered = detail::to_ordered(keys, order);
  detail::run_network(ordered, static_cast<std::uint32_t*>(nullptr));
  detail::from_ordered(ordered, keys, order);
}

/// Sorts `keys` and carries `values` along, with the GPU's network: the resulting
/// (key, value) sequence equals the GPU's exactly, equal keys included.
/// Throws gpusort::Error (without exceptions: reports it to the error handler) and changes
/// nothing when the sizes differ.
template <class Key, class Value>
void bitonic_sort(std::vector<Key>& keys, std::vector<Value>& values, Order order = Order::ascending) {
  static_assert(is_supported_key<Key>::value,
                "gpusort keys are std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t or double");
  if (!gpusort::detail::report(gpusort::detail::check_one_value_per_key(keys.size(), values.size()))) return;
  std::vector<detail::OrderedOf<Key>> ordered = detail::to_ordered(keys, order);
  detail::run_network(ordered, values.data());
  detail::from_ordered(ordered, keys, order);
}

}  // namespace cpu
}  // namespace gpusort
