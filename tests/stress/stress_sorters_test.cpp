// Several sorters of different types in one context, used interleaved: each sorter keeps
// its own programs and scratch buffers, and no sort may depend on state another one left.

#include <functional>
#include <random>

#include "gl_debug_output.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

class StressSorters : public GlTest {};

// One step of the interleaving: sorts `count` keys of a seed-chosen distribution with
// one sorter through one entry point and checks it.
using SortStep = std::function<::testing::AssertionResult(std::size_t count, gpusort::Order, std::uint32_t seed)>;

template <class Key, class Sorter>
std::vector<SortStep> keys_steps(Sorter& sorter) {
  return {
      [&sorter](std::size_t count, gpusort::Order order, std::uint32_t seed) {
        GpusortCall call("stress: host keys");
        return host_sort_ok<Key>(sorter, make_keys<Key>(Distribution::random, count, seed), order);
      },
      [&sorter](std::size_t count, gpusort::Order order, std::uint32_t seed) {
        GpusortCall call("stress: buffer keys");
        return buffer_sort_ok<Key>(sorter, make_keys<Key>(Distribution::few_distinct, count, seed), order, seed);
      }};
}

template <class Key, class Sorter>
std::vector<SortStep> pairs_steps(Sorter& sorter) {
  return {
      [&sorter](std::size_t count, gpusort::Order order, std::uint32_t seed) {
        GpusortCall call("stress: host pairs");
        return host_sort_kv_ok<Key>(sorter, make_keys<Key>(Distribution::random, count, seed),
                                    make_values(count, seed), order);
      },
      [&sorter](std::size_t count, gpusort::Order order, std::uint32_t seed) {
        GpusortCall call("stress: buffer pairs");
        return buffer_sort_kv_ok<Key>(sorter, make_keys<Key>(Distribution::reversed, count, seed),
                                      make_values(count, seed), order, seed);
      }};
}

template <class T>
void append(std::vector<T>& to, std::vector<T> from) {
  to.insert(to.end(), from.begin(), from.end());
}

TEST_F(StressSorters, DifferentTypesInterleavedInOneContext) {
  gpusort::BitonicTuning small_tiles;
  small_tiles.tile_size = 128;
  small_tiles.use_subgroups = false;
  gpusort::BitonicSorter<float, std::uint32_t> tuned_pairs(test_tuning(small_tiles));
  gpusort::BitonicSorter<std::int32_t> tuned_keys(test_tuning(small_tiles));

  std::vector<SortStep> steps;
  append(steps, keys_steps<std::uint32_t>(cached_sorter<std::uint32_t>()));
  append(steps, keys_steps<std::int32_t>(cached_sorter<std::int32_t>()));
  append(steps, keys_steps<float>(cached_sorter<float>()));
  append(steps, pairs_steps<std::uint32_t>(cached_sorter<std::uint32_t, std::uint32_t>()));
  append(steps, pairs_steps<std::int32_t>(cached_sorter<std::int32_t, std::uint32_t>()));
  append(steps, pairs_steps<float>(cached_sorter<float, std::uint32_t>()));
  append(steps, pairs_steps<float>(tuned_pairs));
  append(steps, keys_steps<std::int32_t>(tuned_keys));

  // Sizes cross the tile sizes of both tunings, so the host paths' scratch buffers grow
  // and shrink in use between sorters too.
  std::mt19937 rng(20261121u);
  for (int round = 0; round < 60; ++round) {
    const std::size_t which = rng() % steps.size();
    const std::size_t count = (rng() % 3 == 0) ? rng() % 40000 : rng() % 700;
    const auto order = (rng() & 1u) ? gpusort::Order::ascending : gpusort::Order::descending;
    const std::uint32_t seed = rng();
    SCOPED_TRACE("round " + std::to_string(round) + " step " + std::to_string(which) + " count " +
                 std::to_string(count) + " seed " + std::to_string(seed));
    ASSERT_TRUE(steps[which](count, order, seed));
  }
}

}  // namespace
}  // namespace gpusort_test
