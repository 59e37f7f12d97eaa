// entry: VSMain vs_6_0
// entry: GSMain gs_6_0
// entry: PSMain ps_6_0
// Single-pass omnidirectional shadow map: the geometry shader replicates each triangle to the six cube faces via SV_RenderTargetArrayIndex, culling faces the triangle cannot touch; the pixel shader writes linear distance to SV_Depth.

cbuffer CubeShadowCB : register(b0)
{
    float4x4 g_FaceViewProj[6];
    float3   g_LightPos;
    float    g_InvRange;
};

cbuffer ObjectCB : register(b1)
{
    float4x4 g_World;
};

struct VSOut
{
    float3 worldPos : WORLDPOS;
};

struct GSOut
{
    float4 position : SV_Position;
    float3 worldPos : WORLDPOS;
    uint   face     : SV_RenderTargetArrayIndex;
};

VSOut VSMain(float3 position : POSITION)
{
    VSOut o;
    o.worldPos = mul(g_World, float4(position, 1.0)).xyz;
    return o;
}

// Outcode of a clip-space position against the six frustum planes.
uint Outcode(float4 p)
{
    uint code = 0;
    code |= (p.x < -p.w) ? 1u : 0u;
    code |= (p.x >  p.w) ? 2u : 0u;
    code |= (p.y < -p.w) ? 4u : 0u;
    code |= (p.y >  p.w) ? 8u : 0u;
    code |= (p.z <  0.0) ? 16u : 0u;
    code |= (p.z >  p.w) ? 32u : 0u;
    return code;
}

[maxvertexcount(18)]
void GSMain(triangle VSOut input[3], inout TriangleStream<GSOut> stream)
{
    [unroll]
    for (uint face = 0; face < 6; ++face)
    {
        float4 clip[3];
        uint andCode = 0x3f;
        [unroll]
        for (uint v = 0; v < 3; ++v)
        {
            clip[v] = mul(g_FaceViewProj[face], float4(input[v].worldPos, 1.0));
            andCode &= Outcode(clip[v]);
        }
        // All three vertices outside the same plane: skip this face.
        [branch]
        if (andCode != 0)
            continue;

        [unroll]
        for (uint k = 0; k < 3; ++k)
        {
            GSOut o;
            o.position = clip[k];
            o.worldPos = input[k].worldPos;
            o.face = face;
            stream.Append(o);
        }
        stream.RestartStrip();
    }
}

float PSMain(GSOut i) : SV_Depth
{
    return length(i.worldPos - g_LightPos) * g_InvRange;
}
