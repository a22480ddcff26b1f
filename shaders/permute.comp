// Helpers of the stable key-value sort and of sort_indices(), on plain words:
//   mode 0 (iota):   destination[i] = i
//   mode 1 (gather): destination[i] = source[indices[i]]
//   mode 2 (copy):   destination[i] = source[i]
// for i < u_count. Bases are word offsets into the bound ranges (see common.glsl).

layout(local_size_x = 256) in;

layout(std430, binding = 4) buffer Destination { uint destination[]; };
layout(std430, binding = 5) readonly buffer Source { uint source[]; };
layout(std430, binding = 6) readonly buffer Indices { uint indices[]; };

layout(location = 0) uniform uint u_count;
layout(location = 1) uniform uint u_mode;
layout(location = 2) uniform uint u_destination_base;
layout(location = 3) uniform uint u_source_base;

void main() {
    uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationIndex;
    if (i >= u_count) return;
    uint word = i;
    if (u_mode == 1u) {
        word = source[u_source_base + indices[i]];
    } else if (u_mode == 2u) {
        word = source[u_source_base + i];
    }
    destination[u_destination_base + i] = word;
}
