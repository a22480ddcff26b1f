// gpusort_radix_probe [min_log2] [max_log2] [runs] [variant ...]
// Times RadixSorter whole sorts (GPU time, GL_TIMESTAMP pairs, median of `runs` after a
// warm-up) for 32-bit keys, 32-bit pairs and 64-bit keys, random input restored before every
// sort, and checks every variant's first result against std::stable_sort. Variants (default:
// all): default, reduce_then_scan, onesweep, k4, k12, k16, g128, g512, shared_match (no real
// ballots), bits6. Defaults: 2^12 .. 2^24, 9 runs.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "support/headless_context.hpp"

namespace {

struct Variant {
  std::string name;
  gpusort::RadixTuning tuning;
};

std::vector<Variant> all_variants() {
  std::vector<Variant> v;
  const auto with = [&](const char* name, auto change) {
    gpusort::RadixTuning t;
    change(t);
    v.push_back({name, t});
  };
  with("default", [](gpusort::RadixTuning&) {});
  with("reduce_then_scan", [](gpusort::RadixTuning& t) { t.path = gpusort::RadixPath::reduce_then_scan; });
  with("onesweep", [](gpusort::RadixTuning& t) { t.path = gpusort::RadixPath::onesweep; });
  with("k4", [](gpusort::RadixTuning& t) { t.keys_per_invocation = 4; });
  with("k12", [](gpusort::RadixTuning& t) { t.keys_per_invocation = 12; });
  with("k16", [](gpusort::RadixTuning& t) { t.keys_per_invocation = 16; });
  with("g128", [](gpusort::RadixTuning& t) { t.workgroup_size = 128; t.keys_per_invocation = 16; });
  with("g512", [](gpusort::RadixTuning& t) { t.workgroup_size = 512; t.keys_per_invocation = 4; });
  with("shared_match", [](gpusort::RadixTuning& t) { t.use_subgroups = false; });
  with("bits6", [](gpusort::RadixTuning& t) { t.digit_bits = 6; });
  return v;
}

GLuint make_buffer(const void* data, std::size_t bytes) {
  GLuint name = 0;
  glGenBuffers(1, &name);
  glBindBuffer(GL_COPY_WRITE_BUFFER, name);
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_COPY);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  return name;
}

void copy_buffer(GLuint from, GLuint to, std::size_t bytes) {
  glBindBuffer(GL_COPY_READ_BUFFER, from);
  glBindBuffer(GL_COPY_WRITE_BUFFER, to);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

template <class T>
std::vector<T> read_buffer(GLuint name, std::size_t count) {
  std::vector<T> out(count);
  glBindBuffer(GL_COPY_READ_BUFFER, name);
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(T)), out.data());
  return out;
}

// Median GPU milliseconds of `runs` sorts (after one warm-up); "ok" says whether the first
// result equals std::stable_sort's.
template <class Key, bool Pairs>
double time_sorts(const gpusort::RadixTuning& tuning, std::size_t n, int runs, bool& ok) {
  using Value = std::conditional_t<Pairs, std::uint32_t, void>;
  gpusort::RadixSorter<Key, Value> sorter(tuning);
  std::mt19937_64 rng(n);
  std::vector<Key> keys(n);
  for (auto& k : keys) k = static_cast<Key>(rng());
  std::vector<std::uint32_t> values(n);
  std::iota(values.begin(), values.end(), 0u);
  const GLuint pristine_keys = make_buffer(keys.data(), n * sizeof(Key));
  const GLuint pristine_values = make_buffer(values.data(), n * 4);
  const GLuint key_buffer = make_buffer(nullptr, n * sizeof(Key));
  const GLuint value_buffer = make_buffer(nullptr, n * 4);
  sorter.reserve(n);
  GLuint queries[2];
  glGenQueries(2, queries);
  std::vector<double> times;
  for (int run = -1; run < runs; ++run) {
    copy_buffer(pristine_keys, key_buffer, n * sizeof(Key));
    copy_buffer(pristine_values, value_buffer, n * 4);
    glQueryCounter(queries[0], GL_TIMESTAMP);
    if constexpr (Pairs) {
      sorter.sort(key_buffer, value_buffer, n);
    } else {
      sorter.sort(key_buffer, n);
    }
    glQueryCounter(queries[1], GL_TIMESTAMP);
    GLuint64 t0 = 0, t1 = 0;
    glGetQueryObjectui64v(queries[0], GL_QUERY_RESULT, &t0);
    glGetQueryObjectui64v(queries[1], GL_QUERY_RESULT, &t1);
    if (run >= 0) times.push_back(static_cast<double>(t1 - t0) * 1e-6);
    if (run == -1) {
      std::vector<std::size_t> order(n);
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
      const auto got = read_buffer<Key>(key_buffer, n);
      const auto got_values = read_buffer<std::uint32_t>(value_buffer, n);
      ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = got[i] == keys[order[i]] && (!Pairs || got_values[i] == values[order[i]]);
    }
  }
  glDeleteQueries(2, queries);
  for (GLuint b : {pristine_keys, pristine_values, key_buffer, value_buffer}) glDeleteBuffers(1, &b);
  std::sort(times.begin(), times.end());
  return times.empty() ? 0.0 : times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int min_log2 = argc > 1 ? std::atoi(argv[1]) : 12;
  const int max_log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 9;
  std::vector<Variant> variants;
  for (const Variant& v : all_variants()) {
    bool wanted = argc <= 4;
    for (int i = 4; i < argc; ++i) wanted = wanted || v.name == argv[i];
    if (wanted) variants.push_back(v);
  }
  gpusort_support::HeadlessContext context;
  std::printf("# %s, %s\n# GPU ms, median of %d; '!' marks a result that differs from std::stable_sort\n",
              context.renderer().c_str(), context.version().c_str(), runs);
  std::printf("%-18s %6s %10s %10s %10s  (tile, path)\n", "variant", "log2n", "keys_u32", "pairs_u32", "keys_u64");
  for (int log2n = min_log2; log2n <= max_log2; ++log2n) {
    const std::size_t n = std::size_t{1} << log2n;
    for (const Variant& v : variants) {
      try {
        bool ok_keys = false, ok_pairs = false, ok_wide = false;
        const double keys = time_sorts<std::uint32_t, false>(v.tuning, n, runs, ok_keys);
        const double pairs = time_sorts<std::uint32_t, true>(v.tuning, n, runs, ok_pairs);
        const double wide = time_sorts<std::uint64_t, false>(v.tuning, n, runs, ok_wide);
        gpusort::RadixSorter<std::uint32_t> probe(v.tuning);
        std::printf("%-18s %6d %9.4f%s %9.4f%s %9.4f%s  (%zu, %s%s)\n", v.name.c_str(), log2n, keys, ok_keys ? " " : "!",
                    pairs, ok_pairs ? " " : "!", wide, ok_wide ? " " : "!", probe.tile_size(),
                    probe.tuning().path == gpusort::RadixPath::onesweep ? "onesweep" : "reduce_then_scan",
                    probe.tuning().use_subgroups ? ", ballots" : "");
      } catch (const gpusort::Error& e) {
        std::printf("%-18s %6d  refused: %s\n", v.name.c_str(), log2n, e.what());
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
