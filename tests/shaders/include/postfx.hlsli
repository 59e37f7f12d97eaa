// Post-processing helpers; pulls in the tonemap operators itself.
#ifndef POSTFX_HLSLI
#define POSTFX_HLSLI

#include "tonemap_operators.hlsli"

float3 ApplyVignette(float3 c, float2 uv, float strength)
{
    float2 d = uv - 0.5;
    return c * saturate(1.0 - dot(d, d) * strength);
}

float3 ApplyFilmGrain(float3 c, float2 pixel, uint frame, float amount)
{
    uint h = Hash32(asuint(pixel.x) * 1973u + asuint(pixel.y) * 9277u + frame * 26699u);
    float n = HashToFloat01(h) - 0.5;
    return c + n * amount * (1.0 - Luminance(saturate(c)));
}

float3 LinearToSRGBApprox(float3 c)
{
    return pow(max(c, 0.0), 1.0 / 2.2);
}

#endif
