# Cross-compiles gpusort's tests, demo and examples for 64-bit Windows with Debian's mingw-w64
# (g++-mingw-w64-x86-64-posix: the posix thread model, for std::thread and std::mutex), and runs
# the .exe files under wine, so that ctest itself runs them (CMAKE_CROSSCOMPILING_EMULATOR).
# Used by .ci/run's step "windows":
#   cmake -S . -B build-windows --toolchain tests/windows/mingw-w64-x86_64.cmake \
#         -DGPUSORT_BUILD_BENCH=OFF -DGPUSORT_GTEST_SOURCE_DIR=/usr/src/googletest
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
# Programs (glad's generator, glslangValidator) come from the build machine; libraries, headers
# and packages from the mingw root only, so nothing of Linux's is linked by mistake.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static runtime: the .exe files need no mingw DLLs beside them under wine.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
find_program(GPUSORT_WINE_EXECUTABLE NAMES wine wine64 PATHS /usr/bin /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(GPUSORT_WINE_EXECUTABLE)
  # Through a script that starts the program again when wine's own loader fails (exit status 53,
  # before the program runs; the script says why), and returns every other status as it is.
  set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/wine_retrying_start.sh ${GPUSORT_WINE_EXECUTABLE})
endif()
