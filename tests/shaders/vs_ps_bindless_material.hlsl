// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Bindless materials: unbounded Texture2D/SamplerState arrays in space1/space2, per-draw material index from a ConstantBuffer<T>, and NonUniformResourceIndex for divergent indices.

#include "bindings.hlsli"

struct MaterialRecord
{
    uint  albedoIndex;
    uint  normalIndex;
    uint  emissiveIndex;
    uint  samplerIndex;
    float4 tint;
    float  alphaCutoff;
    float  emissiveScale;
    uint   flags;
    uint   pad;
};

struct DrawData
{
    float4x4 world;
    uint     materialIndex;
    uint     vertexOffset;
    uint2    pad;
};

ConstantBuffer<DrawData>         g_Draw      : register(b0, space2);
StructuredBuffer<MaterialRecord> g_Materials : register(t0, space0);
Texture2D                        g_Textures[] : register(t0, space1);
SamplerState                     g_Samplers[16] : register(s0, space2);

#define MATERIAL_FLAG_ALPHA_TEST (1u << 0)
#define MATERIAL_FLAG_HAS_EMISSIVE (1u << 1)
#define INVALID_TEXTURE 0xffffffffu

struct VSIn
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
};

struct VSOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
    nointerpolation uint materialIndex : MATERIAL;
};

VSOut VSMain(VSIn v)
{
    VSOut o;
    float4 world = mul(g_Draw.world, float4(v.position, 1.0));
    o.position = mul(g_Frame.viewProj, world);
    o.normal = mul((float3x3)g_Draw.world, v.normal);
    o.uv = v.uv;
    o.materialIndex = g_Draw.materialIndex;
    return o;
}

float4 SampleBindless(uint textureIndex, uint samplerIndex, float2 uv, float4 fallback)
{
    [branch]
    if (textureIndex == INVALID_TEXTURE)
        return fallback;
    // The index may differ between lanes of a wave (e.g. when draws are
    // merged), so it must be marked non-uniform.
    return g_Textures[NonUniformResourceIndex(textureIndex)].Sample(
        g_Samplers[NonUniformResourceIndex(samplerIndex)], uv);
}

float4 PSMain(VSOut i) : SV_Target
{
    MaterialRecord mat = g_Materials[NonUniformResourceIndex(i.materialIndex)];

    float4 albedo = SampleBindless(mat.albedoIndex, mat.samplerIndex, i.uv, 1.0.xxxx) * mat.tint;
    if ((mat.flags & MATERIAL_FLAG_ALPHA_TEST) != 0)
    {
        clip(albedo.a - mat.alphaCutoff);
    }

    float3 n = normalize(i.normal);
    float3 sun = normalize(float3(0.4, 1.0, 0.3));
    float3 color = albedo.rgb * (0.1 + saturate(dot(n, sun)));

    if (mat.flags & MATERIAL_FLAG_HAS_EMISSIVE)
    {
        color += SampleBindless(mat.emissiveIndex, mat.samplerIndex, i.uv, 0.0.xxxx).rgb * mat.emissiveScale;
    }
    return float4(color, albedo.a);
}
