// Cook-Torrance microfacet BRDF pieces (GGX / Smith / Schlick).
#ifndef BRDF_HLSLI
#define BRDF_HLSLI

#include "common.hlsli"

struct SurfaceData
{
    float3 albedo;
    float3 normal;
    float  roughness;
    float  metallic;
    float  ao;

    float3 F0()
    {
        return lerp(float3(0.04, 0.04, 0.04), albedo, metallic);
    }

    float Alpha()
    {
        float r = max(roughness, 0.045);
        return r * r;
    }
};

float D_GGX(float NoH, float alpha)
{
    float a2 = alpha * alpha;
    float d = (NoH * a2 - NoH) * NoH + 1.0;
    return a2 / (PI * d * d + FLT_EPS);
}

float V_SmithGGXCorrelated(float NoV, float NoL, float alpha)
{
    float a2 = alpha * alpha;
    float gv = NoL * sqrt(NoV * NoV * (1.0 - a2) + a2);
    float gl = NoV * sqrt(NoL * NoL * (1.0 - a2) + a2);
    return 0.5 / (gv + gl + FLT_EPS);
}

float3 F_Schlick(float3 f0, float VoH)
{
    float f = Pow5(1.0 - VoH);
    return f0 + (1.0 - f0) * f;
}

float3 F_SchlickRoughness(float3 f0, float NoV, float roughness)
{
    float3 oneMinusR = max((1.0 - roughness).xxx, f0);
    return f0 + (oneMinusR - f0) * Pow5(1.0 - NoV);
}

// Evaluates diffuse + specular for one light direction; returns radiance
// scale (to be multiplied by light color and intensity).
float3 EvaluateBRDF(SurfaceData s, float3 V, float3 L)
{
    float3 H = normalize(V + L);
    float NoV = abs(dot(s.normal, V)) + FLT_EPS;
    float NoL = saturate(dot(s.normal, L));
    float NoH = saturate(dot(s.normal, H));
    float VoH = saturate(dot(V, H));

    float alpha = s.Alpha();
    float3 F = F_Schlick(s.F0(), VoH);
    float D = D_GGX(NoH, alpha);
    float Vis = V_SmithGGXCorrelated(NoV, NoL, alpha);

    float3 kd = (1.0 - F) * (1.0 - s.metallic);
    float3 diffuse = kd * s.albedo * INV_PI;
    float3 specular = D * Vis * F;
    return (diffuse + specular) * NoL;
}

#endif // BRDF_HLSLI
