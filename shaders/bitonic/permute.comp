// Helpers of stable key-value sorts and of sort_indices(), on plain words (u_mode):
//   GPUSORT_BITONIC_PERMUTE_IOTA:   destination[i] = i
//   GPUSORT_BITONIC_PERMUTE_GATHER: destination[i] = source[indices[i]]
//   GPUSORT_BITONIC_PERMUTE_COPY:   destination[i] = source[i]
// for i < u_count. Bases are word offsets into the bound ranges (see elements.glsl).
// Sources: #version, GROUP_SIZE (at most GPUSORT_BITONIC_PERMUTE_GROUP_SIZE),
// the shader interface's detail/shader_interface/common.hpp and detail/shader_interface/permute.hpp,
// this file.

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = GPUSORT_BITONIC_BINDING_PERMUTE_DESTINATION) buffer Destination { uint destination[]; };
layout(std430, binding = GPUSORT_BITONIC_BINDING_PERMUTE_SOURCE) readonly buffer Source { uint source[]; };
layout(std430, binding = GPUSORT_BITONIC_BINDING_PERMUTE_INDICES) readonly buffer Indices { uint indices[]; };

layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_COUNT) uniform uint u_count;
layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_MODE) uniform uint u_mode;
layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_DESTINATION_BASE) uniform uint u_destination_base;
layout(location = GPUSORT_BITONIC_PERMUTE_LOCATION_SOURCE_BASE) uniform uint u_source_base;

void main() {
    uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * uint(GROUP_SIZE) +
             gl_LocalInvocationIndex;
    if (i >= u_count) return;
    uint word = i;
    if (u_mode == GPUSORT_BITONIC_PERMUTE_GATHER) {
        word = source[u_source_base + indices[i]];
    } else if (u_mode == GPUSORT_BITONIC_PERMUTE_COPY) {
        word = source[u_source_base + i];
    }
    destination[u_destination_base + i] = word;
}
