// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// Deferred G-buffer fill: writes albedo, octahedral normal + roughness, packed material bits and motion vectors to four SV_Target outputs.

#include "common.hlsli"
#include "packing.hlsli"

cbuffer CameraCB : register(b0)
{
    float4x4 g_ViewProj;
    float4x4 g_PrevViewProj;
    float2   g_Jitter;
    float2   g_PrevJitter;
};

cbuffer ObjectCB : register(b1)
{
    float4x4 g_World;
    float4x4 g_PrevWorld;
    uint     g_MaterialId;
    float    g_Roughness;
    float    g_Metalness;
    float    g_Pad;
};

Texture2D    g_Albedo   : register(t0);
Texture2D    g_Normal   : register(t1);
SamplerState g_Aniso    : register(s0);

struct VSInput
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float4 tangent  : TANGENT;
    float2 uv       : TEXCOORD;
};

struct PSInput
{
    float4 position   : SV_Position;
    float4 currClip   : CURR_CLIP;
    float4 prevClip   : PREV_CLIP;
    float3 normal     : NORMAL;
    float4 tangent    : TANGENT;
    float2 uv         : TEXCOORD;
};

struct GBufferOutput
{
    float4 albedo   : SV_Target0;  // rgb albedo, a = ao
    float4 normal   : SV_Target1;  // xy oct normal, z roughness, w metalness
    uint   material : SV_Target2;  // R32_UINT: material id + flags
    float2 motion   : SV_Target3;  // screen-space motion vector
};

PSInput VSMain(VSInput v)
{
    PSInput o;
    float4 world = mul(g_World, float4(v.position, 1.0));
    float4 prevWorld = mul(g_PrevWorld, float4(v.position, 1.0));
    o.currClip = mul(g_ViewProj, world);
    o.prevClip = mul(g_PrevViewProj, prevWorld);
    o.position = o.currClip + float4(g_Jitter * o.currClip.w, 0.0, 0.0);
    o.normal = mul((float3x3)g_World, v.normal);
    o.tangent = float4(mul((float3x3)g_World, v.tangent.xyz), v.tangent.w);
    o.uv = v.uv;
    return o;
}

GBufferOutput PSMain(PSInput i, bool isFrontFace : SV_IsFrontFace)
{
    float4 albedo = g_Albedo.Sample(g_Aniso, i.uv);

    float3 N = normalize(i.normal);
    float3 T = normalize(i.tangent.xyz - N * dot(N, i.tangent.xyz));
    float3 B = cross(N, T) * i.tangent.w;
    float3 tn = g_Normal.Sample(g_Aniso, i.uv).xyz * 2.0 - 1.0;
    float3 n = normalize(tn.x * T + tn.y * B + tn.z * N);
    n = isFrontFace ? n : -n;

    float2 currNdc = i.currClip.xy / i.currClip.w - g_Jitter;
    float2 prevNdc = i.prevClip.xy / i.prevClip.w - g_PrevJitter;

    GBufferOutput o;
    o.albedo = float4(albedo.rgb, 1.0);
    o.normal = float4(EncodeOctahedral(n), g_Roughness, g_Metalness);
    o.material = (g_MaterialId & 0xffffu) | ((isFrontFace ? 0u : 1u) << 16);
    o.motion = (currNdc - prevNdc) * float2(0.5, -0.5);
    return o;
}
