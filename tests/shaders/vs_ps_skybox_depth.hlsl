// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// Procedural sky and cubemap skybox drawn at the far plane: the pixel shader writes SV_Depth explicitly, samples a TextureCube with SampleBias, and blends a sun disc and stars.

cbuffer SkyCB : register(b0)
{
    float4x4 g_InvViewProj;
    float3   g_SunDir;
    float    g_SunSize;
    float3   g_ZenithColor;
    float    g_Exposure;
    float3   g_HorizonColor;
    float    g_CubemapBias;
    float    g_StarDensity;
    float    g_FarDepth;   // 0 for reversed-Z, 1 otherwise
    float2   g_Pad;
};

TextureCube<float4> g_SkyCube : register(t0);
SamplerState        g_Trilinear : register(s0);

struct VSOut
{
    float4 position : SV_Position;
    float3 viewDir  : TEXCOORD0;
};

VSOut VSMain(uint id : SV_VertexID)
{
    float2 uv = float2((id << 1) & 2, id & 2);
    float4 clip = float4(uv * 2.0 - 1.0, 1.0, 1.0);
    VSOut o;
    o.position = clip;
    float4 world = mul(g_InvViewProj, clip);
    o.viewDir = world.xyz / world.w;
    return o;
}

float StarField(float3 dir)
{
    // Quantize the direction onto a grid and light a few cells.
    float3 cell = floor(dir * 400.0);
    float h = frac(sin(dot(cell, float3(12.9898, 78.233, 37.719))) * 43758.5453);
    return h > 1.0 - g_StarDensity ? (h - (1.0 - g_StarDensity)) / g_StarDensity : 0.0;
}

struct PSOut
{
    float4 color : SV_Target;
    float  depth : SV_Depth;
};

PSOut PSMain(VSOut i)
{
    float3 dir = normalize(i.viewDir);
    float height = saturate(dir.y);
    float3 gradient = lerp(g_HorizonColor, g_ZenithColor, pow(height, 0.5));

    float3 cube = g_SkyCube.SampleBias(g_Trilinear, dir, g_CubemapBias).rgb;
    float3 sky = gradient * 0.5 + cube * 0.5;

    float sunCos = dot(dir, -g_SunDir);
    float sunDisc = smoothstep(cos(g_SunSize), cos(g_SunSize * 0.8), sunCos);
    sky += sunDisc * float3(20.0, 18.0, 15.0);

    float night = saturate(-g_SunDir.y * 4.0);
    sky += StarField(dir) * night * step(0.0, dir.y);

    PSOut o;
    o.color = float4(sky * g_Exposure, 1.0);
    o.depth = g_FarDepth;
    return o;
}
