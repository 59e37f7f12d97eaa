// entry: main cs_6_0
// args: -HV 2021
// include-dir: include
// Repacks a G-buffer into a compact visibility-style format using HLSL 2021 features: bitfields in structs, struct inheritance, select()/and()/or() on vectors, C++ loop scoping, half (32-bit without -enable-16bit-types) and f32tof16 packing helpers.

#include "packing.hlsli"

struct PackedHeader
{
    uint materialId : 12;
    uint shadingModel : 3;
    uint twoSided : 1;
    uint lodFade : 8;
    uint stencil : 8;
};

struct SurfaceBase
{
    float3 normal;
    float  roughness;
};

// Inherits normal/roughness from SurfaceBase.
struct SurfaceFull : SurfaceBase
{
    float3 albedo;
    float  metallic;
    float3 emissive;

    float3 DiffuseColor()
    {
        return albedo * (1.0 - metallic);
    }
};

Texture2D<float4>   g_Albedo    : register(t0);
Texture2D<float4>   g_Normal    : register(t1);
Texture2D<float4>   g_Emissive  : register(t2);
Texture2D<uint>     g_Material  : register(t3);
RWTexture2D<uint4>  g_Packed    : register(u0);

cbuffer PackCB : register(b0)
{
    uint2 g_Size;
    float g_EmissiveScale;
    uint  g_FrameIndex;
};

SurfaceFull LoadSurface(int2 p)
{
    float4 a = g_Albedo.Load(int3(p, 0));
    float4 n = g_Normal.Load(int3(p, 0));
    SurfaceFull s;
    s.normal = normalize(n.xyz * 2.0 - 1.0);
    s.roughness = n.w;
    s.albedo = a.rgb;
    s.metallic = a.a;
    s.emissive = g_Emissive.Load(int3(p, 0)).rgb * g_EmissiveScale;
    return s;
}

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    if (any(dtid.xy >= g_Size))
        return;
    int2 p = int2(dtid.xy);

    SurfaceFull s = LoadSurface(p);
    uint matBits = g_Material.Load(int3(p, 0));

    PackedHeader h;
    h.materialId = matBits & 0xfff;
    h.shadingModel = (matBits >> 12) & 0x7;
    h.twoSided = (matBits >> 15) & 0x1;
    h.lodFade = (matBits >> 16) & 0xff;
    h.stencil = matBits >> 24;

    // Vector conditions must use select()/and()/or() in HLSL 2021.
    bool3 tooDark = s.albedo < 0.02;
    bool3 tooBright = s.albedo > 0.98;
    float3 albedo = select(or(tooDark, tooBright), clamp(s.albedo, 0.02, 0.98), s.albedo);
    bool2 nonZero = and(abs(s.normal.xy) > 1e-4, bool2(true, h.twoSided != 0));

    half rough = (half)s.roughness;
    half metal = (half)s.metallic;
    float2 oct = EncodeOctahedral(s.normal);

    // C++ scoping: each loop has its own `i`.
    uint nonZeroCount = 0;
    for (uint i = 0; i < 2; ++i)
        nonZeroCount += nonZero[i] ? 1 : 0;
    float3 diffuse = s.DiffuseColor();
    float diffuseSum = 0;
    for (uint i = 0; i < 3; ++i)
        diffuseSum += diffuse[i];

    uint header = h.materialId | (h.shadingModel << 12) | (h.twoSided << 15)
                | (h.lodFade << 16) | (h.stencil << 24);

    uint4 packed;
    packed.x = header;
    packed.y = PackUnorm2x16(oct);
    packed.z = PackUnorm4x8(float4(albedo, (float)metal));
    packed.w = nonZeroCount == 0 && diffuseSum == 0
             ? PackHalf2(float2(rough, 0.0))
             : PackR11G11B10(s.emissive + (float)rough * 1e-3);
    g_Packed[dtid.xy] = packed;
}
