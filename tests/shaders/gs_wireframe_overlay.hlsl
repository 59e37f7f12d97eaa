// entry: VSMain vs_6_0
// entry: GSMain gs_6_0
// entry: PSMain ps_6_0
// Solid-wireframe overlay: the geometry shader computes each vertex's screen-space distance to the opposite edge (noperspective), the pixel shader blends an antialiased edge line over flat shading, using SV_PrimitiveID for per-triangle colors.

cbuffer WireCB : register(b0)
{
    float4x4 g_WorldViewProj;
    float2   g_ViewportSize;
    float    g_LineWidth;
    float    g_Pad;
    float4   g_LineColor;
};

struct VSOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
};

struct GSOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    noperspective float3 edgeDist : EDGE_DISTANCE;
    nointerpolation uint primId : PRIMITIVE;
};

VSOut VSMain(float3 pos : POSITION, float3 normal : NORMAL)
{
    VSOut o;
    o.position = mul(g_WorldViewProj, float4(pos, 1.0));
    o.normal = normal;
    return o;
}

float2 ToScreen(float4 clip)
{
    return (clip.xy / clip.w) * 0.5 * g_ViewportSize;
}

[maxvertexcount(3)]
void GSMain(triangle VSOut tri[3], uint primId : SV_PrimitiveID, inout TriangleStream<GSOut> stream)
{
    float2 p0 = ToScreen(tri[0].position);
    float2 p1 = ToScreen(tri[1].position);
    float2 p2 = ToScreen(tri[2].position);

    float2 e0 = p2 - p1;
    float2 e1 = p2 - p0;
    float2 e2 = p1 - p0;
    // Twice the triangle area; distance to an edge = area2 / edge length.
    float area2 = abs(e1.x * e2.y - e1.y * e2.x);

    float3 dists[3] =
    {
        float3(area2 / length(e0), 0, 0),
        float3(0, area2 / length(e1), 0),
        float3(0, 0, area2 / length(e2)),
    };

    [unroll]
    for (int i = 0; i < 3; ++i)
    {
        GSOut o;
        o.position = tri[i].position;
        o.normal = tri[i].normal;
        o.edgeDist = dists[i];
        o.primId = primId;
        stream.Append(o);
    }
}

float3 PrimitiveColor(uint id)
{
    uint h = id * 2654435761u;
    return float3((h >> 8) & 0xff, (h >> 16) & 0xff, h >> 24) / 255.0 * 0.5 + 0.25;
}

float4 PSMain(GSOut i) : SV_Target
{
    float d = min(i.edgeDist.x, min(i.edgeDist.y, i.edgeDist.z));
    float wire = 1.0 - smoothstep(g_LineWidth - 1.0, g_LineWidth + 1.0, d);
    float3 shade = PrimitiveColor(i.primId) * (0.4 + 0.6 * saturate(normalize(i.normal).y * 0.5 + 0.5));
    return float4(lerp(shade, g_LineColor.rgb, wire * g_LineColor.a), 1.0);
}
