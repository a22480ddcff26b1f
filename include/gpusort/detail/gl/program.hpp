#pragma once
// Builds gpusort's compute programs: from a ProgramCache's binaries where it can, else by
// compiling GLSL. The #version line and the #defines are prepended at run time, so one
// GLSL source serves every key type and tuning.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "../../program_cache.hpp"
#include "../device/limits.hpp"
#include "../program_entry.hpp"
#include "../sha256.hpp"
#include "../status.hpp"
#include "delete_hold.hpp"
#include "errors.hpp"

namespace gpusort {
namespace detail {

/// Owns a GL program name; deleting needs the creating context (or one sharing with it)
/// to be current.
class GlProgram {
 public:
  GlProgram() = default;
  explicit GlProgram(GLuint name) : name_(name) {}
  ~GlProgram() {
    if (name_ != 0 && gl_deletes_held() == 0) glDeleteProgram(name_);
  }
  GlProgram(GlProgram&& other) noexcept : name_(other.name_) { other.name_ = 0; }
  GlProgram& operator=(GlProgram&& other) noexcept {
    if (this != &other) {
      if (name_ != 0) glDeleteProgram(name_);
      name_ = other.name_;
      other.name_ = 0;
    }
    return *this;
  }
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  GLuint name() const { return name_; }

 private:
  GLuint name_ = 0;
};

/// The info log of a shader or program: get_iv and get_log are glGetShaderiv and
/// glGetShaderInfoLog, or glGetProgramiv and glGetProgramInfoLog.
template <class GetIv, class GetLog>
std::string info_log(GLuint object, GetIv get_iv, GetLog get_log) {
  GLint length = 0;
  get_iv(object, GL_INFO_LOG_LENGTH, &length);
  std::string log(length > 0 ? static_cast<std::size_t>(length) : 0u, '\0');
  if (length > 0) get_log(object, length, nullptr, &log[0]);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

inline std::string shader_info_log(GLuint shader) { return info_log(shader, glGetShaderiv, glGetShaderInfoLog); }

inline std::string program_info_log(GLuint program) { return info_log(program, glGetProgramiv, glGetProgramInfoLog); }

/// What tells one of gpusort's programs from a program of the same name in a context that does
/// not share objects with its own: its storage blocks and uniforms, counted, with their longest
/// names. Program-interface queries, which raise no GL error on any program object, linked or
/// not.
struct ProgramFingerprint {
  GLint storage_blocks = -1, storage_block_name = -1, uniforms = -1, uniform_name = -1;
  bool operator==(const ProgramFingerprint& o) const {
    return storage_blocks == o.storage_blocks && storage_block_name == o.storage_block_name &&
           uniforms == o.uniforms && uniform_name == o.uniform_name;
  }
};

/// `program`'s fingerprint on the current context (`program` must be a program object there).
inline ProgramFingerprint fingerprint_of(GLuint program) {
  ProgramFingerprint f;
  glGetProgramInterfaceiv(program, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &f.storage_blocks);
  glGetProgramInterfaceiv(program, GL_SHADER_STORAGE_BLOCK, GL_MAX_NAME_LENGTH, &f.storage_block_name);
  glGetProgramInterfaceiv(program, GL_UNIFORM, GL_ACTIVE_RESOURCES, &f.uniforms);
  glGetProgramInterfaceiv(program, GL_UNIFORM, GL_MAX_NAME_LENGTH, &f.uniform_name);
  return f;
}

/// One program to build: the kernel's name (for messages and the cache key) and its source
/// strings, concatenated in order.
struct ProgramSource {
  const char* kernel_name = "";
  std::vector<std::string> sources;
  /// The limits the program must fit (workgroup size, storage blocks and binding points),
  /// checked after linking; nullptr: unchecked. A driver rejects a program past its own
  /// limits; this also holds programs to limits lowered below the driver's (DeviceFacts::clamp).
  const DeviceLimits* device = nullptr;
};

/// The source-string number of a tuning's extra_shader_source (the fragments' numbering:
/// shaders/embed_shaders.cmake).
constexpr int extra_source_number = 5;

/// A tuning's extra_shader_source as a fragment of its own: after the host's #defines (so that
/// it may test them), numbered so that a compile log's line of it names it.
inline std::string extra_source_fragment(const char* tuning, const std::string& text) {
  return "#line 1 " + std::to_string(extra_source_number) + " // " + tuning + "::extra_shader_source\n" + text +
         "\n";
}

/// The fragments in `source`: each line "#line 1 N // name" starts one (every fragment but the
/// #version line and the host's #defines, source string 0, starts so).
inline void find_fragments(const std::string& source, std::vector<std::pair<long, std::string>>& fragments) {
  static const char head[] = "#line 1 ";
  for (std::size_t at = 0; at < source.size();) {
    std::size_t end = source.find('\n', at);
    if (end == std::string::npos) end = source.size();
    if (source.compare(at, sizeof(head) - 1, head) == 0) {
      std::size_t digit = at + sizeof(head) - 1;
      long number = 0;
      for (; digit < end && source[digit] >= '0' && source[digit] <= '9' && number < 1000000; ++digit)
        number = number * 10 + (source[digit] - '0');
      if (digit > at + sizeof(head) - 1 && source.compare(digit, 4, " // ") == 0)
        fragments.emplace_back(number, source.substr(digit + 4, end - digit - 4));
    }
    at = end + 1;
  }
}

/// `log` (a driver's compile log of `program`) with the file and line named after each of its
/// lines that points into a fragment: "N:L(C): ..." (Mesa), "N(L) : ..." (NVIDIA) or
/// "ERROR: N:L: ..." (glslang) mean line L of source string N, which the fragment's #line header
/// numbered. String 0 is the #version line and the host's #defines, made at run time.
inline std::string annotated_compile_log(const std::string& log, const ProgramSource& program) {
  std::vector<std::pair<long, std::string>> names{{0, "the #version line and #defines"}};
  for (const std::string& source : program.sources) find_fragments(source, names);
  const auto read_number = [](const std::string& line, std::size_t& at, long& value) {
    const std::size_t start = at;
    value = 0;
    for (; at < line.size() && line[at] >= '0' && line[at] <= '9' && at - start < 9; ++at)
      value = value * 10 + (line[at] - '0');
    return at > start;
  };
  std::string annotated;
  std::size_t begin = 0;
  while (begin <= log.size()) {
    std::size_t end = log.find('\n', begin);
    if (end == std::string::npos) end = log.size();
    const std::string line = log.substr(begin, end - begin);
    annotated += line;
    std::size_t at = line.find_first_not_of(' ');
    for (const char* prefix : {"ERROR: ", "WARNING: "}) {
      if (at != std::string::npos && line.compare(at, std::strlen(prefix), prefix) == 0) at += std::strlen(prefix);
    }
    long number = 0, line_number = 0;
    if (at != std::string::npos && read_number(line, at, number) && at < line.size() &&
        (line[at] == ':' || line[at] == '(')) {
      const char open = line[at++];
      const bool read = read_number(line, at, line_number);
      const bool closed = at < line.size() && (open == ':' ? line[at] == ':' || line[at] == '(' : line[at] == ')');
      if (read && closed) {
        for (const auto& entry : names) {
          if (entry.first == number) {
            annotated += "  [" + entry.second + ", line " + std::to_string(line_number) + "]";
            break;
          }
        }
      }
    }
    if (end == log.size()) break;
    annotated += '\n';
    begin = end + 1;
  }
  return annotated;
}

/// Fails where linked `program` exceeds `device`'s limits.
inline Status check_program_fits(GLuint program, const char* kernel_name, const DeviceLimits& device) {
  const auto exceeds = [&](const std::string& what, std::uint64_t used, const char* limit, std::uint64_t has) {
    return fail(std::string("the '") + kernel_name + "' compute program " + what + " " + std::to_string(used) +
                " but the device allows " + std::to_string(has) + " (" + limit +
                "): report this with your GL_RENDERER; gpusort derives its kernels from these limits");
  };
  GLint size[3] = {0, 0, 0};
  glGetProgramiv(program, GL_COMPUTE_WORK_GROUP_SIZE, size);
  const std::uint64_t invocations = std::uint64_t(size[0]) * std::uint64_t(size[1]) * std::uint64_t(size[2]);
  if (invocations > device.max_invocations)
    return exceeds("has workgroups of", invocations, "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS", device.max_invocations);
  GLint blocks = 0;
  glGetProgramInterfaceiv(program, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &blocks);
  if (static_cast<std::uint32_t>(blocks) > device.max_compute_storage_blocks)
    return exceeds("uses storage blocks:", static_cast<std::uint64_t>(blocks), "GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS",
         device.max_compute_storage_blocks);
  for (GLint i = 0; i < blocks; ++i) {
    const GLenum property = GL_BUFFER_BINDING;
    GLint binding = 0;
    glGetProgramResourceiv(program, GL_SHADER_STORAGE_BLOCK, static_cast<GLuint>(i), 1, &property, 1, nullptr,
                           &binding);
    if (static_cast<std::uint32_t>(binding) >= device.max_storage_bindings)
      return exceeds("binds a storage block at index", static_cast<std::uint64_t>(binding),
                     "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS", device.max_storage_bindings);
  }
  return {};
}

/// `program`'s identity on the current context: the SHA-256 of GL_VENDOR, GL_RENDERER,
/// GL_VERSION, the kernel's name and the full source, so that another driver version, device or
/// tuning never meets an old binary's key. An ES context's GL_VERSION starts with "OpenGL ES"
/// (and its source with "#version 3x0 es"), so a desktop and an ES context of the same driver
/// never share binaries either.
inline ProgramIdentity program_identity(const ProgramSource& program) {
  Sha256 hash;
  hash.update("gpusort program 2\n");  // bump when binaries are used differently
  for (GLenum name : {GLenum(GL_VENDOR), GLenum(GL_RENDERER), GLenum(GL_VERSION)}) hash.update(gl_string(name) + "\n");
  hash.update(std::string(program.kernel_name) + "\n");
  for (const std::string& source : program.sources) hash.update(source);
  ProgramIdentity identity;
  identity.digest = hash.finish();
  identity.key = std::string(program.kernel_name) + "-" + hex_digits(identity.digest, 16);
  return identity;
}

inline std::string program_cache_key(const ProgramSource& program) { return program_identity(program).key; }

/// The formats glProgramBinary accepts on the current context. Empty where the driver
/// offers none (Mesa with MESA_SHADER_CACHE_DISABLE=true): a cache is then never consulted.
inline std::vector<GLint> program_binary_formats() {
  GLint count = 0;
  glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &count);
  std::vector<GLint> formats(count > 0 ? static_cast<std::size_t>(count) : 0u);
  if (!formats.empty()) glGetIntegerv(GL_PROGRAM_BINARY_FORMATS, formats.data());
  return formats;
}

/// The program `cache` holds for `identity`, if its entry passes the checks (program_entry) and
/// the driver accepts the binary; else no program. Raises no GL error; clears the error flags
/// only after the driver refused a binary that passed the checks (ProgramCache: GL errors).
inline GlProgram load_program_binary(ProgramCache& cache, const ProgramIdentity& identity,
                                     const std::vector<GLint>& formats) {
  std::vector<std::uint8_t> entry;
  std::uint32_t format = 0;
  if (!cache.load(identity.key, entry, format)) return GlProgram();
  std::size_t offset = 0, length = 0;
  if (!program_entry::unwrap(identity, entry, format, offset, length) ||
      length > static_cast<std::size_t>((std::numeric_limits<GLsizei>::max)())) {
    return GlProgram();
  }
  // glProgramBinary raises GL_INVALID_ENUM for a format the driver does not list (an entry
  // from another driver that kept the version string): never hand it one.
  if (std::find(formats.begin(), formats.end(), static_cast<GLint>(format)) == formats.end()) return GlProgram();
  GlProgram program(glCreateProgram());
  glProgramBinary(program.name(), static_cast<GLenum>(format), entry.data() + offset, static_cast<GLsizei>(length));
  GLint linked = GL_FALSE;
  glGetProgramiv(program.name(), GL_LINK_STATUS, &linked);
  if (linked == GL_TRUE) return program;
  // The driver refused its own binary for this very program (updated under the same version
  // string). By the spec that only clears LINK_STATUS, but some drivers raise an error too,
  // which the caller must not find; GL cannot tell it from one the caller left pending.
  (void)take_gl_errors();  // nothing to report: the program is compiled from source instead
  return GlProgram();
}

/// Hands `cache` the driver's binary of `program` (linked with
/// GL_PROGRAM_BINARY_RETRIEVABLE_HINT) in its envelope under its key; drivers may offer none,
/// and one too large for an entry is not stored (it would never be loaded).
inline void store_program_binary(ProgramCache& cache, const ProgramIdentity& identity, GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
  if (length <= 0 || static_cast<std::size_t>(length) > program_entry::max_binary_bytes(identity.key)) return;
  std::vector<std::uint8_t> binary(static_cast<std::size_t>(length));
  GLsizei written = 0;
  GLenum format = 0;
  glGetProgramBinary(program, length, &written, &format, binary.data());
  if (written <= 0 || written > length) return;
  binary.resize(static_cast<std::size_t>(written));
  cache.store(identity.key, program_entry::wrap(identity, static_cast<std::uint32_t>(format), binary),
              static_cast<std::uint32_t>(format));
}

/// Deletes the shaders of a batch, detached from their programs, however the build ends.
class ShaderBatch {
 public:
  explicit ShaderBatch(std::size_t size) : shaders_(size, 0u), programs_(size, 0u) {}
  ~ShaderBatch() {
    for (std::size_t i = 0; i < shaders_.size(); ++i) {
      if (shaders_[i] == 0) continue;
      if (programs_[i] != 0) glDetachShader(programs_[i], shaders_[i]);
      glDeleteShader(shaders_[i]);
    }
  }
  ShaderBatch(const ShaderBatch&) = delete;
  ShaderBatch& operator=(const ShaderBatch&) = delete;
  GLuint& shader(std::size_t i) { return shaders_[i]; }
  GLuint& program(std::size_t i) { return programs_[i]; }

 private:
  std::vector<GLuint> shaders_;
  std::vector<GLuint> programs_;  // the program each shader is attached to, 0 if none
};

/// Builds the compute programs `programs` (one result each, in order). With a `cache`
/// (nullptr: none) and a driver that offers binary formats, each program is first asked of
/// the cache and loaded with glProgramBinary; a program the cache lacks or the driver
/// rejects is compiled from source and its binary stored. Every shader is compiled before
/// any is linked, and every program linked before any status is asked for, so drivers with
/// GL_KHR_parallel_shader_compile may compile them concurrently (asking for a status waits
/// for that compile). The programs go to `result` only when all of them built; otherwise the
/// status has the info log of the first that failed and no GL object is left behind.
inline Status build_compute_programs(const std::vector<ProgramSource>& programs, ProgramCache* cache,
                                     std::vector<GlProgram>& result) {
  std::vector<GlProgram> built(programs.size());
  const std::vector<GLint> formats = cache ? program_binary_formats() : std::vector<GLint>();
  const bool caching = !formats.empty();
  std::vector<ProgramIdentity> identities(programs.size());
  if (caching) {
    for (std::size_t i = 0; i < programs.size(); ++i) {
      identities[i] = program_identity(programs[i]);
      built[i] = load_program_binary(*cache, identities[i], formats);
    }
  }
  ShaderBatch batch(programs.size());
  for (std::size_t i = 0; i < programs.size(); ++i) {
    if (built[i].name() != 0) continue;
    const ProgramSource& program = programs[i];
    std::vector<const GLchar*> strings;
    std::vector<GLint> lengths;
    for (const std::string& s : program.sources) {
      strings.push_back(s.c_str());
      lengths.push_back(static_cast<GLint>(s.size()));
    }
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    if (shader == 0) {
      return fail(
          std::string("glCreateShader(GL_COMPUTE_SHADER) failed for '") + program.kernel_name +
          "': the context does not support compute shaders; create an OpenGL 4.3+ core or OpenGL ES 3.1+ context");
    }
    batch.shader(i) = shader;
    glShaderSource(shader, static_cast<GLsizei>(strings.size()), strings.data(), lengths.data());
    glCompileShader(shader);
  }
  for (std::size_t i = 0; i < programs.size(); ++i) {
    if (batch.shader(i) == 0) continue;
    built[i] = GlProgram(glCreateProgram());
    if (caching) glProgramParameteri(built[i].name(), GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
    glAttachShader(built[i].name(), batch.shader(i));
    batch.program(i) = built[i].name();
    glLinkProgram(built[i].name());
  }
  for (std::size_t i = 0; i < programs.size(); ++i) {
    if (batch.shader(i) == 0) continue;
    const char* kernel_name = programs[i].kernel_name;
    GLint compiled = GL_FALSE;
    glGetShaderiv(batch.shader(i), GL_COMPILE_STATUS, &compiled);
    if (compiled != GL_TRUE) {
      return fail(std::string("compiling the '") + kernel_name +
                  "' compute shader failed. If you set a tuning's extra_shader_source or unusual tile sizes, "
                  "revert them; otherwise report this with your GL_RENDERER. Compiler log:\n" +
                  annotated_compile_log(shader_info_log(batch.shader(i)), programs[i]));
    }
    GLint linked = GL_FALSE;
    glGetProgramiv(built[i].name(), GL_LINK_STATUS, &linked);
    if (linked != GL_TRUE) {
      return fail(std::string("linking the '") + kernel_name +
                  "' compute program failed (often: the tile needs more shared memory than the device has; "
                  "lower BitonicTuning::tile_size). Linker log:\n" + program_info_log(built[i].name()));
    }
  }
  for (std::size_t i = 0; i < programs.size(); ++i) {
    if (programs[i].device == nullptr) continue;
    if (Status fits = check_program_fits(built[i].name(), programs[i].kernel_name, *programs[i].device); !fits)
      return fits;
  }
  if (caching) {
    for (std::size_t i = 0; i < programs.size(); ++i) {
      if (batch.shader(i) == 0) continue;
      // Two programs of a batch with one key (the same kernel and source) are one entry:
      // stored once, not written twice.
      bool stored_before = false;
      for (std::size_t j = 0; j < i; ++j) {
        if (batch.shader(j) != 0 && identities[j].key == identities[i].key) stored_before = true;
      }
      if (!stored_before) store_program_binary(*cache, identities[i], built[i].name());
    }
  }
  result = std::move(built);
  return {};
}

/// build_compute_programs() of one program for tools and tests: the program, or none with the
/// failure reported (report()).
inline GlProgram build_compute_program(const ProgramSource& program, ProgramCache* cache = nullptr) {
  std::vector<GlProgram> built;
  if (!report(build_compute_programs({program}, cache, built))) return GlProgram();
  return std::move(built.front());
}

inline GlProgram build_compute_program(const char* kernel_name, const std::vector<std::string>& sources,
                                       ProgramCache* cache = nullptr) {
  return build_compute_program(ProgramSource{kernel_name, sources}, cache);
}

}  // namespace detail
}  // namespace gpusort
