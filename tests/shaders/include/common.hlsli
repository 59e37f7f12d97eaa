// Shared math constants and small helpers used across the corpus.
#pragma once
// Also guarded the classic way so tools without #pragma once support work.
#ifndef COMMON_HLSLI
#define COMMON_HLSLI

static const float PI        = 3.14159265358979;
static const float TWO_PI    = 6.28318530717959;
static const float INV_PI    = 0.31830988618379;
static const float HALF_PI   = 1.57079632679490;
static const float FLT_EPS   = 1.0e-5;
static const float FLT_LARGE = 3.0e38;

// Function-like helpers. SQR evaluates its argument twice, so only pass
// side-effect free expressions.
#define SQR(x)            ((x) * (x))
#define SATURATE_ADD(a, b) saturate((a) + (b))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define STRINGIFY(x)      #x
#define CONCAT(a, b)      a##b

float Luminance(float3 rgb)
{
    return dot(rgb, float3(0.2126, 0.7152, 0.0722));
}

float Pow5(float x)
{
    float x2 = x * x;
    return x2 * x2 * x;
}

float Remap(float v, float inMin, float inMax, float outMin, float outMax)
{
    float t = saturate((v - inMin) / (inMax - inMin));
    return lerp(outMin, outMax, t);
}

float3 SafeNormalize(float3 v)
{
    float len2 = dot(v, v);
    return len2 > FLT_EPS ? v * rsqrt(len2) : float3(0.0, 0.0, 1.0);
}

// Reconstructs a view-space position from a [0,1] depth value and uv.
float3 ReconstructViewPos(float2 uv, float deviceDepth, float4x4 invProj)
{
    float4 clip = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), deviceDepth, 1.0);
    float4 view = mul(invProj, clip);
    return view.xyz / view.w;
}

// Builds an orthonormal basis around n (branchless variant).
void BuildBasis(float3 n, out float3 t, out float3 b)
{
    float s = n.z >= 0.0 ? 1.0 : -1.0;
    float a = -1.0 / (s + n.z);
    float c = n.x * n.y * a;
    t = float3(1.0 + s * n.x * n.x * a, s * c, -s * n.x);
    b = float3(c, s + n.y * n.y * a, -n.y);
}

uint Hash32(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

float HashToFloat01(uint h)
{
    return float(h >> 8) * (1.0 / 16777216.0);
}

#endif // COMMON_HLSLI
