// entry: main vs_6_0
// include-dir: include
// Skinned, instanced character vertex shader: #pragma pack_matrix(row_major), explicit row_major/column_major members, bone palettes in a StructuredBuffer, dual (float3x3) normal transform, and instance data from a ByteAddressBuffer.

#pragma pack_matrix(row_major)

#include "common.hlsli"

#define MAX_BONE_INFLUENCES 4

cbuffer CameraCB : register(b0)
{
    float4x4 g_ViewProj;           // row_major via the pragma
    column_major float4x4 g_PrevViewProj;   // uploaded transposed by the engine
    float3   g_CameraPos;
    uint     g_BonesPerInstance;
};

StructuredBuffer<float4x3> g_BonePalette  : register(t0);
ByteAddressBuffer          g_InstanceData : register(t1);  // per instance: float4x3 world (48 bytes) + uint4 misc

struct VSIn
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float4 tangent  : TANGENT;
    float2 uv       : TEXCOORD0;
    uint4  bones    : BLENDINDICES;
    float4 weights  : BLENDWEIGHT;
};

struct VSOut
{
    float4 position     : SV_Position;
    float4 prevPosition : PREV_POSITION;
    float3 normal       : NORMAL;
    float4 tangent      : TANGENT;
    float2 uv           : TEXCOORD0;
    nointerpolation uint instanceMisc : INSTANCE_MISC;
};

float4x3 LoadInstanceWorld(uint instanceId, out uint4 misc)
{
    uint base = instanceId * 64;
    float4 r0 = asfloat(g_InstanceData.Load4(base + 0));
    float4 r1 = asfloat(g_InstanceData.Load4(base + 16));
    float4 r2 = asfloat(g_InstanceData.Load4(base + 32));
    misc = g_InstanceData.Load4(base + 48);
    // Stored as three float4 columns; rebuild the 4x3 row-vector matrix.
    return float4x3(r0.x, r1.x, r2.x,
                    r0.y, r1.y, r2.y,
                    r0.z, r1.z, r2.z,
                    r0.w, r1.w, r2.w);
}

float4x3 SkinMatrix(uint paletteBase, uint4 bones, float4 weights)
{
    float4x3 m = (float4x3)0;
    [unroll]
    for (int i = 0; i < MAX_BONE_INFLUENCES; ++i)
    {
        m += g_BonePalette[paletteBase + bones[i]] * weights[i];
    }
    return m;
}

VSOut main(VSIn v, uint instanceId : SV_InstanceID)
{
    uint4 misc;
    float4x3 world = LoadInstanceWorld(instanceId, misc);
    uint paletteBase = instanceId * g_BonesPerInstance;

    float4x3 skin = SkinMatrix(paletteBase, v.bones, v.weights);
    // Row-vector convention: v * skin * world.
    float3 skinnedPos = mul(float4(v.position, 1.0), skin);
    float3 worldPos = mul(float4(skinnedPos, 1.0), world);

    float3x3 normalMat = mul((float3x3)skin, (float3x3)world);

    VSOut o;
    o.position = mul(float4(worldPos, 1.0), g_ViewProj);
    // The column-major matrix is used with the column-vector convention.
    o.prevPosition = mul(g_PrevViewProj, float4(worldPos, 1.0));
    o.normal = normalize(mul(v.normal, normalMat));
    o.tangent = float4(normalize(mul(v.tangent.xyz, normalMat)), v.tangent.w);
    o.uv = v.uv;
    o.instanceMisc = misc.x;
    return o;
}
