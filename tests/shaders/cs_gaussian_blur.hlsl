// entry: BlurHorizontal cs_6_0
// entry: BlurVertical cs_6_0
// define: RADIUS=6
// Separable Gaussian blur on RWTexture2D with a groupshared cache of the row/column plus apron; two entry points share one kernel function.

#define GROUP_SIZE 128
#define CACHE_SIZE (GROUP_SIZE + 2 * RADIUS)

cbuffer BlurParams : register(b0)
{
    float4 g_Weights[(RADIUS + 4) / 4 + 1]; // packed float weights, [0] is the center tap
    uint2  g_Size;
    float  g_Sigma;
    float  g_Pad;
};

Texture2D<float4>   g_Source : register(t0);
RWTexture2D<float4> g_Dest   : register(u0);

groupshared float4 s_Cache[CACHE_SIZE];

float Weight(int i)
{
    // Weights are stored four to a register.
    return g_Weights[i >> 2][i & 3];
}

float4 FetchClamped(int2 p)
{
    p = clamp(p, int2(0, 0), int2(g_Size) - 1);
    return g_Source.Load(int3(p, 0));
}

void BlurLine(int2 lineStart, int2 axis, uint localIndex)
{
    // Fill the cache: GROUP_SIZE texels plus RADIUS on either side.
    for (uint i = localIndex; i < CACHE_SIZE; i += GROUP_SIZE)
    {
        int2 p = lineStart + axis * ((int)i - RADIUS);
        s_Cache[i] = FetchClamped(p);
    }
    GroupMemoryBarrierWithGroupSync();

    float4 sum = s_Cache[localIndex + RADIUS] * Weight(0);
    [unroll]
    for (int k = 1; k <= RADIUS; ++k)
    {
        float w = Weight(k);
        sum += (s_Cache[localIndex + RADIUS - k] + s_Cache[localIndex + RADIUS + k]) * w;
    }

    int2 outPos = lineStart + axis * (int)localIndex;
    if (all(outPos < int2(g_Size)))
    {
        g_Dest[outPos] = sum;
    }
}

[numthreads(GROUP_SIZE, 1, 1)]
void BlurHorizontal(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID)
{
    BlurLine(int2(gid.x * GROUP_SIZE, gid.y), int2(1, 0), gtid.x);
}

[numthreads(1, GROUP_SIZE, 1)]
void BlurVertical(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID)
{
    BlurLine(int2(gid.x, gid.y * GROUP_SIZE), int2(0, 1), gtid.y);
}
