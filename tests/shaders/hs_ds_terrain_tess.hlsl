// entry: VSMain vs_6_0
// entry: HSMain hs_6_0
// entry: DSMain ds_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Distance- and screen-size-adaptive terrain tessellation on quad patches: hull shader with patchconstantfunc computing SV_TessFactor/SV_InsideTessFactor with frustum culling, domain shader displacing by a heightmap at SV_DomainLocation.

#include "common.hlsli"

#define PATCH_CONTROL_POINTS 4
#define PCF_NAME(x) STRINGIFY(x)

cbuffer TessCB : register(b0)
{
    float4x4 g_ViewProj;
    float4   g_FrustumPlanes[6];
    float3   g_CameraPos;
    float    g_TargetEdgePixels;
    float2   g_ViewportSize;
    float    g_HeightScale;
    float    g_MaxTess;
};

Texture2D<float> g_Height : register(t0);
SamplerState     g_Linear : register(s0);

struct VSOut
{
    float3 worldPos : WORLDPOS;
    float2 uv       : TEXCOORD0;
};

struct HSOut
{
    float3 worldPos : WORLDPOS;
    float2 uv       : TEXCOORD0;
};

struct PatchConstants
{
    float edges[4]  : SV_TessFactor;
    float inside[2] : SV_InsideTessFactor;
};

struct DSOut
{
    float4 position : SV_Position;
    float3 worldPos : WORLDPOS;
    float2 uv       : TEXCOORD0;
};

VSOut VSMain(float3 pos : POSITION, float2 uv : TEXCOORD0)
{
    VSOut o;
    o.worldPos = pos;
    o.uv = uv;
    return o;
}

float EdgeFactor(float3 a, float3 b)
{
    // Project the edge's bounding sphere to estimate its pixel length.
    float3 center = (a + b) * 0.5;
    float diameter = distance(a, b);
    float dist = max(distance(center, g_CameraPos), 1e-3);
    float pixels = diameter / dist * g_ViewportSize.y;
    return clamp(pixels / g_TargetEdgePixels, 1.0, g_MaxTess);
}

bool PatchVisible(float3 bmin, float3 bmax)
{
    float3 center = (bmin + bmax) * 0.5;
    float3 extent = (bmax - bmin) * 0.5;
    [unroll]
    for (int i = 0; i < 6; ++i)
    {
        float4 p = g_FrustumPlanes[i];
        float r = dot(extent, abs(p.xyz));
        if (dot(p.xyz, center) + p.w < -r)
            return false;
    }
    return true;
}

PatchConstants PatchConstantsHS(InputPatch<VSOut, PATCH_CONTROL_POINTS> patch, uint patchId : SV_PrimitiveID)
{
    PatchConstants pc;
    float3 bmin = min(min(patch[0].worldPos, patch[1].worldPos), min(patch[2].worldPos, patch[3].worldPos));
    float3 bmax = max(max(patch[0].worldPos, patch[1].worldPos), max(patch[2].worldPos, patch[3].worldPos));
    bmax.y += g_HeightScale;

    if (!PatchVisible(bmin, bmax))
    {
        // A zero edge factor culls the patch.
        pc.edges[0] = pc.edges[1] = pc.edges[2] = pc.edges[3] = 0.0;
        pc.inside[0] = pc.inside[1] = 0.0;
        return pc;
    }

    // Quad edges: 0 = u0 (left), 1 = v0 (bottom), 2 = u1 (right), 3 = v1 (top)
    pc.edges[0] = EdgeFactor(patch[0].worldPos, patch[2].worldPos);
    pc.edges[1] = EdgeFactor(patch[0].worldPos, patch[1].worldPos);
    pc.edges[2] = EdgeFactor(patch[1].worldPos, patch[3].worldPos);
    pc.edges[3] = EdgeFactor(patch[2].worldPos, patch[3].worldPos);
    pc.inside[0] = max(pc.edges[1], pc.edges[3]);
    pc.inside[1] = max(pc.edges[0], pc.edges[2]);
    return pc;
}

[domain("quad")]
[partitioning("fractional_even")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(4)]
[patchconstantfunc(PCF_NAME(PatchConstantsHS))]
[maxtessfactor(64.0)]
HSOut HSMain(InputPatch<VSOut, PATCH_CONTROL_POINTS> patch,
             uint cpId : SV_OutputControlPointID,
             uint patchId : SV_PrimitiveID)
{
    HSOut o;
    o.worldPos = patch[cpId].worldPos;
    o.uv = patch[cpId].uv;
    return o;
}

[domain("quad")]
DSOut DSMain(PatchConstants pc,
             float2 loc : SV_DomainLocation,
             const OutputPatch<HSOut, 4> patch)
{
    // Bilinear interpolation of the four corners.
    float3 p0 = lerp(patch[0].worldPos, patch[1].worldPos, loc.x);
    float3 p1 = lerp(patch[2].worldPos, patch[3].worldPos, loc.x);
    float2 uv0 = lerp(patch[0].uv, patch[1].uv, loc.x);
    float2 uv1 = lerp(patch[2].uv, patch[3].uv, loc.x);

    DSOut o;
    o.uv = lerp(uv0, uv1, loc.y);
    o.worldPos = lerp(p0, p1, loc.y);
    o.worldPos.y += g_Height.SampleLevel(g_Linear, o.uv, 0) * g_HeightScale;
    o.position = mul(g_ViewProj, float4(o.worldPos, 1.0));
    return o;
}

float4 PSMain(DSOut i) : SV_Target
{
    float3 n = normalize(cross(ddx(i.worldPos), ddy(i.worldPos)));
    float ndl = saturate(dot(n, normalize(float3(0.5, 1.0, 0.3))));
    return float4((0.2 + 0.8 * ndl).xxx * float3(0.45, 0.55, 0.3), 1.0);
}
