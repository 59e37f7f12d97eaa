// entry: main cs_6_0
// include-dir: include
// Generates the next mip of a color texture (2x2 box with sRGB-aware averaging) and the next level of a max-depth Hi-Z pyramid using Gather and GatherRed.

#include "common.hlsli"

cbuffer MipParams : register(b0)
{
    uint2  g_DstSize;
    float2 g_InvDstSize;
    uint   g_IsSRGB;
    uint3  g_Pad;
};

Texture2D<float4>   g_SrcColor : register(t0);
Texture2D<float>    g_SrcDepth : register(t1);
RWTexture2D<float4> g_DstColor : register(u0);
RWTexture2D<float>  g_DstDepth : register(u1);
SamplerState        g_Point    : register(s0);

float3 SRGBToLinear(float3 c)
{
    float3 lo = c / 12.92;
    float3 hi = pow((c + 0.055) / 1.055, 2.4);
    return float3(c.r <= 0.04045 ? lo.r : hi.r,
                  c.g <= 0.04045 ? lo.g : hi.g,
                  c.b <= 0.04045 ? lo.b : hi.b);
}

float3 LinearToSRGB(float3 c)
{
    float3 lo = c * 12.92;
    float3 hi = 1.055 * pow(c, 1.0 / 2.4) - 0.055;
    return float3(c.r <= 0.0031308 ? lo.r : hi.r,
                  c.g <= 0.0031308 ? lo.g : hi.g,
                  c.b <= 0.0031308 ? lo.b : hi.b);
}

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    if (any(dtid.xy >= g_DstSize))
        return;

    // The center of the destination texel lies on the shared corner of
    // four source texels, so Gather returns exactly that 2x2 footprint.
    float2 uv = (float2(dtid.xy) + 0.5) * g_InvDstSize;

    float4 r = g_SrcColor.GatherRed(g_Point, uv);
    float4 g = g_SrcColor.GatherGreen(g_Point, uv);
    float4 b = g_SrcColor.GatherBlue(g_Point, uv);
    float4 a = g_SrcColor.GatherAlpha(g_Point, uv);

    float4 sum = 0;
    [unroll]
    for (int i = 0; i < 4; ++i)
    {
        float3 c = float3(r[i], g[i], b[i]);
        if (g_IsSRGB != 0)
            c = SRGBToLinear(c);
        sum += float4(c, a[i]);
    }
    float4 avg = sum * 0.25;
    if (g_IsSRGB != 0)
        avg.rgb = LinearToSRGB(avg.rgb);
    g_DstColor[dtid.xy] = avg;

    float4 d = g_SrcDepth.Gather(g_Point, uv);
    g_DstDepth[dtid.xy] = max(max(d.x, d.y), max(d.z, d.w));
}
