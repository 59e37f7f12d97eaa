// entry: main cs_6_0
// include-dir: include
// Compute-shader linear blend skinning: reads packed vertices (position, octahedral normal, 4 bone indices/weights) with ByteAddressBuffer.Load4 and writes skinned positions/normals with Store3/Store2.

#include "packing.hlsli"

#define VERTEX_STRIDE_IN  32   // float3 pos, uint normal, uint4 = {bones, weights, uv, pad}
#define VERTEX_STRIDE_OUT 16   // float3 pos, uint normal

cbuffer SkinParams : register(b0)
{
    uint g_VertexCount;
    uint g_BoneOffset;
    uint g_InputOffset;
    uint g_OutputOffset;
};

ByteAddressBuffer               g_InputVertices  : register(t0);
StructuredBuffer<float3x4>      g_BoneMatrices   : register(t1);
RWByteAddressBuffer             g_OutputVertices : register(u0);

struct SkinInput
{
    float3 position;
    float3 normal;
    uint4  bones;
    float4 weights;
};

SkinInput LoadVertex(uint index)
{
    uint addr = g_InputOffset + index * VERTEX_STRIDE_IN;
    uint4 a = g_InputVertices.Load4(addr);
    uint4 b = g_InputVertices.Load4(addr + 16);

    SkinInput v;
    v.position = asfloat(a.xyz);
    v.normal = DecodeOctahedral(UnpackUnorm2x16(a.w));
    // Bone indices: four 8-bit values packed in one uint.
    v.bones = uint4(b.x & 0xff, (b.x >> 8) & 0xff, (b.x >> 16) & 0xff, b.x >> 24);
    v.weights = UnpackUnorm4x8(b.y);
    return v;
}

float3x4 BlendBones(uint4 bones, float4 weights)
{
    float3x4 m = g_BoneMatrices[g_BoneOffset + bones.x] * weights.x;
    m += g_BoneMatrices[g_BoneOffset + bones.y] * weights.y;
    m += g_BoneMatrices[g_BoneOffset + bones.z] * weights.z;
    m += g_BoneMatrices[g_BoneOffset + bones.w] * weights.w;
    return m;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint index = dtid.x;
    if (index >= g_VertexCount)
        return;

    SkinInput v = LoadVertex(index);
    // Normalize weights in case quantization broke the unit sum.
    float wsum = dot(v.weights, 1.0.xxxx);
    float4 w = wsum > 0.0 ? v.weights / wsum : float4(1, 0, 0, 0);

    float3x4 skin = BlendBones(v.bones, w);
    float3 position = mul(skin, float4(v.position, 1.0));
    float3 normal = normalize(mul((float3x3)skin, v.normal));

    uint outAddr = g_OutputOffset + index * VERTEX_STRIDE_OUT;
    g_OutputVertices.Store3(outAddr, asuint(position));
    g_OutputVertices.Store(outAddr + 12, PackUnorm2x16(EncodeOctahedral(normal)));
}
