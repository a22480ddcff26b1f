#pragma once
// The key types every typed suite runs over, named readably in test names.

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "key_bits.hpp"

namespace gpusort_test {

using KeyTypes = ::testing::Types<std::uint32_t, std::int32_t, float>;

struct KeyTypeNames {
  template <class Key>
  static std::string GetName(int) {
    return key_name<Key>();
  }
};

}  // namespace gpusort_test
