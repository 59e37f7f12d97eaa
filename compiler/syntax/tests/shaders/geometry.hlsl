// Geometry, hull and mesh shader entry points.
struct GSVertex
{
    float4 pos : SV_Position;
    float2 uv : TEXCOORD0;
};

struct Payload { uint count; };

cbuffer Params
{
    float Size;
    matrix<float, 4, 4> Proj;
};

void emit_quad(float4 center, inout TriangleStream<GSVertex> stream)
{
    const float2 offsets[4] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
    [unroll(4)]
    for (uint i = 0; i < 4; i++)
    {
        GSVertex v;
        v.pos = center + mul(float4(offsets[i] * Size, 0, 0), Proj);
        v.uv = offsets[i] * 0.5 + 0.5;
        stream.Append(v);
    }
    stream.RestartStrip();
}

[maxvertexcount(4)]
void GSMain(point GSVertex input[1], inout TriangleStream<GSVertex> stream)
{
    emit_quad(input[0].pos, stream);
}

[maxvertexcount(3)]
void GSPassThrough(triangle GSVertex input[3], uint prim : SV_PrimitiveID,
                   inout TriangleStream<GSVertex> stream)
{
    int i = 0;
    do
    {
        stream.Append(input[i]);
        ++i;
    } while (i < 3);
}

[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void MSMain(uint gtid : SV_GroupThreadID, in payload Payload pl,
            out vertices GSVertex verts[64], out indices uint3 tris[128])
{
    SetMeshOutputCounts(3, 1);
    if (gtid < 3)
    {
        verts[gtid].pos = float4(gtid, 0, 0, 1);
        verts[gtid].uv = 0.0.xx;
    }
    else if (gtid == 3)
        tris[0] = uint3(0, 1, 2);
    while (false) { }
}
