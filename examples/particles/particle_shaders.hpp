#pragma once
// GLSL of the particle example. Binding points are fixed here and in particle_scene.cpp; uniform
// locations are explicit so that nothing is looked up per frame.

namespace particles {
namespace shaders {

// Binding 0 of every program: the particle state.
#define PARTICLES_STATE_BLOCK                                                                   \
  "struct Particle { vec4 position_radius; vec4 velocity; vec4 color; };\n"                      \
  "layout(std430, binding = 0) buffer ParticleState { Particle particles[]; };\n"

// One symplectic Euler step around a softened point mass: particles keep orbiting the centre,
// the inner ones faster, so the depth order changes every frame.
inline const char* const simulate_comp =
    "#version 430 core\n"
    "layout(local_size_x = 256) in;\n" PARTICLES_STATE_BLOCK
    "layout(location = 0) uniform uint u_count;\n"
    "layout(location = 1) uniform float u_dt;\n"
    "void main() {\n"
    "  uint i = gl_GlobalInvocationID.x;\n"
    "  if (i >= u_count) return;\n"
    "  vec3 p = particles[i].position_radius.xyz;\n"
    "  vec3 v = particles[i].velocity.xyz;\n"
    "  float r2 = dot(p, p) + 0.04;\n"
    "  v -= u_dt * p / (r2 * sqrt(r2));\n"
    "  p += u_dt * v;\n"
    "  particles[i].position_radius.xyz = p;\n"
    "  particles[i].velocity.xyz = v;\n"
    "}\n";

// Sort keys: distance to the eye (camera-facing sprites are ordered by it, not by view z), and
// the identity permutation as values.
inline const char* const depth_keys_comp =
    "#version 430 core\n"
    "layout(local_size_x = 256) in;\n" PARTICLES_STATE_BLOCK
    "layout(std430, binding = 1) writeonly buffer DepthKeys { float depth_keys[]; };\n"
    "layout(std430, binding = 2) writeonly buffer DrawOrder { uint draw_order[]; };\n"
    "layout(location = 0) uniform uint u_count;\n"
    "layout(location = 1) uniform vec3 u_eye;\n"
    "void main() {\n"
    "  uint i = gl_GlobalInvocationID.x;\n"
    "  if (i >= u_count) return;\n"
    "  depth_keys[i] = distance(particles[i].position_radius.xyz, u_eye);\n"
    "  draw_order[i] = i;\n"
    "}\n";

// One instance per particle, in the order of the (sorted) index buffer; a 4-vertex strip makes
// the camera-facing quad, offset in view space so it always faces the camera.
inline const char* const sprite_vert =
    "#version 430 core\n" PARTICLES_STATE_BLOCK
    "layout(std430, binding = 2) readonly buffer DrawOrder { uint draw_order[]; };\n"
    "layout(location = 0) uniform mat4 u_view;\n"
    "layout(location = 1) uniform mat4 u_projection;\n"
    "out vec2 v_corner;\n"
    "out vec4 v_color;\n"
    "void main() {\n"
    "  Particle particle = particles[draw_order[gl_InstanceID]];\n"
    "  v_corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;\n"
    "  vec4 centre = u_view * vec4(particle.position_radius.xyz, 1.0);\n"
    "  vec4 corner = centre + vec4(v_corner * particle.position_radius.w, 0.0, 0.0);\n"
    "  v_color = particle.color;\n"
    "  gl_Position = u_projection * corner;\n"
    "}\n";

// Soft round sprite, premultiplied alpha.
inline const char* const sprite_frag =
    "#version 430 core\n"
    "in vec2 v_corner;\n"
    "in vec4 v_color;\n"
    "out vec4 out_color;\n"
    "void main() {\n"
    "  float r = length(v_corner);\n"
    "  if (r >= 1.0) discard;\n"
    "  float alpha = v_color.a * (1.0 - smoothstep(0.55, 1.0, r));\n"
    "  vec3 shaded = v_color.rgb * (1.15 - 0.45 * r * r);\n"
    "  out_color = vec4(shaded * alpha, alpha);\n"
    "}\n";

#undef PARTICLES_STATE_BLOCK

}  // namespace shaders
}  // namespace particles
