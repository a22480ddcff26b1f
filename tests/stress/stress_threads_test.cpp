// Two EGL contexts on two threads, each sorting its own data with its own sorters at the
// same time. gpusort keeps no global GL state, so the two must not disturb each other.

#include <atomic>
#include <mutex>
#include <thread>

#include "gl_debug_output.hpp"
#include "gl_session.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

// Gtest assertions are thread-safe but ASSERT_* only leaves the lambda, so each thread
// collects its problems and the test checks them after join.
struct ThreadReport {
  std::mutex mutex;
  std::vector<std::string> problems;
  void add(const std::string& problem) {
    std::lock_guard<std::mutex> lock(mutex);
    problems.push_back(problem);
  }
};

void sort_on_own_context(int thread_index, int round, std::atomic<int>& ready, ThreadReport& report) {
  try {
    gpusort_support::HeadlessContext context(test_context_options());
    if (gl_debug_requested()) install_gl_debug_checks();
    {
      gpusort::BitonicSorter<float, std::uint32_t> pairs(test_tuning());
      gpusort::BitonicSorter<std::uint32_t> keys(test_tuning());
      // Both threads start sorting together, so their dispatches overlap.
      ++ready;
      while (ready.load() < 2) std::this_thread::yield();
      for (int i = 0; i < 4; ++i) {
        const auto seed = static_cast<std::uint32_t>(1000 * round + 10 * thread_index + i);
        const std::size_t count = 5000 + 3001 * static_cast<std::size_t>(i + thread_index);
        const auto order = (i & 1) ? gpusort::Order::descending : gpusort::Order::ascending;
        GpusortCall call("stress: thread sort");
        auto pairs_ok = buffer_sort_kv_ok<float>(pairs, make_keys<float>(Distribution::random, count, seed),
                                                 make_values(count, seed), order, seed);
        if (!pairs_ok) report.add("thread " + std::to_string(thread_index) + " pairs: " + pairs_ok.message());
        auto keys_ok = host_sort_ok<std::uint32_t>(keys, make_keys<std::uint32_t>(Distribution::random, count, seed),
                                                   order);
        if (!keys_ok) report.add("thread " + std::to_string(thread_index) + " keys: " + keys_ok.message());
      }
    }  // the sorters go while their context is current
  } catch (const std::exception& e) {
    ++ready;  // never leave the other thread waiting
    report.add("thread " + std::to_string(thread_index) + " threw: " + e.what());
  }
}

TEST(StressThreads, TwoContextsOnTwoThreadsSortConcurrently) {
  // The shared test context may be current on this thread; the worker contexts are
  // independent of it, and it is made current again below.
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::atomic<int> ready{0};
    ThreadReport report;
    std::thread first(sort_on_own_context, 0, round, std::ref(ready), std::ref(report));
    std::thread second(sort_on_own_context, 1, round, std::ref(ready), std::ref(report));
    first.join();
    second.join();
    for (const auto& problem : report.problems) ADD_FAILURE() << problem;
  }
  // The main thread's context still works after the others came and went.
  auto& context = gl_context();
  context.make_current();
  EXPECT_TRUE(host_sort_ok<std::uint32_t>(cached_sorter<std::uint32_t>(),
                                          make_keys<std::uint32_t>(Distribution::random, 3000, 5),
                                          gpusort::Order::ascending));
  EXPECT_TRUE(no_gl_error("after the threads"));
}

}  // namespace
}  // namespace gpusort_test
