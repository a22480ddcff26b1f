// A ProgramCache that stores nothing and loads nothing, but prints, for every program the
// library builds, the lines of its driver binary that state its resources (NVIDIA's binaries
// carry their assembly as text): registers, local memory, shared memory. With
// GPUSORT_PROFILE_DUMP=DIR set, it also writes each binary to DIR/KEY.bin, whose assembly shows
// where loads sit against the barriers. Used by gpusort_pass_profile and gpusort_radix_probe
// --resources.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gpusort/gpusort.hpp>

namespace gpusort_bench {

class ProgramResources : public gpusort::ProgramCache {
 public:
  bool load(const std::string&, std::vector<std::uint8_t>&, std::uint32_t&) override { return false; }
  void store(const std::string& key, const std::vector<std::uint8_t>& binary, std::uint32_t) override {
    std::string text;
    std::printf("  program %s (%zu bytes):", key.substr(0, 24).c_str(), binary.size());
    for (std::uint8_t byte : binary) {
      if (byte >= 32 && byte < 127) {
        text.push_back(static_cast<char>(byte));
        continue;
      }
      if (text.size() >= 6 && (text.find("reg") != std::string::npos || text.find("lmem") != std::string::npos ||
                               text.find("smem") != std::string::npos || text.find("REG") != std::string::npos ||
                               text.find("shared") != std::string::npos || text.find("instructions") != std::string::npos))
        std::printf(" [%s]", text.substr(0, 120).c_str());
      text.clear();
    }
    std::printf("\n");
    if (const char* directory = std::getenv("GPUSORT_PROFILE_DUMP")) {
      const std::string path = std::string(directory) + "/" + key + ".bin";
      if (FILE* file = std::fopen(path.c_str(), "wb")) {
        std::fwrite(binary.data(), 1, binary.size(), file);
        std::fclose(file);
      }
    }
  }
};

}  // namespace gpusort_bench
