# Checks that gpusort states one version: include/gpusort/version.hpp (committed, never generated)
# and meson.build against CMakeLists.txt's project(VERSION), GPUSORT_VERSION against
# MAJOR * 10000 + MINOR * 100 + PATCH, and that every public header, included alone after GL
# declarations, defines all four macros with those values.
#   cmake -DSOURCE_DIR=... -DPROJECT_VERSION=0.1.0 -DCOMPILER=c++ -DWORK_DIR=... -P check_version.cmake

foreach(required IN ITEMS SOURCE_DIR PROJECT_VERSION COMPILER WORK_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "check_version.cmake: -D${required}=... is required")
  endif()
endforeach()

set(failures "")

file(READ "${SOURCE_DIR}/include/gpusort/version.hpp" header)
foreach(part IN ITEMS MAJOR MINOR PATCH)
  if(header MATCHES "#define GPUSORT_VERSION_${part} ([0-9]+)")
    set(${part} "${CMAKE_MATCH_1}")
  else()
    message(FATAL_ERROR "version.hpp does not define GPUSORT_VERSION_${part} as a number")
  endif()
endforeach()
if(header MATCHES "#define GPUSORT_VERSION ([0-9]+)")
  set(single "${CMAKE_MATCH_1}")
else()
  message(FATAL_ERROR "version.hpp does not define GPUSORT_VERSION as a number")
endif()

set(header_version "${MAJOR}.${MINOR}.${PATCH}")
if(NOT header_version STREQUAL PROJECT_VERSION)
  list(APPEND failures "version.hpp says ${header_version}, project(VERSION) ${PROJECT_VERSION}")
endif()
math(EXPR expected_single "${MAJOR} * 10000 + ${MINOR} * 100 + ${PATCH}")
if(NOT single EQUAL expected_single)
  list(APPEND failures "GPUSORT_VERSION is ${single}, MAJOR * 10000 + MINOR * 100 + PATCH is ${expected_single}")
endif()

file(READ "${SOURCE_DIR}/meson.build" meson)
if(meson MATCHES "project\\('gpusort'[^)]*[\n ,]version: '([^']*)'")
  if(NOT CMAKE_MATCH_1 STREQUAL PROJECT_VERSION)
    list(APPEND failures "meson.build says ${CMAKE_MATCH_1}, project(VERSION) ${PROJECT_VERSION}")
  endif()
else()
  list(APPEND failures "meson.build's project('gpusort', ...) has no version: '...'")
endif()

# Each public header alone: the macros must reach code that includes nothing else of gpusort.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(GLOB headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/gpusort/*.hpp")
foreach(header IN LISTS headers)
  string(MAKE_C_IDENTIFIER "${header}" stem)
  file(WRITE "${WORK_DIR}/${stem}.cpp" "#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#include <${header}>
static_assert(GPUSORT_VERSION_MAJOR == ${MAJOR} && GPUSORT_VERSION_MINOR == ${MINOR} &&
              GPUSORT_VERSION_PATCH == ${PATCH} && GPUSORT_VERSION == ${expected_single},
              \"the version macros\");
")
  execute_process(
    COMMAND "${COMPILER}" -std=c++17 -fsyntax-only "-I${SOURCE_DIR}/include" "${WORK_DIR}/${stem}.cpp"
    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(result EQUAL 0)
    message(STATUS "${header}: GPUSORT_VERSION ${expected_single} (${header_version})")
  else()
    string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${output}")
    list(APPEND failures "${header} alone: ${first_error}")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n  " failure_lines)
  message(FATAL_ERROR "gpusort's version is not stated once:\n  ${failure_lines}")
endif()
message(STATUS "version ${PROJECT_VERSION} (GPUSORT_VERSION ${expected_single}) in version.hpp, meson.build and every public header")
