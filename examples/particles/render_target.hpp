#pragma once
// The offscreen framebuffer every frame is drawn into, window or not: the screenshot then reads
// the same pixels whatever size the window manager gave the window, and --headless-egl needs no
// default framebuffer at all.

#include <glad/gl.h>

#include "png_image.hpp"

namespace particles {

class RenderTarget {
 public:
  RenderTarget(int width, int height);  // throws std::runtime_error when incomplete
  ~RenderTarget();
  RenderTarget(const RenderTarget&) = delete;
  RenderTarget& operator=(const RenderTarget&) = delete;

  void bind();  // as the draw framebuffer, with the viewport set
  void blit_to_default(int window_width, int window_height);
  RgbImage read_rgb();  // waits for the GPU; top row first

  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_;
  int height_;
  GLuint framebuffer_ = 0;
  GLuint color_ = 0;
};

}  // namespace particles
