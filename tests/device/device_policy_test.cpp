// The device is asked once per sorter (a Sorter hands its facts to both algorithms), and the
// forward-progress policy: which drivers run waits between workgroups by default (a pure
// function of GL_VENDOR, GL_RENDERER, GL_VERSION and LP_NUM_THREADS, checked here without GL
// for the strings real drivers report).

#include "gl_session.hpp"
#include "radix_support.hpp"
#include "sort_checks.hpp"

#include <gpusort/detail/device/forward_progress.hpp>

#include <cstdlib>
#include <iterator>
#include <string>

namespace gpusort_test {
namespace {

using gpusort::WorkgroupWaits;
using gpusort::detail::workgroup_waits_verified;

// detail::resolve_workgroup_waits()'s decision, a refusal thrown as gpusort::Error.
bool resolve_workgroup_waits(WorkgroupWaits requested, const std::string& vendor, const std::string& renderer,
                             const std::string& version, const char* lp_num_threads) {
  bool waits = false;
  gpusort::detail::report(
      gpusort::detail::resolve_workgroup_waits(requested, vendor, renderer, version, lp_num_threads, waits));
  return waits;
}

struct Driver {
  const char* name;
  const char* vendor;
  const char* renderer;
  const char* version;
  bool waits;  // by default, LP_NUM_THREADS unset
};

// Strings as the drivers report them (vendor, renderer, version).
const Driver drivers[] = {
    {"NVIDIA desktop GL", "NVIDIA Corporation", "NVIDIA H200/PCIe/SSE2", "4.6.0 NVIDIA 580.95.05", true},
    {"NVIDIA desktop ES", "NVIDIA Corporation", "NVIDIA GeForce RTX 4090/PCIe/SSE2", "OpenGL ES 3.2 NVIDIA 580.95.05",
     true},
    {"NVIDIA Tegra (Android)", "NVIDIA Corporation", "NVIDIA Tegra", "OpenGL ES 3.2 NVIDIA 34.0.0", false},
    {"NVIDIA Tegra (L4T)", "NVIDIA Corporation", "NVIDIA Tegra Orin (nvgpu)/integrated", "4.6.0 NVIDIA 35.4.1", false},
    {"AMD radeonsi", "AMD", "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.7, DRM 3.54, 6.5.0)",
     "4.6 (Core Profile) Mesa 23.3.0", false},
    {"AMD proprietary", "ATI Technologies Inc.", "AMD Radeon RX 6800 XT", "4.6.0 Core Profile Context 23.10.2", false},
    {"Intel iris", "Intel", "Mesa Intel(R) UHD Graphics 630 (CFL GT2)", "4.6 (Core Profile) Mesa 22.3.6", false},
    {"Adreno", "Qualcomm", "Adreno (TM) 740", "OpenGL ES 3.2 V@0676.0 (GIT@...)", false},
    {"Mali", "ARM", "Mali-G78", "OpenGL ES 3.2 v1.r32p1-01eac0.2a2f8f1...", false},
    {"V3D", "Broadcom", "V3D 4.2", "OpenGL ES 3.1 Mesa 22.3.6", false},
    {"llvmpipe", "Mesa", "llvmpipe (LLVM 15.0.6, 256 bits)", "4.5 (Core Profile) Mesa 22.3.6", false},
    {"llvmpipe ES", "Mesa", "llvmpipe (LLVM 15.0.6, 256 bits)", "OpenGL ES 3.2 Mesa 22.3.6", false},
    {"zink over lavapipe", "Mesa", "zink (llvmpipe (LLVM 15.0.6, 256 bits))", "4.6 (Core Profile) Mesa 22.3.6", false},
    {"zink over radv", "Mesa", "zink (AMD RADV NAVI21)", "4.6 (Core Profile) Mesa 23.3.0", false},
    {"softpipe", "Mesa", "softpipe", "3.3 (Core Profile) Mesa 22.3.6", false},
};

TEST(WaitPolicy, VerifiedDriversOnly) {
  for (const Driver& d : drivers) {
    // The table is Linux's; a Windows build waits nowhere by default (below).
    const bool waits = d.waits && !gpusort::detail::built_for_windows;
    EXPECT_EQ(workgroup_waits_verified(d.vendor, d.renderer, d.version, nullptr), waits) << d.name;
    EXPECT_EQ(resolve_workgroup_waits(WorkgroupWaits::where_verified, d.vendor, d.renderer, d.version, nullptr),
              waits)
        << d.name;
    EXPECT_FALSE(resolve_workgroup_waits(WorkgroupWaits::never, d.vendor, d.renderer, d.version, "1")) << d.name;
  }
}

// NVIDIA's waits are verified on Linux only: on Windows a wait that never ends is a TDR, so
// there the default is no waits, on every driver, and an opt-in still runs them.
TEST(WaitPolicy, WindowsWaitsOnlyWhenAskedFor) {
  for (const Driver& d : drivers) {
    EXPECT_FALSE(workgroup_waits_verified(d.vendor, d.renderer, d.version, nullptr, /*windows=*/true)) << d.name;
    EXPECT_FALSE(workgroup_waits_verified(d.vendor, d.renderer, d.version, "1", /*windows=*/true) &&
                 std::string(d.renderer).find("llvmpipe") == std::string::npos)
        << d.name;
  }
  EXPECT_TRUE(workgroup_waits_verified("NVIDIA Corporation", "NVIDIA H200/PCIe/SSE2", "4.6.0 NVIDIA 580.95.05",
                                       nullptr, /*windows=*/false));
#if defined(_WIN32)
  EXPECT_TRUE(gpusort::detail::built_for_windows);
#else
  EXPECT_FALSE(gpusort::detail::built_for_windows);
#endif
  EXPECT_TRUE(resolve_workgroup_waits(WorkgroupWaits::allowed, "NVIDIA Corporation", "NVIDIA H200/PCIe/SSE2",
                                      "4.6.0 NVIDIA 580.95.05", nullptr));
}

// llvmpipe runs waits only when one thread runs every workgroup; zink over lavapipe does not
// (zink is a translation layer whose waits nobody verified), with or without threads.
TEST(WaitPolicy, LlvmpipeOnOneThread) {
  const std::string llvmpipe = "llvmpipe (LLVM 15.0.6, 256 bits)", version = "4.5 (Core Profile) Mesa 22.3.6";
  EXPECT_TRUE(workgroup_waits_verified("Mesa", llvmpipe, version, "1"));
  EXPECT_TRUE(workgroup_waits_verified("Mesa", llvmpipe, version, "0"));
  EXPECT_FALSE(workgroup_waits_verified("Mesa", llvmpipe, version, "2"));
  EXPECT_FALSE(workgroup_waits_verified("Mesa", llvmpipe, version, ""));
  EXPECT_FALSE(workgroup_waits_verified("Mesa", "zink (llvmpipe (LLVM 15.0.6, 256 bits))", version, "1"));
  EXPECT_FALSE(workgroup_waits_verified("AMD", "AMD Radeon RX 7900 XTX (radeonsi, navi31)", version, "1"))
      << "LP_NUM_THREADS is Mesa's CPU driver's: it proves nothing on a GPU";
}

// A user opts in on their own GPU; on llvmpipe with several threads the opt-in is refused
// (there it gives wrong sorts), with a message that says what to do.
TEST(WaitPolicy, OptIn) {
  for (const Driver& d : drivers) {
    const bool cpu = std::string(d.renderer).find("llvmpipe") != std::string::npos;
    if (cpu) {
      try {
        resolve_workgroup_waits(WorkgroupWaits::allowed, d.vendor, d.renderer, d.version, "4");
        ADD_FAILURE() << d.name << ": an opt-in on several llvmpipe threads was taken";
      } catch (const gpusort::Error& e) {
        EXPECT_NE(std::string(e.what()).find("LP_NUM_THREADS=1"), std::string::npos) << e.what();
      }
      EXPECT_TRUE(resolve_workgroup_waits(WorkgroupWaits::allowed, d.vendor, d.renderer, d.version, "1")) << d.name;
    } else {
      EXPECT_TRUE(resolve_workgroup_waits(WorkgroupWaits::allowed, d.vendor, d.renderer, d.version, nullptr))
          << d.name;
    }
  }
}

bool same_counts(const gpusort::Crossover& a, const gpusort::Crossover& b) {
  return a.keys == b.keys && a.pairs == b.pairs && a.stable == b.stable && a.wide_keys == b.wide_keys;
}

// Each measured GPU gets its own crossover from its GL_RENDERER (as drivers spell it); other
// GPUs the fallback, software renderers theirs, whatever their name says. The chooser is tried
// on a table whose entries differ (the measured GPUs may share their counts), then on the real one.
TEST(CrossoverPolicy, ChoosesTheMeasuredEntryByRenderer) {
  using gpusort::Crossover;
  using gpusort::MeasuredCrossover;
  constexpr MeasuredCrossover table[] = {{{11, 12, 13, 14}, "GPU One", "GPU One/PCIe", "2026-01-01"},
                                         {{21, 22, 23, 24}, "GPU Two", "GPU Two/PCIe", "2026-01-02"},
                                         {{31, 32, 33, 34}, "", "never matched", "2026-01-03"}};
  constexpr MeasuredCrossover others{{41, 42, 43, 44}, "", "other GPUs", "2026-01-04"};
  constexpr MeasuredCrossover software{{51, 52, 53, 54}, "", "software", "2026-01-05"};
  const auto choose = [&](const char* renderer, bool is_software) {
    return gpusort::detail::choose_crossover(renderer, is_software, table, others, software);
  };
  EXPECT_TRUE(same_counts(choose("GPU One/PCIe/SSE2", false), table[0].radix_from));
  EXPECT_TRUE(same_counts(choose("Vendor GPU Two 80GB", false), table[1].radix_from));
  EXPECT_TRUE(same_counts(choose("GPU Three", false), others.radix_from));
  EXPECT_TRUE(same_counts(choose("", false), others.radix_from));
  EXPECT_TRUE(same_counts(choose("GPU One/PCIe/SSE2", true), software.radix_from));

  ASSERT_GE(std::size(gpusort::gpu_crossovers), 2u);
  for (const MeasuredCrossover& entry : gpusort::gpu_crossovers) {
    SCOPED_TRACE(entry.device);
    EXPECT_TRUE(same_counts(Crossover::for_device(entry.device, false), entry.radix_from));
    EXPECT_TRUE(same_counts(Crossover::for_device(entry.device, true), gpusort::software_crossover.radix_from));
  }
  for (const char* other : {"AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.7, DRM 3.54)",
                            "Mesa Intel(R) Arc(tm) A770 Graphics (DG2)", "Adreno (TM) 740", ""}) {
    SCOPED_TRACE(other);
    EXPECT_TRUE(same_counts(Crossover::for_device(other, false), gpusort::gpu_crossover.radix_from));
  }
  for (const MeasuredCrossover& measured :
       {gpusort::gpu_crossover, gpusort::software_crossover, gpusort::gpu_crossovers[0], gpusort::gpu_crossovers[1]}) {
    for (std::size_t count : {measured.radix_from.keys, measured.radix_from.pairs, measured.radix_from.stable,
                              measured.radix_from.wide_keys})
      EXPECT_TRUE(count > 2 && ((count - 1) & (count - 2)) == 0) << measured.device << ": " << count
                                                                   << " is not a power of two + 1";
  }
}

// The sorters run what the policy says on this context: the network's fused passes only where
// waits are allowed. The radix sort's single pass (Onesweep with decoupled fallback) never
// waits without bound, so it runs whatever the policy says, WorkgroupWaits::never included.
class DevicePolicy : public GlTest {};

TEST_F(DevicePolicy, SortersFollowThePolicy) {
  const auto limits = gpusort::detail::query_device_limits();
  const bool verified = workgroup_waits_verified(limits.vendor, limits.renderer, limits.version,
                                                 std::getenv("LP_NUM_THREADS"));
  EXPECT_EQ(limits.cross_workgroup_waits, verified);
  gpusort::RadixSorter<std::uint32_t> radix(radix_test_tuning());
  EXPECT_EQ(radix.device_facts().workgroup_waits, verified ? WorkgroupWaits::allowed : WorkgroupWaits::never);
  EXPECT_EQ(radix.tuning().path, gpusort::RadixPath::onesweep);

  gpusort::DeviceFacts never;
  never.workgroup_waits = WorkgroupWaits::never;
  gpusort::RadixSorter<std::uint32_t> radix_never(radix_test_tuning(), nullptr, never);
  EXPECT_EQ(radix_never.tuning().path, gpusort::RadixPath::onesweep);
  EXPECT_EQ(radix_never.device_facts().workgroup_waits, WorkgroupWaits::never);
  EXPECT_TRUE(radix_buffer_sort_ok(radix_never, make_keys<std::uint32_t>(Distribution::random, 20011, 5), nullptr,
                                   gpusort::Order::descending));
  gpusort::BitonicTuning fused = test_tuning();
  fused.fused_passes_max_count = 1u << 20;
  gpusort::BitonicSorter<std::uint32_t> bitonic_never(fused, nullptr, never);
  EXPECT_EQ(bitonic_never.tuning().fused_passes_max_count, gpusort::BitonicTuning::never)
      << "fused passes wait between workgroups";
  gpusort::RadixTuning reduce_then_scan = radix_test_tuning();
  reduce_then_scan.path = gpusort::RadixPath::reduce_then_scan;
  EXPECT_EQ(gpusort::RadixSorter<std::uint32_t>(reduce_then_scan, nullptr, never).tuning().path,
            gpusort::RadixPath::reduce_then_scan);
  EXPECT_TRUE(no_gl_error("the policy sorters"));
}

// Each class asks the context once; a Sorter asks once for both of its algorithms.
TEST_F(DevicePolicy, TheDeviceIsAskedOnce) {
  std::uint64_t& queries = gpusort::detail::device_query_count();
  std::uint64_t before = queries;
  gpusort::SorterTuning tuning;
  tuning.bitonic = test_tuning();
  tuning.radix = radix_test_tuning();
  gpusort::Sorter<std::uint32_t, std::uint32_t> sorter(tuning);
  EXPECT_EQ(queries - before, 1u) << "Sorter construction";
  before = queries;
  gpusort::BitonicSorter<std::uint32_t> bitonic(test_tuning());
  EXPECT_EQ(queries - before, 1u) << "BitonicSorter construction";
  before = queries;
  gpusort::RadixSorter<std::uint32_t> radix(radix_test_tuning());
  EXPECT_EQ(queries - before, 1u) << "RadixSorter construction";
  // Sorting asks nothing more.
  std::vector<std::uint32_t> keys = {3, 1, 2}, values = {0, 1, 2};
  before = queries;
  sorter.sort(keys, values);
  bitonic.sort(keys);
  radix.sort(keys);
  EXPECT_EQ(queries - before, 0u) << "sorts";
  // The facts given to a Sorter reach both algorithms.
  gpusort::DeviceFacts facts;
  facts.compute_units = 5;
  facts.workgroup_waits = WorkgroupWaits::never;
  gpusort::Sorter<std::uint32_t> told(tuning, nullptr, facts);
  EXPECT_EQ(told.bitonic().device_facts().compute_units, 5u);
  EXPECT_EQ(told.bitonic().device_facts().workgroup_waits, WorkgroupWaits::never);
  if (told.radix_unavailable().empty()) {
    EXPECT_EQ(told.radix().device_facts().compute_units, 5u);
    EXPECT_EQ(told.radix().device_facts().workgroup_waits, WorkgroupWaits::never);
  }
  EXPECT_TRUE(no_gl_error("the counted sorters"));
}

}  // namespace
}  // namespace gpusort_test
