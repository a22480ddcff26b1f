#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "detail/device.hpp"
#include "detail/embedded_shaders.hpp"
#include "detail/gl_program.hpp"
#include "detail/gl_state.hpp"
#include "detail/network.hpp"
#include "error.hpp"
#include "key_traits.hpp"
#include "order.hpp"
#include "tuning.hpp"

namespace gpusort {

/// The memory barrier every sort() ends with. Later shader-storage reads, vertex
/// attribute and index fetches, and buffer reads/updates (glGetBufferSubData,
/// glCopyBufferSubData, mapping) see the sorted data without another barrier.
constexpr GLbitfield sort_completion_barrier = GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                                               GL_ELEMENT_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT;

/// Sorts keys (and a payload per key) that live in OpenGL buffers, on the GPU, with a
/// bitonic sorting network in compute shaders.
///
///   gpusort::BitonicSorter<float, std::uint32_t> sorter;      // a GL 4.3+ context is current
///   sorter.sort(depth_ssbo, index_ssbo, particle_count, gpusort::Order::descending);
///   glDrawArrays(...);                                          // reads the sorted indices
///
/// Contracts:
/// - Key: std::uint32_t, std::int32_t or float (IEEE-754 totalOrder: -NaN < -inf < ... <
///   -0.0 < +0.0 < ... < +inf < +NaN). Value: any 4-byte trivially copyable type, carried
///   with its key. Not stable: equal keys end in the order the network leaves them,
///   which is deterministic and equal to cpu::bitonic_sort.
/// - In place. Reads and writes only elements [0, count) of each buffer, which must hold
///   at least count tightly packed elements from offset 0; any count 0 .. 2^31.
/// - Needs the context it was built in (or one sharing with it) to be current for every
///   call and for destruction.
/// - GPU-buffer sorts never wait for the GPU (no glFinish, no readback). They start with
///   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT), so shader writes to the keys just
///   before are seen, and end with glMemoryBarrier(sort_completion_barrier).
/// - GL state: the current program, the generic and indexed (0 and 1)
///   GL_SHADER_STORAGE_BUFFER bindings and the GL_COPY_READ/WRITE_BUFFER bindings are
///   restored; no GL error is left behind.
/// - Errors: gpusort::Error, thrown before anything is written.
template <class Key, class Value = void>
class BitonicSorter {
  static_assert(is_supported_key<Key>::value, "gpusort keys are std::uint32_t, std::int32_t or float");
  static_assert(is_supported_value<Value>::value, "gpusort values are 4-byte trivially copyable types");

 public:
  static constexpr bool has_values = !std::is_void<Value>::value;
  static constexpr std::uint32_t element_bytes = has_values ? 8u : 4u;  // key + value bytes

  /// Builds the programs for the current context. Throws Error without a current
  /// context, below OpenGL 4.3, for a tuning the device cannot run, or when a shader
  /// fails to compile or link (with the driver's log).
  BitonicSorter() : BitonicSorter(Tuning{}) {}
  explicit BitonicSorter(const Tuning& tuning)
      : limits_(detail::query_device_limits()), tuning_(detail::resolve_tuning(tuning, limits_, element_bytes)) {
    tile_log2_ = detail::log2_exact(tuning_.tile_size);
    global_log2_ = detail::log2_exact(tuning_.global_elements);
    lanes_log2_ = detail::log2_exact(tuning_.global_vector_width);
    GLint previous_program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &previous_program);  // building does not bind, but stay defensive
    local_program_ = detail::build_compute_program(
        "local_sort", {prelude(detail::log2_exact(tuning_.local_elements), tuning_.tile_size / tuning_.local_elements) +
                           "#define TILE_LOG2 " + std::to_string(tile_log2_) + "u\n" +
                           "#define SUBGROUP_LOG2 " +
                           std::to_string(tuning_.use_subgroups ? detail::log2_exact(limits_.subgroup_size) : 0u) +
                           "u\n",
                       detail::shaders::common_glsl, detail::shaders::local_sort_comp});
    global_program_ = detail::build_compute_program(
        "global_steps",
        {prelude(global_log2_, tuning_.global_group_size) + "#define LANES " +
             std::to_string(tuning_.global_vector_width) + "\n",
         detail::shaders::common_glsl,
         detail::shaders::global_steps_comp});
    glUseProgram(static_cast<GLuint>(previous_program));
  }

  ~BitonicSorter() {
    if (scratch_[0] != 0 || scratch_[1] != 0) glDeleteBuffers(2, scratch_);
  }
  BitonicSorter(BitonicSorter&& other) noexcept { *this = std::move(other); }
  BitonicSorter& operator=(BitonicSorter&& other) noexcept {
    if (this != &other) {
      if (scratch_[0] != 0 || scratch_[1] != 0) glDeleteBuffers(2, scratch_);
      limits_ = std::move(other.limits_);
      tuning_ = std::move(other.tuning_);
      tile_log2_ = other.tile_log2_;
      global_log2_ = other.global_log2_;
      lanes_log2_ = other.lanes_log2_;
      local_program_ = std::move(other.local_program_);
      global_program_ = std::move(other.global_program_);
      for (int i = 0; i < 2; ++i) {
        scratch_[i] = other.scratch_[i];
        scratch_bytes_[i] = other.scratch_bytes_[i];
        other.scratch_[i] = 0;
        other.scratch_bytes_[i] = 0;
      }
    }
    return *this;
  }
  BitonicSorter(const BitonicSorter&) = delete;
  BitonicSorter& operator=(const BitonicSorter&) = delete;

  /// Sorts the first `count` keys of buffer `keys` in place.
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, 0, count, order);
  }

  /// Sorts the first `count` keys of `keys` in place and applies the same permutation to
  /// the first `count` values of `values` (a different buffer).
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(GLuint keys, GLuint values, std::size_t count, Order order = Order::ascending) {
    sort_buffers(keys, values, count, order);
  }

  /// Host convenience: uploads, sorts on the GPU, downloads (this one waits for the GPU).
  template <class V = Value, std::enable_if_t<std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, Order order = Order::ascending) {
    sort_host(keys.data(), static_cast<V*>(nullptr), keys.size(), order);
  }

  /// Host convenience for key-value sorts. Throws Error (changing nothing) when the
  /// vectors differ in size.
  template <class V = Value, std::enable_if_t<!std::is_void<V>::value, int> = 0>
  void sort(std::vector<Key>& keys, std::vector<V>& values, Order order = Order::ascending) {
    if (keys.size() != values.size()) {
      throw Error("keys has " + std::to_string(keys.size()) + " elements but values has " +
                  std::to_string(values.size()) + "; a key-value sort needs exactly one value per key");
    }
    sort_host(keys.data(), values.data(), keys.size(), order);
  }

  /// What sort() dispatches for `count` elements.
  Plan plan(std::size_t count) const {
    Plan plan;
    detail::for_each_pass(count, tile_log2_, global_log2_, [&](const detail::Pass& pass) {
      ++plan.dispatches;
      ++plan.memory_passes;
      plan.network_steps += pass.steps;
    });
    return plan;
  }

  /// The tuning in effect, with every derived field filled in.
  const Tuning& tuning() const { return tuning_; }

  /// The largest count this context can sort in one call (GL_MAX_SHADER_STORAGE_BLOCK_SIZE
  /// and 32-bit GPU indexing).
  std::size_t max_count() const {
    const std::uint64_t by_block = limits_.max_storage_block_bytes / sizeof(std::uint32_t);
    return static_cast<std::size_t>(std::min<std::uint64_t>(by_block, std::uint64_t{1} << 31));
  }

 private:
  std::string prelude(std::uint32_t elements_log2, std::uint32_t group_size) const {
    return "#version 430 core\n"
           // NVIDIA's compiler otherwise may keep small loops that index register arrays.
           "#pragma optionNV(unroll all)\n"
           "#define KEY_KIND " + std::to_string(KeyTraits<Key>::glsl_kind) + "\n" +
           "#define HAS_VALUES " + (has_values ? "1" : "0") + "\n" +
           "#define ELEMS_LOG2 " + std::to_string(elements_log2) + "u\n" +
           "#define GROUP_SIZE " + std::to_string(group_size) + "u\n" + tuning_.extra_shader_source + "\n";
  }

  void check_count(std::size_t count) const {
    if (count > max_count()) {
      throw Error("count " + std::to_string(count) + " exceeds the " + std::to_string(max_count()) +
                  " elements one call can sort on this context (GL_MAX_SHADER_STORAGE_BLOCK_SIZE = " +
                  std::to_string(limits_.max_storage_block_bytes) +
                  " bytes, and at most 2^31 elements): sort smaller ranges");
    }
  }

  /// Throws unless `buffer` is a buffer object holding at least `bytes` bytes that the GPU
  /// may access now. Binds GL_COPY_READ_BUFFER (the caller's GlStateBackup restores it).
  void check_buffer(GLuint buffer, const char* what, std::size_t count) const {
    const std::string label = std::string(what) + " buffer " + std::to_string(buffer);
    if (buffer == 0 || glIsBuffer(buffer) != GL_TRUE) {
      throw Error(label + " is not a buffer object in the current context: pass a name from glGenBuffers or "
                          "glCreateBuffers that has storage (glBufferData/glBufferStorage) and was not deleted");
    }
    glBindBuffer(GL_COPY_READ_BUFFER, buffer);
    GLint64 size = 0;
    glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &size);
    const std::uint64_t needed = std::uint64_t{count} * sizeof(std::uint32_t);
    if (static_cast<std::uint64_t>(size) < needed) {
      throw Error(label + " is too small: it holds " + std::to_string(size) + " bytes but " + std::to_string(count) +
                  " elements need " + std::to_string(needed) + " bytes; pass a smaller count or a larger buffer");
    }
    GLint mapped = GL_FALSE;
    glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_MAPPED, &mapped);
    if (mapped == GL_TRUE) {
      GLint access = 0;
      glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_ACCESS_FLAGS, &access);
#if defined(GL_MAP_PERSISTENT_BIT)
      const bool persistent = (access & GL_MAP_PERSISTENT_BIT) != 0;
#else
      const bool persistent = false;
#endif
      if (!persistent) {
        throw Error(label + " is mapped: unmap it (glUnmapBuffer) before sorting, or map it with "
                            "GL_MAP_PERSISTENT_BIT");
      }
    }
  }

  void sort_buffers(GLuint keys, GLuint values, std::size_t count, Order order) {
    detail::require_current_context();
    check_count(count);
    detail::GlStateBackup backup;
    check_buffer(keys, "keys", count);
    if (has_values) {
      check_buffer(values, "values", count);
      if (values == keys) {
        throw Error("keys and values are the same buffer " + std::to_string(keys) +
                    ": a key-value sort needs two distinct buffers");
      }
    }
    run(keys, values, count, order);
  }

  template <class V>
  void sort_host(Key* keys, V* values, std::size_t count, Order order) {
    detail::require_current_context();
    check_count(count);
    if (count < 2) return;
    detail::GlStateBackup backup;
    const std::size_t bytes = count * sizeof(std::uint32_t);
    upload(0, keys, bytes);
    if (has_values) upload(1, values, bytes);
    run(scratch_[0], scratch_[1], count, order);
    glBindBuffer(GL_COPY_READ_BUFFER, scratch_[0]);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(bytes), keys);
    if (has_values) {
      glBindBuffer(GL_COPY_READ_BUFFER, scratch_[1]);
      glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(bytes), values);
    }
  }

  void upload(int slot, const void* data, std::size_t bytes) {
    if (scratch_[slot] == 0) glGenBuffers(1, &scratch_[slot]);
    glBindBuffer(GL_COPY_WRITE_BUFFER, scratch_[slot]);
    if (scratch_bytes_[slot] < bytes) {
      glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_COPY);
      scratch_bytes_[slot] = bytes;
    } else {
      glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    }
  }

  void dispatch(std::uint64_t groups) {
    const std::uint64_t x = std::min<std::uint64_t>(groups, tuning_.max_workgroups_x);
    const std::uint64_t y = (groups + x - 1) / x;
    if (y > limits_.max_groups_y) {
      throw Error("a dispatch of " + std::to_string(groups) + " workgroups exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT " +
                  std::to_string(tuning_.max_workgroups_x) + " x " + std::to_string(limits_.max_groups_y) +
                  ": raise Tuning::max_workgroups_x or sort fewer elements");
    }
    glDispatchCompute(static_cast<GLuint>(x), static_cast<GLuint>(y), 1);
  }

  /// Checks that every dispatch of the plan fits the work group count limits, so a
  /// sort never stops half way.
  void check_dispatch_limits(std::size_t count) const {
    const std::uint64_t capacity = std::uint64_t{tuning_.max_workgroups_x} * limits_.max_groups_y;
    const std::uint64_t tiles = (count + tuning_.tile_size - 1) / tuning_.tile_size;
    const std::uint64_t padded = std::uint64_t{1} << detail::ceil_log2(count);
    const std::uint64_t global_groups =
        (padded / tuning_.global_elements / tuning_.global_vector_width + tuning_.global_group_size - 1) /
        tuning_.global_group_size;
    if (tiles > capacity || global_groups > capacity) {
      throw Error("sorting " + std::to_string(count) + " elements needs more workgroups than "
                  "GL_MAX_COMPUTE_WORK_GROUP_COUNT allows (" + std::to_string(tuning_.max_workgroups_x) + " x " +
                  std::to_string(limits_.max_groups_y) + "): raise Tuning::max_workgroups_x or sort fewer elements");
    }
  }

  void run(GLuint keys, GLuint values, std::size_t count, Order order) {
    if (count < 2) {
      glMemoryBarrier(sort_completion_barrier);
      return;
    }
    check_dispatch_limits(count);
    const GLsizeiptr bytes = static_cast<GLsizeiptr>(count * sizeof(std::uint32_t));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, detail::key_binding, keys, 0, bytes);
    if (has_values) glBindBufferRange(GL_SHADER_STORAGE_BUFFER, detail::value_binding, values, 0, bytes);
    const auto n = static_cast<GLuint>(count);
    const GLuint tiles = static_cast<GLuint>((count + tuning_.tile_size - 1) / tuning_.tile_size);
    const GLuint key_xor = order_xor(order);
    GLuint bound = 0;
    const auto use = [&](GLuint program) {
      if (bound == program) return;
      glUseProgram(program);
      glUniform1ui(0, n);  // u_count
      bound = program;
    };
    bool first = true;
    detail::for_each_pass(count, tile_log2_, global_log2_, [&](const detail::Pass& pass) {
      if (!first) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      first = false;
      if (pass.kind == detail::Pass::Kind::global_steps) {
        use(global_program_.name());
        // One invocation per coset, only for the 2^k blocks that hold elements.
        const std::uint64_t blocks = (std::uint64_t{count} + (std::uint64_t{1} << pass.stage) - 1) >> pass.stage;
        const std::uint64_t threads = blocks << (pass.stage - global_log2_ - lanes_log2_);
        glUniform1ui(2, pass.p_hi);
        glUniform1ui(3, pass.p_lo);
        glUniform1ui(4, pass.flip ? 1u : 0u);
        glUniform1ui(5, static_cast<GLuint>(threads));
        dispatch((threads + tuning_.global_group_size - 1) / tuning_.global_group_size);
      } else {
        use(local_program_.name());
        glUniform1ui(1, key_xor);
        glUniform1ui(2, pass.kind == detail::Pass::Kind::local_sort ? 0u : 1u);
        glUniform1ui(3, pass.stage);
        glUniform1ui(4, tiles);
        glUniform1ui(5, pass.first ? 1u : 0u);
        glUniform1ui(6, pass.last ? 1u : 0u);
        dispatch(tiles);
      }
    });
    glMemoryBarrier(sort_completion_barrier);
  }

  detail::DeviceLimits limits_;
  Tuning tuning_;
  std::uint32_t tile_log2_ = 0;
  std::uint32_t global_log2_ = 0;
  std::uint32_t lanes_log2_ = 0;
  detail::GlProgram local_program_;
  detail::GlProgram global_program_;
  GLuint scratch_[2] = {0, 0};
  std::size_t scratch_bytes_[2] = {0, 0};
};

}  // namespace gpusort
