// entry: VSMain vs_6_0
// entry: GSMain gs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Point-sprite particles: the vertex shader fetches particle state by SV_VertexID, the geometry shader expands each point into a camera-facing, rotated quad on a TriangleStream, and the pixel shader samples a flipbook atlas with soft depth fade.

#include "common.hlsli"

struct Particle
{
    float3 position;
    float  age;
    float3 velocity;
    float  lifetime;
    float4 color;
    float  size;
    uint   seed;
    float2 pad;
};

cbuffer ParticleCB : register(b0)
{
    float4x4 g_View;
    float4x4 g_Proj;
    float2   g_FlipbookGrid;    // columns, rows
    float    g_SoftDistance;
    float    g_Time;
};

StructuredBuffer<Particle> g_Particles : register(t0);
Texture2D                  g_Flipbook  : register(t1);
Texture2D<float>           g_SceneDepth : register(t2);
SamplerState               g_Linear    : register(s0);

struct VSOut
{
    float3 viewPos  : VIEWPOS;
    float  size     : SIZE;
    float4 color    : COLOR;
    float  rotation : ROTATION;
    float  frame    : FRAME;
};

struct GSOut
{
    float4 position : SV_Position;
    float2 uv       : TEXCOORD0;
    float4 color    : COLOR;
    float  viewZ    : VIEWZ;
};

VSOut VSMain(uint id : SV_VertexID)
{
    Particle p = g_Particles[id];
    float t = saturate(p.age / p.lifetime);
    VSOut o;
    o.viewPos = mul(g_View, float4(p.position, 1.0)).xyz;
    o.size = p.size;
    o.color = p.color;
    o.rotation = HashToFloat01(p.seed) * TWO_PI + g_Time * 0.5;
    o.frame = floor(t * g_FlipbookGrid.x * g_FlipbookGrid.y);
    return o;
}

[maxvertexcount(4)]
void GSMain(point VSOut input[1], inout TriangleStream<GSOut> stream)
{
    VSOut p = input[0];
    if (p.color.a <= 0.0)
        return;

    float s, c;
    sincos(p.rotation, s, c);
    float2x2 rot = float2x2(c, -s, s, c);

    float frameCount = g_FlipbookGrid.x * g_FlipbookGrid.y;
    float frame = min(p.frame, frameCount - 1.0);
    float2 cell = float2(fmod(frame, g_FlipbookGrid.x), floor(frame / g_FlipbookGrid.x));
    float2 cellSize = 1.0 / g_FlipbookGrid;

    static const float2 kCorners[4] = { float2(-1, 1), float2(1, 1), float2(-1, -1), float2(1, -1) };

    [unroll]
    for (uint i = 0; i < 4; ++i)
    {
        float2 offset = mul(rot, kCorners[i]) * p.size;
        float3 viewPos = p.viewPos + float3(offset, 0.0);

        GSOut o;
        o.position = mul(g_Proj, float4(viewPos, 1.0));
        o.uv = (cell + (kCorners[i] * float2(0.5, -0.5) + 0.5)) * cellSize;
        o.color = p.color;
        o.viewZ = viewPos.z;
        stream.Append(o);
    }
    stream.RestartStrip();
}

float4 PSMain(GSOut i) : SV_Target
{
    float4 tex = g_Flipbook.Sample(g_Linear, i.uv) * i.color;
    float sceneDepth = g_SceneDepth.Load(int3(i.position.xy, 0));
    // Soft particles: fade as the particle approaches opaque geometry.
    float fade = saturate(abs(sceneDepth - i.viewZ) / g_SoftDistance);
    tex.a *= fade;
    clip(tex.a - 1.0 / 255.0);
    return float4(tex.rgb * tex.a, tex.a);
}
