// HeadlessContext on Windows (headless_context.hpp): WGL, as a Windows renderer gets its context.
// Each context owns a hidden window, whose device context only carries the pixel format: gpusort
// draws nothing. A legacy context is made first, because wglCreateContextAttribsARB is an
// extension function that only a current context can return; the real context is then a core
// 4.3+ one (newest first, as on EGL), or an OpenGL ES 3.1 one through
// WGL_EXT_create_context_es2_profile. GL is loaded with glad from wglGetProcAddress, falling back
// to opengl32.dll's exports, which hold the GL 1.1 functions wglGetProcAddress does not return.
// Under wine, opengl32 forwards to the X server's GLX: Mesa's llvmpipe on Xvfb in CI.
#include "headless_context.hpp"
#include "headless_context_common.hpp"

#include <windows.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gpusort_support {
namespace {

// WGL_ARB_create_context, WGL_ARB_create_context_profile and WGL_EXT_create_context_es2_profile.
constexpr int wgl_context_major_version = 0x2091;
constexpr int wgl_context_minor_version = 0x2092;
constexpr int wgl_context_flags = 0x2094;
constexpr int wgl_context_profile_mask = 0x9126;
constexpr int wgl_context_debug_bit = 0x0001;
constexpr int wgl_context_core_profile_bit = 0x0001;
constexpr int wgl_context_es2_profile_bit = 0x0004;
using CreateContextAttribs = HGLRC(WINAPI*)(HDC, HGLRC, const int*);

std::mutex& loader_mutex() {
  static std::mutex mutex;
  return mutex;
}

// 0 until the first context picks the process's API (1 desktop, 2 ES); later ones must agree.
int chosen_api = 0;

bool es_chosen() { return chosen_api != 0 ? chosen_api == 2 : environment_requests_es(); }

void choose_api(ContextApi wanted) {
  bool es = es_chosen();
  if (wanted != ContextApi::from_environment) es = wanted == ContextApi::gl_es;
  const int api = es ? 2 : 1;
  if (chosen_api != 0 && chosen_api != api) {
    throw std::runtime_error(std::string("HeadlessContext: this process already made ") +
                             (chosen_api == 2 ? "OpenGL ES" : "desktop OpenGL") + " contexts; one process uses one API");
  }
  chosen_api = api;
}

const char* api_name() { return es_chosen() ? "OpenGL ES" : "desktop OpenGL"; }

std::string last_windows_error() { return "Windows error " + std::to_string(GetLastError()); }

const char* window_class() {
  static const char* name = [] {
    WNDCLASSA klass = {};
    klass.style = CS_OWNDC;
    klass.lpfnWndProc = DefWindowProcA;
    klass.hInstance = GetModuleHandleA(nullptr);
    klass.lpszClassName = "gpusort_headless_context";
    RegisterClassA(&klass);  // fails harmlessly when registered already
    return klass.lpszClassName;
  }();
  return name;
}

// A hidden window and its device context with an OpenGL pixel format.
struct Window {
  HWND window = nullptr;
  HDC device = nullptr;

  Window() {
    window = CreateWindowExA(0, window_class(), "gpusort", WS_OVERLAPPEDWINDOW, 0, 0, 16, 16, nullptr, nullptr,
                             GetModuleHandleA(nullptr), nullptr);
    if (window == nullptr) throw std::runtime_error("HeadlessContext: CreateWindowEx failed: " + last_windows_error());
    device = GetDC(window);
    PIXELFORMATDESCRIPTOR format = {};
    format.nSize = sizeof format;
    format.nVersion = 1;
    format.dwFlags = PFD_DRAW_TO_WINDOW | PFD_SUPPORT_OPENGL | PFD_DOUBLEBUFFER;
    format.iPixelType = PFD_TYPE_RGBA;
    format.cColorBits = 32;
    format.iLayerType = PFD_MAIN_PLANE;
    const int chosen = ChoosePixelFormat(device, &format);
    if (chosen == 0 || !SetPixelFormat(device, chosen, &format)) {
      const std::string error = last_windows_error();
      close();
      throw std::runtime_error("HeadlessContext: no OpenGL pixel format on a hidden window: " + error);
    }
  }
  void close() {
    if (device != nullptr) ReleaseDC(window, device);
    if (window != nullptr) DestroyWindow(window);
    device = nullptr;
    window = nullptr;
  }
};

// wglCreateContextAttribsARB, asked of a legacy context made current for the purpose.
CreateContextAttribs context_attribs_function(HDC device) {
  HGLRC legacy = wglCreateContext(device);
  if (legacy == nullptr) throw std::runtime_error("HeadlessContext: wglCreateContext failed: " + last_windows_error());
  wglMakeCurrent(device, legacy);
  const auto function = reinterpret_cast<CreateContextAttribs>(
      reinterpret_cast<void*>(wglGetProcAddress("wglCreateContextAttribsARB")));
  wglMakeCurrent(nullptr, nullptr);
  wglDeleteContext(legacy);
  if (function == nullptr) {
    throw std::runtime_error("HeadlessContext: the driver has no wglCreateContextAttribsARB (WGL_ARB_create_context)");
  }
  return function;
}

HGLRC create_context(HDC device, const ContextOptions& options, bool es, std::string& tried) {
  const CreateContextAttribs create = context_attribs_function(device);
  std::vector<std::pair<int, int>> versions = {{3, 1}};
  if (!es) {
    versions = {{4, 6}, {4, 5}, {options.major, options.minor}};
    versions.erase(std::remove_if(versions.begin(), versions.end(),
                                  [&](const std::pair<int, int>& v) { return v < std::make_pair(options.major, options.minor); }),
                   versions.end());
    versions.erase(std::unique(versions.begin(), versions.end()), versions.end());
  }
  for (const auto& version : versions) {
    const int attributes[] = {wgl_context_major_version,
                              version.first,
                              wgl_context_minor_version,
                              version.second,
                              wgl_context_profile_mask,
                              es ? wgl_context_es2_profile_bit : wgl_context_core_profile_bit,
                              wgl_context_flags,
                              options.debug ? wgl_context_debug_bit : 0,
                              0};
    if (HGLRC context = create(device, nullptr, attributes)) return context;
    tried += std::string("\n  ") + (es ? "OpenGL ES " : "OpenGL ") + std::to_string(version.first) + "." +
             std::to_string(version.second) + (es ? "" : " core") + ": " + last_windows_error();
  }
  return nullptr;
}

// glad's loader: wglGetProcAddress returns the functions after GL 1.1 (and may return small
// integers instead of null for a name it does not know); opengl32.dll exports GL 1.1's own.
GLADapiproc load_function(const char* name) {
  const PROC function = wglGetProcAddress(name);
  const auto value = reinterpret_cast<std::intptr_t>(function);
  if (function != nullptr && value != 1 && value != 2 && value != 3 && value != -1) {
    return reinterpret_cast<GLADapiproc>(reinterpret_cast<void*>(function));
  }
  static const HMODULE opengl32 = LoadLibraryA("opengl32.dll");
  return reinterpret_cast<GLADapiproc>(reinterpret_cast<void*>(GetProcAddress(opengl32, name)));
}

}  // namespace

bool es_requested() {
  std::lock_guard<std::mutex> lock(loader_mutex());
  return es_chosen();
}

HeadlessContext::HeadlessContext(ContextOptions options) : display_(nullptr), context_(nullptr) {
  std::lock_guard<std::mutex> lock(loader_mutex());
  choose_api(options.api);
  es_ = es_chosen();
  if (es_) {
    options.major = 3;
    options.minor = 1;
  }
  auto window = std::make_unique<Window>();
  std::string tried;
  HGLRC context = create_context(window->device, options, es_, tried);
  if (context == nullptr) {
    window->close();
    throw std::runtime_error(std::string("HeadlessContext: could not create an ") + api_name() + " " +
                             std::to_string(options.major) + "." + std::to_string(options.minor) +
                             " (or newer) context through WGL. Tried:" + tried);
  }
  if (!wglMakeCurrent(window->device, context)) {
    const std::string error = last_windows_error();
    wglDeleteContext(context);
    window->close();
    throw std::runtime_error("HeadlessContext: wglMakeCurrent failed: " + error);
  }
  // One set of glad pointers for the process, loaded from the first context (as on EGL).
  static bool gl_loaded = false;
  if (!gl_loaded) {
    if (!(es_ ? gladLoadGLES2(load_function) : gladLoadGL(load_function))) {
      wglMakeCurrent(nullptr, nullptr);
      wglDeleteContext(context);
      window->close();
      throw std::runtime_error(std::string("HeadlessContext: ") + (es_ ? "gladLoadGLES2" : "gladLoadGL") +
                               " failed on the WGL context");
    }
    gl_loaded = true;
  }
  const std::string shortfall = read_context_version(options.major, options.minor, es_, renderer_, version_);
  if (!shortfall.empty()) {
    wglMakeCurrent(nullptr, nullptr);
    wglDeleteContext(context);
    window->close();
    throw std::runtime_error(shortfall + " (through WGL)");
  }
  display_ = window.release();
  context_ = context;
  announce_first_context(api_name(), version_, renderer_);
  drain_gl_errors();
}

HeadlessContext::~HeadlessContext() {
  if (context_ == nullptr) return;
  const auto context = static_cast<HGLRC>(context_);
  if (wglGetCurrentContext() == context) wglMakeCurrent(nullptr, nullptr);
  wglDeleteContext(context);
  auto* window = static_cast<Window*>(display_);
  window->close();
  delete window;
}

void HeadlessContext::make_current() {
  if (!wglMakeCurrent(static_cast<Window*>(display_)->device, static_cast<HGLRC>(context_))) {
    throw std::runtime_error("HeadlessContext::make_current failed: " + last_windows_error() +
                             " (current on another thread?)");
  }
}

void HeadlessContext::release_current() {
  if (!wglMakeCurrent(nullptr, nullptr)) {
    throw std::runtime_error("HeadlessContext::release_current failed: " + last_windows_error());
  }
}

GLADapiproc gl_proc_address(const char* name) { return load_function(name); }

}  // namespace gpusort_support
