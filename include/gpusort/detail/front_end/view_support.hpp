#pragma once
// What a sorter's calls and the views of its algorithms (BitonicView, RadixView) share: the
// sorter's validity as every call reports it, and the device facts an algorithm plans with.
#include <string>

#include "../../device_facts.hpp"
#include "../device/limits.hpp"
#include "../status.hpp"

namespace gpusort {
namespace detail {

/// What a call on a sorter reports, from its validity: ok, or why it cannot sort (an empty
/// message: it was moved from).
inline Status check_validity(const Status& validity) {
  if (validity) return {};
  return validity.message().empty() ? fail("this sorter was moved from: use the sorter it was moved to") : validity;
}

/// The device facts `algorithm` plans with, and what the subgroup check of its programs found.
template <class Algorithm>
DeviceFacts facts_in_effect(const Algorithm& algorithm) {
  DeviceFacts facts = facts_of(algorithm.limits());
  facts.subgroup_check = algorithm.subgroup_check();
  return facts;
}

}  // namespace detail
}  // namespace gpusort
