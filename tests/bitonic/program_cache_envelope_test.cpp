// The parts of the program cache that bind an entry to its key and program: SHA-256 against the
// FIPS 180-4 examples, the envelope gpusort wraps each driver binary in (any change to it is a
// miss), a binary the driver refuses though its envelope is sound (compiled again, no GL error
// left), and oversized entries.

#include <gmock/gmock.h>

#include <cstdint>
#include <cstring>
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
}

}  // namespace
}  // namespace gpusort_test
