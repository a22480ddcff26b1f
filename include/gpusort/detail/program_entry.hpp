#pragma once
// The entries gpusort hands a ProgramCache, and how it checks what a cache hands back before
// the driver sees any of it. Needs no GL declarations.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../program_cache.hpp"
#include "sha256.hpp"

namespace gpusort {
namespace detail {

/// What a program is known by in a ProgramCache (detail/gl/program.hpp's program_identity()):
/// its key, "<kernel>-<32 hex digits>", the digits the first 16 bytes of `digest`, the SHA-256
/// of the driver, the kernel's name and the full source. SHA-256 rather than a 64-bit checksum:
/// programs whose keys collided would be handed each other's binaries; a collision of 128 bits
/// is beyond reach, and the full digest inside every entry settles even that.
struct ProgramIdentity {
  std::string key;
  Sha256Digest digest{};
};

/// An entry: the driver's binary in an envelope that binds it to its key and program, so that
/// whatever a cache hands back (a user's cache may return anything) reaches glProgramBinary only
/// where it is exactly what the driver gave for that program. Layout 1: magic "gpusortB" (8
/// bytes), layout, binary format (uint32 each), binary length (uint64), key length, zero (uint32
/// each), the program's SHA-256 (ProgramIdentity, 32 bytes), the key, the binary, then the
/// SHA-256 of everything before it. Host byte order: binaries only serve the machine that made
/// them.
namespace program_entry {
inline constexpr std::size_t header_bytes = 64;
inline constexpr std::size_t digest_bytes = 32;
inline constexpr char magic[9] = "gpusortB";
inline constexpr std::uint32_t layout = 1;

/// The largest driver binary an entry of `key` holds within ProgramCache::max_entry_bytes.
inline std::size_t max_binary_bytes(const std::string& key) {
  return ProgramCache::max_entry_bytes - header_bytes - digest_bytes - key.size();
}

/// `binary` (at most max_binary_bytes(identity.key)) wrapped for the cache.
inline std::vector<std::uint8_t> wrap(const ProgramIdentity& identity, std::uint32_t format,
                                      const std::vector<std::uint8_t>& binary) {
  std::vector<std::uint8_t> entry(header_bytes + identity.key.size() + binary.size() + digest_bytes);
  const std::uint64_t length = binary.size();
  const std::uint32_t key_length = static_cast<std::uint32_t>(identity.key.size()), zero = 0;
  std::memcpy(entry.data(), magic, 8);
  std::memcpy(entry.data() + 8, &layout, 4);
  std::memcpy(entry.data() + 12, &format, 4);
  std::memcpy(entry.data() + 16, &length, 8);
  std::memcpy(entry.data() + 24, &key_length, 4);
  std::memcpy(entry.data() + 28, &zero, 4);
  std::memcpy(entry.data() + 32, identity.digest.data(), 32);
  std::memcpy(entry.data() + header_bytes, identity.key.data(), identity.key.size());
  if (!binary.empty()) std::memcpy(entry.data() + header_bytes + identity.key.size(), binary.data(), binary.size());
  const std::size_t body = entry.size() - digest_bytes;
  const Sha256Digest digest = sha256(entry.data(), body);
  std::memcpy(entry.data() + body, digest.data(), digest_bytes);
  return entry;
}

/// Where `entry` (as a cache returned it, with `format`) is an envelope of `identity` in that
/// format: the offset and length of the driver's binary inside it. Checks every length
/// against the entry before it reads past the header.
inline bool unwrap(const ProgramIdentity& identity, const std::vector<std::uint8_t>& entry, std::uint32_t format,
                   std::size_t& offset, std::size_t& length) {
  if (entry.size() > ProgramCache::max_entry_bytes || entry.size() < header_bytes + digest_bytes) return false;
  std::uint32_t stored_layout = 0, stored_format = 0, key_length = 0, zero = 1;
  std::uint64_t binary_length = 0;
  std::memcpy(&stored_layout, entry.data() + 8, 4);
  std::memcpy(&stored_format, entry.data() + 12, 4);
  std::memcpy(&binary_length, entry.data() + 16, 8);
  std::memcpy(&key_length, entry.data() + 24, 4);
  std::memcpy(&zero, entry.data() + 28, 4);
  const std::size_t after_header = entry.size() - header_bytes - digest_bytes;  // no wrap: checked above
  if (std::memcmp(entry.data(), magic, 8) != 0 || stored_layout != layout || stored_format != format || zero != 0 ||
      key_length != identity.key.size() || identity.key.size() >= after_header ||
      binary_length != after_header - identity.key.size()) {
    return false;
  }
  if (std::memcmp(entry.data() + 32, identity.digest.data(), 32) != 0 ||
      std::memcmp(entry.data() + header_bytes, identity.key.data(), identity.key.size()) != 0) {
    return false;
  }
  const std::size_t body = entry.size() - digest_bytes;
  const Sha256Digest digest = sha256(entry.data(), body);
  if (std::memcmp(entry.data() + body, digest.data(), digest_bytes) != 0) return false;
  offset = header_bytes + identity.key.size();
  length = static_cast<std::size_t>(binary_length);
  return true;
}
}  // namespace program_entry

}  // namespace detail
}  // namespace gpusort
