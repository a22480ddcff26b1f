#pragma once
// Opt-in storage for the driver's compiled programs, so that a later run loads them with
// glProgramBinary instead of compiling GLSL. Needs no GL declarations.
#include "version.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "detail/fnv1a.hpp"

namespace gpusort {

/// Where a sorter keeps compiled programs between runs. Give one to the sorter's constructor;
/// it asks load() before compiling a program and store()s each program it had to compile.
/// FileProgramCache is the ready-made one; subclass this one to keep entries elsewhere (an
/// asset database, memory).
///
///   gpusort::FileProgramCache cache("/home/me/.cache/myapp/gpusort");  // outlives the sorter
///   gpusort::BitonicSorter<float, std::uint32_t> sorter(gpusort::BitonicTuning{}, &cache);
///
/// Contracts for implementations:
/// - Keys are 1 to 200 characters of [A-Za-z0-9_-]: the kernel's name and 32 hex digits of a
///   SHA-256 of GL_VENDOR, GL_RENDERER, GL_VERSION, the kernel's name and the program's full
///   source, so another driver version or another tuning never asks for an old key.
/// - What store() receives is an opaque entry of at most max_entry_bytes that gpusort made: the
///   driver's binary wrapped with its key, the SHA-256 of the program it was compiled from, and a
///   SHA-256 of the whole. `format` is the driver's binary format, also inside the entry.
/// - load() returns true and fills `binary` and `format` with what store() was given for `key`,
///   else false. It may return anything (stale, damaged, another key's entry): gpusort checks
///   the entry against the key and the program it wants, and never hands the driver a binary
///   that fails the check, nor one larger than max_entry_bytes allows or in a format the
///   driver does not list; it compiles from source instead and store()s the fresh entry under
///   the same key, which should replace the old one. The check is a hash, not a signature:
///   whoever can write the cache's storage can make entries that pass it.
/// - store() may drop what it is given.
/// - Called on the thread that builds a program (the constructor, or the first call that
///   needs a program built on first use), with the sorter's context current. A cache that
///   sorters on several threads share must synchronise itself.
/// - An exception from load() or store() propagates out of the constructor or call that
///   was building the program, with no GL object leaked and no GL error pending.
///   FileProgramCache never throws.
/// - GL errors: a sorter that builds with a cache leaves the caller's pending GL errors alone,
///   except in one case: when the driver refuses a binary that passed the check (a driver
///   update that kept its version string), gpusort calls glGetError() until it returns
///   GL_NO_ERROR (8 times at most), since some drivers raise an error then and gpusort leaves
///   none behind; an error the caller had left pending is cleared with it.
class ProgramCache {
 public:
  /// The largest entry gpusort stores or accepts (64 MiB): a driver's program binary is at
  /// most a few MB, so anything larger is damage, and a bound lets a cache refuse a header
  /// that claims more before it allocates anything.
  static constexpr std::size_t max_entry_bytes = std::size_t{64} << 20;

  virtual ~ProgramCache() = default;
  virtual bool load(const std::string& key, std::vector<std::uint8_t>& binary, std::uint32_t& format) = 0;
  virtual void store(const std::string& key, const std::vector<std::uint8_t>& binary, std::uint32_t format) = 0;
};

/// A ProgramCache of one file per key, "<key>.bin" in `directory`, which store() creates
/// (with its parents) when it is missing.
///
///   gpusort::FileProgramCache cache(app_cache_directory / "gpusort-programs");
///
/// - Never throws: a missing, unreadable, truncated or damaged file is a miss (each file
///   carries its length and a checksum, so the driver never sees a half-written or
///   corrupted binary), and a directory that cannot be created or written makes store()
///   drop the binary.
/// - store() writes a temporary file next to the entry and renames it over "<key>.bin", so
///   another thread or process reading the entry sees the old file or the new one, never
///   part of one. Safe to share between sorters, threads and processes.
/// - Nothing is deleted: entries of an older driver are simply never asked for again.
///   Remove the directory to clear it.
/// - A key that is not a valid ProgramCache key (which could name a file elsewhere) is a
///   miss, and store() drops it.
class FileProgramCache : public ProgramCache {
 public:
  explicit FileProgramCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

  const std::filesystem::path& directory() const { return directory_; }

  /// Where `key`'s entry lives (whether or not it exists).
  std::filesystem::path entry_path(const std::string& key) const { return directory_ / (key + ".bin"); }

  bool load(const std::string& key, std::vector<std::uint8_t>& binary, std::uint32_t& format) override {
#if defined(__cpp_exceptions)
    try {
      return load_entry(key, binary, format);
    } catch (const std::exception&) {  // bad_alloc, or a path the platform cannot represent
      return false;
    }
#else
    return load_entry(key, binary, format);
#endif
  }

  void store(const std::string& key, const std::vector<std::uint8_t>& binary, std::uint32_t format) override {
#if defined(__cpp_exceptions)
    try {
      store_entry(key, binary, format);
    } catch (const std::exception&) {
      // A cache that cannot write just misses next time.
    }
#else
    store_entry(key, binary, format);
#endif
  }

  /// Whether `key` is a valid ProgramCache key: 1 to 200 characters of [A-Za-z0-9_-].
  static bool valid_key(const std::string& key) {
    if (key.empty() || key.size() > 200) return false;
    for (char c : key) {
      const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '-';
      if (!ok) return false;
    }
    return true;
  }

 private:
  // load() and store() without their guard against exceptions (bad_alloc, a path the platform
  // cannot represent), which builds without exceptions cannot catch.
  bool load_entry(const std::string& key, std::vector<std::uint8_t>& binary, std::uint32_t& format) {
    if (!valid_key(key)) return false;
    const std::filesystem::path path = entry_path(key);
    std::error_code error;
    const std::uintmax_t file_bytes = std::filesystem::file_size(path, error);
    if (error || file_bytes < header_bytes) return false;
    std::ifstream file(path, std::ios::binary);
    unsigned char header[header_bytes];
    if (!file.read(reinterpret_cast<char*>(header), header_bytes)) return false;
    Header fields = parse(header);
    // The length is checked against the file before anything is allocated for it.
    if (!fields.valid || fields.length != file_bytes - header_bytes) return false;
    std::vector<std::uint8_t> payload(static_cast<std::size_t>(fields.length));
    if (!payload.empty() && !file.read(reinterpret_cast<char*>(payload.data()),
                                       static_cast<std::streamsize>(payload.size()))) {
      return false;
    }
    if (detail::fnv1a64(payload.data(), payload.size()) != fields.checksum) return false;
    binary = std::move(payload);
    format = fields.format;
    return true;
  }

  void store_entry(const std::string& key, const std::vector<std::uint8_t>& binary, std::uint32_t format) {
    if (!valid_key(key)) return;
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    if (error) return;
    const std::filesystem::path path = entry_path(key);
    const std::filesystem::path temporary = directory_ / (key + ".bin." + unique_suffix() + ".tmp");
    unsigned char header[header_bytes];
    write_header(header, format, binary);
    bool written = false;
    {
      std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
      file.write(reinterpret_cast<const char*>(header), header_bytes);
      if (!binary.empty()) {
        file.write(reinterpret_cast<const char*>(binary.data()), static_cast<std::streamsize>(binary.size()));
      }
      file.close();
      written = !file.fail();
    }
    if (written) std::filesystem::rename(temporary, path, error);
    if (!written || error) std::filesystem::remove(temporary, error);
  }

  // File layout: magic (8 bytes), layout version, format (uint32 each), payload length,
  // payload checksum (uint64 each), then the payload; host byte order, since binaries
  // only ever serve the machine that made them.
  static constexpr std::size_t header_bytes = 32;
  static constexpr char magic[9] = "gpusortP";
  static constexpr std::uint32_t layout_version = 1;

  struct Header {
    bool valid = false;
    std::uint32_t format = 0;
    std::uint64_t length = 0;
    std::uint64_t checksum = 0;
  };

  static void write_header(unsigned char* header, std::uint32_t format, const std::vector<std::uint8_t>& binary) {
    const std::uint64_t length = binary.size();
    const std::uint64_t checksum = detail::fnv1a64(binary.data(), binary.size());
    std::memcpy(header, magic, 8);
    std::memcpy(header + 8, &layout_version, 4);
    std::memcpy(header + 12, &format, 4);
    std::memcpy(header + 16, &length, 8);
    std::memcpy(header + 24, &checksum, 8);
  }

  static Header parse(const unsigned char* header) {
    Header fields;
    std::uint32_t version = 0;
    std::memcpy(&version, header + 8, 4);
    std::memcpy(&fields.format, header + 12, 4);
    std::memcpy(&fields.length, header + 16, 8);
    std::memcpy(&fields.checksum, header + 24, 8);
    fields.valid = std::memcmp(header, magic, 8) == 0 && version == layout_version;
    return fields;
  }

  // Distinct for every store of every thread, and (through the clock) of every process.
  std::string unique_suffix() const {
    static std::atomic<std::uint64_t> counter{0};
    std::uint64_t mix = detail::fnv1a64_basis;
    const std::uint64_t parts[] = {
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()),
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()),
        static_cast<std::uint64_t>(std::hash<std::thread::id>()(std::this_thread::get_id())),
        static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(this)),
    };
    mix = detail::fnv1a64(parts, sizeof parts, mix);
    return detail::hex64(mix) + "-" + std::to_string(counter++);
  }

  std::filesystem::path directory_;
};

}  // namespace gpusort
