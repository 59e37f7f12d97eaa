// entry: main cs_6_0
// include-dir: include
// Reduces the luminance histogram to a weighted average log luminance, then adapts exposure over time; one 256-thread group.

#include "common.hlsli"

cbuffer ExposureParams : register(b0)
{
    float g_MinLogLum;
    float g_LogLumRange;
    float g_TimeDelta;
    float g_AdaptSpeedUp;
    float g_AdaptSpeedDown;
    uint  g_PixelCount;
    float g_ExposureCompensation;
    float g_Pad;
};

ByteAddressBuffer         g_Histogram : register(t0);
RWStructuredBuffer<float> g_Exposure  : register(u0); // [0] avg lum, [1] exposure

groupshared float s_Weighted[256];

float AdaptLuminance(float current, float target)
{
    float speed = target > current ? g_AdaptSpeedUp : g_AdaptSpeedDown;
    return current + (target - current) * (1.0 - exp(-g_TimeDelta * speed));
}

[numthreads(256, 1, 1)]
void main(uint idx : SV_GroupIndex)
{
    uint count = g_Histogram.Load(idx * 4);
    // Bin 0 (black) does not contribute.
    s_Weighted[idx] = (float)count * (float)idx;
    GroupMemoryBarrierWithGroupSync();

    [unroll]
    for (uint stride = 128; stride > 0; stride >>= 1)
    {
        if (idx < stride)
            s_Weighted[idx] += s_Weighted[idx + stride];
        GroupMemoryBarrierWithGroupSync();
    }

    if (idx == 0)
    {
        uint blackPixels = count;
        float nonBlack = max((float)(g_PixelCount - blackPixels), 1.0);
        float weightedLogAvg = (s_Weighted[0] / nonBlack) - 1.0;
        float logLum = (weightedLogAvg / 254.0) * g_LogLumRange + g_MinLogLum;
        float avgLum = exp2(logLum);

        float previous = g_Exposure[0];
        float adapted = AdaptLuminance(previous, avgLum);
        adapted = isfinite(adapted) ? adapted : avgLum;
        g_Exposure[0] = adapted;
        // Key value of 18% grey, with EV compensation.
        g_Exposure[1] = 0.18 * exp2(g_ExposureCompensation) / max(adapted, 1.0e-4);
    }
}
