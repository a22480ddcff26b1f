// The ceiling every pass of a sort is measured against: a streaming copy of the keys
// (one uvec4 per invocation, the widest access GLSL offers), timed like the sorts.

#include <glad/gl.h>

#include <algorithm>
#include <string>

#include "gl_program.hpp"
#include "gpu_sort_run.hpp"
#include "sort_benchmarks.hpp"
#include "uvec4_copy.hpp"

namespace gpusort_bench {

void register_copy_benchmarks(BenchEnvironment& env) {
  std::vector<std::size_t> sizes;
  for (std::size_t n : env.options.gpu_sizes()) {
    if (n % 4 == 0) sizes.push_back(n);
  }
  if (sizes.empty()) return;
  auto* program = env.keep(std::make_shared<Program>(uvec4_copy_source));
  auto* benchmark = benchmark::RegisterBenchmark("copy/u32x4", [&env, program](benchmark::State& state) {
    const auto count = static_cast<std::size_t>(state.range(0));
    try {
      GpuData& data = env.data.gpu(KeyKind::u32, false, count);
      const auto vectors = static_cast<GLuint>(count / 4);
      const CopyGrid grid = uvec4_copy_grid(vectors);
      glUseProgram(program->id());
      glUniform1ui(program->uniform("u_vectors"), vectors);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, data.pristine_keys.name());
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, data.keys.name());
      TimedQueue queue(env.options.in_flight);
      const auto submit = [&] {
        queue.submit([&] {
          glDispatchCompute(grid.x, grid.y, 1);
          glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        });
      };
      while (queue.pending() + 1 < queue.depth()) submit();
      double total_seconds = 0.0;
      for (auto _ : state) {
        submit();
        const double seconds = queue.wait_oldest();
        state.SetIterationTime(seconds);
        total_seconds += seconds;
      }
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
      glUseProgram(0);
      set_sort_counters(state, count, total_seconds, static_cast<double>(count) * sizeof(std::uint32_t) * 2.0);
    } catch (const std::exception& e) {
      env.fail(state, e.what());
    }
  });
  configure(benchmark, env.options, false, sizes);
}

}  // namespace gpusort_bench
