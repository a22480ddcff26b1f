#pragma once
// Variant names of the measurement tools (gpusort_pass_profile, gpusort_occupancy_probe): a
// comma-separated list, each a base name followed by "+FIELD=VALUE" parts, each setting one
// gpusort::BitonicTuning field (names as in bitonic_tuning.hpp, or the short forms below) or
// DeviceFacts field ("cu": compute units), and "@NAME=VALUE" parts, each a #define for the
// shaders (BitonicTuning::extra_shader_source). For example "pairs-defaults+le=4+run=8" or
// "defaults@GPUSORT_EXPERIMENT=1".
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <gpusort/bitonic_tuning.hpp>
#include <gpusort/device_facts.hpp>

namespace gpusort_bench {

/// What a variant sets: the sorter's tuning, and device facts it overrides.
struct VariantSettings {
  gpusort::BitonicTuning tuning;
  gpusort::DeviceFacts device;
};

inline std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find(',', start), list.size());
    names.push_back(list.substr(start, end - start));
    start = end + 1;
  }
  return names;
}

/// Sets the field called `name` (or its short form) from `text` (strtoul, any base; non-zero
/// is true for the bool fields). False for an unknown name.
inline bool set_variant_field(VariantSettings& settings, const std::string& name, const std::string& text) {
  const auto value = static_cast<std::uint32_t>(std::strtoul(text.c_str(), nullptr, 0));
  struct Field {
    const char* name;
    const char* short_name;
    std::uint32_t gpusort::BitonicTuning::*number;
    bool gpusort::BitonicTuning::*flag;
  };
  static const Field fields[] = {
      {"tile_size", "tile", &gpusort::BitonicTuning::tile_size, nullptr},
      {"local_elements", "le", &gpusort::BitonicTuning::local_elements, nullptr},
      {"global_elements", "ge", &gpusort::BitonicTuning::global_elements, nullptr},
      {"global_vector_width", "gvw", &gpusort::BitonicTuning::global_vector_width, nullptr},
      {"global_group_size", "ggs", &gpusort::BitonicTuning::global_group_size, nullptr},
      {"window_run", "run", &gpusort::BitonicTuning::window_run, nullptr},
      {"wide_chunk_min_count", "wide", &gpusort::BitonicTuning::wide_chunk_min_count, nullptr},
      {"single_dispatch_tile", "sdt", &gpusort::BitonicTuning::single_dispatch_tile, nullptr},
      {"fused_passes_max_count", "fuse", &gpusort::BitonicTuning::fused_passes_max_count, nullptr},
      {"fused_tile_size", "ft", &gpusort::BitonicTuning::fused_tile_size, nullptr},
      {"single_tile_elements", "ste", &gpusort::BitonicTuning::single_tile_elements, nullptr},
      {"merge_stages", "merge", nullptr, &gpusort::BitonicTuning::merge_stages},
      {"use_subgroups", "subgroups", nullptr, &gpusort::BitonicTuning::use_subgroups},
      {"direct_tile_io", "direct", nullptr, &gpusort::BitonicTuning::direct_tile_io},
  };
  for (const Field& field : fields) {
    if (name != field.name && name != field.short_name) continue;
    if (field.number) settings.tuning.*field.number = value;
    if (field.flag) settings.tuning.*field.flag = value != 0;
    return true;
  }
  if (name == "compute_units" || name == "cu") {
    settings.device.compute_units = value;
    return true;
  }
  return false;
}

/// Applies the "+FIELD=VALUE" and "@NAME=VALUE" parts at the end of `variant` to `settings`
/// and cuts them off, leaving the base name. False for a "+" part that names no field.
inline bool apply_variant_parts(VariantSettings& settings, std::string& variant) {
  for (std::size_t at = variant.find_last_of("@+"); at != std::string::npos; at = variant.find_last_of("@+")) {
    std::string part = variant.substr(at + 1);
    const std::size_t equals = part.find('=');
    if (variant[at] == '+') {
      if (equals == std::string::npos || !set_variant_field(settings, part.substr(0, equals), part.substr(equals + 1)))
        return false;
    } else {
      if (equals != std::string::npos) part[equals] = ' ';
      settings.tuning.extra_shader_source += "#define " + part + "\n";
    }
    variant.resize(at);
  }
  return true;
}

}  // namespace gpusort_bench
