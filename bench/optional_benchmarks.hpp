// Families that depend on optional toolchains. Each register function is
// always declared and always callable: when its toolchain was missing at
// build time, or its device is missing at run time, it registers nothing and
// records why in the benchmark context (console header and JSON).
#pragma once

#include "bench_environment.hpp"

namespace gpusort_bench {

// cub_radix/*, cub_merge/*: needs the CUDA toolkit at build time
// (GPUSORT_BENCH_HAVE_CUB) and a CUDA device at run time.
void register_cub_benchmarks(BenchEnvironment& env);

// std_sort_par/*: needs a parallel <execution> backend (TBB for libstdc++)
// at build time (GPUSORT_BENCH_HAVE_STD_PAR).
void register_std_sort_par_benchmarks(BenchEnvironment& env);

}  // namespace gpusort_bench
