#pragma once
// Opt-in storage for the driver's compiled programs, so that a later run loads them with
// glProgramBinary instead of compiling GLSL. Needs no GL declarations.
#include "error.hpp"
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

#ifdef _WIN32
#include <process.h>
#else
#include <unistd.h>
#endif

#include "detail/sha256.hpp"

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
/// - Trusts whoever can write `directory`: keep it in a directory only you can write. The
///   directories store() creates are private to the user (0700 on POSIX); one that exists is
///   used as it is, its permissions untouched.
/// - Never throws, never aborts: a missing, unreadable, truncated, damaged or oversized file,
///   or one that holds another key's entry, is a miss (each file carries its key, its length,
///   bounded by max_entry_bytes and checked before anything is allocated, and a SHA-256 of the
///   whole), and a directory that cannot be created or written makes store() drop the entry.
/// - store() writes a temporary file next to the entry, "<key>.bin.<process id>-<16 hex
///   digits>.tmp", and renames it over "<key>.bin", so another thread or process reading the
///   entry sees the old file or the new one, never part of one. Safe to share between
///   sorters, threads and processes. store() also removes temporary files of that pattern
///   older than 10 minutes (a writer that was killed); it deletes nothing else.
/// - Entries of an older driver are simply never asked for again. Remove the directory to
///   clear it.
/// - A key that is not a valid ProgramCache key (which could name a file elsewhere) is a
///   miss, and store() drops it.
class FileProgramCache : public ProgramCache {
 public:
  explicit FileProgramCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

  const std::filesystem::path& directory() const { return directory_; }

  /// Where `key`'s entry lives (whether or not it exists).
  std::filesystem::path entry_path(const std::string& key) const { return directory_ / (key + ".bin"); }

  bool load(const std::string& key, std::vector<std::uint8_t>& binary, std::uint32_t& format) override {
#if GPUSORT_COMPILER_HAS_EXCEPTIONS
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
#if GPUSORT_COMPILER_HAS_EXCEPTIONS
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

  /// Whether `name` is the name of one of store()'s temporary files: "<valid key>.bin.<a>-<b>.tmp",
  /// a and b each 1 to 20 of [0-9a-f] (this version's "<process id>-<16 hex digits>", and the
  /// "<16 hex digits>-<counter>" of layout 1).
  static bool temporary_name(const std::string& name) {
    const std::size_t bin = name.find(".bin.");
    if (bin == std::string::npos || name.size() < bin + 5 + 4 || name.compare(name.size() - 4, 4, ".tmp") != 0)
      return false;
    if (!valid_key(name.substr(0, bin))) return false;
    const std::string middle = name.substr(bin + 5, name.size() - 4 - (bin + 5));
    const std::size_t dash = middle.find('-');
    if (dash == std::string::npos) return false;
    const auto hex_run = [](const std::string& run) {
      if (run.empty() || run.size() > 20) return false;
      for (char c : run) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
      }
      return true;
    };
    return hex_run(middle.substr(0, dash)) && hex_run(middle.substr(dash + 1));
  }

  /// How old a temporary file must be before store() takes it for a killed writer's: writing
  /// an entry of max_entry_bytes takes seconds at most.
  static constexpr std::chrono::minutes stale_temporary_age{10};

 private:
  // load() and store() without their guard against exceptions (bad_alloc, a path the platform
  // cannot represent), which builds without exceptions cannot catch.
  bool load_entry(const std::string& key, std::vector<std::uint8_t>& binary, std::uint32_t& format) {
    if (!valid_key(key)) return false;
    const std::filesystem::path path = entry_path(key);
    std::error_code error;
    const std::uintmax_t file_bytes = std::filesystem::file_size(path, error);
    if (error || file_bytes < header_bytes + key.size() + digest_bytes) return false;
    std::ifstream file(path, std::ios::binary);
    unsigned char header[header_bytes];
    if (!file.read(reinterpret_cast<char*>(header), header_bytes)) return false;
    const Header fields = parse(header);
    // Every length is checked, and the whole checked against the file, before anything is
    // allocated for it: a header may claim anything. Bounded as they are, the sum cannot wrap.
    if (!fields.valid || fields.key_length != key.size() || fields.length > max_entry_bytes ||
        header_bytes + std::uint64_t{fields.key_length} + fields.length + digest_bytes != file_bytes) {
      return false;
    }
    char stored_key[200];
    if (!file.read(stored_key, static_cast<std::streamsize>(key.size())) ||
        std::memcmp(stored_key, key.data(), key.size()) != 0) {
      return false;
    }
    std::vector<std::uint8_t> payload(static_cast<std::size_t>(fields.length));
    detail::Sha256Digest stored_digest{};
    if (!payload.empty() && !file.read(reinterpret_cast<char*>(payload.data()),
                                       static_cast<std::streamsize>(payload.size()))) {
      return false;
    }
    if (!file.read(reinterpret_cast<char*>(stored_digest.data()), digest_bytes)) return false;
    if (digest_of(header, key, payload) != stored_digest) return false;
    binary = std::move(payload);
    format = fields.format;
    return true;
  }

  void store_entry(const std::string& key, const std::vector<std::uint8_t>& binary, std::uint32_t format) {
    if (!valid_key(key) || binary.size() > max_entry_bytes || !make_directory()) return;
    remove_stale_temporaries();
    const std::filesystem::path path = entry_path(key);
    const std::filesystem::path temporary = directory_ / (key + ".bin." + temporary_suffix() + ".tmp");
    unsigned char header[header_bytes];
    write_header(header, format, binary.size(), key.size());
    const detail::Sha256Digest digest = digest_of(header, key, binary);
    bool written = false;
    {
      std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
      file.write(reinterpret_cast<const char*>(header), header_bytes);
      file.write(key.data(), static_cast<std::streamsize>(key.size()));
      if (!binary.empty()) {
        file.write(reinterpret_cast<const char*>(binary.data()), static_cast<std::streamsize>(binary.size()));
      }
      file.write(reinterpret_cast<const char*>(digest.data()), digest_bytes);
      file.close();
      written = !file.fail();
    }
    std::error_code error;
    if (written) std::filesystem::rename(temporary, path, error);
    if (!written || error) std::filesystem::remove(temporary, error);
  }

  // Creates the directory where missing, each component it creates private to the user: the
  // cache trusts whoever can write it. A directory that exists is the user's choice, left as
  // it is.
  bool make_directory() const {
    std::error_code error;
    if (std::filesystem::is_directory(directory_, error)) return true;
    std::vector<std::filesystem::path> missing;
    for (std::filesystem::path p = directory_; !p.empty(); p = p.parent_path()) {
      const std::filesystem::file_status status = std::filesystem::status(p, error);
      if (std::filesystem::exists(status)) break;
      if (status.type() != std::filesystem::file_type::not_found) return false;
      missing.push_back(p);
      if (p == p.parent_path()) break;
    }
    for (auto p = missing.rbegin(); p != missing.rend(); ++p) {
      // create_directory is false without an error where another process made it first: then
      // it is theirs (the same user's, in a directory only the user can write) and left alone.
      const bool created = std::filesystem::create_directory(*p, error);
      if (error) return false;
#ifndef _WIN32
      if (created) {
        std::filesystem::permissions(*p, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace,
                                     error);
        if (error) return false;
      }
#else
      (void)created;  // Windows: a new directory inherits the parent's access rules
#endif
    }
    return std::filesystem::is_directory(directory_, error);
  }

  // Removes the temporary files of writers that were killed between writing and renaming.
  void remove_stale_temporaries() const {
    std::error_code error;
    const auto now = std::filesystem::file_time_type::clock::now();
    std::filesystem::directory_iterator entry(directory_, error);
    for (; !error && entry != std::filesystem::directory_iterator(); entry.increment(error)) {
      const std::filesystem::path& path = entry->path();
      // Read from the native name: string() throws on Windows for a name outside the code page.
      const std::filesystem::path file_name = path.filename();
      std::string name;
      bool ascii = true;
      for (const auto c : file_name.native()) {
        const auto code = static_cast<std::uint32_t>(c);
        ascii = ascii && code != 0 && code <= 0x7F;
        if (ascii) name.push_back(static_cast<char>(code));
      }
      if (!ascii || !temporary_name(name)) continue;
      std::error_code file_error;
      if (!std::filesystem::is_regular_file(entry->symlink_status(file_error)) || file_error) continue;
      const auto written = std::filesystem::last_write_time(path, file_error);
      if (!file_error && now - written > stale_temporary_age) std::filesystem::remove(path, file_error);
    }
  }

  // File layout 2: magic (8 bytes), layout version, format (uint32 each), payload length
  // (uint64), key length, zero (uint32 each); the key, the payload, then the SHA-256 of
  // everything before it. Host byte order, since binaries only ever serve the machine that
  // made them. Layout 1 (no key, FNV-1a) files are misses by their version.
  static constexpr std::size_t header_bytes = 32;
  static constexpr std::size_t digest_bytes = 32;
  static constexpr char magic[9] = "gpusortP";
  static constexpr std::uint32_t layout_version = 2;

  struct Header {
    bool valid = false;
    std::uint32_t format = 0;
    std::uint64_t length = 0;
    std::uint32_t key_length = 0;
  };

  static void write_header(unsigned char* header, std::uint32_t format, std::size_t payload_bytes,
                           std::size_t key_bytes) {
    const std::uint64_t length = payload_bytes;
    const std::uint32_t key_length = static_cast<std::uint32_t>(key_bytes), zero = 0;
    std::memcpy(header, magic, 8);
    std::memcpy(header + 8, &layout_version, 4);
    std::memcpy(header + 12, &format, 4);
    std::memcpy(header + 16, &length, 8);
    std::memcpy(header + 24, &key_length, 4);
    std::memcpy(header + 28, &zero, 4);
  }

  static Header parse(const unsigned char* header) {
    Header fields;
    std::uint32_t version = 0, zero = 1;
    std::memcpy(&version, header + 8, 4);
    std::memcpy(&fields.format, header + 12, 4);
    std::memcpy(&fields.length, header + 16, 8);
    std::memcpy(&fields.key_length, header + 24, 4);
    std::memcpy(&zero, header + 28, 4);
    fields.valid = std::memcmp(header, magic, 8) == 0 && version == layout_version && zero == 0;
    return fields;
  }

  static detail::Sha256Digest digest_of(const unsigned char* header, const std::string& key,
                                        const std::vector<std::uint8_t>& payload) {
    return detail::Sha256().update(header, header_bytes).update(key).update(payload.data(), payload.size()).finish();
  }

  // "<process id>-<16 hex digits>": the process id tells a killed writer's files apart (and
  // processes sharing the directory); the digits, a counter, the thread, the clock and this
  // object mixed, tell apart every store of this process, and of processes of another PID
  // namespace that share the directory.
  std::string temporary_suffix() const {
    static std::atomic<std::uint64_t> counter{0};
#ifdef _WIN32
    const std::uint64_t process = static_cast<std::uint64_t>(_getpid());
#else
    const std::uint64_t process = static_cast<std::uint64_t>(getpid());
#endif
    const std::uint64_t parts[] = {
        counter++,
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()),
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()),
        static_cast<std::uint64_t>(std::hash<std::thread::id>()(std::this_thread::get_id())),
        static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(this)),
    };
    return std::to_string(process) + "-" + detail::hex_digits(detail::sha256(parts, sizeof parts), 8);
  }

  std::filesystem::path directory_;
};

}  // namespace gpusort
