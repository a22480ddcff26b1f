// Construction-to-first-sort time of every sorter class and key type on the current machine,
// and each compute program's cold build time. Drivers differ in when they really compile:
// llvmpipe JIT-compiles at the first dispatch, so the constructor alone says little; this times
// the constructor plus a first sort of 1024 elements (host vectors, so it waits for the GPU),
// then a second sort for comparison, and under each row every program that row built (compile,
// link, status query and first dispatch: tests/program_build_timer.hpp). Mesa's on-disk shader
// cache hides compile time on a second run of this program: set MESA_SHADER_CACHE_DISABLE=true
// to see cold numbers.
//
//   gpusort_shader_build_time [--program-cache DIR] [--large-sort] [--classes LIST] [--types LIST]
//                             [--max-program-ms MS] [--max-program-cpu-ms MS]
//                             [--bitonic-tile T,E] [--radix-tile G,K]
//
// --classes: a comma-separated subset of bitonic,radix,sorter (default all three).
// --types: a comma-separated subset of uint32,int32,float,uint64,int64,double, each alone or
// with uint32 values (uint32+uint32, ...; default every one of the twelve).
// --max-program-ms, --max-program-cpu-ms: exit 1 if one program's build (its four parts
// together) took longer, in wall time or in the process's CPU time. The CPU time is the one to
// bound on a shared machine: other jobs stretch the wall time several times over.
// --bitonic-tile TILE,ELEMENTS and --radix-tile INVOCATIONS,KEYS: another tile shape than the
// defaults' (BitonicTuning tile_size and local_elements; RadixTuning workgroup_size and
// keys_per_invocation), to see what a shape costs to compile.
// --program-cache DIR builds every sorter through a gpusort::FileProgramCache in DIR (created
// if missing): run it on an empty DIR for the cold numbers, then again for the cached ones.
// Each row then says how its programs were built. Mesa offers program binaries only while
// its own shader cache is enabled, so under MESA_SHADER_CACHE_DISABLE=true the program cache
// is never consulted (the header line says so); give Mesa a fresh MESA_SHADER_CACHE_DIR
// instead to keep its cache cold.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "program_build_timer.hpp"
#include "support/headless_context.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// How the programs of one sorter were built, seen from the cache.
struct CacheCounts {
  int hits = 0;      // a binary was found and the driver took it
  int rejected = 0;  // a binary was found, the driver refused it, the program was compiled
  int misses = 0;    // no binary: compiled
  int stored = 0;    // binaries handed to the cache...
  int written = 0;   // ...and found in DIR afterwards
};

// A FileProgramCache that counts. A key the sorter loaded and then stored again was
// rejected by the driver: the sorter stores only what it had to compile.
class CountingFileCache : public gpusort::ProgramCache {
 public:
  explicit CountingFileCache(const std::string& directory) : files_(directory) {}

  bool load(const std::string& key, std::vector<std::uint8_t>& binary, std::uint32_t& format) override {
    const bool found = files_.load(key, binary, format);
    (found ? found_ : missed_).insert(key);
    return found;
  }

  void store(const std::string& key, const std::vector<std::uint8_t>& binary, std::uint32_t format) override {
    files_.store(key, binary, format);
    stored_.insert(key);
    if (std::filesystem::exists(files_.entry_path(key))) written_.insert(key);
  }

  // The counts since the last call.
  CacheCounts take() {
    CacheCounts counts;
    for (const std::string& key : found_) (stored_.count(key) ? counts.rejected : counts.hits) += 1;
    counts.misses = static_cast<int>(missed_.size());
    counts.stored = static_cast<int>(stored_.size());
    counts.written = static_cast<int>(written_.size());
    found_.clear();
    missed_.clear();
    stored_.clear();
    written_.clear();
    return counts;
  }

 private:
  gpusort::FileProgramCache files_;
  std::set<std::string> found_, missed_, stored_, written_;
};

struct Options {
  CountingFileCache* cache = nullptr;
  bool large_sort = false;
  std::set<std::string> classes, types;  // empty: all
  double max_program_ms = 0;               // 0: no bound
  double max_program_cpu_ms = 0;           // 0: no bound
  gpusort::BitonicTuning bitonic;          // --bitonic-tile
  gpusort::RadixTuning radix;              // --radix-tile
};

struct Bitonic {
  template <class Key, class Value>
  using Sorter = gpusort::BitonicSorter<Key, Value>;
  static gpusort::BitonicTuning tuning(const Options& o) { return o.bitonic; }
  static constexpr const char* name = "bitonic";
};
struct Radix {
  template <class Key, class Value>
  using Sorter = gpusort::RadixSorter<Key, Value>;
  static gpusort::RadixTuning tuning(const Options& o) { return o.radix; }
  static constexpr const char* name = "radix";
};
struct Choosing {
  template <class Key, class Value>
  using Sorter = gpusort::Sorter<Key, Value>;
  static gpusort::SorterTuning tuning(const Options& o) {
    gpusort::SorterTuning t;
    t.bitonic = o.bitonic;
    t.radix = o.radix;
    return t;
  }
  static constexpr const char* name = "sorter";
};

// What the rows found, for the summary and the bound.
struct Findings {
  CacheCounts cache_totals;
  gpusort_tools::ProgramTime slowest;  // program, and the row that built it
  std::string slowest_program_row;
  int programs = 0, over_bound = 0;
  double slowest_row_ms = 0;  // construction + first sort
  std::string slowest_row;
};

// large_sort (--large-sort): a third sort, of 2^20 elements, which builds the programs only
// sorts of many tiles use (on GPUs, a fused program for that many tiles). Slow on software GL.
template <class Class, class Key, class Value>
void time_type(const char* type, const Options& options, gpusort_tools::ProgramBuildTimer& timer, Findings& found) {
  if (!options.classes.empty() && !options.classes.count(Class::name)) return;
  if (!options.types.empty() && !options.types.count(type)) return;
  std::vector<Key> keys(1024);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<Key>((i * 7919u) % 1024u);
  std::vector<std::uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  auto keys2 = keys;
  auto values2 = values;
  CountingFileCache* cache = options.cache;

  const auto start = Clock::now();
  const double cpu_start = gpusort_tools::process_cpu_ms();
  typename Class::template Sorter<Key, Value> sorter(Class::tuning(options), cache);
  const double constructed = milliseconds_since(start);
  const auto first_sort = Clock::now();
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys);
  } else {
    sorter.sort(keys, values);
  }
  const double first = milliseconds_since(first_sort);
  const double cpu = gpusort_tools::process_cpu_ms() - cpu_start;
  const auto second_sort = Clock::now();
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys2, gpusort::Order::descending);
  } else {
    sorter.sort(keys2, values2, gpusort::Order::descending);
  }
  const double second = milliseconds_since(second_sort);
  const std::string row = std::string(Class::name) + " " + type;
  std::printf("%-22s %10.1f %10.1f %10.1f %10.1f %12.2f", row.c_str(), constructed, first, constructed + first, cpu,
              second);
  if (constructed + first > found.slowest_row_ms) {
    found.slowest_row_ms = constructed + first;
    found.slowest_row = row;
  }
  if (options.large_sort) {
    std::vector<Key> large(std::size_t{1} << 20);
    for (std::size_t i = 0; i < large.size(); ++i) large[i] = static_cast<Key>((i * 2654435761u) >> 12);
    std::vector<std::uint32_t> large_values(large.size(), 1u);
    const auto large_start = Clock::now();
    if constexpr (std::is_void<Value>::value) {
      sorter.sort(large);
    } else {
      sorter.sort(large, large_values);
    }
    std::printf(" %14.1f", milliseconds_since(large_start));
  }
  if (cache) {
    const CacheCounts counts = cache->take();
    std::printf("   %d hit, %d rejected, %d missed, %d stored", counts.hits, counts.rejected, counts.misses,
                counts.stored);
    CacheCounts& totals = found.cache_totals;
    totals.hits += counts.hits;
    totals.rejected += counts.rejected;
    totals.misses += counts.misses;
    totals.stored += counts.stored;
    totals.written += counts.written;
  }
  std::printf("\n");
  for (const gpusort_tools::ProgramTime& program : timer.take()) {
    const bool over = (options.max_program_ms > 0 && program.total_ms() > options.max_program_ms) ||
                      (options.max_program_cpu_ms > 0 && program.cpu_ms > options.max_program_cpu_ms);
    std::printf("    %-60s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f%s\n", program.kernel.c_str(), program.compile_ms,
                program.link_ms, program.status_ms, program.first_dispatch_ms, program.total_ms(), program.cpu_ms,
                over ? "  over the bound" : "");
    found.programs += 1;
    found.over_bound += over ? 1 : 0;
    if (program.total_ms() > found.slowest.total_ms()) {
      found.slowest = program;
      found.slowest_program_row = row;
    }
  }
}

template <class Class>
void time_class(const Options& options, gpusort_tools::ProgramBuildTimer& timer, Findings& found) {
  time_type<Class, std::uint32_t, void>("uint32", options, timer, found);
  time_type<Class, std::int32_t, void>("int32", options, timer, found);
  time_type<Class, float, void>("float", options, timer, found);
  time_type<Class, std::uint64_t, void>("uint64", options, timer, found);
  time_type<Class, std::int64_t, void>("int64", options, timer, found);
  time_type<Class, double, void>("double", options, timer, found);
  time_type<Class, std::uint32_t, std::uint32_t>("uint32+uint32", options, timer, found);
  time_type<Class, std::int32_t, std::uint32_t>("int32+uint32", options, timer, found);
  time_type<Class, float, std::uint32_t>("float+uint32", options, timer, found);
  time_type<Class, std::uint64_t, std::uint32_t>("uint64+uint32", options, timer, found);
  time_type<Class, std::int64_t, std::uint32_t>("int64+uint32", options, timer, found);
  time_type<Class, double, std::uint32_t>("double+uint32", options, timer, found);
}

std::set<std::string> split(const std::string& list) {
  std::set<std::string> items;
  std::size_t begin = 0;
  while (begin <= list.size()) {
    const std::size_t end = std::min(list.find(',', begin), list.size());
    if (end > begin) items.insert(list.substr(begin, end - begin));
    begin = end + 1;
  }
  return items;
}

int usage() {
  std::fprintf(stderr,
               "usage: gpusort_shader_build_time [--program-cache DIR] [--large-sort] [--classes LIST] "
               "[--types LIST] [--max-program-ms MS] [--max-program-cpu-ms MS] [--bitonic-tile T,E] "
               "[--radix-tile G,K]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string cache_directory;
  Options options;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--large-sort") == 0) {
      options.large_sort = true;
    } else if (std::strcmp(argv[i], "--program-cache") == 0 && has_value) {
      cache_directory = argv[++i];
      if (cache_directory.empty()) return usage();
    } else if (std::strcmp(argv[i], "--classes") == 0 && has_value) {
      options.classes = split(argv[++i]);
    } else if (std::strcmp(argv[i], "--types") == 0 && has_value) {
      options.types = split(argv[++i]);
    } else if (std::strcmp(argv[i], "--bitonic-tile") == 0 && has_value) {
      if (std::sscanf(argv[++i], "%u,%u", &options.bitonic.tile_size, &options.bitonic.local_elements) != 2)
        return usage();
    } else if (std::strcmp(argv[i], "--radix-tile") == 0 && has_value) {
      if (std::sscanf(argv[++i], "%u,%u", &options.radix.workgroup_size, &options.radix.keys_per_invocation) != 2)
        return usage();
    } else if (std::strcmp(argv[i], "--max-program-ms") == 0 && has_value) {
      options.max_program_ms = std::atof(argv[++i]);
      if (!(options.max_program_ms > 0)) return usage();
    } else if (std::strcmp(argv[i], "--max-program-cpu-ms") == 0 && has_value) {
      options.max_program_cpu_ms = std::atof(argv[++i]);
      if (!(options.max_program_cpu_ms > 0)) return usage();
    } else {
      return usage();
    }
  }
  try {
    gpusort_support::HeadlessContext context;
    // The "on <renderer>, OpenGL <version>" line tests/run_on_driver.cmake looks for.
    const char* cache = std::getenv("MESA_SHADER_CACHE_DISABLE");
    std::printf("shader build times on %s, OpenGL %s; Mesa shader cache %s\n", context.renderer().c_str(),
                context.version().c_str(), cache ? "disabled" : "as configured (may be warm)");
    std::unique_ptr<CountingFileCache> program_cache;
    if (!cache_directory.empty()) {
      program_cache = std::make_unique<CountingFileCache>(cache_directory);
      GLint formats = 0;
      glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
      std::printf("program cache: %s; the driver offers %d program binary format%s%s\n", cache_directory.c_str(),
                  formats, formats == 1 ? "" : "s",
                  formats > 0 ? "" : ", so the cache is not used (Mesa offers none under MESA_SHADER_CACHE_DISABLE)");
    }
    options.cache = program_cache.get();
    std::printf("%-22s %10s %10s %10s %10s %12s%s%s\n", "sorter", "ctor ms", "1st sort", "total", "cpu ms",
                "2nd sort ms",
                options.large_sort ? "   2^20 sort ms" : "",
                program_cache ? "   programs (hit: loaded as a binary)" : "");
    std::printf("    %-60s %9s %9s %9s %9s %9s %9s\n", "  each program it built, ms:", "compile", "link", "status",
                "1st disp.", "total", "cpu");
    Findings found;
    {
      gpusort_tools::ProgramBuildTimer timer;
      time_class<Bitonic>(options, timer, found);
      time_class<Radix>(options, timer, found);
      time_class<Choosing>(options, timer, found);
    }
    if (program_cache) {
      const CacheCounts& totals = found.cache_totals;
      std::printf("program cache: %d programs loaded as binaries, %d binaries rejected by the driver, %d not in the "
                  "cache; %d stored\n",
                  totals.hits, totals.rejected, totals.misses, totals.stored);
      if (totals.written < totals.stored) {
        std::printf("program cache: only %d of the %d binaries reached %s (not writable?)\n", totals.written,
                    totals.stored, cache_directory.c_str());
      }
    }
    std::printf("slowest construction + first sort: %s, %.1f ms\n", found.slowest_row.c_str(),
                found.slowest_row_ms);
    std::printf("slowest of %d programs built: %s (%s), %.1f ms (%.1f ms of CPU)\n", found.programs,
                found.slowest.kernel.c_str(), found.slowest_program_row.c_str(), found.slowest.total_ms(),
                found.slowest.cpu_ms);
    if (found.over_bound > 0) {
      std::printf("%d program%s took over the bound (%.0f ms, %.0f ms of CPU; 0: none)\n", found.over_bound,
                  found.over_bound == 1 ? "" : "s", options.max_program_ms, options.max_program_cpu_ms);
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_shader_build_time: %s\n", e.what());
    return 1;
  }
  return 0;
}
