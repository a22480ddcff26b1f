// gpusort_radix_probe --occupancy: how many workgroups the GPU keeps resident on one SM at
// once (NVIDIA only: GL_NV_shader_thread_group's gl_SMIDNV), for the radix sort's histogram
// and tile kernels of each variant, and for trivial 256-invocation kernels that use 0-48 KiB
// of shared memory (which tells a shared-memory limit from a warp limit). Each workgroup's
// first invocation increments its SM's counter when it starts and decrements it when done;
// the largest value seen is the residency. Include after the GL declarations (glad).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gpusort/gpusort.hpp>

#include "gl_buffer.hpp"
#include "headless_context.hpp"
#include "radix_variants.hpp"

namespace gpusort_bench {

constexpr GLuint occupancy_binding = 7;  // past the radix sort's bindings
constexpr int occupancy_words = 1024;    // [0, 16): largest residency per slot; [16, 32): workgroups; [64, ...): live per SM

// extra_shader_source for every radix program: main() becomes a wrapper around the kernel's
// own (renamed radix_main) that counts residency in slot 0 (histogram) or 1 (the others
// with more than one workgroup: the tile kernels).
inline std::string radix_occupancy_source() {
  return "#extension GL_NV_shader_thread_group : require\n"
         "#define main() radix_main(); layout(std430, binding = 7) buffer OccupancyProbe { uint occupancy[]; }; "
         "void main() { uint slot = ALL_PASSES == 1 ? 0u : 1u; "
         "bool counted = gl_LocalInvocationIndex == 0u && gl_NumWorkGroups.x * gl_NumWorkGroups.y > 1u; "
         "if (counted) { uint live = atomicAdd(occupancy[64u + gl_SMIDNV], 1u) + 1u; "
         "atomicMax(occupancy[slot], live); atomicAdd(occupancy[16u + slot], 1u); } "
         "radix_main(); barrier(); "
         "if (counted) atomicAdd(occupancy[64u + gl_SMIDNV], 0xFFFFFFFFu); } void radix_main()\n";
}

inline std::vector<std::uint32_t> read_occupancy(const gpusort_support::GlBuffer& buffer) {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  return buffer.read_as<std::uint32_t>(occupancy_words);
}

inline void clear_occupancy(gpusort_support::GlBuffer& buffer) {
  const std::vector<std::uint32_t> zero(occupancy_words, 0);
  buffer.write(0, zero.data(), occupancy_words * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, occupancy_binding, buffer.name());
}

// `make_sorter(tuning)` builds the RadixSorter<Key, Value> (a caller's test hooks around it).
template <class Key, class Value, class MakeSorter>
void probe_radix_occupancy(const std::string& label, gpusort::RadixTuning tuning, std::size_t n,
                           gpusort_support::GlBuffer& occupancy, MakeSorter&& make_sorter) {
  tuning.extra_shader_source += radix_occupancy_source();
  gpusort::RadixSorter<Key, Value> sorter = make_sorter(tuning);
  std::vector<std::uint32_t> keys(n * sizeof(Key) / 4);
  std::mt19937 random(1);
  for (auto& k : keys) k = random();
  const gpusort_support::GlBuffer key_buffer(n * sizeof(Key), keys.data()), value_buffer(n * 4, keys.data());
  clear_occupancy(occupancy);
  for (int round = 0; round < 3; ++round) {
    if constexpr (std::is_void<Value>::value) {
      sorter.sort(key_buffer.name(), n);
    } else {
      sorter.sort(key_buffer.name(), value_buffer.name(), n);
    }
  }
  const std::vector<std::uint32_t> w = read_occupancy(occupancy);
  std::printf("%-34s tile %5zu: tile kernel at most %2u per SM (%u workgroups), histogram at most %2u (%u)\n",
              label.c_str(), sorter.tile_size(), w[1], w[17], w[0], w[16]);
}

// A trivial kernel of `invocations` and `shared_bytes` of shared memory that stays resident a while.
inline void probe_trivial_occupancy(unsigned invocations, unsigned shared_bytes, gpusort_support::GlBuffer& occupancy) {
  const unsigned words = shared_bytes / 4;
  const std::string source = "#version 430 core\n#extension GL_NV_shader_thread_group : require\n"
      "layout(local_size_x = " + std::to_string(invocations) + ") in;\n"
      "layout(std430, binding = 7) buffer OccupancyProbe { uint occupancy[]; };\n" +
      (words > 0 ? "shared uint s[" + std::to_string(words) + "];\n" : std::string()) +
      "void main() { uint t = gl_LocalInvocationIndex; uint acc = t;\n"
      "  if (t == 0u) { uint live = atomicAdd(occupancy[64u + gl_SMIDNV], 1u) + 1u; atomicMax(occupancy[0], live); }\n" +
      (words > 0 ? "  for (uint i = t; i < " + std::to_string(words) + "u; i += " + std::to_string(invocations) +
                       "u) s[i] = i * 3u + t;\n  barrier();\n  for (uint r = 0u; r < 64u; ++r) acc += s[(t * 7u + r * 13u) % " +
                       std::to_string(words) + "u];\n"
                 : std::string()) +
      "  for (uint r = 0u; r < 4000u; ++r) acc = acc * 1664525u + 1013904223u;\n"
      "  barrier();\n"
      "  if (t == 0u) atomicAdd(occupancy[64u + gl_SMIDNV], 0xFFFFFFFFu);\n"
      "  if (acc == 0x12345678u) occupancy[1] = acc; }\n";
  const gpusort::detail::GlProgram program = gpusort::detail::build_compute_program("occupancy", {source});
  clear_occupancy(occupancy);
  glUseProgram(program.name());
  glDispatchCompute(132 * 32, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
  glUseProgram(0);
  const std::vector<std::uint32_t> w = read_occupancy(occupancy);
  std::printf("trivial kernel %4u invocations %5u bytes shared: at most %2u per SM\n", invocations, shared_bytes, w[0]);
}

// A layout's residency for `variant` (radix_probe::variant_sorter()).
template <class Key, class Value>
void probe_occupancy(const std::string& label, const radix_probe::Variant& variant, std::size_t n,
                     gpusort_support::GlBuffer& occupancy) {
  probe_radix_occupancy<Key, Value>(
      label, variant.tuning, n, occupancy,
      [&](const gpusort::RadixTuning& tuning) { return radix_probe::variant_sorter<Key, Value>(variant, tuning); });
}

// --occupancy [--layouts=...] log2 [variant ...]: the layouts' key types (default keys and
// pairs of uint32).
inline int occupancy_main(int argc, char** argv) {
  using namespace radix_probe;
  std::vector<Layout> layouts = parse_layouts("keys_u32,pairs_u32_u32");
  if (argc > 2 && std::strncmp(argv[2], "--layouts=", 10) == 0) {
    try {
      layouts = parse_layouts(argv[2] + 10);
    } catch (const gpusort::Error& e) {
      std::fprintf(stderr, "gpusort_radix_probe: %s\n", e.what());
      return 2;
    }
    --argc;
    ++argv;
  }
  gpusort_support::HeadlessContext context;
  std::printf("# %s, %s\n", context.renderer().c_str(), context.version().c_str());
  const int log2n = argc > 2 ? std::atoi(argv[2]) : 24;
  gpusort_support::GlBuffer occupancy(occupancy_words * 4, nullptr);
  try {
    for (unsigned invocations : {256u, 512u})
      for (unsigned kib : {0u, 8u, 12u, 16u, 20u, 24u, 32u, 48u})
        probe_trivial_occupancy(invocations, kib * 1024, occupancy);
  } catch (const gpusort::Error& e) {  // no GL_NV_shader_thread_group: not an NVIDIA GPU
    std::fprintf(stderr, "gpusort_radix_probe --occupancy: %s\n", e.what());
    return 1;
  }
  for (int i = 3; i < argc; ++i) {
    for (const Layout& layout : layouts) {
      const std::string label = std::string(layout.name) + " " + argv[i];
      try {
        const Variant variant = parse_variant(argv[i]);
        const std::size_t n = std::size_t{1} << log2n;
                if (layout.kind == KeyKind::u64 && !layout.pairs) probe_occupancy<std::uint64_t, void>(label, variant, n, occupancy);
        else if (layout.kind == KeyKind::u64) probe_occupancy<std::uint64_t, std::uint32_t>(label, variant, n, occupancy);
        else if (layout.kind == KeyKind::f32 && layout.pairs) probe_occupancy<float, std::uint32_t>(label, variant, n, occupancy);
        else if (layout.kind == KeyKind::f32) probe_occupancy<float, void>(label, variant, n, occupancy);
        else if (layout.pairs) probe_occupancy<std::uint32_t, std::uint32_t>(label, variant, n, occupancy);
        else probe_occupancy<std::uint32_t, void>(label, variant, n, occupancy);
      } catch (const gpusort::Error& e) {
        std::printf("%s refused: %s\n", label.c_str(), e.what());
      }
    }
    std::fflush(stdout);
  }
  std::printf("glGetError=0x%x\n", glGetError());
  return 0;
}

}  // namespace gpusort_bench
