// The README's first example as a Windows program writes it: a window, an OpenGL 4.3+ core
// context from WGL, glad loading GL (opengl32.dll exports GL 1.1 only, so every later function
// comes through a loader), then gpusort. No NOMINMAX is needed: gpusort's headers are safe after
// <windows.h>. CI cross-builds it with mingw-w64 and runs it under wine on Mesa's llvmpipe
// (.ci/run, step "windows"); with MSVC it builds the same way (link opengl32, gdi32, user32).
// Exits 0 when the GPU's order matches std::sort's.
#include <windows.h>

#include <glad/gl.h>
#include <gpusort/gpusort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

namespace {

// What glad asks for each GL function: WGL's for GL 1.2 and later, opengl32.dll's for GL 1.1.
GLADapiproc gl_function(const char* name) {
  if (PROC function = wglGetProcAddress(name)) return reinterpret_cast<GLADapiproc>(reinterpret_cast<void*>(function));
  return reinterpret_cast<GLADapiproc>(
      reinterpret_cast<void*>(GetProcAddress(GetModuleHandleA("opengl32.dll"), name)));
}

// A hidden window with an OpenGL 4.3 core context current; false if the driver has none.
bool make_gl_context() {
  WNDCLASSA window_class = {};
  window_class.style = CS_OWNDC;
  window_class.lpfnWndProc = DefWindowProcA;
  window_class.hInstance = GetModuleHandleA(nullptr);
  window_class.lpszClassName = "gpusort_example";
  RegisterClassA(&window_class);
  HWND window = CreateWindowA("gpusort_example", "gpusort", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64, nullptr, nullptr,
                              window_class.hInstance, nullptr);
  HDC device = GetDC(window);
  PIXELFORMATDESCRIPTOR format = {};
  format.nSize = sizeof format;
  format.nVersion = 1;
  format.dwFlags = PFD_DRAW_TO_WINDOW | PFD_SUPPORT_OPENGL | PFD_DOUBLEBUFFER;
  format.iPixelType = PFD_TYPE_RGBA;
  format.cColorBits = 32;
  SetPixelFormat(device, ChoosePixelFormat(device, &format), &format);
  // wglCreateContextAttribsARB comes from a current legacy context.
  HGLRC legacy = wglCreateContext(device);
  wglMakeCurrent(device, legacy);
  using CreateContextAttribs = HGLRC(WINAPI*)(HDC, HGLRC, const int*);
  auto create = reinterpret_cast<CreateContextAttribs>(
      reinterpret_cast<void*>(wglGetProcAddress("wglCreateContextAttribsARB")));
  const int core_4_3[] = {0x2091 /* MAJOR_VERSION */, 4, 0x2092 /* MINOR_VERSION */, 3,
                          0x9126 /* PROFILE_MASK */, 0x1 /* CORE_PROFILE */, 0};
  HGLRC context = create ? create(device, nullptr, core_4_3) : nullptr;
  wglMakeCurrent(nullptr, nullptr);
  wglDeleteContext(legacy);
  return context != nullptr && wglMakeCurrent(device, context) && gladLoadGL(gl_function) != 0;
}

}  // namespace

int main() {
  if (!make_gl_context()) {
    std::fprintf(stderr, "no OpenGL 4.3 core context from WGL\n");
    return 1;
  }
  std::printf("GL_RENDERER: %s\nGL_VERSION:  %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)));

  // What a renderer's compute shaders would have written: depths and particle indices.
  const std::uint32_t particle_count = 100000;
  std::vector<float> depths(particle_count);
  std::vector<std::uint32_t> indices(particle_count);
  std::mt19937 random(7);
  for (std::uint32_t i = 0; i < particle_count; ++i) {
    depths[i] = std::uniform_real_distribution<float>(0.0f, 100.0f)(random);
    indices[i] = i;
  }
  GLuint buffers[2];
  glGenBuffers(2, buffers);
  const GLuint depth_buffer = buffers[0], index_buffer = buffers[1];
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, depth_buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, particle_count * sizeof(float), depths.data(), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, index_buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, particle_count * sizeof(std::uint32_t), indices.data(), GL_DYNAMIC_DRAW);

  // The README's lines.
  gpusort::Sorter<float, std::uint32_t> sorter;
  sorter.reserve(particle_count);
  sorter.sort(depth_buffer, index_buffer, particle_count, gpusort::Order::descending);

  std::vector<std::uint32_t> sorted(particle_count);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // for the read below; a renderer's draw needs none
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, particle_count * sizeof(std::uint32_t), sorted.data());
  std::vector<std::uint32_t> expected = indices;
  std::stable_sort(expected.begin(), expected.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return depths[a] > depths[b]; });
  const bool same_depths = std::equal(sorted.begin(), sorted.end(), expected.begin(),
                                      [&](std::uint32_t a, std::uint32_t b) { return depths[a] == depths[b]; });
  std::printf("result: %s\n", same_depths ? "OK (back to front, as std::stable_sort orders them)" : "WRONG ORDER");
  glDeleteBuffers(2, buffers);
  return same_depths ? 0 : 1;
}
