#include <gtest/gtest.h>

#include "gl_session.hpp"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // The environment only tears down: the context itself is made lazily by the
  // first test that needs one, so listing tests never touches GL.
  ::testing::AddGlobalTestEnvironment(new gpusort_test::GlSessionEnvironment);
  return RUN_ALL_TESTS();
}
