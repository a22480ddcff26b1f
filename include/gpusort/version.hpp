#pragma once
// gpusort's version, the same as project(VERSION) in CMakeLists.txt and version: in meson.build
// (the ctest package_version checks that all three agree). Every public header includes this.
// GPUSORT_VERSION is one integer for #if: MAJOR * 10000 + MINOR * 100 + PATCH, as fmt's
// FMT_VERSION (0.1.0 is 100, 1.2.3 would be 10203).
#define GPUSORT_VERSION_MAJOR 0
#define GPUSORT_VERSION_MINOR 1
#define GPUSORT_VERSION_PATCH 0
#define GPUSORT_VERSION 100
