// entry: main cs_6_0
// Stream compaction with wave intrinsics: WavePrefixCountBits/WaveActiveCountBits give per-lane slots, one atomic per wave reserves output space and WaveReadLaneFirst broadcasts the base.

cbuffer CompactParams : register(b0)
{
    uint  g_Count;
    float g_Threshold;
    uint2 g_Pad;
};

StructuredBuffer<float4>   g_Points      : register(t0);
RWStructuredBuffer<float4> g_Compacted   : register(u0);
RWByteAddressBuffer        g_Counter     : register(u1);
RWStructuredBuffer<float>  g_WaveStats   : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint index = dtid.x;
    bool inRange = index < g_Count;
    float4 p = inRange ? g_Points[index] : float4(0, 0, 0, 0);
    bool keep = inRange && p.w > g_Threshold;

    // Slot of this lane among the kept lanes of the wave.
    uint localSlot = WavePrefixCountBits(keep);
    uint waveCount = WaveActiveCountBits(keep);

    uint waveBase = 0;
    if (WaveIsFirstLane() && waveCount > 0)
    {
        g_Counter.InterlockedAdd(0, waveCount, waveBase);
    }
    waveBase = WaveReadLaneFirst(waveBase);

    if (keep)
    {
        g_Compacted[waveBase + localSlot] = p;
    }

    // Per-wave statistics: sum and max weight of the kept points, written
    // by the first lane.
    float weight = keep ? p.w : 0.0;
    float weightSum = WaveActiveSum(weight);
    float weightMax = WaveActiveMax(weight);
    float runningSum = WavePrefixSum(weight);
    uint laneCount = WaveGetLaneCount();

    if (WaveGetLaneIndex() == laneCount - 1 && inRange)
    {
        // Last lane's inclusive sum equals the wave sum.
        uint waveId = index / laneCount;
        g_WaveStats[waveId * 2 + 0] = runningSum + weight;
        g_WaveStats[waveId * 2 + 1] = weightMax;
    }

    if (WaveActiveAllTrue(!keep) && WaveIsFirstLane())
    {
        // Nothing survived in this wave; record that for debugging.
        uint ignored;
        g_Counter.InterlockedAdd(4, 1, ignored);
    }

    if (WaveActiveAnyTrue(weightSum > 1000.0) && WaveIsFirstLane())
    {
        uint ignored2;
        g_Counter.InterlockedAdd(8, 1, ignored2);
    }
}
