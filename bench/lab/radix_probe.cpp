// gpusort_radix_probe [--unchecked] [--kernels] min_log2 max_log2 runs [variant ...]
// (--unchecked: no std::stable_sort check, which takes seconds at 2^24; results print '?')
// gpusort_radix_probe --occupancy log2 [variant ...]  (bench/lab/radix_occupancy.hpp)
// RadixSorter whole sorts (GPU time, GL_TIMESTAMP pairs, median of `runs` after a warm-up)
// for 32-bit keys, 32-bit pairs and 64-bit keys, random input restored before every sort;
// every variant's first result is checked against std::stable_sort ('!' marks a difference).
// --kernels adds, per sort, each kernel's median GPU time and GB/s (RadixPassInfo::bytes over
// its time, from GL_TIMESTAMP queries the sorter's pass observer issues around each dispatch)
// against a streaming uvec4 copy measured in the same run.
// A variant is "default" or comma-separated FIELD=VALUE settings of RadixTuning: k
// (keys_per_invocation), g (workgroup_size), bits (digit_bits), hist (histogram_keys), path
// (onesweep, rts), sub (use_subgroups 0/1), blocks, def (a #define
// for the shaders, e.g. def=EXPERIMENT, for trying a shader change beside the default).
// Defaults: 2^12 .. 2^24, 9 runs, the variants of default_variants().

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "gl_buffer.hpp"
#include "gpu_timer.hpp"
#include "gpu_warm_up.hpp"
#include "headless_context.hpp"
#include "pass_timers.hpp"
#include "radix_occupancy.hpp"
#include "uvec4_copy.hpp"

namespace {

using gpusort_support::GlBuffer;
using gpusort_support::GpuTimer;

bool g_unchecked = false;  // --unchecked

const std::vector<std::string> default_variants = {"default", "path=rts", "g=256", "g=1024,k=4", "k=12",
                                                   "k=16", "g=256,k=16", "sub=0", "bits=6"};

gpusort::RadixTuning parse_variant(const std::string& spec) {
  gpusort::RadixTuning t;
  if (spec == "default") return t;
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
    else throw gpusort::Error("unknown variant field '" + field + "'");
    start = end + 1;
  }
  return t;
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
  void print(const char* label, double copy_gbs) const {
    for (const std::string& name : order) {
      const double us = median(micros.at(name));
      const double gbs = us > 0 ? static_cast<double>(bytes.at(name)) / (us * 1e3) : 0.0;
      std::printf("    %-9s %-13s %8.1f us", label, name.c_str(), us);
      if (bytes.at(name) != 0) std::printf("  %6.0f GB/s  %3.0f%% of copy", gbs, 100 * gbs / copy_gbs);
      std::printf("\n");
    }
  }
};

// Median GPU milliseconds of `runs` sorts (after one warm-up); "ok" says whether the first
// result equals std::stable_sort's.
template <class Key, bool Pairs>
double time_sorts(const gpusort::RadixTuning& tuning, std::size_t n, int runs, bool& ok, KernelTimes* kernels) {
  using Value = std::conditional_t<Pairs, std::uint32_t, void>;
  gpusort::RadixSorter<Key, Value> sorter(tuning);
  std::mt19937_64 rng(n);
  std::vector<Key> keys(n);
  for (auto& k : keys) k = static_cast<Key>(rng());
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
      }
    }
    if (run == -1 && g_unchecked) {
      ok = false;
      // Unchecked runs idle too, while each sorter builds its programs: without this the
      // H200's clocks fell after a few variants (levers-h200-2026-11-24-radix.md, run 2).
      if (n >= (std::size_t{1} << 20))
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(300), [&] { copy_buffer(pristine_keys, key_buffer); });
    }
    if (run == -1 && !g_unchecked) {
      std::vector<std::size_t> order(n);
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
      const auto got = key_buffer.read_as<Key>(n);
      const auto got_values = value_buffer.read_as<std::uint32_t>(n);
      ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = got[i] == keys[order[i]] && (!Pairs || got_values[i] == values[order[i]]);
      // The check left the GPU idle long enough to drop its clocks (gpu_warm_up.hpp).
      if (n >= (std::size_t{1} << 20))
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(300), [&] { copy_buffer(pristine_keys, key_buffer); });
    }
  }
  return median(times);
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

int occupancy_main(int argc, char** argv) {
  gpusort_support::HeadlessContext context;
  std::printf("# %s, %s\n", context.renderer().c_str(), context.version().c_str());
  const int log2n = argc > 2 ? std::atoi(argv[2]) : 24;
  GlBuffer occupancy(gpusort_bench::occupancy_words * 4, nullptr);
  for (unsigned invocations : {256u, 512u})
    for (unsigned kib : {0u, 8u, 12u, 16u, 20u, 24u, 32u, 48u})
      gpusort_bench::probe_trivial_occupancy(invocations, kib * 1024, occupancy);
  for (int i = 3; i < argc; ++i) {
    try {
      gpusort_bench::probe_radix_occupancy<void>(std::string("keys ") + argv[i], parse_variant(argv[i]),
                                                 std::size_t{1} << log2n, occupancy);
      gpusort_bench::probe_radix_occupancy<std::uint32_t>(std::string("pairs ") + argv[i], parse_variant(argv[i]),
                                                          std::size_t{1} << log2n, occupancy);
    } catch (const gpusort::Error& e) {
      std::printf("%s refused: %s\n", argv[i], e.what());
    }
    std::fflush(stdout);
  }
  std::printf("glGetError=0x%x\n", glGetError());
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--occupancy") == 0) return occupancy_main(argc, argv);
  int arg = 1;
  g_unchecked = argc > arg && std::strcmp(argv[arg], "--unchecked") == 0;
  if (g_unchecked) ++arg;
  const bool per_kernel = argc > arg && std::strcmp(argv[arg], "--kernels") == 0;
  if (per_kernel) ++arg;
  const int min_log2 = argc > arg ? std::atoi(argv[arg]) : 12;
  const int max_log2 = argc > arg + 1 ? std::atoi(argv[arg + 1]) : 24;
  const int runs = argc > arg + 2 ? std::max(1, std::atoi(argv[arg + 2])) : 9;
  std::vector<std::string> variants;
  for (int i = arg + 3; i < argc; ++i) variants.push_back(argv[i]);
  if (variants.empty()) variants = default_variants;
  gpusort_support::HeadlessContext context;
  std::printf("# %s, %s\n# GPU ms, median of %d; '!' marks a result that differs from std::stable_sort\n",
              context.renderer().c_str(), context.version().c_str(), runs);
  std::printf("%-22s %6s %10s %10s %10s  (tile, path, ranking)\n", "variant", "log2n", "keys_u32", "pairs_u32",
              "keys_u64");
  for (int log2n = min_log2; log2n <= max_log2; ++log2n) {
    const std::size_t n = std::size_t{1} << log2n;
    const double copy = per_kernel ? copy_gbs(n * 2) : 0.0;
    if (per_kernel) std::printf("# uvec4 copy of 2^%d x 8 bytes: %.0f GB/s\n", log2n, copy);
    for (const std::string& spec : variants) {
      try {
        const gpusort::RadixTuning tuning = parse_variant(spec);
        KernelTimes keys_k, pairs_k, wide_k;
        bool ok_keys = false, ok_pairs = false, ok_wide = false;
        const double keys = time_sorts<std::uint32_t, false>(tuning, n, runs, ok_keys, per_kernel ? &keys_k : nullptr);
        const double pairs = time_sorts<std::uint32_t, true>(tuning, n, runs, ok_pairs, per_kernel ? &pairs_k : nullptr);
        const double wide = time_sorts<std::uint64_t, false>(tuning, n, runs, ok_wide, per_kernel ? &wide_k : nullptr);
        gpusort::RadixSorter<std::uint32_t> probe(tuning);
        const gpusort::RadixTuning& t = probe.tuning();
        const char* failed = g_unchecked ? "?" : "!";
        std::printf("%-22s %6d %9.4f%s %9.4f%s %9.4f%s  (%zu, %s, %s)\n", spec.c_str(), log2n, keys,
                    ok_keys ? " " : failed, pairs, ok_pairs ? " " : failed, wide, ok_wide ? " " : failed, probe.tile_size(),
                    t.path == gpusort::RadixPath::onesweep ? "onesweep" : "reduce_then_scan",
                    t.use_subgroups ? "ballots" : "shared");
        if (per_kernel) {
          keys_k.print("keys_u32", copy);
          pairs_k.print("pairs_u32", copy);
          wide_k.print("keys_u64", copy);
        }
      } catch (const gpusort::Error& e) {
        std::printf("%-22s %6d  refused: %s\n", spec.c_str(), log2n, e.what());
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
