#include "particle_options.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace particles {
namespace {

void print_usage(std::FILE* to) {
  std::fprintf(to,
               "usage: gpusort_particles [options]\n"
               "  --particles N          particle count (default 200000)\n"
               "  --seed S               initial particle layout and colours (default 1)\n"
               "  --size WxH             framebuffer size (default 1280x720)\n"
               "  --frames N             render N frames, then exit (default: until the window closes)\n"
               "  --screenshot FILE.png  write the last frame as a PNG\n"
               "  --no-vsync             do not wait for vertical sync\n"
               "  --no-sort              start with sorting off (draw in particle order)\n"
               "  --fixed-time           1/60 s per frame for the simulation and camera: reproducible frames\n"
               "  --headless-egl         no window: EGL context and an offscreen framebuffer\n"
               "  --report-sort-ms       print the median GPU sort time at exit as sort_ms_median=<x>\n"
               "  --reference-cpu-sort   sort on the CPU (std::stable_sort of read-back depths) instead\n"
               "  --particle-radius R    sprite radius in world units (default: from the count)\n"
               "  --alpha A              sprite opacity at its centre (default 0.6)\n"
               "keys: S toggles sorting, Esc quits\n");
}

bool parse_unsigned(const char* text, unsigned long long& value) {
  if (text == nullptr || *text == '\0' || *text == '-') return false;
  char* end = nullptr;
  value = std::strtoull(text, &end, 10);
  return *end == '\0';
}

bool parse_float(const char* text, float& value) {
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  value = std::strtof(text, &end);
  return *end == '\0';
}

bool parse_size(const char* text, int& width, int& height) {
  if (text == nullptr) return false;
  unsigned w = 0, h = 0;
  char tail = 0;
  if (std::sscanf(text, "%ux%u%c", &w, &h, &tail) != 2 || w == 0 || h == 0 || w > 16384 || h > 16384) return false;
  width = static_cast<int>(w);
  height = static_cast<int>(h);
  return true;
}

}  // namespace

int parse_options(int argc, char** argv, ParticleOptions& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    unsigned long long number = 0;
    bool ok = true;
    if (arg == "--help" || arg == "-h") {
      print_usage(stdout);
      return 0;
    } else if (arg == "--no-vsync") {
      options.vsync = false;
    } else if (arg == "--no-sort") {
      options.sort = false;
    } else if (arg == "--fixed-time") {
      options.fixed_time = true;
    } else if (arg == "--headless-egl") {
      options.headless_egl = true;
    } else if (arg == "--report-sort-ms") {
      options.report_sort_ms = true;
    } else if (arg == "--reference-cpu-sort") {
      options.reference_cpu_sort = true;
    } else if (arg == "--particles") {
      ok = parse_unsigned(next, number) && number >= 1 && number <= (1ull << 26);
      options.particles = static_cast<std::size_t>(number);
      ++i;
    } else if (arg == "--seed") {
      ok = parse_unsigned(next, number) && number <= 0xFFFFFFFFull;
      options.seed = static_cast<std::uint32_t>(number);
      ++i;
    } else if (arg == "--frames") {
      ok = parse_unsigned(next, number) && number >= 1 && number <= 100000000ull;
      options.frames = static_cast<int>(number);
      ++i;
    } else if (arg == "--size") {
      ok = parse_size(next, options.width, options.height);
      ++i;
    } else if (arg == "--screenshot") {
      ok = next != nullptr;
      if (ok) options.screenshot = next;
      ++i;
    } else if (arg == "--particle-radius") {
      ok = parse_float(next, options.particle_radius) && options.particle_radius > 0.0f;
      ++i;
    } else if (arg == "--alpha") {
      ok = parse_float(next, options.alpha) && options.alpha > 0.0f && options.alpha <= 1.0f;
      ++i;
    } else {
      ok = false;
    }
    if (!ok) {
      std::fprintf(stderr, "gpusort_particles: bad or incomplete argument '%s'\n", arg.c_str());
      print_usage(stderr);
      return 2;
    }
  }
  return -1;
}

}  // namespace particles
