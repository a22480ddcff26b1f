// Stability::stable and sort_indices() on all three classes: equal keys keep their input order, so
// the result must equal std::stable_sort (by totalOrder for floating point) exactly, values
// included. Few-distinct and all-equal inputs make almost every key a tie; int64_t keys carry
// the ties over two words.

#include "contract_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

using StableCases = OverEveryFamily<std::uint32_t, std::int32_t, float, std::int64_t>;

template <class Case>
class StableSort : public GlTest {};
template <class Case>
class SortIndices : public GlTest {};
TYPED_TEST_SUITE(StableSort, StableCases, ContractNames);
TYPED_TEST_SUITE(SortIndices, StableCases, ContractNames);

// GPU buffers (with guard words after the elements) and, up to a few tiles, host vectors.
TYPED_TEST(StableSort, EqualsStdStableSortOnBuffersAndHostVectors) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t tile = tile_of<F>(sorter);
  std::uint32_t seed = 7;
  for (std::size_t count : {std::size_t{2}, std::size_t{3}, std::size_t{33}, tile - 1, tile, tile + 1,
                            3 * tile + 5, std::size_t{100003}}) {
    for (auto distribution : {Distribution::few_distinct, Distribution::all_equal, Distribution::random}) {
      for (auto order : both_orders) {
        ++seed;
        SCOPED_TRACE(contract_case<Key>(F, "stable", count, order, distribution, seed));
        const auto keys = make_keys<Key>(distribution, count, seed);
        const auto values = make_values(count, seed);
        ASSERT_TRUE(contract_buffer_ok<Key>(
            [&](GLuint k, GLuint v) { sorter.sort(k, v, count, order, Stability::stable); }, keys, &values, 0, order,
            Expect::stable, seed));
        if (count <= 3 * tile + 5) {
          auto host_keys = keys;
          auto host_values = values;
          sorter.sort(host_keys, host_values, order, Stability::stable);
          ASSERT_TRUE(pairs_ok(keys, values, host_keys, host_values, order, Expect::stable)) << "host vectors";
        }
        ASSERT_TRUE(no_gl_error("stable sort"));
      }
    }
  }
}

// The indices buffer (garbage before; guard words after the count stay) becomes the stable
// argsort, and the keys are sorted with it.
TYPED_TEST(SortIndices, FillsAndSortsIndicesStably) {
  constexpr Family F = TypeParam::family;
  using Key = typename TypeParam::Key;
  auto& sorter = contract_sorter<F, Key, std::uint32_t>();
  const std::size_t tile = tile_of<F>(sorter);
  std::uint32_t seed = 500;
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{77}, tile + 3, 2 * tile + 1,
                            3 * tile + 5}) {
    for (auto order : both_orders) {
      ++seed;
      SCOPED_TRACE(contract_case<Key>(F, "sort_indices", count, order, Distribution::few_distinct, seed));
      ASSERT_TRUE(contract_indices_ok(sorter, make_keys<Key>(Distribution::few_distinct, count, seed), order, seed));
    }
  }
}

}  // namespace
}  // namespace gpusort_test
