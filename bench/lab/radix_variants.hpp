// gpusort_radix_probe's layouts (key type, values, input) and variants (a RadixTuning and the
// radix sort's test hooks), parsed from its command line. Include after the GL declarations (glad).
//
// A variant is "default" or comma-separated FIELD=VALUE settings:
//   k, g, bits, hist, blocks  RadixTuning's keys_per_invocation, workgroup_size, digit_bits,
//                             histogram_keys, blocks
//   path                      onesweep or rts (reduce-then-scan)
//   sub                       use_subgroups, 0/1
//   def                       a #define for the shaders (def=EXPERIMENT: a shader change tried
//                             beside the default)
//   polls                     Onesweep's look-back polls before a fallback (LOOKBACK_POLLS)
//   withhold                  every k-th partition withholds its status posts, so that the next
//                             one recounts it (the forced-fallback test mode)
//   parts                     the tile scatter's parts through shared memory
//   vak, wide, kept           0/1 instead of the defaults row's: values loaded after the keys are
//                             ranked (VALUES_AFTER_KEYS), 64-bit keys staged whole
//                             (WHOLE_KEY_STAGING), passes whose digit every key shares copied
//                             (KEPT_ORDER)
//   lsv                       1: the tile kernel declares layout(local_size_variable) and is
//                             dispatched at its size by glDispatchComputeGroupSizeARB, so that
//                             NVIDIA's compiler budgets registers for
//                             GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB
//   pragma                    a #pragma line after the library's own optionNV(unroll all), e.g.
//                             pragma=optionNV(ifcvt none)
// The fields from withhold on are the radix sort's test hooks (gpusort::detail::radix::
// test_hooks(), not API), set while the variant's sorter is built (HookScope).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include <gpusort/gpusort.hpp>

#include "key_distributions.hpp"
#include "variable_group_dispatch.hpp"

namespace gpusort_bench {
namespace radix_probe {

// A key type, with or without values, and where its keys come from: gpusort_bench's case of
// the same name sorts the same inputs.
struct Layout {
  const char* name;
  gpusort_bench::KeyKind kind;
  bool pairs;
  gpusort_bench::KeyDistribution distribution;
};

inline constexpr gpusort_bench::KeyDistribution kRandom = gpusort_bench::KeyDistribution::random;
inline constexpr gpusort_bench::KeyDistribution kDepth = gpusort_bench::KeyDistribution::scene_depth;
inline const Layout all_layouts[] = {
    {"keys_u32", gpusort_bench::KeyKind::u32, false, kRandom},
    {"pairs_u32_u32", gpusort_bench::KeyKind::u32, true, kRandom},
    {"keys_u64", gpusort_bench::KeyKind::u64, false, kRandom},
    {"pairs_u64_u32", gpusort_bench::KeyKind::u64, true, kRandom},
    {"keys_f32", gpusort_bench::KeyKind::f32, false, kRandom},
    {"pairs_f32_u32", gpusort_bench::KeyKind::f32, true, kRandom},
    {"keys_f32_depth", gpusort_bench::KeyKind::f32, false, kDepth},
    {"pairs_f32_u32_depth", gpusort_bench::KeyKind::f32, true, kDepth},
    {"keys_u32_splatapult", gpusort_bench::KeyKind::u32, false, kDepth},
    {"pairs_u32_u32_splatapult", gpusort_bench::KeyKind::u32, true, kDepth},
    {"keys_u64_low32", gpusort_bench::KeyKind::u64, false, gpusort_bench::KeyDistribution::constant_digits},
    {"pairs_f32_u32_narrow", gpusort_bench::KeyKind::f32, true, gpusort_bench::KeyDistribution::constant_digits},
};
inline const char* const default_layouts = "keys_u32,pairs_u32_u32,keys_u64";

inline std::vector<Layout> parse_layouts(const std::string& list) {
  std::vector<Layout> layouts;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, end - start);
    const auto found = std::find_if(std::begin(all_layouts), std::end(all_layouts),
                                    [&](const Layout& layout) { return name == layout.name; });
    if (found == std::end(all_layouts)) throw gpusort::Error("unknown layout '" + name + "'");
    layouts.push_back(*found);
    start = end + 1;
  }
  return layouts;
}

inline const std::vector<std::string> default_variants = {"default", "path=rts", "g=256", "g=1024,k=4", "k=12",
                                                   "k=16", "g=256,k=16", "sub=0", "bits=6"};

// A variant: a RadixTuning, and the forced-fallback test mode (every `withhold`-th partition
// withholds its status posts: gpusort::detail::radix::test_hooks, not API).
struct Variant {
  gpusort::RadixTuning tuning;
  std::uint32_t withhold = 0;
  std::uint32_t scatter_parts = 0;
  int values_after_keys = -1;
  int whole_key_staging = -1;
  int kept_order_passes = -1;
  bool variable_group = false;
};

inline Variant parse_variant(const std::string& spec) {
  Variant v;
  gpusort::RadixTuning& t = v.tuning;
  if (spec == "default") return v;
  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t end = std::min(spec.find(',', start), spec.size());
    const std::string item = spec.substr(start, end - start);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) throw gpusort::Error("variant part '" + item + "' is not FIELD=VALUE");
    const std::string field = item.substr(0, eq), value = item.substr(eq + 1);
    const auto number = static_cast<std::uint32_t>(std::strtoul(value.c_str(), nullptr, 10));
    if (field == "k") t.keys_per_invocation = number;
    else if (field == "g") t.workgroup_size = number;
    else if (field == "bits") t.digit_bits = number;
    else if (field == "hist") t.histogram_keys = number;
    else if (field == "blocks") t.blocks = number;
    else if (field == "sub") t.use_subgroups = number != 0;
    else if (field == "def") t.extra_shader_source += "#define " + value + "\n";
    else if (field == "path") t.path = value == "rts" ? gpusort::RadixPath::reduce_then_scan : gpusort::RadixPath::onesweep;
    else if (field == "polls") t.extra_shader_source += "#define LOOKBACK_POLLS " + std::to_string(number) + "u\n";
    else if (field == "withhold") v.withhold = number;
    else if (field == "parts") v.scatter_parts = number;
    else if (field == "vak") v.values_after_keys = number != 0 ? 1 : 0;
    else if (field == "wide") v.whole_key_staging = number != 0 ? 1 : 0;
    else if (field == "kept") v.kept_order_passes = number != 0 ? 1 : 0;
    else if (field == "lsv") v.variable_group = number != 0;
    else if (field == "pragma") t.extra_shader_source += "#pragma " + value + "\n";
    else throw gpusort::Error("unknown variant field '" + field + "'");
    start = end + 1;
  }
  return v;
}

// The test hooks hold only while a sorter is built.
class HookScope {
 public:
  explicit HookScope(const Variant& v) : saved_(gpusort::detail::radix::test_hooks()) {
    gpusort::detail::radix::test_hooks().withhold_every = v.withhold;
    gpusort::detail::radix::test_hooks().scatter_parts = v.scatter_parts;
    gpusort::detail::radix::test_hooks().values_after_keys = v.values_after_keys;
    gpusort::detail::radix::test_hooks().whole_key_staging = v.whole_key_staging;
    gpusort::detail::radix::test_hooks().kept_order_passes = v.kept_order_passes;
    gpusort::detail::radix::test_hooks().variable_group_dispatch =
        v.variable_group ? gpusort_support::variable_group_dispatch() : nullptr;
  }
  ~HookScope() { gpusort::detail::radix::test_hooks() = saved_; }
  HookScope(const HookScope&) = delete;
  HookScope& operator=(const HookScope&) = delete;

 private:
  gpusort::detail::radix::TestHooks saved_;
};

// A sorter of Key (and Value) for `variant`, built under its test hooks.
template <class Key, class Value>
gpusort::RadixSorter<Key, Value> variant_sorter(const Variant& variant, const gpusort::RadixTuning& tuning) {
  HookScope scope(variant);
  return gpusort::RadixSorter<Key, Value>(tuning);
}

}  // namespace radix_probe
}  // namespace gpusort_bench
