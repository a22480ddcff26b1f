// gpusort_radix_probe [--unchecked] [--kernels] min_log2 max_log2 runs [variant ...]
// (--unchecked: no std::stable_sort check, which takes seconds at 2^24; results print '?')
// gpusort_radix_probe --occupancy log2 [variant ...]  (bench/radix_occupancy.hpp)
// RadixSorter whole sorts (GPU time, GL_TIMESTAMP pairs, median of `runs` after a warm-up)
// for 32-bit keys, 32-bit pairs and 64-bit keys, random input restored before every sort;
// every variant's first result is checked against std::stable_sort ('!' marks a difference).
// --kernels adds, per sort, each kernel's median GPU time and GB/s (RadixPassInfo::bytes over
// its time, from GL_TIMESTAMP queries the sorter's pass observer issues around each dispatch)
// against a streaming uvec4 copy measured in the same run.
// A variant is "default" or comma-separated FIELD=VALUE settings of RadixTuning: k
// (keys_per_invocation), g (workgroup_size), bits (digit_bits), hist (histogram_keys), path
// (onesweep, rts), sub (use_subgroups 0/1), blocks, def (a #define
// for the shaders, e.g. def=EXPERIMENT, for trying a shader change beside the default);
// polls (Onesweep's look-back polls before a fallback, onesweep.comp LOOKBACK_POLLS) and
// withhold (test mode, gpusort::detail::radix_test_hooks: every k-th partition withholds its
// status posts, so the next one recounts it). Each Onesweep line ends with the mean fallback
// recounts per sort (all passes) of keys, pairs and 64-bit keys, read from the sorter's meta
// buffer after each timed sort.
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
#include <random>
#include <string>
#include <vector>

#include "support/headless_context.hpp"
#include "gpu_warm_up.hpp"
#include "uvec4_copy.hpp"
#include "radix_occupancy.hpp"

namespace {

bool g_unchecked = false;  // --unchecked

const std::vector<std::string> default_variants = {"default", "path=rts", "g=256", "g=1024,k=4", "k=12",
                                                   "k=16", "g=256,k=16", "sub=0", "bits=6"};

struct Variant {
  gpusort::RadixTuning tuning;
  std::uint32_t withhold = 0;  // gpusort::detail::RadixTestHooks::withhold_every
};

Variant parse_variant(const std::string& spec) {
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
    else throw gpusort::Error("unknown variant field '" + field + "'");
    start = end + 1;
  }
  return v;
}

// A sorter of the variant (the withhold hook holds only while it is built).
template <class Sorter>
std::unique_ptr<Sorter> make_sorter(const Variant& variant) {
  gpusort::detail::RadixTestHooks& hooks = gpusort::detail::radix_test_hooks();
  const gpusort::detail::RadixTestHooks saved = hooks;
  hooks.withhold_every = variant.withhold;
  std::unique_ptr<Sorter> sorter;
  try {
    sorter = std::make_unique<Sorter>(variant.tuning);
  } catch (...) {
    hooks = saved;
    throw;
  }
  hooks = saved;
  return sorter;
}

GLuint make_buffer(const void* data, std::size_t bytes) {
  GLuint name = 0;
  glGenBuffers(1, &name);
  glBindBuffer(GL_COPY_WRITE_BUFFER, name);
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_COPY);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  return name;
}

void copy_buffer(GLuint from, GLuint to, std::size_t bytes) {
  glBindBuffer(GL_COPY_READ_BUFFER, from);
  glBindBuffer(GL_COPY_WRITE_BUFFER, to);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

template <class T>
std::vector<T> read_buffer(GLuint name, std::size_t count) {
  std::vector<T> out(count);
  glBindBuffer(GL_COPY_READ_BUFFER, name);
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(T)), out.data());
  return out;
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

// The dispatches of the sorts being timed: a query before and after each.
struct KernelTimes {
  struct Dispatch {
    std::string name;
    std::uint64_t bytes = 0;
    GLuint begin = 0, end = 0;
  };
  std::vector<Dispatch> current;
  std::map<std::string, std::vector<double>> micros;  // by "index name"
  std::map<std::string, std::uint64_t> bytes;
  std::vector<std::string> order;

  void observe(const gpusort::RadixPassInfo& info) {
    GLuint query = 0;
    glGenQueries(1, &query);
    glQueryCounter(query, GL_TIMESTAMP);
    if (!info.after) {
      std::string name = kernel_name(info.kernel);
      if (info.kernel != gpusort::RadixKernel::init && info.kernel != gpusort::RadixKernel::histogram &&
          info.kernel != gpusort::RadixKernel::copy)
        name += "[" + std::to_string(info.digit_pass) + "]";
      current.push_back(Dispatch{name, info.bytes, query, 0});
    } else {
      current.back().end = query;
    }
  }
  // Reads the queries of one sort.
  void collect() {
    for (const Dispatch& d : current) {
      GLuint64 t0 = 0, t1 = 0;
      glGetQueryObjectui64v(d.begin, GL_QUERY_RESULT, &t0);
      glGetQueryObjectui64v(d.end, GL_QUERY_RESULT, &t1);
      if (micros.find(d.name) == micros.end()) order.push_back(d.name);
      micros[d.name].push_back(static_cast<double>(t1 - t0) * 1e-3);
      bytes[d.name] = d.bytes;
      glDeleteQueries(1, &d.begin);
      glDeleteQueries(1, &d.end);
    }
    current.clear();
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
// result equals std::stable_sort's; "fallbacks" is the mean of the timed sorts' fallback counts.
template <class Key, bool Pairs>
double time_sorts(const Variant& variant, std::size_t n, int runs, bool& ok, double& fallbacks, KernelTimes* kernels) {
  using Value = std::conditional_t<Pairs, std::uint32_t, void>;
  using Sorter = gpusort::RadixSorter<Key, Value>;
  const std::unique_ptr<Sorter> owned = make_sorter<Sorter>(variant);
  Sorter& sorter = *owned;
  // The sorter's meta buffer (bound while its dispatches run), found in the warm-up sort: its
  // fallback count.
  GLuint meta = 0;
  sorter.set_pass_observer([&meta](const gpusort::RadixPassInfo&) {
    GLint name = 0;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, GPUSORT_RADIX_BINDING_META, &name);
    meta = static_cast<GLuint>(name);
  });
  std::uint64_t fallback_sum = 0;
  std::mt19937_64 rng(n);
  std::vector<Key> keys(n);
  for (auto& k : keys) k = static_cast<Key>(rng());
  std::vector<std::uint32_t> values(n);
  std::iota(values.begin(), values.end(), 0u);
  const GLuint pristine_keys = make_buffer(keys.data(), n * sizeof(Key));
  const GLuint pristine_values = make_buffer(values.data(), n * 4);
  const GLuint key_buffer = make_buffer(nullptr, n * sizeof(Key));
  const GLuint value_buffer = make_buffer(nullptr, n * 4);
  sorter.reserve(n);
  GLuint queries[2];
  glGenQueries(2, queries);
  std::vector<double> times;
  for (int run = -1; run < runs; ++run) {
    copy_buffer(pristine_keys, key_buffer, n * sizeof(Key));
    copy_buffer(pristine_values, value_buffer, n * 4);
    // Whole sorts are timed without the per-dispatch queries; the kernels in extra sorts.
    for (int profiled = 0; profiled < (kernels != nullptr && run >= 0 ? 2 : 1); ++profiled) {
      if (profiled) {
        copy_buffer(pristine_keys, key_buffer, n * sizeof(Key));
        copy_buffer(pristine_values, value_buffer, n * 4);
        sorter.set_pass_observer([kernels](const gpusort::RadixPassInfo& info) { kernels->observe(info); });
      }
      glQueryCounter(queries[0], GL_TIMESTAMP);
      if constexpr (Pairs) {
        sorter.sort(key_buffer, value_buffer, n);
      } else {
        sorter.sort(key_buffer, n);
      }
      glQueryCounter(queries[1], GL_TIMESTAMP);
      sorter.set_pass_observer(nullptr);
      if (profiled) {
        kernels->collect();
      } else {
        GLuint64 t0 = 0, t1 = 0;
        glGetQueryObjectui64v(queries[0], GL_QUERY_RESULT, &t0);
        glGetQueryObjectui64v(queries[1], GL_QUERY_RESULT, &t1);
        if (run >= 0) times.push_back(static_cast<double>(t1 - t0) * 1e-6);
        if (run >= 0 && meta != 0)
          fallback_sum += read_buffer<std::uint32_t>(meta, GPUSORT_RADIX_META_FALLBACKS + 1).back();
      }
    }
    if (run == -1 && g_unchecked) {
      ok = false;
      // Unchecked runs idle too, while each sorter builds its programs: without this the
      // H200's clocks fell after a few variants (levers-h200-2026-11-24-radix.md, run 2).
      if (n >= (std::size_t{1} << 20))
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(300), [&] { copy_buffer(pristine_keys, key_buffer, n * sizeof(Key)); });
    }
    if (run == -1 && !g_unchecked) {
      std::vector<std::size_t> order(n);
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
      const auto got = read_buffer<Key>(key_buffer, n);
      const auto got_values = read_buffer<std::uint32_t>(value_buffer, n);
      ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = got[i] == keys[order[i]] && (!Pairs || got_values[i] == values[order[i]]);
      // The check left the GPU idle long enough to drop its clocks (gpu_warm_up.hpp).
      if (n >= (std::size_t{1} << 20))
        gpusort_bench::keep_gpu_busy(std::chrono::milliseconds(300), [&] { copy_buffer(pristine_keys, key_buffer, n * sizeof(Key)); });
    }
  }
  glDeleteQueries(2, queries);
  for (GLuint b : {pristine_keys, pristine_values, key_buffer, value_buffer}) glDeleteBuffers(1, &b);
  fallbacks = times.empty() ? 0.0 : static_cast<double>(fallback_sum) / static_cast<double>(times.size());
  return median(times);
}

// GB/s of the streaming uvec4 copy of `words` 32-bit words (median of 20).
double copy_gbs(std::size_t words) {
  const gpusort::detail::GlProgram copy = gpusort::detail::build_compute_program("copy", {gpusort_bench::uvec4_copy_source});
  const GLuint program = copy.name();
  const GLuint from = make_buffer(nullptr, words * 4), to = make_buffer(nullptr, words * 4);
  GLuint queries[2];
  glGenQueries(2, queries);
  std::vector<double> ms;
  for (int i = 0; i < 21; ++i) {
    glQueryCounter(queries[0], GL_TIMESTAMP);
    gpusort_bench::dispatch_uvec4_copy(program, from, to, words);
    glQueryCounter(queries[1], GL_TIMESTAMP);
    GLuint64 t0 = 0, t1 = 0;
    glGetQueryObjectui64v(queries[0], GL_QUERY_RESULT, &t0);
    glGetQueryObjectui64v(queries[1], GL_QUERY_RESULT, &t1);
    if (i > 0) ms.push_back(static_cast<double>(t1 - t0) * 1e-6);
  }
  glDeleteQueries(2, queries);
  glDeleteBuffers(1, &from);
  glDeleteBuffers(1, &to);
  return static_cast<double>(words) * 8 / (median(ms) * 1e6);
}

}  // namespace

int occupancy_main(int argc, char** argv) {
  gpusort_support::HeadlessContext context;
  std::printf("# %s, %s\n", context.renderer().c_str(), context.version().c_str());
  const int log2n = argc > 2 ? std::atoi(argv[2]) : 24;
  GLuint occupancy = 0;
  glGenBuffers(1, &occupancy);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, occupancy);
  glBufferData(GL_SHADER_STORAGE_BUFFER, gpusort_bench::occupancy_words * 4, nullptr, GL_DYNAMIC_COPY);
  for (unsigned invocations : {256u, 512u})
    for (unsigned kib : {0u, 8u, 12u, 16u, 20u, 24u, 32u, 48u})
      gpusort_bench::probe_trivial_occupancy(invocations, kib * 1024, occupancy);
  for (int i = 3; i < argc; ++i) {
    try {
      gpusort_bench::probe_radix_occupancy<void>(std::string("keys ") + argv[i], parse_variant(argv[i]).tuning,
                                                 std::size_t{1} << log2n, occupancy);
      gpusort_bench::probe_radix_occupancy<std::uint32_t>(std::string("pairs ") + argv[i],
                                                          parse_variant(argv[i]).tuning, std::size_t{1} << log2n,
                                                          occupancy);
    } catch (const gpusort::Error& e) {
      std::printf("%s refused: %s\n", argv[i], e.what());
    }
    std::fflush(stdout);
  }
  glDeleteBuffers(1, &occupancy);
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
        const Variant variant = parse_variant(spec);
        KernelTimes keys_k, pairs_k, wide_k;
        bool ok_keys = false, ok_pairs = false, ok_wide = false;
        double fb_keys = 0, fb_pairs = 0, fb_wide = 0;
        const double keys =
            time_sorts<std::uint32_t, false>(variant, n, runs, ok_keys, fb_keys, per_kernel ? &keys_k : nullptr);
        const double pairs =
            time_sorts<std::uint32_t, true>(variant, n, runs, ok_pairs, fb_pairs, per_kernel ? &pairs_k : nullptr);
        const double wide =
            time_sorts<std::uint64_t, false>(variant, n, runs, ok_wide, fb_wide, per_kernel ? &wide_k : nullptr);
        gpusort::RadixSorter<std::uint32_t> probe(variant.tuning);
        const gpusort::RadixTuning& t = probe.tuning();
        const bool onesweep = t.path == gpusort::RadixPath::onesweep;
        const char* failed = g_unchecked ? "?" : "!";
        std::printf("%-22s %6d %9.4f%s %9.4f%s %9.4f%s  (%zu, %s, %s)", spec.c_str(), log2n, keys,
                    ok_keys ? " " : failed, pairs, ok_pairs ? " " : failed, wide, ok_wide ? " " : failed, probe.tile_size(),
                    onesweep ? "onesweep" : "reduce_then_scan", t.use_subgroups ? "ballots" : "shared");
        if (onesweep) std::printf("  fallbacks/sort %.1f %.1f %.1f", fb_keys, fb_pairs, fb_wide);
        std::printf("\n");
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
