// entry: main cs_6_0
// define: THREADS=128
// Work-efficient (Blelloch) exclusive prefix sum over blocks of 2*THREADS uints, writing per-block totals for a second pass.

#define ELEMENTS (THREADS * 2)
// Offsets shared-memory indices to avoid bank conflicts.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE(n) ((n) + ((n) >> LOG_NUM_BANKS))

cbuffer ScanParams : register(b0)
{
    uint g_Count;
    uint g_WriteBlockSums;
};

ByteAddressBuffer          g_In        : register(t0);
RWByteAddressBuffer        g_Out       : register(u0);
RWStructuredBuffer<uint>   g_BlockSums : register(u1);

groupshared uint s_Temp[ELEMENTS + ELEMENTS / NUM_BANKS];

uint LoadElement(uint i)
{
    return i < g_Count ? g_In.Load(i * 4) : 0u;
}

[numthreads(THREADS, 1, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID)
{
    const uint tid = gtid.x;
    const uint blockBase = gid.x * ELEMENTS;

    uint ai = tid;
    uint bi = tid + THREADS;
    s_Temp[CONFLICT_FREE(ai)] = LoadElement(blockBase + ai);
    s_Temp[CONFLICT_FREE(bi)] = LoadElement(blockBase + bi);

    // Up-sweep (reduce) phase.
    uint offset = 1;
    [unroll]
    for (uint d = ELEMENTS >> 1; d > 0; d >>= 1)
    {
        GroupMemoryBarrierWithGroupSync();
        if (tid < d)
        {
            uint a = offset * (2 * tid + 1) - 1;
            uint b = offset * (2 * tid + 2) - 1;
            s_Temp[CONFLICT_FREE(b)] += s_Temp[CONFLICT_FREE(a)];
        }
        offset *= 2;
    }

    if (tid == 0)
    {
        uint last = CONFLICT_FREE(ELEMENTS - 1);
        if (g_WriteBlockSums != 0)
        {
            g_BlockSums[gid.x] = s_Temp[last];
        }
        s_Temp[last] = 0;
    }

    // Down-sweep phase.
    [unroll]
    for (uint d2 = 1; d2 < ELEMENTS; d2 *= 2)
    {
        offset >>= 1;
        GroupMemoryBarrierWithGroupSync();
        if (tid < d2)
        {
            uint a = CONFLICT_FREE(offset * (2 * tid + 1) - 1);
            uint b = CONFLICT_FREE(offset * (2 * tid + 2) - 1);
            uint t = s_Temp[a];
            s_Temp[a] = s_Temp[b];
            s_Temp[b] += t;
        }
    }
    GroupMemoryBarrierWithGroupSync();

    if (blockBase + ai < g_Count)
        g_Out.Store((blockBase + ai) * 4, s_Temp[CONFLICT_FREE(ai)]);
    if (blockBase + bi < g_Count)
        g_Out.Store((blockBase + bi) * 4, s_Temp[CONFLICT_FREE(bi)]);
}
