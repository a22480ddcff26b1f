// gpusort_bench: Google Benchmark harness comparing gpusort with a textbook
// GPU bitonic sort, std::sort and, where CUDA is, CUB. See
// bench/README.md for how to run it and turn its JSON into tables.
#include <benchmark/benchmark.h>

#include <cstring>
#include <exception>
#include <iostream>
#include <optional>
#include <string>

#include "bench_environment.hpp"
#include "headless_context.hpp"
#include "optional_benchmarks.hpp"
#include "sort_benchmarks.hpp"

namespace {

bool wants_help(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return true;
  }
  return false;
}

std::string gl_string(GLenum name) {
  const auto* text = reinterpret_cast<const char*>(glGetString(name));
  return text != nullptr ? text : "";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gpusort_bench;
  // Initialize exits on --help with its own text; ours goes first.
  if (wants_help(argc, argv)) std::cout << options_help() << '\n';
  BenchOptions user_flags;
  note_benchmark_flags(argc, argv, user_flags);
  benchmark::Initialize(&argc, argv);

  // The context is created only now: never in static initialisation, and not
  // before benchmark has parsed (and possibly rejected) the command line.
  std::optional<gpusort_support::HeadlessContext> context;
  try {
    context.emplace();
  } catch (const std::exception& e) {
    std::cerr << "gpusort_bench: no OpenGL context: " << e.what() << '\n';
    return 1;
  }
  const bool software = context->is_software();

  BenchOptions options = default_options(software);
  options.software_gl = software;
  options.user_set_repetitions = user_flags.user_set_repetitions;
  options.user_set_min_time = user_flags.user_set_min_time;
  options.user_set_aggregates = user_flags.user_set_aggregates;
  if (const std::string error = parse_options(&argc, argv, options); !error.empty()) {
    std::cerr << "gpusort_bench: " << error << "\n\n" << options_help();
    return 1;
  }
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  // Recorded in the JSON "context" so every result file names its device.
  benchmark::AddCustomContext("gl_renderer", context->renderer());
  benchmark::AddCustomContext("gl_version", context->version());
  benchmark::AddCustomContext("gl_vendor", gl_string(GL_VENDOR));
  benchmark::AddCustomContext("gl_software", software ? "true" : "false");
  benchmark::AddCustomContext("gpusort_max_log2", std::to_string(options.max_log2));

  int status = 0;
  {
    std::optional<BenchEnvironment> env;
    try {
      env.emplace(options);
    } catch (const std::exception& e) {
      std::cerr << "gpusort_bench: setup failed: " << e.what() << '\n';
      return 1;
    }
    // A GPU idles at low clocks; the first (small) benchmarks would otherwise be timed
    // while it ramps up. About a second of work first, on real GPUs only.
    if (!software) warm_up_gpu(*env);
    register_copy_benchmarks(*env);
    register_library_benchmarks(*env);
    register_radix_benchmarks(*env);
    register_textbook_benchmarks(*env);
    register_std_sort_benchmarks(*env);
    register_std_sort_par_benchmarks(*env);
    register_cub_benchmarks(*env);
    if (benchmark::RunSpecifiedBenchmarks() == 0) {
      std::cerr << "gpusort_bench: no benchmark matched the filter\n";
      status = 1;
    }
    if (env->failures > 0) {
      std::cerr << "gpusort_bench: " << env->failures << " benchmark run(s) failed\n";
      status = 1;
    }
    // The registered lambdas refer to env; drop them before it goes away.
    benchmark::ClearRegisteredBenchmarks();
  }
  benchmark::Shutdown();
  return status;
}
