// Construction-to-first-sort time of every BitonicSorter type on the current machine.
// Drivers differ in when they really compile: llvmpipe JIT-compiles at the first dispatch,
// so the constructor alone says little; this times the constructor plus a first sort of
// 1024 keys (host vectors, so it waits for the GPU), then a second sort for comparison.
// Mesa's on-disk shader cache hides compile time on a second run of this program: set
// MESA_SHADER_CACHE_DISABLE=true to see cold numbers.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "support/headless_context.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

template <class Key, class Value>
void time_type(const char* name) {
  std::vector<Key> keys(1024);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<Key>((i * 7919u) % 1024u);
  std::vector<std::uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  auto keys2 = keys;
  auto values2 = values;

  const auto start = Clock::now();
  gpusort::BitonicSorter<Key, Value> sorter;
  const double constructed = milliseconds_since(start);
  const auto first_sort = Clock::now();
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys);
  } else {
    sorter.sort(keys, values);
  }
  const double first = milliseconds_since(first_sort);
  const auto second_sort = Clock::now();
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys2, gpusort::Order::descending);
  } else {
    sorter.sort(keys2, values2, gpusort::Order::descending);
  }
  const double second = milliseconds_since(second_sort);
  std::printf("%-16s %12.1f %12.1f %12.1f %14.2f\n", name, constructed, first, constructed + first, second);
}

}  // namespace

int main() {
  try {
    gpusort_support::HeadlessContext context;
    const char* cache = std::getenv("MESA_SHADER_CACHE_DISABLE");
    std::printf("%s, OpenGL %s; Mesa shader cache %s\n", context.renderer().c_str(), context.version().c_str(),
                cache ? "disabled" : "as configured (may be warm)");
    std::printf("%-16s %12s %12s %12s %14s\n", "sorter", "ctor ms", "1st sort ms", "total ms", "2nd sort ms");
    time_type<std::uint32_t, void>("uint32");
    time_type<std::int32_t, void>("int32");
    time_type<float, void>("float");
    time_type<std::uint32_t, std::uint32_t>("uint32+uint32");
    time_type<std::int32_t, std::uint32_t>("int32+uint32");
    time_type<float, std::uint32_t>("float+uint32");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_shader_build_time: %s\n", e.what());
    return 1;
  }
  return 0;
}
