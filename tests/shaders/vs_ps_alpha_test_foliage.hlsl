// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Two-sided alpha-tested foliage: wind sway in the vertex shader, alpha-to-coverage-friendly clip()/discard with mip-scaled alpha, and SV_IsFrontFace normal flipping with translucency.

#include "common.hlsli"

cbuffer FoliageCB : register(b0)
{
    float4x4 g_ViewProj;
    float3   g_CameraPos;
    float    g_Time;
    float3   g_WindDir;
    float    g_WindStrength;
    float3   g_SunDir;
    float    g_AlphaCutoff;
    float3   g_SunColor;
    float    g_Translucency;
};

Texture2D    g_LeafTexture : register(t0);
SamplerState g_Sampler     : register(s0);

struct Instance
{
    float3 position : INSTANCE_POS;
    float  scale    : INSTANCE_SCALE;
    float  phase    : INSTANCE_PHASE;
};

struct VSIn
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
    float4 color    : COLOR0;     // a = sway weight painted by artists
};

struct VSOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
    float3 worldPos : TEXCOORD1;
    nointerpolation float tint : TEXCOORD2;
};

VSOut VSMain(VSIn v, Instance inst, uint instanceId : SV_InstanceID)
{
    float3 world = v.position * inst.scale + inst.position;
    float wave = sin(g_Time * 1.7 + inst.phase + dot(world.xz, 0.35.xx));
    float gust = sin(g_Time * 0.43 + inst.phase * 0.5) * 0.5 + 0.5;
    world += g_WindDir * (wave * gust * g_WindStrength * v.color.a);

    VSOut o;
    o.position = mul(g_ViewProj, float4(world, 1.0));
    o.normal = v.normal;
    o.uv = v.uv;
    o.worldPos = world;
    o.tint = HashToFloat01(Hash32(instanceId)) * 0.2 + 0.9;
    return o;
}

float4 PSMain(VSOut i, bool front : SV_IsFrontFace) : SV_Target
{
    float4 tex = g_LeafTexture.Sample(g_Sampler, i.uv);

    // Keep coverage stable across mips: scale alpha by the screen-space
    // texel footprint.
    uint w, h;
    g_LeafTexture.GetDimensions(w, h);
    float2 texels = i.uv * float2(w, h);
    float2 dx = ddx(texels);
    float2 dy = ddy(texels);
    float mip = 0.5 * log2(max(dot(dx, dx), dot(dy, dy)));
    float alpha = tex.a * (1.0 + max(mip, 0.0) * 0.25);

    clip(alpha - g_AlphaCutoff);
    if (tex.a < 0.01)
    {
        discard;
    }

    float3 n = normalize(front ? i.normal : -i.normal);
    float NoL = dot(n, -g_SunDir);
    float3 V = normalize(g_CameraPos - i.worldPos);
    // Light passing through the leaf from behind.
    float back = saturate(-NoL) * pow(saturate(dot(V, g_SunDir)), 4.0) * g_Translucency;
    float3 lit = tex.rgb * i.tint * (saturate(NoL) + back + 0.1) * g_SunColor;
    return float4(lit, 1.0);
}
