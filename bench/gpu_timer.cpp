#include "gpu_timer.hpp"

#include <algorithm>

namespace gpusort_bench {

GpuTimer::GpuTimer() { glGenQueries(2, queries_); }

GpuTimer::~GpuTimer() { glDeleteQueries(2, queries_); }

void GpuTimer::start() { glQueryCounter(queries_[0], GL_TIMESTAMP); }

void GpuTimer::stop() { glQueryCounter(queries_[1], GL_TIMESTAMP); }

double GpuTimer::seconds() const {
  GLuint64 begin = 0;
  GLuint64 end = 0;
  glGetQueryObjectui64v(queries_[0], GL_QUERY_RESULT, &begin);
  glGetQueryObjectui64v(queries_[1], GL_QUERY_RESULT, &end);
  const double elapsed = end > begin ? static_cast<double>(end - begin) * 1e-9 : 0.0;
  return std::max(elapsed, kMinimumSeconds);
}

}  // namespace gpusort_bench
