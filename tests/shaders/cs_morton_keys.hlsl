// entry: main cs_6_0
// Computes 64-bit Morton codes for BVH construction from triangle centroids, and bit statistics with firstbithigh, countbits and reversebits.

cbuffer MortonParams : register(b0)
{
    float3 g_SceneMin;
    uint   g_TriangleCount;
    float3 g_SceneExtentInv;
    uint   g_Pad;
};

StructuredBuffer<float3>     g_Vertices  : register(t0);
ByteAddressBuffer            g_Indices   : register(t1);
RWStructuredBuffer<uint64_t> g_MortonKeys : register(u0);
RWStructuredBuffer<uint>     g_SortIds    : register(u1);
RWByteAddressBuffer          g_Stats      : register(u2);

// Spreads the low 21 bits of v so there are two zero bits between each.
uint64_t ExpandBits21(uint v)
{
    uint64_t x = v & 0x1fffffu;
    x = (x | (x << 32)) & 0x1f00000000ffffull;
    x = (x | (x << 16)) & 0x1f0000ff0000ffull;
    x = (x | (x << 8))  & 0x100f00f00f00f00full;
    x = (x | (x << 4))  & 0x10c30c30c30c30c3ull;
    x = (x | (x << 2))  & 0x1249249249249249ull;
    return x;
}

uint64_t Morton3D(float3 p01)
{
    uint3 q = (uint3)clamp(p01 * 2097152.0, 0.0, 2097151.0);
    return (ExpandBits21(q.x) << 2) | (ExpandBits21(q.y) << 1) | ExpandBits21(q.z);
}

// Bit length of the common prefix between two keys (used by LBVH split
// search); counts the high word first.
uint CommonPrefix64(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ b;
    uint hi = (uint)(x >> 32);
    uint lo = (uint)(x & 0xffffffffull);
    if (hi != 0)
        return 31u - firstbithigh(hi);
    if (lo != 0)
        return 63u - firstbithigh(lo);
    return 64u;
}

[numthreads(128, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint tri = dtid.x;
    if (tri >= g_TriangleCount)
        return;

    uint3 idx = g_Indices.Load3(tri * 12);
    float3 triCenter = (g_Vertices[idx.x] + g_Vertices[idx.y] + g_Vertices[idx.z]) / 3.0;
    float3 normalized = (triCenter - g_SceneMin) * g_SceneExtentInv;

    uint64_t key = Morton3D(normalized);
    g_MortonKeys[tri] = key;
    g_SortIds[tri] = tri;

    // Debug statistics: population count of the key and the bit-reversed
    // low word (used as a hash to spread equal keys).
    uint lowWord = (uint)key;
    uint highWord = (uint)(key >> 32);
    uint popcount = countbits(lowWord) + countbits(highWord);
    uint spread = reversebits(lowWord) ^ highWord;
    g_Stats.InterlockedAdd(0, popcount);
    g_Stats.InterlockedXor(4, spread);

    if (tri > 0)
    {
        uint3 prevIdx = g_Indices.Load3((tri - 1) * 12);
        float3 prevCentroid = (g_Vertices[prevIdx.x] + g_Vertices[prevIdx.y] + g_Vertices[prevIdx.z]) / 3.0;
        uint64_t prevKey = Morton3D((prevCentroid - g_SceneMin) * g_SceneExtentInv);
        uint prefix = CommonPrefix64(prevKey, key);
        g_Stats.InterlockedMax(8, prefix);
        g_Stats.InterlockedMin(12, firstbitlow(lowWord | 0x80000000u));
    }
}
