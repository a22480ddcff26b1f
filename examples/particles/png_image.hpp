#pragma once
// Just enough PNG for the particle example: 8-bit RGB images, written by the example and read
// back by its image comparison tool. With zlib the image data is deflated; without it, it is
// written as deflate "stored" blocks, which every PNG reader accepts but which this reader is
// also able to undo on its own.

#include <cstdint>
#include <string>
#include <vector>

namespace particles {

struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // row-major, top row first, 3 bytes per pixel
};

// Throws std::runtime_error when the file cannot be written.
void write_png(const std::string& path, const RgbImage& image);

// Reads 8-bit RGB or RGBA PNGs (alpha is dropped), not interlaced. Throws std::runtime_error
// with the reason for anything else.
RgbImage read_png(const std::string& path);

}  // namespace particles
