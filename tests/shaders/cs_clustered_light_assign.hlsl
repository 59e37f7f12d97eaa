// entry: BuildClusters cs_6_0
// entry: AssignLights cs_6_0
// define: CLUSTER_X=16
// define: CLUSTER_Y=9
// define: CLUSTER_Z=24
// include-dir: include
// Clustered forward+ light assignment: builds view-space AABBs for a 3D cluster grid (exponential depth slices) and assigns spot/point lights to clusters; uses a cbuffer laid out with packoffset and a ConstantBuffer<T> for the frame.

#include "bindings.hlsli"

#define CLUSTER_COUNT (CLUSTER_X * CLUSTER_Y * CLUSTER_Z)
#define MAX_LIGHTS_PER_CLUSTER 128

cbuffer ClusterCB : register(b1)
{
    float4x4 g_InvProj       : packoffset(c0);
    float2   g_ScreenSize    : packoffset(c4);
    float    g_ZNear         : packoffset(c4.z);
    float    g_ZFar          : packoffset(c4.w);
    uint     g_LightCount    : packoffset(c5.x);
    uint     g_SpotCount     : packoffset(c5.y);
    float    g_LogDepthScale : packoffset(c5.z);
    float    g_LogDepthBias  : packoffset(c5.w);
};

struct SpotLight
{
    float3 position;
    float  range;
    float3 direction;
    float  cosOuter;
    float3 color;
    float  intensity;
};

struct ClusterAABB
{
    float4 minPoint;
    float4 maxPoint;
};

StructuredBuffer<PointLight>      g_PointLights : register(t0);
StructuredBuffer<SpotLight>       g_SpotLights  : register(t1);
RWStructuredBuffer<ClusterAABB>   g_Clusters    : register(u0);
RWStructuredBuffer<uint>          g_ClusterLightList : register(u1);   // CLUSTER_COUNT * MAX_LIGHTS_PER_CLUSTER
RWStructuredBuffer<uint>          g_ClusterLightCount : register(u2);

float3 ScreenToViewAtDepth(float2 screen, float viewZ)
{
    float2 ndc = screen / g_ScreenSize * float2(2.0, -2.0) + float2(-1.0, 1.0);
    float4 v = mul(g_InvProj, float4(ndc, 1.0, 1.0));
    float3 dir = v.xyz / v.w;
    // Scale the far-plane ray so its z equals viewZ.
    return dir * (viewZ / dir.z);
}

uint ClusterIndex(uint3 c)
{
    return c.x + c.y * CLUSTER_X + c.z * CLUSTER_X * CLUSTER_Y;
}

[numthreads(CLUSTER_X, CLUSTER_Y, 1)]
void BuildClusters(uint3 id : SV_DispatchThreadID)
{
    float2 tileSize = g_ScreenSize / float2(CLUSTER_X, CLUSTER_Y);
    float2 minScreen = float2(id.xy) * tileSize;
    float2 maxScreen = minScreen + tileSize;

    float zNear = g_ZNear * pow(g_ZFar / g_ZNear, (float)id.z / CLUSTER_Z);
    float zFar  = g_ZNear * pow(g_ZFar / g_ZNear, (float)(id.z + 1) / CLUSTER_Z);

    float3 p0 = ScreenToViewAtDepth(minScreen, zNear);
    float3 p1 = ScreenToViewAtDepth(maxScreen, zNear);
    float3 p2 = ScreenToViewAtDepth(minScreen, zFar);
    float3 p3 = ScreenToViewAtDepth(maxScreen, zFar);

    ClusterAABB box;
    box.minPoint = float4(min(min(p0, p1), min(p2, p3)), 0.0);
    box.maxPoint = float4(max(max(p0, p1), max(p2, p3)), 0.0);
    g_Clusters[ClusterIndex(id)] = box;
}

float SqDistPointAABB(float3 p, float3 bmin, float3 bmax)
{
    float3 d = max(bmin - p, 0.0) + max(p - bmax, 0.0);
    return dot(d, d);
}

bool SpotIntersectsAABB(SpotLight s, float3 posVS, float3 dirVS, float3 bmin, float3 bmax)
{
    float3 center = (bmin + bmax) * 0.5;
    float radius = length(bmax - center);
    float3 v = center - posVS;
    float vLen2 = dot(v, v);
    float v1Len = dot(v, dirVS);
    float sinOuter = sqrt(1.0 - s.cosOuter * s.cosOuter);
    float distClosest = s.cosOuter * sqrt(max(vLen2 - v1Len * v1Len, 0.0)) - v1Len * sinOuter;
    bool angleCull = distClosest > radius;
    bool frontCull = v1Len > radius + s.range;
    bool backCull = v1Len < -radius;
    return !(angleCull || frontCull || backCull);
}

[numthreads(64, 1, 1)]
void AssignLights(uint3 id : SV_DispatchThreadID)
{
    uint cluster = id.x;
    if (cluster >= CLUSTER_COUNT)
        return;

    ClusterAABB box = g_Clusters[cluster];
    uint count = 0;
    uint listBase = cluster * MAX_LIGHTS_PER_CLUSTER;

    [loop]
    for (uint i = 0; i < g_LightCount && count < MAX_LIGHTS_PER_CLUSTER; ++i)
    {
        PointLight l = g_PointLights[i];
        float3 posVS = mul(g_Frame.view, float4(l.position, 1.0)).xyz;
        if (SqDistPointAABB(posVS, box.minPoint.xyz, box.maxPoint.xyz) <= l.radius * l.radius)
        {
            g_ClusterLightList[listBase + count] = i;
            ++count;
        }
    }

    [loop]
    for (uint j = 0; j < g_SpotCount && count < MAX_LIGHTS_PER_CLUSTER; ++j)
    {
        SpotLight s = g_SpotLights[j];
        float3 posVS = mul(g_Frame.view, float4(s.position, 1.0)).xyz;
        float3 dirVS = normalize(mul((float3x3)g_Frame.view, s.direction));
        if (SpotIntersectsAABB(s, posVS, dirVS, box.minPoint.xyz, box.maxPoint.xyz))
        {
            // Spot lights are tagged in the top bit.
            g_ClusterLightList[listBase + count] = j | 0x80000000u;
            count++;
        }
    }
    g_ClusterLightCount[cluster] = count;
}
