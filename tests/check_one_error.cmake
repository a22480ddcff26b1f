# Compiles one translation unit that must fail with exactly one diagnostic, gpusort's #error.
#   cmake -DCOMPILER=c++ -DSOURCE=file.cpp -DINCLUDE_DIR=include [-DDEFINE=NAME] -DEXPECT=regex
#         -P check_one_error.cmake
# Passes when the compiler fails, prints exactly one line with "error:", and that line matches
# EXPECT. A second error (a cascade from gpusort's headers) or a compiler that succeeds fails it.
# -DHEADERS=all -DWORK_DIR=dir instead of SOURCE and EXPECT: every include/gpusort/*.hpp alone,
# each either compiling cleanly (a header that needs no GL) or stopping at gpusort's one #error.

foreach(required IN ITEMS COMPILER INCLUDE_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "check_one_error.cmake: -D${required}=... is required")
  endif()
endforeach()

set(define_flags "")
if(DEFINE)
  set(define_flags "-D${DEFINE}")
endif()

# Sets ${result_var} to the compiler's exit code, ${output_var} to its output and ${count_var} to
# the number of error lines in it.
function(compile source result_var output_var count_var)
  execute_process(
    COMMAND "${COMPILER}" -std=c++17 -fsyntax-only ${define_flags} "-I${INCLUDE_DIR}" "${source}"
    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  # A ";" in a message would split its match into two list items.
  string(REPLACE ";" "," flat_output "${output}")
  string(REGEX MATCHALL "[^\n]*error:[^\n]*" error_lines "${flat_output}")
  list(LENGTH error_lines count)
  set(${result_var} "${result}" PARENT_SCOPE)
  set(${output_var} "${output}" PARENT_SCOPE)
  set(${count_var} "${count}" PARENT_SCOPE)
endfunction()

if(HEADERS STREQUAL "all")
  file(GLOB headers RELATIVE "${INCLUDE_DIR}" "${INCLUDE_DIR}/gpusort/*.hpp")
  set(work "${WORK_DIR}")
  file(MAKE_DIRECTORY "${work}")
  set(failures "")
  foreach(header IN LISTS headers)
    string(MAKE_C_IDENTIFIER "${header}" stem)
    file(WRITE "${work}/${stem}.cpp" "#include <${header}>\n")
    compile("${work}/${stem}.cpp" result output count)
    if(result EQUAL 0 AND count EQUAL 0)
      message(STATUS "${header}: compiles without GL declarations")
    elseif(NOT result EQUAL 0 AND count EQUAL 1 AND output MATCHES "error: [^\n]*gpusort: include your OpenGL")
      message(STATUS "${header}: stops at gpusort's one #error")
    else()
      message(STATUS "${header}: ${count} errors:\n${output}")
      list(APPEND failures "${header}")
    endif()
  endforeach()
  if(failures)
    message(FATAL_ERROR "without GL declarations these headers neither compile nor stop at one #error: ${failures}")
  endif()
  return()
endif()

compile("${SOURCE}" result output count)
message(STATUS "compiler output:\n${output}")
if(result EQUAL 0)
  message(FATAL_ERROR "the compiler accepted ${SOURCE}; gpusort's #error was expected")
endif()
if(NOT count EQUAL 1)
  message(FATAL_ERROR "${count} errors; exactly one (gpusort's #error) was expected")
endif()
if(NOT output MATCHES "error: [^\n]*(${EXPECT})")
  message(FATAL_ERROR "the one error is not gpusort's (expected: ${EXPECT})")
endif()
message(STATUS "one error, gpusort's")
