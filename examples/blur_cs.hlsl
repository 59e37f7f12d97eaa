// A separable box blur over one row of a texture, using groupshared memory.
// Build: hlslc -T cs_6_0 -E main blur_cs.hlsl

#define GROUP_SIZE 64
#define RADIUS 4

// D3D registers, and the Vulkan bindings a -spirv build gives them (without `[[vk::binding]]`,
// t0, u0 and b0 would all take binding 0, as in DXC, unless -fvk-u-shift/-fvk-b-shift move them).
[[vk::binding(0)]] Texture2D<float4> Source : register(t0);
[[vk::binding(1)]] RWTexture2D<float4> Destination : register(u0);

[[vk::binding(2)]] cbuffer BlurParams : register(b0)
{
    uint2 ImageSize;
    float Strength;
    float _pad;
};

groupshared float4 Row[GROUP_SIZE + 2 * RADIUS];

float4 LoadClamped(int2 p)
{
    p = clamp(p, int2(0, 0), int2(ImageSize) - 1);
    return Source.Load(int3(p, 0));
}

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    int2 p = int2(dtid.xy);
    Row[gi + RADIUS] = LoadClamped(p);
    if (gi < RADIUS)
    {
        Row[gi] = LoadClamped(p - int2(RADIUS, 0));
        Row[gi + GROUP_SIZE + RADIUS] = LoadClamped(p + int2(GROUP_SIZE, 0));
    }
    GroupMemoryBarrierWithGroupSync();

    float4 sum = 0;
    [unroll]
    for (int i = -RADIUS; i <= RADIUS; ++i)
    {
        sum += Row[gi + RADIUS + i];
    }
    float4 blurred = sum / (2 * RADIUS + 1);
    if (all(dtid.xy < ImageSize))
    {
        Destination[dtid.xy] = lerp(Row[gi + RADIUS], blurred, Strength);
    }
}
