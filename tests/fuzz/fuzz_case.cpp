#include "fuzz_case.hpp"

#include <algorithm>
#include <random>

#include "fuzz_tunings.hpp"

namespace gpusort_fuzz {
namespace {

// Raw mt19937 output only: the std:: distributions are implementation-defined, and a seed
// must name the same case with every standard library.
class Draw {
 public:
  explicit Draw(std::uint32_t seed) : rng_(seed) {}
  std::uint32_t below(std::uint32_t bound) { return bound ? rng_() % bound : 0; }
  bool percent(unsigned p) { return below(100) < p; }
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint32_t>(hi - lo + 1)));
  }
  std::uint32_t raw() { return rng_(); }

 private:
  std::mt19937 rng_;
};

// Tile size in elements the sorter will use; the fuzzer does not build a sorter to ask,
// so this mirrors the documented defaults (32 KiB of shared memory on llvmpipe, 48 KiB on
// NVIDIA both give 8192 keys / 4096 pairs). Sizes near these are only a bias, so a device
// with other defaults still gets edge sizes from the power-of-two branch.
std::size_t likely_tile(const FuzzCase& c) {
  const auto& tuning = fuzz_tunings()[c.tuning].tuning;
  if (tuning.tile_size) return tuning.tile_size;
  return c.with_values ? 4096 : 8192;
}

std::size_t draw_count(Draw& draw, const FuzzCase& c, const FuzzLimits& limits) {
  const std::uint32_t branch = draw.below(100);
  std::int64_t count = 0;
  if (branch < 25) {
    count = draw.between(0, 70);  // tiny: 0, 1, 2 and partial subgroups
  } else if (branch < 55) {
    const int log2 = static_cast<int>(draw.between(1, 18));
    count = (std::int64_t{1} << log2) + draw.between(-3, 3);
  } else if (branch < 75) {
    const auto tile = static_cast<std::int64_t>(likely_tile(c));
    count = tile * draw.between(1, 5) + draw.between(-2, 2);
  } else if (branch < 100 - static_cast<std::uint32_t>(limits.large_percent)) {
    count = draw.between(0, 300000);
  } else {
    count = draw.between(300001, static_cast<std::int64_t>(std::max<std::size_t>(limits.max_count, 300001)));
  }
  count = std::max<std::int64_t>(count, 0);
  return std::min(static_cast<std::size_t>(count), limits.max_count);
}

}  // namespace

FuzzCase make_fuzz_case(std::uint32_t seed, const FuzzLimits& limits) {
  Draw draw(seed);
  FuzzCase c;
  c.seed = seed;
  c.key = static_cast<KeyKind>(draw.below(3));
  c.with_values = draw.percent(50);
  c.order = draw.percent(50) ? gpusort::Order::ascending : gpusort::Order::descending;
  const std::uint32_t distribution = draw.below(100);
  // Random data finds most network bugs; the structured ones find padding and
  // equal-key bugs; float specials only mean something for float keys but cost little.
  if (distribution < 30) c.distribution = FuzzDistribution::random;
  else if (distribution < 38) c.distribution = FuzzDistribution::sorted;
  else if (distribution < 46) c.distribution = FuzzDistribution::reversed;
  else if (distribution < 54) c.distribution = FuzzDistribution::organ_pipe;
  else if (distribution < 62) c.distribution = FuzzDistribution::sawtooth;
  else if (distribution < 74) c.distribution = FuzzDistribution::few_distinct;
  else if (distribution < 80) c.distribution = FuzzDistribution::all_equal;
  else c.distribution = FuzzDistribution::float_specials;
  c.path = draw.percent(50) ? FuzzPath::host_vectors : FuzzPath::gpu_buffers;
  c.tuning = draw.percent(70) ? 0 : 1 + draw.below(static_cast<std::uint32_t>(fuzz_tunings().size() - 1));
  c.count = draw_count(draw, c, limits);
  c.data_seed = draw.raw();
  // The sorter and its options. Every draw is made whatever the case needs, so that draws
  // appended later keep their place; what does not apply is then cleared.
  const std::uint32_t algorithm = draw.below(100);
  c.algorithm = algorithm < 40 ? FuzzAlgorithm::bitonic : algorithm < 70 ? FuzzAlgorithm::radix : FuzzAlgorithm::sorter;
  const bool stable = draw.percent(35);
  const std::uint32_t path = draw.below(4);  // Onesweep (asked for or automatic) three times in four
  c.radix_path = path == 0   ? gpusort::RadixPath::automatic
                 : path == 1 ? gpusort::RadixPath::reduce_then_scan
                             : gpusort::RadixPath::onesweep;
  c.radix_shape = draw.percent(50) ? 0 : 1 + draw.below(static_cast<std::uint32_t>(fuzz_radix_shapes().size() - 1));
  const bool ranged = draw.percent(50);
  const std::uint32_t begin = draw.below(32);
  const std::uint32_t end = draw.percent(25) ? 0 : begin + 1 + draw.below(32 - begin);
  // Each crossover field near the count (both sides of it), anywhere up to twice it, 1 (every
  // count takes the radix sort), or 0 (the device's default).
  std::size_t* fields[] = {&c.crossover.keys, &c.crossover.pairs, &c.crossover.stable, &c.crossover.wide_keys};
  for (std::size_t* field : fields) {
    const std::uint32_t kind = draw.below(100);
    const auto near = std::max<std::int64_t>(static_cast<std::int64_t>(c.count) + draw.between(-2, 2), 1);
    const auto up_to = static_cast<std::uint32_t>(std::min<std::size_t>(c.count, 1u << 30));
    const std::uint32_t anywhere = 1 + draw.below(2 * up_to + 2);
    *field = kind < 10 ? 0 : kind < 15 ? 1 : kind < 55 ? static_cast<std::size_t>(near) : anywhere;
  }
  if (c.with_values && c.algorithm != FuzzAlgorithm::radix && stable) c.stability = gpusort::Stability::stable;
  if (c.algorithm == FuzzAlgorithm::radix && c.key == KeyKind::uint32 && c.path == FuzzPath::gpu_buffers && ranged) {
    c.bits = gpusort::BitRange{begin, end};
  }
  if (c.algorithm == FuzzAlgorithm::bitonic) {
    c.radix_path = gpusort::RadixPath::automatic;
    c.radix_shape = 0;
  }
  if (c.algorithm != FuzzAlgorithm::sorter) c.crossover = gpusort::Crossover{};
  return c;
}

bool runs_radix(const FuzzCase& c, const gpusort::Crossover& measured) {
  switch (c.algorithm) {
    case FuzzAlgorithm::bitonic: return false;
    case FuzzAlgorithm::radix: return true;
    case FuzzAlgorithm::sorter: break;
  }
  // 32-bit keys only in the fuzzer: `keys` alone, `pairs` unstable, `stable` stable.
  const std::size_t field = !c.with_values                              ? c.crossover.keys
                            : c.stability == gpusort::Stability::stable ? c.crossover.stable
                                                                        : c.crossover.pairs;
  const std::size_t default_field = !c.with_values                              ? measured.keys
                                    : c.stability == gpusort::Stability::stable ? measured.stable
                                                                                : measured.pairs;
  return c.count >= (field != 0 ? field : default_field);
}

const char* key_kind_name(KeyKind key) {
  switch (key) {
    case KeyKind::uint32: return "uint32";
    case KeyKind::int32: return "int32";
    case KeyKind::float32: return "float";
  }
  return "?";
}

const char* distribution_name(FuzzDistribution distribution) {
  switch (distribution) {
    case FuzzDistribution::random: return "random";
    case FuzzDistribution::sorted: return "sorted";
    case FuzzDistribution::reversed: return "reversed";
    case FuzzDistribution::organ_pipe: return "organ_pipe";
    case FuzzDistribution::sawtooth: return "sawtooth";
    case FuzzDistribution::few_distinct: return "few_distinct";
    case FuzzDistribution::all_equal: return "all_equal";
    case FuzzDistribution::float_specials: return "float_specials";
  }
  return "?";
}

const char* path_name(FuzzPath path) {
  switch (path) {
    case FuzzPath::host_vectors: return "host_vectors";
    case FuzzPath::gpu_buffers: return "gpu_buffers";
  }
  return "?";
}

const char* algorithm_name(FuzzAlgorithm algorithm) {
  switch (algorithm) {
    case FuzzAlgorithm::bitonic: return "bitonic";
    case FuzzAlgorithm::radix: return "radix";
    case FuzzAlgorithm::sorter: return "sorter";
  }
  return "?";
}

const char* radix_path_name(gpusort::RadixPath path) {
  switch (path) {
    case gpusort::RadixPath::automatic: return "automatic";
    case gpusort::RadixPath::onesweep: return "onesweep";
    case gpusort::RadixPath::reduce_then_scan: return "reduce_then_scan";
  }
  return "?";
}

std::string describe(const FuzzCase& c) {
  std::string text = std::string("seed=") + std::to_string(c.seed) + " count=" + std::to_string(c.count) +
         " key=" + key_kind_name(c.key) + (c.with_values ? " values=uint32" : " values=none") +
         " order=" + (c.order == gpusort::Order::ascending ? "ascending" : "descending") +
         " distribution=" + distribution_name(c.distribution) + " path=" + path_name(c.path) +
         " tuning=" + fuzz_tunings()[c.tuning].name + " algorithm=" + algorithm_name(c.algorithm);
  if (c.with_values && c.algorithm != FuzzAlgorithm::radix) {
    text += c.stability == gpusort::Stability::stable ? " stability=stable" : " stability=unstable";
  }
  if (c.algorithm != FuzzAlgorithm::bitonic) {
    text += std::string(" radix_path=") + radix_path_name(c.radix_path) + " radix_shape=" +
            fuzz_radix_shapes()[c.radix_shape].name;
  }
  if (c.bits.begin_bit != 0 || c.bits.end_bit != 0) {
    text += " bits=[" + std::to_string(c.bits.begin_bit) + "," + std::to_string(c.bits.end_bit) + ")";
  }
  if (c.algorithm == FuzzAlgorithm::sorter) {
    text += " crossover={keys " + std::to_string(c.crossover.keys) + ", pairs " + std::to_string(c.crossover.pairs) +
            ", stable " + std::to_string(c.crossover.stable) + ", wide_keys " + std::to_string(c.crossover.wide_keys) +
            "}";
  }
  return text;
}

}  // namespace gpusort_fuzz
