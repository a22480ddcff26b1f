// Compiled (never run) by the ctests exceptions_detected_by_*: each defines the macros one
// compiler would and clears the others, and says with GPUSORT_EXPECTED_EXCEPTIONS what gpusort
// must conclude. MSVC's /EHsc defines only _CPPUNWIND on VS 2017; a gpusort that looked at
// __cpp_exceptions alone switched exceptions off there without a word.
#include <gpusort/error.hpp>
#include <gpusort/program_cache.hpp>

static_assert(GPUSORT_COMPILER_HAS_EXCEPTIONS == GPUSORT_EXPECTED_EXCEPTIONS,
              "gpusort misread the compiler's exception support");
static_assert(GPUSORT_EXCEPTIONS == GPUSORT_EXPECTED_EXCEPTIONS,
              "GPUSORT_EXCEPTIONS does not follow the compiler's exception support");

int main() { return 0; }
