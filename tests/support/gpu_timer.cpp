#include "gpu_timer.hpp"

#include <algorithm>
#include <utility>

namespace gpusort_support {
namespace {

std::uint64_t timestamp(GLuint query) {
  GLuint64 nanoseconds = 0;
  glGetQueryObjectui64v(query, GL_QUERY_RESULT, &nanoseconds);
  return nanoseconds;
}

double seconds_from(std::uint64_t begin, std::uint64_t end) {
  const double elapsed = end > begin ? static_cast<double>(end - begin) * 1e-9 : 0.0;
  return std::max(elapsed, GpuTimer::kMinimumSeconds);
}

}  // namespace

GpuTimer::GpuTimer() { glGenQueries(2, queries_); }

GpuTimer::~GpuTimer() {
  if (queries_[0] != 0) glDeleteQueries(2, queries_);
}

GpuTimer::GpuTimer(GpuTimer&& other) noexcept
    : queries_{std::exchange(other.queries_[0], 0), std::exchange(other.queries_[1], 0)} {}

GpuTimer& GpuTimer::operator=(GpuTimer&& other) noexcept {
  if (this != &other) {
    if (queries_[0] != 0) glDeleteQueries(2, queries_);
    queries_[0] = std::exchange(other.queries_[0], 0);
    queries_[1] = std::exchange(other.queries_[1], 0);
  }
  return *this;
}

void GpuTimer::start() { glQueryCounter(queries_[0], GL_TIMESTAMP); }

void GpuTimer::stop() { glQueryCounter(queries_[1], GL_TIMESTAMP); }

double GpuTimer::seconds() const { return seconds_from(start_nanoseconds(), stop_nanoseconds()); }

std::uint64_t GpuTimer::start_nanoseconds() const { return timestamp(queries_[0]); }

std::uint64_t GpuTimer::stop_nanoseconds() const { return timestamp(queries_[1]); }

double seconds_between(const GpuTimer& first, const GpuTimer& last) {
  return seconds_from(first.start_nanoseconds(), last.stop_nanoseconds());
}

}  // namespace gpusort_support
