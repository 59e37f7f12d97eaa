// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Ocean surface: Gerstner waves summed in the vertex shader from a static wave table, pixel shader with scrolling normal maps, Fresnel reflection from a TextureCube, screen-space refraction with depth-based absorption and foam.

#include "common.hlsli"

#define WAVE_COUNT 4

struct Wave
{
    float2 direction;
    float  steepness;
    float  wavelength;
};

static const Wave kWaves[WAVE_COUNT] =
{
    { float2(1.0, 0.0),   0.25, 60.0 },
    { float2(0.0, 1.0),   0.25, 31.0 },
    { float2(0.7, 0.7),   0.15, 18.0 },
    { float2(-0.6, 0.8),  0.10, 9.0  },
};

cbuffer WaterCB : register(b0)
{
    float4x4 g_ViewProj;
    float3   g_CameraPos;
    float    g_Time;
    float3   g_ShallowColor;
    float    g_Absorption;
    float3   g_DeepColor;
    float    g_FoamThreshold;
    float2   g_ScreenSize;
    float    g_RefractionStrength;
    float    g_NearPlane;
};

Texture2D    g_NormalMap0 : register(t0);
Texture2D    g_NormalMap1 : register(t1);
TextureCube  g_Reflection : register(t2);
Texture2D    g_SceneColor : register(t3);
Texture2D<float> g_SceneLinearDepth : register(t4);
Texture2D    g_Foam       : register(t5);
SamplerState g_LinearWrap  : register(s0);
SamplerState g_LinearClamp : register(s1);

struct VSOut
{
    float4 position : SV_Position;
    float3 worldPos : WORLDPOS;
    float3 normal   : NORMAL;
    float  crest    : CREST;
    float  viewDepth : VIEWDEPTH;
};

void Gerstner(Wave w, float3 p, inout float3 offset, inout float3 tangent, inout float3 binormal)
{
    float k = TWO_PI / w.wavelength;
    float c = sqrt(9.81 / k);
    float2 d = normalize(w.direction);
    float f = k * (dot(d, p.xz) - c * g_Time);
    float a = w.steepness / k;
    float s, co;
    sincos(f, s, co);

    offset += float3(d.x * a * co, a * s, d.y * a * co);
    tangent += float3(-d.x * d.x * w.steepness * s, d.x * w.steepness * co, -d.x * d.y * w.steepness * s);
    binormal += float3(-d.x * d.y * w.steepness * s, d.y * w.steepness * co, -d.y * d.y * w.steepness * s);
}

VSOut VSMain(float3 position : POSITION)
{
    float3 offset = 0;
    float3 tangent = float3(1, 0, 0);
    float3 binormal = float3(0, 0, 1);
    [unroll]
    for (int i = 0; i < WAVE_COUNT; ++i)
    {
        Gerstner(kWaves[i], position, offset, tangent, binormal);
    }

    VSOut o;
    o.worldPos = position + offset;
    o.position = mul(g_ViewProj, float4(o.worldPos, 1.0));
    o.normal = normalize(cross(binormal, tangent));
    o.crest = saturate(offset.y * 0.5);
    o.viewDepth = o.position.w;
    return o;
}

float4 PSMain(VSOut i) : SV_Target
{
    float2 uv0 = i.worldPos.xz * 0.05 + g_Time * float2(0.02, 0.01);
    float2 uv1 = i.worldPos.xz * 0.11 - g_Time * float2(0.015, 0.025);
    float3 n0 = g_NormalMap0.Sample(g_LinearWrap, uv0).xzy * 2.0 - 1.0;
    float3 n1 = g_NormalMap1.Sample(g_LinearWrap, uv1).xzy * 2.0 - 1.0;
    float3 n = normalize(i.normal + float3(n0.x + n1.x, 0.0, n0.z + n1.z));

    float3 v = normalize(g_CameraPos - i.worldPos);
    float fresnel = 0.02 + 0.98 * Pow5(1.0 - saturate(dot(n, v)));
    float3 reflection = g_Reflection.Sample(g_LinearClamp, reflect(-v, n)).rgb;

    float2 screenUV = i.position.xy / g_ScreenSize;
    float2 refractUV = screenUV + n.xz * g_RefractionStrength;
    float sceneDepth = g_SceneLinearDepth.SampleLevel(g_LinearClamp, refractUV, 0);
    // Avoid refracting foreground objects into the water.
    if (sceneDepth < i.viewDepth)
    {
        refractUV = screenUV;
        sceneDepth = g_SceneLinearDepth.SampleLevel(g_LinearClamp, screenUV, 0);
    }
    float thickness = max(sceneDepth - i.viewDepth, 0.0);
    float3 absorb = exp(-thickness * g_Absorption * float3(0.45, 0.09, 0.06));
    float3 refraction = g_SceneColor.SampleLevel(g_LinearClamp, refractUV, 0).rgb * absorb;
    refraction = lerp(g_DeepColor, refraction, absorb.g);
    refraction += g_ShallowColor * (1.0 - absorb.b) * 0.1;

    float foamMask = g_Foam.Sample(g_LinearWrap, uv0 * 4.0).r;
    float shoreFoam = 1.0 - saturate(thickness / 1.5);
    float foam = saturate(max(i.crest - g_FoamThreshold, 0.0) * 4.0 + shoreFoam) * foamMask;

    float3 color = lerp(refraction, reflection, fresnel);
    color = lerp(color, 1.0.xxx, foam);
    return float4(color, 1.0);
}
