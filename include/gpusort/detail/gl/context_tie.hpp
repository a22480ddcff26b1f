#pragma once
// Which context a sorter's GL objects live in, asked with queries only. Object names are per
// share group: a context that does not share objects with the
// sorter's holds other objects, or none, under the same names, and a twin sorter built the same
// way in another context has the same names one for one. So a name that exists says nothing;
// a value no other sorter has does. ContextTie keeps one in a sampler object of the sorter's own
// (never bound, so it samples nothing): 48 bits, as two integers below 2^24 (exact as floats) in
// its GL_TEXTURE_MIN_LOD and GL_TEXTURE_MAX_LOD. Sampler objects and their parameters are in
// GL 3.3 and ES 3.0 alike, shared between contexts that share objects, and need no extension.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <utility>

#include "delete_hold.hpp"

namespace gpusort {
namespace detail {

class ContextTie {
 public:
  ContextTie() = default;
  ContextTie(ContextTie&& other) noexcept
      : sampler_(std::exchange(other.sampler_, 0u)), min_lod_(other.min_lod_), max_lod_(other.max_lod_) {}
  ContextTie& operator=(ContextTie&& other) noexcept {
    if (this != &other) {
      release();
      sampler_ = std::exchange(other.sampler_, 0u);
      min_lod_ = other.min_lod_;
      max_lod_ = other.max_lod_;
    }
    return *this;
  }
  ContextTie(const ContextTie&) = delete;
  ContextTie& operator=(const ContextTie&) = delete;
  ~ContextTie() { release(); }

  /// Ties to the current context: a sampler with a value of its own. False where the driver does
  /// not give the value back as set (then the tie tells nothing, and callers fall back).
  bool tie() {
    release();
    const std::uint64_t value = unique_value();
    min_lod_ = static_cast<float>(value & 0xFFFFFFu);
    max_lod_ = static_cast<float>((value >> 24) & 0xFFFFFFu);
    glGenSamplers(1, &sampler_);
    glSamplerParameterf(sampler_, GL_TEXTURE_MIN_LOD, min_lod_);
    glSamplerParameterf(sampler_, GL_TEXTURE_MAX_LOD, max_lod_);
    if (!holds()) release();
    return sampler_ != 0;
  }

  bool tied() const { return sampler_ != 0; }

  /// Whether the current context is the one tied to, or shares objects with it.
  bool holds() const {
    if (sampler_ == 0 || glIsSampler(sampler_) != GL_TRUE) return false;
    GLfloat min_lod = -1.0f, max_lod = -1.0f;
    glGetSamplerParameterfv(sampler_, GL_TEXTURE_MIN_LOD, &min_lod);
    glGetSamplerParameterfv(sampler_, GL_TEXTURE_MAX_LOD, &max_lod);
    return min_lod == min_lod_ && max_lod == max_lod_;
  }

 private:
  void release() {
    if (sampler_ != 0 && gl_deletes_held() == 0) glDeleteSamplers(1, &sampler_);
    sampler_ = 0;
  }

  /// Distinct for every call in this process (a counter), and across copies of the library
  /// in one process (DLLs with a counter each) through the clock and the address.
  std::uint64_t unique_value() const {
    static std::atomic<std::uint64_t> counter{0};
    std::uint64_t x = counter.fetch_add(1) * 0x9E3779B97F4A7C15ull;
    x ^= static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    x ^= static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(this)) << 17;
    // splitmix64's finaliser: every input bit reaches the 48 bits kept.
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }

  GLuint sampler_ = 0;
  GLfloat min_lod_ = 0.0f, max_lod_ = 0.0f;
};

}  // namespace detail
}  // namespace gpusort
