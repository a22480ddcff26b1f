#include "render_target.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace particles {

RenderTarget::RenderTarget(int width, int height) : width_(width), height_(height) {
  glGenRenderbuffers(1, &color_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteRenderbuffers(1, &color_);
    throw std::runtime_error("offscreen framebuffer " + std::to_string(width) + "x" + std::to_string(height) +
                             " is incomplete (status 0x" + std::to_string(status) + ")");
  }
}

RenderTarget::~RenderTarget() {
  glDeleteFramebuffers(1, &framebuffer_);
  glDeleteRenderbuffers(1, &color_);
}

void RenderTarget::bind() {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width_, height_);
}

void RenderTarget::blit_to_default(int window_width, int window_height) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, window_width, window_height, GL_COLOR_BUFFER_BIT, GL_LINEAR);
}

RgbImage RenderTarget::read_rgb() {
  RgbImage image;
  image.width = width_;
  image.height = height_;
  const std::size_t stride = static_cast<std::size_t>(width_) * 3;
  std::vector<std::uint8_t> bottom_up(stride * static_cast<std::size_t>(height_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGB, GL_UNSIGNED_BYTE, bottom_up.data());
  image.pixels.resize(bottom_up.size());
  for (int y = 0; y < height_; ++y) {  // GL's first row is the bottom one
    std::copy_n(bottom_up.data() + stride * static_cast<std::size_t>(height_ - 1 - y), stride,
                image.pixels.data() + stride * static_cast<std::size_t>(y));
  }
  return image;
}

}  // namespace particles
