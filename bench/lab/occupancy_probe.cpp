// gpusort_occupancy_probe [log2] [variants]
// How many workgroups of each tile-program pass the GPU keeps resident on one SM at once,
// for sorts of 2^log2 random elements (NVIDIA only: GL_NV_shader_thread_group's gl_SMIDNV).
// Each workgroup's first invocation increments a counter of its SM when it starts and
// decrements it when the workgroup is done; the largest value seen is the residency. It
// told us (bench/results/history.md) that the H200's GL driver fits about
// 64 KiB of workgroup shared memory on an SM: three 16 KiB tiles, whatever their invocations.
// The shader is instrumented through BitonicTuning::extra_shader_source with a wrapper main()
// (tile_kernel_wrapper.hpp of the support library); the library itself is unchanged.
// Variants (comma-separated, default "keys,pairs"): "keys" or "pairs", then optionally
// "+FIELD=VALUE" BitonicTuning parts as in gpusort_pass_profile (bench/lab/tuning_variants.hpp), e.g.
// "pairs+le=8". (The run in bench/results/history.md was made when they were
// written "pairs:le=8".)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "gl_buffer.hpp"
#include "headless_context.hpp"
#include "tile_kernel_wrapper.hpp"
#include "tuning_variants.hpp"

#include <gpusort/gpusort.hpp>

namespace {

constexpr GLuint probe_binding = 7;
constexpr int max_kinds = 16;       // words [0, 16): largest residency per pass kind
constexpr int count_offset = 16;    // words [16, 32): workgroups seen per pass kind
constexpr int live_offset = 64;     // words [64, 64 + SMs): workgroups live on each SM now
constexpr int probe_words = 1024;

// The pass kind: u_mode (0 local sort, 1 local disperse, 2 window) and the program's
// elements per invocation; a wrapper main() around the tile kernel's own.
const std::string probe_source =
    "#extension GL_NV_shader_thread_group : require\n" +
    gpusort_support::wrap_tile_main(
        "uint sm = gl_SMIDNV; "
        "uint kind = min(u_mode * 4u + min(ELEMS_LOG2, 5u) - 2u, 15u); "
        "if (gl_LocalInvocationIndex == 0u) { "
        "uint live = atomicAdd(probe_words[64u + sm], 1u) + 1u; "
        "atomicMax(probe_words[kind], live); atomicAdd(probe_words[16u + kind], 1u); } "
        "tile_main(); barrier(); "
        "if (gl_LocalInvocationIndex == 0u) atomicAdd(probe_words[64u + sm], 0xFFFFFFFFu);",
        "layout(std430, binding = 7) buffer ProbeBuffer { uint probe_words[]; };");

std::string kind_name(int kind) {
  static const char* const modes[] = {"local sort", "local disperse", "window"};
  return std::string(modes[kind / 4]) + " (" + std::to_string(1 << (kind % 4 + 2)) + " per invocation)";
}

template <class Value>
void probe(const std::string& name, std::size_t count, gpusort_bench::VariantSettings settings, GLuint keys,
           GLuint values, gpusort_support::GlBuffer& probe_buffer) {
  settings.tuning.extra_shader_source += probe_source;
  gpusort::BitonicSorter<std::uint32_t, Value> sorter(settings.tuning, nullptr, settings.device);
  const std::vector<std::uint32_t> zero(probe_words, 0);
  probe_buffer.write(0, zero.data(), probe_words * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, probe_binding, probe_buffer.name());
  // Several sorts, so that the largest residency is not one launch's accident.
  for (int round = 0; round < 3; ++round) {
    if constexpr (std::is_void<Value>::value) {
      sorter.sort(keys, count);
    } else {
      sorter.sort(keys, values, count);
    }
  }
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<std::uint32_t> words = probe_buffer.read_as<std::uint32_t>(probe_words);
  const auto& t = sorter.tuning();
  std::printf("%s 2^%d: tile %u, local_elements %u (shared memory per workgroup: %u bytes)\n",
              name.c_str(), static_cast<int>(std::log2(count)), t.tile_size, t.local_elements,
              t.tile_size * static_cast<unsigned>(sizeof(std::uint32_t) + (std::is_void<Value>::value ? 0 : 4)));
  for (int kind = 0; kind < 12; ++kind) {
    if (words[count_offset + kind] == 0) continue;
    std::printf("  %-36s at most %2u workgroups on one SM (%u workgroups in all)\n", kind_name(kind).c_str(), words[kind],
                words[count_offset + kind]);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const std::string list = argc > 2 ? argv[2] : "keys,pairs";
  try {
    gpusort_support::HeadlessContext context;
    std::printf("%s, OpenGL %s\n", context.renderer().c_str(), context.version().c_str());
    const std::size_t count = std::size_t{1} << log2;
    std::vector<std::uint32_t> data(count);
    std::mt19937 random(1);
    for (auto& x : data) x = random();
    const gpusort_support::GlBuffer keys(count * 4, data.data()), values(count * 4, data.data());
    gpusort_support::GlBuffer probe_buffer(probe_words * 4, nullptr);
    for (const std::string& name : gpusort_bench::split_commas(list)) {
      gpusort_bench::VariantSettings settings;
      std::string base = name;
      if (!gpusort_bench::apply_variant_parts(settings, base) || (base != "keys" && base != "pairs")) {
        std::fprintf(stderr, "unknown variant %s\n", name.c_str());
        return 2;
      }
      if (base == "pairs") {
        probe<std::uint32_t>(name, count, settings, keys.name(), values.name(), probe_buffer);
      } else {
        probe<void>(name, count, settings, keys.name(), values.name(), probe_buffer);
      }
    }
    std::printf("glGetError=0x%x\n", glGetError());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_occupancy_probe: %s\n", e.what());
    return 1;
  }
  return 0;
}
