// gpusort_pass_profile [log2] [repetitions] [variants]
// GPU time of every dispatch of one sort of 2^log2 random u32 keys (and of key-value pairs),
// from GL_TIMESTAMP queries around each dispatch (the sorter's pass observer), against a streaming
// uvec4 copy of the same bytes measured in the same run. Median over the repetitions, after
// one warm-up sort; the input is restored from a pristine copy before every sort. Prints one
// line per pass: kind, stage, pivots, µs, GB/s (read + write of every element) and the
// fraction of the copy's GB/s (GB/s count 8 bytes per 64-bit key; the copy moves 32-bit
// words). Variants (keys; "pairs-" before a name for key-value pairs, "u64keys-" and
// "u64pairs-" for 64-bit keys without and with 32-bit values):
// "defaults" or one of the named variants below (named_variants: shorthands for BitonicTuning
// parts, as earlier runs in bench/results call them). Any variant may end in "+FIELD=VALUE" parts, each
// setting one BitonicTuning field (e.g. "defaults+local_elements=4+tile=2048"), and in "@NAME=VALUE"
// parts, each a #define for the shaders, e.g. "defaults@GPUSORT_EXPERIMENT=1"
// (bench/lab/tuning_variants.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "headless_context.hpp"  // glad's GL declarations first
#include "gpu_warm_up.hpp"
#include "pass_timers.hpp"
#include "program_resources.hpp"
#include "sort_buffers.hpp"
#include "tuning_variants.hpp"

#include <gpusort/gpusort.hpp>

namespace pass_profile {
struct Mark {
  int kind;
  unsigned stage, p_hi, p_lo, pre;
  bool flip;
};
std::vector<Mark> marks;  // one per dispatch of the sort being recorded
gpusort_bench::PassTimers timers;
bool recording = false;

void record(const gpusort::BitonicPassInfo& info) {
  if (!recording) return;
  timers.observe(info.after);
  if (info.after) return;
  const gpusort::BitonicPass& pass = info.pass;
  marks.push_back(Mark{static_cast<int>(pass.kind), pass.stage, pass.p_hi, pass.p_lo, pass.pre, pass.flip});
}
}  // namespace pass_profile

namespace {

const char* kind_name(int kind) {
  switch (kind) {
    case 0: return "local_sort";
    case 1: return "global_steps";
    case 2: return "window";
    case 3: return "local_disperse";
    case 4: return "single_tile";
    default: return "fused";
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class Key, class Value>
void profile(gpusort_bench::SortBuffers& buffers, std::size_t count, int repetitions, const char* variant,
             const gpusort_bench::VariantSettings& settings, double copy_gbs) {
  gpusort_bench::ProgramResources report;
  gpusort::BitonicSorter<Key, Value> sorter(settings.tuning, &report, settings.device);
  sorter.set_pass_observer(pass_profile::record);
  const std::size_t key_words = sizeof(Key) / 4;
  const auto sort = [&] {
    if constexpr (std::is_void<Value>::value) {
      sorter.sort(buffers.keys(), count);
    } else {
      sorter.sort(buffers.keys(), buffers.values(), count);
    }
  };
  // The GPU idled while this sorter's programs compiled: without a second of busy work first,
  // whole variants measured 2-5x slower than the same sorter earlier in the run. One sort
  // before it builds the programs built on first use (the busy second would otherwise be
  // spent compiling: pairs 2^22 read 3.8 ms instead of 0.88 with the wide-chunk program).
  buffers.restore(count, key_words);
  sort();
  glFinish();
  gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(1000), [&] {
    buffers.restore(count, key_words);
    sort();
  });
  const double element_bytes = static_cast<double>(sizeof(Key)) + (std::is_void<Value>::value ? 0.0 : 4.0);
  std::vector<std::vector<double>> pass_us;
  std::vector<pass_profile::Mark> layout;
  std::vector<double> totals;
  for (int round = 0; round <= repetitions; ++round) {
    buffers.restore(count, key_words);
    pass_profile::marks.clear();
    pass_profile::timers.clear();
    pass_profile::recording = true;
    sort();
    pass_profile::recording = false;
    const auto& timers = pass_profile::timers;
    std::vector<double> us(timers.passes());
    for (std::size_t p = 0; p < us.size(); ++p) us[p] = timers.microseconds(p);  // waits for the sort
    if (round == 0) {
      pass_us.assign(us.size(), {});
      layout = pass_profile::marks;
      continue;  // warm-up
    }
    for (std::size_t p = 0; p < us.size(); ++p) pass_us[p].push_back(us[p]);
    totals.push_back(timers.total_microseconds());
  }
  const auto& t = sorter.tuning();
  std::printf("\n%s%s %s 2^%zu: tile %u, fused tile %u, direct_tile_io %d, %zu passes, first-to-last %.1f us\n",
              sizeof(Key) == 8 ? "u64 " : "", std::is_void<Value>::value ? "keys" : "pairs", variant, static_cast<std::size_t>(std::log2(count)),
              t.tile_size, t.fused_tile_size, t.direct_tile_io ? 1 : 0, pass_us.size(), median(totals));
  double sum = 0;
  for (std::size_t p = 0; p < pass_us.size(); ++p) {
    const auto& m = layout[p];
    const double us = median(pass_us[p]);
    sum += us;
    const double gbs = count * element_bytes * 2 / (us * 1e3);
    // "after N": the pass first ran the last N disperses of the stage before (merged stages).
    const std::string pre = m.pre ? "after " + std::to_string(m.pre) : "";
    std::printf("  %2zu %-14s stage %2u pivots %2u..%2u%s %-8s  %8.1f us  %7.0f GB/s  %3.0f%% of copy\n", p,
                kind_name(m.kind), m.stage, m.p_hi, m.p_lo, m.flip ? " flip" : "     ", pre.c_str(), us, gbs,
                100 * gbs / copy_gbs);
  }
  std::printf("  sum of passes %.1f us\n", sum);
}

// Named variants, as earlier runs in bench/results call them: shorthands for BitonicTuning parts.
struct NamedVariant {
  const char* name;
  const char* parts;
};
const NamedVariant named_variants[] = {
    {"defaults", ""},
    {"not-direct", "+direct_tile_io=0"},
    {"le16", "+local_elements=16"},
    {"le16-not-direct", "+local_elements=16+direct_tile_io=0"},
    {"tile8192", "+tile_size=8192"},
    {"stage-by-stage", "+merge_stages=0"},
    {"narrow-chunks", "+wide_chunk_min_count=0xFFFFFFFF"},
    {"wide-chunks", "+wide_chunk_min_count=1"},
    {"run8", "+window_run=8"},
    {"run32", "+window_run=32"},
};

using ProfileFn = void (*)(gpusort_bench::SortBuffers&, std::size_t, int, const char*, const gpusort_bench::VariantSettings&, double);
struct ProfileFamily {
  const char* prefix;
  ProfileFn run;
};
const ProfileFamily families[] = {
    {"u64pairs-", &profile<std::uint64_t, std::uint32_t>},
    {"u64keys-", &profile<std::uint64_t, void>},
    {"pairs-", &profile<std::uint32_t, std::uint32_t>},
    {"", &profile<std::uint32_t, void>},
};

}  // namespace

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 24;
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 10;
  try {
    gpusort_support::HeadlessContext context;
    std::printf("%s, OpenGL %s\n", context.renderer().c_str(), context.version().c_str());
    const std::size_t count = std::size_t{1} << log2;
    // Two random words per element, so that the key buffer also serves 64-bit keys.
    gpusort_bench::SortBuffers buffers(count, 2, 7);
    {
      // Leave the idle clocks behind, and let the driver settle where both buffers live (a
      // first key-value sort timed right after keys-only warm-up ran 3x slower for many sorts).
      gpusort::BitonicSorter<std::uint32_t> warm;
      gpusort::BitonicSorter<std::uint32_t, std::uint32_t> warm_pairs;
      gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(3000), [&] {
        buffers.restore(count);
        warm.sort(buffers.keys(), count);
        buffers.restore(count);
        warm_pairs.sort(buffers.keys(), buffers.values(), count);
      });
    }
    std::vector<double> copies;
    for (int i = 0; i < 20; ++i) copies.push_back(buffers.copy_ms(count));
    const double copy_gbs = count * 4.0 * 2 / (median(copies) * 1e6);
    std::printf("uvec4 copy of 2^%u u32: %.1f us, %.0f GB/s\n", log2, median(copies) * 1e3, copy_gbs);
    // Variants in the order given (argv[3], comma-separated); a sorter timed later in a run
    // has measured slower than the same sorter timed first, so A/B runs should swap the order.
    const std::string list = argc > 3 ? argv[3] : "defaults,not-direct,pairs-defaults,pairs-not-direct";
    for (const std::string& name : gpusort_bench::split_commas(list)) {
      gpusort_bench::VariantSettings settings;
      // The key and value types, from the name's prefix; the rest names the tuning.
      const ProfileFamily* family = &families[0];
      while (name.rfind(family->prefix, 0) != 0) ++family;  // the last prefix is ""
      const std::string label = name.substr(std::strlen(family->prefix));
      // The named variant first, then the name's own parts, which may override it.
      const std::string base = label.substr(0, label.find_first_of("+@"));
      const NamedVariant* named = std::find_if(std::begin(named_variants), std::end(named_variants),
                                               [&](const NamedVariant& v) { return base == v.name; });
      std::string named_parts = named != std::end(named_variants) ? named->parts : "";
      std::string own_parts = label;
      if (named == std::end(named_variants) || !gpusort_bench::apply_variant_parts(settings, named_parts) ||
          !gpusort_bench::apply_variant_parts(settings, own_parts)) {
        std::fprintf(stderr, "unknown variant or tuning field in %s\n", name.c_str());
        return 2;
      }
      family->run(buffers, count, repetitions, label.c_str(), settings, copy_gbs);
    }
    std::printf("glGetError=0x%x\n", glGetError());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_pass_profile: %s\n", e.what());
    return 1;
  }
  return 0;
}
