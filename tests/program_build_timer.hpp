#pragma once
// Every compute program's cold build time, seen from outside the library: glad's entry points
// are pointers, so gpusort_shader_build_time swaps those that build and first run a program for
// timed ones, and the library's code stays as users get it. Drivers spend the time in
// different calls: llvmpipe parses at glCompileShader, optimises at glLinkProgram, and its LLVM
// code generator runs at the first dispatch (a status query may wait for a compile that
// GL_KHR_parallel_shader_compile left in flight), so each program's time is the sum of those.
// The first dispatch is timed between two glFinish calls; at the tool's sizes it runs a few
// workgroups, which costs little beside the code generation.
#include <glad/gl.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace gpusort_tools {

struct ProgramTime {
  std::string kernel;  // the kernel file and the defines that tell its variants apart
  double compile_ms = 0, link_ms = 0, status_ms = 0, first_dispatch_ms = 0;
  // The process's CPU time in those four parts: on a machine that other jobs keep busy, wall
  // time grows with the load, CPU time much less.
  double cpu_ms = 0;
  double total_ms() const { return compile_ms + link_ms + status_ms + first_dispatch_ms; }
};

// The CPU time of this process (all its threads) so far.
double process_cpu_ms();

// Installs the timed entry points for its lifetime (after the loader ran: one per process).
class ProgramBuildTimer {
 public:
  ProgramBuildTimer();
  ~ProgramBuildTimer();
  ProgramBuildTimer(const ProgramBuildTimer&) = delete;
  ProgramBuildTimer& operator=(const ProgramBuildTimer&) = delete;

  // The programs built since the last call, in the order they were linked, with their times so
  // far (a program not yet dispatched has no first-dispatch time).
  std::vector<ProgramTime> take();
};

}  // namespace gpusort_tools
