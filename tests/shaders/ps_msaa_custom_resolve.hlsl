// entry: VSMain vs_6_0
// entry: PSResolve ps_6_0
// entry: PSSampleRate ps_6_0
// define: SAMPLE_COUNT=4
// Custom MSAA resolve with tonemap-before-average (Karis weighting) using Texture2DMS .sample[][] and .Load, plus a sample-rate pass reading SV_SampleIndex and writing SV_Coverage.

cbuffer ResolveCB : register(b0)
{
    float g_Exposure;
    float g_AlphaThreshold;
    uint  g_SampleMask;
    float g_Pad;
};

Texture2DMS<float4, SAMPLE_COUNT> g_HDRMS   : register(t0);
Texture2DMS<float, SAMPLE_COUNT>  g_DepthMS : register(t1);
Texture2D<float4>                 g_Cutout  : register(t2);
SamplerState                      g_Linear  : register(s0);

struct VSOut
{
    float4 pos : SV_Position;
    float2 uv  : TEXCOORD0;
};

VSOut VSMain(uint id : SV_VertexID)
{
    VSOut o;
    o.uv = float2((id << 1) & 2, id & 2);
    o.pos = float4(o.uv * float2(2, -2) + float2(-1, 1), 0, 1);
    return o;
}

float Luma(float3 c)
{
    return dot(c, float3(0.299, 0.587, 0.114));
}

float3 TonemapInvertible(float3 c)
{
    return c / (1.0 + Luma(c));
}

float3 TonemapInverse(float3 c)
{
    return c / max(1.0 - Luma(c), 1e-4);
}

struct ResolveOut
{
    float4 color : SV_Target0;
    float  depth : SV_Depth;
};

ResolveOut PSResolve(VSOut i)
{
    uint2 p = uint2(i.pos.xy);
    float3 sum = 0;
    float weightSum = 0;
    float closest = 1.0;

    [unroll]
    for (uint s = 0; s < SAMPLE_COUNT; ++s)
    {
        // The .sample[s][pos] spelling is equivalent to Load(pos, s).
        float3 c = g_HDRMS.sample[s][p].rgb * g_Exposure;
        float w = 1.0 / (1.0 + Luma(c));
        sum += TonemapInvertible(c) * w;
        weightSum += w;
        closest = min(closest, g_DepthMS.Load(int2(p), s));
    }

    ResolveOut o;
    o.color = float4(TonemapInverse(sum / weightSum), 1.0);
    o.depth = closest;
    return o;
}

struct SampleOut
{
    float4 color    : SV_Target;
    uint   coverage : SV_Coverage;
};

// Runs per sample because it reads SV_SampleIndex; alpha-tested cutouts
// get their own coverage mask instead of alpha-to-coverage dithering.
SampleOut PSSampleRate(VSOut i, uint sampleIndex : SV_SampleIndex)
{
    float2 offset = g_HDRMS.GetSamplePosition(sampleIndex);
    uint w, h, n;
    g_HDRMS.GetDimensions(w, h, n);
    float2 uv = i.uv + offset / float2(w, h);

    float alpha = g_Cutout.SampleLevel(g_Linear, uv, 0).a;
    SampleOut o;
    o.color = g_HDRMS.Load(int2(i.pos.xy), sampleIndex);
    o.coverage = alpha >= g_AlphaThreshold ? ((1u << sampleIndex) & g_SampleMask) : 0u;
    return o;
}
