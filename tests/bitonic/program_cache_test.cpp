// gpusort::ProgramCache: a sorter built with a cache loads what an earlier sorter stored,
// compiles again (and leaves no GL error) when a stored binary is damaged, and sorts the
// same either way; FileProgramCache round-trips entries and only ever misses on bad
// directories and files.
//
// Where the driver offers no program binary formats (Mesa while MESA_SHADER_CACHE_DISABLE
// is set: ctest runs this group that way too, as gpusort_tests.program_cache.no_binary_formats)
// the sorter tests check the other half of the contract instead: the cache is never asked
// and sorting is unchanged. Each test prints which case it checked.

#include <gmock/gmock.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "bitonic/program_cache_support.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

bool has_duplicates(std::vector<std::string> keys) {
  keys = sorted(keys);
  return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

class ProgramCacheSorter : public GlTest {};

TEST_F(ProgramCacheSorter, SecondSorterLoadsEveryProgramTheFirstStored) {
  const auto formats = binary_formats_for("SecondSorterLoadsEveryProgramTheFirstStored");
  MemoryCache cache;
  PairSorter built(test_tuning(), &cache);
  ASSERT_TRUE(no_gl_error("constructor with a cache"));
  const std::vector<std::string> built_in_constructor = cache.stored;
  // Moved before the programs built on first use: they must still reach the cache.
  PairSorter first = std::move(built);
  EXPECT_TRUE(sorts_through_every_program(first, 1));

  if (formats.empty()) {
    // Every program a key-value sorter has was built by now.
    EXPECT_THAT(cache.asked, ::testing::IsEmpty());
    EXPECT_THAT(cache.stored, ::testing::IsEmpty());
    return;
  }

  // Every program was asked for first, missed, was compiled and stored, once.
  EXPECT_FALSE(built_in_constructor.empty());
  EXPECT_GT(cache.stored.size(), built_in_constructor.size()) << "programs built on first use skipped the cache";
  EXPECT_EQ(sorted(cache.asked), sorted(cache.stored));
  EXPECT_THAT(cache.found, ::testing::IsEmpty());
  EXPECT_FALSE(has_duplicates(cache.stored));
  // Each kind of program, the stable pair included, went through the cache.
  const auto built_of = [&](const std::string& kernel) {
    return std::count_if(cache.stored.begin(), cache.stored.end(),
                         [&](const std::string& key) { return key.rfind(kernel + "-", 0) == 0; });
  };
  EXPECT_GE(built_of("local_sort"), 2);
  EXPECT_EQ(built_of("global_steps"), 2);
  EXPECT_EQ(built_of("permute"), 1);
  EXPECT_EQ(built_of("dispatch_args"), 1);
  for (const auto& entry : cache.entries) {
    EXPECT_FALSE(entry.second.binary.empty()) << entry.first;
    EXPECT_THAT(formats, ::testing::Contains(static_cast<GLint>(entry.second.format))) << entry.first;
    EXPECT_TRUE(gpusort::FileProgramCache::valid_key(entry.first)) << entry.first;
  }
  const std::vector<std::string> all_programs = cache.stored;

  cache.forget_calls();
  PairSorter second(test_tuning(), &cache);
  ASSERT_TRUE(no_gl_error("constructor loading binaries"));
  EXPECT_EQ(sorted(cache.found), sorted(built_in_constructor));
  EXPECT_TRUE(sorts_through_every_program(second, 2));
  // Loaded, all of them, and none compiled again (a rejected binary would be stored anew).
  EXPECT_EQ(sorted(cache.found), sorted(all_programs));
  EXPECT_THAT(cache.stored, ::testing::IsEmpty());
}

TEST_F(ProgramCacheSorter, DamagedBinariesAreCompiledAgain) {
  const auto formats = binary_formats_for("DamagedBinariesAreCompiledAgain");
  MemoryCache good;
  { KeySorter reference(constructor_programs_only(), &good); }
  if (formats.empty()) {
    // Nothing is asked, so not even a damaged entry reaches the driver.
    MemoryCache damaged;
    damaged.entries["local_sort-0000000000000000"] = {Binary(64, 0xAB), 0x875F};
    KeySorter sorter(constructor_programs_only(), &damaged);
    EXPECT_TRUE(sorts_keys(sorter, 3));
    EXPECT_THAT(good.asked, ::testing::IsEmpty());
    EXPECT_THAT(damaged.asked, ::testing::IsEmpty());
    return;
  }
  ASSERT_FALSE(good.entries.empty());

  struct Damage {
    const char* name;
    void (*apply)(MemoryCache::Entry&);
  };
  const Damage damages[] = {
      {"random bytes", [](MemoryCache::Entry& e) {
         std::mt19937 rng(5);
         for (auto& byte : e.binary) byte = static_cast<std::uint8_t>(rng());
       }},
      {"truncated to half", [](MemoryCache::Entry& e) { e.binary.resize(e.binary.size() / 2); }},
      // glProgramBinary would raise GL_INVALID_ENUM for it; the sorter must not pass it on.
      {"a format the driver does not offer", [](MemoryCache::Entry& e) { e.format = 0xDEADBEEFu; }},
      {"empty", [](MemoryCache::Entry& e) { e.binary.clear(); }},
  };
  std::uint32_t seed = 10;
  for (const Damage& damage : damages) {
    SCOPED_TRACE(damage.name);
    MemoryCache cache;
    cache.entries = good.entries;
    for (auto& entry : cache.entries) damage.apply(entry.second);
    const auto damaged_entries = cache.entries;
    {
      KeySorter sorter(constructor_programs_only(), &cache);
      EXPECT_TRUE(no_gl_error("constructor given damaged binaries"));
      EXPECT_TRUE(sorts_keys(sorter, ++seed));
    }
    // Each was offered, refused, compiled and stored again in place of the damaged one.
    EXPECT_EQ(sorted(cache.found), sorted(cache.asked));
    EXPECT_EQ(sorted(cache.stored), sorted(cache.asked));
    for (const auto& entry : cache.entries) {
      const auto& before = damaged_entries.at(entry.first);
      EXPECT_TRUE(entry.second.binary != before.binary || entry.second.format != before.format) << entry.first;
    }
    // What was stored in their place loads.
    cache.forget_calls();
    KeySorter repaired(constructor_programs_only(), &cache);
    EXPECT_TRUE(no_gl_error("constructor after the repair"));
    EXPECT_EQ(sorted(cache.found), sorted(cache.asked));
    EXPECT_THAT(cache.stored, ::testing::IsEmpty());
    EXPECT_TRUE(sorts_keys(repaired, ++seed));
  }
}

TEST_F(ProgramCacheSorter, AnotherTuningDoesNotGetTheTileProgram) {
  const auto formats = binary_formats_for("AnotherTuningDoesNotGetTheTileProgram");
  MemoryCache cache;
  KeySorter wide(constructor_programs_only(), &cache);
  gpusort::BitonicTuning narrow_tuning = constructor_programs_only();
  narrow_tuning.tile_size = wide.tuning().tile_size / 2;
  // Counts up to the wide tile then take one dispatch of a tile program built on first use.
  narrow_tuning.single_dispatch_tile = wide.tuning().tile_size;
  cache.forget_calls();
  KeySorter narrow(narrow_tuning, &cache);
  // What the constructor built: its tile program and the global program.
  const std::vector<std::string> found = cache.found;
  const std::vector<std::string> stored = cache.stored;
  const std::size_t asked_by_constructor = cache.asked.size();
  EXPECT_TRUE(sorts_keys(narrow, 20));
  auto single_tile_input = make_keys<std::uint32_t>(Distribution::random, narrow_tuning.tile_size + 1, 21);
  auto single_tile_keys = single_tile_input;
  narrow.sort(single_tile_keys);
  EXPECT_TRUE(same_bits(single_tile_keys, expected_sorted(single_tile_input, gpusort::Order::ascending)));
  if (formats.empty()) {
    EXPECT_THAT(cache.asked, ::testing::IsEmpty());
    return;
  }
  // Its tile program has another TILE_LOG2, so another key: the wide tile's binary would
  // sort wrongly.
  for (const std::string& key : found) EXPECT_THAT(key, ::testing::Not(::testing::StartsWith("local_sort-")));
  EXPECT_THAT(stored, ::testing::Contains(::testing::StartsWith("local_sort-")));
  // The single-dispatch tile program, built on first use, went through the cache too.
  ASSERT_EQ(cache.asked.size(), asked_by_constructor + 1);
  EXPECT_THAT(cache.asked.back(), ::testing::StartsWith("local_sort-"));
}

TEST_F(ProgramCacheSorter, KeysNameTheKernelAndHashTheWholeSource) {
  const gpusort::detail::ProgramSource a{"local_sort", {"#version 430 core\n", "void main() {}\n"}};
  const gpusort::detail::ProgramSource b{"local_sort", {"#version 430 core\n", "void main() { }\n"}};
  const std::string key = gpusort::detail::program_cache_key(a);
  // No regex: GoogleTest's own on Windows has no [...] and no {n}.
  const std::string prefix = "local_sort-";
  ASSERT_EQ(key.size(), prefix.size() + 32) << key;
  EXPECT_EQ(key.compare(0, prefix.size(), prefix), 0) << key;
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef", prefix.size()), std::string::npos) << key;
  EXPECT_EQ(key, gpusort::detail::program_cache_key(a));
  EXPECT_NE(key, gpusort::detail::program_cache_key(b));
  EXPECT_TRUE(gpusort::FileProgramCache::valid_key(key));
}

// Counts loads that found something, in front of a FileProgramCache.
class CountingFileCache : public gpusort::ProgramCache {
 public:
  explicit CountingFileCache(const fs::path& directory) : files(directory) {}
  bool load(const std::string& key, Binary& binary, std::uint32_t& format) override {
    const bool hit = files.load(key, binary, format);
    hits += hit ? 1 : 0;
    return hit;
  }
  void store(const std::string& key, const Binary& binary, std::uint32_t format) override {
    ++stores;
    files.store(key, binary, format);
  }
  gpusort::FileProgramCache files;
  int hits = 0;
  int stores = 0;
};

// A FileProgramCache sorter writes one file per program (creating the directory); a second
// sorter (a later run, as far as the cache can tell) loads them all.
TEST_F(ProgramCacheSorter, FileCacheServesASecondSorter) {
  const auto formats = binary_formats_for("FileCacheServesASecondSorter");
  TemporaryDirectory directory;
  const fs::path cache_path = directory.path() / "not" / "yet" / "there";
  CountingFileCache first_run(cache_path);
  {
    KeySorter sorter(test_tuning(), &first_run);
    EXPECT_TRUE(sorts_keys(sorter, 30));
  }
  CountingFileCache second_run(cache_path);
  KeySorter sorter(test_tuning(), &second_run);
  EXPECT_TRUE(sorts_keys(sorter, 31));
  if (formats.empty()) {
    EXPECT_EQ(first_run.stores + second_run.stores + second_run.hits, 0);
    EXPECT_FALSE(fs::exists(cache_path));
    return;
  }
  ASSERT_GT(first_run.stores, 0);
  EXPECT_EQ(first_run.hits, 0);
  ASSERT_TRUE(fs::is_directory(cache_path));
  EXPECT_EQ(file_names(cache_path).size(), static_cast<std::size_t>(first_run.stores));
  EXPECT_EQ(second_run.hits, first_run.stores);
  EXPECT_EQ(second_run.stores, 0);
}

TEST(ProgramCacheFile, RoundTripsEntriesAndLeavesNoTemporaryFiles) {
  TemporaryDirectory directory;
  gpusort::FileProgramCache cache(directory.path());
  Binary binary;
  std::uint32_t format = 0;
  EXPECT_FALSE(cache.load("local_sort-0123456789abcdef", binary, format));

  const Binary first = pattern(5000, 1);
  cache.store("local_sort-0123456789abcdef", first, 0x875F);
  ASSERT_TRUE(cache.load("local_sort-0123456789abcdef", binary, format));
  EXPECT_EQ(binary, first);
  EXPECT_EQ(format, 0x875Fu);
  EXPECT_FALSE(cache.load("global_steps-0123456789abcdef", binary, format));

  // A second store replaces the entry (a binary the driver rejected, compiled again).
  const Binary second = pattern(300, 9);
  cache.store("local_sort-0123456789abcdef", second, 0x1234);
  ASSERT_TRUE(cache.load("local_sort-0123456789abcdef", binary, format));
  EXPECT_EQ(binary, second);
  EXPECT_EQ(format, 0x1234u);

  cache.store("empty", Binary(), 7);
  ASSERT_TRUE(cache.load("empty", binary, format));
  EXPECT_TRUE(binary.empty());
  EXPECT_EQ(format, 7u);

  EXPECT_THAT(file_names(directory.path()), ::testing::ElementsAre("empty.bin", "local_sort-0123456789abcdef.bin"));
}

TEST(ProgramCacheFile, DamagedFilesAreMisses) {
  TemporaryDirectory directory;
  gpusort::FileProgramCache cache(directory.path());
  const std::string key = "global_steps-00000000000000ff";
  const Binary binary = pattern(1000, 3);
  const fs::path file = cache.entry_path(key);
  const auto rewrite = [&](const std::function<void(std::vector<char>&)>& damage) {
    cache.store(key, binary, 1);
    std::vector<char> bytes;
    {
      std::ifstream in(file, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    damage(bytes);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  };
  Binary loaded;
  std::uint32_t format = 0;
  rewrite([](std::vector<char>&) {});
  ASSERT_TRUE(cache.load(key, loaded, format)) << "the undamaged file must load, or the cases below prove nothing";

  rewrite([](std::vector<char>& bytes) { bytes.pop_back(); });
  EXPECT_FALSE(cache.load(key, loaded, format)) << "truncated";
  rewrite([](std::vector<char>& bytes) { bytes.push_back('x'); });
  EXPECT_FALSE(cache.load(key, loaded, format)) << "longer than its header says";
  rewrite([](std::vector<char>& bytes) { bytes[bytes.size() - 10] ^= 0x10; });
  EXPECT_FALSE(cache.load(key, loaded, format)) << "a flipped bit in the binary";
  rewrite([](std::vector<char>& bytes) { bytes[0] = 'X'; });
  EXPECT_FALSE(cache.load(key, loaded, format)) << "another file's magic";
  rewrite([](std::vector<char>& bytes) { bytes.resize(10); });
  EXPECT_FALSE(cache.load(key, loaded, format)) << "shorter than a header";
}

TEST(ProgramCacheFile, UnusableDirectoriesOnlyMiss) {
  TemporaryDirectory directory;
  const fs::path regular_file = directory.path() / "a-file";
  std::ofstream(regular_file) << "not a directory";
  Binary binary;
  std::uint32_t format = 0;
  // A directory that cannot be created (its parent is a file), and a "directory" that is a
  // file: root ignores permission bits, so a read-only directory would prove nothing here.
  for (const fs::path& path : {regular_file / "cache", regular_file}) {
    SCOPED_TRACE(path.string());
    gpusort::FileProgramCache cache(path);
    EXPECT_NO_THROW(EXPECT_FALSE(cache.load("local_sort-0123456789abcdef", binary, format)));
    EXPECT_NO_THROW(cache.store("local_sort-0123456789abcdef", pattern(100, 0), 1));
    EXPECT_NO_THROW(EXPECT_FALSE(cache.load("local_sort-0123456789abcdef", binary, format)));
  }
  EXPECT_THAT(file_names(directory.path()), ::testing::ElementsAre("a-file"));
}

TEST(ProgramCacheFile, KeysThatCouldNameOtherFilesAreRefused) {
  TemporaryDirectory directory;
  gpusort::FileProgramCache cache(directory.path() / "cache");
  Binary binary;
  std::uint32_t format = 0;
  for (const std::string& key : std::vector<std::string>{"../escape", "a/b", "", ".hidden", std::string(201, 'k')}) {
    cache.store(key, pattern(10, 0), 1);
    EXPECT_FALSE(cache.load(key, binary, format)) << key;
    EXPECT_FALSE(gpusort::FileProgramCache::valid_key(key)) << key;
  }
  EXPECT_THAT(file_names(directory.path()), ::testing::IsEmpty());
}

}  // namespace
}  // namespace gpusort_test
