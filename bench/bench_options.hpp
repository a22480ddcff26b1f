// Command-line options of gpusort_bench beyond Google Benchmark's own.
// Defaults depend on the device: a software GL gets small sizes and few
// repetitions, a real GPU gets 2^10..2^26 with medians of 10 repetitions.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace gpusort_bench {

struct BenchOptions {
  int min_log2 = 10;
  int max_log2 = 26;        // GPU families
  int cpu_max_log2 = -1;    // std::sort families; -1: same as max_log2
  int repetitions = 10;     // GPU families
  int cpu_repetitions = 5;  // std::sort is slow at 2^26 and steady anyway
  double min_time = 0.1;    // seconds of measured time per repetition
  bool odd_sizes = true;    // also a few non-power-of-two counts
  bool verify = true;       // check each benchmark's output once
  bool software_gl = false;  // a CPU rasterizer: no clocks to keep up
  // GPU benchmarks: timed submissions queued before the oldest one's time is read. 1 waits for
  // every sort, so the GPU idles between small sorts and its clock governor may lower the
  // clocks; more keeps it busy, as in a frame full of other GPU work.
  int in_flight = 1;
  // gpusort families sort as an engine that owns its memory would: keys and values as two
  // BufferViews of one buffer, and the sorter's scratch in a range of a buffer of the bench's own
  // (use_scratch(), scratch_bytes() of the family's largest size). Same family names, so that
  // compare_runs.py sets a run with it against one without.
  bool engine = false;
  // --gpusort_engine: the views' byte offsets are multiples of this grain and of nothing larger
  // up to 256: 256 (whole cache lines), 16 (a sub-allocator's usual grain: each warp's access
  // straddles one more 32-byte sector) or 4 (the element size: the network's 16-byte loads off).
  int view_grain = 256;
  // Google Benchmark's own flags win over our per-benchmark settings, which
  // would otherwise silently override them.
  bool user_set_repetitions = false;
  bool user_set_min_time = false;
  bool user_set_aggregates = false;

  // `client_size` (0: none): one more count a family measures where it is within
  // [2^min_log2, 2^max_log2], with or without odd_sizes (a client's own count).
  std::vector<std::size_t> gpu_sizes(std::size_t client_size = 0) const;
  std::vector<std::size_t> cpu_sizes() const;
};

BenchOptions default_options(bool software_gl);

// Pre-scan before benchmark::Initialize, so we know which benchmark flags
// the user gave; Initialize removes them from argv.
void note_benchmark_flags(int argc, char** argv, BenchOptions& options);

// Consumes --gpusort_* flags from argv (after benchmark::Initialize).
// Returns an error message, empty on success.
std::string parse_options(int* argc, char** argv, BenchOptions& options);

std::string options_help();

}  // namespace gpusort_bench
