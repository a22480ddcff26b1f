// The parts of the program cache that bind an entry to its key and program: SHA-256 against the
// FIPS 180-4 examples, the envelope gpusort wraps each driver binary in (any change to it is a
// miss), a binary the driver refuses though its envelope is sound (compiled again, no GL error
// left), a FileProgramCache file rewritten with a valid hash (the envelope still stops it),
// oversized entries, and which names FileProgramCache takes for its temporary files.

#include <gmock/gmock.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bitonic/program_cache_support.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

namespace entry = gpusort::detail::program_entry;
using gpusort::detail::hex_digits;
using gpusort::detail::Sha256;
using gpusort::detail::sha256;

std::string sha256_hex(const std::string& text) { return hex_digits(sha256(text.data(), text.size())); }

TEST(ProgramCacheSha256, MatchesTheFips180Examples) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnop"
                       "qrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Lengths around the padding's boundaries (55, 56, 63, 64 bytes and past), fed in pieces of
// every size, give what one update gives.
TEST(ProgramCacheSha256, PiecesGiveTheWholeDigest) {
  const Binary bytes = pattern(300, 11);
  for (std::size_t length : {0u, 1u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u, 128u, 300u}) {
    const auto whole = sha256(bytes.data(), length);
    for (std::size_t piece = 1; piece <= 70; piece += 3) {
      Sha256 hash;
      for (std::size_t at = 0; at < length; at += piece) hash.update(bytes.data() + at, std::min(piece, length - at));
      EXPECT_EQ(hash.finish(), whole) << "length " << length << ", pieces of " << piece;
    }
  }
  EXPECT_NE(sha256(bytes.data(), 56), sha256(bytes.data(), 57));
}

gpusort::detail::ProgramIdentity test_identity(const char* kernel) {
  gpusort::detail::ProgramIdentity identity;
  identity.key = std::string(kernel) + "-00112233445566778899aabbccddeeff";
  identity.digest = sha256(kernel, std::strlen(kernel));
  return identity;
}

TEST(ProgramCacheEnvelope, AnyChangeIsAMiss) {
  const auto identity = test_identity("local_sort");
  const Binary binary = pattern(257, 3);
  const Binary wrapped = entry::wrap(identity, 0x875F, binary);
  std::size_t offset = 0, length = 0;
  ASSERT_TRUE(entry::unwrap(identity, wrapped, 0x875F, offset, length));
  ASSERT_EQ(length, binary.size());
  EXPECT_TRUE(std::equal(binary.begin(), binary.end(), wrapped.begin() + static_cast<std::ptrdiff_t>(offset)));

  for (std::size_t at = 0; at < wrapped.size(); ++at) {
    Binary changed = wrapped;
    changed[at] ^= 0x01;
    EXPECT_FALSE(entry::unwrap(identity, changed, 0x875F, offset, length)) << "byte " << at;
  }
  EXPECT_FALSE(entry::unwrap(identity, wrapped, 0x875E, offset, length)) << "another format";
  EXPECT_FALSE(entry::unwrap(test_identity("global_steps"), wrapped, 0x875F, offset, length)) << "another key";
  auto same_key = identity;
  same_key.digest[31] ^= 1;
  EXPECT_FALSE(entry::unwrap(same_key, wrapped, 0x875F, offset, length)) << "another program under the key";
  for (std::size_t size : {std::size_t{0}, std::size_t{95}, wrapped.size() - 1}) {
    EXPECT_FALSE(entry::unwrap(identity, Binary(wrapped.begin(), wrapped.begin() + static_cast<std::ptrdiff_t>(size)),
                               0x875F, offset, length))
        << "cut to " << size;
  }
  Binary longer = wrapped;
  longer.push_back(0);
  EXPECT_FALSE(entry::unwrap(identity, longer, 0x875F, offset, length));
  EXPECT_FALSE(entry::unwrap(identity, Binary(gpusort::ProgramCache::max_entry_bytes + 1), 0x875F, offset, length));
}

class ProgramCacheEnvelopeSorter : public GlTest {};

// Rewrites the driver's binary inside each envelope (a bit flipped halfway) and hashes the
// envelope again: what a rewrite that knows the layout makes, or a driver updated under the
// same version string meets. The driver then sees each binary and refuses it.
TEST_F(ProgramCacheEnvelopeSorter, ABinaryTheDriverRefusesIsCompiledAgainWithNoErrorLeft) {
  const auto formats = binary_formats_for("ABinaryTheDriverRefusesIsCompiledAgainWithNoErrorLeft");
  MemoryCache cache;
  { KeySorter reference(constructor_programs_only(), &cache); }
  if (formats.empty()) return;
  ASSERT_FALSE(cache.entries.empty());
  for (auto& stored : cache.entries) {
    Binary& wrapped = stored.second.binary;
    const std::size_t body = wrapped.size() - entry::digest_bytes;
    wrapped[entry::header_bytes + stored.first.size() + (body - entry::header_bytes - stored.first.size()) / 2] ^= 0x10;
    const auto digest = sha256(wrapped.data(), body);
    std::copy(digest.begin(), digest.end(), wrapped.begin() + static_cast<std::ptrdiff_t>(body));
  }
  const auto forged = cache.entries;
  cache.forget_calls();
  {
    KeySorter sorter(constructor_programs_only(), &cache);
    EXPECT_TRUE(no_gl_error("constructor given binaries the driver refuses"));
    EXPECT_TRUE(sorts_keys(sorter, 70));
  }
  EXPECT_EQ(sorted(cache.found), sorted(cache.asked));
  EXPECT_EQ(sorted(cache.stored), sorted(cache.asked));
  for (const auto& stored : cache.entries) EXPECT_NE(stored.second.binary, forged.at(stored.first).binary);
}

// A FileProgramCache file whose payload was changed and whose SHA-256 was computed again loads
// from the file cache, but its envelope stops it before the driver.
TEST_F(ProgramCacheEnvelopeSorter, AFileRewrittenWithAValidHashIsCompiledAgain) {
  const auto formats = binary_formats_for("AFileRewrittenWithAValidHashIsCompiledAgain");
  TemporaryDirectory directory;
  gpusort::FileProgramCache files(directory.path());
  { KeySorter reference(constructor_programs_only(), &files); }
  if (formats.empty()) return;
  ASSERT_FALSE(file_names(directory.path()).empty());
  for (const auto& name : file_names(directory.path())) {
    const fs::path path = directory.path() / name;
    std::vector<char> bytes;
    {
      std::ifstream in(path, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    ASSERT_GT(bytes.size(), 64u);
    bytes[bytes.size() / 2] ^= 0x10;
    const std::size_t body = bytes.size() - 32;
    const auto digest = sha256(bytes.data(), body);
    std::memcpy(bytes.data() + body, digest.data(), 32);
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    Binary loaded;
    std::uint32_t format = 0;
    EXPECT_TRUE(files.load(name.substr(0, name.size() - 4), loaded, format)) << "the rewrite must pass the file's hash";
  }
  struct Forward : gpusort::ProgramCache {
    gpusort::FileProgramCache& files;
    int stores = 0;
    explicit Forward(gpusort::FileProgramCache& f) : files(f) {}
    bool load(const std::string& k, Binary& b, std::uint32_t& f) override { return files.load(k, b, f); }
    void store(const std::string& k, const Binary& b, std::uint32_t f) override {
      ++stores;
      files.store(k, b, f);
    }
  } forward(files);
  ProgramBinaryCalls calls;
  KeySorter sorter(constructor_programs_only(), &forward);
  EXPECT_TRUE(no_gl_error("constructor given rewritten files"));
  EXPECT_TRUE(sorts_keys(sorter, 71));
  EXPECT_EQ(calls.count(), 0) << "calls of glProgramBinary";
  EXPECT_EQ(forward.stores, static_cast<int>(file_names(directory.path()).size())) << "each compiled again";
}

// A user's cache may return anything, however large: gpusort refuses more than max_entry_bytes.
TEST_F(ProgramCacheEnvelopeSorter, OversizedEntriesAreMisses) {
  struct Huge : gpusort::ProgramCache {
    int loads = 0, stores = 0;
    bool load(const std::string&, Binary& b, std::uint32_t& f) override {
      ++loads;
      b.assign(gpusort::ProgramCache::max_entry_bytes + 1, 0x5A);
      f = 0;
      return true;
    }
    void store(const std::string&, const Binary& b, std::uint32_t) override {
      ++stores;
      EXPECT_LE(b.size(), gpusort::ProgramCache::max_entry_bytes);
    }
  } cache;
  {
    ProgramBinaryCalls calls;
    KeySorter sorter(constructor_programs_only(), &cache);
    EXPECT_TRUE(no_gl_error("constructor given oversized entries"));
    EXPECT_TRUE(sorts_keys(sorter, 72));
    EXPECT_EQ(calls.count(), 0) << "calls of glProgramBinary";
  }
  EXPECT_EQ(cache.stores, cache.loads);

  TemporaryDirectory directory;
  gpusort::FileProgramCache files(directory.path());
  files.store("local_sort-0123456789abcdef", Binary(gpusort::ProgramCache::max_entry_bytes + 1), 1);
  EXPECT_THAT(file_names(directory.path()), ::testing::IsEmpty());
}

TEST(ProgramCacheFile, TemporaryNamesAreOnlyTheCachesOwn) {
  using gpusort::FileProgramCache;
  for (const char* name : {"local_sort-0123456789abcdef.bin.4242-0123456789abcdef.tmp",
                           "global_steps-0123456789abcdef.bin.0123456789abcdef-17.tmp", "k.bin.1-2.tmp"}) {
    EXPECT_TRUE(FileProgramCache::temporary_name(name)) << name;
  }
  for (const char* name : {"k.bin", "k.bin.tmp", "k.bin.1.tmp", "k.bin.-2.tmp", "k.bin.1-.tmp", "k.bin.1-2-3.tmp",
                           "k.bin.1-2.tmp.x", "k.bin.1-G.tmp", "k.bin.1-123456789012345678901.tmp", ".bin.1-2.tmp",
                           "../k.bin.1-2.tmp", "k k.bin.1-2.tmp", "notes.tmp"}) {
    EXPECT_FALSE(FileProgramCache::temporary_name(name)) << name;
  }
}

}  // namespace
}  // namespace gpusort_test
