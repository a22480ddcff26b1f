# cmake -DDEMO=<gpusort_demo> [-DEMULATOR=<wine, for a cross build>] "-DARGS=<arguments, space-separated>"
#       -DMESSAGE=<regex> -P expect_bad_arguments.cmake
# Passes when the demo refuses the arguments the way a user should see it: exit code 2 and a
# message on stderr that matches MESSAGE. (A plain ctest WILL_FAIL would accept any failure,
# a crash included.)
separate_arguments(arguments UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${EMULATOR} ${DEMO} ${arguments}
  RESULT_VARIABLE exit_code
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT exit_code STREQUAL "2")
  message(FATAL_ERROR "gpusort_demo ${ARGS}: exit code ${exit_code}, expected 2\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${MESSAGE}")
  message(FATAL_ERROR "gpusort_demo ${ARGS}: stderr does not match '${MESSAGE}':\n${err}")
endif()
message(STATUS "gpusort_demo ${ARGS}: exit 2, '${err}'")
