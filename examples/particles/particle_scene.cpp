#include "particle_scene.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "gl_program.hpp"
#include "particle_shaders.hpp"

namespace particles {
namespace {

constexpr GLuint workgroup_size = 256;  // local_size_x of both compute shaders

struct Particle {
  float position_radius[4];
  float velocity[4];
  float color[4];
};
static_assert(sizeof(Particle) == 48, "must match the std430 layout of struct Particle in the shaders");

// Uniform in [0, 1) from the raw generator, because std::uniform_real_distribution may differ
// between standard libraries and the picture should depend on the seed alone.
class Random {
 public:
  explicit Random(std::uint32_t seed) : engine_(seed) {}
  float uniform() { return static_cast<float>(engine_() >> 8) * (1.0f / 16777216.0f); }
  float between(float lo, float hi) { return lo + (hi - lo) * uniform(); }

 private:
  std::mt19937 engine_;
};

void hue_to_rgb(float hue, float saturation, float* rgb) {
  for (int k = 0; k < 3; ++k) {
    const float h = std::fmod(hue * 6.0f + 4.0f - 2.0f * static_cast<float>(k) + 6.0f, 6.0f);
    const float channel = std::clamp(std::fabs(h - 3.0f) - 1.0f, 0.0f, 1.0f);
    rgb[k] = 1.0f - saturation + saturation * channel;
  }
}

// A disk and a ring tilted against it, both orbiting the centre: the two cross in front of and
// behind each other, so a wrong draw order shows at a glance.
std::vector<Particle> initial_particles(const SceneSettings& settings) {
  const float radius = settings.radius > 0.0f
                           ? settings.radius
                           : 0.014f * std::sqrt(200000.0f / static_cast<float>(settings.count));
  Random random(settings.seed);
  std::vector<Particle> particles(settings.count);
  for (std::size_t i = 0; i < particles.size(); ++i) {
    Particle& p = particles[i];
    const bool in_ring = random.uniform() < 0.3f;
    const float r = in_ring ? random.between(1.0f, 1.25f) : 0.25f + 1.1f * std::sqrt(random.uniform());
    const float angle = random.between(0.0f, 6.2831853f);
    const float thickness = in_ring ? 0.04f : 0.12f * (1.4f - r);
    const float height = thickness * (random.uniform() + random.uniform() - 1.0f);
    // Speed of a circular orbit around the softened mass of the simulation shader.
    const float r2 = r * r + 0.04f;
    const float speed = r / std::pow(r2, 0.75f) * random.between(0.92f, 1.05f);
    float position[3] = {r * std::cos(angle), height, r * std::sin(angle)};
    float velocity[3] = {-speed * std::sin(angle), 0.02f * random.between(-1.0f, 1.0f), speed * std::cos(angle)};
    if (in_ring) {  // tilt the ring by about 60 degrees around the x axis
      const float c = 0.5f, s = 0.866f;
      const float y = position[1], z = position[2], vy = velocity[1], vz = velocity[2];
      position[1] = c * y - s * z;
      position[2] = s * y + c * z;
      velocity[1] = c * vy - s * vz;
      velocity[2] = s * vy + c * vz;
    }
    for (int k = 0; k < 3; ++k) {
      p.position_radius[k] = position[k];
      p.velocity[k] = velocity[k];
    }
    p.position_radius[3] = radius * random.between(0.7f, 1.3f);
    p.velocity[3] = 0.0f;
    // Hue follows the orbit (a gradient across the disk, another range for the ring) with enough
    // jitter that neighbours differ: a wrong order shows as speckle as well as at the crossings.
    const float hue = in_ring ? 0.80f + 0.12f * random.uniform() : 0.58f - 0.5f * (r - 0.25f) / 1.1f;
    hue_to_rgb(std::fmod(hue + 0.16f * (random.uniform() - 0.5f) + 1.0f, 1.0f), 0.85f, p.color);
    p.color[3] = settings.alpha;
  }
  return particles;
}

GLuint make_storage(std::size_t bytes, const void* data) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_COPY);
  return buffer;
}

GLuint groups_for(std::size_t count) {
  return static_cast<GLuint>((count + workgroup_size - 1) / workgroup_size);
}

}  // namespace

ParticleScene::ParticleScene(const SceneSettings& settings) : count_(settings.count) {
  GLint vertex_blocks = 0;
  glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &vertex_blocks);
  if (vertex_blocks < 2) {
    throw std::runtime_error("the sprite shader reads particles from storage buffers in the vertex stage, but "
                             "GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS is " + std::to_string(vertex_blocks));
  }
  const std::vector<Particle> particles = initial_particles(settings);
  state_buffer_ = make_storage(particles.size() * sizeof(Particle), particles.data());
  depth_buffer_ = make_storage(count_ * sizeof(float), nullptr);
  order_buffer_ = make_storage(count_ * sizeof(std::uint32_t), nullptr);
  simulate_program_ = build_program("simulate", {{GL_COMPUTE_SHADER, shaders::simulate_comp}});
  depth_program_ = build_program("depth_keys", {{GL_COMPUTE_SHADER, shaders::depth_keys_comp}});
  sprite_program_ = build_program(
      "sprites", {{GL_VERTEX_SHADER, shaders::sprite_vert}, {GL_FRAGMENT_SHADER, shaders::sprite_frag}});
  glGenVertexArrays(1, &vertex_array_);
  // Programs the per-frame sort of this count builds on first use, and the radix sort's
  // scratch where the count takes it, are made here, not in the first frame.
  sorter_.prepare(count_);
  sorter_.reserve(count_);
}

ParticleScene::~ParticleScene() {
  glDeleteVertexArrays(1, &vertex_array_);
  glDeleteProgram(sprite_program_);
  glDeleteProgram(depth_program_);
  glDeleteProgram(simulate_program_);
  const GLuint buffers[] = {state_buffer_, depth_buffer_, order_buffer_};
  glDeleteBuffers(3, buffers);
}

void ParticleScene::simulate(float dt) {
  // The previous frame's draw read the state this overwrites.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glUseProgram(simulate_program_);
  glUniform1ui(0, static_cast<GLuint>(count_));
  glUniform1f(1, dt);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, state_buffer_);
  glDispatchCompute(groups_for(count_), 1, 1);
}

void ParticleScene::compute_depth_keys(const Camera& camera) {
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glUseProgram(depth_program_);
  glUniform1ui(0, static_cast<GLuint>(count_));
  glUniform3f(1, camera.eye[0], camera.eye[1], camera.eye[2]);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, state_buffer_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, depth_buffer_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, order_buffer_);
  glDispatchCompute(groups_for(count_), 1, 1);
}

void ParticleScene::sort_on_gpu() {
  // sort() starts with the storage barrier that makes the keys just written visible and ends
  // with one that covers the sprite shader's reads.
  sorter_.sort(depth_buffer_, order_buffer_, count_, gpusort::Order::descending);
}

void ParticleScene::sort_on_cpu() {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<float> keys(count_);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, depth_buffer_);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(count_ * sizeof(float)), keys.data());
  std::vector<std::uint32_t> order(count_);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] > keys[b]; });
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, order_buffer_);
  glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(count_ * sizeof(std::uint32_t)),
                  order.data());
}

void ParticleScene::keep_unsorted() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

void ParticleScene::draw(const Camera& camera) {
  glClearColor(0.015f, 0.015f, 0.03f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);  // the fragment shader outputs premultiplied colour
  glUseProgram(sprite_program_);
  glUniformMatrix4fv(0, 1, GL_FALSE, camera.view.data());
  glUniformMatrix4fv(1, 1, GL_FALSE, camera.projection.data());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, state_buffer_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, order_buffer_);
  glBindVertexArray(vertex_array_);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(count_));
  glBindVertexArray(0);
}

}  // namespace particles
