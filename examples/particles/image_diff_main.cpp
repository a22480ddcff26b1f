// particles_image_diff a.png b.png [--max-mean-abs X] [--max-bad-fraction F] [--bad-threshold T]
// particles_image_diff a.png b.png --expect-different [--min-mean-abs X] [--min-bad-fraction F]
//
// Compares two renders of the particle example. "Bad" pixels are those where some channel differs
// by more than T (0..255). A GPU-sorted and a CPU-sorted render may differ only where particles at
// exactly equal depth were drawn in another order, so they are allowed a few bad pixels; an
// unsorted render should differ in a large share of the picture.

#include "png_image.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

struct DiffOptions {
  std::string first;
  std::string second;
  bool expect_different = false;
  double max_mean_abs = 0.5;
  double max_bad_fraction = 0.001;
  double min_mean_abs = 2.0;
  double min_bad_fraction = 0.02;
  int bad_threshold = 24;
};

void print_usage(std::FILE* to) {
  std::fprintf(to,
               "usage: particles_image_diff A.png B.png [options]\n"
               "  --bad-threshold T      a pixel is bad when a channel differs by more than T (default 24)\n"
               "  --max-mean-abs X       pass only if the mean |A-B| per channel is <= X (default 0.5)\n"
               "  --max-bad-fraction F   pass only if at most F of the pixels are bad (default 0.001)\n"
               "  --expect-different     pass only if the images clearly differ:\n"
               "  --min-mean-abs X         mean |A-B| >= X (default 2)\n"
               "  --min-bad-fraction F     and at least F of the pixels bad (default 0.02)\n");
}

bool parse_number(const char* text, double& value) {
  char* end = nullptr;
  value = std::strtod(text, &end);
  return end != text && *end == '\0';
}

// Returns -1 to go on, else the exit code.
int parse_options(int argc, char** argv, DiffOptions& options) {
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    double value = 0;
    if (arg == "--help" || arg == "-h") {
      print_usage(stdout);
      return 0;
    } else if (arg == "--expect-different") {
      options.expect_different = true;
    } else if ((arg == "--max-mean-abs" || arg == "--max-bad-fraction" || arg == "--min-mean-abs" ||
                arg == "--min-bad-fraction" || arg == "--bad-threshold") &&
               has_value && parse_number(argv[i + 1], value)) {
      ++i;
      if (arg == "--max-mean-abs") options.max_mean_abs = value;
      if (arg == "--max-bad-fraction") options.max_bad_fraction = value;
      if (arg == "--min-mean-abs") options.min_mean_abs = value;
      if (arg == "--min-bad-fraction") options.min_bad_fraction = value;
      if (arg == "--bad-threshold") options.bad_threshold = static_cast<int>(value);
    } else if (arg.rfind("--", 0) != 0 && positional < 2) {
      (positional++ == 0 ? options.first : options.second) = arg;
    } else {
      std::fprintf(stderr, "particles_image_diff: unexpected or incomplete argument '%s'\n", arg.c_str());
      print_usage(stderr);
      return 2;
    }
  }
  if (positional != 2) {
    print_usage(stderr);
    return 2;
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  DiffOptions options;
  if (const int code = parse_options(argc, argv, options); code >= 0) return code;
  try {
    const particles::RgbImage a = particles::read_png(options.first);
    const particles::RgbImage b = particles::read_png(options.second);
    if (a.width != b.width || a.height != b.height) {
      std::fprintf(stderr, "FAIL: sizes differ: %dx%d vs %dx%d\n", a.width, a.height, b.width, b.height);
      return 1;
    }
    const std::size_t pixels = static_cast<std::size_t>(a.width) * static_cast<std::size_t>(a.height);
    double total = 0;
    std::size_t bad = 0;
    for (std::size_t p = 0; p < pixels; ++p) {
      int worst = 0;
      for (int k = 0; k < 3; ++k) {
        const int d = std::abs(int{a.pixels[p * 3 + k]} - int{b.pixels[p * 3 + k]});
        total += d;
        worst = std::max(worst, d);
      }
      if (worst > options.bad_threshold) ++bad;
    }
    const double mean_abs = total / (3.0 * static_cast<double>(pixels));
    const double bad_fraction = static_cast<double>(bad) / static_cast<double>(pixels);
    std::printf("%s vs %s: %dx%d, mean_abs=%.4f, bad_pixels=%zu (fraction %.6f, threshold %d)\n",
                options.first.c_str(), options.second.c_str(), a.width, a.height, mean_abs, bad, bad_fraction,
                options.bad_threshold);
    bool pass = false;
    if (options.expect_different) {
      pass = mean_abs >= options.min_mean_abs && bad_fraction >= options.min_bad_fraction;
      std::printf("%s: expected different (mean_abs >= %g and bad fraction >= %g)\n", pass ? "PASS" : "FAIL",
                  options.min_mean_abs, options.min_bad_fraction);
    } else {
      pass = mean_abs <= options.max_mean_abs && bad_fraction <= options.max_bad_fraction;
      std::printf("%s: expected nearly identical (mean_abs <= %g and bad fraction <= %g)\n", pass ? "PASS" : "FAIL",
                  options.max_mean_abs, options.max_bad_fraction);
    }
    return pass ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "particles_image_diff: %s\n", error.what());
    return 1;
  }
}
