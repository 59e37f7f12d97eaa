// entry: main cs_6_0
// include-dir: include
// Builds a 256-bin log-luminance histogram of an HDR image with groupshared InterlockedAdd, then merges into a global RWByteAddressBuffer.

#include "common.hlsli"

#define HISTOGRAM_BINS 256
#define TILE_X 16
#define TILE_Y 16

cbuffer HistogramParams : register(b0)
{
    uint2 g_InputSize;
    float g_MinLogLum;
    float g_InvLogLumRange;
};

Texture2D<float4>   g_HdrColor  : register(t0);
RWByteAddressBuffer g_Histogram : register(u0);

groupshared uint s_Bins[HISTOGRAM_BINS];

uint LuminanceToBin(float3 color)
{
    float lum = Luminance(color);
    [branch]
    if (lum < FLT_EPS)
    {
        return 0;
    }
    float logLum = saturate((log2(lum) - g_MinLogLum) * g_InvLogLumRange);
    // Bin 0 is reserved for black pixels.
    return (uint)(logLum * 254.0 + 1.0);
}

[numthreads(TILE_X, TILE_Y, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex)
{
    s_Bins[groupIndex] = 0;
    GroupMemoryBarrierWithGroupSync();

    if (all(dtid.xy < g_InputSize))
    {
        float3 hdr = g_HdrColor.Load(int3(dtid.xy, 0)).rgb;
        uint bin = LuminanceToBin(hdr);
        InterlockedAdd(s_Bins[bin], 1u);
    }
    GroupMemoryBarrierWithGroupSync();

    // TILE_X * TILE_Y == HISTOGRAM_BINS, so each thread flushes one bin.
    uint count = s_Bins[groupIndex];
    if (count > 0)
    {
        uint previous;
        g_Histogram.InterlockedAdd(groupIndex * 4, count, previous);
    }
}
