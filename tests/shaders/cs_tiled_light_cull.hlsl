// entry: main cs_6_0
// define: TILE_SIZE=16
// define: MAX_LIGHTS_PER_TILE=256
// include-dir: include
// A tiled light-culling compute shader: builds per-tile depth bounds from the depth buffer, tests point lights against the tile frustum and writes a light index list.

#include "bindings.hlsli"

#define THREADS_PER_TILE (TILE_SIZE * TILE_SIZE)

Texture2D<float>           g_Depth       : register(t0);
StructuredBuffer<PointLight> g_Lights    : register(t1);
RWStructuredBuffer<uint>   g_LightIndices : register(u0);
RWTexture2D<uint2>         g_LightGrid   : register(u1);   // (offset, count)
RWByteAddressBuffer        g_IndexCounter : register(u2);

cbuffer CullParams : register(b1)
{
    float4x4 g_InvProj;
    uint2    g_TileCount;
    uint2    g_ScreenSize;
};

groupshared uint s_MinDepthBits;
groupshared uint s_MaxDepthBits;
groupshared uint s_TileLightCount;
groupshared uint s_TileLightIndices[MAX_LIGHTS_PER_TILE];
groupshared uint s_TileOffset;

struct Plane
{
    float3 n;
    float  d;
};

Plane MakePlane(float3 a, float3 b)
{
    // Plane through the origin (the camera) and two far-plane corners.
    Plane p;
    p.n = normalize(cross(a, b));
    p.d = 0.0;
    return p;
}

float3 ScreenToView(float2 pixel, float depth)
{
    float2 uv = pixel / float2(g_ScreenSize);
    return ReconstructViewPos(uv, depth, g_InvProj);
}

bool SphereInsideTile(float3 center, float radius, Plane planes[4], float zMin, float zMax)
{
    bool inside = (center.z + radius >= zMin) && (center.z - radius <= zMax);
    [unroll]
    for (int i = 0; i < 4; ++i)
    {
        inside = inside && (dot(planes[i].n, center) + planes[i].d >= -radius);
    }
    return inside;
}

[numthreads(TILE_SIZE, TILE_SIZE, 1)]
void main(uint3 groupId : SV_GroupID,
          uint3 dtid : SV_DispatchThreadID,
          uint  localIndex : SV_GroupIndex)
{
    if (localIndex == 0)
    {
        s_MinDepthBits = 0x7f7fffff;
        s_MaxDepthBits = 0;
        s_TileLightCount = 0;
    }
    GroupMemoryBarrierWithGroupSync();

    uint2 pixel = min(dtid.xy, g_ScreenSize - 1);
    float depth = g_Depth.Load(int3(pixel, 0));
    // Positive floats order the same as their bit patterns.
    InterlockedMin(s_MinDepthBits, asuint(depth));
    InterlockedMax(s_MaxDepthBits, asuint(depth));
    GroupMemoryBarrierWithGroupSync();

    float minZ = ScreenToView(float2(0.5, 0.5), asfloat(s_MinDepthBits)).z;
    float maxZ = ScreenToView(float2(0.5, 0.5), asfloat(s_MaxDepthBits)).z;
    float zNear = min(minZ, maxZ);
    float zFar = max(minZ, maxZ);

    float2 tileMin = float2(groupId.xy * TILE_SIZE);
    float2 tileMax = tileMin + TILE_SIZE;
    float3 c0 = ScreenToView(float2(tileMin.x, tileMin.y), 1.0);
    float3 c1 = ScreenToView(float2(tileMax.x, tileMin.y), 1.0);
    float3 c2 = ScreenToView(float2(tileMax.x, tileMax.y), 1.0);
    float3 c3 = ScreenToView(float2(tileMin.x, tileMax.y), 1.0);

    Plane planes[4];
    planes[0] = MakePlane(c0, c1);
    planes[1] = MakePlane(c1, c2);
    planes[2] = MakePlane(c2, c3);
    planes[3] = MakePlane(c3, c0);

    uint lightCount = g_Frame.lightCount;
    [loop]
    for (uint i = localIndex; i < lightCount; i += THREADS_PER_TILE)
    {
        PointLight light = g_Lights[i];
        float3 centerVS = mul(g_Frame.view, float4(light.position, 1.0)).xyz;
        if (SphereInsideTile(centerVS, light.radius, planes, zNear, zFar))
        {
            uint slot;
            InterlockedAdd(s_TileLightCount, 1u, slot);
            if (slot < MAX_LIGHTS_PER_TILE)
            {
                s_TileLightIndices[slot] = i;
            }
        }
    }
    GroupMemoryBarrierWithGroupSync();

    uint count = min(s_TileLightCount, (uint)MAX_LIGHTS_PER_TILE);
    if (localIndex == 0)
    {
        uint offset;
        g_IndexCounter.InterlockedAdd(0, count, offset);
        s_TileOffset = offset;
        g_LightGrid[groupId.xy] = uint2(offset, count);
    }
    GroupMemoryBarrierWithGroupSync();

    for (uint j = localIndex; j < count; j += THREADS_PER_TILE)
    {
        g_LightIndices[s_TileOffset + j] = s_TileLightIndices[j];
    }
}
