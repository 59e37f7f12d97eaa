// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// define: LAYER_COUNT=4
// Heightmap terrain: vertex shader displaces a grid patch by a heightmap with SampleLevel, pixel shader blends LAYER_COUNT material layers from a Texture2DArray using triplanar projection and SampleGrad with explicit derivatives.

cbuffer TerrainCB : register(b0)
{
    float4x4 g_ViewProj;
    float3   g_CameraPos;
    float    g_HeightScale;
    float2   g_TerrainSize;     // world units
    float2   g_PatchOffset;
    float    g_PatchSize;
    float    g_LayerTiling[LAYER_COUNT];
    float    g_TriplanarSharpness;
};

Texture2D<float>       g_Heightmap : register(t0);
Texture2D<float4>      g_Splatmap  : register(t1);
Texture2DArray<float4> g_Layers    : register(t2);
Texture2DArray<float4> g_LayerNormals : register(t3);
SamplerState           g_LinearClamp  : register(s0);
SamplerState           g_AnisoWrap    : register(s1);

struct VSOut
{
    float4 position : SV_Position;
    float3 worldPos : WORLDPOS;
    float2 terrainUV : TEXCOORD0;
};

float HeightAt(float2 uv)
{
    return g_Heightmap.SampleLevel(g_LinearClamp, uv, 0) * g_HeightScale;
}

VSOut VSMain(float2 gridPos : POSITION)
{
    float2 xz = g_PatchOffset + gridPos * g_PatchSize;
    float2 uv = xz / g_TerrainSize;
    VSOut o;
    o.worldPos = float3(xz.x, HeightAt(uv), xz.y);
    o.position = mul(g_ViewProj, float4(o.worldPos, 1.0));
    o.terrainUV = uv;
    return o;
}

float3 TerrainNormal(float2 uv)
{
    uint w, h;
    g_Heightmap.GetDimensions(w, h);
    float2 texel = 1.0 / float2(w, h);
    float hl = HeightAt(uv - float2(texel.x, 0));
    float hr = HeightAt(uv + float2(texel.x, 0));
    float hd = HeightAt(uv - float2(0, texel.y));
    float hu = HeightAt(uv + float2(0, texel.y));
    float2 worldTexel = texel * g_TerrainSize;
    return normalize(float3((hl - hr) / worldTexel.x, 2.0, (hd - hu) / worldTexel.y));
}

// Samples one layer with triplanar projection; derivatives are computed
// once per projection so the gradients stay continuous.
float4 SampleLayerTriplanar(uint layer, float3 worldPos, float3 weights)
{
    float tiling = g_LayerTiling[layer];
    float2 uvX = worldPos.zy * tiling;
    float2 uvY = worldPos.xz * tiling;
    float2 uvZ = worldPos.xy * tiling;

    float4 cx = g_Layers.SampleGrad(g_AnisoWrap, float3(uvX, layer), ddx(uvX), ddy(uvX));
    float4 cy = g_Layers.SampleGrad(g_AnisoWrap, float3(uvY, layer), ddx(uvY), ddy(uvY));
    float4 cz = g_Layers.SampleGrad(g_AnisoWrap, float3(uvZ, layer), ddx(uvZ), ddy(uvZ));
    return cx * weights.x + cy * weights.y + cz * weights.z;
}

float4 PSMain(VSOut i) : SV_Target
{
    float3 n = TerrainNormal(i.terrainUV);
    float3 tri = pow(abs(n), g_TriplanarSharpness);
    tri /= (tri.x + tri.y + tri.z);

    float4 splat = g_Splatmap.Sample(g_LinearClamp, i.terrainUV);
    float weights[LAYER_COUNT] = { splat.r, splat.g, splat.b, splat.a };

    float4 albedo = 0;
    float total = 0;
    [unroll]
    for (uint layer = 0; layer < LAYER_COUNT; ++layer)
    {
        float w = weights[layer];
        // Height-based blend: the layer's alpha channel stores height.
        float4 c = SampleLayerTriplanar(layer, i.worldPos, tri);
        w *= saturate(c.a + w);
        albedo += c * w;
        total += w;
    }
    albedo /= max(total, 1e-4);

    float3 sunDir = normalize(float3(0.3, 0.8, 0.2));
    float ndl = saturate(dot(n, sunDir));
    return float4(albedo.rgb * (0.2 + 0.8 * ndl), 1.0);
}
