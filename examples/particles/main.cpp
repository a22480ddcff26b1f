// gpusort_particles: alpha-blended particles sorted back to front on the GPU every frame.
// See README.md in this folder for the options; --help lists them.

#include "headless_context.hpp"  // glad's GL declarations first, as gpusort wants

#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include "camera.hpp"
#include "glfw_window.hpp"
#include "particle_options.hpp"
#include "particle_scene.hpp"
#include "png_image.hpp"
#include "render_target.hpp"
#include "sort_timer.hpp"

namespace {

using Clock = std::chrono::steady_clock;

constexpr float fixed_dt = 1.0f / 60.0f;
constexpr int headless_default_frames = 300;

std::string format_ms(double ms) {
  if (ms < 0) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", ms);
  return text;
}

int run(const particles::ParticleOptions& options) {
  // Only one of the two is created; both make their context current and load GL through glad.
  std::unique_ptr<gpusort_support::HeadlessContext> headless;
  std::unique_ptr<particles::GlfwWindow> window;
  if (options.headless_egl) {
    headless = std::make_unique<gpusort_support::HeadlessContext>();
  } else {
    window = std::make_unique<particles::GlfwWindow>(options.width, options.height, "gpusort particles",
                                                     options.vsync);
  }
  std::printf("renderer: %s, OpenGL %s, %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)),
              options.headless_egl ? "headless EGL" : "GLFW window");
  std::fflush(stdout);  // an interactive run usually ends by a signal or window close, not by exit()

  particles::RenderTarget target(options.width, options.height);
  particles::SceneSettings settings;
  settings.count = options.particles;
  settings.seed = options.seed;
  settings.radius = options.particle_radius;
  settings.alpha = options.alpha;
  particles::ParticleScene scene(settings);
  std::printf("sort: gpusort::Sorter runs the %s sort for %zu particles\n", scene.sort_algorithm(), scene.count());
  particles::SortTimer timer;

  const float aspect = static_cast<float>(options.width) / static_cast<float>(options.height);
  const int frames = options.frames > 0 ? options.frames : (headless ? headless_default_frames : 0);
  bool sorting = options.sort;
  float sim_time = 0.0f;
  const Clock::time_point start = Clock::now();
  Clock::time_point last = start, title_time = start;
  int title_frames = 0;
  int frame = 0;
  for (; frames == 0 || frame < frames; ++frame) {
    if (window && window->should_close()) break;
    const Clock::time_point now = Clock::now();
    // A real-time step, clamped so that a stall (a dragged window, a slow first frame) does not
    // fling the particles out of orbit.
    const float dt = options.fixed_time ? fixed_dt
                                        : std::clamp(std::chrono::duration<float>(now - last).count(), 0.0f, 0.05f);
    last = now;
    sim_time += dt;

    scene.simulate(dt);
    const particles::Camera camera = particles::orbit_camera(0.6f + 0.25f * sim_time, 0.42f, 3.6f, aspect);
    scene.compute_depth_keys(camera);
    if (!sorting) {
      scene.keep_unsorted();
    } else if (options.reference_cpu_sort) {
      scene.sort_on_cpu();
    } else {
      timer.begin();
      scene.sort_on_gpu();
      timer.end();
    }
    target.bind();
    scene.draw(camera);

    if (window) {
      int width = 0, height = 0;
      window->framebuffer_size(width, height);
      target.blit_to_default(width, height);
      window->swap_buffers();
      window->poll_events();
      if (window->take_sort_toggle()) sorting = !sorting;
      ++title_frames;
      const double seconds = std::chrono::duration<double>(Clock::now() - title_time).count();
      if (seconds >= 0.5) {
        timer.collect();
        char title[160];
        // With sorting off the last measured time would be stale, so none is shown.
        const std::string sort_ms = sorting ? format_ms(timer.latest_ms()) + " ms" : "-";
        std::snprintf(title, sizeof title, "gpusort particles - %zu particles, %.1f FPS, %s sort %s (S: sorting %s)",
                      scene.count(), title_frames / seconds, scene.sort_algorithm(), sort_ms.c_str(),
                      sorting ? "on" : "OFF");
        window->set_title(title);
        title_time = Clock::now();
        title_frames = 0;
      }
    } else {
      glFlush();  // what a swap would do: start the GPU on this frame while the next is recorded
    }
  }
  glFinish();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  timer.collect(true);

  if (!options.screenshot.empty()) {
    particles::write_png(options.screenshot, target.read_rgb());
    std::printf("wrote %s (%dx%d, frame %d)\n", options.screenshot.c_str(), target.width(), target.height(), frame);
  }
  const std::string mode = !sorting                     ? "off"
                           : options.reference_cpu_sort ? "cpu reference"
                                                        : std::string("gpusort (") + scene.sort_algorithm() + ")";
  std::printf("%d frames in %.2f s (%.1f FPS), %zu particles, sorting %s, GPU sort median %s ms over %zu frames\n",
              frame, seconds, seconds > 0 ? frame / seconds : 0.0, scene.count(), mode.c_str(),
              format_ms(timer.median_ms()).c_str(), timer.samples_ms().size());
  if (options.report_sort_ms) std::printf("sort_ms_median=%s\n", format_ms(timer.median_ms()).c_str());
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) {
    std::fprintf(stderr, "gpusort_particles: OpenGL error 0x%04x\n", error);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  particles::ParticleOptions options;
  if (const int code = particles::parse_options(argc, argv, options); code >= 0) return code;
  try {
    return run(options);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "gpusort_particles: %s\n", error.what());
    return 1;
  }
}
