// gpusort_radix_probe --phases: where a digit pass's time goes inside Onesweep's tile kernel.
// The sorter is built with the phase clock (gpusort::detail::radix::test_hooks()
// .phase_clock_buffer, onesweep.comp PHASE_CLOCK, GL_ARB_shader_clock): invocation 0 of every
// 64th partition of each digit pass stamps its SM's clock as each phase ends (the layout:
// detail/shader_interface/radix.hpp GPUSORT_RADIX_PHASE_*). The probe reads the stamps after
// every timed sort and sums each phase's ticks over the sampled tiles of all passes; it prints
// each phase's share of a tile's ticks and the mean ticks a tile. Clock ticks, not time: the
// shares are what to compare (the clock runs at the SM's rate, which the GPU changes).
// Include after the GL declarations (glad).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <gpusort/gpusort.hpp>

namespace gpusort_bench {

class PhaseClock {
 public:
  static constexpr std::size_t phases = gpusort::detail::GPUSORT_RADIX_PHASE_VALUE_SCATTER;  // stamps 1 .. 6
  static constexpr const char* names[phases] = {"load", "histogram", "rank", "look-back", "key scatter",
                                                "value scatter"};

  PhaseClock() { glGenBuffers(1, &buffer_); }
  ~PhaseClock() { glDeleteBuffers(1, &buffer_); }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

  // The buffer a sorter built under the hook stamps into.
  GLuint name() const { return buffer_; }

  // Sizes the buffer for sorts of `count` keys that `plan` describes, and zeroes it.
  void size_for(std::size_t count, const gpusort::RadixPlan& plan) {
    const std::size_t partitions = (count + plan.tile_size - 1) / plan.tile_size;
    passes_ = plan.digit_passes;
    samples_ = (partitions + every - 1) / every;
    words_.assign(passes_ * samples_ * stamps * 2, 0u);
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffer_);
    glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(words_.size() * 4), words_.data(), GL_DYNAMIC_READ);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }

  // Adds the stamps of the sort just run, and zeroes them for the next. A sampled tile whose
  // stamps are missing or go back in time counts as bad and adds nothing; one without any is a
  // pass that kept the order (onesweep.comp write_tile_in_place(): such a tile stamps nothing).
  void collect() {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_COPY_WRITE_BUFFER, buffer_);
    glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(words_.size() * 4), words_.data());
    for (std::size_t sample = 0; sample < passes_ * samples_; ++sample) {
      std::array<std::uint64_t, phases + 1> at{};
      bool good = true, none = true;
      for (std::size_t i = 0; i <= phases; ++i) {
        const std::uint32_t* word = &words_[(sample * stamps + i) * 2];
        at[i] = word[0] | std::uint64_t{word[1]} << 32;
        good = good && at[i] != 0 && (i == 0 || at[i] >= at[i - 1]);
        none = none && at[i] == 0;
      }
      if (none) continue;
      if (!good) {
        ++bad_;
        continue;
      }
      for (std::size_t i = 0; i < phases; ++i) ticks_[i] += at[i + 1] - at[i];
      ++tiles_;
    }
    std::fill(words_.begin(), words_.end(), 0u);
    glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(words_.size() * 4), words_.data());
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }

  // Forgets what was collected (after a warm-up sort).
  void reset() {
    ticks_ = {};
    tiles_ = 0;
    bad_ = 0;
  }

  // One line: `label`, the sampled tiles, each phase's share and the mean ticks a tile.
  void print(const char* label) const {
    std::uint64_t total = 0;
    for (std::uint64_t t : ticks_) total += t;
    std::printf("    %-24s phases of %llu tiles (%llu bad):", label, static_cast<unsigned long long>(tiles_),
                static_cast<unsigned long long>(bad_));
    for (std::size_t i = 0; i < phases; ++i)
      std::printf("  %s %.1f%%", names[i], total != 0 ? 100.0 * static_cast<double>(ticks_[i]) / static_cast<double>(total) : 0.0);
    std::printf("  | %.0f ticks a tile\n", tiles_ != 0 ? static_cast<double>(total) / static_cast<double>(tiles_) : 0.0);
  }

  std::uint64_t tiles() const { return tiles_; }
  std::uint64_t bad() const { return bad_; }

 private:
  static constexpr std::size_t every = gpusort::detail::GPUSORT_RADIX_PHASE_EVERY;
  static constexpr std::size_t stamps = gpusort::detail::GPUSORT_RADIX_PHASE_STAMPS;
  GLuint buffer_ = 0;
  std::size_t passes_ = 0, samples_ = 0;
  std::vector<std::uint32_t> words_;
  std::array<std::uint64_t, phases> ticks_{};
  std::uint64_t tiles_ = 0, bad_ = 0;
};

}  // namespace gpusort_bench
