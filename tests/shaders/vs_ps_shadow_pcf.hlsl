// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// define: CASCADE_COUNT=4
// define: PCF_KERNEL=5
// include-dir: include
// Cascaded shadow maps: selects a cascade by view depth, filters with a PCF kernel built from SampleCmpLevelZero on a Texture2DArray and a SamplerComparisonState, and blends between cascades.

#include "common.hlsli"

cbuffer ShadowConstants : register(b0)
{
    float4x4 g_ViewProj;
    float4x4 g_View;
    float4x4 g_CascadeViewProj[CASCADE_COUNT];
    float4   g_CascadeSplits;      // view-space far distance of each cascade
    float3   g_LightDir;
    float    g_DepthBias;
    float2   g_ShadowMapTexel;     // 1 / resolution
    float    g_NormalBias;
    float    g_BlendRange;
};

cbuffer ObjectConstants : register(b1)
{
    float4x4 g_World;
    float4   g_Albedo;
};

Texture2DArray<float>  g_ShadowMap     : register(t0);
SamplerComparisonState g_ShadowCompare : register(s0);

struct VSIn
{
    float3 pos    : POSITION;
    float3 normal : NORMAL;
};

struct VSOut
{
    float4 pos      : SV_Position;
    float3 worldPos : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float  viewZ    : TEXCOORD2;
};

VSOut VSMain(VSIn v)
{
    VSOut o;
    float4 wp = mul(g_World, float4(v.pos, 1.0));
    o.worldPos = wp.xyz;
    o.pos = mul(g_ViewProj, wp);
    o.normal = mul((float3x3)g_World, v.normal);
    o.viewZ = mul(g_View, wp).z;
    return o;
}

float SampleCascade(uint cascade, float3 worldPos, float3 normal)
{
    float3 biased = worldPos + normal * g_NormalBias * (cascade + 1);
    float4 lp = mul(g_CascadeViewProj[cascade], float4(biased, 1.0));
    float3 ndc = lp.xyz / lp.w;
    float2 uv = ndc.xy * float2(0.5, -0.5) + 0.5;
    float compareDepth = ndc.z - g_DepthBias;

    if (any(uv < 0.0) || any(uv > 1.0))
        return 1.0;

    static const int kHalf = PCF_KERNEL / 2;
    float lit = 0.0;
    [unroll]
    for (int y = -kHalf; y <= kHalf; ++y)
    {
        [unroll]
        for (int x = -kHalf; x <= kHalf; ++x)
        {
            // Constant offsets use the immediate-offset overload.
            lit += g_ShadowMap.SampleCmpLevelZero(g_ShadowCompare, float3(uv, cascade), compareDepth, int2(x, y));
        }
    }
    return lit / (PCF_KERNEL * PCF_KERNEL);
}

uint SelectCascade(float viewZ)
{
    uint cascade = CASCADE_COUNT - 1;
    [unroll]
    for (int i = CASCADE_COUNT - 1; i >= 0; --i)
    {
        if (viewZ < g_CascadeSplits[i])
            cascade = i;
    }
    return cascade;
}

float4 PSMain(VSOut i, bool frontFace : SV_IsFrontFace) : SV_Target
{
    float3 n = normalize(i.normal) * (frontFace ? 1.0 : -1.0);
    float viewZ = abs(i.viewZ);
    uint cascade = SelectCascade(viewZ);

    float shadow = SampleCascade(cascade, i.worldPos, n);

    // Blend into the next cascade near the split to hide the seam.
    float splitDist = g_CascadeSplits[cascade];
    float fade = saturate((splitDist - viewZ) / g_BlendRange);
    [branch]
    if (fade < 1.0 && cascade + 1 < CASCADE_COUNT)
    {
        float next = SampleCascade(cascade + 1, i.worldPos, n);
        shadow = lerp(next, shadow, fade);
    }

    float NoL = saturate(dot(n, -g_LightDir));
    float3 color = g_Albedo.rgb * (0.05 + NoL * shadow);
    return float4(color, g_Albedo.a);
}
