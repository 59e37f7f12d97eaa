// entry: main cs_6_0
// define: SAMPLE_COUNT=16
// include-dir: include
// Screen-space ambient occlusion in compute: reconstructs view-space position and normal from depth, samples a hemisphere kernel rotated by a noise texture.

#include "common.hlsli"
#include "packing.hlsli"

cbuffer SSAOParams : register(b0)
{
    float4x4 g_Proj;
    float4x4 g_InvProj;
    float4   g_Kernel[SAMPLE_COUNT];
    float2   g_OutputSize;
    float2   g_NoiseScale;
    float    g_Radius;
    float    g_Bias;
    float    g_Power;
    float    g_Pad;
};

Texture2D<float>    g_Depth   : register(t0);
Texture2D<float2>   g_Normals : register(t1); // octahedral, view space
Texture2D<float2>   g_Noise   : register(t2); // 4x4 rotation vectors
RWTexture2D<float>  g_AO      : register(u0);
SamplerState        g_PointClamp : register(s0);
SamplerState        g_PointWrap  : register(s1);

float3 ViewPosAt(float2 uv)
{
    float d = g_Depth.SampleLevel(g_PointClamp, uv, 0);
    return ReconstructViewPos(uv, d, g_InvProj);
}

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    float2 uv = (float2(dtid.xy) + 0.5) / g_OutputSize;
    float depth = g_Depth.SampleLevel(g_PointClamp, uv, 0);
    [branch]
    if (depth >= 1.0)
    {
        g_AO[dtid.xy] = 1.0;
        return;
    }

    float3 pos = ReconstructViewPos(uv, depth, g_InvProj);
    float3 normal = DecodeOctahedral(g_Normals.SampleLevel(g_PointClamp, uv, 0));
    float2 rnd = g_Noise.SampleLevel(g_PointWrap, uv * g_NoiseScale, 0) * 2.0 - 1.0;
    float3 randomVec = float3(rnd, 0.0);

    // Gram-Schmidt to build a TBN around the normal.
    float3 tangent = normalize(randomVec - normal * dot(randomVec, normal));
    float3 bitangent = cross(normal, tangent);
    float3x3 tbn = float3x3(tangent, bitangent, normal);

    float occlusion = 0.0;
    [loop]
    for (uint i = 0; i < SAMPLE_COUNT; ++i)
    {
        // Row-vector * matrix: tbn rows are the basis vectors.
        float3 samplePos = pos + mul(g_Kernel[i].xyz, tbn) * g_Radius;
        float4 offset = mul(g_Proj, float4(samplePos, 1.0));
        offset.xy /= offset.w;
        float2 sampleUV = offset.xy * float2(0.5, -0.5) + 0.5;

        float sceneZ = ViewPosAt(sampleUV).z;
        float rangeCheck = smoothstep(0.0, 1.0, g_Radius / abs(pos.z - sceneZ));
        occlusion += (sceneZ >= samplePos.z + g_Bias ? 1.0 : 0.0) * rangeCheck;
    }

    float ao = 1.0 - occlusion / SAMPLE_COUNT;
    g_AO[dtid.xy] = pow(saturate(ao), g_Power);
}
