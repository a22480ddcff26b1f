// gpusort_radix_probe [FLAGS] min_log2 max_log2 runs [variant ...]
// gpusort_radix_probe --occupancy log2 [variant ...]  (bench/lab/radix_occupancy.hpp)
// RadixSorter whole sorts (GPU time, GL_TIMESTAMP pairs, median of `runs` after a warm-up)
// for each layout, the input restored before every sort; every variant's first result is
// checked against std::stable_sort ('!' marks a difference, '?' a result not checked).
// FLAGS, before the numbers:
//   --unchecked          no std::stable_sort check (it takes seconds at 2^24); results print '?'
//   --resources          each program the sorters build prints its driver binary's resource lines
//                        (registers, local and shared memory: NVIDIA; bench/lab/program_resources.hpp),
//                        and with GPUSORT_PROFILE_DUMP=DIR writes the binary to DIR
//   --check-max-log2=N   check only sizes up to 2^N (at 2^26 a check takes 10+ s a layout)
//   --emulate-subgroups=N  DeviceFacts::emulated_subgroup_size = N: on a device without subgroups
//                        (llvmpipe) the ballot ranking runs with N-lane subgroups emulated, so
//                        that its shader switches run there too
//   --step=N             sizes min_log2, min_log2 + N, ... (e.g. 24 26 with --step=2: 2^24, 2^26)
//   --layouts=A,B,...    the layouts, gpusort_bench's case names (default keys_u32,pairs_u32_u32,
//                        keys_u64): keys_u32, pairs_u32_u32, keys_u64, pairs_u64_u32, keys_f32, pairs_f32_u32,
//                        keys_f32_depth, pairs_f32_u32_depth, keys_u32_splatapult,
//                        pairs_u32_u32_splatapult, keys_u64_low32, pairs_f32_u32_narrow (passes that
//                        keep the order: --kernels times them); their inputs are gpusort_bench's
//                        (bench/key_distributions.hpp), values the indices
//   --kernels            per sort, each kernel's median GPU time, bytes and GB/s
//                        (RadixPassInfo::bytes over its time, from GL_TIMESTAMP queries the
//                        sorter's pass observer issues around each dispatch) against a streaming
//                        uvec4 copy measured in the same run; bench/kernel_table.py tabulates it
//   --phases             per layout, where a digit pass's time goes inside Onesweep's tile kernel:
//                        each phase's share of the sampled tiles' clock ticks (load, histogram,
//                        rank, look-back, key scatter, value scatter; bench/lab/radix_phases.hpp).
//                        Needs GL_ARB_shader_clock; the timed sorts run the clocked program
// A variant is "default" or comma-separated FIELD=VALUE settings (bench/lab/radix_variants.hpp
// names each field). Onesweep lines end with each layout's mean fallback recounts per sort (all
// passes), read from the sorter's meta buffer after each timed sort. A layout a variant cannot
// run prints "refused" in its cell and the reason below the line.
// --occupancy takes --layouts= too (before --occupancy's log2): each layout's key type and
// values (the keys themselves are random 32-bit words whatever the layout).
// Defaults: 2^12 .. 2^24, 9 runs, the variants of default_variants().

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gl_buffer.hpp"
#include "gpu_timer.hpp"
#include "gpu_warm_up.hpp"
#include "headless_context.hpp"
#include "key_distributions.hpp"
#include "pass_timers.hpp"
#include "program_resources.hpp"
#include "radix_occupancy.hpp"
#include "radix_phases.hpp"
#include "radix_variants.hpp"
#include "uvec4_copy.hpp"

namespace {

using namespace gpusort_bench::radix_probe;
using gpusort_support::GlBuffer;
using gpusort_support::GpuTimer;

bool g_unchecked = false;    // --unchecked
bool g_resources = false;    // --resources
int g_check_max_log2 = 64;  // --check-max-log2
gpusort::DeviceFacts g_facts;  // --emulate-subgroups

// Word `index` of buffer `name` (a readback: outside the timed range).
std::uint32_t read_word(GLuint name, std::uint32_t index) {
  std::uint32_t word = 0;
  glBindBuffer(GL_COPY_READ_BUFFER, name);
  glGetBufferSubData(GL_COPY_READ_BUFFER, static_cast<GLintptr>(index) * 4, 4, &word);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return word;
}

void copy_buffer(const GlBuffer& from, const GlBuffer& to) {
  glBindBuffer(GL_COPY_READ_BUFFER, from.name());
  glBindBuffer(GL_COPY_WRITE_BUFFER, to.name());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(from.bytes()));
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

const char* kernel_name(gpusort::RadixKernel k) {
  switch (k) {
    case gpusort::RadixKernel::init: return "init";
    case gpusort::RadixKernel::histogram: return "histogram";
    case gpusort::RadixKernel::upsweep: return "upsweep";
    case gpusort::RadixKernel::scan: return "scan";
    case gpusort::RadixKernel::downsweep: return "downsweep";
    case gpusort::RadixKernel::onesweep: return "onesweep";
    case gpusort::RadixKernel::copy: return "copy";
  }
  return "?";
}

// Each kernel's GPU times over the sorts timed per dispatch.
struct KernelTimes {
  struct Dispatch {
    std::string name;
    std::uint64_t bytes = 0;
  };
  std::vector<Dispatch> current;  // of the sort being timed
  gpusort_bench::PassTimers timers;
  std::map<std::string, std::vector<double>> micros;  // by "index name"
  std::map<std::string, std::uint64_t> bytes;
  std::vector<std::string> order;

  void observe(const gpusort::RadixPassInfo& info) {
    timers.observe(info.after);
    if (info.after) return;
    std::string name = kernel_name(info.kernel);
    if (info.kernel != gpusort::RadixKernel::init && info.kernel != gpusort::RadixKernel::histogram &&
        info.kernel != gpusort::RadixKernel::copy)
      name += "[" + std::to_string(info.digit_pass) + "]";
    current.push_back(Dispatch{name, info.bytes});
  }
  // Reads the timers of one sort.
  void collect() {
    for (std::size_t i = 0; i < current.size(); ++i) {
      const Dispatch& d = current[i];
      if (micros.find(d.name) == micros.end()) order.push_back(d.name);
      micros[d.name].push_back(timers.microseconds(i));
      bytes[d.name] = d.bytes;
    }
    current.clear();
    timers.clear();
  }
  // One line a kernel: label, kernel, median us, then (unless a bookkeeping kernel) the bytes it
  // moves, GB/s and % of the copy's GB/s. bench/kernel_table.py reads these lines.
  void print(const char* label, double copy_gbs) const {
    for (const std::string& name : order) {
      const double us = median(micros.at(name));
      const double gbs = us > 0 ? static_cast<double>(bytes.at(name)) / (us * 1e3) : 0.0;
      std::printf("    %-24s %-13s %8.1f us", label, name.c_str(), us);
      if (bytes.at(name) != 0)
        std::printf("  %9.2f MB  %6.0f GB/s  %3.0f%% of copy", static_cast<double>(bytes.at(name)) * 1e-6, gbs,
                    100 * gbs / copy_gbs);
      std::printf("\n");
    }
  }
};

// Median GPU milliseconds of `runs` sorts of `words` (keys of type Key as 32-bit words, after
// one warm-up); "ok" says whether the first result equals std::stable_sort's ('checked' false:
// not compared, ok false); "fallbacks" is the mean fallback recounts of the timed sorts, read
// from the sorter's meta buffer (found at its binding while the warm-up sort dispatches).
template <class Key, bool Pairs>
double time_sorts(const Variant& variant, const std::vector<std::uint32_t>& words, std::size_t n, int runs,
                  bool checked, bool& ok, double& fallbacks, KernelTimes* kernels, gpusort_bench::PhaseClock* phases) {
  using Value = std::conditional_t<Pairs, std::uint32_t, void>;
  using Sorter = gpusort::RadixSorter<Key, Value>;
  Sorter sorter = [&] {
    HookScope scope(variant);
    if (phases != nullptr) gpusort::detail::radix::test_hooks().phase_clock_buffer = phases->name();
    static gpusort_bench::ProgramResources resources;
    return Sorter(variant.tuning, g_resources ? &resources : nullptr, g_facts);
  }();
  if (phases != nullptr) phases->size_for(n, sorter.plan(n));
  GLuint meta = 0;
  sorter.set_pass_observer([&meta](const gpusort::RadixPassInfo&) {
    GLint name = 0;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, gpusort::detail::GPUSORT_RADIX_BINDING_META, &name);
    meta = static_cast<GLuint>(name);
  });
  std::uint64_t fallback_sum = 0;
  std::vector<Key> keys(n);
  std::memcpy(keys.data(), words.data(), n * sizeof(Key));
  std::vector<std::uint32_t> values(n);
  std::iota(values.begin(), values.end(), 0u);
  const GlBuffer pristine_keys(n * sizeof(Key), keys.data());
  const GlBuffer pristine_values(n * 4, values.data());
  const GlBuffer key_buffer(n * sizeof(Key), nullptr);
  const GlBuffer value_buffer(n * 4, nullptr);
  sorter.reserve(n);
  GpuTimer timer;
  std::vector<double> times;
  for (int run = -1; run < runs; ++run) {
    copy_buffer(pristine_keys, key_buffer);
    copy_buffer(pristine_values, value_buffer);
    // Whole sorts are timed without the per-dispatch timers; the kernels in extra sorts.
    for (int profiled = 0; profiled < (kernels != nullptr && run >= 0 ? 2 : 1); ++profiled) {
      if (profiled) {
        copy_buffer(pristine_keys, key_buffer);
        copy_buffer(pristine_values, value_buffer);
        sorter.set_pass_observer([kernels](const gpusort::RadixPassInfo& info) { kernels->observe(info); });
      }
      timer.start();
      if constexpr (Pairs) {
        sorter.sort(key_buffer.name(), value_buffer.name(), n);
      } else {
        sorter.sort(key_buffer.name(), n);
      }
      timer.stop();
      sorter.set_pass_observer(nullptr);
      if (profiled) {
        kernels->collect();
      } else if (run >= 0) {
        times.push_back(timer.milliseconds());
        if (phases != nullptr) phases->collect();
        if (meta != 0 && sorter.tuning().path == gpusort::RadixPath::onesweep)
          fallback_sum += read_word(meta, gpusort::detail::GPUSORT_RADIX_META_FALLBACKS);
      }
    }
    if (run == -1 && phases != nullptr) {
      phases->collect();  // the warm-up's stamps, zeroed unread
      phases->reset();
    }
    if (run == -1 && !checked) {
      ok = false;
      // Unchecked runs idle too, while each sorter builds its programs: without this the
      // H200's clocks fell after a few variants (levers-h200-2026-11-24-radix.md, run 2).
      if (n >= (std::size_t{1} << 20))
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(300), [&] { copy_buffer(pristine_keys, key_buffer); });
    }
    if (run == -1 && checked) {
      // The inputs hold no NaN and no -0.0, so Key's operator< is the sort's order.
      std::vector<std::size_t> order(n);
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
      const auto got = key_buffer.read_as<Key>(n);
      const auto got_values = value_buffer.read_as<std::uint32_t>(n);
      ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = std::memcmp(&got[i], &keys[order[i]], sizeof(Key)) == 0 && (!Pairs || got_values[i] == values[order[i]]);
      // The check left the GPU idle long enough to drop its clocks (gpu_warm_up.hpp).
      if (n >= (std::size_t{1} << 20))
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(300), [&] { copy_buffer(pristine_keys, key_buffer); });
    }
  }
  fallbacks = times.empty() ? 0.0 : static_cast<double>(fallback_sum) / static_cast<double>(times.size());
  return median(times);
}

// time_sorts() for `layout`'s key type.
double time_layout(const Layout& layout, const Variant& tuning, const std::vector<std::uint32_t>& words,
                   std::size_t n, int runs, bool checked, bool& ok, double& fallbacks, KernelTimes* kernels,
                   gpusort_bench::PhaseClock* phases) {
  using gpusort_bench::KeyKind;
  switch (layout.kind) {
    case KeyKind::f32:
      return layout.pairs ? time_sorts<float, true>(tuning, words, n, runs, checked, ok, fallbacks, kernels, phases)
                          : time_sorts<float, false>(tuning, words, n, runs, checked, ok, fallbacks, kernels, phases);
    case KeyKind::u64:
      return layout.pairs ? time_sorts<std::uint64_t, true>(tuning, words, n, runs, checked, ok, fallbacks, kernels, phases)
                          : time_sorts<std::uint64_t, false>(tuning, words, n, runs, checked, ok, fallbacks, kernels, phases);
    default:
      return layout.pairs ? time_sorts<std::uint32_t, true>(tuning, words, n, runs, checked, ok, fallbacks, kernels, phases)
                          : time_sorts<std::uint32_t, false>(tuning, words, n, runs, checked, ok, fallbacks, kernels, phases);
  }
}

// GB/s of the streaming uvec4 copy of `words` 32-bit words (median of 20).
double copy_gbs(std::size_t words) {
  const gpusort::detail::GlProgram copy = gpusort::detail::build_compute_program("copy", {gpusort_bench::uvec4_copy_source});
  const GLuint program = copy.name();
  const GlBuffer from(words * 4, nullptr), to(words * 4, nullptr);
  GpuTimer timer;
  std::vector<double> ms;
  for (int i = 0; i < 21; ++i) {
    timer.start();
    gpusort_bench::dispatch_uvec4_copy(program, from.name(), to.name(), words);
    timer.stop();
    if (i > 0) ms.push_back(timer.milliseconds());
  }
  return static_cast<double>(words) * 8 / (median(ms) * 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--occupancy") == 0) return gpusort_bench::occupancy_main(argc, argv);
  int arg = 1;
  bool per_kernel = false;
  bool per_phase = false;
  int step = 1;
  std::vector<Layout> layouts;
  try {
    layouts = parse_layouts(default_layouts);
    for (; arg < argc && std::strncmp(argv[arg], "--", 2) == 0; ++arg) {
      const std::string flag = argv[arg];
      const auto value = [&](const char* name) -> const char* {
        const std::size_t length = std::strlen(name);
        return flag.compare(0, length, name) == 0 ? argv[arg] + length : nullptr;
      };
      if (flag == "--unchecked") g_unchecked = true;
      else if (flag == "--resources") g_resources = true;
      else if (flag == "--kernels") per_kernel = true;
      else if (flag == "--phases") per_phase = true;
      else if (const char* v = value("--step=")) step = std::max(1, std::atoi(v));
      else if (const char* v = value("--check-max-log2=")) g_check_max_log2 = std::atoi(v);
      else if (const char* v = value("--layouts=")) layouts = parse_layouts(v);
      else if (const char* v = value("--emulate-subgroups=")) g_facts.emulated_subgroup_size = std::atoi(v);
      else throw gpusort::Error("unknown flag " + flag + " (see the head of bench/lab/radix_probe.cpp)");
    }
  } catch (const gpusort::Error& e) {
    std::fprintf(stderr, "gpusort_radix_probe: %s\n", e.what());
    return 2;
  }
  const int min_log2 = argc > arg ? std::atoi(argv[arg]) : 12;
  const int max_log2 = argc > arg + 1 ? std::atoi(argv[arg + 1]) : 24;
  const int runs = argc > arg + 2 ? std::max(1, std::atoi(argv[arg + 2])) : 9;
  std::vector<std::string> variants;
  for (int i = arg + 3; i < argc; ++i) variants.push_back(argv[i]);
  if (variants.empty()) variants = default_variants;
  gpusort_support::HeadlessContext context;
  std::printf("# %s, %s\n# GPU ms, median of %d; '!' marks a result that differs from std::stable_sort, '?' one "
              "not checked\n",
              context.renderer().c_str(), context.version().c_str(), runs);
  std::printf("%-22s %6s", "variant", "log2n");
  for (const Layout& layout : layouts) std::printf(" %*s", std::max(10, static_cast<int>(std::strlen(layout.name))), layout.name);
  std::printf("  (tile, path, ranking)\n");
  for (int log2n = min_log2; log2n <= max_log2; log2n += step) {
    const std::size_t n = std::size_t{1} << log2n;
    const double copy = per_kernel ? copy_gbs(n * 2) : 0.0;
    if (per_kernel) std::printf("# uvec4 copy of 2^%d x 8 bytes: %.0f GB/s\n", log2n, copy);
    // Each key set once per size, shared by the variants and by keys and pairs of the same keys.
    std::map<std::pair<gpusort_bench::KeyKind, gpusort_bench::KeyDistribution>, std::vector<std::uint32_t>> inputs;
    for (const Layout& layout : layouts) {
      auto& words = inputs[{layout.kind, layout.distribution}];
      if (words.empty()) words = gpusort_bench::key_words(layout.kind, layout.distribution, n);
    }
    const bool checked = !g_unchecked && log2n <= g_check_max_log2;
    for (const std::string& spec : variants) {
      try {
        const Variant variant = parse_variant(spec);
        const gpusort::RadixTuning& tuning = variant.tuning;
        std::vector<KernelTimes> kernels(layouts.size());
        std::vector<std::unique_ptr<gpusort_bench::PhaseClock>> phases(layouts.size());
        for (auto& clock : phases)
          if (per_phase) clock = std::make_unique<gpusort_bench::PhaseClock>();
        std::vector<double> ms(layouts.size()), fallbacks(layouts.size());
        std::vector<bool> ok(layouts.size());
        std::vector<std::string> refused(layouts.size());  // why a layout did not run
        for (std::size_t i = 0; i < layouts.size(); ++i) {
          bool good = false;
          try {
            ms[i] = time_layout(layouts[i], variant, inputs.at({layouts[i].kind, layouts[i].distribution}), n, runs,
                                checked, good, fallbacks[i], per_kernel ? &kernels[i] : nullptr, phases[i].get());
          } catch (const gpusort::Error& e) {
            refused[i] = e.what();
          }
          ok[i] = good;
        }
        const char* failed = checked ? "!" : "?";
        std::printf("%-22s %6d", spec.c_str(), log2n);
        for (std::size_t i = 0; i < layouts.size(); ++i) {
          const int width = std::max(10, static_cast<int>(std::strlen(layouts[i].name)));
          if (!refused[i].empty()) std::printf(" %*s ", width - 1, "refused");
          else std::printf(" %*.4f%s", width - 1, ms[i], ok[i] ? " " : failed);
        }
        try {
          gpusort::RadixSorter<std::uint32_t> probe(tuning, nullptr, g_facts);
          const gpusort::RadixTuning& t = probe.tuning();
          std::printf("  (%zu, %s, %s)", probe.plan(n).tile_size,
                      t.path == gpusort::RadixPath::onesweep ? "onesweep" : "reduce_then_scan",
                      t.use_subgroups ? "ballots" : "shared");
          if (t.path == gpusort::RadixPath::onesweep) {
            std::printf("  fallbacks/sort");
            for (double f : fallbacks) std::printf(" %.1f", f);
          }
        } catch (const gpusort::Error& e) {
          std::printf("  (uint32 keys refused: %s)", e.what());
        }
        std::printf("\n");
        for (std::size_t i = 0; i < layouts.size(); ++i)
          if (!refused[i].empty()) std::printf("    %s refused: %s\n", layouts[i].name, refused[i].c_str());
        if (per_kernel) {
          for (std::size_t i = 0; i < layouts.size(); ++i) kernels[i].print(layouts[i].name, copy);
        }
        for (std::size_t i = 0; i < layouts.size(); ++i)
          if (phases[i] != nullptr && refused[i].empty()) phases[i]->print(layouts[i].name);
      } catch (const gpusort::Error& e) {
        std::printf("%-22s %6d  refused: %s\n", spec.c_str(), log2n, e.what());
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
