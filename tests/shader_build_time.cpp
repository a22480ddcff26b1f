// Construction-to-first-sort time of every BitonicSorter type on the current machine.
// Drivers differ in when they really compile: llvmpipe JIT-compiles at the first dispatch,
// so the constructor alone says little; this times the constructor plus a first sort of
// 1024 keys (host vectors, so it waits for the GPU), then a second sort for comparison.
// Mesa's on-disk shader cache hides compile time on a second run of this program: set
// MESA_SHADER_CACHE_DISABLE=true to see cold numbers.
//
//   gpusort_shader_build_time [--program-cache DIR]
//
// --program-cache DIR builds every sorter through a gpusort::FileProgramCache in DIR (created
// if missing): run it on an empty DIR for the cold numbers, then again for the cached ones.
// Each row then says how its programs were built. Mesa offers program binaries only while
// its own shader cache is enabled, so under MESA_SHADER_CACHE_DISABLE=true the program cache
// is never consulted (the header line says so); give Mesa a fresh MESA_SHADER_CACHE_DIR
// instead to keep its cache cold.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

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

// large_sort (--large-sort): a third sort, of 2^20 keys, which builds the programs only sorts
// of many tiles use (on GPUs, a fused program for that many tiles). Slow on software GL.
template <class Key, class Value>
void time_type(const char* name, CountingFileCache* cache, CacheCounts& totals, bool large_sort) {
  std::vector<Key> keys(1024);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<Key>((i * 7919u) % 1024u);
  std::vector<std::uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  auto keys2 = keys;
  auto values2 = values;

  const auto start = Clock::now();
  gpusort::BitonicSorter<Key, Value> sorter(gpusort::BitonicTuning{}, cache);
  const double constructed = milliseconds_since(start);
  const auto first_sort = Clock::now();
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys);
  } else {
    sorter.sort(keys, values);
  }
  const double first = milliseconds_since(first_sort);
  const auto second_sort = Clock::now();
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys2, gpusort::Order::descending);
  } else {
    sorter.sort(keys2, values2, gpusort::Order::descending);
  }
  const double second = milliseconds_since(second_sort);
  std::printf("%-16s %12.1f %12.1f %12.1f %14.2f", name, constructed, first, constructed + first, second);
  if (large_sort) {
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
    totals.hits += counts.hits;
    totals.rejected += counts.rejected;
    totals.misses += counts.misses;
    totals.stored += counts.stored;
    totals.written += counts.written;
  }
  std::printf("\n");
}

int usage() {
  std::fprintf(stderr, "usage: gpusort_shader_build_time [--program-cache DIR] [--large-sort]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string cache_directory;
  bool large_sort = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--large-sort") == 0) {
      large_sort = true;
    } else if (std::strcmp(argv[i], "--program-cache") == 0 && i + 1 < argc) {
      cache_directory = argv[++i];
      if (cache_directory.empty()) return usage();
    } else {
      return usage();
    }
  }
  try {
    gpusort_support::HeadlessContext context;
    const char* cache = std::getenv("MESA_SHADER_CACHE_DISABLE");
    std::printf("%s, OpenGL %s; Mesa shader cache %s\n", context.renderer().c_str(), context.version().c_str(),
                cache ? "disabled" : "as configured (may be warm)");
    std::unique_ptr<CountingFileCache> program_cache;
    if (!cache_directory.empty()) {
      program_cache = std::make_unique<CountingFileCache>(cache_directory);
      GLint formats = 0;
      glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
      std::printf("program cache: %s; the driver offers %d program binary format%s%s\n", cache_directory.c_str(),
                  formats, formats == 1 ? "" : "s",
                  formats > 0 ? "" : ", so the cache is not used (Mesa offers none under MESA_SHADER_CACHE_DISABLE)");
    }
    std::printf("%-16s %12s %12s %12s %14s%s%s\n", "sorter", "ctor ms", "1st sort ms", "total ms", "2nd sort ms",
                large_sort ? "   2^20 sort ms" : "", program_cache ? "   programs (hit: loaded as a binary)" : "");
    CacheCounts totals;
    CountingFileCache* counting = program_cache.get();
    time_type<std::uint32_t, void>("uint32", counting, totals, large_sort);
    time_type<std::int32_t, void>("int32", counting, totals, large_sort);
    time_type<float, void>("float", counting, totals, large_sort);
    time_type<std::uint32_t, std::uint32_t>("uint32+uint32", counting, totals, large_sort);
    time_type<std::int32_t, std::uint32_t>("int32+uint32", counting, totals, large_sort);
    time_type<float, std::uint32_t>("float+uint32", counting, totals, large_sort);
    if (program_cache) {
      std::printf("program cache: %d programs loaded as binaries, %d binaries rejected by the driver, %d not in the "
                  "cache; %d stored\n",
                  totals.hits, totals.rejected, totals.misses, totals.stored);
      if (totals.written < totals.stored) {
        std::printf("program cache: only %d of the %d binaries reached %s (not writable?)\n", totals.written,
                    totals.stored, cache_directory.c_str());
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_shader_build_time: %s\n", e.what());
    return 1;
  }
  return 0;
}
