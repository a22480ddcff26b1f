// gpusort_fuzz: randomized differential testing of BitonicSorter, RadixSorter and the front
// door Sorter against std::sort, std::stable_sort and the CPU network (tests/fuzz/fuzz_run.hpp).
// Every case comes from one 32-bit seed, sorter included; a failure prints the command that
// replays it.
//
//   gpusort_fuzz --cases N [--seed S]   cases S, S+1, ..., S+N-1 (a fixed slice, for ctest)
//   gpusort_fuzz --soak MINUTES [--seed S]   as many cases as fit in the time
//   gpusort_fuzz --replay SEED          one case, described in full
// Options: --max-count N (cap on counts), --large-percent P (share of cases above 300k),
//          --only ALGORITHMS (bitonic, radix, sorter, comma-separated: runs only the seeds whose
//          case picks one of them; the others are skipped, so every seed keeps its case),
//          --verbose (one line per case with its time),
//          --self-test (corrupts every GPU result: passes only if every non-empty case fails,
//          and every sorter the run allows had non-empty cases).
// RadixSorter's Onesweep path (with decoupled fallback) runs on every device; LP_NUM_THREADS
// changes how llvmpipe schedules its workgroups, and so which fallbacks happen.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_case.hpp"
#include "fuzz_run.hpp"
#include "gl_debug_output.hpp"
#include "gl_session.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  enum class Mode { none, cases, soak, replay } mode = Mode::none;
  std::uint64_t cases = 0;
  double soak_minutes = 0;
  std::uint32_t seed = 1;
  bool seed_given = false;
  bool verbose = false;
  bool self_test = false;
  // --only: the sorters whose cases run (all three without it).
  std::array<bool, 3> runs = {true, true, true};
  gpusort_fuzz::FuzzLimits limits;
};

int usage(const char* message) {
  std::fprintf(stderr,
               "gpusort_fuzz: %s\n"
               "usage: gpusort_fuzz --cases N [--seed S] | --soak MINUTES [--seed S] | --replay SEED\n"
               "       [--max-count N] [--large-percent P] [--only bitonic,radix,sorter] [--verbose] [--self-test]\n",
               message);
  return 2;
}

bool parse_unsigned(const char* text, std::uint64_t& out) {
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  out = std::strtoull(text, &end, 0);
  return *end == '\0';
}

// The limits change which case a seed names, so a replay command must repeat them; the
// subgroup switches, the device clamp and LP_NUM_THREADS (llvmpipe's schedule) change how it
// runs.
std::string replay_command(const Options& options, std::uint32_t seed) {
  std::string command = gpusort_test::subgroups_forced_off() ? "GPUSORT_TEST_NO_SUBGROUPS=1 " : "";
  for (const char* variable : {"GPUSORT_TEST_SUBGROUP_SIZE", "GPUSORT_TEST_DEVICE"}) {
    const char* value = std::getenv(variable);
    if (value != nullptr && *value != '\0') command += std::string(variable) + "=" + value + " ";
  }
  if (const char* threads = std::getenv("LP_NUM_THREADS")) command += std::string("LP_NUM_THREADS=") + threads + " ";
  command += "gpusort_fuzz --replay " + std::to_string(seed);
  const gpusort_fuzz::FuzzLimits defaults;
  if (options.limits.max_count != defaults.max_count) {
    command += " --max-count " + std::to_string(options.limits.max_count);
  }
  if (options.limits.large_percent != defaults.large_percent) {
    command += " --large-percent " + std::to_string(options.limits.large_percent);
  }
  return command;
}

int run(const Options& options) {
  std::printf("gpusort_fuzz on %s, OpenGL %s\n", gpusort_test::gl_context().renderer().c_str(),
              gpusort_test::gl_context().version().c_str());
  if (const std::uint32_t lanes = gpusort_test::test_subgroup_size(); lanes != 0) {
    const auto limits = gpusort::detail::query_device_limits();
    const std::uint32_t own = std::max(limits.subgroup_size, limits.ballot_subgroup_size);
    if (own != 0 && own != lanes) {
      std::printf("fuzz: skipped: GPUSORT_TEST_SUBGROUP_SIZE=%u emulates subgroups on devices without them; this one "
                  "runs its own of %u lanes, which the runs without the variable check\n",
                  lanes, own);
      gpusort_test::end_gl_session();
      return 0;
    }
    std::printf("subgroups of %u lanes (GPUSORT_TEST_SUBGROUP_SIZE; emulated where the device has none)\n", lanes);
  }
  std::uint64_t done = 0, skipped = 0;
  std::vector<std::uint32_t> failed_seeds;
  std::uint64_t non_empty = 0;
  std::array<std::uint64_t, 3> non_empty_by_algorithm{}, radix_runs{}, onesweep_runs{};
  {
    gpusort_fuzz::FuzzRunner runner;
    runner.corrupt_results(options.self_test);
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double, std::ratio<60>>(options.soak_minutes));
    auto next_progress = start + std::chrono::minutes(1);
    for (std::uint64_t i = 0;; ++i) {
      if (options.mode == Options::Mode::replay && i == 1) break;
      if (options.mode == Options::Mode::cases && i == options.cases) break;
      if (options.mode == Options::Mode::soak && Clock::now() >= deadline) break;
      const auto seed = static_cast<std::uint32_t>(options.seed + i);
      const auto fuzz_case = gpusort_fuzz::make_fuzz_case(seed, options.limits);
      if (!options.runs[static_cast<std::size_t>(fuzz_case.algorithm)] && options.mode != Options::Mode::replay) {
        ++skipped;
        continue;
      }
      if (options.mode == Options::Mode::replay) {
        std::printf("case: %s\nruns: %s\n", describe(fuzz_case).c_str(), runner.what_runs(fuzz_case).c_str());
      }
      const auto case_start = Clock::now();
      const std::string problems = runner.run(fuzz_case);
      const double seconds = std::chrono::duration<double>(Clock::now() - case_start).count();
      ++done;
      const auto algorithm = static_cast<std::size_t>(fuzz_case.algorithm);
      if (fuzz_case.count > 0) {
        ++non_empty;
        ++non_empty_by_algorithm[algorithm];
        if (runner.runs_radix(fuzz_case)) {
          ++radix_runs[algorithm];
          onesweep_runs[algorithm] += runner.radix_path(fuzz_case) == gpusort::RadixPath::onesweep;
        }
      }
      if (options.verbose) {
        std::printf("%.3f s  %s  (%s)\n", seconds, describe(fuzz_case).c_str(), runner.what_runs(fuzz_case).c_str());
      }
      if (!problems.empty()) {
        failed_seeds.push_back(seed);
        std::printf("FAILED %s\nruns: %s\n%s\nreplay: %s\n", describe(fuzz_case).c_str(),
                    runner.what_runs(fuzz_case).c_str(), problems.c_str(), replay_command(options, seed).c_str());
      }
      if (options.mode == Options::Mode::soak && Clock::now() >= next_progress) {
        next_progress += std::chrono::minutes(1);
        std::printf("fuzz: %llu cases so far, %zu failed\n", static_cast<unsigned long long>(done),
                    failed_seeds.size());
      }
      std::fflush(stdout);
    }
  }
  // end_gl_session() prints the GL debug message counts when GPUSORT_TEST_GL_DEBUG is set.
  gpusort_test::end_gl_session();
  std::printf("fuzz: %llu cases, %zu failed", static_cast<unsigned long long>(done), failed_seeds.size());
  if (skipped) std::printf(" (%llu seeds skipped: not --only's sorter)", static_cast<unsigned long long>(skipped));
  std::printf("\n");
  for (auto algorithm : {gpusort_fuzz::FuzzAlgorithm::bitonic, gpusort_fuzz::FuzzAlgorithm::radix,
                         gpusort_fuzz::FuzzAlgorithm::sorter}) {
    const auto i = static_cast<std::size_t>(algorithm);
    std::printf("  %-7s %llu non-empty cases, %llu of them ran the radix sort (%llu Onesweep)\n",
                gpusort_fuzz::algorithm_name(algorithm), static_cast<unsigned long long>(non_empty_by_algorithm[i]),
                static_cast<unsigned long long>(radix_runs[i]), static_cast<unsigned long long>(onesweep_runs[i]));
  }
  if (options.self_test) {
    const bool caught_all = failed_seeds.size() == non_empty;
    bool every_sorter = true;
    for (std::size_t i = 0; i < non_empty_by_algorithm.size(); ++i) {
      if (options.runs[i] && non_empty_by_algorithm[i] == 0) every_sorter = false;
    }
    std::printf("fuzz self-test: %zu of %llu corrupted non-empty cases caught: %s\n", failed_seeds.size(),
                static_cast<unsigned long long>(non_empty), caught_all ? "ok" : "THE CHECKS MISSED SOME");
    if (!every_sorter) std::printf("fuzz self-test: a sorter had no non-empty case: run more cases\n");
    return caught_all && every_sorter ? 0 : 1;
  }
  for (std::uint32_t seed : failed_seeds) std::printf("  replay: %s\n", replay_command(options, seed).c_str());
  return failed_seeds.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    std::uint64_t number = 0;
    if (arg == "--verbose") {
      options.verbose = true;
      continue;
    }
    if (arg == "--self-test") {
      options.self_test = true;
      continue;
    }
    if (arg == "--soak") {
      if (next == nullptr) return usage("--soak needs MINUTES");
      char* end = nullptr;
      options.soak_minutes = std::strtod(next, &end);
      if (*end != '\0' || options.soak_minutes <= 0) return usage("--soak needs a positive number of minutes");
      options.mode = Options::Mode::soak;
      ++i;
      continue;
    }
    if (arg == "--only") {
      if (next == nullptr) return usage("--only needs bitonic, radix or sorter (comma-separated)");
      options.runs = {false, false, false};
      std::string list = std::string(next) + ",";
      for (std::size_t comma; (comma = list.find(',')) != std::string::npos; list.erase(0, comma + 1)) {
        const std::string which = list.substr(0, comma);
        if (which == "bitonic") options.runs[0] = true;
        else if (which == "radix") options.runs[1] = true;
        else if (which == "sorter") options.runs[2] = true;
        else return usage(("--only: unknown sorter " + which).c_str());
      }
      ++i;
      continue;
    }
    if (!parse_unsigned(next, number)) return usage(("bad or missing number after " + arg).c_str());
    ++i;
    if (arg == "--cases") {
      options.mode = Options::Mode::cases;
      options.cases = number;
    } else if (arg == "--seed") {
      options.seed = static_cast<std::uint32_t>(number);
      options.seed_given = true;
    } else if (arg == "--replay") {
      options.mode = Options::Mode::replay;
      options.seed = static_cast<std::uint32_t>(number);
      options.seed_given = true;
    } else if (arg == "--max-count") {
      options.limits.max_count = static_cast<std::size_t>(number);
    } else if (arg == "--large-percent") {
      if (number > 100) return usage("--large-percent is 0..100");
      options.limits.large_percent = static_cast<unsigned>(number);
    } else {
      return usage(("unknown option " + arg).c_str());
    }
  }
  if (options.mode == Options::Mode::none) return usage("pick --cases, --soak or --replay");
  if (options.mode == Options::Mode::soak && !options.seed_given) {
    // A fresh slice every soak; the first seed is printed so the run can be repeated.
    options.seed = static_cast<std::uint32_t>(Clock::now().time_since_epoch().count());
  }
  std::printf("fuzz: first seed %u\n", options.seed);
  try {
    return run(options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort_fuzz: %s\n", e.what());
    return 1;
  }
}
