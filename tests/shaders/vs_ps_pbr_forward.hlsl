// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// include-dir: include
// define: MAX_LIGHTS=32
// Forward PBR: vertex shader with normal mapping basis, pixel shader with metallic-roughness textures, GGX point lights, a directional light and split-sum image based lighting.

#include "bindings.hlsli"
#include <brdf.hlsli>

cbuffer DrawConstants : register(b1)
{
    row_major float4x4 g_World;
    row_major float4x4 g_WorldInvTranspose;
    float4 g_BaseColorFactor;
    float  g_RoughnessFactor;
    float  g_MetallicFactor;
    float  g_NormalScale;
    float  g_EmissiveStrength;
};

cbuffer LightBlock : register(b2)
{
    DirectionalLight g_Sun;
    PointLight       g_PointLights[MAX_LIGHTS];
};

Texture2D    g_BaseColorMap   : register(t0, space1);
Texture2D    g_NormalMap      : register(t1, space1);
Texture2D    g_MetalRoughMap  : register(t2, space1);
Texture2D    g_EmissiveMap    : register(t3, space1);
TextureCube  g_PrefilteredEnv : register(t4);
TextureCube  g_IrradianceEnv  : register(t5);
Texture2D<float2> g_BrdfLut   : register(t6);

struct VSInput
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float4 tangent  : TANGENT;   // w = handedness
    float2 uv       : TEXCOORD0;
};

struct VSOutput
{
    float4 position : SV_Position;
    float3 worldPos : WORLDPOS;
    float3 normal   : NORMAL;
    float3 tangent  : TANGENT;
    float3 bitangent: BINORMAL;
    float2 uv       : TEXCOORD0;
};

VSOutput VSMain(VSInput input)
{
    VSOutput o;
    float4 world = mul(float4(input.position, 1.0), g_World);
    o.worldPos = world.xyz;
    o.position = mul(g_Frame.viewProj, world);
    o.normal = normalize(mul(input.normal, (float3x3)g_WorldInvTranspose));
    o.tangent = normalize(mul(input.tangent.xyz, (float3x3)g_World));
    o.bitangent = cross(o.normal, o.tangent) * input.tangent.w;
    o.uv = input.uv;
    return o;
}

float3 SampleNormal(VSOutput i)
{
    float3 tn = g_NormalMap.Sample(g_LinearWrap, i.uv).xyz * 2.0 - 1.0;
    tn.xy *= g_NormalScale;
    float3x3 tbn = float3x3(normalize(i.tangent), normalize(i.bitangent), normalize(i.normal));
    return normalize(mul(tn, tbn));
}

float3 ImageBasedLighting(SurfaceData s, float3 V)
{
    float NoV = saturate(dot(s.normal, V));
    float3 R = reflect(-V, s.normal);
    uint width, height, levels;
    g_PrefilteredEnv.GetDimensions(0, width, height, levels);
    float lod = s.roughness * (levels - 1);

    float3 F = F_SchlickRoughness(s.F0(), NoV, s.roughness);
    float2 ab = g_BrdfLut.SampleLevel(g_LinearClamp, float2(NoV, s.roughness), 0);
    float3 specular = g_PrefilteredEnv.SampleLevel(g_LinearClamp, R, lod).rgb * (F * ab.x + ab.y);
    float3 diffuse = g_IrradianceEnv.Sample(g_LinearClamp, s.normal).rgb * s.albedo * (1.0 - F) * (1.0 - s.metallic);
    return (diffuse + specular) * s.ao;
}

float4 PSMain(VSOutput input) : SV_Target0
{
    float4 baseColor = g_BaseColorMap.Sample(g_LinearWrap, input.uv) * g_BaseColorFactor;
    float3 orm = g_MetalRoughMap.Sample(g_LinearWrap, input.uv).rgb;

    SurfaceData s;
    s.albedo = baseColor.rgb;
    s.normal = SampleNormal(input);
    s.ao = orm.r;
    s.roughness = orm.g * g_RoughnessFactor;
    s.metallic = orm.b * g_MetallicFactor;

    float3 V = normalize(g_Frame.cameraPos - input.worldPos);
    float3 color = EvaluateBRDF(s, V, -g_Sun.direction) * g_Sun.color * g_Sun.intensity;

    uint lightCount = min(g_Frame.lightCount, (uint)MAX_LIGHTS);
    [loop]
    for (uint i = 0; i < lightCount; ++i)
    {
        PointLight light = g_PointLights[i];
        float3 L;
        float atten = PointLightAttenuation(light, input.worldPos, L);
        [branch]
        if (atten > 0.0)
        {
            color += EvaluateBRDF(s, V, L) * light.color * (light.intensity * atten);
        }
    }

    color += ImageBasedLighting(s, V);
    color += g_EmissiveMap.Sample(g_LinearWrap, input.uv).rgb * g_EmissiveStrength;
    return float4(color, baseColor.a);
}
