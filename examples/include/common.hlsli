// Shared helpers for the tone-mapping example.
#pragma once

#define PI 3.14159265f
#define SQR(x) ((x) * (x))
#define LUMINANCE(c) dot((c), float3(0.2126f, 0.7152f, 0.0722f))
#define DECLARE_TEXTURE(name, reg) Texture2D<float4> name : register(t##reg)
#define STRINGIFY(x) #x
#define CONCAT(a, b) a##b
#define MAX3(a, b, c) max(max(a, b), c)

#ifndef TONEMAP_OPERATOR
#define TONEMAP_OPERATOR 1
#endif

float3 ReinhardExtended(float3 c, float whitePoint)
{
    float l = LUMINANCE(c);
    float mapped = l * (1.0f + l / SQR(whitePoint)) / (1.0f + l);
    return c * (mapped / max(l, 1e-5f));
}
