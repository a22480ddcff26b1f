// Compiled (syntax only) by the ctest header_requires_gl_declarations, which expects the
// compiler to stop with gpusort's one #error: no GL declarations were included first.
#include <gpusort/gpusort.hpp>
