#pragma once
// What a refused call says: the message of the gpusort::Error it threw. Every test that
// checks an error's wording goes through these two.

#include <glad/gl.h>

#include <gpusort/gpusort.hpp>
#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace gpusort_test {

// Runs `call`; returns what() of the gpusort::Error it threw, or "" if it threw none
// (another exception type propagates, and gtest fails the test with it).
template <class Call>
std::string gpusort_error_message(Call&& call) {
  try {
    std::forward<Call>(call)();
  } catch (const gpusort::Error& e) {
    return e.what();
  }
  return "";
}

// Runs `call`, which must throw gpusort::Error, and returns what() ("" and a test failure
// if it did not).
template <class Call>
std::string error_from(Call&& call) {
  std::string message = gpusort_error_message(std::forward<Call>(call));
  if (message.empty()) ADD_FAILURE() << "did not throw gpusort::Error";
  return message;
}

}  // namespace gpusort_test
