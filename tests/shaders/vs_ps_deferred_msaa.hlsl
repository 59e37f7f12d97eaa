// entry: VSFullscreen vs_6_0
// entry: PSLighting ps_6_0
// define: MSAA_SAMPLES=4
// include-dir: include
// Deferred lighting resolve over an MSAA G-buffer: a fullscreen triangle from SV_VertexID, per-sample Texture2DMS.Load, edge detection to shade per-sample only where samples differ, and SV_SampleIndex-free averaging.

#include "bindings.hlsli"
#include "brdf.hlsli"
#include "packing.hlsli"

Texture2DMS<float4, MSAA_SAMPLES> g_GBufferAlbedo : register(t0);
Texture2DMS<float4, MSAA_SAMPLES> g_GBufferNormal : register(t1);
Texture2DMS<float, MSAA_SAMPLES>  g_GBufferDepth  : register(t2);
StructuredBuffer<PointLight>      g_Lights        : register(t3);

cbuffer SunCB : register(b1)
{
    DirectionalLight g_Sun;
    float3 g_Ambient;
    float  g_EdgeThreshold;
};

struct FullscreenOut
{
    float4 position : SV_Position;
    float2 uv       : TEXCOORD0;
};

FullscreenOut VSFullscreen(uint vertexId : SV_VertexID)
{
    // 0 -> (0,0), 1 -> (2,0), 2 -> (0,2): one triangle covering the screen.
    FullscreenOut o;
    o.uv = float2((vertexId << 1) & 2, vertexId & 2);
    o.position = float4(o.uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
    return o;
}

float3 ShadeSample(int2 pixel, int sampleIndex, float2 uv)
{
    float4 albedo = g_GBufferAlbedo.Load(pixel, sampleIndex);
    float4 normalRM = g_GBufferNormal.Load(pixel, sampleIndex);
    float depth = g_GBufferDepth.Load(pixel, sampleIndex);

    if (depth >= 1.0)
        return g_Ambient;

    float4 clip = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
    float4 wp = mul(g_Frame.invViewProj, clip);
    float3 worldPos = wp.xyz / wp.w;

    SurfaceData s;
    s.albedo = albedo.rgb;
    s.ao = albedo.a;
    s.normal = DecodeOctahedral(normalRM.xy);
    s.roughness = normalRM.z;
    s.metallic = normalRM.w;

    float3 V = normalize(g_Frame.cameraPos - worldPos);
    float3 color = EvaluateBRDF(s, V, -g_Sun.direction) * g_Sun.color * g_Sun.intensity;
    for (uint i = 0; i < g_Frame.lightCount; ++i)
    {
        float3 L;
        PointLight light = g_Lights[i];
        float atten = PointLightAttenuation(light, worldPos, L);
        if (atten > 0.0)
            color += EvaluateBRDF(s, V, L) * light.color * light.intensity * atten;
    }
    return color + g_Ambient * s.albedo * s.ao;
}

bool IsEdgePixel(int2 pixel)
{
    float d0 = g_GBufferDepth.Load(pixel, 0);
    float3 n0 = g_GBufferNormal.Load(pixel, 0).xyz;
    [unroll]
    for (int s = 1; s < MSAA_SAMPLES; ++s)
    {
        float d = g_GBufferDepth.Load(pixel, s);
        float3 n = g_GBufferNormal.Load(pixel, s).xyz;
        if (abs(d - d0) > g_EdgeThreshold || any(abs(n - n0) > 0.1))
            return true;
    }
    return false;
}

float4 PSLighting(FullscreenOut input) : SV_Target
{
    int2 pixel = int2(input.position.xy);
    uint width, height, samples;
    g_GBufferDepth.GetDimensions(width, height, samples);

    [branch]
    if (IsEdgePixel(pixel))
    {
        float3 sum = 0.0;
        [loop]
        for (uint s = 0; s < samples; ++s)
        {
            float2 pos = g_GBufferDepth.GetSamplePosition(s);
            float2 uv = (float2(pixel) + 0.5 + pos) / float2(width, height);
            sum += ShadeSample(pixel, s, uv);
        }
        return float4(sum / samples, 1.0);
    }
    return float4(ShadeSample(pixel, 0, input.uv), 1.0);
}
