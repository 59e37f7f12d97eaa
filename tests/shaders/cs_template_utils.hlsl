// entry: main cs_6_0
// args: -HV 2021
// HLSL 2021 templates: template functions with deduced and explicit arguments, a template ring-buffer struct with methods, and a template min/max accumulator used to compute bounding boxes.

template<typename T>
T Square(T x)
{
    return x * x;
}

template<typename T>
T Max3(T a, T b, T c)
{
    return max(a, max(b, c));
}

template<typename T, typename U>
T LerpCast(T a, T b, U t)
{
    return (T)lerp(a, b, (T)t);
}

// A fixed-size history window stored in a struct; N is a template
// non-type parameter.
template<typename T, uint N>
struct History
{
    T    values[N];
    uint head;

    void Clear(T v)
    {
        [unroll]
        for (uint i = 0; i < N; ++i)
            values[i] = v;
        head = 0;
    }

    void Push(T v)
    {
        values[head] = v;
        head = (head + 1) % N;
    }

    T Average()
    {
        T sum = values[0];
        [unroll]
        for (uint i = 1; i < N; ++i)
            sum += values[i];
        return sum / (float)N;
    }
};

template<typename T>
struct MinMax
{
    T lo;
    T hi;

    void Init(T v)
    {
        lo = v;
        hi = v;
    }

    void Add(T v)
    {
        lo = min(lo, v);
        hi = max(hi, v);
    }

    T Extent()
    {
        return hi - lo;
    }
};

typedef MinMax<float3> Bounds3;

struct Sample
{
    float3 position;
    float  value;
};

StructuredBuffer<Sample>   g_Samples : register(t0);
RWStructuredBuffer<float4> g_Result  : register(u0);

cbuffer Params : register(b0)
{
    uint  g_SamplesPerThread;
    float g_Blend;
    uint2 g_Pad;
};

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint first = dtid.x * g_SamplesPerThread;

    Bounds3 bounds;
    bounds.Init(g_Samples[first].position);

    History<float, 4> history;
    history.Clear(0.0);

    float peak = 0.0;
    for (uint i = 0; i < g_SamplesPerThread; ++i)
    {
        Sample s = g_Samples[first + i];
        bounds.Add(s.position);
        history.Push(Square(s.value));
        peak = Max3<float>(peak, s.value, -s.value);
    }

    float3 extent = bounds.Extent();
    float longest = Max3(extent.x, extent.y, extent.z);
    int squaredInt = Square<int>(int(g_SamplesPerThread));
    float smoothed = LerpCast(history.Average(), peak, g_Blend);

    g_Result[dtid.x] = float4(longest, smoothed, (float)squaredInt, peak);
}
