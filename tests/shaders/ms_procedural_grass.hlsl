// entry: ASMain as_6_5
// entry: MSMain ms_6_5
// include-dir: include
// Procedural grass with amplification + mesh shaders: each AS thread tests a terrain cell against distance and frustum, the payload carries cell origins and LOD, and the MS builds curved blades (vertices, triangle indices, per-primitive normals) with SetMeshOutputCounts.

#include "common.hlsli"

#define CELLS_PER_GROUP 32
#define BLADES_PER_CELL 8
#define SEGMENTS 4
#define VERTS_PER_BLADE (SEGMENTS * 2 + 1)
#define TRIS_PER_BLADE (SEGMENTS * 2 - 1)

struct GrassPayload
{
    float3 cellOrigin[CELLS_PER_GROUP];
    uint   cellLod[CELLS_PER_GROUP];
};

cbuffer GrassCB : register(b0)
{
    float4x4 g_ViewProj;
    float3   g_CameraPos;
    float    g_Time;
    float2   g_FieldOrigin;
    float    g_CellSize;
    uint     g_CellsPerRow;
    float    g_MaxDistance;
    float    g_BladeHeight;
    float2   g_Wind;
};

Texture2D<float> g_Heightmap : register(t0);
SamplerState     g_Linear    : register(s0);

groupshared GrassPayload s_Payload;

[numthreads(CELLS_PER_GROUP, 1, 1)]
void ASMain(uint dtid : SV_DispatchThreadID)
{
    uint2 cell = uint2(dtid % g_CellsPerRow, dtid / g_CellsPerRow);
    float2 xz = g_FieldOrigin + (float2(cell) + 0.5) * g_CellSize;
    float2 uv = float2(cell) / g_CellsPerRow;
    float y = g_Heightmap.SampleLevel(g_Linear, uv, 0);
    float3 origin = float3(xz.x, y, xz.y);

    float dist = distance(origin, g_CameraPos);
    bool visible = dist < g_MaxDistance && cell.y < g_CellsPerRow;
    uint lod = dist < g_MaxDistance * 0.3 ? 0 : 1;

    uint slot = WavePrefixCountBits(visible);
    if (visible)
    {
        s_Payload.cellOrigin[slot] = origin;
        s_Payload.cellLod[slot] = lod;
    }
    DispatchMesh(WaveActiveCountBits(visible), 1, 1, s_Payload);
}

struct GrassVertex
{
    float4 position : SV_Position;
    float2 bladeUV  : TEXCOORD0;
};

struct GrassPrimitive
{
    float3 normal : NORMAL;
};

float3 BladePoint(float3 base, float2 facing, float t, float bend, float width, float side)
{
    float height = t * g_BladeHeight;
    float3 p = base + float3(0.0, height, 0.0);
    p.xz += g_Wind * (t * t) * bend;
    p.xz += float2(-facing.y, facing.x) * width * (1.0 - t) * side;
    return p;
}

[outputtopology("triangle")]
[numthreads(BLADES_PER_CELL * VERTS_PER_BLADE, 1, 1)]
void MSMain(uint gtid : SV_GroupThreadID, uint gid : SV_GroupID,
            in payload GrassPayload asPayload,
            out vertices GrassVertex verts[BLADES_PER_CELL * VERTS_PER_BLADE],
            out indices uint3 tris[BLADES_PER_CELL * TRIS_PER_BLADE],
            out primitives GrassPrimitive prims[BLADES_PER_CELL * TRIS_PER_BLADE])
{
    float3 cellOrigin = asPayload.cellOrigin[gid];
    uint lod = asPayload.cellLod[gid];
    uint blades = lod == 0 ? BLADES_PER_CELL : BLADES_PER_CELL / 2;

    SetMeshOutputCounts(blades * VERTS_PER_BLADE, blades * TRIS_PER_BLADE);

    uint blade = gtid / VERTS_PER_BLADE;
    uint vtx = gtid % VERTS_PER_BLADE;
    uint seed = Hash32(asuint(cellOrigin.x) ^ Hash32(asuint(cellOrigin.z) + blade));
    float angle = HashToFloat01(seed) * TWO_PI;
    float sinA, cosA;
    sincos(angle, sinA, cosA);
    float2 facing = float2(cosA, sinA);
    float2 jitter = float2(HashToFloat01(Hash32(seed)), HashToFloat01(Hash32(seed + 7u))) - 0.5;
    float3 base = cellOrigin + float3(jitter.x, 0.0, jitter.y) * g_CellSize;
    float bend = 0.5 + 0.5 * sin(g_Time * 2.0 + angle);

    if (blade < blades)
    {
        // Vertices alternate left/right up the blade; the last is the tip.
        uint segment = vtx / 2;
        float side = (vtx & 1) != 0 ? 1.0 : -1.0;
        float t = (vtx == VERTS_PER_BLADE - 1) ? 1.0 : (float)segment / SEGMENTS;
        float3 p = BladePoint(base, facing, t, bend, 0.04, side);

        GrassVertex v;
        v.position = mul(g_ViewProj, float4(p, 1.0));
        v.bladeUV = float2((vtx & 1) != 0 ? 1.0 : 0.0, t);
        verts[gtid] = v;
    }

    uint triInBlade = gtid % TRIS_PER_BLADE;
    uint triBlade = gtid / TRIS_PER_BLADE;
    if (gtid < blades * TRIS_PER_BLADE)
    {
        uint first = triBlade * VERTS_PER_BLADE + triInBlade;
        // Strip-style winding that flips every other triangle.
        uint3 tri = (triInBlade & 1) == 0 ? uint3(first, first + 1, first + 2) : uint3(first + 1, first, first + 2);
        tris[gtid] = tri;
        prims[gtid].normal = float3(facing.x, 0.3, facing.y);
    }
}
