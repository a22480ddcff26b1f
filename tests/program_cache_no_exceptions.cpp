// FileProgramCache built without exceptions (-fno-exceptions, like gpusort_no_exceptions): no
// cache file, whatever its header claims, makes it allocate more than a bounded entry, abort or
// terminate. Each file is a miss, and the largest allocation of each load is checked through a
// replaced operator new: a header that claims 1 TiB in a (sparse) file that long used to be
// allocated, which without exceptions ends the process in std::terminate.
//
//   gpusort_program_cache_no_exceptions   (exit status 0: every check held)

#include <gpusort/program_cache.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <random>
#include <string>
#include <vector>

namespace {

// The largest allocation since reset; an allocation over the limit is reported and refused
// here, where the test can still say so (operator new cannot return null, nor throw here).
std::size_t largest_allocation = 0;
constexpr std::size_t allocation_limit = std::size_t{1} << 30;

// Out of line, so that GCC does not pair the free() below with the operator new that the
// standard library's containers call (-Wmismatched-new-delete).
[[gnu::noinline]] void* take(std::size_t size) { return std::malloc(size > 0 ? size : 1); }
[[gnu::noinline]] void give_back(void* memory) { std::free(memory); }

}  // namespace

void* operator new(std::size_t size) {
  if (size > largest_allocation) largest_allocation = size;
  if (size > allocation_limit) {
    std::fprintf(stderr, "FAIL: an allocation of %zu bytes\n", size);
    std::fflush(stderr);
    std::_Exit(1);
  }
  void* memory = take(size);
  if (memory == nullptr) std::_Exit(2);
  return memory;
}
void operator delete(void* memory) noexcept { give_back(memory); }
void operator delete(void* memory, std::size_t) noexcept { give_back(memory); }

namespace {

namespace fs = std::filesystem;
int failures = 0;

void check(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
  }
}

// Loads `key` expecting a miss that allocated no more than `bound` bytes at once.
void expect_small_miss(gpusort::FileProgramCache& cache, const std::string& key, const std::string& what,
                       std::size_t bound = std::size_t{1} << 20) {
  std::vector<std::uint8_t> binary;
  std::uint32_t format = 0;
  largest_allocation = 0;
  const bool hit = cache.load(key, binary, format);
  check(!hit, what + ": a hit");
  check(largest_allocation <= bound, what + ": allocated " + std::to_string(largest_allocation) + " bytes at once");
}

}  // namespace

int main() {
  std::error_code error;
  const fs::path directory = fs::temp_directory_path() / ("gpusort-cache-no-exceptions-" + std::to_string(std::random_device{}()));
  gpusort::FileProgramCache cache(directory / "cache");
  const std::string key = "local_sort-00112233445566778899aabbccddeeff";
  const std::vector<std::uint8_t> payload(1000, 0x42);
  std::vector<std::uint8_t> loaded;
  std::uint32_t format = 0;

  cache.store(key, payload, 3);
  check(cache.load(key, loaded, format) && loaded == payload && format == 3u, "the stored entry loads");
  const fs::path file = cache.entry_path(key);
  const std::uintmax_t size = fs::file_size(file, error);
  check(!error, "the entry has a size");

  // The payload length at byte 16 claims `claimed`; `sparse`: the file as long as it claims.
  struct Claim {
    std::uint64_t bytes;
    bool sparse;
  };
  for (const Claim claim : {Claim{std::uint64_t{1} << 28, true}, Claim{std::uint64_t{1} << 40, true},
                            Claim{std::uint64_t{1} << 40, false}, Claim{std::uint64_t{1} << 63, false},
                            Claim{~std::uint64_t{0}, false}}) {
    cache.store(key, payload, 3);
    {
      std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
      out.seekp(16);
      out.write(reinterpret_cast<const char*>(&claim.bytes), 8);
    }
    if (claim.sparse) fs::resize_file(file, size - payload.size() + claim.bytes, error);
    const std::string what = "a header claiming " + std::to_string(claim.bytes) + " bytes" +
                             (claim.sparse ? " in a file that long" : "");
    if (claim.sparse && error) {
      std::printf("skipped (the file system made no sparse file): %s\n", what.c_str());
      continue;
    }
    expect_small_miss(cache, key, what);
  }

  // Every byte of a small entry's file set to each of a few values, and random files.
  cache.store(key, payload, 3);
  std::vector<char> original(static_cast<std::size_t>(size));
  std::ifstream(file, std::ios::binary).read(original.data(), static_cast<std::streamsize>(original.size()));
  for (std::size_t at = 0; at < 64 && at < original.size(); ++at) {
    for (int value : {0x00, 0x7F, 0xFF}) {
      std::vector<char> bytes = original;
      if (static_cast<unsigned char>(bytes[at]) == value) continue;
      bytes[at] = static_cast<char>(value);
      std::ofstream(file, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      expect_small_miss(cache, key, "byte " + std::to_string(at) + " set to " + std::to_string(value));
    }
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    std::vector<char> bytes(static_cast<std::size_t>(rng() % 2000));
    for (char& byte : bytes) byte = static_cast<char>(rng());
    if (i % 2 == 0 && bytes.size() >= 8) std::copy(original.begin(), original.begin() + 8, bytes.begin());
    std::ofstream(file, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    expect_small_miss(cache, key, "random file " + std::to_string(i));
  }

  // An unusable directory only misses and drops.
  gpusort::FileProgramCache under_a_file(file / "cache");
  under_a_file.store(key, payload, 3);
  expect_small_miss(under_a_file, key, "a directory under a file");

  fs::remove_all(directory, error);
  if (failures == 0) std::printf("FileProgramCache without exceptions: every check held\n");
  return failures == 0 ? 0 : 1;
}
