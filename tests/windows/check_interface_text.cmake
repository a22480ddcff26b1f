# ctest interface_text_kept_comments(_fails): preprocesses shader_interface_glsl.hpp the way a
# preprocessor that keeps comments would (GCC's -E -CC keeps them, even inside macro arguments),
# then compiles the result, so its static_asserts judge that text. With INJECT=ON it first
# copies include/ and puts a comment inside an X-macro argument: the check must then fail.
# -DCXX=<compiler> -DINCLUDE_DIR=<include/> -DWORK_DIR=<scratch> [-DINJECT=ON]
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(include_dir "${INCLUDE_DIR}")
if(INJECT)
  file(COPY "${INCLUDE_DIR}/gpusort" DESTINATION "${WORK_DIR}/include")
  set(include_dir "${WORK_DIR}/include")
  set(file "${include_dir}/gpusort/detail/shader_interface/bitonic.hpp")
  file(READ "${file}" text)
  string(REPLACE "GPUSORT_UINT wide = p_hi + 1u - tile_log2;" "GPUSORT_UINT wide = p_hi + 1u - tile_log2;  // steps left"
                 injected "${text}")
  if(injected STREQUAL text)
    message(FATAL_ERROR "check_interface_text.cmake: the line to inject into is gone; pick another")
  endif()
  file(WRITE "${file}" "${injected}")
endif()
file(WRITE "${WORK_DIR}/interface.cpp" "#include <gpusort/detail/shader_interface_glsl.hpp>\nint main() { return 0; }\n")
execute_process(COMMAND "${CXX}" -std=c++17 -E -CC -I${include_dir} "${WORK_DIR}/interface.cpp"
                OUTPUT_FILE "${WORK_DIR}/interface_with_comments.ii" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "preprocessing with comments kept failed (${status})")
endif()
execute_process(COMMAND "${CXX}" -std=c++17 -fsyntax-only -x c++ "${WORK_DIR}/interface_with_comments.ii"
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the GLSL text made with comments kept fails its checks:\n${errors}")
endif()
message(STATUS "shader_interface/'s GLSL text is the same with comments kept")
