// Ray tracing, tessellation and HLSL 2021 features.
RaytracingAccelerationStructure Scene : register(t0, space0);
RWTexture2D<float4> RenderTarget : register(u0);
RWByteAddressBuffer Raw : register(u1);
Texture2DArray<float> Shadows : register(t1);
SamplerComparisonState ShadowSampler : register(s1);

struct RayPayload { float4 color; uint depth : 8; uint flags : 24; };

static const float3x3 Identity = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };

template <typename T>
void swap(inout T a, inout T b)
{
    T t = a;
    a = b;
    b = t;
}

struct Complex
{
    float re, im;
    Complex operator*(Complex o)
    {
        Complex r = { re * o.re - im * o.im, re * o.im + im * o.re };
        return r;
    }
};

[shader("raygeneration")]
void RayGen()
{
    float2 uv = (float2)DispatchRaysIndex().xy / (float2)DispatchRaysDimensions().xy;
    RayDesc ray;
    ray.Origin = float3(uv * 2.0 - 1.0, -1);
    ray.Direction = float3(0, 0, 1);
    ray.TMin = 0.001;
    ray.TMax = 1e4;
    RayPayload payload = { float4(0, 0, 0, 0), 0u, 0u };
    TraceRay(Scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, ~0, 0, 1, 0, ray, payload);
    RenderTarget[DispatchRaysIndex().xy] = payload.color;
    uint w, h, layers;
    Shadows.GetDimensions(w, h, layers);
    float lit = Shadows.SampleCmpLevelZero(ShadowSampler, float3(uv, 0), 0.5);
    Raw.Store3(0, asuint(float3(lit, w, h)));
    float4 packed = Raw.Load<float4>(16);
    uint bits = (asuint(packed.x) >> 16) & 0xffff;
    if (WaveActiveAnyTrue(bits != 0) && !(bits & 1))
        InterlockedAdd(RenderTarget[uint2(0, 0)].x, 1);
}

[shader("closesthit")]
void ClosestHit(inout RayPayload payload, in BuiltInTriangleIntersectionAttributes attr)
{
    float3 bary = float3(1 - attr.barycentrics.x - attr.barycentrics.y,
                         attr.barycentrics.x, attr.barycentrics.y);
    payload.color = float4(select(bary > 0.5, bary, 0.0), 1);
    half4 tint = half4(1.0h, 0.5h, 0.25h, 1.0h);
    min16float3 small = (min16float3)tint.rgb;
    payload.color.rgb *= (float3)small;
}

struct HSConstants
{
    float edges[3] : SV_TessFactor;
    float inside : SV_InsideTessFactor;
};

struct ControlPoint { float3 pos : POSITION; };

HSConstants PatchConstants(InputPatch<ControlPoint, 3> ip, uint id : SV_PrimitiveID)
{
    HSConstants c;
    [unroll]
    for (int i = 0; i < 3; ++i)
        c.edges[i] = 4.0;
    c.inside = 4.0;
    return c;
}

[domain("tri")]
[partitioning("fractional_odd")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("PatchConstants")]
[maxtessfactor(64.0)]
ControlPoint HSMain(InputPatch<ControlPoint, 3> ip, uint i : SV_OutputControlPointID,
                    uint id : SV_PrimitiveID)
{
    return ip[i];
}

[domain("tri")]
float4 DSMain(HSConstants input, float3 loc : SV_DomainLocation,
              const OutputPatch<ControlPoint, 3> patch) : SV_Position
{
    float3 p = loc.x * patch[0].pos + loc.y * patch[1].pos + loc.z * patch[2].pos;
    return float4(mul(Identity, p), 1.0);
}

struct PSOut
{
    float4 color : SV_Target0;
    float depth : SV_Depth;
};

[earlydepthstencil]
PSOut PSMain(float4 pos : SV_Position, uint coverage : SV_Coverage)
{
    PSOut o = (PSOut)0;
    o.color = QuadReadAcrossX(pos) * (coverage == 0xF ? 1.0 : 0.5);
    o.depth = saturate(pos.z);
    return o;
}
