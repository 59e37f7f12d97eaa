// entry: main cs_6_0
// define: LUT_SIZE=32
// define: TONEMAPPER=2
// include-dir: include
// Bakes a 3D color-grading LUT (RWTexture3D) combining white balance, contrast, a selectable tonemapper chosen with #if/#elif, and an optional artist LUT sampled from a Texture3D.

#include "common.hlsli"

#define TONEMAP_REINHARD 0
#define TONEMAP_ACES_FIT 1
#define TONEMAP_UCHIMURA 2

cbuffer GradingParams : register(b0)
{
    float3x3 g_WhiteBalance;
    float    g_Contrast;
    float    g_Saturation;
    float    g_ArtistLutBlend;
    float    g_MaxLogValue;
    float    g_MinLogValue;
};

Texture3D<float4>   g_ArtistLut : register(t0);
SamplerState        g_Linear    : register(s0);
RWTexture3D<float4> g_OutLut    : register(u0);

float3 Tonemap(float3 x)
{
#if TONEMAPPER == TONEMAP_REINHARD
    return x / (1.0 + Luminance(x));
#elif TONEMAPPER == TONEMAP_ACES_FIT
    const float a = 2.51, b = 0.03, c = 2.43, d = 0.59, e = 0.14;
    return saturate((x * (a * x + b)) / (x * (c * x + d) + e));
#elif TONEMAPPER == TONEMAP_UCHIMURA
    // Piecewise toe / linear / shoulder curve.
    const float P = 1.0, a = 1.0, m = 0.22, l = 0.4, c = 1.33, b = 0.0;
    float l0 = ((P - m) * l) / a;
    float S0 = m + l0;
    float S1 = m + a * l0;
    float C2 = (a * P) / (P - S1);
    float CP = -C2 / P;
    float3 w0 = 1.0 - smoothstep(0.0, m, x);
    float3 w2 = step(m + l0, x);
    float3 w1 = 1.0 - w0 - w2;
    float3 T = m * pow(x / m, c) + b;
    float3 S = P - (P - S1) * exp(CP * (x - S0));
    float3 L = m + a * (x - m);
    return T * w0 + L * w1 + S * w2;
#else
    #error "Unknown TONEMAPPER"
#endif
}

[numthreads(4, 4, 4)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    if (any(dtid >= LUT_SIZE))
        return;

    // LUT is indexed in log2 space so HDR values fit.
    float3 t = float3(dtid) / (LUT_SIZE - 1);
    float3 logColor = lerp(g_MinLogValue.xxx, g_MaxLogValue.xxx, t);
    float3 color = exp2(logColor);

    color = mul(g_WhiteBalance, color);
    float midGrey = 0.18;
    color = midGrey * pow(max(color / midGrey, 0.0), g_Contrast);
    float luma = Luminance(color);
    color = max(lerp(luma.xxx, color, g_Saturation), 0.0);

    float3 mapped = Tonemap(color);
    if (g_ArtistLutBlend > 0.0)
    {
        float3 uvw = mapped * ((LUT_SIZE - 1.0) / LUT_SIZE) + 0.5 / LUT_SIZE;
        float3 artist = g_ArtistLut.SampleLevel(g_Linear, uvw, 0).rgb;
        mapped = lerp(mapped, artist, g_ArtistLutBlend);
    }
    g_OutLut[dtid] = float4(mapped, 1.0);
}
