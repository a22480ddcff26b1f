#pragma once
// The caller's memory in tests: a buffer of guard bytes with a range in it for a sorter's scratch
// (use_scratch), and gpusort's count of the buffers it allocated (detail/gl/buffer.hpp), which a
// sort on the caller's memory must leave unchanged. Shared by the scratch suites of
// tests/all_sorters/scratch_test.cpp and tests/sorter/scratch_fused_test.cpp.

#include <cstddef>
#include <cstdint>

#include "contract_support.hpp"

namespace gpusort_test {

inline std::uint64_t allocations() { return gpusort::detail::buffer_allocation_count(); }

inline std::size_t storage_alignment() {
  GLint alignment = 4;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  return static_cast<std::size_t>(alignment < 4 ? 4 : alignment);
}

// A buffer of guard bytes with a range for a sorter's scratch in it: `lead` bytes before the
// range (a multiple of the alignment, not of 256), `tail` after.
struct ScratchArena {
  explicit ScratchArena(std::size_t range_bytes, std::uint32_t seed = 9)
      : offset(3 * storage_alignment()),
        bytes(range_bytes),
        initial(guard_pattern(offset + range_bytes + 100, seed)),
        buffer(initial) {}

  // Whether every byte outside the range is as it was.
  ::testing::AssertionResult guards_intact() const {
    const Bytes after = buffer.read();
    for (std::size_t i = 0; i < after.size(); ++i) {
      if ((i < offset || i >= offset + bytes) && after[i] != initial[i])
        return ::testing::AssertionFailure() << "byte " << i << " outside the scratch range [" << offset << ", "
                                             << offset + bytes << ") changed";
    }
    return ::testing::AssertionSuccess();
  }

  std::size_t offset, bytes;
  Bytes initial;
  GlBuffer buffer;
};

// The scratch suites' sorters are the process's cached ones (contract_sorter()): each test puts
// both of its case (keys alone, pairs) back on their own scratch however it ends.
template <class Case>
class ScratchTest : public GlTest {
 protected:
  void TearDown() override {
    contract_sorter<Case::family, typename Case::Key>().use_scratch(0, 0, 0);
    contract_sorter<Case::family, typename Case::Key, std::uint32_t>().use_scratch(0, 0, 0);
    GlTest::TearDown();
  }
};

}  // namespace gpusort_test
