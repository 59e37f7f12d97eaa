// entry: main cs_6_0
// define: ENABLE_DEBUG_COUNTERS=1
// define: KERNEL_VARIANT=3
// A post-process kernel dispatcher built with function-like macros: stringizing (#), token pasting (##), variadic __VA_ARGS__, nested macro expansion and #if/#elif on command-line defines.

#define KERNEL_GROUP_X 8
#define KERNEL_GROUP_Y 8
#define NUMTHREADS_2D [numthreads(KERNEL_GROUP_X, KERNEL_GROUP_Y, 1)]

// Declares a texture/UAV pair whose names share a prefix.
#define DECLARE_RW_PAIR(name, type, slot) \
    Texture2D<type>   name##_In  : register(t##slot); \
    RWTexture2D<type> name##_Out : register(u##slot);

DECLARE_RW_PAIR(g_Color, float4, 0)
DECLARE_RW_PAIR(g_Mask, float, 1)

RWByteAddressBuffer g_Debug : register(u4);

#define COUNTER_OFFSET(id) ((id) * 4)

#if ENABLE_DEBUG_COUNTERS
    #define COUNT_EVENT(id, ...) g_Debug.InterlockedAdd(COUNTER_OFFSET(id), __VA_ARGS__)
#else
    #define COUNT_EVENT(id, ...)
#endif

#define MAX_OF(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP01(x) saturate(x)
#define APPLY(fn, ...) fn(__VA_ARGS__)

#define KERNEL_NAME(v) Kernel##v
#define SELECT_KERNEL(v) KERNEL_NAME(v)

cbuffer KernelParams : register(b0)
{
    uint2  g_Size;
    float  g_Strength;
    float  g_Threshold;
};

float4 Kernel1(int2 p) { return g_Color_In.Load(int3(p, 0)); }

float4 Kernel2(int2 p)
{
    float4 c = g_Color_In.Load(int3(p, 0));
    return float4(1.0 - c.rgb, c.a);
}

float4 Kernel3(int2 p)
{
    // Sharpen with a 4-neighbour Laplacian.
    float4 c = g_Color_In.Load(int3(p, 0));
    float4 n = g_Color_In.Load(int3(p + int2(0, -1), 0))
             + g_Color_In.Load(int3(p + int2(0, 1), 0))
             + g_Color_In.Load(int3(p + int2(-1, 0), 0))
             + g_Color_In.Load(int3(p + int2(1, 0), 0));
    return c + (4.0 * c - n) * g_Strength;
}

NUMTHREADS_2D
void main(uint3 dtid : SV_DispatchThreadID)
{
    int2 p = int2(dtid.xy);
    if (any(dtid.xy >= g_Size))
        return;

    // Border pixels fall back to the pass-through kernel.
    bool border = any(p == 0) || any(dtid.xy == g_Size - 1);
    float4 result = border ? Kernel1(p) : SELECT_KERNEL(KERNEL_VARIANT)(p);

    float mask = CLAMP01(g_Mask_In.Load(int3(p, 0)));
    float4 original = g_Color_In.Load(int3(p, 0));
    result = lerp(original, result, mask);
    g_Color_Out[p] = APPLY(max, result, 0.0.xxxx);
    g_Mask_Out[p] = MAX_OF(mask, g_Threshold);

#if KERNEL_VARIANT == 1
    COUNT_EVENT(0, 1);
#elif KERNEL_VARIANT == 2 || KERNEL_VARIANT == 3
    uint before;
    COUNT_EVENT(KERNEL_VARIANT, 1, before);
#endif
}
