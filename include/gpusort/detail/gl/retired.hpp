#pragma once
// RetiredBuffers: scratch buffers a sorter no longer uses but that sorts it queued earlier may
// still read or write on the GPU. GL defers deleting a buffer that queued commands use, but a
// sorter that swapped its scratch while a sort was in flight (release_scratch() or use_scratch()
// between two sorts, nothing waited for) was reported to give that sort wrong results on NVIDIA,
// so gpusort does not lean on the deferral: a retired buffer keeps its name and memory until a
// fence made when it was retired has passed; later calls ask the fences without waiting
// (glGetSynciv), so nothing here makes the CPU wait for the GPU. A sorter destroyed with buffers still retired deletes them (GL's deferral is all
// there is then).
#include <cstddef>
#include <utility>
#include <vector>

#include "buffer.hpp"
#include "counters.hpp"
#include "delete_hold.hpp"

namespace gpusort {
namespace detail {

class RetiredBuffers {
 public:
  RetiredBuffers() = default;
  RetiredBuffers(RetiredBuffers&& other) noexcept : batches_(std::move(other.batches_)) { other.batches_.clear(); }
  RetiredBuffers& operator=(RetiredBuffers&& other) noexcept {
    if (this != &other) {
      clear();
      batches_ = std::move(other.batches_);
      other.batches_.clear();
    }
    return *this;
  }
  RetiredBuffers(const RetiredBuffers&) = delete;
  RetiredBuffers& operator=(const RetiredBuffers&) = delete;
  ~RetiredBuffers() { clear(); }

  /// Takes `buffers` (those without a name are skipped) out of use behind one fence.
  template <std::size_t Count>
  void retire(GlBuffer (&buffers)[Count]) {
    Batch batch;
    for (GlBuffer& buffer : buffers) {
      if (buffer.name() != 0) batch.buffers.push_back(std::move(buffer));
    }
    if (batch.buffers.empty()) return;
    batch.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    batches_.push_back(std::move(batch));
  }

  void retire(GlBuffer& buffer) {
    GlBuffer one[1] = {std::move(buffer)};
    retire(one);
  }

  /// Deletes the buffers whose fence has passed. Fences pass in the order they were made, so
  /// the first that has not ends the look.
  void reap() {
    std::size_t passed = 0;
    while (passed < batches_.size() && fence_passed(batches_[passed].fence)) ++passed;
    for (std::size_t i = 0; i < passed; ++i) delete_fence(batches_[i].fence);
    batches_.erase(batches_.begin(), batches_.begin() + static_cast<std::ptrdiff_t>(passed));
  }

  /// Buffers retired and not yet deleted (tests).
  std::size_t count() const {
    std::size_t n = 0;
    for (const Batch& batch : batches_) n += batch.buffers.size();
    return n;
  }

 private:
  struct Batch {
    GLsync fence = nullptr;  // null where the driver made none: then passed at once
    std::vector<GlBuffer> buffers;
  };

  static bool fence_passed(GLsync fence) {
    if (fence == nullptr) return true;
    if (gl_faults().fences_unsignalled) return false;
    GLint status = GL_UNSIGNALED;
    glGetSynciv(fence, GL_SYNC_STATUS, 1, nullptr, &status);
    return status == GL_SIGNALED;
  }

  static void delete_fence(GLsync fence) {
    if (fence != nullptr && gl_deletes_held() == 0) glDeleteSync(fence);
  }

  void clear() {
    for (Batch& batch : batches_) delete_fence(batch.fence);
    batches_.clear();
  }

  std::vector<Batch> batches_;
};

}  // namespace detail
}  // namespace gpusort
