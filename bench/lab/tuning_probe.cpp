// gpusort_tuning_probe [max_log2] [repetitions] [registers|windows|direct|merge|knobs]
// Times whole sorts for a grid of gpusort::BitonicTuning values, to choose the defaults in
// include/gpusort/detail/device/limits.hpp. Per size it prints every variant's median GPU time,
// fastest first. Variants run interleaved (one sort of each per round) so that clock
// drift hits them alike; the input is restored from a pristine copy before each sort.
//
// Caveat, seen on an H200: with many sorters alive, each switch of program costs
// instruction-cache misses, so absolute times at small n are higher than in
// gpusort_bench (one sorter per family). Use the ranking, not the small-n times.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gpu_warm_up.hpp"
#include "headless_context.hpp"
#include "sort_buffers.hpp"

namespace {

struct Variant {
  std::string name;
  gpusort::BitonicTuning tuning;
};

Variant variant(std::uint32_t tile, std::uint32_t local, std::uint32_t run) {
  Variant v;
  v.name = "tile" + std::to_string(tile) + "le" + std::to_string(local) + "run" + std::to_string(run);
  v.tuning.tile_size = tile;
  v.tuning.local_elements = local;
  v.tuning.window_run = run;
  return v;
}

// The defaults with one change.
template <class Change>
Variant defaults_with(std::string name, Change change) {
  Variant v{std::move(name), gpusort::BitonicTuning{}};
  change(v.tuning);
  return v;
}

// "registers": the grid that chose the register-pass defaults (global pass width, vector
// width, group size). "windows": tile size, invocations per tile and window run length.
// "direct": BitonicTuning::direct_tile_io on and off, with the tile sizes it might prefer.
// "merge": BitonicTuning::merge_stages on and off, with the window runs and tiles it might prefer.
// "knobs": the defaults against each large-count knob that is on by default for the layout
// turned off, one at a time, and a second defaults sorter (the noise); every size 2^16..2^24.
// (The A/B of bench/results/knobs-h200-2026-11-24.md also turned off the local-sort program
// and its passes, since removed.)
std::vector<Variant> tuning_grid(const std::string& name, bool pairs) {
  std::vector<Variant> grid;
  if (name == "knobs") {
    constexpr std::uint32_t never = gpusort::BitonicTuning::never;
    grid.push_back(Variant{"defaults", gpusort::BitonicTuning{}});
    grid.push_back(Variant{"defaults-again", gpusort::BitonicTuning{}});
    if (pairs) {
      grid.push_back(defaults_with("no-wide-chunks", [](gpusort::BitonicTuning& t) { t.wide_chunk_min_count = never; }));
    } else {
      grid.push_back(defaults_with("no-direct-tile-io", [](gpusort::BitonicTuning& t) { t.direct_tile_io = false; }));
    }
    return grid;
  }
  if (name == "merge") {
    grid.push_back(Variant{"defaults", gpusort::BitonicTuning{}});
    grid.push_back(defaults_with("stage-by-stage", [](gpusort::BitonicTuning& t) { t.merge_stages = false; }));
    for (std::uint32_t run : {8u, 32u})
      grid.push_back(defaults_with("run" + std::to_string(run), [run](gpusort::BitonicTuning& t) { t.window_run = run; }));
    grid.push_back(defaults_with("tile2048", [](gpusort::BitonicTuning& t) { t.tile_size = 2048; }));
    return grid;
  }
  if (name == "direct") {
    // Direct tile I/O on and off, and the tile sizes and runs it might prefer.
    for (std::uint32_t tile : {1024u, 2048u, 4096u}) grid.push_back(variant(tile, 8, 16));
    grid.push_back(variant(4096, 8, 32));
    grid.push_back(Variant{"defaults", gpusort::BitonicTuning{}});
    for (std::uint32_t tile : {2048u, 4096u}) {
      Variant v = variant(tile, 8, 16);
      v.name += "-not-direct";
      v.tuning.direct_tile_io = false;
      grid.push_back(v);
    }
    grid.push_back(defaults_with("defaults-not-direct", [](gpusort::BitonicTuning& t) { t.direct_tile_io = false; }));
    return grid;
  }
  if (name == "windows") {
    for (std::uint32_t run : {4u, 8u, 16u, 32u, 8192u}) grid.push_back(variant(8192, 8, run));
    for (std::uint32_t run : {8u, 16u}) {
      grid.push_back(variant(8192, 16, run));
      grid.push_back(variant(4096, 4, run));
      grid.push_back(variant(4096, 8, run));
      grid.push_back(variant(4096, 16, run));
      grid.push_back(variant(2048, 8, run));
    }
    grid.push_back(Variant{"defaults", gpusort::BitonicTuning{}});
    return grid;
  }
  for (std::uint32_t local : {8u, 16u})
    for (std::uint32_t global : {4u, 8u, 16u})
      for (std::uint32_t width : {1u, 4u})
        for (std::uint32_t group : {64u, 128u, 256u}) {
          Variant v;
          v.name = "le" + std::to_string(local) + "ge" + std::to_string(global) + "vw" + std::to_string(width) + "gg" +
                   std::to_string(group);
          v.tuning.local_elements = local;
          v.tuning.global_elements = global;
          v.tuning.global_vector_width = width;
          v.tuning.global_group_size = group;
          grid.push_back(v);
        }
  grid.push_back(defaults_with("defaults-without-subgroups", [](gpusort::BitonicTuning& t) { t.use_subgroups = false; }));
  grid.push_back(Variant{"defaults", gpusort::BitonicTuning{}});
  return grid;
}

// Whether the first `count` keys are the pristine ones in ascending order.
bool sorted_correctly(const gpusort_bench::SortBuffers& buffers, std::size_t count) {
  const std::vector<std::uint32_t>& pristine = buffers.pristine_key_words();
  std::vector<std::uint32_t> expected(pristine.begin(), pristine.begin() + static_cast<std::ptrdiff_t>(count));
  std::sort(expected.begin(), expected.end());
  return buffers.read_key_words(count) == expected;
}

template <class Value>
void probe_family(gpusort_bench::SortBuffers& probe, const char* label, unsigned max_log2, int repetitions, const std::string& grid_name) {
  using Sorter = gpusort::BitonicSorter<std::uint32_t, Value>;
  std::vector<Variant> grid = tuning_grid(grid_name, !std::is_void<Value>::value);
  std::vector<std::unique_ptr<Sorter>> sorters;
  for (Variant& v : grid) {
    // Pairs need twice the shared memory: a tile too wide for them runs at half the size.
    for (;;) {
      try {
        sorters.push_back(std::make_unique<Sorter>(v.tuning));
        break;
      } catch (const gpusort::Error&) {
        if (v.tuning.tile_size <= 4) throw;
        v.tuning.tile_size /= 2;
        v.tuning.window_run = std::min(v.tuning.window_run, v.tuning.tile_size);  // "off" stays off
        v.name += "/2";
      }
    }
  }
  if (grid_name == "knobs") {
    // What each variant resolved to: a "no-" variant must differ from the defaults.
    for (std::size_t i = 0; i < grid.size(); ++i) {
      const gpusort::BitonicTuning t = sorters[i]->tuning();
      std::printf("%s %s: tile_size=%u local_elements=%u wide_chunk_min_count=%u direct_tile_io=%d\n", label,
                  grid[i].name.c_str(), t.tile_size, t.local_elements, t.wide_chunk_min_count, t.direct_tile_io);
    }
  }
  const auto sort = [&](Sorter& sorter, std::size_t count) {
    if constexpr (std::is_void<Value>::value) {
      sorter.sort(probe.keys(), count);
    } else {
      sorter.sort(probe.keys(), probe.values(), count);
    }
  };
  const std::vector<unsigned> sizes = grid_name == "knobs" ? std::vector<unsigned>{16, 17, 18, 19, 20, 21, 22, 23, 24}
                                                           : std::vector<unsigned>{12, 16, 20, 22, 24, 26};
  for (unsigned log2 : sizes) {
    if (log2 > max_log2) break;
    const std::size_t count = std::size_t{1} << log2;
    std::vector<std::vector<double>> times(grid.size());
    // The GPU idled while the sorters compiled, or between the small sorts of the last size.
    gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
      probe.restore(count);
      sort(*sorters[0], count);
    });
    for (int round = 0; round <= repetitions; ++round) {
      for (std::size_t i = 0; i < grid.size(); ++i) {
        probe.restore(count);
        const double ms = probe.sort_ms([&] { sort(*sorters[i], count); });
        if (round == 0 && !sorted_correctly(probe, count)) std::printf("WRONG: %s %s n=%zu\n", label, grid[i].name.c_str(), count);
        if (round > 0) times[i].push_back(ms);  // round 0 warms each variant up
      }
      // The CPU-side checks of round 0 let the clocks fall (seconds at 2^23 and up).
      if (round == 0)
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
          probe.restore(count);
          sort(*sorters[0], count);
        });
    }
    std::vector<std::pair<double, std::string>> ranking;
    for (std::size_t i = 0; i < grid.size(); ++i) {
      std::sort(times[i].begin(), times[i].end());
      ranking.emplace_back(times[i][times[i].size() / 2], grid[i].name);
    }
    std::sort(ranking.begin(), ranking.end());
    std::printf("%s 2^%u:", label, log2);
    for (const auto& entry : ranking) std::printf("  %s=%.4f", entry.second.c_str(), entry.first);
    std::printf("\n");
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned max_log2 = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 24;
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::string grid = argc > 3 ? argv[3] : "registers";
  try {
    gpusort_support::HeadlessContext context;
    std::printf("%s, OpenGL %s, subgroup size %u\n", context.renderer().c_str(), context.version().c_str(),
                gpusort::detail::query_subgroup_size());
    gpusort_bench::SortBuffers probe(std::size_t{1} << max_log2, 1, 1);
    {
      // Leave the idle clocks behind before anything is timed.
      gpusort::BitonicSorter<std::uint32_t> warm;
      const std::size_t count = std::size_t{1} << std::min(max_log2, 22u);
      gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(1500), [&] {
        probe.restore(count);
        warm.sort(probe.keys(), count);
      });
    }
    probe_family<void>(probe, "keys", max_log2, repetitions, grid);
    probe_family<std::uint32_t>(probe, "pairs", max_log2, repetitions, grid);
    std::printf("glGetError=0x%x\n", glGetError());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_tuning_probe: %s\n", e.what());
    return 1;
  }
  return 0;
}
