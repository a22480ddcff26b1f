// The network's word permute kernel (permute.comp), for stable sorts and sort_indices(): its
// binding points, uniform locations and modes (X-macro lines, see common.hpp, which comes first).
// It runs in dispatches of its own, between the network's, which bind their buffers again: it
// reuses the first three binding points.
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION, 0)
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE, 1)
GPUSORT_CONSTANT(GPUSORT_BITONIC_BINDING_PERMUTE_INDICES, 2)
// Its workgroups hold this many invocations, or the device's limit where that is lower.
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_GROUP_SIZE, 256)
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_LOCATION_COUNT, 0)
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_LOCATION_MODE, 1)
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_LOCATION_DESTINATION_BASE, 2)
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_LOCATION_SOURCE_BASE, 3)
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_IOTA, 0u)    // destination[i] = i
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_GATHER, 1u)  // destination[i] = source[indices[i]]
GPUSORT_CONSTANT(GPUSORT_BITONIC_PERMUTE_COPY, 2u)    // destination[i] = source[i]
