#pragma once
// The GLFW 3.3 window with a GL 4.3 core context, and the keys the example reacts to.

#include <string>

struct GLFWwindow;

namespace particles {

class GlfwWindow {
 public:
  // Creates the window, makes its context current and loads GL with glad. Throws
  // std::runtime_error (no X server, no GL 4.3 core, ...).
  GlfwWindow(int width, int height, const std::string& title, bool vsync);
  ~GlfwWindow();
  GlfwWindow(const GlfwWindow&) = delete;
  GlfwWindow& operator=(const GlfwWindow&) = delete;

  bool should_close() const;
  void swap_buffers();
  void poll_events();
  void set_title(const std::string& title);
  void framebuffer_size(int& width, int& height) const;

  // True once per press of S since the last call.
  bool take_sort_toggle();

 private:
  static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);

  GLFWwindow* window_ = nullptr;
  bool sort_toggled_ = false;
};

}  // namespace particles
