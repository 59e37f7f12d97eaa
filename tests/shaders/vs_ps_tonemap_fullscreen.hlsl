// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// define: TONEMAP_OPERATOR=2
// define: ENABLE_GRAIN
// include-dir: include
// Final post-process pass: fullscreen triangle, exposure from a structured buffer, bloom add, operator chosen by #if/#elif, vignette and film grain; includes a #pragma once header twice (directly and through postfx.hlsli).

#include "tonemap_operators.hlsli"
#include "postfx.hlsli"
#include "tonemap_operators.hlsli"

#ifndef TONEMAP_OPERATOR
#define TONEMAP_OPERATOR 1
#endif

cbuffer PostCB : register(b0)
{
    float  g_BloomIntensity;
    float  g_VignetteStrength;
    float  g_GrainAmount;
    float  g_WhitePoint;
    uint   g_FrameIndex;
    uint3  g_Pad;
};

Texture2D<float3>       g_HDR      : register(t0);
Texture2D<float3>       g_Bloom    : register(t1);
StructuredBuffer<float> g_Exposure : register(t2);
SamplerState            g_Linear   : register(s0);

struct VSOut
{
    float4 pos : SV_Position;
    float2 uv  : TEXCOORD0;
};

VSOut VSMain(uint id : SV_VertexID)
{
    VSOut o;
    o.uv = float2((id << 1) & 2, id & 2);
    o.pos = float4(o.uv * float2(2, -2) + float2(-1, 1), 0, 1);
    return o;
}

float3 ApplyOperator(float3 c)
{
#if TONEMAP_OPERATOR == 0
    return saturate(c);
#elif TONEMAP_OPERATOR == 1
    return TonemapReinhardLuma(c);
#elif TONEMAP_OPERATOR == 2
    return TonemapACESApprox(c);
#else
    return TonemapFilmic(c, g_WhitePoint);
#endif
}

float4 PSMain(VSOut i) : SV_Target
{
    float exposure = g_Exposure[1];
    float3 hdr = g_HDR.SampleLevel(g_Linear, i.uv, 0);
    hdr += g_Bloom.SampleLevel(g_Linear, i.uv, 0) * g_BloomIntensity;

    float3 ldr = ApplyOperator(hdr * exposure);
    ldr = ApplyVignette(ldr, i.uv, g_VignetteStrength);
#if defined(ENABLE_GRAIN) && !defined(DISABLE_ALL_NOISE)
    ldr = ApplyFilmGrain(ldr, i.pos.xy, g_FrameIndex, g_GrainAmount);
#endif
    return float4(LinearToSRGBApprox(ldr), 1.0);
}
