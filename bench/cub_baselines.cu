#include "cub_baselines.hpp"

#include <cuda_runtime.h>

#include <chrono>
#include <climits>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/version.cuh>
#include <stdexcept>
#include <utility>

namespace gpusort_bench {
namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    // Clears the sticky last error, so one failed size does not poison the
    // following benchmarks with the same message.
    (void)cudaGetLastError();
    throw std::runtime_error(std::string("CUDA: ") + what + ": " + cudaGetErrorString(status));
  }
}

// Merge sort needs an explicit comparison; radix sort orders by bits.
struct LessU32 {
  __device__ bool operator()(std::uint32_t a, std::uint32_t b) const { return a < b; }
};

// Owns one device allocation, so a throw half-way through CubSort's
// constructor frees what was already allocated.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t bytes) {
    // cudaMalloc(0) may return null or fail depending on the version; CUB
    // still wants a non-null temp pointer, so always ask for something.
    check(cudaMalloc(&pointer_, bytes == 0 ? 1 : bytes), "cudaMalloc");
  }
  ~DeviceBuffer() {
    if (pointer_ != nullptr) cudaFree(pointer_);
  }
  DeviceBuffer(DeviceBuffer&& other) noexcept : pointer_(std::exchange(other.pointer_, nullptr)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    std::swap(pointer_, other.pointer_);
    return *this;
  }
  void* get() const { return pointer_; }
  std::uint32_t* words() const { return static_cast<std::uint32_t*>(pointer_); }
  float* floats() const { return static_cast<float*>(pointer_); }
  unsigned long long* longs() const { return static_cast<unsigned long long*>(pointer_); }

 private:
  void* pointer_ = nullptr;
};

}  // namespace

struct CubSort::State {
  CubAlgorithm algorithm = CubAlgorithm::radix;
  CubKey key = CubKey::u32;
  bool with_values = false;
  std::size_t count = 0;
  int end_bit = 32;
  std::size_t temp_bytes = 0;
  DeviceBuffer pristine_keys, pristine_values;
  // Radix sort is out of place: it reads `work_*` and writes `out_*`. Merge
  // sort sorts `work_*` in place and leaves `out_*` unallocated.
  DeviceBuffer work_keys, work_values, out_keys, out_values;
  DeviceBuffer temp;
  cudaStream_t stream = nullptr;
  // One start/stop pair per sort that may be in flight (see submit()).
  std::vector<cudaEvent_t> starts, stops;
  std::size_t oldest = 0;
  std::size_t pending = 0;

  int items() const { return static_cast<int>(count); }
  std::size_t key_bytes() const { return key == CubKey::u64 ? 8 : 4; }

  // With a null `temp_storage` CUB only reports the bytes it needs, so the
  // same call sizes the temporary storage and sorts.
  cudaError_t sort(void* temp_storage, std::size_t& bytes) {
    if (algorithm == CubAlgorithm::merge) {
      if (with_values) {
        return ::cub::DeviceMergeSort::SortPairs(temp_storage, bytes, work_keys.words(), work_values.words(), items(),
                                                 LessU32{}, stream);
      }
      return ::cub::DeviceMergeSort::SortKeys(temp_storage, bytes, work_keys.words(), items(), LessU32{}, stream);
    }
    if (key == CubKey::u64) {
      if (with_values) {
        return ::cub::DeviceRadixSort::SortPairs(temp_storage, bytes, work_keys.longs(), out_keys.longs(),
                                                 work_values.words(), out_values.words(), items(), 0, end_bit, stream);
      }
      return ::cub::DeviceRadixSort::SortKeys(temp_storage, bytes, work_keys.longs(), out_keys.longs(), items(), 0,
                                              end_bit, stream);
    }
    if (key == CubKey::f32) {
      if (with_values) {
        return ::cub::DeviceRadixSort::SortPairs(temp_storage, bytes, work_keys.floats(), out_keys.floats(),
                                                 work_values.words(), out_values.words(), items(), 0, end_bit, stream);
      }
      return ::cub::DeviceRadixSort::SortKeys(temp_storage, bytes, work_keys.floats(), out_keys.floats(), items(), 0,
                                              end_bit, stream);
    }
    if (with_values) {
      return ::cub::DeviceRadixSort::SortPairs(temp_storage, bytes, work_keys.words(), out_keys.words(),
                                               work_values.words(), out_values.words(), items(), 0, end_bit, stream);
    }
    return ::cub::DeviceRadixSort::SortKeys(temp_storage, bytes, work_keys.words(), out_keys.words(), items(), 0,
                                            end_bit, stream);
  }

  const DeviceBuffer& result_keys() const { return algorithm == CubAlgorithm::radix ? out_keys : work_keys; }
  const DeviceBuffer& result_values() const { return algorithm == CubAlgorithm::radix ? out_values : work_values; }

  ~State() {
    for (cudaEvent_t event : starts) cudaEventDestroy(event);
    for (cudaEvent_t event : stops) cudaEventDestroy(event);
    if (stream != nullptr) cudaStreamDestroy(stream);
  }
};

std::string cuda_unavailable_reason() {
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    return std::string("cudaGetDeviceCount: ") + cudaGetErrorString(status);
  }
  if (devices == 0) return "no CUDA device";
  return {};
}

std::string cuda_description() {
  int device = 0;
  cudaDeviceProp properties{};
  std::string name = "unknown device";
  if (cudaGetDevice(&device) == cudaSuccess && cudaGetDeviceProperties(&properties, device) == cudaSuccess) {
    name = properties.name;
  }
  int runtime = 0;
  int driver = 0;
  (void)cudaRuntimeGetVersion(&runtime);
  (void)cudaDriverGetVersion(&driver);
  const auto version = [](int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); };
  return name + ", CUDA runtime " + version(runtime) + ", driver " + version(driver) + ", CUB " +
         std::to_string(CUB_VERSION / 100000) + "." + std::to_string(CUB_VERSION / 100 % 1000) + "." +
         std::to_string(CUB_VERSION % 100);
}

CubSort::CubSort(CubAlgorithm algorithm, CubKey key, bool with_values, const std::uint32_t* keys,
                 const std::uint32_t* values, std::size_t count, int in_flight, int end_bit)
    : state_(std::make_unique<State>()) {
  if (in_flight < 1) throw std::invalid_argument("CUB baseline: in_flight must be at least 1");
  if (algorithm == CubAlgorithm::merge && key != CubKey::u32) {
    throw std::invalid_argument("CUB merge sort baseline: only u32 keys are built");
  }
  const int key_bits = key == CubKey::u64 ? 64 : 32;
  if (end_bit < 0 || end_bit > key_bits) throw std::invalid_argument("CUB baseline: end_bit outside the key");
  if (count > static_cast<std::size_t>(INT_MAX)) throw std::invalid_argument("CUB baseline: count above INT_MAX");
  State& s = *state_;
  s.algorithm = algorithm;
  s.key = key;
  s.with_values = with_values;
  s.count = count;
  s.end_bit = end_bit == 0 ? key_bits : end_bit;
  const std::size_t bytes = count * s.key_bytes();
  const std::size_t value_bytes = count * sizeof(std::uint32_t);
  check(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking), "cudaStreamCreate");
  for (int i = 0; i < in_flight; ++i) {
    s.starts.push_back(nullptr);
    check(cudaEventCreate(&s.starts.back()), "cudaEventCreate");
    s.stops.push_back(nullptr);
    check(cudaEventCreate(&s.stops.back()), "cudaEventCreate");
  }
  s.pristine_keys = DeviceBuffer(bytes);
  s.work_keys = DeviceBuffer(bytes);
  if (algorithm == CubAlgorithm::radix) s.out_keys = DeviceBuffer(bytes);
  check(cudaMemcpy(s.pristine_keys.get(), keys, bytes, cudaMemcpyHostToDevice), "upload keys");
  if (with_values) {
    s.pristine_values = DeviceBuffer(value_bytes);
    s.work_values = DeviceBuffer(value_bytes);
    if (algorithm == CubAlgorithm::radix) s.out_values = DeviceBuffer(value_bytes);
    check(cudaMemcpy(s.pristine_values.get(), values, value_bytes, cudaMemcpyHostToDevice), "upload values");
  }
  check(s.sort(nullptr, s.temp_bytes), "temporary storage query");
  s.temp = DeviceBuffer(s.temp_bytes);
}

CubSort::~CubSort() = default;

CubAlgorithm CubSort::algorithm() const { return state_->algorithm; }
CubKey CubSort::key() const { return state_->key; }
bool CubSort::with_values() const { return state_->with_values; }
std::size_t CubSort::count() const { return state_->count; }
std::size_t CubSort::temp_bytes() const { return state_->temp_bytes; }

std::chrono::steady_clock::time_point CubSort::submit() {
  State& s = *state_;
  if (s.pending == s.starts.size()) throw std::logic_error("CUB baseline: every event pair is in flight");
  const std::size_t bytes = s.count * s.key_bytes();
  check(cudaMemcpyAsync(s.work_keys.get(), s.pristine_keys.get(), bytes, cudaMemcpyDeviceToDevice, s.stream),
        "restore keys");
  if (s.with_values) {
    check(cudaMemcpyAsync(s.work_values.get(), s.pristine_values.get(), s.count * sizeof(std::uint32_t),
                          cudaMemcpyDeviceToDevice, s.stream),
          "restore values");
  }
  if (s.starts.size() == 1) {
    // The start event would wait for the copies anyway; synchronising here
    // keeps them out of the wall-clock figure too.
    check(cudaStreamSynchronize(s.stream), "restore");
  }
  const auto submitted = std::chrono::steady_clock::now();
  const std::size_t slot = (s.oldest + s.pending) % s.starts.size();
  check(cudaEventRecord(s.starts[slot], s.stream), "cudaEventRecord");
  std::size_t temp_bytes = s.temp_bytes;
  check(s.sort(s.temp.get(), temp_bytes), "sort");
  check(cudaEventRecord(s.stops[slot], s.stream), "cudaEventRecord");
  ++s.pending;
  return submitted;
}

double CubSort::wait_oldest() {
  State& s = *state_;
  if (s.pending == 0) throw std::logic_error("CUB baseline: no sort in flight");
  check(cudaEventSynchronize(s.stops[s.oldest]), "cudaEventSynchronize");
  float milliseconds = 0.0f;
  check(cudaEventElapsedTime(&milliseconds, s.starts[s.oldest], s.stops[s.oldest]), "cudaEventElapsedTime");
  s.oldest = (s.oldest + 1) % s.starts.size();
  --s.pending;
  return static_cast<double>(milliseconds) * 1e-3;
}

std::size_t CubSort::in_flight() const { return state_->pending; }

std::size_t CubSort::depth() const { return state_->starts.size(); }

double CubSort::run() {
  while (in_flight() != 0) wait_oldest();
  submit();
  return wait_oldest();
}

void CubSort::wait_all() { check(cudaStreamSynchronize(state_->stream), "cudaStreamSynchronize"); }

std::vector<std::uint32_t> CubSort::sorted_keys() const {
  std::vector<std::uint32_t> words(state_->count * (state_->key_bytes() / sizeof(std::uint32_t)));
  check(cudaMemcpy(words.data(), state_->result_keys().get(), words.size() * sizeof(std::uint32_t),
                   cudaMemcpyDeviceToHost),
        "download keys");
  return words;
}

std::vector<std::uint32_t> CubSort::sorted_values() const {
  if (!state_->with_values) return {};
  std::vector<std::uint32_t> words(state_->count);
  check(cudaMemcpy(words.data(), state_->result_values().get(), words.size() * sizeof(std::uint32_t),
                   cudaMemcpyDeviceToHost),
        "download values");
  return words;
}

}  // namespace gpusort_bench
