// entry: main ps_6_0
// define: POM_MAX_STEPS=32
// Parallax occlusion mapping: ray-marches a height field in tangent space with SampleGrad (derivatives taken before the loop), refines the hit with a secant step, and computes self-shadowing.

cbuffer MaterialCB : register(b0)
{
    float  g_HeightScale;
    float  g_MinSteps;
    float  g_ShadowSoftness;
    float  g_Pad;
    float3 g_LightDirTS;       // light direction in tangent space
    float  g_Pad2;
};

Texture2D    g_Albedo    : register(t0);
Texture2D    g_Height    : register(t1);
Texture2D    g_NormalMap : register(t2);
SamplerState g_Sampler   : register(s0);

struct PSIn
{
    float4 position : SV_Position;
    float2 uv       : TEXCOORD0;
    float3 viewTS   : TEXCOORD1;   // view vector in tangent space (surface -> eye)
};

float SampleHeight(float2 uv, float2 dx, float2 dy)
{
    return g_Height.SampleGrad(g_Sampler, uv, dx, dy).r;
}

float2 ParallaxOcclusion(float2 uv, float3 viewTS, float2 dx, float2 dy, out float hitDepth)
{
    float3 v = normalize(viewTS);
    // More steps at grazing angles.
    float steps = lerp((float)POM_MAX_STEPS, g_MinSteps, saturate(v.z));
    float layerDepth = 1.0 / steps;
    float2 delta = (v.xy / v.z) * g_HeightScale * layerDepth;

    float2 currUV = uv;
    float currLayer = 0.0;
    float currDepth = 1.0 - SampleHeight(currUV, dx, dy);
    float2 prevUV = currUV;
    float prevDepth = currDepth;
    float prevLayer = 0.0;

    [loop]
    for (int i = 0; i < POM_MAX_STEPS; ++i)
    {
        if (currLayer >= currDepth)
            break;
        prevUV = currUV;
        prevDepth = currDepth;
        prevLayer = currLayer;
        currUV -= delta;
        currLayer += layerDepth;
        currDepth = 1.0 - SampleHeight(currUV, dx, dy);
    }

    // Secant refinement between the last two samples.
    float after = currDepth - currLayer;
    float before = prevDepth - prevLayer;
    float t = after / (after - before);
    hitDepth = lerp(currLayer, prevLayer, t);
    return lerp(currUV, prevUV, t);
}

float SelfShadow(float2 uv, float depth, float2 dx, float2 dy)
{
    float3 l = normalize(g_LightDirTS);
    if (l.z <= 0.0)
        return 0.0;

    float shadow = 0.0;
    const int kSamples = 8;
    float2 stepUV = l.xy / l.z * g_HeightScale * depth / kSamples;
    float stepDepth = depth / kSamples;
    float layer = depth - stepDepth;
    float2 p = uv + stepUV;
    [unroll]
    for (int i = 1; i <= kSamples; ++i)
    {
        float surface = 1.0 - SampleHeight(p, dx, dy);
        shadow = max(shadow, (layer - surface) * (1.0 - (float)i / kSamples));
        p += stepUV;
        layer -= stepDepth;
    }
    return 1.0 - saturate(shadow * g_ShadowSoftness);
}

float4 main(PSIn input) : SV_Target
{
    float2 dx = ddx(input.uv);
    float2 dy = ddy(input.uv);

    float depth;
    float2 uv = ParallaxOcclusion(input.uv, input.viewTS, dx, dy, depth);
    if (any(uv < 0.0) || any(uv > 1.0))
        discard;

    float3 n = g_NormalMap.SampleGrad(g_Sampler, uv, dx, dy).xyz * 2.0 - 1.0;
    float3 albedo = g_Albedo.SampleGrad(g_Sampler, uv, dx, dy).rgb;
    float ndl = saturate(dot(normalize(n), normalize(g_LightDirTS)));
    float shadow = SelfShadow(uv, depth, dx, dy);
    return float4(albedo * (0.15 + ndl * shadow), 1.0);
}
