// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// Two-layer material blending where each layer is a struct holding its textures and sampler next to its factors: layers built as locals, copied and edited field by field, passed by value to a shading function, and detail maps picked from a local texture array.

cbuffer MaterialCB : register(b0)
{
    float4x4 g_WorldViewProj;
    float4   g_BaseTint;
    float4   g_MossTint;
    float    g_MossHeight;
    float    g_DetailScale;
    float2   g_Pad;
};

Texture2D    g_StoneAlbedo : register(t0);
Texture2D    g_StoneNormal : register(t1);
Texture2D    g_MossAlbedo  : register(t2);
Texture2D    g_MossNormal  : register(t3);
Texture2D    g_DetailA     : register(t4);
Texture2D    g_DetailB     : register(t5);
SamplerState g_Aniso       : register(s0);
SamplerState g_Linear      : register(s1);

struct Layer
{
    Texture2D    albedo;
    Texture2D    normalMap;
    SamplerState samp;
    float4       tint;
    float        roughness;
};

struct VSOut
{
    float4 pos    : SV_Position;
    float2 uv     : TEXCOORD0;
    float3 normal : NORMAL;
    float  height : TEXCOORD1;
};

VSOut VSMain(float3 pos : POSITION, float3 normal : NORMAL, float2 uv : TEXCOORD0)
{
    VSOut o;
    o.pos = mul(g_WorldViewProj, float4(pos, 1.0));
    o.uv = uv;
    o.normal = normal;
    o.height = pos.y;
    return o;
}

// Albedo times tint in rgb, a Lambert-like term from the normal map in a.
float4 ShadeLayer(Layer layer, float2 uv, float3 n)
{
    float4 albedo = layer.albedo.Sample(layer.samp, uv) * layer.tint;
    float3 tn = layer.normalMap.Sample(layer.samp, uv).xyz * 2.0 - 1.0;
    float ndl = saturate(dot(normalize(n + tn * (1.0 - layer.roughness)), float3(0.0, 1.0, 0.0)));
    return float4(albedo.rgb * (0.2 + 0.8 * ndl), albedo.a);
}

float4 PSMain(VSOut i) : SV_Target
{
    Layer stone;
    stone.albedo = g_StoneAlbedo;
    stone.normalMap = g_StoneNormal;
    stone.samp = g_Aniso;
    stone.tint = g_BaseTint;
    stone.roughness = 0.8;

    // Moss reuses the stone's sampler and roughness, with its own maps and tint.
    Layer moss = stone;
    moss.albedo = g_MossAlbedo;
    moss.normalMap = g_MossNormal;
    moss.tint = g_MossTint;
    moss.roughness = stone.roughness * 0.5;

    float blend = smoothstep(g_MossHeight - 0.5, g_MossHeight + 0.5, i.height);
    float4 color = lerp(ShadeLayer(stone, i.uv, i.normal), ShadeLayer(moss, i.uv, i.normal), blend);

    Texture2D details[2] = { g_DetailA, g_DetailB };
    SamplerState detailSampler;
    detailSampler = g_Linear;
    float2 duv = i.uv * g_DetailScale;
    float detail = details[0].Sample(detailSampler, duv).r * details[1].Sample(detailSampler, duv * 3.1).r;
    return float4(color.rgb * (0.5 + detail), color.a);
}
