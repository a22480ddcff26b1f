// gpusort_sync_probe [phases]
// What a pass boundary costs on this GL implementation: `phases` dependent phases over
// G tiles of 4096 u32 (each phase reads tile t+1 of the previous phase's output and writes
// tile t, so every phase needs all of the one before), run
//   chain:  one dispatch per phase, glMemoryBarrier between them (what gpusort does), or
//   ticket: one dispatch whose workgroups take (phase, tile) items from an atomic ticket and
//           wait, spinning on a completion counter, until the previous phase is done.
// Prints the GPU time per phase (GL_TIMESTAMP pairs, median of 50) and checks the result.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gl_buffer.hpp"
#include "gpu_timer.hpp"
#include "headless_context.hpp"

namespace {

const char* const shader_source = R"(#version 430
layout(local_size_x = 256) in;
layout(std430, binding = 0) coherent buffer A { uvec4 a[]; };
layout(std430, binding = 1) coherent buffer B { uvec4 b[]; };
layout(std430, binding = 2) coherent buffer Counters { uint counters[]; };
layout(location = 0) uniform uint u_tiles;
layout(location = 1) uniform uint u_phases;
layout(location = 2) uniform uint u_first_phase;  // chain: the phase; ticket: 0
layout(location = 3) uniform uint u_ticket;       // 1: ticket mode
layout(location = 4) uniform uint u_ticket_base;  // counters[0] before this dispatch
layout(location = 5) uniform uint u_done_base;    // counters[1] before this dispatch
shared uint s_item;

void run_item(uint phase, uint tile) {
    uint source_tile = (tile + 1u) % u_tiles;
    for (uint r = 0u; r < 4u; ++r) {
        uint i = r * 256u + gl_LocalInvocationIndex;
        uvec4 v = (phase & 1u) == 0u ? a[source_tile * 1024u + i] : b[source_tile * 1024u + i];
        v += 1u;
        if ((phase & 1u) == 0u) b[tile * 1024u + i] = v; else a[tile * 1024u + i] = v;
    }
}

void main() {
    if (u_ticket == 0u) {
        run_item(u_first_phase, gl_WorkGroupID.x);
        return;
    }
    uint total = u_tiles * u_phases;
    for (;;) {
        if (gl_LocalInvocationIndex == 0u) s_item = atomicAdd(counters[0], 1u) - u_ticket_base;
        barrier();
        uint item = s_item;
        barrier();
        if (item >= total) return;
        uint phase = item / u_tiles;
        if (phase > 0u) {
            if (gl_LocalInvocationIndex == 0u)
                while (atomicAdd(counters[1], 0u) - u_done_base < phase * u_tiles) {}
            barrier();
        }
        run_item(phase, item % u_tiles);
        memoryBarrierBuffer();
        barrier();
        if (gl_LocalInvocationIndex == 0u) atomicAdd(counters[1], 1u);
    }
}
)";

GLuint build_program() {
  const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  glShaderSource(shader, 1, &shader_source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[4096];
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    std::fprintf(stderr, "%s\n", log);
    std::exit(1);
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  glDeleteShader(shader);
  return program;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned phases = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 16;
  gpusort_support::HeadlessContext context;
  std::printf("%s, %s\n", context.renderer().c_str(), context.version().c_str());
  const GLuint program = build_program();
  glUseProgram(program);
  const std::vector<GLuint> zero(2, 0);
  const gpusort_support::GlBuffer counters(8, zero.data());
  gpusort_support::GpuTimer timer;
  GLuint ticket_base = 0, done_base = 0;
  const int repetitions = context.is_software() ? 3 : 50;
  for (unsigned tiles : {1u, 16u, 64u, 132u, 256u, 396u}) {
    const std::size_t words = std::size_t{tiles} * 4096;
    const std::vector<GLuint> initial(words, 0);
    const gpusort_support::GlBuffer buffers[2] = {{words * 4, initial.data()}, {words * 4, initial.data()}};
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffers[0].name());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers[1].name());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, counters.name());
    glUniform1ui(0, tiles);
    glUniform1ui(1, phases);
    double per_mode[2] = {0, 0};
    for (int mode = 0; mode < 2; ++mode) {
      std::vector<double> times;
      for (int rep = 0; rep < repetitions + 5; ++rep) {
        timer.start();
        if (mode == 0) {
          glUniform1ui(3, 0);
          for (unsigned p = 0; p < phases; ++p) {
            if (p) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            glUniform1ui(2, p);
            glDispatchCompute(tiles, 1, 1);
          }
        } else {
          glUniform1ui(3, 1);
          glUniform1ui(2, 0);
          glUniform1ui(4, ticket_base);
          glUniform1ui(5, done_base);
          glDispatchCompute(tiles, 1, 1);
          ticket_base += tiles * phases + tiles;  // every workgroup takes one ticket past the end
          done_base += tiles * phases;
        }
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        timer.stop();
        if (rep >= 5) times.push_back(timer.microseconds());
      }
      per_mode[mode] = median(times) / phases;
    }
    // Every element was incremented once per phase of every run, in both modes.
    const unsigned runs = 2 * (repetitions + 5);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const std::vector<GLuint> result = buffers[phases % 2 == 0 ? 0 : 1].read_as<GLuint>(words);
    const bool ok = std::all_of(result.begin(), result.end(), [&](GLuint v) { return v == runs * phases; });
    std::printf("tiles %4u: chain %6.2f us/phase, ticket %6.2f us/phase, %s\n", tiles, per_mode[0], per_mode[1],
                ok ? "result ok" : "RESULT WRONG");
  }
  std::printf("glGetError=0x%x\n", glGetError());
  return 0;
}
