// Tonemapping operators. Guarded only by #pragma once (no #ifndef guard),
// so including it twice must be a no-op for the preprocessor.
#pragma once

#include "common.hlsli"

float3 TonemapReinhardLuma(float3 c)
{
    float l = Luminance(c);
    return c / (1.0 + l);
}

float3 TonemapACESApprox(float3 x)
{
    x *= 0.6;
    return saturate((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
}

// Hable/Uncharted-style filmic curve.
float3 FilmicCurve(float3 x)
{
    const float A = 0.15, B = 0.50, C = 0.10, D = 0.20, E = 0.02, F = 0.30;
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

float3 TonemapFilmic(float3 c, float whitePoint)
{
    return FilmicCurve(c) / FilmicCurve(whitePoint.xxx);
}
