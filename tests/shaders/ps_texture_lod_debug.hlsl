// entry: main ps_6_0
// A texture-streaming debug view: visualizes CalculateLevelOfDetail vs. resident mips, uses CalculateLevelOfDetailUnclamped, SampleBias, SampleLevel, GatherRed on a residency map, and GetDimensions with mip queries.

cbuffer DebugCB : register(b0)
{
    float  g_MipBias;
    uint   g_Mode;
    float  g_Opacity;
    float  g_Pad;
};

Texture2D<float4> g_Material  : register(t0);
Texture2D<float>  g_Residency : register(t1);   // min resident mip per tile
SamplerState      g_Aniso     : register(s0);
SamplerState      g_Point     : register(s1);

static const float3 kMipColors[6] =
{
    float3(0.0, 0.0, 1.0),
    float3(0.0, 0.5, 1.0),
    float3(0.0, 1.0, 0.0),
    float3(1.0, 1.0, 0.0),
    float3(1.0, 0.5, 0.0),
    float3(1.0, 0.0, 0.0),
};

float3 MipColor(float lod)
{
    int lo = clamp((int)floor(lod), 0, 5);
    int hi = min(lo + 1, 5);
    return lerp(kMipColors[lo], kMipColors[hi], frac(lod));
}

float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint width, height, mipCount;
    g_Material.GetDimensions(0, width, height, mipCount);

    float lodClamped = g_Material.CalculateLevelOfDetail(g_Aniso, uv);
    float lodRaw = g_Material.CalculateLevelOfDetailUnclamped(g_Aniso, uv);

    // Conservative residency: worst (highest) resident mip of the 2x2
    // residency tiles around the sample.
    float4 resident = g_Residency.GatherRed(g_Point, uv);
    float minResident = max(max(resident.x, resident.y), max(resident.z, resident.w));

    float4 base = g_Material.SampleBias(g_Aniso, uv, g_MipBias);
    float4 clampedSample = g_Material.SampleLevel(g_Aniso, uv, max(lodClamped, minResident));

    float3 debugColor;
    switch (g_Mode)
    {
    case 0:
        debugColor = MipColor(lodClamped);
        break;
    case 1:
        debugColor = MipColor(max(lodRaw, 0.0));
        break;
    case 2:
        // Red where the wanted mip is not resident yet.
        debugColor = lodClamped < minResident ? float3(1, 0, 0) : float3(0, 1, 0);
        break;
    case 3:
    {
        float texelsPerPixel = exp2(lodRaw);
        debugColor = saturate(texelsPerPixel / 4.0).xxx;
        break;
    }
    default:
        debugColor = clampedSample.rgb;
        break;
    }

    float mipFraction = lodClamped / max((float)(mipCount - 1), 1.0);
    float3 result = lerp(base.rgb, debugColor, g_Opacity);
    result *= 1.0 - 0.2 * mipFraction;
    return float4(result, 1.0);
}
