// entry: ASMain as_6_5
// entry: MSMain ms_6_5
// entry: PSMain ps_6_5
// Meshlet pipeline: the amplification shader culls meshlets by bounding sphere and normal cone, compacts survivors with wave intrinsics into a groupshared payload and calls DispatchMesh; the mesh shader emits vertices and triangles with SetMeshOutputCounts.

#define AS_GROUP_SIZE 32
#define MAX_VERTS 64
#define MAX_PRIMS 124

struct Meshlet
{
    uint vertexOffset;
    uint vertexCount;
    uint primitiveOffset;
    uint primitiveCount;
};

struct MeshletBounds
{
    float4 sphere;        // xyz center, w radius (object space)
    float4 coneAxisCutoff; // xyz axis, w cos(cutoff)
    float3 coneApex;
    float  pad;
};

struct Payload
{
    uint meshletIndices[AS_GROUP_SIZE];
};

cbuffer MeshCB : register(b0)
{
    float4x4 g_World;
    float4x4 g_ViewProj;
    float4   g_Planes[6];
    float3   g_CameraPos;
    uint     g_MeshletCount;
    float    g_Scale;
    float3   g_Pad;
};

StructuredBuffer<Meshlet>       g_Meshlets       : register(t0);
StructuredBuffer<MeshletBounds> g_Bounds         : register(t1);
StructuredBuffer<float3>        g_Positions      : register(t2);
StructuredBuffer<float3>        g_Normals        : register(t3);
StructuredBuffer<uint>          g_VertexIndices  : register(t4);
ByteAddressBuffer               g_PrimitiveIndices : register(t5); // packed 3x10 bits

groupshared Payload s_Payload;

bool IsVisible(MeshletBounds b)
{
    float3 center = mul(g_World, float4(b.sphere.xyz, 1.0)).xyz;
    float radius = b.sphere.w * g_Scale;
    [unroll]
    for (uint i = 0; i < 6; ++i)
    {
        if (dot(g_Planes[i].xyz, center) + g_Planes[i].w < -radius)
            return false;
    }
    // Backface cone test.
    float3 apex = mul(g_World, float4(b.coneApex, 1.0)).xyz;
    float3 axis = normalize(mul((float3x3)g_World, b.coneAxisCutoff.xyz));
    if (dot(normalize(apex - g_CameraPos), axis) >= b.coneAxisCutoff.w)
        return false;
    return true;
}

[numthreads(AS_GROUP_SIZE, 1, 1)]
void ASMain(uint dtid : SV_DispatchThreadID)
{
    bool visible = false;
    if (dtid < g_MeshletCount)
    {
        visible = IsVisible(g_Bounds[dtid]);
    }

    if (visible)
    {
        uint slot = WavePrefixCountBits(visible);
        s_Payload.meshletIndices[slot] = dtid;
    }

    uint visibleCount = WaveActiveCountBits(visible);
    DispatchMesh(visibleCount, 1, 1, s_Payload);
}

struct VertexOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float3 color    : COLOR0;
};

struct PrimitiveOut
{
    uint meshletId : MESHLET_ID;
};

uint3 UnpackTriangle(uint packed)
{
    return uint3(packed & 0x3ff, (packed >> 10) & 0x3ff, (packed >> 20) & 0x3ff);
}

float3 MeshletColor(uint id)
{
    uint h = id * 747796405u + 2891336453u;
    return float3(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff) / 255.0;
}

[outputtopology("triangle")]
[numthreads(128, 1, 1)]
void MSMain(uint gtid : SV_GroupThreadID,
            uint gid : SV_GroupID,
            in payload Payload asPayload,
            out vertices VertexOut verts[MAX_VERTS],
            out indices uint3 tris[MAX_PRIMS],
            out primitives PrimitiveOut prims[MAX_PRIMS])
{
    uint meshletIndex = asPayload.meshletIndices[gid];
    Meshlet m = g_Meshlets[meshletIndex];

    SetMeshOutputCounts(m.vertexCount, m.primitiveCount);

    if (gtid < m.vertexCount)
    {
        uint vertexIndex = g_VertexIndices[m.vertexOffset + gtid];
        float4 world = mul(g_World, float4(g_Positions[vertexIndex], 1.0));
        VertexOut v;
        v.position = mul(g_ViewProj, world);
        v.normal = normalize(mul((float3x3)g_World, g_Normals[vertexIndex]));
        v.color = MeshletColor(meshletIndex);
        verts[gtid] = v;
    }

    if (gtid < m.primitiveCount)
    {
        uint packed = g_PrimitiveIndices.Load((m.primitiveOffset + gtid) * 4);
        tris[gtid] = UnpackTriangle(packed);
        prims[gtid].meshletId = meshletIndex;
    }
}

float4 PSMain(VertexOut v, PrimitiveOut p) : SV_Target
{
    float ndl = saturate(dot(normalize(v.normal), normalize(float3(0.3, 1.0, 0.4))));
    float3 tint = (p.meshletId & 1) != 0 ? v.color : v.color * 0.8;
    return float4(tint * (0.25 + 0.75 * ndl), 1.0);
}
