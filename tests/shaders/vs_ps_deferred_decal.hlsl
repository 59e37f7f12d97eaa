// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Deferred box decals: the vertex shader draws a unit cube per decal instance, the pixel shader reconstructs world position from depth, projects into decal space, rejects outside texels with clip(), and samples with explicit SampleGrad gradients to avoid mip seams at depth discontinuities.

#include "bindings.hlsli"

struct Decal
{
    float4x4 worldToDecal;
    float4x4 decalToWorld;
    float4   atlasRect;     // xy offset, zw scale
    float4   color;
    float    angleFade;     // cos of the max angle between normal and projector axis
    float3   pad;
};

// REG(t, 0, SPACE_DRAW) expands to register(t0, space2) via token pasting.
StructuredBuffer<Decal> g_Decals     : REG(t, 0, SPACE_DRAW);
Texture2D<float>        g_SceneDepth : REG(t, 1, SPACE_FRAME);
Texture2D<float4>       g_DecalAtlas : REG(t, 0, SPACE_MATERIAL);
Texture2D<float2>       g_GBufferNormal : REG(t, 3, SPACE_FRAME);

struct VSOut
{
    float4 position : SV_Position;
    nointerpolation uint decalId : DECAL_ID;
};

VSOut VSMain(float3 cubePos : POSITION, uint instanceId : SV_InstanceID)
{
    Decal d = g_Decals[instanceId];
    VSOut o;
    float4 world = mul(d.decalToWorld, float4(cubePos, 1.0));
    o.position = mul(g_Frame.viewProj, world);
    o.decalId = instanceId;
    return o;
}

float3 WorldPosFromDepth(float2 pixel)
{
    float depth = g_SceneDepth.Load(int3(pixel, 0));
    float2 uv = pixel * g_Frame.invViewportSize;
    float4 clipPos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
    float4 w = mul(g_Frame.invViewProj, clipPos);
    return w.xyz / w.w;
}

float4 PSMain(VSOut i) : SV_Target
{
    Decal d = g_Decals[i.decalId];
    float3 worldPos = WorldPosFromDepth(i.position.xy);
    float3 decalPos = mul(d.worldToDecal, float4(worldPos, 1.0)).xyz;

    // Unit cube in decal space spans [-0.5, 0.5].
    float3 outside = 0.5 - abs(decalPos);
    clip(min(outside.x, min(outside.y, outside.z)));

    // Reject surfaces facing away from the projector.
    float3 n = g_GBufferNormal.Load(int3(i.position.xy, 0)).xyy;
    float3 axis = normalize(mul((float3x3)d.decalToWorld, float3(0, 0, -1)));
    float3 worldNormal = normalize(cross(ddy(worldPos), ddx(worldPos)));
    float facing = dot(worldNormal, axis);
    if (facing < d.angleFade)
        discard;

    float2 localUV = decalPos.xy * float2(1.0, -1.0) + 0.5;
    float2 atlasUV = d.atlasRect.xy + localUV * d.atlasRect.zw;
    // Gradients from decal-space position are stable even where the
    // depth buffer jumps; clamp them to the decal's footprint.
    float2 gx = ddx(decalPos.xy) * d.atlasRect.zw;
    float2 gy = ddy(decalPos.xy) * d.atlasRect.zw;
    float maxGrad = max(dot(gx, gx), dot(gy, gy));
    [flatten]
    if (maxGrad > 0.01)
    {
        gx = 0.0.xx;
        gy = 0.0.xx;
    }
    float4 c = g_DecalAtlas.SampleGrad(g_LinearClamp, atlasUV, gx, gy) * d.color;
    c.a *= saturate((facing - d.angleFade) / (1.0 - d.angleFade)) * saturate(n.x + 1.0);
    return c;
}
