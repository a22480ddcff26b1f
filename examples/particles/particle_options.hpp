#pragma once
// Command line of the particle example.

#include <cstddef>
#include <cstdint>
#include <string>

namespace particles {

struct ParticleOptions {
  std::size_t particles = 200000;
  std::uint32_t seed = 1;
  int width = 1280;
  int height = 720;
  int frames = 0;                // 0: run until the window closes (headless: 300)
  std::string screenshot;        // PNG of the last frame, when not empty
  float particle_radius = 0.0f;  // world units; 0 picks one so that coverage is about the same for any count
  float alpha = 0.6f;            // opacity at a sprite's centre
  bool vsync = true;
  bool sort = true;
  bool fixed_time = false;
  bool headless_egl = false;
  bool report_sort_ms = false;
  bool reference_cpu_sort = false;
};

// Returns -1 to go on, else the exit code (0 after --help, 2 after a bad argument).
int parse_options(int argc, char** argv, ParticleOptions& options);

}  // namespace particles
