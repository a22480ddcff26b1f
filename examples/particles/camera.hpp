#pragma once
// The orbiting camera: column-major matrices, as glUniformMatrix4fv takes them.

#include <array>
#include <cmath>

namespace particles {

using Vec3 = std::array<float, 3>;
using Mat4 = std::array<float, 16>;

struct Camera {
  Vec3 eye{};
  Mat4 view{};
  Mat4 projection{};
};

// Looks at the origin from `distance` away, `elevation` radians above the particle disk, turned
// `angle` radians around the vertical axis.
inline Camera orbit_camera(float angle, float elevation, float distance, float aspect) {
  Camera camera;
  const float ce = std::cos(elevation);
  camera.eye = {distance * ce * std::sin(angle), distance * std::sin(elevation), distance * ce * std::cos(angle)};
  const float inv = 1.0f / distance;
  const Vec3 back = {camera.eye[0] * inv, camera.eye[1] * inv, camera.eye[2] * inv};  // camera +z
  // right = up x back with up = +y; the camera never looks straight down, so this is never zero.
  Vec3 right = {back[2], 0.0f, -back[0]};
  const float right_length = std::sqrt(right[0] * right[0] + right[2] * right[2]);
  right = {right[0] / right_length, 0.0f, right[2] / right_length};
  const Vec3 up = {back[1] * right[2] - back[2] * right[1], back[2] * right[0] - back[0] * right[2],
                   back[0] * right[1] - back[1] * right[0]};
  const auto dot = [](const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
  camera.view = {right[0], up[0], back[0], 0.0f,  right[1], up[1], back[1], 0.0f,
                 right[2], up[2], back[2], 0.0f,  -dot(right, camera.eye), -dot(up, camera.eye),
                 -dot(back, camera.eye), 1.0f};
  const float near_plane = 0.05f, far_plane = 50.0f;
  const float f = 1.0f / std::tan(0.5f * 0.75f);  // 43 degrees vertical field of view
  camera.projection = {f / aspect, 0.0f, 0.0f, 0.0f, 0.0f, f, 0.0f, 0.0f, 0.0f, 0.0f,
                       (far_plane + near_plane) / (near_plane - far_plane), -1.0f, 0.0f, 0.0f,
                       2.0f * far_plane * near_plane / (near_plane - far_plane), 0.0f};
  return camera;
}

}  // namespace particles
