// entry: Count cs_6_0
// entry: Scatter cs_6_0
// define: RADIX_BITS=4
// One pass of an LSD radix sort on 32-bit keys: per-group digit histograms with groupshared atomics, then a stable scatter that ranks keys within the group using wave ballots and per-digit prefix offsets.

#define RADIX (1 << RADIX_BITS)
#define GROUP_SIZE 256
#define KEYS_PER_THREAD 4
#define KEYS_PER_GROUP (GROUP_SIZE * KEYS_PER_THREAD)

cbuffer RadixCB : register(b0)
{
    uint g_KeyCount;
    uint g_Shift;
    uint g_GroupCount;
    uint g_Pad;
};

StructuredBuffer<uint>   g_KeysIn        : register(t0);
StructuredBuffer<uint>   g_GlobalOffsets : register(t1);  // [digit * groupCount + group], exclusive scan
RWStructuredBuffer<uint> g_GroupHistograms : register(u0);
RWStructuredBuffer<uint> g_KeysOut       : register(u1);

groupshared uint s_Histogram[RADIX];
groupshared uint s_DigitOffset[RADIX];

uint Digit(uint key)
{
    return (key >> g_Shift) & (RADIX - 1);
}

[numthreads(GROUP_SIZE, 1, 1)]
void Count(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    if (gi < RADIX)
        s_Histogram[gi] = 0;
    GroupMemoryBarrierWithGroupSync();

    uint base = gid.x * KEYS_PER_GROUP;
    [unroll]
    for (uint k = 0; k < KEYS_PER_THREAD; ++k)
    {
        uint index = base + k * GROUP_SIZE + gi;
        if (index < g_KeyCount)
            InterlockedAdd(s_Histogram[Digit(g_KeysIn[index])], 1u);
    }
    GroupMemoryBarrierWithGroupSync();

    if (gi < RADIX)
        g_GroupHistograms[gi * g_GroupCount + gid.x] = s_Histogram[gi];
}

// Scatter: one key per thread per iteration, processed in order so the
// sort stays stable. Ranks within a wave come from a match via ballots.
[numthreads(GROUP_SIZE, 1, 1)]
void Scatter(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    if (gi < RADIX)
        s_DigitOffset[gi] = g_GlobalOffsets[gi * g_GroupCount + gid.x];
    GroupMemoryBarrierWithGroupSync();

    uint base = gid.x * KEYS_PER_GROUP;
    for (uint k = 0; k < KEYS_PER_THREAD; ++k)
    {
        uint index = base + k * GROUP_SIZE + gi;
        bool valid = index < g_KeyCount;
        uint key = valid ? g_KeysIn[index] : 0xffffffffu;
        uint digit = valid ? Digit(key) : RADIX;

        // Serialize waves of the group so ranks stay in index order.
        uint waveCount = GROUP_SIZE / WaveGetLaneCount();
        uint waveId = gi / WaveGetLaneCount();
        for (uint w = 0; w < waveCount; ++w)
        {
            if (w == waveId)
            {
                uint rank = 0;
                uint total = 0;
                // Match lanes with the same digit bit by bit.
                uint4 match = WaveActiveBallot(true);
                [unroll]
                for (uint b = 0; b < RADIX_BITS + 1; ++b)
                {
                    bool bit = ((digit >> b) & 1) != 0;
                    uint4 ballot = WaveActiveBallot(bit);
                    match &= bit ? ballot : ~ballot;
                }
                uint lane = WaveGetLaneIndex();
                [unroll]
                for (uint word = 0; word < 4; ++word)
                {
                    uint lanesBelow = lane >= (word + 1) * 32 ? 0xffffffffu
                                    : (lane <= word * 32 ? 0u : (1u << (lane - word * 32)) - 1u);
                    rank += countbits(match[word] & lanesBelow);
                    total += countbits(match[word]);
                }

                if (valid)
                    g_KeysOut[s_DigitOffset[digit] + rank] = key;
                // The highest-ranked lane of each digit advances the offset.
                if (valid && rank == total - 1)
                    s_DigitOffset[digit] += total;
            }
            GroupMemoryBarrierWithGroupSync();
        }
    }
}
