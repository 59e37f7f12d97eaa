// A tone-mapping pixel shader that leans on the preprocessor: an include, function-like
// macros with token pasting, conditional compilation and predefined macros.
// Build: hlslc -T ps_6_0 -E main -I include -D TONEMAP_OPERATOR=2 tonemap_ps.hlsl

#include "common.hlsli"
#include <common.hlsli> // a second include is skipped by #pragma once

DECLARE_TEXTURE(HdrColor, 0);
DECLARE_TEXTURE(Bloom, 1);
SamplerState PointSampler : register(s0);

cbuffer Exposure : register(b0)
{
    float CONCAT(Exposure, Bias);
    float WhitePoint;
    float BloomStrength;
};

float3 ACESFilm(float3 x)
{
    const float a = 2.51f, b = 0.03f, c = 2.43f, d = 0.59f, e = 0.14f;
    return saturate((x * (a * x + b)) / (x * (c * x + d) + e));
}

float3 Tonemap(float3 color)
{
#if TONEMAP_OPERATOR == 1
    return ReinhardExtended(color, WhitePoint);
#elif TONEMAP_OPERATOR == 2 && defined(PI)
    return ACESFilm(color);
#else
    return color / (1.0f + color);
#endif
}

float4 main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 hdr = HdrColor.Sample(PointSampler, uv).rgb;
    float3 bloom = Bloom.Sample(PointSampler, uv).rgb;
    float3 color = (hdr + bloom * BloomStrength) * exp2(ExposureBias);
#if __SHADER_TARGET_MAJOR >= 6
    color = MAX3(color, 0.0f.xxx, 0.0f.xxx);
#endif
    return float4(Tonemap(color), 1.0f);
}
