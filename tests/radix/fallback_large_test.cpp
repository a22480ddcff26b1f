// Onesweep at 2^24 keys, on its default path and with every other partition's counts withheld
// (tests/radix/fallback_test.cpp says how the fallback is forced and checked). A file of its own
// because it is the longest sort of the suite on llvmpipe: its ctest runs apart.

#include <gmock/gmock.h>

#include <cstdio>

#include "radix/withheld_posts.hpp"
#include "radix_support.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;

// A long sort on the default path (no posts withheld): 2^24 keys, 16384 partitions a pass on
// llvmpipe, whose look-backs recount whatever their threads' schedule leaves unpublished;
// every loop must stay within llvmpipe's iteration budget (onesweep.comp: bounded work). Then
// the same count with every other partition withheld, the most recounts a sort can take.
class RadixFallbackLarge : public GlTest {};

TEST_F(RadixFallbackLarge, SixteenMillionKeys) {
  const std::size_t n = std::size_t{1} << 24;
  const auto keys = make_keys<std::uint32_t>(Distribution::random, n, 24);
  auto sorter = withholding_sorter<std::uint32_t>(0);
  {
    RadixDispatchLog<gpusort::RadixSorter<std::uint32_t>> log(*sorter);
    ASSERT_TRUE(radix_buffer_sort_ok(*sorter, keys, nullptr, Order::descending));
    EXPECT_EQ(log.count(gpusort::RadixKernel::onesweep), full_passes<std::uint32_t>(*sorter));
    std::printf("  2^24 keys, default path: %u fallback recounts\n", log.fallbacks());
  }
  auto withholding = withholding_sorter<std::uint32_t>(2);
  ASSERT_TRUE(withheld_sort_ok(*withholding, 2, keys, nullptr, Order::ascending, {},
                               full_passes<std::uint32_t>(*withholding), 24));
}

}  // namespace
}  // namespace gpusort_test
