#include "png_image.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#if defined(PARTICLES_HAVE_ZLIB)
#include <zlib.h>
#endif

namespace particles {
namespace {

constexpr std::array<std::uint8_t, 8> png_signature = {137, 80, 78, 71, 13, 10, 26, 10};

std::uint32_t crc32_of(const std::uint8_t* data, std::size_t size, std::uint32_t crc = 0) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> entries{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      entries[n] = c;
    }
    return entries;
  }();
  crc = ~crc;
  for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
  return ~crc;
}

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(value >> shift));
}

std::uint32_t get_u32(const std::uint8_t* data) {
  return (std::uint32_t{data[0]} << 24) | (std::uint32_t{data[1]} << 16) | (std::uint32_t{data[2]} << 8) | data[3];
}

void put_chunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& body) {
  put_u32(out, static_cast<std::uint32_t>(body.size()));
  const std::size_t type_at = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), body.begin(), body.end());
  put_u32(out, crc32_of(out.data() + type_at, body.size() + 4));
}

#if !defined(PARTICLES_HAVE_ZLIB)
std::uint32_t adler32_of(const std::vector<std::uint8_t>& data) {
  std::uint32_t a = 1, b = 0;
  for (std::uint8_t byte : data) {
    a = (a + byte) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}
#endif

std::vector<std::uint8_t> zlib_compress(const std::vector<std::uint8_t>& raw) {
#if defined(PARTICLES_HAVE_ZLIB)
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::vector<std::uint8_t> out(size);
  if (compress2(out.data(), &size, raw.data(), static_cast<uLong>(raw.size()), Z_BEST_COMPRESSION) != Z_OK) {
    throw std::runtime_error("zlib could not compress the image");
  }
  out.resize(size);
  return out;
#else
  // A zlib stream of stored blocks: valid everywhere, just not small.
  std::vector<std::uint8_t> out = {0x78, 0x01};
  std::size_t at = 0;
  do {
    const std::size_t length = std::min<std::size_t>(raw.size() - at, 65535);
    const bool last = at + length == raw.size();
    out.push_back(last ? 1 : 0);
    out.push_back(static_cast<std::uint8_t>(length));
    out.push_back(static_cast<std::uint8_t>(length >> 8));
    out.push_back(static_cast<std::uint8_t>(~length));
    out.push_back(static_cast<std::uint8_t>(~length >> 8));
    out.insert(out.end(), raw.begin() + static_cast<std::ptrdiff_t>(at),
               raw.begin() + static_cast<std::ptrdiff_t>(at + length));
    at += length;
  } while (at < raw.size());
  put_u32(out, adler32_of(raw));
  return out;
#endif
}

std::vector<std::uint8_t> zlib_decompress(const std::vector<std::uint8_t>& stream, std::size_t expected) {
  std::vector<std::uint8_t> out(expected);
#if defined(PARTICLES_HAVE_ZLIB)
  uLongf size = static_cast<uLongf>(expected);
  if (uncompress(out.data(), &size, stream.data(), static_cast<uLong>(stream.size())) != Z_OK || size != expected) {
    throw std::runtime_error("the image data is not a valid zlib stream of the expected size");
  }
#else
  // Without zlib only stored blocks (what write_png makes without zlib) can be read.
  std::size_t at = 2, written = 0;
  bool last = false;
  while (!last) {
    if (at + 5 > stream.size()) throw std::runtime_error("truncated image data");
    const std::uint8_t header = stream[at];
    if ((header & 0x06) != 0) {
      throw std::runtime_error("compressed PNG data needs zlib: rebuild with zlib (apt-get install zlib1g-dev)");
    }
    last = (header & 1) != 0;
    const std::size_t length = stream[at + 1] | (std::size_t{stream[at + 2]} << 8);
    at += 5;
    if (at + length > stream.size() || written + length > expected) throw std::runtime_error("bad stored block");
    std::copy(stream.begin() + static_cast<std::ptrdiff_t>(at),
              stream.begin() + static_cast<std::ptrdiff_t>(at + length),
              out.begin() + static_cast<std::ptrdiff_t>(written));
    at += length;
    written += length;
  }
  if (written != expected) throw std::runtime_error("the image data is shorter than the image");
#endif
  return out;
}

int paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

}  // namespace

void write_png(const std::string& path, const RgbImage& image) {
  const std::size_t stride = static_cast<std::size_t>(image.width) * 3;
  std::vector<std::uint8_t> raw;
  raw.reserve((stride + 1) * static_cast<std::size_t>(image.height));
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* row = image.pixels.data() + stride * static_cast<std::size_t>(y);
    // The "sub" filter turns the smooth dark background into runs of zeros that deflate well.
    raw.push_back(1);
    for (std::size_t x = 0; x < stride; ++x) {
      raw.push_back(static_cast<std::uint8_t>(row[x] - (x >= 3 ? row[x - 3] : 0)));
    }
  }
  std::vector<std::uint8_t> file(png_signature.begin(), png_signature.end());
  std::vector<std::uint8_t> header;
  put_u32(header, static_cast<std::uint32_t>(image.width));
  put_u32(header, static_cast<std::uint32_t>(image.height));
  header.insert(header.end(), {8, 2, 0, 0, 0});  // 8 bits, RGB, deflate, adaptive filters, progressive
  put_chunk(file, "IHDR", header);
  put_chunk(file, "IDAT", zlib_compress(raw));
  put_chunk(file, "IEND", {});
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

RgbImage read_png(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (file.size() < 8 || !std::equal(png_signature.begin(), png_signature.end(), file.begin())) {
    throw std::runtime_error(path + " is not a PNG file");
  }
  RgbImage image;
  int channels = 0;
  std::vector<std::uint8_t> compressed;
  for (std::size_t at = 8; at + 12 <= file.size();) {
    const std::uint32_t length = get_u32(&file[at]);
    const std::string type(reinterpret_cast<const char*>(&file[at + 4]), 4);
    if (at + 12 + length > file.size()) throw std::runtime_error(path + ": truncated chunk " + type);
    const std::uint8_t* body = &file[at + 8];
    if (type == "IHDR") {
      image.width = static_cast<int>(get_u32(body));
      image.height = static_cast<int>(get_u32(body + 4));
      if (body[8] != 8 || (body[9] != 2 && body[9] != 6) || body[12] != 0) {
        throw std::runtime_error(path + ": only 8-bit RGB/RGBA non-interlaced PNGs are supported");
      }
      channels = body[9] == 2 ? 3 : 4;
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), body, body + length);
    } else if (type == "IEND") {
      break;
    }
    at += 12 + length;
  }
  if (channels == 0 || image.width <= 0 || image.height <= 0) throw std::runtime_error(path + ": no image header");
  const std::size_t stride = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(channels);
  const std::vector<std::uint8_t> raw =
      zlib_decompress(compressed, (stride + 1) * static_cast<std::size_t>(image.height));
  std::vector<std::uint8_t> previous(stride, 0), current(stride);
  image.pixels.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* line = raw.data() + (stride + 1) * static_cast<std::size_t>(y);
    const std::uint8_t filter = line[0];
    for (std::size_t x = 0; x < stride; ++x) {
      const int a = x >= static_cast<std::size_t>(channels) ? current[x - channels] : 0;
      const int b = previous[x];
      const int c = x >= static_cast<std::size_t>(channels) ? previous[x - channels] : 0;
      int predicted = 0;
      switch (filter) {
        case 0: predicted = 0; break;
        case 1: predicted = a; break;
        case 2: predicted = b; break;
        case 3: predicted = (a + b) / 2; break;
        case 4: predicted = paeth(a, b, c); break;
        default: throw std::runtime_error(path + ": bad row filter");
      }
      current[x] = static_cast<std::uint8_t>(line[1 + x] + predicted);
    }
    std::uint8_t* out = image.pixels.data() + static_cast<std::size_t>(image.width) * 3 * static_cast<std::size_t>(y);
    for (int x = 0; x < image.width; ++x) {
      for (int k = 0; k < 3; ++k) out[x * 3 + k] = current[static_cast<std::size_t>(x * channels + k)];
    }
    std::swap(previous, current);
  }
  return image;
}

}  // namespace particles
