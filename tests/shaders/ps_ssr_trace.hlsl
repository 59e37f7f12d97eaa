// entry: main ps_6_0
// include-dir: include
// Screen-space reflections: hierarchical ray march through a Hi-Z depth pyramid (Texture2D mips read with Load), roughness-based cone fade, edge/backface attenuation, and [branch]/[loop] control flow.

#include "common.hlsli"
#include "packing.hlsli"

#define MAX_ITERATIONS 64
#define HIZ_START_LEVEL 1
#define HIZ_STOP_LEVEL 0

cbuffer SSRCB : register(b0)
{
    float4x4 g_Proj;
    float4x4 g_InvProj;
    float2   g_ScreenSize;
    uint     g_HiZMipCount;
    float    g_MaxRoughness;
    float    g_Thickness;
    float    g_EdgeFade;
    float2   g_Pad;
};

Texture2D<float>  g_HiZ       : register(t0);   // min depth pyramid (reversed-Z: max)
Texture2D<float2> g_Normals   : register(t1);
Texture2D<float4> g_Material  : register(t2);   // a = roughness
Texture2D<float4> g_SceneColor : register(t3);
SamplerState      g_PointClamp : register(s0);
SamplerState      g_LinearClamp : register(s1);

float3 ProjectToScreen(float3 viewPos)
{
    float4 clip = mul(g_Proj, float4(viewPos, 1.0));
    float3 ndc = clip.xyz / clip.w;
    return float3(ndc.xy * float2(0.5, -0.5) + 0.5, ndc.z);
}

float FetchHiZ(float2 uv, int level)
{
    int2 size = max(int2(g_ScreenSize) >> level, int2(1, 1));
    int2 texel = clamp(int2(uv * size), int2(0, 0), size - 1);
    return g_HiZ.Load(int3(texel, level));
}

bool TraceHiZ(float3 startSS, float3 dirSS, out float3 hit)
{
    int level = HIZ_START_LEVEL;
    float t = 0.0;
    hit = startSS;
    uint i = 0;
    [loop]
    while (level >= HIZ_STOP_LEVEL && i < MAX_ITERATIONS)
    {
        float3 p = startSS + dirSS * t;
        if (any(p.xy < 0.0) || any(p.xy > 1.0))
            return false;

        float cellSize = exp2((float)level) / g_ScreenSize.x;
        float sceneZ = FetchHiZ(p.xy, level);
        // Reversed-Z: the ray is behind the surface when its depth is smaller.
        [branch]
        if (p.z < sceneZ)
        {
            if (level == HIZ_STOP_LEVEL && sceneZ - p.z < g_Thickness)
            {
                hit = p;
                return true;
            }
            level--;
        }
        else
        {
            t += cellSize;
            level = min(level + 1, (int)g_HiZMipCount - 1);
        }
        ++i;
    }
    return false;
}

float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float roughness = g_Material.SampleLevel(g_PointClamp, uv, 0).a;
    [branch]
    if (roughness > g_MaxRoughness)
        return 0.0.xxxx;

    float depth = g_HiZ.Load(int3(pos.xy, 0));
    float3 viewPos = ReconstructViewPos(uv, depth, g_InvProj);
    float3 n = DecodeOctahedral(g_Normals.Load(int3(pos.xy, 0)));
    float3 v = normalize(viewPos);
    float3 r = reflect(v, n);
    if (r.z > 0.0)
        return 0.0.xxxx;   // reflecting toward the camera

    float3 startSS = float3(uv, depth);
    float3 endSS = ProjectToScreen(viewPos + r * 10.0);
    float3 dirSS = normalize(endSS - startSS);

    float3 hit;
    if (!TraceHiZ(startSS, dirSS, hit))
        return 0.0.xxxx;

    float2 edge = saturate(min(hit.xy, 1.0 - hit.xy) / g_EdgeFade);
    float fade = edge.x * edge.y * (1.0 - roughness / g_MaxRoughness);
    float3 color = g_SceneColor.SampleLevel(g_LinearClamp, hit.xy, roughness * 4.0).rgb;
    return float4(color * fade, fade);
}
