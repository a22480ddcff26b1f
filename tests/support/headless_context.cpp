#include "headless_context.hpp"
#include "headless_context_common.hpp"

#include <glad/egl.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gpusort_support {
namespace {

// glad keeps its function pointers and extension flags in globals: every (re)load and the one-time
// display choice happen under this lock so that contexts can be created on several threads.
std::mutex& loader_mutex() {
  static std::mutex mutex;
  return mutex;
}

const char* egl_error_name(EGLint error) {
  switch (error) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP";
    case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
    default: return "unknown EGL error";
  }
}

std::string last_egl_error() {
  const EGLint error = eglGetError();
  std::ostringstream out;
  out << egl_error_name(error) << " (0x" << std::hex << error << ")";
  return out.str();
}

bool has_extension(const char* extensions, const char* name) {
  if (extensions == nullptr) return false;
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(extensions, name); at != nullptr;
       at = std::strstr(at + length, name)) {
    const bool starts_word = at == extensions || at[-1] == ' ';
    const bool ends_word = at[length] == ' ' || at[length] == '\0';
    if (starts_word && ends_word) return true;
  }
  return false;
}

// The client API of every context this process makes: 0 until the first context picks it.
EGLenum chosen_api = 0;

EGLenum client_api() { return chosen_api != 0 ? chosen_api : environment_requests_es() ? EGL_OPENGL_ES_API : EGL_OPENGL_API; }

// Fixes the process's API at the first context (under the loader lock); later contexts must agree.
void choose_api(ContextApi wanted) {
  EGLenum api = client_api();
  if (wanted != ContextApi::from_environment) api = wanted == ContextApi::gl_es ? EGL_OPENGL_ES_API : EGL_OPENGL_API;
  if (chosen_api != 0 && chosen_api != api) {
    throw std::runtime_error("HeadlessContext: this process already made " +
                             std::string(chosen_api == EGL_OPENGL_ES_API ? "OpenGL ES" : "desktop OpenGL") +
                             " contexts; one process uses one API");
  }
  chosen_api = api;
}

const char* api_name() { return client_api() == EGL_OPENGL_ES_API ? "OpenGL ES" : "desktop OpenGL"; }

struct Candidate {
  EGLDisplay display;
  std::string description;
};

// Hardware devices come first so that a machine with a GPU never ends up on llvmpipe; the
// software device (Mesa's EGL_MESA_device_software) and the surfaceless platform are fallbacks.
std::vector<Candidate> candidate_displays() {
  std::vector<Candidate> hardware;
  std::vector<Candidate> software;
  if (GLAD_EGL_EXT_device_enumeration && GLAD_EGL_EXT_platform_device && eglQueryDevicesEXT &&
      eglGetPlatformDisplayEXT) {
    EGLint count = 0;
    if (eglQueryDevicesEXT(0, nullptr, &count) && count > 0) {
      std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
      eglQueryDevicesEXT(count, devices.data(), &count);
      devices.resize(static_cast<std::size_t>(std::max<EGLint>(count, 0)));
      for (std::size_t i = 0; i < devices.size(); ++i) {
        const char* extensions = GLAD_EGL_EXT_device_query && eglQueryDeviceStringEXT
                                     ? eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS)
                                     : nullptr;
        const bool is_software = has_extension(extensions, "EGL_MESA_device_software");
        EGLDisplay display =
            eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        std::string description = "EGL device " + std::to_string(i) +
                                  (is_software ? " (software)" : " (hardware)");
        if (display == EGL_NO_DISPLAY) {
          description += " [no display: " + last_egl_error() + "]";
        }
        (is_software ? software : hardware).push_back({display, std::move(description)});
      }
    }
  }
  std::vector<Candidate> candidates = std::move(hardware);
  candidates.insert(candidates.end(), software.begin(), software.end());
  if (GLAD_EGL_MESA_platform_surfaceless && eglGetPlatformDisplayEXT) {
    EGLDisplay display =
        eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    candidates.push_back({display, "Mesa surfaceless platform"});
  }
  return candidates;
}

EGLConfig choose_config(EGLDisplay display) {
  // Surface type 0 accepts any config (the default would demand window support, which a
  // surfaceless display does not have); pbuffer support is the fallback request.
  const EGLint surface_types[] = {0, EGL_PBUFFER_BIT};
  for (EGLint surface_type : surface_types) {
    const EGLint renderable = client_api() == EGL_OPENGL_ES_API ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT;
    const EGLint attributes[] = {EGL_RENDERABLE_TYPE, renderable, EGL_SURFACE_TYPE, surface_type,
                                 EGL_NONE};
    EGLConfig config = nullptr;
    EGLint found = 0;
    if (eglChooseConfig(display, attributes, &config, 1, &found) && found > 0) return config;
  }
  return nullptr;
}

struct SharedDisplay {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  int egl_major = 0;
  int egl_minor = 0;
  std::string description;
};

// The display is chosen and initialised once per process and never terminated. eglTerminate is
// not reference-counted: terminating while another HeadlessContext (maybe on another thread)
// still uses the display would pull it out from under that context, and re-initialising a
// display for every test costs time for nothing. Process exit releases it.
const SharedDisplay& shared_display() {
  static SharedDisplay shared;
  static std::string failure;
  if (shared.display != EGL_NO_DISPLAY) return shared;
  if (!failure.empty()) throw std::runtime_error(failure);

  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) {
    failure = "HeadlessContext: could not load libEGL.so.1 (on Debian: apt-get install libegl1)";
    throw std::runtime_error(failure);
  }
  std::ostringstream tried;
  for (const Candidate& candidate : candidate_displays()) {
    tried << "\n  " << candidate.description << ": ";
    if (candidate.display == EGL_NO_DISPLAY) {
      tried << "skipped";
      continue;
    }
    EGLint major = 0;
    EGLint minor = 0;
    if (!eglInitialize(candidate.display, &major, &minor)) {
      tried << "eglInitialize failed with " << last_egl_error();
      continue;
    }
    // Loading before eglInitialize only found EGL 1.0 and the client extensions; now the
    // display's version and extensions (eglBindAPI, KHR_create_context, ...) are known.
    gladLoaderLoadEGL(candidate.display);
    const char* apis = eglQueryString(candidate.display, EGL_CLIENT_APIS);
    const char* wanted = client_api() == EGL_OPENGL_ES_API ? "OpenGL_ES" : "OpenGL";
    if (!has_extension(apis, wanted) || !eglBindAPI(client_api())) {
      tried << "EGL " << major << "." << minor << " without " << api_name() << " (client APIs: "
            << (apis ? apis : "?") << ")";
      eglTerminate(candidate.display);
      continue;
    }
    EGLConfig config = choose_config(candidate.display);
    if (config == nullptr) {
      tried << "no EGL config for " << api_name();
      eglTerminate(candidate.display);
      continue;
    }
    shared.display = candidate.display;
    shared.config = config;
    shared.egl_major = major;
    shared.egl_minor = minor;
    shared.description = candidate.description;
    return shared;
  }
  failure = "HeadlessContext: no usable EGL display. Tried:" + tried.str() +
            (tried.str().empty() ? std::string("\n  nothing (no EGL device or surfaceless "
                                               "platform extensions)")
                                 : std::string()) +
            "\nA GPU driver with EGL, or Mesa's llvmpipe (Debian: libegl1 libgl1-mesa-dri), is "
            "needed.";
  throw std::runtime_error(failure);
}

// An OpenGL ES context: 3.1 is asked for (the least gpusort needs); drivers may give a newer
// compatible version (Mesa gives 3.2 unless MESA_GLES_VERSION_OVERRIDE=3.1).
EGLContext create_es_context(const SharedDisplay& shared, const ContextOptions& options,
                             std::string& tried) {
  const bool egl_15 = shared.egl_major > 1 || (shared.egl_major == 1 && shared.egl_minor >= 5);
  std::vector<EGLint> attributes = {EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 1};
  if (options.debug) {
    if (egl_15) {
      attributes.insert(attributes.end(), {EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE});
    } else {
      attributes.insert(attributes.end(), {EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR});
    }
  }
  attributes.push_back(EGL_NONE);
  EGLContext context = eglCreateContext(shared.display, shared.config, EGL_NO_CONTEXT, attributes.data());
  if (context == EGL_NO_CONTEXT) tried += "\n  OpenGL ES 3.1: " + last_egl_error();
  return context;
}

EGLContext create_context(const SharedDisplay& shared, const ContextOptions& options,
                          std::string& tried) {
  if (client_api() == EGL_OPENGL_ES_API) return create_es_context(shared, options, tried);
  // Ask for the newest versions first: drivers hand out exactly the requested version on some
  // platforms, and tests want the newest features the driver has.
  std::vector<std::pair<int, int>> versions = {{4, 6}, {4, 5}, {options.major, options.minor}};
  versions.erase(std::remove_if(versions.begin(), versions.end(),
                                [&](const std::pair<int, int>& v) {
                                  return v < std::make_pair(options.major, options.minor);
                                }),
                 versions.end());
  versions.erase(std::unique(versions.begin(), versions.end()), versions.end());

  const bool egl_15 = shared.egl_major > 1 || (shared.egl_major == 1 && shared.egl_minor >= 5);
  for (const auto& version : versions) {
    std::vector<EGLint> attributes = {EGL_CONTEXT_MAJOR_VERSION_KHR,
                                      version.first,
                                      EGL_CONTEXT_MINOR_VERSION_KHR,
                                      version.second,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR,
                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR};
    if (options.debug) {
      if (egl_15) {
        attributes.insert(attributes.end(), {EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE});
      } else {
        attributes.insert(attributes.end(),
                          {EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR});
      }
    }
    attributes.push_back(EGL_NONE);
    EGLContext context =
        eglCreateContext(shared.display, shared.config, EGL_NO_CONTEXT, attributes.data());
    if (context != EGL_NO_CONTEXT) return context;
    tried += "\n  OpenGL " + std::to_string(version.first) + "." +
             std::to_string(version.second) + " core: " + last_egl_error();
  }
  return EGL_NO_CONTEXT;
}

// Undoes a half-built context; the constructor throws right after, so the destructor never runs.
void abandon(EGLDisplay display, EGLContext context) {
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
}

}  // namespace

bool es_requested() {
  std::lock_guard<std::mutex> lock(loader_mutex());
  return client_api() == EGL_OPENGL_ES_API;
}

HeadlessContext::HeadlessContext(ContextOptions options) : display_(nullptr), context_(nullptr) {
  std::lock_guard<std::mutex> lock(loader_mutex());
  choose_api(options.api);
  const SharedDisplay& shared = shared_display();
  es_ = client_api() == EGL_OPENGL_ES_API;
  if (es_) {
    // The options name desktop versions; on ES the least version is the one gpusort needs.
    options.major = 3;
    options.minor = 1;
  }
  if (!eglBindAPI(client_api())) {
    throw std::runtime_error(std::string("HeadlessContext: eglBindAPI(") + api_name() + ") failed with " +
                             last_egl_error());
  }
  std::string tried;
  EGLContext context = create_context(shared, options, tried);
  if (context == EGL_NO_CONTEXT) {
    throw std::runtime_error(std::string("HeadlessContext: could not create an ") + api_name() + " " +
                             std::to_string(options.major) + "." +
                             std::to_string(options.minor) + " (or newer) " + (es_ ? "" : "core ") +
                             "context on " + shared.description + ". Tried:" + tried);
  }
  if (!eglMakeCurrent(shared.display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    const std::string error = last_egl_error();
    eglDestroyContext(shared.display, context);
    throw std::runtime_error("HeadlessContext: eglMakeCurrent without a surface failed on " +
                             shared.description + " with " + error +
                             " (EGL_KHR_surfaceless_context missing?)");
  }
  display_ = shared.display;
  context_ = context;

  // glad's GL pointers are process-wide. eglGetProcAddress returns context-independent entry
  // points (libglvnd dispatch), so loading once, from the first context, serves every context;
  // reloading later would race with threads already calling GL.
  // glad/gl.h merges desktop GL and GLES: gladLoadGLES2 fills the same pointers with the ES
  // entry points, and leaves desktop-only ones (glGetBufferSubData, ...) null.
  static bool gl_loaded = false;
  if (!gl_loaded) {
    const auto load = reinterpret_cast<GLADloadfunc>(eglGetProcAddress);
    if (!(es_ ? gladLoadGLES2(load) : gladLoadGL(load))) {
      abandon(shared.display, context);
      throw std::runtime_error(std::string("HeadlessContext: ") + (es_ ? "gladLoadGLES2" : "gladLoadGL") +
                               " failed on " + shared.description);
    }
    gl_loaded = true;
  }

  const std::string shortfall = read_context_version(options.major, options.minor, es_, renderer_, version_);
  if (!shortfall.empty()) {
    abandon(shared.display, context);
    throw std::runtime_error(shortfall);
  }
  announce_first_context(api_name(), version_, renderer_);
  drain_gl_errors();
}

HeadlessContext::~HeadlessContext() {
  if (context_ == nullptr) return;
  eglBindAPI(client_api());
  if (eglGetCurrentContext() == static_cast<EGLContext>(context_)) {
    eglMakeCurrent(static_cast<EGLDisplay>(display_), EGL_NO_SURFACE, EGL_NO_SURFACE,
                   EGL_NO_CONTEXT);
  }
  // If the context is still current on another thread, EGL defers the destruction until it is
  // released there.
  eglDestroyContext(static_cast<EGLDisplay>(display_), static_cast<EGLContext>(context_));
}

void HeadlessContext::make_current() {
  // The bound client API is per thread, and a fresh thread starts with OpenGL ES.
  if (!eglBindAPI(client_api()) ||
      !eglMakeCurrent(static_cast<EGLDisplay>(display_), EGL_NO_SURFACE, EGL_NO_SURFACE,
                      static_cast<EGLContext>(context_))) {
    throw std::runtime_error("HeadlessContext::make_current failed with " + last_egl_error() +
                             " (current on another thread?)");
  }
}

void HeadlessContext::release_current() {
  eglBindAPI(client_api());
  if (!eglMakeCurrent(static_cast<EGLDisplay>(display_), EGL_NO_SURFACE, EGL_NO_SURFACE,
                      EGL_NO_CONTEXT)) {
    throw std::runtime_error("HeadlessContext::release_current failed with " + last_egl_error());
  }
}

GLADapiproc gl_proc_address(const char* name) { return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name)); }

}  // namespace gpusort_support
