// What a ProgramCache hands back cannot hurt: a damaged entry, or another program's valid one
// under a key, never reaches glProgramBinary (NVIDIA's driver crashes on some), whatever cache
// returns it; the caller's pending GL error survives such an entry; a program built twice in a
// batch is one entry; every entry a fresh FileProgramCache is given loads again. FileProgramCache
// misses, without reading or allocating, a file whose header claims a huge payload, and one
// copied under another key; its temporary files carry the process id, stale ones are removed
// (and nothing else), and the directories it creates are private to the user.
//
// These tests use only the interfaces gpusort had before the entries were bound to their keys,
// so that they also build, and fail, against that code.

#include <gmock/gmock.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#ifdef __linux__
#include <sys/inotify.h>
#endif
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "bitonic/program_cache_support.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

class ProgramCacheEntries : public GlTest {};

// The entries a constructor_programs_only() sorter stores; empty where the driver offers no
// binary formats (the test then checks that no cache is asked).
MemoryCache entries_of_a_sorter() {
  MemoryCache cache;
  { KeySorter reference(constructor_programs_only(), &cache); }
  return cache;
}

// Builds a sorter from `cache` and checks that it sorts, leaves no GL error, made `calls` calls
// of glProgramBinary, and stored again every entry it was asked for.
void expect_built_from(MemoryCache& cache, int calls, std::uint32_t seed) {
  cache.forget_calls();
  ProgramBinaryCalls counted;
  {
    KeySorter sorter(constructor_programs_only(), &cache);
    EXPECT_TRUE(no_gl_error("constructor"));
    EXPECT_TRUE(sorts_keys(sorter, seed));
  }
  EXPECT_EQ(counted.count(), calls) << "calls of glProgramBinary";
  if (calls == 0) {
    EXPECT_EQ(sorted(cache.stored), sorted(cache.asked)) << "each program compiled and stored anew";
  }
}

TEST_F(ProgramCacheEntries, DamagedPayloadNeverReachesTheDriver) {
  const auto formats = binary_formats_for("DamagedPayloadNeverReachesTheDriver");
  MemoryCache good = entries_of_a_sorter();
  if (formats.empty()) {
    EXPECT_THAT(good.asked, ::testing::IsEmpty());
    return;
  }
  ASSERT_FALSE(good.entries.empty());
  {
    SCOPED_TRACE("undamaged: each entry reaches the driver, or the count below proves nothing");
    MemoryCache cache = good;
    expect_built_from(cache, static_cast<int>(good.entries.size()), 40);
  }
  // One bit flipped halfway through each entry: inside the driver's binary however an entry wraps
  // it. A cache whose own checksum was recomputed after the damage hands back exactly this.
  for (std::size_t at : {std::size_t{2}, std::size_t{3}}) {
    SCOPED_TRACE("flipped at 1/" + std::to_string(at));
    MemoryCache cache = good;
    for (auto& entry : cache.entries) entry.second.binary[entry.second.binary.size() / at] ^= 0x10;
    expect_built_from(cache, 0, 41);
  }
}

TEST_F(ProgramCacheEntries, AnotherProgramsEntryUnderAKeyNeverReachesTheDriver) {
  const auto formats = binary_formats_for("AnotherProgramsEntryUnderAKeyNeverReachesTheDriver");
  MemoryCache good = entries_of_a_sorter();
  if (formats.empty()) return;
  ASSERT_GE(good.entries.size(), 2u) << "the constructor builds the tile and the global program";
  // Each key gets the next key's entry, valid as it stands: the tile program the global one's.
  MemoryCache cache = good;
  auto next = good.entries.begin();
  for (auto& entry : cache.entries) {
    if (++next == good.entries.end()) next = good.entries.begin();
    entry.second = next->second;
  }
  expect_built_from(cache, 0, 42);
}

// A pending error of the caller is left alone by a sorter given damaged entries: gpusort raises
// none then, so it must consume none.
TEST_F(ProgramCacheEntries, DamagedEntriesLeaveTheCallersPendingErrorAlone) {
  const auto formats = binary_formats_for("DamagedEntriesLeaveTheCallersPendingErrorAlone");
  MemoryCache good = entries_of_a_sorter();
  MemoryCache damaged = good;
  std::mt19937 rng(43);
  for (auto& entry : damaged.entries) {
    for (auto& byte : entry.second.binary) byte = static_cast<std::uint8_t>(rng());
  }
  MemoryCache empty;
  for (MemoryCache* cache : {&empty, &damaged}) {
    SCOPED_TRACE(cache == &empty ? "nothing cached" : "damaged entries");
    // The deliberate error stays out of the debug output that GPUSORT_TEST_GL_DEBUG=1 fails on.
    const GLboolean debug_output = glIsEnabled(GL_DEBUG_OUTPUT);
    if (debug_output) glDisable(GL_DEBUG_OUTPUT);
    glEnable(GLenum(0xFFFFu));  // GL_INVALID_ENUM, left pending
    GLenum pending = GL_NO_ERROR;
    {
      KeySorter sorter(constructor_programs_only(), cache);
      pending = glGetError();
      if (debug_output) glEnable(GL_DEBUG_OUTPUT);
      EXPECT_EQ(pending, static_cast<GLenum>(GL_INVALID_ENUM)) << "the caller's error was consumed";
      EXPECT_TRUE(no_gl_error("after the caller's error was read"));
      EXPECT_TRUE(sorts_keys(sorter, 44));
    }
  }
  if (!formats.empty()) {
    EXPECT_FALSE(damaged.found.empty()) << "the damaged entries were never offered";
  }
}

// The GLSL version line of the current context.
std::string version_line() {
  const char* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const bool es = version != nullptr && std::strncmp(version, "OpenGL ES", 9) == 0;
  return es ? "#version 310 es\n" : "#version 430 core\n";
}

// Two programs of one batch with the same kernel and source have one key: each is built, the
// entry stored once. Another kernel name with the same source is another entry.
TEST_F(ProgramCacheEntries, OneProgramTwiceInABatchIsStoredOnce) {
  const auto formats = binary_formats_for("OneProgramTwiceInABatchIsStoredOnce");
  const std::string source = version_line() +
                             "layout(local_size_x = 1) in;\n"
                             "layout(std430, binding = 0) buffer Words { uint words[]; };\n"
                             "void main() { words[0] = 7u; }\n";
  const gpusort::detail::ProgramSource twice{"cache_test_twice", {source}};
  const gpusort::detail::ProgramSource renamed{"cache_test_renamed", {source}};
  MemoryCache cache;
  std::vector<gpusort::detail::GlProgram> built;
  const gpusort::detail::Status status = gpusort::detail::build_compute_programs({twice, renamed, twice}, &cache, built);
  ASSERT_TRUE(static_cast<bool>(status)) << status.message();
  ASSERT_EQ(built.size(), 3u);
  EXPECT_NE(built[0].name(), 0u);
  EXPECT_NE(built[2].name(), 0u);
  EXPECT_NE(built[0].name(), built[2].name());
  EXPECT_TRUE(no_gl_error("building the batch"));
  if (formats.empty()) {
    EXPECT_THAT(cache.stored, ::testing::IsEmpty());
    return;
  }
  EXPECT_EQ(cache.stored, (std::vector<std::string>{gpusort::detail::program_cache_key(twice),
                                                     gpusort::detail::program_cache_key(renamed)}));
}

// A FileProgramCache that records every store() call, and counts the loads that found something.
class RecordingFileCache : public gpusort::ProgramCache {
 public:
  explicit RecordingFileCache(const fs::path& directory) : files(directory) {}
  bool load(const std::string& key, Binary& binary, std::uint32_t& format) override {
    const bool hit = files.load(key, binary, format);
    hits += hit ? 1 : 0;
    return hit;
  }
  void store(const std::string& key, const Binary& binary, std::uint32_t format) override {
    stored.push_back(key);
    files.store(key, binary, format);
    if (!fs::exists(files.entry_path(key))) lost.push_back(key);
  }
  gpusort::FileProgramCache files;
  std::vector<std::string> stored, lost;
  int hits = 0;
};

// Builds the programs of the three classes that their sorts here need, through `cache`.
void sort_with_every_class(gpusort::ProgramCache& cache, std::uint32_t seed) {
  PairSorter pairs(test_tuning(), &cache);
  EXPECT_TRUE(sorts_through_every_program(pairs, seed));
  gpusort::RadixSorter<std::uint32_t, std::uint32_t> radix(gpusort::RadixTuning{}, &cache, test_device_facts());
  gpusort::Sorter<float> front(gpusort::SorterTuning{}, &cache, test_device_facts());
  const auto input_keys = make_keys<std::uint32_t>(Distribution::random, 5000, seed + 1);
  const auto input_values = make_values(5000, seed + 2);
  auto keys = input_keys;
  auto values = input_values;
  radix.sort(keys, values);
  EXPECT_TRUE(sorted_pairs_ok(input_keys, input_values, keys, values, gpusort::Order::ascending));
  const auto input_floats = make_keys<float>(Distribution::random, 5000, seed + 3);
  auto floats = input_floats;
  front.sort(floats);
  EXPECT_TRUE(same_bits(floats, expected_sorted(input_floats, gpusort::Order::ascending)));
  EXPECT_TRUE(no_gl_error("sorts through every class"));
}

// Every program compiled with a fresh FileProgramCache is stored once, under its own key, in a
// file that a later run loads: nothing is rebuilt on the next start.
TEST_F(ProgramCacheEntries, EveryEntryAFreshFileCacheIsGivenLoadsAgain) {
  const auto formats = binary_formats_for("EveryEntryAFreshFileCacheIsGivenLoadsAgain");
  TemporaryDirectory directory;
  RecordingFileCache first_run(directory.path() / "cache");
  sort_with_every_class(first_run, 50);
  RecordingFileCache second_run(directory.path() / "cache");
  sort_with_every_class(second_run, 60);
  if (formats.empty()) {
    EXPECT_THAT(first_run.stored, ::testing::IsEmpty());
    return;
  }
  EXPECT_THAT(first_run.lost, ::testing::IsEmpty());
  const std::vector<std::string> keys = sorted(first_run.stored);
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end()) << "a key stored twice";
  EXPECT_EQ(file_names(directory.path() / "cache").size(), first_run.stored.size());
  // A program two sorters build (the same kernel and source) has one key: the first to build
  // it stores it and the second loads it, in both runs. (On the H200, 17 keys stored and 18
  // loads on the second run: one program shared, as "15 stored 14" there most likely was.)
  EXPECT_EQ(second_run.hits, static_cast<int>(first_run.stored.size()) + first_run.hits);
  EXPECT_THAT(second_run.stored, ::testing::IsEmpty()) << "compiled again on the second run";
}

// Rewrites the u64 at byte 16 of `file` (the payload length in every layout so far) and makes
// the file as long as that claims where `sparse` (no disk is used); false where the file system
// cannot make a file that long.
bool claim_payload(const fs::path& file, std::uint64_t claimed, std::uint64_t real_payload, bool sparse) {
  const std::uint64_t size = fs::file_size(file);
  {
    std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
    out.seekp(16);
    out.write(reinterpret_cast<const char*>(&claimed), 8);
  }
  std::error_code error;
  if (sparse) fs::resize_file(file, size - real_payload + claimed, error);
  return !error;
}

TEST(ProgramCacheFile, HugeLengthClaimsMissWithoutReadingThePayload) {
  TemporaryDirectory directory;
  gpusort::FileProgramCache cache(directory.path());
  const std::string key = "local_sort-00112233445566778899aabbccddeeff";
  const Binary binary = pattern(1000, 5);
  struct Claim {
    std::uint64_t bytes;
    bool sparse;  // the file as long as the header claims: only a bound stops the read
  };
  for (const Claim claim : {Claim{std::uint64_t{1} << 28, true}, Claim{std::uint64_t{1} << 40, true},
                            Claim{std::uint64_t{1} << 40, false}, Claim{std::uint64_t{1} << 63, false},
                            Claim{~std::uint64_t{0}, false}}) {
    SCOPED_TRACE("claims " + std::to_string(claim.bytes) + (claim.sparse ? " bytes, as long" : " bytes, short"));
    cache.store(key, binary, 1);
    Binary loaded;
    std::uint32_t format = 0;
    ASSERT_TRUE(cache.load(key, loaded, format)) << "the entry must load before, or this proves nothing";
    if (!claim_payload(cache.entry_path(key), claim.bytes, binary.size(), claim.sparse)) {
      std::printf("HugeLengthClaimsMissWithoutReadingThePayload: no file of %llu bytes here, case skipped\n",
                  static_cast<unsigned long long>(claim.bytes));
      continue;
    }
    // The quickest of three loads: a read of the claimed 256 MiB takes over half a second, a
    // header well under a millisecond, however busy the machine.
    auto quickest = std::chrono::steady_clock::duration::max();
    for (int attempt = 0; attempt < 3; ++attempt) {
      const auto start = std::chrono::steady_clock::now();
      EXPECT_FALSE(cache.load(key, loaded, format));
      quickest = std::min(quickest, std::chrono::steady_clock::now() - start);
    }
    EXPECT_LT(quickest, std::chrono::milliseconds(250)) << "the claimed payload was read";
    fs::remove(cache.entry_path(key));
  }
}

TEST(ProgramCacheFile, AnEntryCopiedUnderAnotherKeyIsAMiss) {
  TemporaryDirectory directory;
  gpusort::FileProgramCache cache(directory.path());
  const std::string tile = "local_sort-0123456789abcdef", global = "global_steps-0123456789abcdef";
  cache.store(tile, pattern(500, 1), 7);
  cache.store(global, pattern(600, 2), 7);
  // Removed first: mingw's copy_file with overwrite_existing fails on an existing file.
  fs::remove(cache.entry_path(global));
  fs::copy_file(cache.entry_path(tile), cache.entry_path(global));
  Binary loaded;
  std::uint32_t format = 0;
  EXPECT_FALSE(cache.load(global, loaded, format)) << "another key's entry was handed out";
  ASSERT_TRUE(cache.load(tile, loaded, format));
  EXPECT_EQ(loaded, pattern(500, 1));
}

TEST(ProgramCacheFile, StaleTemporariesAreRemovedAndNothingElse) {
  TemporaryDirectory directory;
  const fs::path& dir = directory.path();
  const std::vector<std::string> stale_temporaries = {
      "local_sort-00112233445566778899aabbccddeeff.bin.4242-0123456789abcdef.tmp",  // this layout's
      "global_steps-0123456789abcdef.bin.0123456789abcdef-17.tmp",                  // layout 1's
  };
  const std::vector<std::string> kept = {
      "local_sort-00112233445566778899aabbccddeeff.bin.4243-fedcba9876543210.tmp",  // fresh
      "notes.tmp", "a.bin.tmp", "a.bin.1234.tmp", "a.bin.12-3g.tmp", "a.bin.12-34.tmp.bak", "bad key.bin.1-2.tmp",
      "local_sort-0123456789abcdef.bin", "x.bin.1-" + std::string(21, '1') + ".tmp",
  };
  const auto old = fs::file_time_type::clock::now() - std::chrono::minutes(20);
  for (const auto& name : stale_temporaries) std::ofstream(dir / name) << "left by a killed writer";
  for (const auto& name : kept) std::ofstream(dir / name) << "not the cache's, or not stale";
  fs::create_directory(dir / "d.bin.1-2.tmp");  // the pattern, but a directory
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string() == kept.front()) continue;
    if (!entry.is_directory()) {
      fs::last_write_time(entry.path(), old);
      continue;
    }
    // Windows (mingw's libstdc++) cannot set a directory's time: there the directory is only
    // young, and must still be left alone.
    std::error_code error;
    fs::last_write_time(entry.path(), old, error);
#ifndef _WIN32
    ASSERT_FALSE(error) << error.message();
#endif
  }
  gpusort::FileProgramCache cache(dir);
  cache.store("dispatch_args-0123456789abcdef", pattern(100, 3), 1);
  std::vector<std::string> want = kept;
  want.push_back("d.bin.1-2.tmp");
  want.push_back("dispatch_args-0123456789abcdef.bin");
  EXPECT_EQ(file_names(dir), sorted(want));
}

#ifdef __linux__
TEST(ProgramCacheFile, TemporaryNamesCarryTheProcessId) {
  TemporaryDirectory directory;
  const int watch = inotify_init1(IN_NONBLOCK);
  ASSERT_GE(watch, 0);
  ASSERT_GE(inotify_add_watch(watch, directory.path().c_str(), IN_CREATE), 0);
  gpusort::FileProgramCache cache(directory.path());
  cache.store("local_sort-0123456789abcdef", pattern(100, 4), 1);
  std::vector<std::string> created;
  alignas(inotify_event) char events[16384];
  const ssize_t bytes = read(watch, events, sizeof events);
  for (ssize_t at = 0; at < bytes;) {
    const auto* event = reinterpret_cast<const inotify_event*>(events + at);
    if (event->len > 0) created.push_back(event->name);
    at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
  }
  close(watch);
  const std::string process = ".bin." + std::to_string(getpid()) + "-";
  EXPECT_THAT(created, ::testing::Contains(::testing::AllOf(::testing::StartsWith("local_sort-0123456789abcdef"),
                                                            ::testing::HasSubstr(process),
                                                            ::testing::EndsWith(".tmp"))));
}
#endif

#ifndef _WIN32
TEST(ProgramCacheFile, CreatedDirectoriesArePrivateToTheUser) {
  TemporaryDirectory directory;
  const fs::path mine = directory.path() / "made-by-the-user";
  fs::create_directory(mine);
  fs::permissions(mine, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  const fs::perms user_made = fs::status(mine).permissions();
  const mode_t saved = umask(022);  // what the test checks does not rest on the caller's umask
  gpusort::FileProgramCache cache(mine / "a" / "b");
  cache.store("local_sort-0123456789abcdef", pattern(100, 5), 1);
  umask(saved);
  EXPECT_EQ(fs::status(mine / "a").permissions(), fs::perms::owner_all);
  EXPECT_EQ(fs::status(mine / "a" / "b").permissions(), fs::perms::owner_all);
  EXPECT_EQ(fs::status(mine).permissions(), user_made) << "a directory the user made was changed";
  Binary loaded;
  std::uint32_t format = 0;
  EXPECT_TRUE(cache.load("local_sort-0123456789abcdef", loaded, format));
}
#endif

}  // namespace
}  // namespace gpusort_test
