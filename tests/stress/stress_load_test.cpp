// Load: several threads, each with an EGL context of its own, build sorters of all three classes
// over and over and sort through every entry point for a while, every result checked on the CPU.
// Each context must hold as many GL buffers, programs and shaders after its sorters are gone as
// before they came, and the main thread's context must not see any of it.
//
// GPUSORT_STRESS_THREADS (default 2) and GPUSORT_STRESS_SECONDS (default 2) size the run: the
// README's ctest gpusort_stress_tests.load keeps the defaults, the soak
// gpusort_stress_tests.load_soak runs 8 threads for 60 s. A thread's seconds start after its
// warm-up (its first sorter's life), whose compiles on llvmpipe take longer than a whole short
// window when many contexts compile at once: the window then measures sorting more than the
// shader compiler. A life that started inside the window finishes, so a thread ends one life
// after its window at most.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gl_debug_output.hpp"
#include "gl_session.hpp"
#include "live_objects.hpp"
#include "radix_support.hpp"
#include "scratch_arena.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {
namespace {

using Clock = std::chrono::steady_clock;
using gpusort::Order;
using gpusort::Stability;

// A positive whole number from the environment, or `fallback` where the variable is unset; a
// value that is not one fails the test rather than quietly running another load.
std::size_t positive_from_environment(const char* name, std::size_t fallback, std::size_t most) {
  const char* value = std::getenv(name);
  if (value == nullptr || value[0] == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(value, &end, 10);
  if (*end != '\0' || n == 0 || n > most) {
    throw std::invalid_argument(std::string(name) + "=" + value + ": use a whole number from 1 to " +
                                std::to_string(most));
  }
  return static_cast<std::size_t>(n);
}

// Sorter's crossover in this test: the counts drawn below (up to 12,000) fall on both sides of
// it, so that a Sorter runs both algorithms within one life.
constexpr std::size_t sorter_crossover = 4096;
constexpr std::size_t largest_count = 12000;

const char* class_name(Family family) {
  switch (family) {
    case Family::bitonic: return "BitonicSorter";
    case Family::radix: return "RadixSorter";
    case Family::sorter: return "Sorter";
  }
  return "?";
}

// What the run did, summed over threads.
struct Tally {
  std::array<std::atomic<std::uint64_t>, 3> sorts{};        // results checked, by class
  std::array<std::atomic<std::uint64_t>, 3> lives{};        // sorters built and destroyed, by class
  std::array<std::atomic<std::uint64_t>, 3> window_lives{};  // of those, started inside the window
  std::atomic<std::uint64_t> releases{0};                    // release_scratch() calls between sorts
};

// Threads cannot ASSERT into the test: each records its first problem here and every thread
// stops at its next sort, so a failing run ends early with the case that failed.
struct Problems {
  std::atomic<bool> any{false};
  std::mutex mutex;
  std::vector<std::string> lines;
  void add(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex);
    lines.push_back(line);
    any = true;
  }
};

// Elements in a buffer of the test's, `lead` guard bytes before them and guard bytes after: a
// sort may change only the elements it was given, and read_back() says which bytes it changed
// besides.
template <class T>
struct Placed {
  Placed(const std::vector<T>& elements, std::size_t lead_elements, std::uint32_t seed)
      : lead(lead_elements * sizeof(T)),
        count(elements.size()),
        initial(concat(concat(guard_pattern(lead, seed), to_bytes(elements)), guard_pattern(guard_bytes, seed + 1))),
        buffer(initial) {}

  gpusort::BufferView view() const { return {buffer.name(), lead}; }

  // Elements [first, first + n) as they are now into `out`; a failure if any byte of the buffer
  // outside them changed.
  ::testing::AssertionResult read_back(std::size_t first, std::size_t n, std::vector<T>& out, const char* what) const {
    const Bytes after = buffer.read();
    if (after.size() != initial.size()) return ::testing::AssertionFailure() << what << " buffer changed size";
    const std::size_t begin = lead + first * sizeof(T), end = begin + n * sizeof(T);
    for (std::size_t i = 0; i < after.size(); ++i) {
      if ((i < begin || i >= end) && after[i] != initial[i]) {
        return ::testing::AssertionFailure() << what << " buffer: byte " << i << " changed outside the sorted bytes ["
                                             << begin << ", " << end << ")";
      }
    }
    out = from_bytes<T>(after, begin, n);
    return ::testing::AssertionSuccess();
  }

  std::size_t lead, count;
  Bytes initial;
  GlBuffer buffer;
};

// The result of one sort against the CPU: keys as std::sort orders them; values as
// std::stable_sort moves them where the sort promises stability, else the same multiset of
// (key, value) pairs, the key with all its bits.
template <class Key>
::testing::AssertionResult result_ok(const std::vector<Key>& input_keys, const std::vector<std::uint32_t>* input_values,
                                     const std::vector<Key>& keys, const std::vector<std::uint32_t>* values,
                                     Order order, bool stable) {
  if (input_values == nullptr) return same_bits(keys, expected_sorted(input_keys, order), "keys");
  if (stable) {
    std::vector<Key> want_keys = input_keys;
    std::vector<std::uint32_t> want_values = *input_values;
    radix_oracle(want_keys, &want_values, order);
    if (auto ok = same_bits(keys, want_keys, "keys"); !ok) return ok;
    return same_bits(*values, want_values, "values (vs std::stable_sort)");
  }
  if (auto ok = same_bits(keys, expected_sorted(input_keys, order), "keys"); !ok) return ok;
  std::vector<std::pair<BitsOf<Key>, std::uint32_t>> before(keys.size()), after(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    before[i] = {bits_of(input_keys[i]), (*input_values)[i]};
    after[i] = {bits_of(keys[i]), (*values)[i]};
  }
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  if (before != after) return ::testing::AssertionFailure() << "the multiset of (key, value) pairs changed";
  return ::testing::AssertionSuccess();
}

template <Family F, class Key, class Value>
SorterType<F, Key, Value> make_sorter() {
  if constexpr (F == Family::bitonic) {
    return SorterType<F, Key, Value>(test_tuning(), nullptr, test_device_facts());
  } else if constexpr (F == Family::radix) {
    return SorterType<F, Key, Value>(radix_test_tuning(), nullptr, test_device_facts());
  } else {
    return SorterType<F, Key, Value>(contract_sorter_tuning(sorter_crossover), nullptr, test_device_facts());
  }
}

// The entry points a life goes through, each once per pass, in an order drawn per pass.
enum class Op { host, buffer, range, indirect, indices, scratch, release_in_between };

const char* op_name(Op op) {
  switch (op) {
    case Op::host: return "sort(std::vector&)";
    case Op::buffer: return "sort(BufferView)";
    case Op::range: return "sort_range";
    case Op::indirect: return "sort_indirect";
    case Op::indices: return "sort_indices";
    case Op::scratch: return "sort after use_scratch";
    case Op::release_in_between: return "sorts with release_scratch and use_scratch in between, read back after";
  }
  return "?";
}

// One sorter's life on one thread: built, used through every entry point, destroyed.
template <Family F, class Key, class Value>
class Life {
 public:
  static constexpr bool pairs = !std::is_void<Value>::value;

  Life(std::mt19937& rng, GpuCountWriter& writer, Tally& tally, Problems& problems, std::string where)
      : rng_(rng), writer_(writer), tally_(tally), problems_(problems), where_(std::move(where)) {}

  void run() {
    auto sorter = make_sorter<F, Key, Value>();
    std::vector<Op> ops = {Op::host, Op::buffer, Op::range, Op::indirect, Op::scratch, Op::release_in_between};
    if constexpr (pairs) ops.push_back(Op::indices);
    // Twice: the programs a sorter builds on first use are the slow part on llvmpipe, and a
    // second pass sorts other counts with programs that are already there.
    for (int pass = 0; pass < 2; ++pass) {
      std::shuffle(ops.begin(), ops.end(), rng_);
      for (Op op : ops) {
        if (problems_.any) return;
        // Scratch freed between sorts at random, so that sorts after it allocate again.
        if (rng_() % 3 == 0) {
          sorter.release_scratch();
          ++tally_.releases;
        }
        // A refused call names the case here; the thread's own catch could not.
        try {
          run_op(sorter, op);
        } catch (const std::exception& e) {
          problems_.add(where_ + " " + class_name(F) + "<" + key_name<Key>() + (pairs ? ", uint32_t" : "") + "> " +
                        op_name(op) + " threw: " + e.what());
          return;
        }
      }
    }
  }

 private:
  using Sorter = SorterType<F, Key, Value>;

  // One drawn case: mostly counts across both sides of Sorter's crossover and several tiles,
  // sometimes the smallest ones.
  struct Case {
    std::size_t count;
    Order order;
    Distribution distribution;
    Stability stability;
    std::uint32_t seed;
  };

  Case draw() {
    static const Distribution distributions[] = {Distribution::random,    Distribution::sorted,
                                                 Distribution::reversed,  Distribution::all_equal,
                                                 Distribution::few_distinct, Distribution::specials};
    Case c;
    c.count = (rng_() % 8 == 0) ? rng_() % 4 : 1 + rng_() % largest_count;
    c.order = (rng_() & 1) ? Order::descending : Order::ascending;
    c.distribution = distributions[rng_() % 6];
    c.stability = (pairs && (rng_() & 1)) ? Stability::stable : Stability::unstable;
    c.seed = rng_();
    return c;
  }

  // The radix sort is always stable; the others where asked (sort_indices always is).
  bool stable(const Case& c) const { return F == Family::radix || c.stability == Stability::stable; }

  std::string describe(Op op, const Case& c) const {
    return where_ + " " + class_name(F) + "<" + key_name<Key>() + (pairs ? ", uint32_t" : "") + "> " + op_name(op) +
           " count=" + std::to_string(c.count) + " order=" + order_name(c.order) +
           " distribution=" + distribution_name(c.distribution) +
           (c.stability == Stability::stable ? " stable" : "") + " seed=" + std::to_string(c.seed);
  }

  void check(const ::testing::AssertionResult& ok, Op op, const Case& c) {
    if (ok) {
      ++tally_.sorts[static_cast<std::size_t>(F)];
    } else {
      problems_.add(describe(op, c) + ": " + ok.message());
    }
  }

  // The sort's own GL errors, not the checks' (the checks read back through the copy targets).
  bool no_error(Op op, const Case& c) {
    auto ok = no_gl_error(op_name(op));
    if (!ok) problems_.add(describe(op, c) + ": " + ok.message());
    return ok;
  }

  void run_op(Sorter& sorter, Op op) {
    Case c = draw();
    GpusortCall call("stress: load");
    const auto keys = make_keys<Key>(c.distribution, c.count, c.seed);
    const auto values = make_values(c.count, c.seed);
    switch (op) {
      case Op::host: {
        auto got_keys = keys;
        if constexpr (pairs) {
          auto got_values = values;
          sorter.sort(got_keys, got_values, c.order, c.stability);
          if (no_error(op, c)) check(result_ok(keys, &values, got_keys, &got_values, c.order, stable(c)), op, c);
        } else {
          sorter.sort(got_keys, c.order);
          if (no_error(op, c)) check(result_ok<Key>(keys, nullptr, got_keys, nullptr, c.order, false), op, c);
        }
        break;
      }
      case Op::buffer: check_buffer_sort(sorter, op, c, keys, values); break;
      case Op::range: {
        // The sorted range inside more elements of the same kind, the view at an offset.
        const std::size_t before = rng_() % 40, after = rng_() % 40;
        const auto around = make_keys<Key>(c.distribution, before + c.count + after, c.seed + 1);
        std::vector<Key> all_keys = around;
        std::copy(keys.begin(), keys.end(), all_keys.begin() + static_cast<std::ptrdiff_t>(before));
        std::vector<std::uint32_t> all_values = make_values(all_keys.size(), c.seed + 2);
        std::copy(values.begin(), values.end(), all_values.begin() + static_cast<std::ptrdiff_t>(before));
        Placed<Key> key_buffer(all_keys, rng_() % 3, c.seed);
        Placed<std::uint32_t> value_buffer(all_values, rng_() % 3, c.seed + 3);
        if constexpr (pairs) {
          sorter.sort_range(key_buffer.view(), value_buffer.view(), before, c.count, c.order, c.stability);
        } else {
          sorter.sort_range(key_buffer.view(), before, c.count, c.order);
        }
        if (!no_error(op, c)) break;
        check(read_and_compare(key_buffer, pairs ? &value_buffer : nullptr, before, keys, values, c), op, c);
        break;
      }
      case Op::indirect: {
        // A count written by a shader, sometimes past the capacity (clamped to it), at a word of
        // a small buffer whose other words must stay.
        const std::size_t capacity = std::max<std::size_t>(c.count, 1);
        const auto written = static_cast<std::uint32_t>(rng_() % (capacity + capacity / 4 + 2));
        const std::size_t sorted = std::min<std::size_t>(written, capacity);
        const std::size_t count_offset = 4 * (rng_() % 16);
        const auto all_keys = make_keys<Key>(c.distribution, capacity, c.seed);
        const auto all_values = make_values(capacity, c.seed);
        Placed<Key> key_buffer(all_keys, rng_() % 3, c.seed);
        Placed<std::uint32_t> value_buffer(all_values, rng_() % 3, c.seed + 3);
        Bytes counts_initial = guard_pattern(64, c.seed + 5);
        GlBuffer counts(counts_initial);
        writer_.write(counts.name(), count_offset, written);
        if constexpr (pairs) {
          sorter.sort_indirect(key_buffer.view(), value_buffer.view(), counts.name(), count_offset, capacity, c.order);
        } else {
          sorter.sort_indirect(key_buffer.view(), counts.name(), count_offset, capacity, c.order);
        }
        if (!no_error(op, c)) break;
        c.count = sorted;  // what the case names from here on
        const std::vector<Key> prefix_keys(all_keys.begin(), all_keys.begin() + static_cast<std::ptrdiff_t>(sorted));
        const std::vector<std::uint32_t> prefix_values(all_values.begin(),
                                                       all_values.begin() + static_cast<std::ptrdiff_t>(sorted));
        // The pairs' stability follows the algorithm chosen for the capacity: only the radix
        // sort promises it.
        c.stability = Stability::unstable;
        auto ok = read_and_compare(key_buffer, pairs ? &value_buffer : nullptr, 0, prefix_keys, prefix_values, c);
        if (ok) {
          std::memcpy(counts_initial.data() + count_offset, &written, 4);
          if (counts.read() != counts_initial) ok = ::testing::AssertionFailure() << "the count buffer changed";
        }
        check(ok, op, c);
        break;
      }
      case Op::indices: {
        if constexpr (pairs) {
          Placed<Key> key_buffer(keys, rng_() % 3, c.seed);
          // The indices buffer starts as garbage: sort_indices only writes it.
          Placed<std::uint32_t> index_buffer(make_values(c.count, c.seed ^ 0x5a5a5a5au), rng_() % 3, c.seed + 3);
          sorter.sort_indices(key_buffer.view(), index_buffer.view(), c.count, c.order);
          if (!no_error(op, c)) break;
          std::vector<std::uint32_t> indices(c.count);
          for (std::size_t i = 0; i < c.count; ++i) indices[i] = static_cast<std::uint32_t>(i);
          c.stability = Stability::stable;
          check(read_and_compare(key_buffer, &index_buffer, 0, keys, indices, c), op, c);
        }
        break;
      }
      case Op::scratch: {
        // The caller's memory, sized by scratch_bytes() for a capacity a little above the count:
        // the sort allocates nothing and touches no byte of the arena outside the range.
        const std::size_t capacity = c.count + rng_() % 100;
        ScratchArena arena(sorter.scratch_bytes(capacity, c.stability), c.seed);
        sorter.use_scratch(arena.buffer.name(), arena.offset, arena.bytes);
        const std::uint64_t allocated = allocations();
        check_buffer_sort(sorter, op, c, keys, values);
        if (allocations() != allocated) problems_.add(describe(op, c) + ": a sort allocated after use_scratch()");
        if (auto ok = arena.guards_intact(); !ok) problems_.add(describe(op, c) + ": " + ok.message());
        sorter.use_scratch(0, 0, 0);
        break;
      }
      case Op::release_in_between: {
        // Scratch freed and swapped while earlier sorts may still be queued (no read-back
        // between them): each sort must come out as if it ran alone.
        Placed<Key> first_keys(keys, 0, c.seed);
        Placed<std::uint32_t> first_values(values, 0, c.seed + 3);
        const Case second = draw();
        const auto second_keys = make_keys<Key>(second.distribution, second.count, second.seed);
        const auto second_values = make_values(second.count, second.seed);
        Placed<Key> second_key_buffer(second_keys, 1, second.seed);
        Placed<std::uint32_t> second_value_buffer(second_values, 1, second.seed + 3);
        ScratchArena arena(sorter.scratch_bytes(std::max(c.count, second.count), Stability::stable), c.seed);
        if constexpr (pairs) {
          sorter.sort(first_keys.view(), first_values.view(), c.count, c.order, c.stability);
          sorter.release_scratch();
          sorter.use_scratch(arena.buffer.name(), arena.offset, arena.bytes);
          sorter.sort(second_key_buffer.view(), second_value_buffer.view(), second.count, second.order,
                      second.stability);
        } else {
          sorter.sort(first_keys.view(), c.count, c.order);
          sorter.release_scratch();
          sorter.use_scratch(arena.buffer.name(), arena.offset, arena.bytes);
          sorter.sort(second_key_buffer.view(), second.count, second.order);
        }
        sorter.use_scratch(0, 0, 0);
        if (!no_error(op, c)) break;
        check(read_and_compare(first_keys, pairs ? &first_values : nullptr, 0, keys, values, c), op, c);
        check(read_and_compare(second_key_buffer, pairs ? &second_value_buffer : nullptr, 0, second_keys,
                               second_values, second),
              op, second);
        if (auto ok = arena.guards_intact(); !ok) problems_.add(describe(op, second) + ": " + ok.message());
        break;
      }
    }
  }

  void check_buffer_sort(Sorter& sorter, Op op, const Case& c, const std::vector<Key>& keys,
                         const std::vector<std::uint32_t>& values) {
    Placed<Key> key_buffer(keys, rng_() % 3, c.seed);
    Placed<std::uint32_t> value_buffer(values, rng_() % 3, c.seed + 3);
    if constexpr (pairs) {
      sorter.sort(key_buffer.view(), value_buffer.view(), c.count, c.order, c.stability);
    } else {
      sorter.sort(key_buffer.view(), c.count, c.order);
    }
    if (!no_error(op, c)) return;
    check(read_and_compare(key_buffer, pairs ? &value_buffer : nullptr, 0, keys, values, c), op, c);
  }

  ::testing::AssertionResult read_and_compare(const Placed<Key>& key_buffer, const Placed<std::uint32_t>* value_buffer,
                                              std::size_t first, const std::vector<Key>& keys,
                                              const std::vector<std::uint32_t>& values, const Case& c) {
    std::vector<Key> got_keys;
    std::vector<std::uint32_t> got_values;
    if (auto ok = key_buffer.read_back(first, keys.size(), got_keys, "key"); !ok) return ok;
    if (value_buffer == nullptr) return result_ok<Key>(keys, nullptr, got_keys, nullptr, c.order, false);
    if (auto ok = value_buffer->read_back(first, keys.size(), got_values, "value"); !ok) return ok;
    return result_ok(keys, &values, got_keys, &got_values, c.order, stable(c));
  }

  std::mt19937& rng_;
  GpuCountWriter& writer_;
  Tally& tally_;
  Problems& problems_;
  std::string where_;
};

// The sorters a thread cycles through: every class with four key types each, keys and pairs;
// consecutive entries are of different classes, so that threads that start at different entries
// build different classes at the same time.
using LifeFunction = void (*)(std::mt19937&, GpuCountWriter&, Tally&, Problems&, const std::string&);

template <Family F, class Key, class Value>
void live(std::mt19937& rng, GpuCountWriter& writer, Tally& tally, Problems& problems, const std::string& where) {
  Life<F, Key, Value>(rng, writer, tally, problems, where).run();
  ++tally.lives[static_cast<std::size_t>(F)];
}

struct LifeKind {
  Family family;
  const char* types;
  LifeFunction run;
};

const LifeKind life_kinds[] = {
    {Family::bitonic, "<uint32_t>", &live<Family::bitonic, std::uint32_t, void>},
    {Family::radix, "<uint32_t, uint32_t>", &live<Family::radix, std::uint32_t, std::uint32_t>},
    {Family::sorter, "<uint64_t>", &live<Family::sorter, std::uint64_t, void>},
    {Family::bitonic, "<float, uint32_t>", &live<Family::bitonic, float, std::uint32_t>},
    {Family::radix, "<float>", &live<Family::radix, float, void>},
    {Family::sorter, "<double, uint32_t>", &live<Family::sorter, double, std::uint32_t>},
    {Family::bitonic, "<int64_t, uint32_t>", &live<Family::bitonic, std::int64_t, std::uint32_t>},
    {Family::radix, "<uint64_t, uint32_t>", &live<Family::radix, std::uint64_t, std::uint32_t>},
    {Family::sorter, "<int32_t, uint32_t>", &live<Family::sorter, std::int32_t, std::uint32_t>},
    {Family::bitonic, "<double>", &live<Family::bitonic, double, void>},
    {Family::radix, "<int32_t>", &live<Family::radix, std::int32_t, void>},
    {Family::sorter, "<float>", &live<Family::sorter, float, void>},
};
constexpr std::size_t life_kind_count = sizeof(life_kinds) / sizeof(life_kinds[0]);

struct ThreadTimes {
  double warm_up_s = 0, window_s = 0;
};

void load_thread(std::size_t index, std::chrono::seconds window, Tally& tally, Problems& problems,
                 ThreadTimes& times) {
  const std::string thread_name = "thread " + std::to_string(index);
  try {
    gpusort_support::HeadlessContext context(test_context_options());
    if (gl_debug_requested()) install_gl_debug_checks();
    const LiveObjects before = LiveObjects::probe();
    {
      GpuCountWriter writer;
      std::mt19937 rng(static_cast<std::uint32_t>(20261129u + 7919u * index));
      // Threads start 5 kinds apart, so that 8 threads build 8 different sorters at first.
      std::size_t next = (5 * index) % life_kind_count;
      std::size_t life = 0;
      // Counted around each life as well, so that a leak names the sorter that left it.
      auto live_next = [&] {
        const LifeKind& kind = life_kinds[next];
        next = (next + 1) % life_kind_count;
        const std::string where = thread_name + " life " + std::to_string(life++);
        const LiveObjects life_before = LiveObjects::probe();
        kind.run(rng, writer, tally, problems, where);
        const LiveObjects life_after = LiveObjects::probe();
        if (!(life_before == life_after)) {
          problems.add(where + " " + class_name(kind.family) + kind.types + ": the live GL objects changed from " +
                       life_before.describe() + " to " + life_after.describe());
        }
        return kind.family;
      };
      const auto start = Clock::now();
      live_next();
      const auto window_start = Clock::now();
      const auto deadline = window_start + window;
      while (!problems.any && Clock::now() < deadline) ++tally.window_lives[static_cast<std::size_t>(live_next())];
      times.warm_up_s = std::chrono::duration<double>(window_start - start).count();
      times.window_s = std::chrono::duration<double>(Clock::now() - window_start).count();
    }  // the count writer's program goes too: the context must be back where it began
    const LiveObjects after = LiveObjects::probe();
    if (!(before == after)) {
      problems.add(thread_name + ": its context's live GL objects changed from " + before.describe() + " to " +
                   after.describe());
    }
    if (auto ok = no_gl_error("the thread's sorters"); !ok) problems.add(thread_name + ": " + ok.message());
  } catch (const std::exception& e) {
    problems.add(thread_name + " threw: " + e.what());
  }
}

TEST(StressLoad, ThreadsWithOwnContextsSortWithEveryClassAndLeakNothing) {
  const std::size_t threads = positive_from_environment("GPUSORT_STRESS_THREADS", 2, 64);
  const std::chrono::seconds window(positive_from_environment("GPUSORT_STRESS_SECONDS", 2, 3600));
  // The worker contexts share nothing with the main thread's: their sorters must not create or
  // delete a single name in it.
  auto& context = gl_context();
  context.make_current();
  const LiveObjects main_before = LiveObjects::probe();

  Tally tally;
  Problems problems;
  std::vector<ThreadTimes> times(threads);
  const auto start = Clock::now();
  std::vector<std::thread> workers;
  for (std::size_t i = 0; i < threads; ++i) {
    workers.emplace_back(load_thread, i, window, std::ref(tally), std::ref(problems), std::ref(times[i]));
  }
  for (auto& worker : workers) worker.join();
  const double wall_s = std::chrono::duration<double>(Clock::now() - start).count();

  for (const auto& line : problems.lines) ADD_FAILURE() << line;
  context.make_current();
  const LiveObjects main_after = LiveObjects::probe();
  EXPECT_TRUE(main_before == main_after) << "the main context's live GL objects changed from "
                                         << main_before.describe() << " to " << main_after.describe();
  EXPECT_TRUE(no_gl_error("the load, in the main context"));

  double longest_warm_up = 0, longest_window = 0;
  for (const auto& t : times) {
    longest_warm_up = std::max(longest_warm_up, t.warm_up_s);
    longest_window = std::max(longest_window, t.window_s);
  }
  std::printf("[ load ] %zu threads, %lld s window: %.1f s wall (longest warm-up %.1f s, longest window %.1f s), "
              "%llu release_scratch calls between sorts\n",
              threads, static_cast<long long>(window.count()), wall_s, longest_warm_up, longest_window,
              static_cast<unsigned long long>(tally.releases.load()));
  for (Family family : {Family::bitonic, Family::radix, Family::sorter}) {
    const auto f = static_cast<std::size_t>(family);
    std::printf("[ load ] %-13s %6llu sorts checked, %4llu sorters built (%llu in the window)\n", class_name(family),
                static_cast<unsigned long long>(tally.sorts[f].load()),
                static_cast<unsigned long long>(tally.lives[f].load()),
                static_cast<unsigned long long>(tally.window_lives[f].load()));
  }
  // A run that failed has said why; one that did not must have sorted through its window on
  // every thread (each thread starts at least one life there) with every class.
  if (problems.any) return;
  std::uint64_t window_lives = 0;
  for (Family family : {Family::bitonic, Family::radix, Family::sorter}) {
    const auto f = static_cast<std::size_t>(family);
    EXPECT_GT(tally.sorts[f].load(), 0u) << class_name(family) << " checked no sort";
    window_lives += tally.window_lives[f].load();
  }
  EXPECT_GE(window_lives, threads) << "a thread started no sorter inside its window";
}

}  // namespace
}  // namespace gpusort_test
