#include "program_build_timer.hpp"

#include <gpusort/gpusort.hpp>

#include <ctime>
#include <regex>

namespace gpusort_tools {

double process_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// GL calls a C function pointer: the state the wrappers share cannot live in a closure.
struct State {
  PFNGLSHADERSOURCEPROC shader_source = nullptr;
  PFNGLCOMPILESHADERPROC compile_shader = nullptr;
  PFNGLATTACHSHADERPROC attach_shader = nullptr;
  PFNGLLINKPROGRAMPROC link_program = nullptr;
  PFNGLGETSHADERIVPROC get_shader_iv = nullptr;
  PFNGLGETPROGRAMIVPROC get_program_iv = nullptr;
  PFNGLDISPATCHCOMPUTEPROC dispatch_compute = nullptr;
  PFNGLDISPATCHCOMPUTEINDIRECTPROC dispatch_compute_indirect = nullptr;

  std::map<GLuint, std::string> shader_kernel;  // shader -> kernel label
  std::map<GLuint, double> shader_compile_ms, shader_compile_cpu_ms;
  std::map<GLuint, GLuint> shader_program;  // the program a shader was last attached to
  std::map<GLuint, ProgramTime> programs;   // by program name, until it is first dispatched and taken
  std::vector<GLuint> linked;               // programs linked since the last take(), in order
  std::map<GLuint, bool> dispatched;
};

State& state() {
  static State s;
  return s;
}

// The kernel a shader's sources compile: which embedded .comp file they hold, and the defines
// of the host's prelude (the first string) that tell one program of that kernel from another
// for the same key type.
std::string kernel_label(const std::string& source, const std::string& prelude) {
  namespace shaders = gpusort::detail::shaders;
  const std::pair<const char*, const char*> kernels[] = {
      {shaders::radix_init_comp, "radix_init"},
      {shaders::radix_histogram_comp, "radix_histogram"},
      {shaders::radix_scan_comp, "radix_scan"},
      {shaders::radix_downsweep_comp, "radix_downsweep"},
      {shaders::radix_onesweep_comp, "radix_onesweep"},
      {shaders::radix_copy_comp, "radix_copy"},
      {shaders::bitonic_tile_kernel_comp, "bitonic_local_sort"},
      {shaders::bitonic_global_steps_comp, "bitonic_global_steps"},
      {shaders::bitonic_dispatch_args_comp, "bitonic_dispatch_args"},
      {shaders::bitonic_permute_comp, "bitonic_permute"},
  };
  std::string label = "other";
  for (const auto& kernel : kernels) {
    if (source.find(kernel.first) != std::string::npos) label = kernel.second;
  }
  static const std::regex define(R"(#define (\w+) (\w+))");
  static const char* const shown[] = {"ALL_PASSES", "GROUP_SIZE",   "TILE_SIZE", "TILE_LOG2",
                                      "ELEMS_LOG2", "FUSED_PASSES", "TIE_BREAK"};
  for (auto it = std::sregex_iterator(prelude.begin(), prelude.end(), define); it != std::sregex_iterator(); ++it) {
    for (const char* name : shown) {
      if ((*it)[1] == name) label += std::string(" ") + name + "=" + (*it)[2].str();
    }
  }
  return label;
}

void GLAD_API_PTR timed_shader_source(GLuint shader, GLsizei count, const GLchar* const* strings, const GLint* lengths) {
  std::vector<std::string> parts;
  for (GLsizei i = 0; i < count; ++i) {
    parts.push_back(lengths && lengths[i] >= 0 ? std::string(strings[i], static_cast<std::size_t>(lengths[i]))
                                               : std::string(strings[i]));
  }
  std::string source;
  for (const std::string& part : parts) source += part;
  state().shader_kernel[shader] = kernel_label(source, parts.empty() ? std::string() : parts.front());
  state().shader_source(shader, count, strings, lengths);
}

void GLAD_API_PTR timed_compile_shader(GLuint shader) {
  const auto start = Clock::now();
  const double cpu = process_cpu_ms();
  state().compile_shader(shader);
  state().shader_compile_ms[shader] += milliseconds_since(start);
  state().shader_compile_cpu_ms[shader] += process_cpu_ms() - cpu;
}

void GLAD_API_PTR timed_attach_shader(GLuint program, GLuint shader) {
  state().shader_program[shader] = program;
  state().attach_shader(program, shader);
}

void GLAD_API_PTR timed_link_program(GLuint program) {
  State& s = state();
  ProgramTime time;
  for (const auto& attached : s.shader_program) {
    if (attached.second != program) continue;
    time.kernel = s.shader_kernel[attached.first];
    time.compile_ms = s.shader_compile_ms[attached.first];
    time.cpu_ms = s.shader_compile_cpu_ms[attached.first];
  }
  const auto start = Clock::now();
  const double cpu = process_cpu_ms();
  s.link_program(program);
  time.link_ms = milliseconds_since(start);
  time.cpu_ms += process_cpu_ms() - cpu;
  s.programs[program] = time;
  s.dispatched[program] = false;
  s.linked.push_back(program);
}

void GLAD_API_PTR timed_get_shader_iv(GLuint shader, GLenum name, GLint* value) {
  State& s = state();
  const auto start = Clock::now();
  const double cpu = process_cpu_ms();
  s.get_shader_iv(shader, name, value);
  if (name != GL_COMPILE_STATUS) return;
  const auto attached = s.shader_program.find(shader);
  if (attached != s.shader_program.end() && s.programs.count(attached->second)) {
    s.programs[attached->second].status_ms += milliseconds_since(start);
    s.programs[attached->second].cpu_ms += process_cpu_ms() - cpu;
  }
}

void GLAD_API_PTR timed_get_program_iv(GLuint program, GLenum name, GLint* value) {
  State& s = state();
  const auto start = Clock::now();
  const double cpu = process_cpu_ms();
  s.get_program_iv(program, name, value);
  if (name == GL_LINK_STATUS && s.programs.count(program)) {
    s.programs[program].status_ms += milliseconds_since(start);
    s.programs[program].cpu_ms += process_cpu_ms() - cpu;
  }
}

// Runs `dispatch` timed if it is the current program's first.
template <class Dispatch>
void first_dispatch_timed(Dispatch dispatch) {
  State& s = state();
  GLint current = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &current);
  const auto program = s.dispatched.find(static_cast<GLuint>(current));
  if (program == s.dispatched.end() || program->second) {
    dispatch();
    return;
  }
  program->second = true;
  glFinish();
  const auto start = Clock::now();
  const double cpu = process_cpu_ms();
  dispatch();
  glFinish();
  s.programs[program->first].first_dispatch_ms = milliseconds_since(start);
  s.programs[program->first].cpu_ms += process_cpu_ms() - cpu;
}

void GLAD_API_PTR timed_dispatch_compute(GLuint x, GLuint y, GLuint z) {
  first_dispatch_timed([&] { state().dispatch_compute(x, y, z); });
}

void GLAD_API_PTR timed_dispatch_compute_indirect(GLintptr offset) {
  first_dispatch_timed([&] { state().dispatch_compute_indirect(offset); });
}

}  // namespace

ProgramBuildTimer::ProgramBuildTimer() {
  State& s = state();
  s.shader_source = glad_glShaderSource;
  s.compile_shader = glad_glCompileShader;
  s.attach_shader = glad_glAttachShader;
  s.link_program = glad_glLinkProgram;
  s.get_shader_iv = glad_glGetShaderiv;
  s.get_program_iv = glad_glGetProgramiv;
  s.dispatch_compute = glad_glDispatchCompute;
  s.dispatch_compute_indirect = glad_glDispatchComputeIndirect;
  glad_glShaderSource = timed_shader_source;
  glad_glCompileShader = timed_compile_shader;
  glad_glAttachShader = timed_attach_shader;
  glad_glLinkProgram = timed_link_program;
  glad_glGetShaderiv = timed_get_shader_iv;
  glad_glGetProgramiv = timed_get_program_iv;
  glad_glDispatchCompute = timed_dispatch_compute;
  glad_glDispatchComputeIndirect = timed_dispatch_compute_indirect;
}

ProgramBuildTimer::~ProgramBuildTimer() {
  State& s = state();
  glad_glShaderSource = s.shader_source;
  glad_glCompileShader = s.compile_shader;
  glad_glAttachShader = s.attach_shader;
  glad_glLinkProgram = s.link_program;
  glad_glGetShaderiv = s.get_shader_iv;
  glad_glGetProgramiv = s.get_program_iv;
  glad_glDispatchCompute = s.dispatch_compute;
  glad_glDispatchComputeIndirect = s.dispatch_compute_indirect;
}

std::vector<ProgramTime> ProgramBuildTimer::take() {
  State& s = state();
  std::vector<ProgramTime> times;
  for (GLuint program : s.linked) times.push_back(s.programs[program]);
  s.linked.clear();
  // A program name may come back for another program: forget the taken ones.
  s.programs.clear();
  s.dispatched.clear();
  s.shader_kernel.clear();
  s.shader_compile_ms.clear();
  s.shader_compile_cpu_ms.clear();
  s.shader_program.clear();
  return times;
}

}  // namespace gpusort_tools
