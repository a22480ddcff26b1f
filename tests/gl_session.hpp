#pragma once
// One GL context per test process, created on first use (never during static
// initialisation or test discovery), plus one cached sorter per type: on llvmpipe
// every context and every program build costs real time.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <typeindex>

#include "support/headless_context.hpp"
#include "test_tuning.hpp"

namespace gpusort_test {

// Throws std::runtime_error (from HeadlessContext) when no context can be made.
gpusort_support::HeadlessContext& gl_context();

// A test's own compute shader `source`, written for desktop GLSL ("#version 430" or "#version
// 430 core" on its first line), with that line replaced by "#version 310 es" on an OpenGL ES
// context (GPUSORT_TEST_CONTEXT=es). The test shaders use only what both dialects share.
std::string glsl_for_test_context(const char* source);

// Destroys the cached sorters, then the context; the sorters' GL objects must go first.
void end_gl_session();

namespace detail {
std::shared_ptr<void>& sorter_slot(std::type_index type);

// A cached sorter and the BitonicTuning it was built from (what the tests asked for, before the
// device resolved it: on llvmpipe sorter.tuning().use_subgroups is false whatever was asked).
template <class Sorter>
struct CachedSorter {
  explicit CachedSorter(const gpusort::BitonicTuning& tuning)
      : requested(tuning), sorter(tuning, nullptr, test_device_facts()) {}
  gpusort::BitonicTuning requested;
  Sorter sorter;
};

template <class Key, class Value>
CachedSorter<gpusort::BitonicSorter<Key, Value>>& cached_entry() {
  using Entry = CachedSorter<gpusort::BitonicSorter<Key, Value>>;
  gl_context();
  std::shared_ptr<void>& slot = sorter_slot(std::type_index(typeid(Entry)));
  if (!slot) slot = std::make_shared<Entry>(test_tuning());
  return *static_cast<Entry*>(slot.get());
}
}  // namespace detail

// The process's sorter for these types, built once from test_tuning().
template <class Key, class Value = void>
gpusort::BitonicSorter<Key, Value>& cached_sorter() {
  return detail::cached_entry<Key, Value>().sorter;
}

// The BitonicTuning cached_sorter<Key, Value>() was built from (builds it if need be).
template <class Key, class Value = void>
const gpusort::BitonicTuning& cached_sorter_request() {
  return detail::cached_entry<Key, Value>().requested;
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
