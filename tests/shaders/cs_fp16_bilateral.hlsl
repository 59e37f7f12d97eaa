// entry: main cs_6_2
// args: -enable-16bit-types
// Edge-aware bilateral denoise filter computed in native 16-bit floats (float16_t, half, uint16_t); requires -enable-16bit-types and SM 6.2.

cbuffer DenoiseParams : register(b0)
{
    uint2 g_Size;
    float g_DepthSigma;
    float g_ColorSigma;
};

Texture2D<float4>   g_Noisy  : register(t0);
Texture2D<float>    g_Depth  : register(t1);
RWTexture2D<float4> g_Output : register(u0);
RWStructuredBuffer<uint16_t> g_TileWeights : register(u1);

typedef vector<float16_t, 3> half3_t;

static const int kRadius = 2;
// Spatial weights for a 5x5 kernel (1D separable factors).
static const float16_t kSpatial[5] = { 0.25h, 0.6h, 1.0h, 0.6h, 0.25h };

float16_t LumaH(half3_t c)
{
    return dot(c, half3_t(0.299h, 0.587h, 0.114h));
}

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    if (any(dtid.xy >= g_Size))
        return;

    int2 center = int2(dtid.xy);
    half3_t centerColor = (half3_t)g_Noisy.Load(int3(center, 0)).rgb;
    float centerDepth = g_Depth.Load(int3(center, 0));
    float16_t centerLuma = LumaH(centerColor);

    float16_t invDepthSigma = (float16_t)(1.0 / g_DepthSigma);
    half invColorSigma = (half)(1.0 / g_ColorSigma);

    half3_t sum = half3_t(0.0h, 0.0h, 0.0h);
    float16_t weightSum = 0.0h;

    [unroll]
    for (int y = -kRadius; y <= kRadius; ++y)
    {
        [unroll]
        for (int x = -kRadius; x <= kRadius; ++x)
        {
            int2 p = clamp(center + int2(x, y), int2(0, 0), int2(g_Size) - 1);
            half3_t c = (half3_t)g_Noisy.Load(int3(p, 0)).rgb;
            // Depth difference in fp32 (precision matters), rest in fp16.
            float16_t dz = (float16_t)abs(g_Depth.Load(int3(p, 0)) - centerDepth);
            float16_t dl = abs(LumaH(c) - centerLuma);
            float16_t w = kSpatial[x + kRadius] * kSpatial[y + kRadius];
            w *= exp(-dz * invDepthSigma) * exp(-dl * invColorSigma);
            sum += c * w;
            weightSum += w;
        }
    }

    half3_t result = sum / max(weightSum, (float16_t)1.0e-3);
    g_Output[dtid.xy] = float4((float3)result, 1.0);

    // Quantized confidence per pixel (weight sum out of 25).
    uint16_t q = (uint16_t)(saturate((float)weightSum / 25.0) * 65535.0);
    g_TileWeights[dtid.y * g_Size.x + dtid.x] = q;
}
