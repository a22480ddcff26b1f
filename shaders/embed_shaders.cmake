# Embeds every shader source under shaders/ (*.glsl, *.comp) into one C++ header of raw
# strings, so that copying include/ is enough to use gpusort. The shader interface is not
# among them: it lives in include/gpusort/detail/shader_interface/*.hpp, from which
# shader_interface_glsl.hpp makes its GLSL text at compile time. Run as a script:
#   cmake -DSHADER_DIR=<dir> -DOUTPUT=<header> [-DCHECK_ONLY=ON] [-DMAX_LITERAL_BYTES=n] -P embed_shaders.cmake
# With CHECK_ONLY nothing is written; the script fails if the header differs from a fresh
# embed (a committed header is stale: run the `gpusort_embed_shaders` target).
# Each file becomes one string literal, and MSVC refuses a literal over 16,380 bytes (error
# C2026): a file that long fails here, on every platform, with what to do. MAX_LITERAL_BYTES
# lowers the bound for the test that shows the check can fail.
# Each literal starts with "#line 1 N // shaders/<file>": N, the file's source-string number
# (FIRST_SOURCE_NUMBER + its place in the sorted list), is what a driver's compile log prints
# for a line of that file, and the comment names the file (annotated_compile_log() in
# detail/gl/program.hpp reads it back to name the file and line in a gpusort::Error).
cmake_minimum_required(VERSION 3.16)
if(NOT SHADER_DIR OR NOT OUTPUT)
  message(FATAL_ERROR "embed_shaders.cmake needs -DSHADER_DIR=... and -DOUTPUT=...")
endif()
get_filename_component(SHADER_DIR "${SHADER_DIR}" ABSOLUTE)
get_filename_component(OUTPUT "${OUTPUT}" ABSOLUTE)

file(GLOB_RECURSE shader_files RELATIVE "${SHADER_DIR}" "${SHADER_DIR}/*.glsl" "${SHADER_DIR}/*.comp")
list(SORT shader_files)

if(NOT MAX_LITERAL_BYTES)
  set(MAX_LITERAL_BYTES 16380)
endif()

# Numbers below it are the run-time fragments' (program.hpp and shader_interface_glsl.hpp).
set(FIRST_SOURCE_NUMBER 16)
set(source_number ${FIRST_SOURCE_NUMBER})
set(body "")
foreach(name IN LISTS shader_files)
  file(READ "${SHADER_DIR}/${name}" source)
  if(NOT source MATCHES "\n$")
    message(FATAL_ERROR "shaders/${name} does not end with a newline: the next fragment's #line "
                        "would join its last line. Add one.")
  endif()
  set(source "#line 1 ${source_number} // shaders/${name}\n${source}")
  math(EXPR source_number "${source_number} + 1")
  string(LENGTH "${source}" source_bytes)
  math(EXPR literal_bytes "${source_bytes} + 1")  # with its terminating null
  if(literal_bytes GREATER MAX_LITERAL_BYTES)
    message(FATAL_ERROR "shaders/${name} is ${source_bytes} bytes: its string literal would pass "
                        "${MAX_LITERAL_BYTES} bytes, which MSVC refuses (C2026). Split the file into "
                        "two and list both where the kernel's sources are assembled.")
  endif()
  if(source MATCHES "\\)gpusort_glsl\"")
    message(FATAL_ERROR "${name} contains the raw-string delimiter )gpusort_glsl\"")
  endif()
  string(MAKE_C_IDENTIFIER "${name}" identifier)
  string(APPEND body "// shaders/${name}\ninline constexpr const char* ${identifier} = R\"gpusort_glsl(${source})gpusort_glsl\";\n\n")
endforeach()

set(header "// Generated from shaders/ by shaders/embed_shaders.cmake. Do not edit: edit the
// shader files and run `cmake --build <build> --target gpusort_embed_shaders`.
// A test (embedded_shaders_up_to_date) fails when this file is stale.
#pragma once

namespace gpusort {
namespace detail {
namespace shaders {

${body}}  // namespace shaders
}  // namespace detail
}  // namespace gpusort
")

if(CHECK_ONLY)
  if(NOT EXISTS "${OUTPUT}")
    message(FATAL_ERROR "${OUTPUT} does not exist: run the gpusort_embed_shaders target")
  endif()
  file(READ "${OUTPUT}" committed)
  if(NOT committed STREQUAL "${header}")
    message(FATAL_ERROR "${OUTPUT} is stale: shaders/ changed since it was generated. "
                        "Run `cmake --build <build> --target gpusort_embed_shaders` and commit the header.")
  endif()
  message(STATUS "embedded shaders are up to date (${shader_files})")
else()
  file(WRITE "${OUTPUT}" "${header}")
endif()
