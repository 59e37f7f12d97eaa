// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// A Vulkan-targeted mesh renderer: [[vk::binding]], [[vk::location]], [[vk::push_constant]] and explicit bindings alongside D3D register() spellings; DXC ignores the vk attributes when emitting DXIL.

struct PushConstants
{
    float4x4 model;
    uint     textureLayer;
    float    alphaScale;
    float2   uvOffset;
};

[[vk::push_constant]] ConstantBuffer<PushConstants> g_Push;

struct CameraData
{
    float4x4 viewProj;
    float4   cameraPos;
};

[[vk::binding(0, 0)]] ConstantBuffer<CameraData> g_Camera : register(b0, space0);
[[vk::binding(1, 0)]] Texture2DArray            g_Atlas  : register(t1, space0);
[[vk::binding(2, 0)]] SamplerState              g_Sampler : register(s2, space0);
[[vk::binding(0, 1)]] StructuredBuffer<float4>  g_Palette : register(t0, space1);

struct VSInput
{
    [[vk::location(0)]] float3 position : POSITION;
    [[vk::location(1)]] float3 normal   : NORMAL;
    [[vk::location(2)]] float2 uv       : TEXCOORD0;
    [[vk::location(3)]] uint   paletteIndex : PALETTE;
};

struct VSOutput
{
    float4 position : SV_Position;
    [[vk::location(0)]] float3 normal : NORMAL;
    [[vk::location(1)]] float2 uv     : TEXCOORD0;
    [[vk::location(2)]] nointerpolation float4 tint : COLOR0;
    [[vk::location(3)]] float3 worldPos : TEXCOORD1;
};

VSOutput VSMain(VSInput input)
{
    VSOutput o;
    float4 world = mul(g_Push.model, float4(input.position, 1.0));
    o.position = mul(g_Camera.viewProj, world);
    o.normal = normalize(mul((float3x3)g_Push.model, input.normal));
    o.uv = input.uv + g_Push.uvOffset;
    o.tint = g_Palette[input.paletteIndex];
    o.worldPos = world.xyz;
    return o;
}

struct PSOutput
{
    [[vk::location(0)]] float4 color : SV_Target0;
    [[vk::location(1)]] float4 normalOut : SV_Target1;
};

PSOutput PSMain(VSOutput input)
{
    float4 texel = g_Atlas.Sample(g_Sampler, float3(input.uv, g_Push.textureLayer));
    float3 n = normalize(input.normal);
    float3 v = normalize(g_Camera.cameraPos.xyz - input.worldPos);
    // Cheap rim + wrap lighting.
    float wrap = saturate((dot(n, normalize(float3(0.3, 1.0, 0.2))) + 0.3) / 1.3);
    float rim = pow(1.0 - saturate(dot(n, v)), 3.0);

    PSOutput o;
    o.color = float4(texel.rgb * input.tint.rgb * (wrap + rim * 0.4), texel.a * g_Push.alphaScale);
    o.normalOut = float4(n * 0.5 + 0.5, 1.0);
    return o;
}
