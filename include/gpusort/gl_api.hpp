#pragma once
// gpusort never loads OpenGL and never includes a loader: it uses the GL declarations
// that the including code brought in first (glad, GLEW, epoxy, or <GL/glcorearb.h> with
// GL_GLEXT_PROTOTYPES linked against libOpenGL), exactly as Dear ImGui's backends do.
// GL_COMPUTE_SHADER appears in every header that declares the GL 4.3 core API.
#if !defined(GL_COMPUTE_SHADER) || !defined(GL_SHADER_STORAGE_BUFFER)
#error "gpusort: include your OpenGL 4.3+ declarations (glad/gl.h, GL/glew.h, epoxy/gl.h, or GL/glcorearb.h) before <gpusort/gpusort.hpp>"
#endif
