# Runs a test program on a named GL driver and fails unless it both passed and really ran there.
#
#   cmake -DDRIVER_PATTERN=<regex> [-DEXPECT_STATUS=<n>] -P run_on_driver.cmake -- <program> [args...]
#
# EXPECT_STATUS (default 0) is the exit status the program must end with, or a comma-separated
# list of them: a known driver bug that does not show on every run or every build of the driver
# is shown by a run that must end either right (0) or in one particular failure (1: a wrong
# sort), and says which; never by WILL_FAIL, which would also pass a run that never reached the
# driver or crashed.
# The driver comes from the environment (ctest's ENVIRONMENT property: GALLIUM_DRIVER=zink,
# GPUSORT_TEST_CONTEXT=es, ...). A missing package must not let Mesa fall back to another
# driver and pass there quietly (without lavapipe, zink may hand over to llvmpipe), so the
# program's "... on <GL_RENDERER>, OpenGL <GL_VERSION>" line must match DRIVER_PATTERN.
# The program's output is printed as it was, so that the log says where each run ran.

cmake_policy(SET CMP0057 NEW)  # if(IN_LIST)

if(NOT DEFINED DRIVER_PATTERN)
  message(FATAL_ERROR "run_on_driver.cmake: pass -DDRIVER_PATTERN=<regex>")
endif()

set(command "")
set(after_separator FALSE)
foreach(index RANGE ${CMAKE_ARGC})
  if(index EQUAL CMAKE_ARGC)
    break()
  endif()
  set(argument "${CMAKE_ARGV${index}}")
  if(after_separator)
    list(APPEND command "${argument}")
  elseif(argument STREQUAL "--")
    set(after_separator TRUE)
  endif()
endforeach()
if(NOT command)
  message(FATAL_ERROR "run_on_driver.cmake: no program after --")
endif()

execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")

string(REGEX MATCH " on [^\n]*, OpenGL [^\n]*" context_line "${output}")
if(NOT context_line)
  message(FATAL_ERROR "run_on_driver.cmake: the program printed no \"on <renderer>, OpenGL <version>\" line")
endif()
if(NOT context_line MATCHES "${DRIVER_PATTERN}")
  message(FATAL_ERROR "run_on_driver.cmake: ran${context_line}, not on a driver matching "
                      "\"${DRIVER_PATTERN}\" (is the driver's package installed?)")
endif()
if(NOT DEFINED EXPECT_STATUS)
  set(EXPECT_STATUS 0)
endif()
string(REPLACE "," ";" expected_statuses "${EXPECT_STATUS}")
if(NOT status IN_LIST expected_statuses)
  message(FATAL_ERROR "run_on_driver.cmake: exit status ${status}, expected ${EXPECT_STATUS},${context_line}")
endif()
message("run_on_driver.cmake: exit status ${status} as expected,${context_line}")
