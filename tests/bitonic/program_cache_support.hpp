#pragma once
// What the program-cache tests share (program_cache_test.cpp, program_cache_entries_test.cpp,
// program_cache_envelope_test.cpp); inline, since each uses some of them:
// an in-memory cache that records its calls, temporary directories, and small helpers.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

namespace fs = std::filesystem;
using Binary = std::vector<std::uint8_t>;

// An in-memory cache that records every call, in order.
class MemoryCache : public gpusort::ProgramCache {
 public:
  struct Entry {
    Binary binary;
    std::uint32_t format = 0;
  };

  bool load(const std::string& key, Binary& binary, std::uint32_t& format) override {
    asked.push_back(key);
    const auto entry = entries.find(key);
    if (entry == entries.end()) return false;
    found.push_back(key);
    binary = entry->second.binary;
    format = entry->second.format;
    return true;
  }

  void store(const std::string& key, const Binary& binary, std::uint32_t format) override {
    stored.push_back(key);
    entries[key] = Entry{binary, format};
  }

  void forget_calls() {
    asked.clear();
    found.clear();
    stored.clear();
  }

  std::map<std::string, Entry> entries;
  std::vector<std::string> asked, found, stored;
};

// The formats glProgramBinary accepts here, and a line in the log saying which half of the
// contract the test checks.
inline std::vector<GLint> binary_formats_for(const char* test) {
  const std::vector<GLint> formats = gpusort::detail::program_binary_formats();
  std::printf("%s: the driver offers %zu program binary format(s): %s\n", test, formats.size(),
              formats.empty() ? "checking that the cache is never asked" : "checking binaries through the cache");
  return formats;
}

inline std::vector<std::string> sorted(std::vector<std::string> keys) {
  std::sort(keys.begin(), keys.end());
  return keys;
}

// A fresh directory under the system's temporary directory, removed again at the end.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    static std::atomic<int> counter{0};
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    path_ = fs::temp_directory_path() /
            ("gpusort-program-cache-test-" + std::to_string(std::random_device{}()) + "-" + std::to_string(now) + "-" +
             std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TemporaryDirectory() {
    std::error_code error;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, error);
    fs::remove_all(path_, error);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

inline std::vector<std::string> file_names(const fs::path& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

inline Binary pattern(std::size_t size, std::uint8_t start) {
  Binary bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(start + i * 7);
  return bytes;
}

using KeySorter = gpusort::BitonicSorter<std::uint32_t>;

// Sorters whose sorts_keys() needs only the programs their constructor builds: on GPUs that
// count would otherwise also build the fused-pass program on first use
// (BitonicTuning::fused_passes_max_count), which the tests below do not count.
inline gpusort::BitonicTuning constructor_programs_only() {
  gpusort::BitonicTuning tuning = test_tuning();
  tuning.fused_passes_max_count = gpusort::BitonicTuning::never;
  return tuning;
}

inline ::testing::AssertionResult sorts_keys(KeySorter& sorter, std::uint32_t seed) {
  const auto input = make_keys<std::uint32_t>(Distribution::random, 3 * sorter.tuning().tile_size + 5, seed);
  auto keys = input;
  sorter.sort(keys);
  if (auto ok = no_gl_error("sort(vector)"); !ok) return ok;
  return same_bits(keys, expected_sorted(input, gpusort::Order::ascending));
}

// std::stable_sort of (key, value) pairs by key: the oracle of a stable sort.
inline void stable_sorted(std::vector<std::uint32_t>& keys, std::vector<std::uint32_t>& values) {
  std::vector<std::size_t> order(keys.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  std::vector<std::uint32_t> sorted_keys, sorted_values;
  for (std::size_t i : order) {
    sorted_keys.push_back(keys[i]);
    sorted_values.push_back(values[i]);
  }
  keys = sorted_keys;
  values = sorted_values;
}

using PairSorter = gpusort::BitonicSorter<std::uint32_t, std::uint32_t>;

// Runs every program a key-value sorter has, checking each result: the tile and global
// programs (more than one tile), the stable programs and the permute program (a stable
// sort), the dispatch-arguments program (sort_indirect).
inline ::testing::AssertionResult sorts_through_every_program(PairSorter& sorter, std::uint32_t seed) {
  const std::size_t count = 3 * sorter.tuning().tile_size + 5;
  const auto input_keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, seed);
  const auto input_values = make_values(count, seed + 1);

  auto keys = input_keys;
  auto values = input_values;
  sorter.sort(keys, values);
  if (auto ok = no_gl_error("sort(vector, vector)"); !ok) return ok;
  if (auto ok = sorted_pairs_ok(input_keys, input_values, keys, values, gpusort::Order::ascending); !ok) {
    return ok << "\n  (unstable host sort)";
  }

  keys = input_keys;
  values = input_values;
  sorter.sort(keys, values, gpusort::Order::ascending, gpusort::Stability::stable);
  if (auto ok = no_gl_error("stable sort"); !ok) return ok;
  auto want_keys = input_keys;
  auto want_values = input_values;
  stable_sorted(want_keys, want_values);
  if (keys != want_keys || values != want_values) {
    return ::testing::AssertionFailure() << "the stable sort differs from std::stable_sort";
  }

  GlBuffer key_buffer(to_bytes(input_keys));
  GlBuffer value_buffer(to_bytes(input_values));
  GlBuffer counts(to_bytes(std::vector<std::uint32_t>{static_cast<std::uint32_t>(count)}));
  sorter.sort_indirect(key_buffer.name(), value_buffer.name(), counts.name(), 0, count);
  if (auto ok = no_gl_error("sort_indirect"); !ok) return ok;
  if (auto ok = sorted_pairs_ok(input_keys, input_values, from_bytes<std::uint32_t>(key_buffer.read(), 0, count),
                                from_bytes<std::uint32_t>(value_buffer.read(), 0, count), gpusort::Order::ascending);
      !ok) {
    return ok << "\n  (sort_indirect)";
  }
  return ::testing::AssertionSuccess();
}

// Counts the calls of glProgramBinary while alive, by swapping glad's pointer (restored after).
class ProgramBinaryCalls {
 public:
  ProgramBinaryCalls() : saved_(glad_glProgramBinary) {
    forward_ = saved_;
    count_ = 0;
    glad_glProgramBinary = &counting;
  }
  ~ProgramBinaryCalls() { glad_glProgramBinary = saved_; }
  ProgramBinaryCalls(const ProgramBinaryCalls&) = delete;
  ProgramBinaryCalls& operator=(const ProgramBinaryCalls&) = delete;
  int count() const { return count_; }

 private:
  static void GLAD_API_PTR counting(GLuint program, GLenum format, const void* binary, GLsizei length) {
    ++count_;
    forward_(program, format, binary, length);
  }
  static inline int count_ = 0;
  static inline PFNGLPROGRAMBINARYPROC forward_ = nullptr;
  PFNGLPROGRAMBINARYPROC saved_;
};

}  // namespace
}  // namespace gpusort_test
