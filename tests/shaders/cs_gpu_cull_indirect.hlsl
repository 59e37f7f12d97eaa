// entry: main cs_6_0
// include-dir: include
// GPU-driven instance culling: tests instance bounding spheres against the frustum planes and a Hi-Z pyramid, compacts survivors and writes DrawIndexedInstanced indirect args into a RWByteAddressBuffer.

#include "common.hlsli"

struct InstanceData
{
    float4x4 world;
    float4   boundingSphere;   // xyz center (object space), w radius
    uint     meshIndex;
    uint     materialIndex;
    uint2    pad;
};

struct MeshInfo
{
    uint indexCount;
    uint firstIndex;
    int  baseVertex;
    uint pad;
};

cbuffer CullConstants : register(b0)
{
    float4   g_FrustumPlanes[6];
    float4x4 g_ViewProj;
    float2   g_HiZSize;
    uint     g_InstanceCount;
    uint     g_EnableOcclusion;
};

StructuredBuffer<InstanceData> g_Instances  : register(t0);
StructuredBuffer<MeshInfo>     g_Meshes     : register(t1);
Texture2D<float>               g_HiZ        : register(t2);
SamplerState                   g_PointClamp : register(s0);

// Layout per draw: 5 uints of D3D12_DRAW_INDEXED_ARGUMENTS + 1 uint instance id.
RWByteAddressBuffer g_DrawArgs  : register(u0);
RWByteAddressBuffer g_DrawCount : register(u1);

static const uint kArgStride = 6 * 4;

bool FrustumVisible(float3 center, float radius)
{
    [unroll]
    for (uint i = 0; i < 6; ++i)
    {
        if (dot(g_FrustumPlanes[i].xyz, center) + g_FrustumPlanes[i].w < -radius)
            return false;
    }
    return true;
}

bool OcclusionVisible(float3 center, float radius)
{
    // Project the sphere's bounding box to screen and compare its nearest
    // depth against the conservative Hi-Z max depth.
    float4 clip = mul(g_ViewProj, float4(center, 1.0));
    if (clip.w <= radius)
        return true; // intersects the near plane

    float3 ndc = clip.xyz / clip.w;
    float projRadius = radius / clip.w;
    float2 uvMin = saturate(ndc.xy * float2(0.5, -0.5) + 0.5 - projRadius);
    float2 uvMax = saturate(ndc.xy * float2(0.5, -0.5) + 0.5 + projRadius);
    float2 extent = (uvMax - uvMin) * g_HiZSize;
    float mip = ceil(log2(max(max(extent.x, extent.y), 1.0)));

    float4 depths;
    depths.x = g_HiZ.SampleLevel(g_PointClamp, uvMin, mip);
    depths.y = g_HiZ.SampleLevel(g_PointClamp, float2(uvMax.x, uvMin.y), mip);
    depths.z = g_HiZ.SampleLevel(g_PointClamp, float2(uvMin.x, uvMax.y), mip);
    depths.w = g_HiZ.SampleLevel(g_PointClamp, uvMax, mip);
    float farthest = max(max(depths.x, depths.y), max(depths.z, depths.w));
    float sphereNearest = saturate(ndc.z - projRadius);
    return sphereNearest <= farthest;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint instanceId = dtid.x;
    if (instanceId >= g_InstanceCount)
        return;

    InstanceData inst = g_Instances[instanceId];
    float3 center = mul(inst.world, float4(inst.boundingSphere.xyz, 1.0)).xyz;
    float3 scale = float3(length(inst.world[0].xyz), length(inst.world[1].xyz), length(inst.world[2].xyz));
    float radius = inst.boundingSphere.w * max(scale.x, max(scale.y, scale.z));

    bool visible = FrustumVisible(center, radius);
    [branch]
    if (visible && g_EnableOcclusion != 0)
    {
        visible = OcclusionVisible(center, radius);
    }
    if (!visible)
        return;

    uint slot;
    g_DrawCount.InterlockedAdd(0, 1, slot);

    MeshInfo mesh = g_Meshes[inst.meshIndex];
    uint addr = slot * kArgStride;
    g_DrawArgs.Store4(addr, uint4(mesh.indexCount, 1u, mesh.firstIndex, asuint(mesh.baseVertex)));
    g_DrawArgs.Store2(addr + 16, uint2(instanceId, instanceId));
}
