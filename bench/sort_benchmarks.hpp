// Registration of the benchmark families. Registration happens at run time,
// after the GL context exists, so sizes can depend on the device.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

#include "bench_environment.hpp"

namespace gpusort_bench {

void register_library_benchmarks(BenchEnvironment& env);   // bitonic/* (the network)
void register_radix_benchmarks(BenchEnvironment& env);     // radix/*, radix_rts/*, sorter/*
void register_textbook_benchmarks(BenchEnvironment& env);  // textbook/*
void register_std_sort_benchmarks(BenchEnvironment& env);  // std_sort/*
void register_copy_benchmarks(BenchEnvironment& env);      // copy/*: the bandwidth ceiling

// Sorts for about a second so that the GPU leaves its idle clocks before timing starts.
void warm_up_gpu(BenchEnvironment& env);

// Sizes as arguments, manual time, and the repetition policy of the options.
void configure(benchmark::internal::Benchmark* benchmark, const BenchOptions& options, bool on_cpu,
               const std::vector<std::size_t>& sizes);

}  // namespace gpusort_bench
