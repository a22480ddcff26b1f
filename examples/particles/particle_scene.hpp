#pragma once
// The particles, their GPU programs and the per-frame steps: simulate, compute sort keys, sort
// (on the GPU with gpusort, or on the CPU as a reference), draw back to front.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>

#include <cstddef>
#include <cstdint>

#include "camera.hpp"

namespace particles {

struct SceneSettings {
  std::size_t count = 200000;
  std::uint32_t seed = 1;
  float radius = 0.0f;  // sprite radius in world units; 0 picks one from the count
  float alpha = 0.6f;
};

class ParticleScene {
 public:
  explicit ParticleScene(const SceneSettings& settings);  // throws on shader or sorter errors
  ~ParticleScene();
  ParticleScene(const ParticleScene&) = delete;
  ParticleScene& operator=(const ParticleScene&) = delete;

  void simulate(float dt);
  // Writes each particle's distance to the eye as its key and the identity as the draw order.
  void compute_depth_keys(const Camera& camera);
  void sort_on_gpu();        // gpusort, farthest first; no CPU wait
  void sort_on_cpu();        // reads the keys back and std::stable_sorts them: the reference
  void keep_unsorted();      // draw in particle order, which blends wrongly
  void draw(const Camera& camera);

  std::size_t count() const { return count_; }
  // Which of gpusort's algorithms the front door runs for this many particles.
  const char* sort_algorithm() const {
    return sorter_.algorithm_for(count_) == gpusort::Algorithm::radix ? "radix" : "bitonic";
  }

 private:
  std::size_t count_;
  GLuint state_buffer_ = 0;  // binding 0: Particle {position_radius, velocity, color}
  GLuint depth_buffer_ = 0;  // binding 1: float keys
  GLuint order_buffer_ = 0;  // binding 2: uint particle indices, sorted
  GLuint simulate_program_ = 0;
  GLuint depth_program_ = 0;
  GLuint sprite_program_ = 0;
  GLuint vertex_array_ = 0;  // empty: the sprite shader pulls everything from the buffers
  gpusort::Sorter<float, std::uint32_t> sorter_;  // the faster algorithm for the count
};

}  // namespace particles
