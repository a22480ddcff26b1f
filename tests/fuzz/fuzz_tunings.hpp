#pragma once
// The tunings fuzz cases run under. Index 0 is the default; the others move the split
// between the tile kernel and the global passes, the access width and the dispatch shape,
// which is where a network cut into dispatches differently would go wrong.

#include <gpusort/radix_tuning.hpp>
#include <gpusort/bitonic_tuning.hpp>

#include <string>
#include <vector>

namespace gpusort_fuzz {

struct FuzzTuning {
  const char* name;
  gpusort::BitonicTuning tuning;
};

inline const std::vector<FuzzTuning>& fuzz_tunings() {
  static const std::vector<FuzzTuning> tunings = [] {
    std::vector<FuzzTuning> list;
    list.push_back({"default", gpusort::BitonicTuning{}});
    gpusort::BitonicTuning small_tiles;
    small_tiles.tile_size = 64;
    small_tiles.local_elements = 4;
    small_tiles.global_elements = 2;
    small_tiles.global_group_size = 32;
    small_tiles.window_run = 4;  // window passes of up to 4 steps mixed with register passes
    small_tiles.single_dispatch_tile = 256;  // and one dispatch for 65 .. 256
    list.push_back({"tile64", small_tiles});
    gpusort::BitonicTuning no_subgroups;
    no_subgroups.use_subgroups = false;
    list.push_back({"no_subgroups", no_subgroups});
    gpusort::BitonicTuning scalar_global;
    scalar_global.global_vector_width = 1;
    list.push_back({"vector_width1", scalar_global});
    gpusort::BitonicTuning mixed;
    mixed.tile_size = 512;
    mixed.local_elements = 16;
    mixed.global_elements = 16;
    mixed.global_group_size = 16;
    mixed.global_vector_width = 1;
    mixed.use_subgroups = false;
    list.push_back({"tile512_wide_global", mixed});
    // Few workgroups per row: most dispatches of a mid-sized sort are split over y.
    gpusort::BitonicTuning split_dispatch;
    split_dispatch.tile_size = 256;
    split_dispatch.max_workgroups_x = 7;
    split_dispatch.single_dispatch_tile = 256;  // a single-dispatch sort would not split
    list.push_back({"max_workgroups_x7", split_dispatch});
    return list;
  }();
  return tunings;
}

// RadixSorter's shapes (its path is drawn separately, FuzzCase::radix_path). Index 0 is the
// default; the others change the digit width (odd pass counts copy back), the tile, the
// blocks of reduce-then-scan and the dispatch shape.
struct FuzzRadixShape {
  const char* name;
  gpusort::RadixTuning tuning;
};

inline const std::vector<FuzzRadixShape>& fuzz_radix_shapes() {
  static const std::vector<FuzzRadixShape> shapes = [] {
    std::vector<FuzzRadixShape> list;
    list.push_back({"default", gpusort::RadixTuning{}});
    gpusort::RadixTuning narrow;
    narrow.digit_bits = 4;
    narrow.keys_per_invocation = 1;
    list.push_back({"digits4_kpi1", narrow});
    gpusort::RadixTuning odd;
    odd.digit_bits = 7;  // 5 passes for 32 bits: the result is copied back
    odd.workgroup_size = 64;
    odd.keys_per_invocation = 3;
    list.push_back({"digits7_wg64_kpi3", odd});
    gpusort::RadixTuning wide_tiles;
    wide_tiles.digit_bits = 6;
    wide_tiles.keys_per_invocation = 8;
    wide_tiles.blocks = 3;  // reduce-then-scan: several tiles per block
    wide_tiles.histogram_keys = 2048;
    list.push_back({"digits6_kpi8_blocks3", wide_tiles});
    gpusort::RadixTuning split;
    split.workgroup_size = 32;
    split.keys_per_invocation = 1;
    split.max_workgroups_x = 7;  // every dispatch of a few hundred keys splits over y
    list.push_back({"wg32_max_workgroups_x7", split});
    return list;
  }();
  return shapes;
}

}  // namespace gpusort_fuzz
