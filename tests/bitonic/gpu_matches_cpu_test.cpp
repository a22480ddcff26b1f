// The GPU and gpusort::cpu::bitonic_sort run the same compare-exchange network, so with
// many equal keys (where a merely correct sort may order values any way it likes) the
// full (key, value) sequences must still be identical.

#include "gl_session.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

// A buffer sort and a host sort of the same pairs, each the CPU network's result.
template <class Key>
::testing::AssertionResult gpu_equals_cpu(gpusort::BitonicSorter<Key, std::uint32_t>& sorter,
                                          const std::vector<Key>& input_keys,
                                          gpusort::Order order, std::uint32_t seed) {
  const auto input_values = make_values(input_keys.size(), seed);
  const std::size_t count = input_keys.size();
  GlBuffer key_buffer(to_bytes(input_keys));
  GlBuffer value_buffer(to_bytes(input_values));
  sorter.sort(key_buffer.name(), value_buffer.name(), count, order);
  if (auto gl = no_gl_error("sort(GLuint, GLuint, count)"); !gl) return gl;
  if (auto ok = matches_cpu_network(input_keys, input_values, from_bytes<Key>(key_buffer.read(), 0, count),
                                    from_bytes<std::uint32_t>(value_buffer.read(), 0, count), order);
      !ok) {
    return ok << "\n  (buffers)";
  }
  // Host path too: it must be the same network, not a different code path.
  return host_sort_matches_cpu_network(sorter, input_keys, input_values, order) << "\n  (host vectors)";
}

template <class Key>
class GpuMatchesCpu : public GlTest {};
TYPED_TEST_SUITE(GpuMatchesCpu, KeyTypes, KeyTypeNames);

TYPED_TEST(GpuMatchesCpu, KeyValueSequenceWithDuplicates) {
  using Key = TypeParam;
  auto& sorter = cached_sorter<Key, std::uint32_t>();
  const std::size_t tile = sorter.tuning().tile_size;
  auto sizes = edge_sizes(tile);
  for (std::size_t s : {std::size_t{100}, std::size_t{1000}, 3 * tile + 11, 4 * tile})
    sizes.push_back(s);
  for (std::size_t s : random_sizes(0xcafeu, 3, 6 * tile)) sizes.push_back(s);
  for (std::size_t count : sizes) {
    for (auto order : both_orders) {
      for (auto distribution : {Distribution::few_distinct, Distribution::all_equal,
                                Distribution::random, Distribution::reversed}) {
        const auto seed = static_cast<std::uint32_t>(count) * 2654435761u + 5u;
        SCOPED_TRACE(case_name<Key>("gpu vs cpu kv", count, order, distribution, seed));
        ASSERT_TRUE(gpu_equals_cpu(sorter, make_keys<Key>(distribution, count, seed), order, seed));
      }
    }
  }
}

}  // namespace
}  // namespace gpusort_test
