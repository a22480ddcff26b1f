// The full cross product at small and medium sizes: key type x order x distribution
// x size, through the host-vector API and the GPU-buffer API, keys alone and with values.

#include "gl_session.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

// Edge sizes around the tile plus a few seeded random ones up to a few tiles.
std::vector<std::size_t> sizes_for(std::size_t tile, std::uint32_t seed) {
  auto sizes = edge_sizes(tile);
  for (std::size_t s : random_sizes(seed, 3, 5 * tile)) sizes.push_back(s);
  return sizes;
}

// Three suites over every key type: host vectors, GPU buffers, and both with values.
template <class Key>
class HostSort : public GlTest {};
template <class Key>
class BufferSort : public GlTest {};
template <class Key>
class KeyValueSort : public GlTest {};
TYPED_TEST_SUITE(HostSort, KeyTypes, KeyTypeNames);
TYPED_TEST_SUITE(BufferSort, KeyTypes, KeyTypeNames);
TYPED_TEST_SUITE(KeyValueSort, KeyTypes, KeyTypeNames);

TYPED_TEST(HostSort, EverySizeOrderAndDistribution) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key>();
  check_every_case<Key>(
      "host", sizes_for(sorter.tuning().tile_size, 0x5eed01u), all_distributions,
      [](std::size_t count, Distribution) { return static_cast<std::uint32_t>(count) * 7919u + 1u; },
      [&](const std::vector<Key>& keys, gpusort::Order order, std::uint32_t, Distribution) { return host_sort_ok(sorter, keys, order); });
}

TYPED_TEST(BufferSort, EverySizeOrderAndDistribution) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key>();
  check_every_case<Key>(
      "buffer", sizes_for(sorter.tuning().tile_size, 0x5eed02u), all_distributions,
      [](std::size_t count, Distribution) { return static_cast<std::uint32_t>(count) * 104729u + 2u; },
      [&](const std::vector<Key>& keys, gpusort::Order order, std::uint32_t seed, Distribution) {
        return buffer_sort_ok(sorter, keys, order, seed);
      });
}

// A sorter is reusable: the same object sorts buffers of different sizes in any order
// (programs and scratch state must not depend on the previous count).
TYPED_TEST(BufferSort, SorterIsReusableAcrossSizes) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key>();
  const std::size_t tile = sorter.tuning().tile_size;
  for (std::size_t count : {3 * tile + 5, std::size_t{5}, tile, 2 * tile + 1, std::size_t{1}}) {
    const std::uint32_t seed = static_cast<std::uint32_t>(count) + 99u;
    SCOPED_TRACE(case_name<Key>("buffer reuse", count, gpusort::Order::descending,
                                Distribution::random, seed));
    ASSERT_TRUE(buffer_sort_ok(sorter, make_keys<Key>(Distribution::random, count, seed),
                               gpusort::Order::descending, seed));
  }
}

TYPED_TEST(KeyValueSort, HostEverySizeOrderAndDistribution) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key, std::uint32_t>();
  check_every_case<Key>(
      "host kv", sizes_for(sorter.tuning().tile_size, 0x5eed03u), all_distributions,
      [](std::size_t count, Distribution) { return static_cast<std::uint32_t>(count) * 31337u + 3u; },
      [&](const std::vector<Key>& keys, gpusort::Order order, std::uint32_t seed, Distribution) {
        return host_sort_kv_ok(sorter, keys, make_values(keys.size(), seed), order);
      });
}

TYPED_TEST(KeyValueSort, BufferEverySizeOrderAndDistribution) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key, std::uint32_t>();
  check_every_case<Key>(
      "buffer kv", sizes_for(sorter.tuning().tile_size, 0x5eed04u), all_distributions,
      [](std::size_t count, Distribution) { return static_cast<std::uint32_t>(count) * 65537u + 4u; },
      [&](const std::vector<Key>& keys, gpusort::Order order, std::uint32_t seed, Distribution) {
        return buffer_sort_kv_ok(sorter, keys, make_values(keys.size(), seed), order, seed);
      });
}

}  // namespace
}  // namespace gpusort_test
