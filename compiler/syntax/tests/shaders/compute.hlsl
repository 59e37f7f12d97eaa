// A blur compute shader with groupshared memory, templates and attributes.
#define TILE 8

cbuffer BlurParams : register(b0, space1)
{
    uint2 Resolution : packoffset(c0.x);
    float Sigma : packoffset(c0.z);
    float Weights[5];
};

Texture2D<float4> Input : register(t0);
RWTexture2D<unorm float4> Output : register(u0);
StructuredBuffer<uint> Indices : register(t1, space1);
RWStructuredBuffer<uint> Counter;
SamplerState LinearClamp : register(s0);

groupshared float4 Cache[TILE * TILE];
static const uint Radius = 2, Taps[2] = { 1, 2 };

template <typename T, int N>
T sum_array(T values[N])
{
    T total = (T)0;
    [unroll]
    for (int i = 0; i < N; ++i)
        total += values[i];
    return total;
}

namespace blur {
    enum class Axis : uint { Horizontal = 0, Vertical = 1 };

    float weight(int offset, float sigma = 1.0)
    {
        return exp(-(float)(offset * offset) / (2.0 * sigma * sigma));
    }
}

uint flatten_index(uint2 id) { return id.y * Resolution.x + id.x; }

[numthreads(TILE, TILE, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gtid : SV_GroupThreadID, uint gi : SV_GroupIndex)
{
    if (any(dtid.xy >= Resolution))
        return;
    Cache[gi] = Input.Load(int3(dtid.xy, 0));
    GroupMemoryBarrierWithGroupSync();

    float4 acc = 0;
    [loop]
    for (int o = -int(Radius); o <= int(Radius); o++)
    {
        uint x = clamp(gtid.x + o, 0u, TILE - 1u);
        acc += Cache[gtid.y * TILE + x] * blur::weight(o, Sigma);
    }
    uint previous;
    InterlockedAdd(Counter[0], 1, previous);
    uint idx = Indices.Load<uint>(flatten_index(dtid.xy)) & 0xff;
    switch (idx % 3)
    {
    case 0:
        acc.rgb *= 0.5;
        break;
    case 1:
    case 2:
    {
        acc.a = saturate(acc.a);
        break;
    }
    default:
        break;
    }
    Output[dtid.xy] = idx > 4 ? acc : acc.bgra;
}
