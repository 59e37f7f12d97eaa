// entry: Integrate cs_6_0
// entry: SolveConstraints cs_6_0
// Cloth simulation on a grid of particles: Verlet integration and a distance-constraint relaxation pass using groupshared positions of a 16x16 tile.

#define TILE 16

struct ClothVertex
{
    float3 position;
    float  invMass;     // 0 = pinned
    float3 previous;
    float  pad;
};

cbuffer ClothParams : register(b0)
{
    float3 g_Gravity;
    float  g_Dt;
    float3 g_SphereCenter;
    float  g_SphereRadius;
    uint2  g_GridSize;
    float  g_RestLength;
    float  g_Damping;
    float  g_Stiffness;
    float3 g_Pad;
};

RWStructuredBuffer<ClothVertex> g_Vertices : register(u0);

groupshared float4 s_Pos[TILE][TILE];

uint FlatIndex(uint2 p)
{
    return p.y * g_GridSize.x + p.x;
}

float3 CollideSphere(float3 p)
{
    float3 d = p - g_SphereCenter;
    float dist = length(d);
    return dist < g_SphereRadius ? g_SphereCenter + d * (g_SphereRadius / max(dist, 1e-5)) : p;
}

[numthreads(64, 1, 1)]
void Integrate(uint3 dtid : SV_DispatchThreadID)
{
    uint count = g_GridSize.x * g_GridSize.y;
    if (dtid.x >= count)
        return;

    ClothVertex v = g_Vertices[dtid.x];
    if (v.invMass > 0.0)
    {
        float3 velocity = (v.position - v.previous) * (1.0 - g_Damping);
        v.previous = v.position;
        v.position += velocity + g_Gravity * (g_Dt * g_Dt);
        v.position = CollideSphere(v.position);
    }
    g_Vertices[dtid.x] = v;
}

void Relax(inout float3 delta, inout float weight, float4 self, float4 other, float rest)
{
    float3 d = other.xyz - self.xyz;
    float len = length(d);
    float wsum = self.w + other.w;
    if (len > 1e-6 && wsum > 0.0)
    {
        delta += d * ((len - rest) / len) * (self.w / wsum);
        weight += 1.0;
    }
}

[numthreads(TILE, TILE, 1)]
void SolveConstraints(uint3 dtid : SV_DispatchThreadID, uint3 gtid : SV_GroupThreadID)
{
    bool valid = all(dtid.xy < g_GridSize);
    uint index = valid ? FlatIndex(dtid.xy) : 0;
    ClothVertex v = g_Vertices[index];
    s_Pos[gtid.y][gtid.x] = float4(v.position, valid ? v.invMass : 0.0);
    GroupMemoryBarrierWithGroupSync();

    if (!valid || v.invMass == 0.0)
        return;

    float4 self = s_Pos[gtid.y][gtid.x];
    float3 delta = 0;
    float weight = 0;
    const float diag = g_RestLength * 1.41421356;

    // Structural neighbours inside the tile; tile borders are handled by
    // alternating the dispatch offset between frames.
    if (gtid.x > 0)        Relax(delta, weight, self, s_Pos[gtid.y][gtid.x - 1], g_RestLength);
    if (gtid.x < TILE - 1) Relax(delta, weight, self, s_Pos[gtid.y][gtid.x + 1], g_RestLength);
    if (gtid.y > 0)        Relax(delta, weight, self, s_Pos[gtid.y - 1][gtid.x], g_RestLength);
    if (gtid.y < TILE - 1) Relax(delta, weight, self, s_Pos[gtid.y + 1][gtid.x], g_RestLength);
    // Shear constraints.
    if (gtid.x > 0 && gtid.y > 0)               Relax(delta, weight, self, s_Pos[gtid.y - 1][gtid.x - 1], diag);
    if (gtid.x < TILE - 1 && gtid.y < TILE - 1) Relax(delta, weight, self, s_Pos[gtid.y + 1][gtid.x + 1], diag);

    if (weight > 0.0)
    {
        v.position += delta * (g_Stiffness / weight);
    }
    g_Vertices[index].position = CollideSphere(v.position);
}
