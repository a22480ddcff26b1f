# Builds and runs tests/package/consumer/main.cpp against gpusort in one of the ways a user can
# pull it in:
#   find_package              an installed gpusort (CMake package config)
#   add_subdirectory          a source tree; the parent's `cmake --install` installs nothing of
#   fetchcontent              gpusort (GPUSORT_INSTALL defaults to OFF below the top level)
#   add_subdirectory_install  the same with -DGPUSORT_INSTALL=ON: the parent's install has gpusort
#   pkg_config                an installed gpusort.pc: the compiler gets `pkg-config --cflags gpusort`
#   meson_pkg_config          Meson's dependency('gpusort') through the installed gpusort.pc
#   meson_subproject          Meson with gpusort as a subproject (its meson.build's override)
#   cmake -DMODE=... -DGPUSORT_SOURCE_DIR=... -DGPUSORT_BINARY_DIR=... -DCONSUMER_SOURCE_DIR=...
#         -DWORK_DIR=... -DGPUSORT_VERSION=... [-DCONFIG=Release] [-DGENERATOR=...]
#         [-DCXX_COMPILER=...] -P run_consumer.cmake
# The modes that need an installed gpusort install it from GPUSORT_BINARY_DIR into
# WORK_DIR/prefix first, so the test checks what `cmake --install` really produces.

cmake_minimum_required(VERSION 3.21)

foreach(required IN ITEMS MODE GPUSORT_SOURCE_DIR CONSUMER_SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_consumer.cmake: -D${required}=... is required")
  endif()
endforeach()
if(NOT CONFIG)
  set(CONFIG Release)
endif()
if(NOT CXX_COMPILER)
  set(CXX_COMPILER c++)
endif()

function(run_step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "run_consumer.cmake (${MODE}): failed (${result}): ${command}")
  endif()
endfunction()

# Installs the build tree's gpusort component into WORK_DIR/prefix.
function(install_gpusort)
  if(NOT DEFINED GPUSORT_BINARY_DIR)
    message(FATAL_ERROR "run_consumer.cmake: ${MODE} needs -DGPUSORT_BINARY_DIR=...")
  endif()
  run_step(${CMAKE_COMMAND} --install "${GPUSORT_BINARY_DIR}" --config ${CONFIG}
           --component gpusort --prefix "${WORK_DIR}/prefix")
endfunction()

# What gpusort installs, relative to a prefix (GNUInstallDirs' defaults).
set(gpusort_installed_files
  include/gpusort/gpusort.hpp
  include/gpusort/version.hpp
  share/cmake/gpusort/gpusortConfig.cmake
  share/pkgconfig/gpusort.pc)

# Fails unless every file of gpusort is under `prefix` (expected TRUE) or none is (FALSE).
function(check_installed prefix expected)
  foreach(file IN LISTS gpusort_installed_files)
    if(EXISTS "${prefix}/${file}")
      set(present TRUE)
    else()
      set(present FALSE)
    endif()
    if(NOT present STREQUAL expected)
      if(expected)
        message(FATAL_ERROR "run_consumer.cmake (${MODE}): the parent's install lacks ${file}")
      endif()
      message(FATAL_ERROR "run_consumer.cmake (${MODE}): the parent's install has gpusort's ${file}; "
                          "GPUSORT_INSTALL should default to OFF below the top level")
    endif()
  endforeach()
  if(expected)
    message(STATUS "the parent's install has gpusort's files")
  else()
    message(STATUS "the parent's install has none of gpusort's files")
  endif()
endfunction()

# A fresh tree every time, so that a stale cache never hides a packaging mistake.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

if(MODE STREQUAL "pkg_config")
  install_gpusort()
  # Only the prefix's gpusort.pc: nothing of this machine's pkg-config path.
  set(ENV{PKG_CONFIG_LIBDIR} "${WORK_DIR}/prefix/share/pkgconfig")
  execute_process(COMMAND pkg-config --modversion gpusort
    RESULT_VARIABLE result OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0 OR NOT version STREQUAL GPUSORT_VERSION)
    message(FATAL_ERROR "pkg-config --modversion gpusort: '${version}' (exit ${result}), expected ${GPUSORT_VERSION}")
  endif()
  execute_process(COMMAND pkg-config --cflags gpusort
    RESULT_VARIABLE result OUTPUT_VARIABLE cflags OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "pkg-config --cflags gpusort failed (${result})")
  endif()
  message(STATUS "pkg-config --cflags gpusort: ${cflags}")
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  run_step(${CXX_COMPILER} -std=c++17 -Wall -Wextra -Wpedantic -Werror ${cflags}
           "-DGPUSORT_CONSUME_MODE=\"pkg-config\"" "${CONSUMER_SOURCE_DIR}/main.cpp"
           -o "${WORK_DIR}/gpusort_consumer" -lOpenGL)
  run_step("${WORK_DIR}/gpusort_consumer")
  return()
endif()

if(MODE MATCHES "^meson_")
  find_program(MESON meson)
  if(NOT MESON)
    message(FATAL_ERROR "${MODE} needs Meson (Debian/Ubuntu: apt-get install meson)")
  endif()
  # The consumer's meson.build next to main.cpp; the subproject is the source tree itself.
  set(source "${WORK_DIR}/src")
  file(COPY "${CONSUMER_SOURCE_DIR}/../meson_consumer/" "${CONSUMER_SOURCE_DIR}/main.cpp"
       DESTINATION "${source}")
  if(MODE STREQUAL "meson_subproject")
    set(consume subproject)
    set(wrap_mode --force-fallback-for=gpusort)
    file(MAKE_DIRECTORY "${source}/subprojects")
    file(CREATE_LINK "${GPUSORT_SOURCE_DIR}" "${source}/subprojects/gpusort" SYMBOLIC)
  elseif(MODE STREQUAL "meson_pkg_config")
    set(consume pkg-config)
    set(wrap_mode --wrap-mode=nofallback)
    install_gpusort()
    set(ENV{PKG_CONFIG_PATH} "${WORK_DIR}/prefix/share/pkgconfig")
  else()
    message(FATAL_ERROR "run_consumer.cmake: unknown MODE '${MODE}'")
  endif()
  set(ENV{CXX} "${CXX_COMPILER}")
  run_step(${MESON} setup "${WORK_DIR}/build" "${source}" ${wrap_mode} -Dgpusort_consume=${consume})
  run_step(${MESON} compile -C "${WORK_DIR}/build")
  run_step("${WORK_DIR}/build/gpusort_consumer")
  return()
endif()

set(configure_args
  -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build"
  -DCMAKE_BUILD_TYPE=${CONFIG})
if(GENERATOR)
  list(APPEND configure_args -G "${GENERATOR}")
endif()
list(APPEND configure_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})

set(parent_installs "")
if(MODE STREQUAL "find_package")
  install_gpusort()
  # Only the install prefix may provide gpusort: no registry, no source tree.
  list(APPEND configure_args
    -DGPUSORT_CONSUME=find_package
    "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
elseif(MODE STREQUAL "add_subdirectory" OR MODE STREQUAL "fetchcontent")
  list(APPEND configure_args -DGPUSORT_CONSUME=${MODE} "-DGPUSORT_SOURCE_DIR=${GPUSORT_SOURCE_DIR}")
  set(parent_installs FALSE)
elseif(MODE STREQUAL "add_subdirectory_install")
  list(APPEND configure_args -DGPUSORT_CONSUME=add_subdirectory "-DGPUSORT_SOURCE_DIR=${GPUSORT_SOURCE_DIR}"
       -DGPUSORT_INSTALL=ON)
  set(parent_installs TRUE)
else()
  message(FATAL_ERROR "run_consumer.cmake: unknown MODE '${MODE}'")
endif()

run_step(${CMAKE_COMMAND} ${configure_args})
run_step(${CMAKE_COMMAND} --build "${WORK_DIR}/build" --config ${CONFIG})

find_program(consumer_executable gpusort_consumer
  PATHS "${WORK_DIR}/build" "${WORK_DIR}/build/${CONFIG}" NO_DEFAULT_PATH REQUIRED)
run_step("${consumer_executable}")

if(NOT parent_installs STREQUAL "")
  # The parent's whole install (every component), as its users run it.
  run_step(${CMAKE_COMMAND} --install "${WORK_DIR}/build" --config ${CONFIG} --prefix "${WORK_DIR}/parent_prefix")
  if(NOT EXISTS "${WORK_DIR}/parent_prefix/bin/gpusort_consumer")
    message(FATAL_ERROR "run_consumer.cmake (${MODE}): the parent's own install rule did not run")
  endif()
  check_installed("${WORK_DIR}/parent_prefix" ${parent_installs})
endif()
