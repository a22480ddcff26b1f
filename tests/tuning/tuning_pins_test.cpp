// The resolved tunings of both algorithms, pinned for a few imagined devices (no GL: resolution
// is a pure function of the device limits, the element layout and the fields asked for). The
// expected lines were printed by this test at commit 1769e05, before the defaults became tables
// (detail/bitonic/defaults.hpp, detail/radix/defaults.hpp); since then these intended changes:
// the radix path is Onesweep (path 1) on every device, where devices without verified
// workgroup waits resolved to reduce-then-scan (path 2); and the subgroup backends: a network
// tile of exactly one subgroup runs on subgroups (AMD's 64 lanes, 64 invocations of 16
// elements: sg 1), the two emulate_subgroups flags gave way to DeviceFacts::emulated_subgroup_size
// (asked here at 32: a device with other subgroups refuses it, one with 32 runs its own, one
// without emulates them, and the radix sort's emulated ballots report sg 1 and take fewer shared
// words); NVIDIA's 64-bit key tiles once Onesweep falls back instead of waiting: 512 x 9;
// Onesweep's histogram in workgroups of its own size (hgroup, 128); and the radix shapes of
// large sorts, a line "... from N" per size threshold of the rows that apply (NVIDIA's 32-bit
// keys alone: 512 x 10, since 2026-11-27 512 x 16 scattered in two parts with lean registers,
// "parts 2 lean 1", and lean registers for 32-bit pairs). "emu" is whether subgroups are emulated. A change to a default, a table row
// or a derivation shows here as a changed line. On a mismatch the test prints every line as it
// now resolves, ready to paste once a change of defaults is intended and measured. And every
// row of both tables names records that exist in bench/results/.

// device/limits.hpp also holds the GL queries, so it needs GL declarations first (the loader's).
#include <glad/gl.h>

#include <gpusort/detail/bitonic/defaults.hpp>
#include <gpusort/detail/bitonic/tuning.hpp>
#include <gpusort/detail/radix/defaults.hpp>
#include <gpusort/detail/radix/tuning.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "support/fake_device_limits.hpp"

namespace gpusort_test {
namespace {

using gpusort::detail::DeviceLimits;

struct PinnedDevice {
  const char* name;
  DeviceLimits limits;
};

DeviceLimits with_vendor(DeviceLimits d, const char* vendor, std::uint32_t ballot_subgroup_size = 0) {
  d.vendor = vendor;
  d.renderer = vendor;
  d.ballot_subgroup_size = ballot_subgroup_size;
  return d;
}

DeviceLimits software(bool waits) {
  DeviceLimits d = with_vendor(fake_gpu_limits(32768, 1024, 0, 0, 16, waits), "Mesa");
  d.max_groups_x = 65535;
  d.software = true;
  return d;
}

std::vector<PinnedDevice> pinned_devices() {
  return {
      {"nvidia", with_vendor(fake_gpu_limits(49152, 1024, 32, 132, 16, true), "NVIDIA Corporation", 32)},
      {"nvidia_no_units_no_waits", with_vendor(fake_gpu_limits(49152, 1024, 32, 0), "NVIDIA Corporation", 32)},
      {"nvidia_512_invocations", with_vendor(fake_gpu_limits(49152, 512, 32, 40, 16, true), "NVIDIA Corporation", 32)},
      {"nvidia_256_invocations", with_vendor(fake_gpu_limits(32768, 256, 32, 8, 16, true), "NVIDIA Corporation", 32)},
      {"amd", with_vendor(fake_gpu_limits(65536, 1024, 64, 60), "AMD", 64)},
      {"amd_waits", with_vendor(fake_gpu_limits(65536, 1024, 64, 60, 16, true), "AMD", 64)},
      {"intel", with_vendor(fake_gpu_limits(65536, 1024, 16, 32), "Intel", 16)},
      {"no_subgroups", with_vendor(fake_gpu_limits(32768, 1024, 0, 0), "Qualcomm")},
      {"es31_minimums_8_blocks", with_vendor(fake_gpu_limits(16384, 128, 0, 0, 8), "Broadcom")},
      {"software", software(false)},
      {"software_one_thread", software(true)},
  };
}

struct Layout {
  std::uint32_t key_bytes;
  bool values;
};
constexpr Layout layouts[] = {{4, false}, {4, true}, {8, false}, {8, true}};

std::string layout_name(const Layout& l) { return (l.key_bytes == 4 ? "k32" : "k64") + std::string(l.values ? "+v" : ""); }

std::string u(std::uint32_t x) { return x == 0xFFFFFFFFu ? "never" : std::to_string(x); }

template <class Resolve>
std::string or_error(Resolve&& resolve) {
  try {
    return resolve();
  } catch (const gpusort::Error& e) {
    return std::string("error: ") + e.what();
  }
}

std::string bitonic_line(const gpusort::BitonicTuning& asked, const DeviceLimits& d, const Layout& l) {
  return or_error([&] {
    const gpusort::BitonicTuning t =
        gpusort::detail::bitonic::resolve_tuning(asked, d, l.key_bytes + (l.values ? 4 : 0), l.key_bytes);
    const bool emulated = t.use_subgroups && gpusort::detail::emulated_subgroups(d) != 0;
    return "tile " + u(t.tile_size) + " local " + u(t.local_elements) + " sg " + u(t.use_subgroups) + " emu " +
           u(emulated) + " wide " + u(t.wide_chunk_min_count) + " single " + u(t.single_dispatch_tile) +
           "x" + u(t.single_tile_elements) + " run " + u(t.window_run) + " merge " + u(t.merge_stages) + " direct " +
           u(t.direct_tile_io) + " global " + u(t.global_elements) + "/" + u(t.global_vector_width) + "/" +
           u(t.global_group_size) + " fused " + u(t.fused_passes_max_count) + " fused_tile " + u(t.fused_tile_size) +
           " max_x " + u(t.max_workgroups_x);
  });
}

std::string radix_line(const gpusort::RadixTuning& asked, const DeviceLimits& d, const Layout& l,
                       std::size_t count = 0) {
  return or_error([&] {
    const auto c = gpusort::detail::radix::resolve_tuning(asked, d, l.key_bytes, l.values, count);
    const gpusort::RadixTuning& t = c.tuning;
    return "digit " + u(t.digit_bits) + " shape " + u(t.workgroup_size) + "x" + u(t.keys_per_invocation) + " path " +
           u(static_cast<std::uint32_t>(t.path)) + " blocks " + u(t.blocks) + " histogram " + u(t.histogram_keys) +
           " sg " + u(t.use_subgroups) + " emu " + u(c.ranking == gpusort::detail::radix::Ranking::emulated_ballots) +
           " max_x " + u(t.max_workgroups_x) +
           " ranking " + u(static_cast<std::uint32_t>(c.ranking)) + " lanes " + u(c.subgroup_size) + " tile " +
           u(c.tile_size) + " area " + u(c.area_words) + " shared " + std::to_string(c.shared_bytes) + " serial " +
           u(c.serial_scan_blocks) + " small " + u(c.small_group) + " copy " + u(c.copy_elements) + " hgroup " +
           u(c.histogram_group) +
           (c.scatter_parts != 1 || c.lean_registers
                ? " parts " + u(c.scatter_parts) + " lean " + u(c.lean_registers)
                : std::string());
  });
}

// Beside the defaults, a few fields a caller may ask for, one each, and the test facility
// DeviceFacts::emulated_subgroup_size (a device fact, checked as a sorter checks it).
template <class Tuning>
struct Ask {
  const char* name;
  Tuning tuning;
  std::uint32_t emulated_subgroup_size = 0;
};
template <class Tuning>
using Asks = std::vector<Ask<Tuning>>;

template <class Tuning, class Field, class Value>
Ask<Tuning> asking(const char* name, Field Tuning::*field, Value value) {
  Tuning tuning;
  tuning.*field = value;
  return {name, tuning};
}

// The device with DeviceFacts::emulated_subgroup_size = `lanes`, as a sorter's limits take it.
DeviceLimits emulating(DeviceLimits d, std::uint32_t lanes) {
  d.emulated_subgroup_size = gpusort::detail::check_emulated_subgroup_size(lanes, d);
  return d;
}

const Asks<gpusort::BitonicTuning> bitonic_asks = {
    {"defaults", {}}, asking("tile_size=2048", &gpusort::BitonicTuning::tile_size, 2048u),
    asking("local_elements=16", &gpusort::BitonicTuning::local_elements, 16u),
    {"emulated_subgroup_size=32", {}, 32},
    asking("unfused", &gpusort::BitonicTuning::fused_passes_max_count, gpusort::BitonicTuning::never)};

const Asks<gpusort::RadixTuning> radix_asks = {
    {"defaults", {}}, asking("workgroup_size=256", &gpusort::RadixTuning::workgroup_size, 256u),
    asking("keys_per_invocation=6", &gpusort::RadixTuning::keys_per_invocation, 6u),
    {"emulated_subgroup_size=32", {}, 32}};

// Every (device, layout, ask) line as it resolves now.
std::vector<std::string> resolved_lines() {
  std::vector<std::string> lines;
  for (const PinnedDevice& device : pinned_devices()) {
    for (const Layout& layout : layouts) {
      const std::string where = std::string(device.name) + " " + layout_name(layout) + " ";
      for (const auto& ask : bitonic_asks)
        lines.push_back("bitonic " + where + ask.name + ": " + or_error([&] {
                          return bitonic_line(ask.tuning, emulating(device.limits, ask.emulated_subgroup_size), layout);
                        }));
      for (const auto& ask : radix_asks) {
        lines.push_back("radix " + where + ask.name + ": " + or_error([&] {
                          return radix_line(ask.tuning, emulating(device.limits, ask.emulated_subgroup_size), layout);
                        }));
        // The shapes of larger sorts, from each size threshold of the rows that apply.
        std::vector<std::size_t> thresholds;
        (void)or_error([&] {
          thresholds = gpusort::detail::radix::size_thresholds(
              gpusort::detail::radix::DefaultsTable{}, emulating(device.limits, ask.emulated_subgroup_size),
              layout.key_bytes, layout.values, ask.tuning);
          return std::string();
        });
        for (std::size_t from : thresholds)
          lines.push_back("radix " + where + ask.name + " from " + std::to_string(from) + ": " +
                          radix_line(ask.tuning, emulating(device.limits, ask.emulated_subgroup_size), layout, from));
      }
    }
  }
  return lines;
}

// clang-format off
const char* const pinned[] = {
    "bitonic nvidia k32 defaults: tile 4096 local 8 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 1 global 8/4/128 fused 1081344 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 1 global 8/4/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused 1081344 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia k32 emulated_subgroup_size=32: tile 4096 local 8 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 1 global 8/4/128 fused 1081344 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia k32 unfused: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix nvidia k32 defaults: digit 8 shape 512x8 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k32 defaults from 1048577: digit 8 shape 512x16 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 8192 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128 parts 2 lean 1",
    "radix nvidia k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 528 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 396 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k32 emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k32 emulated_subgroup_size=32 from 1048577: digit 8 shape 512x16 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 8192 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128 parts 2 lean 1",
    "bitonic nvidia k32+v defaults: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k32+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k32+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k32+v unfused: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia k32+v defaults: digit 8 shape 1024x4 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128 parts 1 lean 1",
    "radix nvidia k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 528 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 396 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k32+v emulated_subgroup_size=32: digit 8 shape 1024x4 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128 parts 1 lean 1",
    "bitonic nvidia k64 defaults: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64 tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64 emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 540672 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64 unfused: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia k64 defaults: digit 8 shape 512x9 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4608 area 4608 shared 20480 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 528 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 396 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k64 emulated_subgroup_size=32: digit 8 shape 512x9 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4608 area 4608 shared 20480 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 270336 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 540672 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 1024x16 run 16 merge 1 direct 0 global 8/1/128 fused 270336 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64+v emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 270336 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix nvidia k64+v defaults: digit 8 shape 512x8 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 528 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 396 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia k64+v emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 264 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_no_units_no_waits k32 defaults: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 8192x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32 emulated_subgroup_size=32: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32 unfused: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix nvidia_no_units_no_waits k32 defaults: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k32 defaults from 1048577: digit 8 shape 512x16 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 8192 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128 parts 2 lean 1",
    "radix nvidia_no_units_no_waits k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k32 emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k32 emulated_subgroup_size=32 from 1048577: digit 8 shape 512x16 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 8192 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128 parts 2 lean 1",
    "bitonic nvidia_no_units_no_waits k32+v defaults: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k32+v unfused: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia_no_units_no_waits k32+v defaults: digit 8 shape 1024x4 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128 parts 1 lean 1",
    "radix nvidia_no_units_no_waits k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k32+v emulated_subgroup_size=32: digit 8 shape 1024x4 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128 parts 1 lean 1",
    "bitonic nvidia_no_units_no_waits k64 defaults: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64 tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64 emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64 unfused: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia_no_units_no_waits k64 defaults: digit 8 shape 512x9 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4608 area 4608 shared 20480 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k64 emulated_subgroup_size=32: digit 8 shape 512x9 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4608 area 4608 shared 20480 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_no_units_no_waits k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64+v emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_no_units_no_waits k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix nvidia_no_units_no_waits k64+v defaults: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_no_units_no_waits k64+v emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_512_invocations k32 defaults: tile 4096 local 8 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 1 global 8/4/128 fused 327680 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_512_invocations k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 1 global 8/4/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused 327680 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_512_invocations k32 emulated_subgroup_size=32: tile 4096 local 8 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 1 global 8/4/128 fused 327680 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_512_invocations k32 unfused: tile 4096 local 8 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix nvidia_512_invocations k32 defaults: digit 8 shape 512x8 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32 defaults from 1048577: digit 8 shape 512x16 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 8192 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128 parts 2 lean 1",
    "radix nvidia_512_invocations k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 160 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 120 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32 emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32 emulated_subgroup_size=32 from 1048577: digit 8 shape 512x16 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 8192 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128 parts 2 lean 1",
    "bitonic nvidia_512_invocations k32+v defaults: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k32+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k32+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k32+v unfused: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia_512_invocations k32+v defaults: digit 8 shape 512x8 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 160 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 120 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k32+v emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_512_invocations k64 defaults: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64 tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64 emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 163840 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64 unfused: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia_512_invocations k64 defaults: digit 8 shape 512x9 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4608 area 4608 shared 20480 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 160 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 120 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k64 emulated_subgroup_size=32: digit 8 shape 512x9 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4608 area 4608 shared 20480 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_512_invocations k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 81920 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 163840 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_512_invocations k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 1024x16 run 16 merge 1 direct 0 global 8/1/128 fused 81920 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64+v emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 81920 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_512_invocations k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix nvidia_512_invocations k64+v defaults: digit 8 shape 512x8 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 160 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 120 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_512_invocations k64+v emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 80 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_256_invocations k32 defaults: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused 65536 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_256_invocations k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 1 global 8/4/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused 65536 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_256_invocations k32 emulated_subgroup_size=32: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused 65536 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_256_invocations k32 unfused: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix nvidia_256_invocations k32 defaults: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k32 keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 1536 area 1792 shared 9216 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k32 emulated_subgroup_size=32: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_256_invocations k32+v defaults: tile 2048 local 8 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k32+v tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k32+v emulated_subgroup_size=32: tile 2048 local 8 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k32+v unfused: tile 2048 local 8 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia_256_invocations k32+v defaults: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k32+v keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 1536 area 1792 shared 9216 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k32+v emulated_subgroup_size=32: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_256_invocations k64 defaults: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64 emulated_subgroup_size=32: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 32768 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64 unfused: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix nvidia_256_invocations k64 defaults: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k64 keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 1536 area 1792 shared 9216 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k64 emulated_subgroup_size=32: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic nvidia_256_invocations k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 16384 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64+v tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 32768 fused_tile 2048 max_x 2147483647",
    "bitonic nvidia_256_invocations k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 1024x16 run 16 merge 1 direct 0 global 8/1/128 fused 16384 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64+v emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 16384 fused_tile 1024 max_x 2147483647",
    "bitonic nvidia_256_invocations k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix nvidia_256_invocations k64+v defaults: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k64+v keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 1536 area 1792 shared 9216 serial 32 small 256 copy 1024 hgroup 128",
    "radix nvidia_256_invocations k64+v emulated_subgroup_size=32: digit 8 shape 256x8 path 1 blocks 24 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 32 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic amd k32 defaults: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic amd k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 16384x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic amd k32 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k32 unfused: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix amd k32 defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k32 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k32+v defaults: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k32+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 8192x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k32+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k32+v unfused: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix amd k32+v defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k32+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k64 defaults: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k64 tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 8192x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k64 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k64 unfused: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix amd k64 defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k64 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic amd k64+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic amd k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic amd k64+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix amd k64+v defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd k64+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k32 defaults: tile 4096 local 8 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused 491520 fused_tile 2048 max_x 2147483647",
    "bitonic amd_waits k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused 491520 fused_tile 2048 max_x 2147483647",
    "bitonic amd_waits k32 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k32 unfused: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix amd_waits k32 defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k32 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k32+v defaults: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k32+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k32+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k32+v unfused: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix amd_waits k32+v defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k32+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k64 defaults: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k64 tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused 245760 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k64 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k64 unfused: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix amd_waits k64 defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k64 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused 122880 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k64+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused 245760 fused_tile 2048 max_x 2147483647",
    "bitonic amd_waits k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 1024x16 run 16 merge 1 direct 0 global 8/1/128 fused 122880 fused_tile 1024 max_x 2147483647",
    "bitonic amd_waits k64+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic amd_waits k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix amd_waits k64+v defaults: digit 8 shape 512x8 path 1 blocks 180 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 4096 area 4096 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 360 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 2048 area 2048 shared 10240 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 240 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 64 tile 3072 area 3072 shared 14336 serial 32 small 256 copy 1024 hgroup 128",
    "radix amd_waits k64+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on AMD, whose subgroups have 64 lanes: use 0 or 64",
    "bitonic intel k32 defaults: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic intel k32 tile_size=2048: tile 2048 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k32 local_elements=16: tile 4096 local 16 sg 1 emu 0 wide never single 16384x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic intel k32 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k32 unfused: tile 4096 local 8 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix intel k32 defaults: digit 8 shape 512x8 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 128 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 2048 area 2816 shared 13312 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 3072 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k32 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k32+v defaults: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k32+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k32+v local_elements=16: tile 2048 local 16 sg 1 emu 0 wide 2097152 single 8192x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k32+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k32+v unfused: tile 2048 local 4 sg 1 emu 0 wide 2097152 single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix intel k32+v defaults: digit 8 shape 512x8 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 128 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 2048 area 2816 shared 13312 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 3072 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k32+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k64 defaults: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k64 tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k64 local_elements=16: tile 2048 local 16 sg 1 emu 0 wide never single 8192x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k64 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k64 unfused: tile 2048 local 4 sg 1 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix intel k64 defaults: digit 8 shape 512x8 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 128 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 2048 area 2816 shared 13312 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 3072 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k64 emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k64+v defaults: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic intel k64+v tile_size=2048: tile 2048 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic intel k64+v local_elements=16: tile 1024 local 16 sg 1 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic intel k64+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic intel k64+v unfused: tile 1024 local 4 sg 1 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix intel k64+v defaults: digit 8 shape 512x8 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 4096 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 128 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 2048 area 2816 shared 13312 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 96 histogram 8192 sg 1 emu 0 max_x 2147483647 ranking 2 lanes 16 tile 3072 area 4864 shared 21504 serial 32 small 256 copy 1024 hgroup 128",
    "radix intel k64+v emulated_subgroup_size=32: error: gpusort: DeviceFacts::emulated_subgroup_size = 32 on Intel, whose subgroups have 16 lanes: use 0 or 16",
    "bitonic no_subgroups k32 defaults: tile 4096 local 8 sg 0 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic no_subgroups k32 tile_size=2048: tile 2048 local 8 sg 0 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k32 local_elements=16: tile 4096 local 16 sg 0 emu 0 wide never single 8192x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic no_subgroups k32 emulated_subgroup_size=32: tile 2048 local 8 sg 1 emu 1 wide never single 4096x8 run 16 merge 1 direct 1 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k32 unfused: tile 4096 local 8 sg 0 emu 0 wide never single 8192x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix no_subgroups k32 defaults: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 4096 area 4096 shared 22528 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k32 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 2048 area 2048 shared 12288 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k32 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 3072 area 3072 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k32 emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 4096 area 4096 shared 20992 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic no_subgroups k32+v defaults: tile 2048 local 4 sg 0 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k32+v tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k32+v local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k32+v emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 1 wide 2097152 single 2048x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic no_subgroups k32+v unfused: tile 2048 local 4 sg 0 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix no_subgroups k32+v defaults: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 4096 area 4096 shared 22528 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k32+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 2048 area 2048 shared 12288 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k32+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 3072 area 3072 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k32+v emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 4096 area 4096 shared 20992 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic no_subgroups k64 defaults: tile 2048 local 4 sg 0 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k64 tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k64 local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k64 emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 1 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic no_subgroups k64 unfused: tile 2048 local 4 sg 0 emu 0 wide never single 4096x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix no_subgroups k64 defaults: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 4096 area 4096 shared 22528 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k64 workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 2048 area 2048 shared 12288 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k64 keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 3072 area 3072 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k64 emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 4096 area 4096 shared 20992 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic no_subgroups k64+v defaults: tile 1024 local 4 sg 0 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic no_subgroups k64+v tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic no_subgroups k64+v local_elements=16: tile 1024 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic no_subgroups k64+v emulated_subgroup_size=32: tile 1024 local 4 sg 1 emu 1 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic no_subgroups k64+v unfused: tile 1024 local 4 sg 0 emu 0 wide never single 2048x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix no_subgroups k64+v defaults: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 4096 area 4096 shared 22528 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k64+v workgroup_size=256: digit 8 shape 256x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 2048 area 2048 shared 12288 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k64+v keys_per_invocation=6: digit 8 shape 512x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 3072 area 3072 shared 18432 serial 32 small 256 copy 1024 hgroup 128",
    "radix no_subgroups k64+v emulated_subgroup_size=32: digit 8 shape 512x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 4096 area 4096 shared 20992 serial 32 small 256 copy 1024 hgroup 128",
    "bitonic es31_minimums_8_blocks k32 defaults: tile 4096 local 32 sg 0 emu 0 wide never single 4096x32 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32 tile_size=2048: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32 local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32 emulated_subgroup_size=32: tile 2048 local 16 sg 1 emu 1 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32 unfused: tile 4096 local 32 sg 0 emu 0 wide never single 4096x32 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 2147483647",
    "radix es31_minimums_8_blocks k32 defaults: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 1024 area 1024 shared 6144 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k32 workgroup_size=256: error: gpusort: invalid RadixTuning: workgroup_size 256 must be a multiple of 32 of at most 128 (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)",
    "radix es31_minimums_8_blocks k32 keys_per_invocation=6: digit 7 shape 128x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 768 area 768 shared 5120 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k32 emulated_subgroup_size=32: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 1024 area 1024 shared 5744 serial 32 small 128 copy 512 hgroup 128",
    "bitonic es31_minimums_8_blocks k32+v defaults: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32+v tile_size=2048: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32+v local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32+v emulated_subgroup_size=32: tile 1024 local 8 sg 1 emu 1 wide 2097152 single 1024x8 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k32+v unfused: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 2147483647",
    "radix es31_minimums_8_blocks k32+v defaults: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 1024 area 1024 shared 6144 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k32+v workgroup_size=256: error: gpusort: invalid RadixTuning: workgroup_size 256 must be a multiple of 32 of at most 128 (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)",
    "radix es31_minimums_8_blocks k32+v keys_per_invocation=6: digit 7 shape 128x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 768 area 768 shared 5120 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k32+v emulated_subgroup_size=32: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 1024 area 1024 shared 5744 serial 32 small 128 copy 512 hgroup 128",
    "bitonic es31_minimums_8_blocks k64 defaults: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64 tile_size=2048: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64 local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64 emulated_subgroup_size=32: tile 1024 local 8 sg 1 emu 1 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64 unfused: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 2147483647",
    "radix es31_minimums_8_blocks k64 defaults: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 1024 area 1024 shared 6144 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k64 workgroup_size=256: error: gpusort: invalid RadixTuning: workgroup_size 256 must be a multiple of 32 of at most 128 (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)",
    "radix es31_minimums_8_blocks k64 keys_per_invocation=6: digit 7 shape 128x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 768 area 768 shared 5120 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k64 emulated_subgroup_size=32: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 1024 area 1024 shared 5744 serial 32 small 128 copy 512 hgroup 128",
    "bitonic es31_minimums_8_blocks k64+v defaults: tile 1024 local 8 sg 0 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64+v tile_size=2048: error: gpusort: invalid BitonicTuning: tile_size 2048 needs 24576 bytes of shared memory, more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE = 16384; use a smaller tile_size or 0 for the default",
    "bitonic es31_minimums_8_blocks k64+v local_elements=16: tile 1024 local 16 sg 0 emu 0 wide never single 1024x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64+v emulated_subgroup_size=32: tile 1024 local 8 sg 1 emu 1 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "bitonic es31_minimums_8_blocks k64+v unfused: tile 1024 local 8 sg 0 emu 0 wide never single 1024x8 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 1024 max_x 2147483647",
    "radix es31_minimums_8_blocks k64+v defaults: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 1024 area 1024 shared 6144 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k64+v workgroup_size=256: error: gpusort: invalid RadixTuning: workgroup_size 256 must be a multiple of 32 of at most 128 (GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS)",
    "radix es31_minimums_8_blocks k64+v keys_per_invocation=6: digit 7 shape 128x6 path 1 blocks 512 histogram 8192 sg 0 emu 0 max_x 2147483647 ranking 0 lanes 32 tile 768 area 768 shared 5120 serial 32 small 128 copy 512 hgroup 128",
    "radix es31_minimums_8_blocks k64+v emulated_subgroup_size=32: digit 7 shape 128x8 path 1 blocks 512 histogram 8192 sg 1 emu 1 max_x 2147483647 ranking 1 lanes 32 tile 1024 area 1024 shared 5744 serial 32 small 128 copy 512 hgroup 128",
    "bitonic software k32 defaults: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software k32 tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k32 local_elements=16: tile 8192 local 16 sg 0 emu 0 wide never single 8192x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 8192 max_x 65535",
    "bitonic software k32 emulated_subgroup_size=32: tile 4096 local 4 sg 1 emu 1 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software k32 unfused: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "radix software k32 defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k32 workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k32 keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k32 emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software k32+v defaults: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software k32+v tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k32+v local_elements=16: tile 4096 local 16 sg 0 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software k32+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 1 wide never single 2048x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k32+v unfused: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "radix software k32+v defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k32+v workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k32+v keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k32+v emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software k64 defaults: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software k64 tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k64 local_elements=16: tile 4096 local 16 sg 0 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software k64 emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 1 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k64 unfused: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 4096 max_x 65535",
    "radix software k64 defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k64 workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k64 keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k64 emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software k64+v defaults: tile 2048 local 4 sg 0 emu 0 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k64+v tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k64+v local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k64+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 1 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software k64+v unfused: tile 2048 local 4 sg 0 emu 0 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "radix software k64+v defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k64+v workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k64+v keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software k64+v emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software_one_thread k32 defaults: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software_one_thread k32 tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k32 local_elements=16: tile 8192 local 16 sg 0 emu 0 wide never single 8192x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 8192 max_x 65535",
    "bitonic software_one_thread k32 emulated_subgroup_size=32: tile 4096 local 4 sg 1 emu 1 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software_one_thread k32 unfused: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "radix software_one_thread k32 defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k32 workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k32 keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k32 emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software_one_thread k32+v defaults: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software_one_thread k32+v tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k32+v local_elements=16: tile 4096 local 16 sg 0 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software_one_thread k32+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 1 wide never single 2048x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k32+v unfused: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/4/128 fused never fused_tile 4096 max_x 65535",
    "radix software_one_thread k32+v defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k32+v workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k32+v keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k32+v emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software_one_thread k64 defaults: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software_one_thread k64 tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k64 local_elements=16: tile 4096 local 16 sg 0 emu 0 wide never single 4096x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 4096 max_x 65535",
    "bitonic software_one_thread k64 emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 1 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k64 unfused: tile 4096 local 4 sg 0 emu 0 wide never single 4096x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 4096 max_x 65535",
    "radix software_one_thread k64 defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k64 workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k64 keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k64 emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
    "bitonic software_one_thread k64+v defaults: tile 2048 local 4 sg 0 emu 0 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k64+v tile_size=2048: tile 2048 local 4 sg 0 emu 0 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k64+v local_elements=16: tile 2048 local 16 sg 0 emu 0 wide never single 2048x16 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k64+v emulated_subgroup_size=32: tile 2048 local 4 sg 1 emu 1 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "bitonic software_one_thread k64+v unfused: tile 2048 local 4 sg 0 emu 0 wide never single 2048x4 run 16 merge 1 direct 0 global 8/1/128 fused never fused_tile 2048 max_x 65535",
    "radix software_one_thread k64+v defaults: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k64+v workgroup_size=256: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1024 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k64+v keys_per_invocation=6: digit 8 shape 256x6 path 1 blocks never histogram 8192 sg 0 emu 0 max_x 65535 ranking 0 lanes 32 tile 1536 area 1792 shared 11264 serial 4096 small 256 copy 1024 hgroup 128",
    "radix software_one_thread k64+v emulated_subgroup_size=32: digit 8 shape 256x4 path 1 blocks never histogram 8192 sg 1 emu 1 max_x 65535 ranking 1 lanes 32 tile 1024 area 1792 shared 10496 serial 4096 small 256 copy 1024 hgroup 128",
};
// clang-format on

TEST(TuningPins, ResolvedTuningsOfBothAlgorithmsAsAtTheTables) {
  const std::vector<std::string> now = resolved_lines();
  std::vector<std::string> want(std::begin(pinned), std::end(pinned));
  bool same = now.size() == want.size();
  for (std::size_t i = 0; i < now.size() && i < want.size(); ++i) {
    EXPECT_EQ(now[i], want[i]) << "line " << i;
    same = same && now[i] == want[i];
  }
  EXPECT_EQ(now.size(), want.size());
  if (!same) {
    std::string all;
    for (const std::string& line : now) {
      std::string escaped;
      for (char c : line) escaped += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
      all += "    \"" + escaped + "\",\n";
    }
    ADD_FAILURE() << "every line as it resolves now:\n" << all;
  }
}

// The file names a row's source cites (history.md, tuning-*.md, ...): each must be in
// bench/results/, and every row must cite at least one, or say "none".
template <class Row, std::size_t N>
void expect_sources_exist(const Row (&table)[N], const char* name) {
  const std::regex file(R"([A-Za-z0-9_.-]+\.(md|json|csv|png))");
  const std::filesystem::path results = std::filesystem::path(GPUSORT_SOURCE_DIR) / "bench" / "results";
  for (std::size_t i = 0; i < N; ++i) {
    const std::string source = table[i].source;
    SCOPED_TRACE(std::string(name) + " row " + std::to_string(i) + ": " + source);
    std::size_t files = 0;
    for (auto it = std::sregex_iterator(source.begin(), source.end(), file); it != std::sregex_iterator(); ++it) {
      ++files;
      EXPECT_TRUE(std::filesystem::exists(results / it->str())) << it->str() << " is not in bench/results/";
    }
    EXPECT_TRUE(files != 0 || source.rfind("none: ", 0) == 0) << "names no record and does not say none";
  }
}

TEST(TuningPins, EveryTableRowNamesItsRecord) {
  expect_sources_exist(gpusort::detail::bitonic::defaults_table, "bitonic");
  expect_sources_exist(gpusort::detail::radix::defaults_table, "radix");
}

}  // namespace
}  // namespace gpusort_test
