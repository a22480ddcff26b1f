// CUB's device-wide sorts as baselines for gpusort. Plain C++ on purpose:
// the rest of the bench includes GL headers and is built by the host compiler,
// so no CUDA header may leak out of cub_baselines.cu.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gpusort_bench {

enum class CubAlgorithm { radix, merge };
enum class CubKey { u32, f32, u64 };

// Empty when a CUDA device can run the baselines, else the reason it cannot
// (no driver, no device, ...). Never throws: a machine without CUDA simply
// goes without these families.
std::string cuda_unavailable_reason();

// Device, runtime and CUB versions, for the JSON context of a run.
std::string cuda_description();

// One data set on the device: pristine keys (and values), working buffers
// and the sort's temporary storage, all allocated up front so that no
// allocation happens inside the timed region.
class CubSort {
 public:
  // `keys` are 32-bit words (floats bit-cast; a u64 key is two words, low word first);
  // `values` may be null unless `with_values`. Up to `in_flight` timed sorts may be queued
  // (submit()). Radix sorts look at key bits [0, end_bit) only (0: every bit), as CUB's
  // begin_bit/end_bit arguments do. Throws std::runtime_error on any CUDA error.
  CubSort(CubAlgorithm algorithm, CubKey key, bool with_values, const std::uint32_t* keys,
          const std::uint32_t* values, std::size_t count, int in_flight = 1, int end_bit = 0);
  ~CubSort();
  CubSort(const CubSort&) = delete;
  CubSort& operator=(const CubSort&) = delete;

  CubAlgorithm algorithm() const;
  CubKey key() const;
  bool with_values() const;
  std::size_t count() const;
  std::size_t temp_bytes() const;

  // Queues a restore of the input from the pristine copy (untimed) and one sort
  // call between CUDA events. With one event pair the restore is waited for
  // first. Returns the host time at which the timed part was submitted.
  std::chrono::steady_clock::time_point submit();
  // Waits for the oldest queued sort and returns its GPU seconds.
  double wait_oldest();
  std::size_t in_flight() const;  // sorts queued and not yet waited for
  std::size_t depth() const;      // event pairs: the most sorts in flight
  // Waits for everything queued, then submits and times one sort (GPU seconds).
  double run();
  // Waits for every queued sort (before reading results).
  void wait_all();

  // Result of the last sort (keys as 32-bit words, two per u64 key).
  std::vector<std::uint32_t> sorted_keys() const;
  std::vector<std::uint32_t> sorted_values() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace gpusort_bench
