// A lit vertex + pixel shader pair.
struct VSInput
{
    float3 position : POSITION;
    float3 normal : NORMAL;
    float2 uv : TEXCOORD0;
    [[vk::location(3)]] float4 color : COLOR0;
};

struct PSInput
{
    float4 position : SV_Position;
    nointerpolation float3 normal : NORMAL;
    linear centroid float2 uv : TEXCOORD0;
    float4 color : COLOR0;
};

cbuffer PerFrame : register(b0)
{
    row_major float4x4 ViewProj;
    float3 LightDir;
    float Time;
}

cbuffer PerObject : register(b1)
{
    column_major float4x4 World;
    float4 Tint;
};

[[vk::binding(0, 1)]] Texture2D<float4> Albedo : register(t0, space1);
[[vk::binding(1, 1)]] SamplerState Sampler : register(s0);
[[vk::push_constant]] ConstantBuffer<PSInput> Push;

typedef float4 Color;
typedef float3 Corners[4];
using Vec2 = vector<float, 2>;

float3 rotate(float3 v, float angle)
{
    float s, c;
    sincos(angle, s, c);
    float3x3 m = float3x3(c, 0, s, 0, 1, 0, -s, 0, c);
    return mul(m, v);
}

PSInput VSMain(VSInput input, uint id : SV_VertexID)
{
    PSInput output = (PSInput)0;
    float3 p = rotate(input.position, Time * 0.5f);
    output.position = mul(float4(p, 1.0), mul(World, ViewProj));
    output.normal = normalize(mul((float3x3)World, input.normal));
    output.uv = input.uv;
    output.color = input.color * Tint;
    return output;
}

Color PSMain(PSInput input, bool front : SV_IsFrontFace) : SV_Target0
{
    float4 albedo = Albedo.Sample(Sampler, input.uv);
    if (albedo.a < 0.1)
        discard;
    float ndl = saturate(dot(normalize(input.normal), -LightDir));
    const Vec2 scale = Vec2(1.0, front ? 1.0 : -1.0);
    float3 lit = albedo.rgb * (ndl * scale.x + 0.1) * input.color.rgb;
    uint packed = (uint)(lit.r * 255.0) << 16 | (uint)(lit.g * 255.0) << 8;
    return float4(lit, albedo.a * (packed != 0 ? 1 : 0));
}
