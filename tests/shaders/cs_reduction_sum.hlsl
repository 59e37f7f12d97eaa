// entry: main cs_6_0
// define: GROUP_SIZE=256
// A two-pass parallel sum reduction: each group reduces GROUP_SIZE*2 floats in groupshared memory with barriers and writes one partial sum.

#ifndef GROUP_SIZE
#define GROUP_SIZE 128
#endif

cbuffer ReduceParams : register(b0)
{
    uint g_ElementCount;
    uint g_InputOffset;
    uint2 g_Pad;
};

StructuredBuffer<float>   g_Input   : register(t0);
RWStructuredBuffer<float> g_Partial : register(u0);

groupshared float s_Data[GROUP_SIZE];

float LoadOrZero(uint index)
{
    return index < g_ElementCount ? g_Input[g_InputOffset + index] : 0.0;
}

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 groupId : SV_GroupID,
          uint  localIndex : SV_GroupIndex)
{
    // Each thread adds two elements while loading (halves the idle threads
    // in the first tree level).
    uint base = groupId.x * (GROUP_SIZE * 2) + localIndex;
    s_Data[localIndex] = LoadOrZero(base) + LoadOrZero(base + GROUP_SIZE);
    GroupMemoryBarrierWithGroupSync();

    [unroll]
    for (uint stride = GROUP_SIZE / 2; stride > 32; stride >>= 1)
    {
        if (localIndex < stride)
        {
            s_Data[localIndex] += s_Data[localIndex + stride];
        }
        GroupMemoryBarrierWithGroupSync();
    }

    // The last 64 values are folded by the first 32 threads; keep syncing
    // because lockstep execution is not guaranteed.
    [unroll]
    for (uint s = 32; s > 0; s >>= 1)
    {
        if (localIndex < s)
        {
            s_Data[localIndex] += s_Data[localIndex + s];
        }
        GroupMemoryBarrierWithGroupSync();
    }

    if (localIndex == 0)
    {
        g_Partial[groupId.x] = s_Data[0];
    }
}
