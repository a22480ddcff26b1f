// Compiles every compute shader variant gpusort can generate with Khronos's reference
// compiler (glslangValidator), as GLSL 4.30 core, GLSL ES 3.10 and GLSL ES 3.20.
//   glslang_variants GLSLANG_VALIDATOR OUTPUT_DIR [JOBS [all|readme|soak]]
// The sources come from the library's own program-source functions, for device profiles and
// tunings that reach every path (subgroups none/4/8/16/32/64/128, subgroups of 4/32/128 emulated
// (DeviceFacts::emulated_subgroup_size), also compiled for another size than the emulation runs
// (the subgroup check's test hook), the ES 3.1 minimums, software renderers, fused passes,
// both radix paths and all three rankings, the radix sort's forced-fallback test mode), each
// key type with and without values. Bitonic variants are the programs the planner asks for at
// counts up to 2^26 (direct and indirect, stable and not). Each distinct source is written to
// OUTPUT_DIR/<target>/ and compiled on its own; any failure fails the run.
// The part "readme" (ctest glslang_variants) compiles, for each target, the first variant of
// each kernel on each device profile, on each key layout and in each tuning (so every kernel,
// profile, subgroup size, key layout and tuning is compiled for every target); "soak" (ctest
// glslang_variants_soak) compiles the others, and "all" (the default) both.
//
// Nothing here calls GL: glad's header only declares the types and entry points, and this
// program does not link a loader, so a source function that called GL would not link.
#include <glad/gl.h>

#include <gpusort/detail/bitonic/plan.hpp>
#include <gpusort/detail/bitonic/programs.hpp>
#include <gpusort/detail/bitonic/tuning.hpp>
#include <gpusort/detail/bitonic/permute.hpp>
#include <gpusort/detail/radix/programs.hpp>
#include <gpusort/detail/radix/tuning.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "support/fake_device_limits.hpp"

namespace {

using gpusort::BitonicTuning;
using gpusort::RadixKernel;
using gpusort::RadixPath;
using gpusort::RadixTuning;
using gpusort::detail::DeviceLimits;
using gpusort::detail::GPUSORT_KEY_FLOAT;
using gpusort::detail::GPUSORT_KEY_SIGNED;
using gpusort::detail::GPUSORT_KEY_UNSIGNED;
using gpusort::detail::GlslTarget;
using gpusort::detail::ProgramSource;

struct Profile {
  std::string name;
  DeviceLimits limits;
  std::string vendor;  // RadixSorter picks tile shapes by vendor
};

using gpusort_test::fake_gpu_limits;

/// Devices whose limits reach every path the defaults derive: subgroup sizes none/4/8/16/32/64/
/// 128, compute units known or not, waits between workgroups (NVIDIA) or not (the network's
/// fused passes), software renderers with and without them, the ES 3.1 minimums (16 KiB shared
/// memory, 128 invocations, 4 storage blocks; 8 for the radix kernels), also with 128 lanes (a
/// workgroup of one subgroup), and subgroups emulated where a device has none
/// (DeviceFacts::emulated_subgroup_size): 4 and 128 lanes on software renderers (uint and uvec4
/// lane masks), 32 on a GPU, 128 at the ES 3.1 minimums; and kernels compiled for another size
/// than their emulation runs (the subgroup check's test hook).
std::vector<Profile> profiles() {
  std::vector<Profile> p;
  p.push_back({"sg32", fake_gpu_limits(49152, 1024, 32, 132, 16, true), "NVIDIA Corporation"});
  p.push_back({"sg64", fake_gpu_limits(65536, 1024, 64, 60), "AMD"});
  p.push_back({"sg16", fake_gpu_limits(65536, 1024, 16, 32), "Intel"});
  p.push_back({"sg8", fake_gpu_limits(32768, 512, 8, 24), "Intel"});
  p.push_back({"sg4", fake_gpu_limits(32768, 512, 4, 16), "ARM"});
  p.push_back({"sg128", fake_gpu_limits(32768, 1024, 128, 8), "Qualcomm"});
  p.push_back({"nosg", fake_gpu_limits(32768, 1024, 0, 0), "Qualcomm"});
  p.push_back({"es_min", fake_gpu_limits(16384, 128, 0, 0, 4), "Broadcom"});
  p.push_back({"es_min8", fake_gpu_limits(16384, 128, 0, 0, 8), "Broadcom"});
  p.push_back({"es_min_sg16", fake_gpu_limits(16384, 128, 16, 4, 8), "ARM"});
  p.push_back({"es_min_sg128", fake_gpu_limits(16384, 128, 128, 4, 8), "Qualcomm"});
  // Emulated subgroups where a device has none: a GPU's shapes at 32 lanes (direct tile I/O), the
  // ES 3.1 minimums at 128 lanes (a workgroup of one subgroup).
  DeviceLimits emulated = fake_gpu_limits(32768, 1024, 0, 0);
  emulated.emulated_subgroup_size = 32;
  p.push_back({"nosg_emulated32", emulated, "Qualcomm"});
  emulated = fake_gpu_limits(16384, 128, 0, 0, 8);
  emulated.emulated_subgroup_size = 128;
  p.push_back({"es_min8_emulated128", emulated, "Broadcom"});
  DeviceLimits software = fake_gpu_limits(32768, 1024, 0, 0);
  software.max_groups_x = 65535;
  software.software = true;
  software.cross_workgroup_waits = false;
  p.push_back({"software", software, "Mesa"});
  software.cross_workgroup_waits = true;  // LP_NUM_THREADS=1
  p.push_back({"software_1thread", software, "Mesa"});
  software.cross_workgroup_waits = false;
  for (std::uint32_t lanes : {4u, 128u}) {
    software.emulated_subgroup_size = lanes;
    p.push_back({"software_emulated" + std::to_string(lanes), software, "Mesa"});
  }
  // Kernels compiled for another subgroup size than their emulation runs (the subgroup check's
  // test hook, detail::DeviceTestHooks): emulated ballots wider than the lane sets hold, and
  // narrower.
  for (const auto& sizes : {std::pair<std::uint32_t, std::uint32_t>{128, 16}, {16, 64}}) {
    software.emulated_subgroup_size = sizes.first;
    software.misplanned_subgroup_size = sizes.second;
    p.push_back({"software_emulated" + std::to_string(sizes.first) + "_planned" + std::to_string(sizes.second),
                 software, "Mesa"});
  }
  return p;
}

struct KeyLayout {
  std::string name;
  std::uint32_t key_bytes;
  int kind;  // GPUSORT_KEY_UNSIGNED, _SIGNED, _FLOAT
  bool values;
};

std::vector<KeyLayout> key_layouts() {
  std::vector<KeyLayout> layouts;
  const std::pair<const char*, int> kinds[] = {{"u", GPUSORT_KEY_UNSIGNED}, {"i", GPUSORT_KEY_SIGNED}, {"f", GPUSORT_KEY_FLOAT}};
  for (std::uint32_t bytes : {4u, 8u})
    for (const auto& kind : kinds)
      for (bool values : {false, true})
        layouts.push_back({kind.first + std::to_string(bytes * 8) + (values ? "_pairs" : "_keys"), bytes, kind.second, values});
  return layouts;
}

std::vector<std::pair<std::string, BitonicTuning>> bitonic_tunings() {
  std::vector<std::pair<std::string, BitonicTuning>> t(1, {"default", BitonicTuning{}});
  const auto add = [&](const char* name, const std::function<void(BitonicTuning&)>& change) {
    BitonicTuning tuning;
    change(tuning);
    t.push_back({name, tuning});
  };
  add("no_subgroups", [](BitonicTuning& x) { x.use_subgroups = false; });
  add("no_direct_io", [](BitonicTuning& x) { x.direct_tile_io = false; });
  add("elements4", [](BitonicTuning& x) { x.local_elements = 4; });
  add("elements16", [](BitonicTuning& x) { x.local_elements = 16; });
  add("fused", [](BitonicTuning& x) { x.fused_passes_max_count = 1u << 22; });
  add("wide", [](BitonicTuning& x) { x.wide_chunk_min_count = 1; });
  add("scalar_global", [](BitonicTuning& x) { x.global_vector_width = 1; x.merge_stages = false; });
  return t;
}

std::vector<std::pair<std::string, RadixTuning>> radix_tunings() {
  std::vector<std::pair<std::string, RadixTuning>> t(1, {"default", RadixTuning{}});
  const auto add = [&](const char* name, const std::function<void(RadixTuning&)>& change) {
    RadixTuning tuning;
    change(tuning);
    t.push_back({name, tuning});
  };
  add("onesweep", [](RadixTuning& x) { x.path = RadixPath::onesweep; });
  add("reduce_then_scan", [](RadixTuning& x) { x.path = RadixPath::reduce_then_scan; });
  add("no_subgroups", [](RadixTuning& x) { x.use_subgroups = false; });
  add("digits4", [](RadixTuning& x) { x.digit_bits = 4; x.workgroup_size = 128; x.keys_per_invocation = 4; });
  add("digits6", [](RadixTuning& x) { x.digit_bits = 6; x.histogram_keys = 1024; });
  add("small_tiles", [](RadixTuning& x) { x.workgroup_size = 128; x.keys_per_invocation = 2; });
  return t;
}

/// The #defines that only size things (workgroups, tiles, reserves, scratch): no #if tests
/// their value, so sources that differ only there take the same code paths. FUSED_RESERVE_WORDS
/// is tested against 0, so it keeps that much.
const char* const size_only_defines[] = {"GROUP_SIZE", "TILE_LOG2", "WINDOW_LOG2", "SINGLE_TILE_LOG2",
                                         "GLOBAL_GROUP_SIZE", "TILE_SIZE", "HISTOGRAM_KEYS", "HISTOGRAM_PASSES",
                                         "SERIAL_SCAN_BLOCKS", "AREA_WORDS", "KEYS_PER_INVOCATION"};

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// Whether `name` occurs in `source` as an identifier more than once (more than its #define).
bool used(const std::string& source, const std::string& name) {
  int seen = 0;
  for (std::size_t at = source.find(name); at != std::string::npos; at = source.find(name, at + 1)) {
    const bool starts = at == 0 || !identifier_char(source[at - 1]);
    const bool ends = at + name.size() == source.size() || !identifier_char(source[at + name.size()]);
    if (starts && ends && ++seen > 1) return true;
  }
  return false;
}

/// `source` with the values of size_only_defines, and of #defines that nothing uses (the
/// radix prelude defines every switch for every kernel), blanked out: the variant's code path.
std::string code_path(const std::string& source) {
  std::string path;
  std::size_t begin = 0;
  while (begin < source.size()) {
    std::size_t end = source.find('\n', begin);
    if (end == std::string::npos) end = source.size();
    std::string line = source.substr(begin, end - begin);
    begin = end + 1;
    if (line.compare(0, 8, "#define ") == 0) {
      const std::size_t name_end = line.find(' ', 8);
      const std::string name = line.substr(8, name_end - 8);
      const bool size_only = std::find(std::begin(size_only_defines), std::end(size_only_defines), name) !=
                             std::end(size_only_defines);
      if (name_end != std::string::npos && (size_only || !used(source, name))) line = "#define " + name + " N";
    }
    if (line.compare(0, 28, "#define FUSED_RESERVE_WORDS ") == 0) line = line.substr(28) == "0" ? "no reserve" : "reserve";
    path += line + "\n";
  }
  return path;
}

/// Where a variant comes from: its device profile, its tuning and its key layout.
struct Origin {
  std::string profile, tuning, layout;
};

/// One source per code path (code_path()), each under the name of the first variant that
/// took it. `first` marks the variants that are the first of their kernel on their profile, on
/// their key layout or in their tuning (the part "readme").
struct Variants {
  std::set<std::string> paths;
  std::vector<std::pair<std::string, std::string>> list;  // name, source
  std::vector<std::string> kernel;  // of each variant in list
  std::vector<bool> first;
  std::set<std::string> kernels_seen;  // "kernel profile|layout|tuning name"
  int configs_refused = 0;

  void add(const std::string& name, const ProgramSource& program, const Origin& origin) {
    std::string source;
    for (const std::string& part : program.sources) source += part;
    if (!paths.insert(code_path(source)).second) return;
    list.emplace_back(name, source);
    bool is_first = false;
    for (const std::string& seen : {"profile " + origin.profile, "layout " + origin.layout, "tuning " + origin.tuning})
      is_first |= kernels_seen.insert(std::string(program.kernel_name) + " " + seen).second;
    kernel.push_back(program.kernel_name);
    first.push_back(is_first);
  }
};

void add_bitonic(Variants& v, const Profile& profile, const std::string& tuning_name, const BitonicTuning& tuning,
                 const KeyLayout& layout) {
  namespace b = gpusort::detail::bitonic;
  const gpusort::detail::Elements elements{static_cast<std::uint32_t>(layout.kind), layout.key_bytes,
                                          layout.values ? 4u : 0u, layout.name.c_str()};
  b::Config c;
  try {
    c = b::make_config(b::resolve_tuning(tuning, profile.limits, elements.element_bytes(), layout.key_bytes),
                       profile.limits, elements);
  } catch (const gpusort::Error&) {
    ++v.configs_refused;  // a tuning this device cannot run: the sorter refuses it too
    return;
  }
  std::vector<b::ProgramKey> keys;
  const auto want = [&](const b::ProgramKey& key) {
    for (const b::ProgramKey& k : keys)
      if (k == key) return;
    keys.push_back(key);
  };
  want(b::arguments_program());
  for (bool stable : {false, true}) {
    want(b::local_program(c, stable));
    want(b::global_program(stable));
    for (std::uint32_t log2 = 1; log2 <= 26; ++log2) {
      for (std::size_t count : {std::size_t{1} << log2, (std::size_t{1} << log2) + 1, std::size_t{3} << (log2 - 1)}) {
        for (bool direct : {true, false}) {
          for (const b::ProgramKey& key : b::make_plan(count, c, direct, stable).programs) want(key);
        }
      }
    }
  }
  const std::string base = profile.name + "-" + tuning_name + "-" + layout.name;
  for (const b::ProgramKey& key : keys) {
    const ProgramSource program = b::program_source(key, c);
    std::string name = std::string(program.kernel_name) + "-" + base;
    if (key.kernel == b::ProgramKey::Kernel::tile) {
      name += "-tile" + std::to_string(key.tile_size) + "x" + std::to_string(key.elements);
      if (key.wide) name += "-wide";
      if (key.fused) name += "-fused" + std::to_string(key.reserve_words);
    }
    if (key.stable) name += "-stable";
    v.add(name, program, {profile.name, "bitonic_" + tuning_name, layout.name});
  }
}

void add_radix(Variants& v, const Profile& profile, const std::string& tuning_name, const RadixTuning& tuning,
               const KeyLayout& layout, bool staged = false) {
  gpusort::detail::radix::Config c;
  // The table's switches that no row of the defaults table sets (values after keys, whole 64-bit
  // keys, no kept-order passes): the histogram and tile kernels of every tuning with all three
  // set so, through the test hook.
  const gpusort::detail::radix::TestHooks saved = gpusort::detail::radix::test_hooks();
  if (staged) {
    gpusort::detail::radix::test_hooks().values_after_keys = 1;
    gpusort::detail::radix::test_hooks().whole_key_staging = 1;
    gpusort::detail::radix::test_hooks().kept_order_passes = 0;
  }
  try {
    gpusort::detail::DeviceLimits limits = profile.limits;
    limits.vendor = profile.vendor;
    limits.ballot_subgroup_size = limits.subgroup_size;
    const gpusort::detail::Elements elements{static_cast<std::uint32_t>(layout.kind), layout.key_bytes,
                                            layout.values ? 4u : 0u, layout.name.c_str()};
    c = gpusort::detail::radix::make_config(tuning, limits, elements);
    gpusort::detail::radix::test_hooks() = saved;
  } catch (const gpusort::Error&) {
    gpusort::detail::radix::test_hooks() = saved;
    ++v.configs_refused;
    return;
  }
  if (staged) {
    const std::string base = profile.name + "-" + tuning_name + "-" + layout.name + "-staged";
    for (RadixKernel kernel : {RadixKernel::histogram, RadixKernel::downsweep, RadixKernel::onesweep}) {
      const ProgramSource program = gpusort::detail::radix::program_source(kernel, c);
      v.add(std::string(program.kernel_name) + "-" + base, program,
            {profile.name, "radix_" + tuning_name + "_staged", layout.name});
    }
    return;
  }
  const char* ranking[] = {"shared_match", "emulated_ballots", "ballots"};
  const std::string base = profile.name + "-" + tuning_name + "-" + layout.name + "-" +
                           ranking[static_cast<int>(c.ranking)];
  for (RadixKernel kernel : {RadixKernel::init, RadixKernel::histogram, RadixKernel::upsweep, RadixKernel::scan,
                             RadixKernel::downsweep, RadixKernel::onesweep, RadixKernel::copy}) {
    const ProgramSource program = gpusort::detail::radix::program_source(kernel, c);
    v.add(std::string(program.kernel_name) + "-" + base, program, {profile.name, "radix_" + tuning_name, layout.name});
  }
  // The forced-fallback test mode (gpusort::detail::radix::test_hooks).
  c.withhold_every = 3;
  const ProgramSource withheld =
      gpusort::detail::radix::program_source(RadixKernel::onesweep, c);
  v.add(std::string(withheld.kernel_name) + "-" + base + "-withhold3", withheld,
        {profile.name, "radix_" + tuning_name + "_withhold3", layout.name});
  // gpusort_radix_probe --phases (test_hooks().phase_clock_buffer): GL_ARB_shader_clock, a
  // desktop extension.
  if (c.device.glsl_target == gpusort::detail::GlslTarget::gl430_core) {
    c.withhold_every = 0;
    c.phase_clock_buffer = 1;
    const ProgramSource clocked = gpusort::detail::radix::program_source(RadixKernel::onesweep, c);
    v.add(std::string(clocked.kernel_name) + "-" + base + "-phase_clock", clocked,
          {profile.name, "radix_" + tuning_name + "_phase_clock", layout.name});
  }
}

Variants variants_for(GlslTarget target) {
  Variants v;
  v.add("permute", gpusort::detail::bitonic::permute_source(target, ""), {"any", "any", "any"});
  for (Profile profile : profiles()) {
    profile.limits.glsl_target = target;
    for (const KeyLayout& layout : key_layouts()) {
      for (const auto& tuning : bitonic_tunings()) add_bitonic(v, profile, tuning.first, tuning.second, layout);
      for (const auto& tuning : radix_tunings()) {
        add_radix(v, profile, tuning.first, tuning.second, layout);
        if (layout.values || layout.key_bytes == 8) add_radix(v, profile, tuning.first, tuning.second, layout, true);
      }
    }
  }
  return v;
}

struct Result {
  int status = 0;
  std::string output;
};

Result run(const std::string& command) {
  Result r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return {-1, "popen failed: " + command};
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  r.status = pclose(pipe);
  return r;
}

/// The files of files[first, end) that `output` (of one glslangValidator run over them) reports
/// errors for: glslang names each file on a line of its own before that file's messages. All
/// of them where an error comes before any name.
std::vector<std::size_t> files_with_errors(const std::string& output, const std::vector<std::string>& files,
                                           std::size_t first, std::size_t end) {
  std::vector<std::size_t> failed;
  std::size_t current = end;
  std::size_t begin = 0;
  while (begin < output.size()) {
    std::size_t line_end = output.find('\n', begin);
    if (line_end == std::string::npos) line_end = output.size();
    const std::string line = output.substr(begin, line_end - begin);
    begin = line_end + 1;
    const auto named = std::find(files.begin() + first, files.begin() + end, line);
    if (named != files.begin() + end) {
      current = static_cast<std::size_t>(named - files.begin());
    } else if (line.compare(0, 5, "ERROR") == 0) {
      if (current == end) {
        failed.clear();
        for (std::size_t i = first; i < end; ++i) failed.push_back(i);
        return failed;
      }
      if (failed.empty() || failed.back() != current) failed.push_back(current);
    }
  }
  if (failed.empty())  // failed without naming an error: check each file on its own
    for (std::size_t i = first; i < end; ++i) failed.push_back(i);
  return failed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s GLSLANG_VALIDATOR OUTPUT_DIR [JOBS [all|readme|soak]]\n", argv[0]);
    return 2;
  }
  const std::string glslang = argv[1];
  const std::filesystem::path out = argv[2];
  const unsigned jobs = argc > 3 ? static_cast<unsigned>(std::atoi(argv[3])) : std::thread::hardware_concurrency();
  const std::string part = argc > 4 ? argv[4] : "all";
  if (part != "all" && part != "readme" && part != "soak") {
    std::fprintf(stderr, "%s: the part is all, readme or soak, not '%s'\n", argv[0], part.c_str());
    return 2;
  }
  const std::pair<GlslTarget, const char*> targets[] = {
      {GlslTarget::gl430_core, "gl430_core"}, {GlslTarget::es310, "es310"}, {GlslTarget::es320, "es320"}};
  int failures = 0;
  for (const auto& target : targets) {
    const Variants v = variants_for(target.first);
    const std::filesystem::path dir = out / target.second;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::vector<std::string> files;
    std::vector<std::size_t> chosen;  // indices into v.list of this part's variants
    for (std::size_t i = 0; i < v.list.size(); ++i) {
      if (part == "readme" ? !v.first[i] : part == "soak" ? v.first[i] : false) continue;
      chosen.push_back(i);
      files.push_back((dir / (v.list[i].first + ".comp")).string());
      std::ofstream(files.back(), std::ios::binary) << v.list[i].second;
    }
    // Plain GLSL validation, the way a GL driver meets the source (see tests/CMakeLists.txt).
    // One process compiles a batch (each file on its own: no -l), which saves glslang's start-up
    // per file; a batch that fails is compiled again file by file to name the culprits.
    const std::string command = "'" + glslang + "' -S comp";
    constexpr std::size_t batch = 64;
    std::vector<Result> results(files.size());
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> workers;
    for (unsigned j = 0; j < std::max(1u, jobs); ++j) {
      workers.emplace_back([&] {
        for (std::size_t first = next.fetch_add(batch); first < files.size(); first = next.fetch_add(batch)) {
          const std::size_t end = std::min(files.size(), first + batch);
          std::string list;
          for (std::size_t i = first; i < end; ++i) list += " '" + files[i] + "'";
          const Result batch_result = run(command + list);
          if (batch_result.status == 0) continue;
          for (std::size_t i : files_with_errors(batch_result.output, files, first, end))
            results[i] = run(command + " '" + files[i] + "'");
        }
      });
    }
    for (std::thread& worker : workers) worker.join();
    // Plain compiles do not link; link the first variant of each kernel (an entry point, a
    // workgroup size) on its own: the part "readme" holds them.
    std::set<std::string> linked;
    for (std::size_t i = 0; i < files.size() && part != "soak"; ++i) {
      const std::string& name = v.list[chosen[i]].first;
      if (results[i].status == 0 && linked.insert(name.substr(0, name.find('-'))).second)
        results[i] = run(command + " -l '" + files[i] + "'");
    }
    int failed = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (results[i].status == 0) continue;
      if (++failed <= 5) std::printf("FAILED %s\n%s\n", files[i].c_str(), results[i].output.c_str());
    }
    std::printf("%s: %zu variants compiled (part %s of %zu), %zu of them also linked, %d failed (", target.second,
                files.size(), part.c_str(), v.list.size(), linked.size(), failed);
    std::map<std::string, int> per_kernel;
    for (std::size_t i : chosen) ++per_kernel[v.kernel[i]];
    const char* separator = "";
    for (const auto& kernel : per_kernel) {
      std::printf("%s%s %d", separator, kernel.first.c_str(), kernel.second);
      separator = ", ";
    }
    std::printf("; %d tunings refused by their device)\n", v.configs_refused);
    std::fflush(stdout);
    failures += failed;
    if (files.empty()) ++failures;
  }
  std::printf(failures == 0 ? "all variants compiled\n" : "%d variants failed\n", failures);
  return failures == 0 ? 0 : 1;
}
