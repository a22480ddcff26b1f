#include <glad/gl.h>  // before GLFW, which then must not pull in a GL header of its own
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "glfw_window.hpp"

#include <stdexcept>

namespace particles {
namespace {

std::string last_glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description != nullptr ? description : "unknown GLFW error";
}

}  // namespace

GlfwWindow::GlfwWindow(int width, int height, const std::string& title, bool vsync) {
  if (glfwInit() != GLFW_TRUE) {
    throw std::runtime_error("GLFW could not start (" + last_glfw_error() +
                             "); is an X server running? Use xvfb-run -a, or --headless-egl");
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (window_ == nullptr) {
    const std::string error = last_glfw_error();
    glfwTerminate();
    throw std::runtime_error("no window with an OpenGL 4.3 core context: " + error);
  }
  glfwMakeContextCurrent(window_);
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) == 0) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw std::runtime_error("glad could not load OpenGL through GLFW");
  }
  glfwSwapInterval(vsync ? 1 : 0);
  glfwSetWindowUserPointer(window_, this);
  glfwSetKeyCallback(window_, &GlfwWindow::on_key);
}

GlfwWindow::~GlfwWindow() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlfwWindow::should_close() const { return glfwWindowShouldClose(window_) == GLFW_TRUE; }

void GlfwWindow::swap_buffers() { glfwSwapBuffers(window_); }

void GlfwWindow::poll_events() { glfwPollEvents(); }

void GlfwWindow::set_title(const std::string& title) { glfwSetWindowTitle(window_, title.c_str()); }

void GlfwWindow::framebuffer_size(int& width, int& height) const { glfwGetFramebufferSize(window_, &width, &height); }

bool GlfwWindow::take_sort_toggle() {
  const bool toggled = sort_toggled_;
  sort_toggled_ = false;
  return toggled;
}

void GlfwWindow::on_key(GLFWwindow* window, int key, int, int action, int) {
  auto* self = static_cast<GlfwWindow*>(glfwGetWindowUserPointer(window));
  if (action != GLFW_PRESS) return;
  if (key == GLFW_KEY_S) self->sort_toggled_ = !self->sort_toggled_;
  if (key == GLFW_KEY_ESCAPE || key == GLFW_KEY_Q) glfwSetWindowShouldClose(window, GLFW_TRUE);
}

}  // namespace particles
