// Scratch swapped while earlier sorts are still queued on the GPU: release_scratch() and
// use_scratch() between sorts that nothing waits for (no readback, no glFinish), as an engine
// calls them between frames. Memory a queued sort uses must not be reused or handed back before
// that sort is done, so every sort of the chain comes out right. On a GPU the sorts really are
// in flight (this once gave the first sort's values wrong on NVIDIA); llvmpipe runs each
// dispatch at once, so there the sorters' fences are held unsignalled through a test hook
// (detail::FenceProbe) to check that nothing queued is freed early. Runs under LP_NUM_THREADS=1
// too (its ctest), where the network's fused passes run on llvmpipe.

#include <gmock/gmock.h>

#include <memory>
#include <string>
#include <vector>

#include "contract_support.hpp"
#include "scratch_arena.hpp"

namespace gpusort_test {
namespace {

using gpusort::Order;
using gpusort::Stability;

// Which swaps stand between the queued sorts.
enum class Swap { none, release, caller_range, both };

bool software_context() {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return renderer != nullptr && std::string(renderer).find("llvmpipe") != std::string::npos;
}

// The kinds of key-value sort a chain cycles through: the network's stable sorts and
// sort_indices() keep per-element scratch (indices, gathered values) that a permute pass reads
// at the sort's end.
enum class Kind { stable, unstable, indices };

// One queued key-value sort's data: checked only after the whole chain was queued.
struct QueuedSort {
  QueuedSort(Kind kind, std::size_t count, std::uint32_t seed)
      : kind(kind),
        keys(make_keys<float>(Distribution::few_distinct, count, seed)),
        values(kind == Kind::indices ? iota_values(count) : make_values(count, seed)),
        key_buffer(to_bytes(keys)),
        value_buffer(to_bytes(make_values(count, seed))) {}
  static std::vector<std::uint32_t> iota_values(std::size_t count) {
    std::vector<std::uint32_t> v(count);
    for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<std::uint32_t>(i);
    return v;
  }
  Kind kind;
  std::vector<float> keys;
  std::vector<std::uint32_t> values;  // what the values are before the sort (sort_indices(): the indices)
  GlBuffer key_buffer, value_buffer;
};

// Queues sorts of `count` pairs with `swap` between them, `rounds` times, and checks them all
// afterwards. `expect` gives what an unstable sort of `count` pairs must equal.
template <class Sorter>
void sort_chain_with_swaps(Sorter& sorter, Swap swap, std::size_t count, int rounds, Expect expect) {
  const std::size_t bytes = sorter.scratch_bytes(count, Stability::stable);
  ScratchArena arena(bytes);
  std::vector<std::unique_ptr<QueuedSort>> queued;
  const auto sort_next = [&] {
    const Kind kind = static_cast<Kind>(queued.size() % 3);
    queued.push_back(
        std::make_unique<QueuedSort>(kind, count, static_cast<std::uint32_t>(queued.size() * 7919 + 11)));
    QueuedSort& s = *queued.back();
    if (kind == Kind::indices) {
      sorter.sort_indices(s.key_buffer.name(), s.value_buffer.name(), count, Order::descending);
    } else {
      sorter.sort(s.key_buffer.name(), s.value_buffer.name(), count, Order::descending,
                  kind == Kind::stable ? Stability::stable : Stability::unstable);
    }
  };
  for (int round = 0; round < rounds; ++round) {
    sort_next();
    if (swap == Swap::release || swap == Swap::both) sorter.release_scratch();
    sort_next();
    if (swap == Swap::caller_range || swap == Swap::both) sorter.use_scratch(arena.buffer.name(), arena.offset, bytes);
    sort_next();
    if (swap == Swap::caller_range || swap == Swap::both) sorter.use_scratch(0, 0, 0);  // its own scratch again
    sort_next();
  }
  ASSERT_TRUE(no_gl_error("the queued sorts"));
  for (std::size_t i = 0; i < queued.size(); ++i) {
    SCOPED_TRACE("queued sort " + std::to_string(i));
    const QueuedSort& s = *queued[i];
    EXPECT_TRUE(pairs_ok(s.keys, s.values, from_bytes<float>(s.key_buffer.read(), 0, count),
                         from_bytes<std::uint32_t>(s.value_buffer.read(), 0, count), Order::descending,
                         s.kind == Kind::unstable ? expect : Expect::stable));
  }
  EXPECT_TRUE(arena.guards_intact());
}

class ScratchInFlight : public GlTest {
 protected:
  // 70,000 pairs: the network (with fused passes where they run) in a default Sorter on a GPU.
  std::size_t count() const { return software_context() ? 9000 : 70000; }
  int rounds() const { return software_context() ? 2 : 12; }

  void run_every_sorter(Swap swap) {
    gpusort::Sorter<float, std::uint32_t> sorter(gpusort::SorterTuning{}, nullptr, test_device_facts());
    const std::size_t n = count();
    {
      SCOPED_TRACE("Sorter, default tuning");
      sort_chain_with_swaps(sorter, swap, n, rounds(), pair_expectation<Family::sorter>(sorter, n, Stability::unstable));
    }
    {
      SCOPED_TRACE("BitonicSorter, default tuning (fused passes where they run)");
      gpusort::BitonicSorter<float, std::uint32_t> network(test_tuning(), nullptr, test_device_facts());
      sort_chain_with_swaps(network, swap, n, rounds(), pair_expectation<Family::bitonic>(network, n, Stability::unstable));
    }
    {
      SCOPED_TRACE("BitonicSorter, 256-element tiles, fused passes where they run");
      gpusort::BitonicSorter<float, std::uint32_t> network(fused_tuning(), nullptr, test_device_facts());
      sort_chain_with_swaps(network, swap, n, rounds(), pair_expectation<Family::bitonic>(network, n, Stability::unstable));
    }
    {
      SCOPED_TRACE("RadixSorter");
      gpusort::RadixSorter<float, std::uint32_t> radix(gpusort::RadixTuning{}, nullptr, test_device_facts());
      sort_chain_with_swaps(radix, swap, n, rounds(), Expect::stable);
    }
  }
};

// The same chain without swaps: what the others are compared with.
TEST_F(ScratchInFlight, QueuedSortsWithoutSwaps) { run_every_sorter(Swap::none); }
TEST_F(ScratchInFlight, ReleaseBetweenQueuedSorts) { run_every_sorter(Swap::release); }
TEST_F(ScratchInFlight, CallerRangeBetweenQueuedSorts) { run_every_sorter(Swap::caller_range); }
TEST_F(ScratchInFlight, ReleaseAndCallerRangeBetweenQueuedSorts) { run_every_sorter(Swap::both); }

}  // namespace
}  // namespace gpusort_test
