// A textured, lit mesh: vertex shader `VSMain` and pixel shader `PSMain`.
// Build: hlslc -T vs_6_0 -E VSMain textured_vs_ps.hlsl
//        hlslc -T ps_6_0 -E PSMain textured_vs_ps.hlsl

cbuffer PerFrame : register(b0)
{
    row_major float4x4 ViewProjection;
    float3 LightDirection;
    float AmbientStrength;
};

cbuffer PerObject : register(b1)
{
    float4x4 World;
    float4 Tint;
};

Texture2D<float4> Albedo : register(t0);
SamplerState LinearSampler : register(s0);

struct VSInput
{
    float3 position : POSITION;
    float3 normal : NORMAL;
    float2 uv : TEXCOORD0;
};

struct VSOutput
{
    float4 position : SV_Position;
    float3 normal : NORMAL;
    float2 uv : TEXCOORD0;
};

VSOutput VSMain(VSInput input)
{
    VSOutput output;
    float4 worldPosition = mul(World, float4(input.position, 1.0));
    output.position = mul(worldPosition, ViewProjection);
    output.normal = normalize(mul((float3x3)World, input.normal));
    output.uv = input.uv;
    return output;
}

float4 PSMain(VSOutput input) : SV_Target0
{
    float3 n = normalize(input.normal);
    float diffuse = saturate(dot(n, -LightDirection));
    float4 albedo = Albedo.Sample(LinearSampler, input.uv) * Tint;
    return float4(albedo.rgb * (AmbientStrength + diffuse), albedo.a);
}
