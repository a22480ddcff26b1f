#include "sort_timer.hpp"

#include <algorithm>

namespace particles {

SortTimer::SortTimer() { glGenQueries(static_cast<GLsizei>(queries_.size()), queries_.data()); }

SortTimer::~SortTimer() { glDeleteQueries(static_cast<GLsizei>(queries_.size()), queries_.data()); }

void SortTimer::begin() {
  collect();
  if (pending_[next_]) {  // still not back after a whole ring of frames: give the slot up
    pending_[next_] = false;
    oldest_ = (next_ + 1) % ring_size;
  }
  glQueryCounter(queries_[next_ * 2], GL_TIMESTAMP);
}

void SortTimer::end() {
  glQueryCounter(queries_[next_ * 2 + 1], GL_TIMESTAMP);
  pending_[next_] = true;
  next_ = (next_ + 1) % ring_size;
}

void SortTimer::collect(bool wait) {
  // Results arrive in submission order, so stop at the first one that has not.
  for (std::size_t checked = 0; checked < ring_size && pending_[oldest_]; ++checked) {
    const GLuint start = queries_[oldest_ * 2];
    const GLuint stop = queries_[oldest_ * 2 + 1];
    if (!wait) {
      GLuint available = GL_FALSE;
      glGetQueryObjectuiv(stop, GL_QUERY_RESULT_AVAILABLE, &available);
      if (available != GL_TRUE) return;
    }
    GLuint64 t0 = 0, t1 = 0;
    glGetQueryObjectui64v(start, GL_QUERY_RESULT, &t0);
    glGetQueryObjectui64v(stop, GL_QUERY_RESULT, &t1);
    pending_[oldest_] = false;
    oldest_ = (oldest_ + 1) % ring_size;
    if (t1 >= t0) {
      latest_ms_ = static_cast<double>(t1 - t0) * 1e-6;
      samples_ms_.push_back(latest_ms_);
    }
  }
}

double SortTimer::median_ms() const {
  if (samples_ms_.empty()) return -1.0;
  std::vector<double> sorted = samples_ms_;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t mid = sorted.size() / 2;
  return sorted.size() % 2 != 0 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}

}  // namespace particles
