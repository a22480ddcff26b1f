// gpusort_demo [N] [--descending] [--runs R] [--es]
// Sorts N random 32-bit keys in a GL buffer on the GPU (headless EGL context; --es: OpenGL ES
// 3.1+), times the sort with GPU timestamps (the median of R sorts after a warm-up), and checks
// the result against std::sort. Exit codes: 0 sorted and checked, 1 a failure (GL, a mismatch), 2 bad arguments.

#include "headless_context.hpp"  // brings in glad's GL declarations first

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <new>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr int kBadArguments = 2;

struct DemoOptions {
  std::size_t count = std::size_t{1} << 20;
  gpusort::Order order = gpusort::Order::ascending;
  int runs = 7;
  bool es = false;  // an OpenGL ES 3.1+ context instead of desktop OpenGL
};

void print_usage(std::FILE* to) {
  std::fprintf(to,
               "usage: gpusort_demo [N] [--descending] [--runs R] [--es]\n"
               "  N             number of random uint32 keys (default 1048576)\n"
               "  --descending  sort largest first\n"
               "  --runs R      timed sorts after the warm-up; the median is printed (default 7, 1-1000)\n"
               "  --es          run on an OpenGL ES 3.1+ context (as on Android and Quest) instead of desktop GL\n");
}

// Decimal digits only: no sign, no spaces, nothing strtoull would quietly wrap or clamp.
bool parse_unsigned(const char* text, std::size_t limit, std::size_t& value) {
  if (*text == '\0') return false;
  for (const char* c = text; *c != '\0'; ++c) {
    if (*c < '0' || *c > '9') return false;
  }
  errno = 0;
  const unsigned long long parsed = std::strtoull(text, nullptr, 10);
  if (errno == ERANGE || parsed > limit) return false;
  value = static_cast<std::size_t>(parsed);
  return true;
}

int bad_argument(const std::string& message) {
  std::fprintf(stderr, "gpusort_demo: %s\n", message.c_str());
  print_usage(stderr);
  return kBadArguments;
}

// Returns -1 to go on, else the exit code.
int parse_options(int argc, char** argv, DemoOptions& options) {
  bool have_count = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--descending") {
      options.order = gpusort::Order::descending;
    } else if (argument == "--es") {
      options.es = true;
    } else if (argument == "--help" || argument == "-h") {
      print_usage(stdout);
      return 0;
    } else if (argument == "--runs") {
      std::size_t runs = 0;
      if (i + 1 >= argc || !parse_unsigned(argv[i + 1], 1000, runs) || runs == 0) {
        return bad_argument("--runs needs a whole number from 1 to 1000");
      }
      options.runs = static_cast<int>(runs);
      ++i;
    } else if (!have_count && !argument.empty() &&
               (argument[0] != '-' || (argument.size() > 1 && argument[1] >= '0' && argument[1] <= '9'))) {
      if (!parse_unsigned(argv[i], std::numeric_limits<std::size_t>::max(), options.count)) {
        return bad_argument("N must be a whole number of keys, digits only (e.g. 1048576), up to the device's "
                            "limit; got '" + argument + "'");
      }
      // The key vectors (input, GPU result, std::sort copy) must be addressable on the host.
      if (options.count > std::numeric_limits<std::size_t>::max() / (3 * sizeof(std::uint32_t))) {
        return bad_argument(argument + " keys are more than this program can hold in host memory; pass a "
                            "smaller N");
      }
      have_count = true;
    } else {
      return bad_argument("unexpected argument '" + argument + "'");
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

GLuint make_buffer(std::size_t count, const std::uint32_t* data) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffer);
  // At least one key's worth, so that N = 0 still gets a real buffer object.
  const std::size_t bytes = std::max<std::size_t>(count, 1) * sizeof(std::uint32_t);
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_DYNAMIC_COPY);
  if (count > 0 && data != nullptr) {
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(std::uint32_t)), data);
  }
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  return buffer;
}

// Puts the unsorted keys back before each timed sort (outside the timed interval) with a
// compute shader, the way a renderer's own pass writes keys. Not glCopyBufferSubData: on
// NVIDIA a buffer refilled that way was measured sorting 5x slower (2^24 keys: 9.8 against
// 2.0 ms on an H100), as if the driver had moved it out of video memory.
class KeyRefill {
 public:
  explicit KeyRefill(bool es) {
    // The same shader in both dialects: only the #version line differs.
    const std::string text = std::string(es ? "#version 310 es\n" : "#version 430 core\n") + R"(
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Source { uint source_words[]; };
layout(std430, binding = 1) writeonly buffer Destination { uint destination_words[]; };
layout(location = 0) uniform uint u_words;
void main() {
  uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationIndex;
  if (i < u_words) destination_words[i] = source_words[i];
}
)";
    const char* source = text.c_str();
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    program_ = glCreateProgram();
    glAttachShader(program_, shader);
    glLinkProgram(program_);
    glDeleteShader(shader);
    GLint linked = GL_FALSE;
    glGetProgramiv(program_, GL_LINK_STATUS, &linked);
    if (linked != GL_TRUE) throw std::runtime_error("the demo's refill shader did not build");
  }
  ~KeyRefill() { glDeleteProgram(program_); }
  KeyRefill(const KeyRefill&) = delete;
  KeyRefill& operator=(const KeyRefill&) = delete;

  void operator()(GLuint source, GLuint target, std::size_t count) const {
    if (count == 0) return;
    const std::size_t groups = (count + 255) / 256;
    const GLuint x = static_cast<GLuint>(std::min<std::size_t>(groups, 32768));
    const GLuint y = static_cast<GLuint>((groups + x - 1) / x);
    glUseProgram(program_);
    glUniform1ui(0, static_cast<GLuint>(count));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, source);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, target);
    glDispatchCompute(x, y, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
    glUseProgram(0);
  }

 private:
  GLuint program_ = 0;
};

// Mapped, not glGetBufferSubData: OpenGL ES has no glGetBufferSubData.
std::vector<std::uint32_t> read_buffer(GLuint buffer, std::size_t count) {
  std::vector<std::uint32_t> keys(count);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  if (count > 0) {
    const GLsizeiptr bytes = static_cast<GLsizeiptr>(count * sizeof(std::uint32_t));
    const void* mapped = glMapBufferRange(GL_COPY_READ_BUFFER, 0, bytes, GL_MAP_READ_BIT);
    if (mapped == nullptr) throw std::runtime_error("glMapBufferRange could not map the sorted keys");
    std::memcpy(keys.data(), mapped, static_cast<std::size_t>(bytes));
    glUnmapBuffer(GL_COPY_READ_BUFFER);
  }
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return keys;
}

// GPU timestamps: core in desktop GL 3.3; on ES only EXT_disjoint_timer_query has them, where
// the loader declares it (else the demo reports wall time).
struct Timestamps {
#if defined(GL_EXT_disjoint_timer_query)
  explicit Timestamps(bool es)
      : counter(es ? glQueryCounterEXT : glQueryCounter),
        result(es ? glGetQueryObjectui64vEXT : glGetQueryObjectui64v) {}
#else
  explicit Timestamps(bool es)
      : counter(es ? nullptr : glQueryCounter), result(es ? nullptr : glGetQueryObjectui64v) {}
#endif
  bool available() const { return counter != nullptr && result != nullptr; }
  PFNGLQUERYCOUNTERPROC counter;
  PFNGLGETQUERYOBJECTUI64VPROC result;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

struct SortTimes {
  std::vector<double> gpu_ms;   // GL_TIMESTAMP pairs around each sort
  std::vector<double> wall_ms;  // sort() + glFinish() on the host
};

// One warm-up sort (shader specialisation, driver JIT, first-touch page faults), then `runs` timed
// sorts of the same unsorted keys. Each is timed alone on an idle GPU, so the figures are
// latency (launch included), not the throughput of sorts queued back to back.
SortTimes time_sorts(gpusort::Sorter<std::uint32_t>& sorter, const KeyRefill& refill, const Timestamps& timestamps,
                     GLuint pristine, GLuint buffer, std::size_t count, gpusort::Order order, int runs) {
  refill(pristine, buffer, count);
  sorter.sort(buffer, count, order);
  glFinish();
  SortTimes times;
  GLuint queries[2] = {0, 0};
  if (timestamps.available()) glGenQueries(2, queries);
  for (int run = 0; run < runs; ++run) {
    refill(pristine, buffer, count);
    glFinish();  // the refill must not land inside the timed interval
    const auto wall_start = std::chrono::steady_clock::now();
    if (timestamps.available()) timestamps.counter(queries[0], GL_TIMESTAMP);
    sorter.sort(buffer, count, order);
    if (timestamps.available()) timestamps.counter(queries[1], GL_TIMESTAMP);
    glFinish();
    times.wall_ms.push_back(milliseconds_since(wall_start));
    GLuint64 start_ns = 0;
    GLuint64 end_ns = 0;
    if (timestamps.available()) {
      timestamps.result(queries[0], GL_QUERY_RESULT, &start_ns);
      timestamps.result(queries[1], GL_QUERY_RESULT, &end_ns);
    }
    times.gpu_ms.push_back(end_ns > start_ns ? static_cast<double>(end_ns - start_ns) / 1e6 : 0.0);
  }
  if (timestamps.available()) glDeleteQueries(2, queries);
  return times;
}

void print_times(const SortTimes& times, std::size_t count, int runs) {
  const double gpu = median(times.gpu_ms);
  const double wall = median(times.wall_ms);
  // Some drivers (llvmpipe among them) can report an interval of ~0 for work that did run; the
  // host's wall time around sort() + glFinish() is then the only honest figure.
  const bool timer_usable = gpu > 1e-3;
  const double sort_ms = timer_usable ? gpu : wall;
  if (timer_usable) {
    std::printf("GPU sort:   %.3f ms median of %d (min %.3f, max %.3f; GL_TIMESTAMP queries, "
                "%.3f ms wall incl. glFinish)\n",
                gpu, runs, *std::min_element(times.gpu_ms.begin(), times.gpu_ms.end()),
                *std::max_element(times.gpu_ms.begin(), times.gpu_ms.end()), wall);
  } else {
    std::printf("GPU sort:   %.3f ms median of %d, wall incl. glFinish (GPU timestamps unavailable or reported ~0)\n",
                wall, runs);
  }
  if (sort_ms > 0.0) {
    std::printf("throughput: %.2f Mkeys/s\n", static_cast<double>(count) / sort_ms / 1e3);
  }
  std::printf("note:       one warm-up sort ran first; shader compilation is not timed. Each sort ran\n"
              "            alone on an idle GPU: gpusort_bench measures sorts queued back to back\n");
}

int run(const DemoOptions& options) {
  gpusort_support::ContextOptions context_options;
  if (options.es) context_options.api = gpusort_support::ContextApi::gl_es;  // else GPUSORT_TEST_CONTEXT decides
  gpusort_support::HeadlessContext context(context_options);
  std::printf("device:     %s\nGL_VERSION: %s\n", context.renderer().c_str(), context.version().c_str());
  if (context.is_software()) {
    std::printf("            This is a software renderer: the CPU emulates the GPU, so the sort below\n"
                "            is slower than std::sort. A GPU sorts the same keys thousands of times\n"
                "            faster (2^20 keys in about 0.1 ms on an H200). Here the run shows that the\n"
                "            result is right, not how fast gpusort is.\n");
  }
  const std::size_t count = options.count;
  gpusort::Sorter<std::uint32_t> sorter;  // compiles both algorithms' compute programs
  if (count > sorter.max_count()) {
    std::fprintf(stderr,
                 "gpusort_demo: %zu keys are more than one sort can take on this device (max_count() = %zu, "
                 "from GL_MAX_SHADER_STORAGE_BLOCK_SIZE); pass a smaller N\n",
                 count, sorter.max_count());
    return kBadArguments;
  }
  const bool descending = options.order == gpusort::Order::descending;
  std::printf("keys:       %zu random uint32, %s\n", count, descending ? "descending" : "ascending");
  if (sorter.algorithm_for(count) == gpusort::Algorithm::radix) {
    std::printf("algorithm:  radix sort (gpusort::Sorter's choice for this count; %u-bit digits)\n",
                sorter.radix().tuning().digit_bits);
  } else {
    const gpusort::BitonicPlan plan = sorter.bitonic().plan(count);
    std::printf("algorithm:  bitonic network (gpusort::Sorter's choice for this count): %zu dispatches, %zu full "
                "memory passes\n",
                plan.dispatches, plan.memory_passes);
  }
  sorter.reserve(count);  // the radix sort's scratch, outside the timed sorts

  const std::vector<std::uint32_t> keys = random_keys(count);
  const GLuint pristine = make_buffer(count, keys.data());
  const GLuint buffer = make_buffer(count, nullptr);
  const KeyRefill refill(context.is_es());
  const Timestamps timestamps(context.is_es());
  const SortTimes times =
      time_sorts(sorter, refill, timestamps, pristine, buffer, count, options.order, options.runs);
  print_times(times, count, options.runs);

  const std::vector<std::uint32_t> gpu_sorted = read_buffer(buffer, count);
  glDeleteBuffers(1, &buffer);
  glDeleteBuffers(1, &pristine);
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
  std::printf("std::sort:  %.3f ms (one CPU thread, one run)\n", milliseconds_since(cpu_start));

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
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "gpusort_demo: not enough host memory for %zu keys; pass a smaller N\n", options.count);
    return kBadArguments;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "gpusort_demo: %s\n", error.what());
    return 1;
  }
}
