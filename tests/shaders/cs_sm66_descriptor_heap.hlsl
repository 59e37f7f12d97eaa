// entry: main cs_6_6
// A fully bindless SM 6.6 lighting pass: resources fetched straight from ResourceDescriptorHeap / SamplerDescriptorHeap with indices from root constants, 64-bit atomics on a RWByteAddressBuffer, and WaveActiveSum for per-wave statistics.

struct RootConstants
{
    uint gbufferAlbedoIndex;
    uint gbufferNormalIndex;
    uint outputIndex;
    uint samplerIndex;
    uint statsBufferIndex;
    uint lightBufferIndex;
    uint lightCount;
    uint frameIndex;
};

ConstantBuffer<RootConstants> g_Root : register(b0);

struct Light
{
    float3 direction;
    float  intensity;
    float3 color;
    float  pad;
};

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    Texture2D<float4>   albedoTex = ResourceDescriptorHeap[g_Root.gbufferAlbedoIndex];
    Texture2D<float4>   normalTex = ResourceDescriptorHeap[g_Root.gbufferNormalIndex];
    RWTexture2D<float4> output    = ResourceDescriptorHeap[g_Root.outputIndex];
    StructuredBuffer<Light> lights = ResourceDescriptorHeap[g_Root.lightBufferIndex];
    RWByteAddressBuffer stats     = ResourceDescriptorHeap[g_Root.statsBufferIndex];
    SamplerState        smp       = SamplerDescriptorHeap[g_Root.samplerIndex];

    uint width, height;
    output.GetDimensions(width, height);
    if (dtid.x >= width || dtid.y >= height)
        return;

    float2 uv = (float2(dtid.xy) + 0.5) / float2(width, height);
    float4 albedo = albedoTex.SampleLevel(smp, uv, 0);
    float3 n = normalize(normalTex.SampleLevel(smp, uv, 0).xyz * 2.0 - 1.0);

    float3 lit = 0;
    for (uint i = 0; i < g_Root.lightCount; ++i)
    {
        Light l = lights[i];
        lit += albedo.rgb * l.color * (l.intensity * saturate(dot(n, -l.direction)));
    }
    output[dtid.xy] = float4(lit, albedo.a);

    // Accumulate total luminance in 16.16 fixed point with a 64-bit atomic.
    float luminance = dot(lit, float3(0.2126, 0.7152, 0.0722));
    float waveLum = WaveActiveSum(luminance);
    if (WaveIsFirstLane())
    {
        uint64_t fixedPoint = (uint64_t)(waveLum * 65536.0);
        stats.InterlockedAdd64(0, fixedPoint);
        uint64_t previousMax;
        stats.InterlockedMax64(8, ((uint64_t)g_Root.frameIndex << 32) | WaveGetLaneCount(), previousMax);
    }
}
