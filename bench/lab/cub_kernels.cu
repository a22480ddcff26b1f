// gpusort_cub_kernels [--runs=N] [--layouts=A,B,...] log2 [log2 ...]
// CUB's DeviceRadixSort on gpusort_bench's inputs (bench/key_distributions.hpp, the layouts of
// gpusort_radix_probe --layouts), for Nsight Compute to time kernel by kernel beside
// gpusort_radix_probe --kernels. Per size: a streaming copy of 2n words, one uint4 per thread
// (the bandwidth ceiling, as the probe's uvec4 copy), then per layout a few unprofiled sorts
// timed with CUDA events, then `runs` sorts. Only the copies and those sorts lie between
// cudaProfilerStart and cudaProfilerStop, so with ncu's --profile-from-start off its rows are
// exactly the ranges this program announces on stdout, in order:
//   profile copy n=N launches=R
//   profile LAYOUT n=N sorts=R passes=P
// bench/kernel_table.py matches them with ncu's CSV. Each layout's last result is checked
// (keys ascending, each value the index of its key); a wrong one ends the program with status 1.
// Defaults: 5 runs, every layout of all_layouts (gpusort_radix_probe's names and inputs; the last
// two have digits that do not vary, the passes gpusort copies instead of ranking).
// Usage (bench/README.md, "Per kernel beside CUB"):
//   ncu --profile-from-start off --clock-control none --cache-control none \
//       --metrics gpu__time_duration.sum -k 'regex:.*(DeviceRadixSort|gpusort_stream_copy).*' \
//       --csv --page raw --log-file cub.csv build/bench/lab/gpusort_cub_kernels 24 26 > cub_plan.txt

#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "cub_baselines.hpp"
#include "key_distributions.hpp"

// The copy ceiling: one uint4 per thread, as the GL probes' uvec4 copy. Outside any namespace,
// so that its name in ncu's rows is just this.
__global__ void gpusort_stream_copy(const uint4* __restrict__ from, uint4* __restrict__ to, std::size_t vectors) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < vectors) to[i] = from[i];
}

namespace {

using gpusort_bench::CubAlgorithm;
using gpusort_bench::CubKey;
using gpusort_bench::CubSort;
using gpusort_bench::KeyDistribution;
using gpusort_bench::KeyKind;

struct Layout {
  const char* name;
  KeyKind kind;
  bool pairs;
  KeyDistribution distribution;
};

constexpr Layout all_layouts[] = {
    {"keys_u32", KeyKind::u32, false, KeyDistribution::random},
    {"pairs_u32_u32", KeyKind::u32, true, KeyDistribution::random},
    {"keys_u64", KeyKind::u64, false, KeyDistribution::random},
    {"keys_f32", KeyKind::f32, false, KeyDistribution::random},
    {"pairs_f32_u32", KeyKind::f32, true, KeyDistribution::random},
    {"keys_f32_depth", KeyKind::f32, false, KeyDistribution::scene_depth},
    {"pairs_f32_u32_depth", KeyKind::f32, true, KeyDistribution::scene_depth},
    {"keys_u32_splatapult", KeyKind::u32, false, KeyDistribution::scene_depth},
    {"pairs_u32_u32_splatapult", KeyKind::u32, true, KeyDistribution::scene_depth},
    {"pairs_u64_u32", KeyKind::u64, true, KeyDistribution::random},
    {"keys_u64_low32", KeyKind::u64, false, KeyDistribution::constant_digits},
    {"pairs_f32_u32_narrow", KeyKind::f32, true, KeyDistribution::constant_digits},
};

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0.0 : values[values.size() / 2];
}

// GB/s (bytes read + written) of the copy of 2n words, median of 10 event-timed copies; then
// `runs` copies for the profiler.
void copy_ceiling(std::size_t n, int runs) {
  const std::size_t vectors = n / 2;  // 2n words, four a uint4
  void* from = nullptr;
  void* to = nullptr;
  check(cudaMalloc(&from, vectors * sizeof(uint4)), "cudaMalloc");
  check(cudaMalloc(&to, vectors * sizeof(uint4)), "cudaMalloc");
  check(cudaMemset(from, 0x5a, vectors * sizeof(uint4)), "cudaMemset");
  const auto blocks = static_cast<unsigned>((vectors + 255) / 256);
  const auto launch = [&] {
    gpusort_stream_copy<<<blocks, 256>>>(static_cast<const uint4*>(from), static_cast<uint4*>(to), vectors);
    check(cudaGetLastError(), "copy launch");
  };
  cudaEvent_t start = nullptr, stop = nullptr;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> ms;
  for (int i = 0; i < 11; ++i) {
    check(cudaEventRecord(start), "cudaEventRecord");
    launch();
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float elapsed = 0.0f;
    check(cudaEventElapsedTime(&elapsed, start, stop), "cudaEventElapsedTime");
    if (i > 0) ms.push_back(elapsed);
  }
  std::printf("# copy n=%zu: %.0f GB/s (CUDA events, median of 10)\n", n,
              static_cast<double>(vectors * sizeof(uint4) * 2) / (median(ms) * 1e6));
  std::printf("profile copy n=%zu launches=%d\n", n, runs);
  std::fflush(stdout);
  check(cudaProfilerStart(), "cudaProfilerStart");
  for (int i = 0; i < runs; ++i) launch();
  check(cudaDeviceSynchronize(), "copy");
  check(cudaProfilerStop(), "cudaProfilerStop");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(from);
  cudaFree(to);
}

// Empty when `keys` ascend (by the key type's order) and every value is the index of its key.
std::string check_result(const Layout& layout, const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& values) {
  const std::size_t words = gpusort_bench::words_per_key(layout.kind);
  const std::size_t n = input.size() / words;
  const auto key = [&](const std::vector<std::uint32_t>& from, std::size_t i) {
    return words == 2 ? std::uint64_t{from[2 * i + 1]} << 32 | from[2 * i] : std::uint64_t{from[i]};
  };
  const auto as_float = [](std::uint64_t bits) {
    float value = 0.0f;
    const auto word = static_cast<std::uint32_t>(bits);
    std::memcpy(&value, &word, sizeof value);
    return value;
  };
  for (std::size_t i = 1; i < n; ++i) {
    const bool descends = layout.kind == KeyKind::f32 ? as_float(key(keys, i - 1)) > as_float(key(keys, i))
                                                      : key(keys, i - 1) > key(keys, i);
    if (descends) return "keys not ascending at index " + std::to_string(i);
  }
  if (!layout.pairs) return {};
  for (std::size_t i = 0; i < n; ++i) {
    if (values[i] >= n || key(input, values[i]) != key(keys, i)) return "value at index " + std::to_string(i) + " is not its key's";
  }
  return {};
}

// Returns false when the result is wrong.
bool profile_layout(const Layout& layout, std::size_t n, int runs) {
  const std::vector<std::uint32_t> words = gpusort_bench::key_words(layout.kind, layout.distribution, n);
  std::vector<std::uint32_t> values(n);
  std::iota(values.begin(), values.end(), 0u);
  const CubKey key = layout.kind == KeyKind::u64 ? CubKey::u64 : layout.kind == KeyKind::f32 ? CubKey::f32 : CubKey::u32;
  CubSort sort(CubAlgorithm::radix, key, layout.pairs, words.data(), values.data(), n);
  // Module loading and the clocks' ramp belong to no measurement: sort for about half a second.
  std::vector<double> ms;
  for (int i = 0; i < 1000 && (i < 20 || median(ms) * i < 500.0); ++i) ms.push_back(sort.run() * 1e3);
  const int passes = (layout.kind == KeyKind::u64 ? 64 : 32) / 8;
  std::printf("# %s n=%zu: %.4f ms a sort (CUDA events, median of %zu), %zu bytes of temporary storage\n",
              layout.name, n, median(ms), ms.size(), sort.temp_bytes());
  std::printf("profile %s n=%zu sorts=%d passes=%d\n", layout.name, n, runs, passes);
  std::fflush(stdout);
  check(cudaProfilerStart(), "cudaProfilerStart");
  for (int i = 0; i < runs; ++i) sort.run();
  sort.wait_all();
  check(cudaProfilerStop(), "cudaProfilerStop");
  const std::string problem = check_result(layout, words, sort.sorted_keys(), sort.sorted_values());
  if (!problem.empty()) std::printf("WRONG %s n=%zu: %s\n", layout.name, n, problem.c_str());
  return problem.empty();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::vector<Layout> layouts(std::begin(all_layouts), std::end(all_layouts));
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--runs=", 0) == 0) {
      runs = std::max(1, std::atoi(arg.c_str() + 7));
    } else if (arg.rfind("--layouts=", 0) == 0) {
      layouts.clear();
      std::size_t start = 10;
      while (start <= arg.size()) {
        const std::size_t end = std::min(arg.find(',', start), arg.size());
        const std::string name = arg.substr(start, end - start);
        const auto found = std::find_if(std::begin(all_layouts), std::end(all_layouts),
                                        [&](const Layout& layout) { return name == layout.name; });
        if (found == std::end(all_layouts)) {
          std::fprintf(stderr, "gpusort_cub_kernels: unknown layout '%s'\n", name.c_str());
          return 2;
        }
        layouts.push_back(*found);
        start = end + 1;
      }
    } else if (!arg.empty() && arg[0] != '-' && std::atoi(arg.c_str()) >= 8 && std::atoi(arg.c_str()) <= 30) {
      sizes.push_back(std::atoi(arg.c_str()));
    } else {
      std::fprintf(stderr, "gpusort_cub_kernels: unknown argument '%s' (see bench/lab/cub_kernels.cu)\n", arg.c_str());
      return 2;
    }
  }
  if (sizes.empty()) sizes = {24, 26};
  try {
    const std::string unavailable = gpusort_bench::cuda_unavailable_reason();
    if (!unavailable.empty()) {
      std::fprintf(stderr, "gpusort_cub_kernels: %s\n", unavailable.c_str());
      return 1;
    }
    std::printf("# %s\n", gpusort_bench::cuda_description().c_str());
    bool all_right = true;
    for (const int log2n : sizes) {
      const std::size_t n = std::size_t{1} << log2n;
      copy_ceiling(n, runs);
      for (const Layout& layout : layouts) all_right = profile_layout(layout, n, runs) && all_right;
    }
    return all_right ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_cub_kernels: %s\n", e.what());
    return 1;
  }
}
