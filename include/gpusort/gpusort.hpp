#pragma once
// gpusort: sorts data that already lives in OpenGL buffers, on the GPU, with compute
// shaders. Header-only; include your GL 4.3+ or GL ES 3.1+ declarations (any loader, or
// <GLES3/gl31.h>) first.
//
//   #include <glad/gl.h>
//   #include <gpusort/gpusort.hpp>
//   gpusort::Sorter<std::uint32_t> sorter;  // with a GL 4.3+ context current
//   sorter.sort(key_buffer, count);         // on the GPU, no CPU round trip; the faster of
//                                           // BitonicSorter and RadixSorter for that count
#include "gl_api.hpp"

#include "bitonic_sorter.hpp"
#include "buffer_view.hpp"
#include "bitonic_tuning.hpp"
#include "cpu_network.hpp"
#include "device_facts.hpp"
#include "error.hpp"
#include "key_traits.hpp"
#include "order.hpp"
#include "pass_observer.hpp"
#include "program_cache.hpp"
#include "radix_sorter.hpp"
#include "radix_tuning.hpp"
#include "sort_calls.hpp"
#include "sorter.hpp"
#include "sorter_tuning.hpp"
#include "version.hpp"
