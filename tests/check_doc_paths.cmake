# ctest docs_paths: every file path a reader is pointed to must exist.
#
#   cmake -DSOURCE_DIR=<repository> -P tests/check_doc_paths.cmake
#
# Reads the whole text of README.md, the READMEs it links (examples/, shaders/, tests/),
# bench/README.md and bench/results/README.md, and the comments (after // or #) of every
# hand-written file under include/ and shaders/ (the header generated from shaders/ is left
# out: it repeats the shaders' comments). A word there is taken as a path, and must exist,
# when it is
#   - repository-relative: include/..., shaders/..., bench/..., tests/..., examples/..., .ci/...
#     (a * in it is a glob that must match something; a trailing ... names its folder);
#   - a header as included: gpusort/<name>.hpp or .h, under include/;
#   - relative to include/gpusort/: detail/...;
#   - relative to shaders/ or include/gpusort/detail/: bitonic/..., radix/..., common/... with
#     a file extension;
#   - relative to bench/ in bench/README.md: results/...;
#   - a bare file name of source (.hpp .h .comp .glsl .cpp .cu .py .cmake): some file of that
#     name must exist in the repository;
#   - a bare file name with a date (YYYY-MM-DD) and a results extension (.json .md .png .csv
#     .svg): it must exist in bench/results/.
# Words under build/ (build outputs), absolute paths, URLs and the other projects' files
# listed in `elsewhere` below are not checked.
#
# Optional: -DDOC_FILES=<a;b> and -DCOMMENT_FILES=<c;d> (repository-relative) replace the two
# lists, which is how the test of this script feeds it references that must fail.
cmake_minimum_required(VERSION 3.21)

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_doc_paths.cmake: pass -DSOURCE_DIR=<repository root>")
endif()
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)

if(NOT DEFINED DOC_FILES)
  set(DOC_FILES README.md examples/README.md shaders/README.md tests/README.md bench/README.md
    bench/results/README.md)
endif()
if(NOT DEFINED COMMENT_FILES)
  file(GLOB_RECURSE COMMENT_FILES RELATIVE "${SOURCE_DIR}"
    "${SOURCE_DIR}/include/*.hpp" "${SOURCE_DIR}/include/*.h"
    "${SOURCE_DIR}/shaders/*.glsl" "${SOURCE_DIR}/shaders/*.comp" "${SOURCE_DIR}/shaders/*.h"
    "${SOURCE_DIR}/shaders/*.cmake")
  list(REMOVE_ITEM COMMENT_FILES include/gpusort/detail/generated/embedded_shaders.hpp)
  list(SORT COMMENT_FILES)
endif()

# Every file name in the repository's own folders, for bare names.
file(GLOB_RECURSE all_files LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}"
  "${SOURCE_DIR}/include/*" "${SOURCE_DIR}/shaders/*" "${SOURCE_DIR}/bench/*"
  "${SOURCE_DIR}/tests/*" "${SOURCE_DIR}/examples/*" "${SOURCE_DIR}/.ci/*")
file(GLOB top_files LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*")
set(known_names "")
foreach(file IN LISTS all_files top_files)
  get_filename_component(name "${file}" NAME)
  list(APPEND known_names "${name}")
endforeach()
list(REMOVE_DUPLICATES known_names)
# Other projects' files that comments cite by name (they are not in this repository).
set(elsewhere FFX_ParallelSort.h windows.h)  # AMD's header; the Windows SDK's

set(source_extensions "hpp|h|comp|glsl|cpp|cu|py|cmake")
set(results_extensions "json|md|png|csv|svg")
set(date "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]")

# Sets ${out} to the repository-relative path `word` names in `file`, to "" when the word is
# not a path this test checks, and to "NAME:<name>" for a bare source file name.
function(path_of word file out)
  set(path "")
  if(word MATCHES "^(include|shaders|bench|tests|examples|\\.ci)/")
    set(path "${word}")
  elseif(word MATCHES "^gpusort/.+\\.(hpp|h)$")
    set(path "include/${word}")
  elseif(word MATCHES "^detail/")
    set(path "include/gpusort/${word}")
  elseif(word MATCHES "^(bitonic|radix|common)/[^/]+\\.(${source_extensions})$")
    if(EXISTS "${SOURCE_DIR}/include/gpusort/detail/${word}")
      set(path "include/gpusort/detail/${word}")
    else()
      set(path "shaders/${word}")
    endif()
  elseif(word MATCHES "^results/" AND file STREQUAL "bench/README.md")
    set(path "bench/${word}")
  elseif(word MATCHES "^[A-Za-z0-9_-]*${date}[A-Za-z0-9_.-]*\\.(${results_extensions})$")
    set(path "bench/results/${word}")
  elseif(word MATCHES "^[A-Za-z0-9_][A-Za-z0-9_.-]*\\.(${source_extensions})$")
    set(path "NAME:${word}")
  endif()
  set(${out} "${path}" PARENT_SCOPE)
endfunction()

# Appends "<file>:<line>: <word>" to `stale` for each word of `text` naming a path that does
# not exist.
function(check_text text file line)
  string(REGEX MATCHALL "[A-Za-z0-9_./*~-]+" words "${text}")
  foreach(word IN LISTS words)
    string(REGEX REPLACE "\\.+$" "" word "${word}")  # a sentence's full stop; "dir/..." -> "dir/"
    if(word STREQUAL "")
      continue()
    endif()
    path_of("${word}" "${file}" path)
    if(path STREQUAL "" OR word IN_LIST elsewhere)
      continue()
    endif()
    math(EXPR checked_here "${checked_here} + 1")
    if(path MATCHES "^NAME:(.*)$")
      list(FIND known_names "${CMAKE_MATCH_1}" index)
      set(found ${index})
      if(found EQUAL -1)
        set(found "")
      endif()
    elseif(path MATCHES "[*]")
      file(GLOB found "${SOURCE_DIR}/${path}")
    elseif(EXISTS "${SOURCE_DIR}/${path}")
      set(found yes)
    else()
      set(found "")
    endif()
    if(found STREQUAL "")
      set(stale_here "${stale_here}\n  ${file}:${line}: ${word}")
    endif()
  endforeach()
  set(stale_here "${stale_here}" PARENT_SCOPE)
  set(checked_here ${checked_here} PARENT_SCOPE)
endfunction()

# Checks `file`, its whole text or only its comments.
function(check_file file comments_only)
  if(NOT EXISTS "${SOURCE_DIR}/${file}")
    set(stale "${stale}\n  ${file}: the file itself is missing" PARENT_SCOPE)
    return()
  endif()
  file(READ "${SOURCE_DIR}/${file}" content)
  # Make the text one CMake list of lines: list separators and brackets out first.
  string(REGEX REPLACE "[][;\\\\]" " " content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  set(marker "//")
  if(file MATCHES "\\.cmake$")
    set(marker "#")
  endif()
  set(line 0)
  set(stale_here "")
  set(checked_here 0)
  foreach(text IN LISTS lines)
    math(EXPR line "${line} + 1")
    if(comments_only)
      string(FIND "${text}" "${marker}" at)
      if(at EQUAL -1)
        continue()
      endif()
      string(SUBSTRING "${text}" ${at} -1 text)
    endif()
    check_text("${text}" "${file}" ${line})
  endforeach()
  set(stale "${stale}${stale_here}" PARENT_SCOPE)
  math(EXPR checked "${checked} + ${checked_here}")
  set(checked ${checked} PARENT_SCOPE)
endfunction()

set(stale "")
set(checked 0)
foreach(file IN LISTS DOC_FILES)
  check_file("${file}" FALSE)
endforeach()
foreach(file IN LISTS COMMENT_FILES)
  check_file("${file}" TRUE)
endforeach()

list(LENGTH DOC_FILES doc_count)
list(LENGTH COMMENT_FILES comment_count)
if(NOT stale STREQUAL "")
  string(REGEX MATCHALL "\n" breaks "${stale}")
  list(LENGTH breaks stale_count)
  message(FATAL_ERROR "docs_paths: ${stale_count} stale reference(s), paths that do not exist:${stale}\n"
    "Fix the reference (or the file it names) so that a reader who follows it finds it.")
endif()
message(STATUS "docs_paths: all ${checked} paths named in ${doc_count} documents and the comments "
  "of ${comment_count} files exist")
