#include "bench_options.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>

namespace gpusort_bench {
namespace {

// Non-powers of two show what a padded or partial network costs; only the
// library sorts them (the textbook baseline needs powers of two).
constexpr std::size_t kOddSizes[] = {5003, 1000003, 16777259};

// `client_size` (0: none) is added where in range whatever `odd_sizes` says.
std::vector<std::size_t> sizes_up_to(int min_log2, int max_log2, bool odd_sizes, std::size_t client_size = 0) {
  std::vector<std::size_t> sizes;
  for (int e = min_log2; e <= max_log2; ++e) sizes.push_back(std::size_t{1} << e);
  if (max_log2 >= min_log2) {
    const std::size_t low = std::size_t{1} << min_log2;
    const std::size_t high = std::size_t{1} << max_log2;
    const auto in_range = [&](std::size_t n) { return n >= low && n <= high; };
    if (odd_sizes) std::copy_if(std::begin(kOddSizes), std::end(kOddSizes), std::back_inserter(sizes), in_range);
    if (client_size != 0 && in_range(client_size)) sizes.push_back(client_size);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

bool starts_with(const char* text, const char* prefix) { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }

bool parse_int(const char* text, int& out) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < -1 || value > 1 << 20) return false;
  out = static_cast<int>(value);
  return true;
}

bool parse_double(const char* text, double& out) {
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= 0.0)) return false;
  out = value;
  return true;
}

bool parse_bool(const char* text, bool& out) {
  if (std::strcmp(text, "1") == 0 || std::strcmp(text, "true") == 0) {
    out = true;
    return true;
  }
  if (std::strcmp(text, "0") == 0 || std::strcmp(text, "false") == 0) {
    out = false;
    return true;
  }
  return false;
}

}  // namespace

std::vector<std::size_t> BenchOptions::gpu_sizes(std::size_t client_size) const {
  return sizes_up_to(min_log2, max_log2, odd_sizes, client_size);
}

std::vector<std::size_t> BenchOptions::cpu_sizes() const {
  return sizes_up_to(min_log2, cpu_max_log2 < 0 ? max_log2 : cpu_max_log2, odd_sizes);
}

BenchOptions default_options(bool software_gl) {
  BenchOptions options;
  if (software_gl) {
    // llvmpipe needs seconds for 1M keys; above 2^16 a run takes too long.
    options.max_log2 = 16;
    options.repetitions = 3;
    options.cpu_repetitions = 3;
    options.min_time = 0.05;
  }
  return options;
}

void note_benchmark_flags(int argc, char** argv, BenchOptions& options) {
  for (int i = 1; i < argc; ++i) {
    if (starts_with(argv[i], "--benchmark_repetitions")) options.user_set_repetitions = true;
    if (starts_with(argv[i], "--benchmark_min_time")) options.user_set_min_time = true;
    if (starts_with(argv[i], "--benchmark_report_aggregates_only") ||
        starts_with(argv[i], "--benchmark_display_aggregates_only")) {
      options.user_set_aggregates = true;
    }
  }
}

std::string parse_options(int* argc, char** argv, BenchOptions& options) {
  struct Flag {
    const char* prefix;
    std::function<bool(const char*)> apply;
  };
  const Flag flags[] = {
      {"--gpusort_min_log2=", [&](const char* v) { return parse_int(v, options.min_log2); }},
      {"--gpusort_max_log2=", [&](const char* v) { return parse_int(v, options.max_log2); }},
      {"--gpusort_cpu_max_log2=", [&](const char* v) { return parse_int(v, options.cpu_max_log2); }},
      {"--gpusort_repetitions=", [&](const char* v) { return parse_int(v, options.repetitions); }},
      {"--gpusort_cpu_repetitions=", [&](const char* v) { return parse_int(v, options.cpu_repetitions); }},
      {"--gpusort_min_time=", [&](const char* v) { return parse_double(v, options.min_time); }},
      {"--gpusort_odd_sizes=", [&](const char* v) { return parse_bool(v, options.odd_sizes); }},
      {"--gpusort_verify=", [&](const char* v) { return parse_bool(v, options.verify); }},
      {"--gpusort_in_flight=", [&](const char* v) { return parse_int(v, options.in_flight); }},
      {"--gpusort_engine=", [&](const char* v) { return parse_bool(v, options.engine); }},
      {"--gpusort_view_grain=", [&](const char* v) {
         return parse_int(v, options.view_grain) &&
                (options.view_grain == 256 || options.view_grain == 16 || options.view_grain == 4);
       }},
  };
  int kept = 1;
  for (int i = 1; i < *argc; ++i) {
    const char* arg = argv[i];
    bool consumed = false;
    for (const Flag& flag : flags) {
      if (!starts_with(arg, flag.prefix)) continue;
      if (!flag.apply(arg + std::strlen(flag.prefix))) return std::string("bad value in ") + arg;
      consumed = true;
      break;
    }
    if (!consumed) argv[kept++] = argv[i];
  }
  *argc = kept;
  if (options.max_log2 > 30 || options.cpu_max_log2 > 30) return "sizes above 2^30 are not supported";
  if (options.min_log2 < 0) return "--gpusort_min_log2 must not be negative";
  if (options.in_flight < 1 || options.in_flight > 64) return "--gpusort_in_flight must be 1 .. 64";
  if (options.repetitions < 1 || options.cpu_repetitions < 1) return "repetitions must be at least 1";
  return {};
}

std::string options_help() {
  return "gpusort_bench options (besides Google Benchmark's --benchmark_*):\n"
         "  --gpusort_min_log2=N         smallest size 2^N (default 10)\n"
         "  --gpusort_max_log2=N         largest GPU size 2^N (default 26; 16 on llvmpipe/softpipe)\n"
         "  --gpusort_cpu_max_log2=N     largest std::sort size 2^N (default: same as --gpusort_max_log2)\n"
         "  --gpusort_repetitions=N      repetitions per GPU size, median reported (default 10; 3 on software GL)\n"
         "  --gpusort_cpu_repetitions=N  repetitions per std::sort size (default 5; 3 on software GL)\n"
         "  --gpusort_min_time=S         measured seconds per repetition (default 0.1; 0.05 on software GL)\n"
         "  --gpusort_odd_sizes=0|1      also 5003, 1000003, 16777259 where in range (default 1)\n"
         "  --gpusort_verify=0|1         check the sorted output once per run (default 1)\n"
         "  --gpusort_in_flight=N        GPU benchmarks: timed sorts queued before the oldest one's\n"
         "                               time is read (default 1: wait for each; the GPU idles between\n"
         "                               small sorts and may lower its clocks)\n"
         "  --gpusort_engine=0|1         gpusort families: keys and values as BufferViews of one buffer,\n"
         "                               scratch in a buffer of the bench's own (use_scratch); same family\n"
         "                               names (default 0)\n"
         "  --gpusort_view_grain=256|16|4  --gpusort_engine: the views' offsets are multiples of this many\n"
         "                               bytes and of nothing larger up to 256 (default 256)\n"
         "--benchmark_repetitions, --benchmark_min_time and --benchmark_{report,display}_aggregates_only,\n"
         "when given, replace the gpusort defaults (repetitions above, aggregates only).\n";
}

}  // namespace gpusort_bench
