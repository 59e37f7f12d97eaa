// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// Stylized toon shading written with forward-declared prototypes, default parameter values, out/inout parameters, precise, do/while and switch-based ramp selection.

cbuffer ToonCB : register(b0)
{
    float4x4 g_WorldViewProj;
    float4x4 g_World;
    float3   g_LightDir;
    uint     g_RampMode;
    float3   g_BaseColor;
    uint     g_Bands;
    float3   g_CameraPos;
    float    g_OutlineWidth;
};

struct VSIn
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
};

struct VSOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float3 worldPos : TEXCOORD0;
};

// Prototypes; definitions follow the entry points.
float  Quantize(float x, uint bands = 4, float softness = 0.05);
float3 ApplyRamp(float ndl, uint mode);
void   ComputeRim(float3 n, float3 v, out float rim, inout float3 color, float power = 4.0);
float  SpecularHighlight(float3 n, float3 l, float3 v, float size = 0.9);

VSOut VSMain(VSIn input)
{
    VSOut o;
    // precise: keep the exact same multiply-add order as the depth pre-pass
    // so both passes produce bit-identical positions.
    precise float4 clip = mul(g_WorldViewProj, float4(input.position, 1.0));
    o.position = clip;
    o.normal = mul((float3x3)g_World, input.normal);
    o.worldPos = mul(g_World, float4(input.position, 1.0)).xyz;
    return o;
}

float4 PSMain(VSOut i) : SV_Target
{
    float3 n = normalize(i.normal);
    float3 l = normalize(-g_LightDir);
    float3 v = normalize(g_CameraPos - i.worldPos);

    float ndl = dot(n, l) * 0.5 + 0.5;
    float q = g_Bands > 0 ? Quantize(ndl, g_Bands) : Quantize(ndl);
    float3 color = g_BaseColor * ApplyRamp(q, g_RampMode);

    float rim;
    ComputeRim(n, v, rim, color);
    color += SpecularHighlight(n, l, v).xxx;
    return float4(color, 1.0);
}

float Quantize(float x, uint bands, float softness)
{
    float scaled = x * bands;
    float f = floor(scaled);
    float t = smoothstep(0.5 - softness, 0.5 + softness, frac(scaled));
    return (f + t) / bands;
}

float3 ApplyRamp(float ndl, uint mode)
{
    float3 ramp;
    switch (mode)
    {
    case 0:
        ramp = ndl.xxx;
        break;
    case 1:
        // Warm lights, cool shadows.
        ramp = lerp(float3(0.3, 0.35, 0.6), float3(1.0, 0.95, 0.85), ndl);
        break;
    case 2:
    {
        // Step through a hand-tuned three-tone ramp.
        float3 tones[3] = { float3(0.2, 0.2, 0.3), float3(0.6, 0.55, 0.6), float3(1, 1, 1) };
        int idx = 0;
        do
        {
            ++idx;
        } while (idx < 3 && ndl * 3.0 > idx);
        ramp = tones[idx - 1];
        break;
    }
    default:
        ramp = 1.0.xxx;
        break;
    }
    return ramp;
}

void ComputeRim(float3 n, float3 v, out float rim, inout float3 color, float power)
{
    rim = pow(1.0 - saturate(dot(n, v)), power);
    color += rim * 0.3;
}

float SpecularHighlight(float3 n, float3 l, float3 v, float size)
{
    float3 h = normalize(l + v);
    return step(size, dot(n, h)) * 0.5;
}
