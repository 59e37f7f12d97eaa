// Register/space conventions shared by the renderer's shaders.
#pragma once

#include "common.hlsli"

// Space 0: per-frame, space 1: per-material, space 2: per-draw.
#define SPACE_FRAME    space0
#define SPACE_MATERIAL space1
#define SPACE_DRAW     space2

#define REG(type, slot, space) register(type##slot, space)
#define CBUFFER_DECL(name, slot) cbuffer name : register(b##slot)

#ifndef MAX_LIGHTS
#define MAX_LIGHTS 64
#endif

struct FrameConstants
{
    float4x4 view;
    float4x4 proj;
    float4x4 viewProj;
    float4x4 invViewProj;
    float3   cameraPos;
    float    time;
    float2   viewportSize;
    float2   invViewportSize;
    uint     frameIndex;
    uint     lightCount;
    float    nearZ;
    float    farZ;
};

struct PointLight
{
    float3 position;
    float  radius;
    float3 color;
    float  intensity;
};

struct DirectionalLight
{
    float3 direction;
    float  intensity;
    float3 color;
    float  shadowBias;
};

ConstantBuffer<FrameConstants> g_Frame : register(b0, space0);

SamplerState g_LinearClamp  : register(s0, space0);
SamplerState g_LinearWrap   : register(s1, space0);
SamplerState g_PointClamp   : register(s2, space0);
SamplerComparisonState g_ShadowSampler : register(s3, space0);

float PointLightAttenuation(PointLight l, float3 worldPos, out float3 L)
{
    float3 toLight = l.position - worldPos;
    float dist2 = dot(toLight, toLight);
    L = toLight * rsqrt(max(dist2, 1.0e-6));
    float f = saturate(1.0 - SQR(dist2 / (l.radius * l.radius)));
    return f * f / (dist2 + 1.0);
}
