# ctest include_layers: no header of gpusort includes one of a higher layer.
#
#   cmake -DSOURCE_DIR=<repository> -P tests/check_include_layers.cmake
#
# The layers, bottom up (a header may include its own layer and those below it):
#   1 the vocabulary and utilities: include/gpusort/*.hpp but the sorters and gpusort.hpp
#     (tunings, BitRange, errors, key traits, the program cache, ...), detail/*.hpp,
#     detail/shader_interface/, detail/generated/, detail/gl/, detail/device/
#   2 detail/job/: one sort call (SortJob, BitRange checked, CountLimit, Elements)
#   3 detail/bitonic/, detail/radix/: the two algorithms
#   4 detail/front_end/: the calls all three sorters share
#   5 sort_calls.hpp (the calls the three sorters share), bitonic_sorter.hpp, radix_sorter.hpp
#     (and the views of their algorithms), cpu_network.hpp (the network on the host)
#   6 detail/choice/: Sorter's choice between the two algorithms
#   7 sorter.hpp
#   8 gpusort.hpp
# A header in no layer fails too (a new folder gets its line here).
#
# Optional: -DHEADER_ROOT=<dir> checks the headers under <dir> (laid out as include/) instead,
# which is how the test of this script feeds it an include that must fail.
cmake_minimum_required(VERSION 3.21)

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_include_layers.cmake: pass -DSOURCE_DIR=<repository root>")
endif()
if(NOT HEADER_ROOT)
  set(HEADER_ROOT "${SOURCE_DIR}/include")
endif()
get_filename_component(HEADER_ROOT "${HEADER_ROOT}" ABSOLUTE)

# The layer of `path` (relative to HEADER_ROOT) into `out`; 0 where it has none.
function(layer_of path out)
  if(path MATCHES "^gpusort/gpusort\\.hpp$")
    set(layer 8)
  elseif(path MATCHES "^gpusort/sorter\\.hpp$")
    set(layer 7)
  elseif(path MATCHES "^gpusort/detail/choice/")
    set(layer 6)
  elseif(path MATCHES "^gpusort/((bitonic|radix)_sorter|cpu_network|sort_calls)\\.hpp$")
    set(layer 5)
  elseif(path MATCHES "^gpusort/detail/front_end/")
    set(layer 4)
  elseif(path MATCHES "^gpusort/detail/(bitonic|radix)/")
    set(layer 3)
  elseif(path MATCHES "^gpusort/detail/job/")
    set(layer 2)
  elseif(path MATCHES "^gpusort/[^/]+\\.hpp$" OR path MATCHES "^gpusort/detail/[^/]+\\.hpp$" OR
         path MATCHES "^gpusort/detail/(shader_interface|generated|gl|device)/")
    set(layer 1)
  else()
    set(layer 0)
  endif()
  set(${out} ${layer} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE headers RELATIVE "${HEADER_ROOT}" "${HEADER_ROOT}/gpusort/*.hpp")
list(SORT headers)
set(problems "")
set(edges 0)
foreach(header IN LISTS headers)
  layer_of("${header}" from)
  if(from EQUAL 0)
    string(APPEND problems "\n  ${header}: in no layer (tests/check_include_layers.cmake lists them)")
    continue()
  endif()
  get_filename_component(dir "${HEADER_ROOT}/${header}" DIRECTORY)
  file(STRINGS "${HEADER_ROOT}/${header}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*$" "\\1" included "${line}")
    get_filename_component(target "${included}" ABSOLUTE BASE_DIR "${dir}")
    file(RELATIVE_PATH target "${HEADER_ROOT}" "${target}")
    if(NOT EXISTS "${HEADER_ROOT}/${target}")
      continue()  # not one of gpusort's headers (the docs_paths and header tests see to those)
    endif()
    math(EXPR edges "${edges} + 1")
    layer_of("${target}" to)
    if(to GREATER from)
      string(APPEND problems "\n  ${header} (layer ${from}) includes ${target} (layer ${to})")
    endif()
  endforeach()
endforeach()

list(LENGTH headers count)
if(problems)
  string(REGEX MATCHALL "\n" found "${problems}")
  list(LENGTH found found)
  message(FATAL_ERROR "include_layers: ${found} include(s) against the layers:${problems}")
endif()
message(STATUS "include_layers: ${edges} includes among ${count} headers, none of a higher layer")
