#pragma once
// Kept for code that includes <gpusort/tuning.hpp>: the bitonic sorter's tuning
// (gpusort::BitonicTuning, also named gpusort::Tuning) is in bitonic_tuning.hpp.
#include "bitonic_tuning.hpp"
