// gpusort_demo [N] [--descending]
// Sorts N random 32-bit keys in a GL buffer on the GPU (headless EGL context), times the sort
// with GPU timestamps, and checks the result against std::sort.

#include "support/headless_context.hpp"  // brings in glad's GL declarations first

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

struct DemoOptions {
  std::size_t count = std::size_t{1} << 20;
  gpusort::Order order = gpusort::Order::ascending;
};

void print_usage(std::FILE* to) {
  std::fprintf(to,
               "usage: gpusort_demo [N] [--descending]\n"
               "  N             number of random uint32 keys (default 1048576)\n"
               "  --descending  sort largest first\n");
}

bool parse_count(const char* text, std::size_t& count) {
  if (*text == '\0' || *text == '-') return false;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*end != '\0') return false;
  count = static_cast<std::size_t>(value);
  return true;
}

// Returns -1 to go on, else the exit code.
int parse_options(int argc, char** argv, DemoOptions& options) {
  bool have_count = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--descending") == 0) {
      options.order = gpusort::Order::descending;
    } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      print_usage(stdout);
      return 0;
    } else if (!have_count && parse_count(argv[i], options.count)) {
      have_count = true;
    } else {
      std::fprintf(stderr, "gpusort_demo: unexpected argument '%s'\n", argv[i]);
      print_usage(stderr);
      return 2;
    }
  }
  return -1;
}

std::vector<std::uint32_t> random_keys(std::size_t count) {
  std::mt19937 generator(20240601u);  // fixed seed: every run sorts the same keys
  std::uniform_int_distribution<std::uint32_t> distribution;
  std::vector<std::uint32_t> keys(count);
  for (auto& key : keys) key = distribution(generator);
  return keys;
}

GLuint make_buffer(const std::vector<std::uint32_t>& keys) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffer);
  // At least one key's worth, so that N = 0 still gets a real buffer object.
  const std::size_t bytes = std::max<std::size_t>(keys.size(), 1) * sizeof(std::uint32_t);
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
  if (!keys.empty()) {
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0,
                    static_cast<GLsizeiptr>(keys.size() * sizeof(std::uint32_t)), keys.data());
  }
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  return buffer;
}

std::vector<std::uint32_t> read_buffer(GLuint buffer, std::size_t count) {
  std::vector<std::uint32_t> keys(count);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  if (count > 0) {
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0,
                       static_cast<GLsizeiptr>(count * sizeof(std::uint32_t)), keys.data());
  }
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return keys;
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

int run(const DemoOptions& options) {
  gpusort_support::HeadlessContext context;
  std::printf("device:     %s, OpenGL %s\n", context.renderer().c_str(),
              context.version().c_str());
  const std::size_t count = options.count;
  const bool descending = options.order == gpusort::Order::descending;
  std::printf("keys:       %zu random uint32, %s\n", count,
              descending ? "descending" : "ascending");

  const std::vector<std::uint32_t> keys = random_keys(count);
  gpusort::BitonicSorter<std::uint32_t> sorter;  // compiles the compute programs
  const gpusort::Plan plan = sorter.plan(count);
  std::printf("plan:       %zu dispatches, %zu full memory passes\n", plan.dispatches,
              plan.memory_passes);

  // The first sort pays for shader specialisation, driver JIT and page faults; sort a copy once
  // so that the timed sort shows the steady state.
  const GLuint warm_up = make_buffer(keys);
  sorter.sort(warm_up, count, options.order);
  glFinish();
  glDeleteBuffers(1, &warm_up);

  const GLuint buffer = make_buffer(keys);
  GLuint queries[2] = {0, 0};
  glGenQueries(2, queries);
  glFinish();  // the upload must not land inside the timed interval
  const auto wall_start = std::chrono::steady_clock::now();
  glQueryCounter(queries[0], GL_TIMESTAMP);
  sorter.sort(buffer, count, options.order);
  glQueryCounter(queries[1], GL_TIMESTAMP);
  glFinish();
  const double wall_ms = milliseconds_since(wall_start);
  GLuint64 start_ns = 0;
  GLuint64 end_ns = 0;
  glGetQueryObjectui64v(queries[0], GL_QUERY_RESULT, &start_ns);
  glGetQueryObjectui64v(queries[1], GL_QUERY_RESULT, &end_ns);
  glDeleteQueries(2, queries);
  const double gpu_ms = end_ns > start_ns ? static_cast<double>(end_ns - start_ns) / 1e6 : 0.0;

  // Some drivers (llvmpipe among them) can report an interval of ~0 for work that did run; the
  // host's wall time around sort() + glFinish() is then the only honest figure.
  const bool timer_usable = gpu_ms > 1e-3;
  const double sort_ms = timer_usable ? gpu_ms : wall_ms;
  std::printf("note:       timings exclude shader compilation and first-use costs "
              "(one warm-up sort of a copy ran first)\n");
  if (timer_usable) {
    std::printf("GPU sort:   %.3f ms (GL_TIMESTAMP queries; %.3f ms wall incl. glFinish)\n",
                gpu_ms, wall_ms);
  } else {
    std::printf("GPU sort:   %.3f ms wall incl. glFinish (GPU timestamps reported ~0)\n",
                wall_ms);
  }
  if (sort_ms > 0.0) {
    std::printf("throughput: %.2f Mkeys/s\n", static_cast<double>(count) / sort_ms / 1e3);
  }

  const std::vector<std::uint32_t> gpu_sorted = read_buffer(buffer, count);
  glDeleteBuffers(1, &buffer);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    std::printf("result: GL error 0x%04x\n", error);
    return 1;
  }

  std::vector<std::uint32_t> expected = keys;
  const auto cpu_start = std::chrono::steady_clock::now();
  if (descending) {
    std::sort(expected.begin(), expected.end(), std::greater<std::uint32_t>());
  } else {
    std::sort(expected.begin(), expected.end());
  }
  std::printf("std::sort:  %.3f ms (one CPU thread)\n", milliseconds_since(cpu_start));

  const auto mismatch = std::mismatch(gpu_sorted.begin(), gpu_sorted.end(), expected.begin());
  if (mismatch.first != gpu_sorted.end()) {
    const auto index = static_cast<std::size_t>(mismatch.first - gpu_sorted.begin());
    std::printf("result: MISMATCH at index %zu: GPU %u, std::sort %u\n", index,
                static_cast<unsigned>(*mismatch.first), static_cast<unsigned>(*mismatch.second));
    return 1;
  }
  std::printf("result: OK (matches std::sort)\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  DemoOptions options;
  if (const int code = parse_options(argc, argv, options); code >= 0) return code;
  try {
    return run(options);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "gpusort_demo: %s\n", error.what());
    return 1;
  }
}
