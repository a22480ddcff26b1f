# Configures, builds and runs tests/package/consumer against gpusort in one of three ways.
#   cmake -DMODE=find_package|add_subdirectory|fetchcontent -DGPUSORT_SOURCE_DIR=...
#         -DGPUSORT_BINARY_DIR=... -DCONSUMER_SOURCE_DIR=... -DWORK_DIR=...
#         [-DCONFIG=Release] [-DGENERATOR=...] [-DCXX_COMPILER=...]
#         -P run_consumer.cmake
# find_package installs gpusort from GPUSORT_BINARY_DIR into WORK_DIR/prefix first, so the test
# checks what `cmake --install` really produces.

cmake_minimum_required(VERSION 3.21)

foreach(required IN ITEMS MODE GPUSORT_SOURCE_DIR CONSUMER_SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_consumer.cmake: -D${required}=... is required")
  endif()
endforeach()
if(NOT CONFIG)
  set(CONFIG Release)
endif()

function(run_step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "run_consumer.cmake (${MODE}): failed (${result}): ${command}")
  endif()
endfunction()

# A fresh tree every time, so that a stale cache never hides a packaging mistake.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(configure_args
  -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build"
  -DCMAKE_BUILD_TYPE=${CONFIG}
  -DGPUSORT_CONSUME=${MODE})
if(GENERATOR)
  list(APPEND configure_args -G "${GENERATOR}")
endif()
if(CXX_COMPILER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()

if(MODE STREQUAL "find_package")
  if(NOT DEFINED GPUSORT_BINARY_DIR)
    message(FATAL_ERROR "run_consumer.cmake: find_package needs -DGPUSORT_BINARY_DIR=...")
  endif()
  run_step(${CMAKE_COMMAND} --install "${GPUSORT_BINARY_DIR}" --config ${CONFIG}
           --component gpusort --prefix "${WORK_DIR}/prefix")
  # Only the install prefix may provide gpusort: no registry, no source tree.
  list(APPEND configure_args
    "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
elseif(MODE STREQUAL "add_subdirectory" OR MODE STREQUAL "fetchcontent")
  list(APPEND configure_args "-DGPUSORT_SOURCE_DIR=${GPUSORT_SOURCE_DIR}")
else()
  message(FATAL_ERROR "run_consumer.cmake: unknown MODE '${MODE}'")
endif()

run_step(${CMAKE_COMMAND} ${configure_args})
run_step(${CMAKE_COMMAND} --build "${WORK_DIR}/build" --config ${CONFIG})

find_program(consumer_executable gpusort_consumer
  PATHS "${WORK_DIR}/build" "${WORK_DIR}/build/${CONFIG}" NO_DEFAULT_PATH REQUIRED)
run_step("${consumer_executable}")
