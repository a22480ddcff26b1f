#pragma once
// One GL context per test process, created on first use (never during static
// initialisation or test discovery), plus one cached sorter per type: on llvmpipe
// every context and every program build costs real time.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <typeindex>

#include "support/headless_context.hpp"

namespace gpusort_test {

// Throws std::runtime_error (from HeadlessContext) when no context can be made.
gpusort_support::HeadlessContext& gl_context();

// Destroys the cached sorters, then the context; the sorters' GL objects must go first.
void end_gl_session();

namespace detail {
std::shared_ptr<void>& sorter_slot(std::type_index type);
}

template <class Key, class Value = void>
gpusort::BitonicSorter<Key, Value>& cached_sorter() {
  using Sorter = gpusort::BitonicSorter<Key, Value>;
  gl_context();
  std::shared_ptr<void>& slot = detail::sorter_slot(std::type_index(typeid(Sorter)));
  if (!slot) slot = std::make_shared<Sorter>();
  return *static_cast<Sorter*>(slot.get());
}

// Tile size in elements of the default sorter for these types.
template <class Key, class Value = void>
std::size_t tile_size() {
  return cached_sorter<Key, Value>().tuning().tile_size;
}

class GlSessionEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { end_gl_session(); }
};

// Makes the shared context current and checks that nothing left a GL error behind.
class GlTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
};

}  // namespace gpusort_test
