// entry: LocalSort cs_6_0
// entry: GlobalMerge cs_6_0
// Bitonic sort of 64-bit (key, value) pairs: an in-groupshared local sort of 1024 elements and a global compare-exchange pass for larger strides.

#define LOCAL_SIZE 512
#define ELEMENTS_PER_GROUP (LOCAL_SIZE * 2)

cbuffer SortParams : register(b0)
{
    uint g_Count;      // number of valid elements; the rest are padded with max keys
    uint g_Level;      // size of the bitonic sequence being merged
    uint g_Stride;     // compare distance for the global pass
    uint g_Descending;
};

RWStructuredBuffer<uint2> g_KeyValues : register(u0);

groupshared uint2 s_Pairs[ELEMENTS_PER_GROUP];

bool ShouldSwap(uint2 a, uint2 b, bool ascending)
{
    // Ties broken by the value so the sort is deterministic.
    bool greater = (a.x > b.x) || (a.x == b.x && a.y > b.y);
    return greater == ascending;
}

uint2 LoadPadded(uint index)
{
    return index < g_Count ? g_KeyValues[index] : uint2(0xffffffffu, 0xffffffffu);
}

[numthreads(LOCAL_SIZE, 1, 1)]
void LocalSort(uint3 gid : SV_GroupID, uint localIndex : SV_GroupIndex)
{
    uint base = gid.x * ELEMENTS_PER_GROUP;
    s_Pairs[localIndex] = LoadPadded(base + localIndex);
    s_Pairs[localIndex + LOCAL_SIZE] = LoadPadded(base + localIndex + LOCAL_SIZE);
    GroupMemoryBarrierWithGroupSync();

    for (uint size = 2; size <= ELEMENTS_PER_GROUP; size <<= 1)
    {
        for (uint stride = size >> 1; stride > 0; stride >>= 1)
        {
            // Map the thread to the lower index of its pair.
            uint lo = 2 * localIndex - (localIndex & (stride - 1));
            uint hi = lo + stride;
            bool ascending = ((base + lo) & size) == 0;
            if (g_Descending != 0)
                ascending = !ascending;

            uint2 a = s_Pairs[lo];
            uint2 b = s_Pairs[hi];
            if (ShouldSwap(a, b, ascending))
            {
                s_Pairs[lo] = b;
                s_Pairs[hi] = a;
            }
            GroupMemoryBarrierWithGroupSync();
        }
    }

    if (base + localIndex < g_Count)
        g_KeyValues[base + localIndex] = s_Pairs[localIndex];
    if (base + localIndex + LOCAL_SIZE < g_Count)
        g_KeyValues[base + localIndex + LOCAL_SIZE] = s_Pairs[localIndex + LOCAL_SIZE];
}

[numthreads(256, 1, 1)]
void GlobalMerge(uint3 dtid : SV_DispatchThreadID)
{
    uint t = dtid.x;
    uint lo = 2 * t - (t & (g_Stride - 1));
    uint hi = lo + g_Stride;
    if (hi >= g_Count)
        return;

    bool ascending = (lo & g_Level) == 0;
    ascending = g_Descending != 0 ? !ascending : ascending;

    uint2 a = g_KeyValues[lo];
    uint2 b = g_KeyValues[hi];
    [flatten]
    if (ShouldSwap(a, b, ascending))
    {
        g_KeyValues[lo] = b;
        g_KeyValues[hi] = a;
    }
}
