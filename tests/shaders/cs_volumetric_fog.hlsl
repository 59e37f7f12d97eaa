// entry: InjectLight cs_6_0
// entry: Integrate cs_6_0
// define: FROXEL_DEPTH=64
// include-dir: include
// Froxel volumetric fog: one pass injects density and in-scattered light into a RWTexture3D using a Henyey-Greenstein phase function and shadow lookup, a second pass front-to-back integrates along depth slices.

#include "common.hlsli"

cbuffer FogCB : register(b0)
{
    float4x4 g_InvViewProj;
    float4x4 g_ShadowViewProj;
    float3   g_CameraPos;
    float    g_Near;
    float3   g_SunDir;
    float    g_Far;
    float3   g_SunColor;
    float    g_Anisotropy;
    float3   g_Albedo;
    float    g_BaseDensity;
    float    g_HeightFalloff;
    float    g_Time;
    uint2    g_FroxelXY;
};

Texture2D<float>       g_ShadowMap      : register(t0);
Texture3D<float>       g_NoiseVolume    : register(t1);
SamplerComparisonState g_ShadowCmp      : register(s0);
SamplerState           g_LinearWrap     : register(s1);

RWTexture3D<float4>    g_Scattering     : register(u0);  // rgb in-scatter, a extinction
RWTexture3D<float4>    g_Integrated     : register(u1);

float SliceToViewDepth(float slice)
{
    // Exponential distribution of slices.
    return g_Near * pow(g_Far / g_Near, slice / FROXEL_DEPTH);
}

float PhaseHG(float cosTheta, float g)
{
    float g2 = g * g;
    float denom = 1.0 + g2 - 2.0 * g * cosTheta;
    return (1.0 - g2) / (4.0 * PI * denom * sqrt(denom));
}

float3 FroxelWorldPos(uint3 id, float jitter)
{
    float2 uv = (float2(id.xy) + 0.5) / float2(g_FroxelXY);
    float depth = SliceToViewDepth(id.z + jitter);
    float4 farH = mul(g_InvViewProj, float4(uv * float2(2, -2) + float2(-1, 1), 1.0, 1.0));
    float3 dir = normalize(farH.xyz / farH.w - g_CameraPos);
    return g_CameraPos + dir * depth;
}

[numthreads(8, 8, 1)]
void InjectLight(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= g_FroxelXY) || id.z >= FROXEL_DEPTH)
        return;

    float jitter = HashToFloat01(Hash32(id.x + id.y * 4096u + id.z * 16777216u)) - 0.5;
    float3 wp = FroxelWorldPos(id, 0.5 + jitter * 0.5);

    float noise = g_NoiseVolume.SampleLevel(g_LinearWrap, wp * 0.02 + float3(g_Time * 0.01, 0, 0), 0);
    float density = g_BaseDensity * exp(-max(wp.y, 0.0) * g_HeightFalloff) * (0.5 + noise);

    float4 shadowPos = mul(g_ShadowViewProj, float4(wp, 1.0));
    shadowPos.xyz /= shadowPos.w;
    float2 shadowUV = shadowPos.xy * float2(0.5, -0.5) + 0.5;
    float visibility = g_ShadowMap.SampleCmpLevelZero(g_ShadowCmp, shadowUV, shadowPos.z);

    float3 viewDir = normalize(wp - g_CameraPos);
    float phase = PhaseHG(dot(viewDir, -g_SunDir), g_Anisotropy);
    float3 inScatter = g_SunColor * visibility * phase * g_Albedo * density;
    g_Scattering[id] = float4(inScatter, density);
}

[numthreads(8, 8, 1)]
void Integrate(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= g_FroxelXY))
        return;

    float3 accumulated = 0.0;
    float transmittance = 1.0;
    float prevDepth = 0.0;

    [loop]
    for (uint z = 0; z < FROXEL_DEPTH; ++z)
    {
        uint3 coord = uint3(id.xy, z);
        float4 s = g_Scattering[coord];
        float depth = SliceToViewDepth(z + 1.0);
        float stepLen = depth - prevDepth;
        prevDepth = depth;

        // Energy-conserving integration of a homogeneous segment.
        float extinction = max(s.a, 1e-6);
        float segmentT = exp(-extinction * stepLen);
        float3 integral = (s.rgb - s.rgb * segmentT) / extinction;
        accumulated += transmittance * integral;
        transmittance *= segmentT;

        g_Integrated[coord] = float4(accumulated, transmittance);
    }
}
