// entry: RayGen lib_6_3
// entry: Miss lib_6_3
// entry: ShadowMiss lib_6_3
// entry: ClosestHit lib_6_3
// entry: ShadowAnyHit lib_6_3
// args: -fspv-target-env=vulkan1.2
// Ray-traced reflections library: the ray generation shader reads the G-buffer, traces one reflection ray per pixel and writes the result; the closest-hit shader shades with the sun and traces a shadow ray (skipping closest-hit shaders) whose any-hit shader lets alpha-tested leaves through; the miss shaders return the sky and mark the shadow ray as unoccluded.

struct FrameConstants
{
    float4x4 invViewProj;
    float3 cameraPosition;
    float maxRayDistance;
    float3 sunDirection;
    float sunIntensity;
    float3 skyColor;
    uint maxBounces;
};

struct MaterialRecord
{
    float3 albedo;
    float alphaCutoff;
};

struct ReflectionPayload
{
    float3 radiance;
    float hitT;
    uint depth;
};

struct ShadowPayload
{
    bool occluded;
};

ConstantBuffer<FrameConstants> Frame : register(b0);
RaytracingAccelerationStructure Scene : register(t0);
Texture2D<float> DepthBuffer : register(t1);
Texture2D<float4> NormalRoughness : register(t2);
StructuredBuffer<MaterialRecord> Materials : register(t3);
RWTexture2D<float4> ReflectionOutput : register(u0);

static const uint SHADOW_MISS_INDEX = 1;

float3 WorldFromDepth(uint2 pixel, uint2 size, float depth)
{
    float2 uv = (float2(pixel) + 0.5) / float2(size);
    float4 clip = float4(uv * float2(2, -2) + float2(-1, 1), depth, 1);
    float4 world = mul(Frame.invViewProj, clip);
    return world.xyz / world.w;
}

[shader("raygeneration")]
void RayGen()
{
    uint2 pixel = DispatchRaysIndex().xy;
    uint2 size = DispatchRaysDimensions().xy;
    float depth = DepthBuffer.Load(int3(pixel, 0));
    if (depth >= 1.0)
    {
        ReflectionOutput[pixel] = float4(0, 0, 0, 0);
        return;
    }
    float4 nr = NormalRoughness.Load(int3(pixel, 0));
    float3 normal = normalize(nr.xyz * 2.0 - 1.0);
    float3 position = WorldFromDepth(pixel, size, depth);
    float3 view = normalize(position - Frame.cameraPosition);

    RayDesc ray;
    ray.Origin = position + normal * 0.01;
    ray.TMin = 0.0;
    ray.Direction = reflect(view, normal);
    ray.TMax = Frame.maxRayDistance;

    ReflectionPayload payload;
    payload.radiance = float3(0, 0, 0);
    payload.hitT = -1.0;
    payload.depth = 0;
    TraceRay(Scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xFF, 0, 2, 0, ray, payload);

    // Rough surfaces fade their reflection out.
    float fade = saturate(1.0 - nr.w * 2.0);
    ReflectionOutput[pixel] = float4(payload.radiance * fade, payload.hitT);
}

[shader("miss")]
void Miss(inout ReflectionPayload payload)
{
    float horizon = saturate(WorldRayDirection().y * 0.5 + 0.5);
    payload.radiance = Frame.skyColor * horizon;
    payload.hitT = RayTCurrent();
}

[shader("miss")]
void ShadowMiss(inout ShadowPayload payload)
{
    payload.occluded = false;
}

[shader("closesthit")]
void ClosestHit(inout ReflectionPayload payload, in BuiltInTriangleIntersectionAttributes attribs)
{
    MaterialRecord material = Materials[InstanceID()];
    float3 hitPosition = WorldRayOrigin() + WorldRayDirection() * RayTCurrent();

    // A flat normal from the object's transform stands in for vertex data here.
    float3x4 objectToWorld = ObjectToWorld3x4();
    float3 normal = normalize(mul(objectToWorld, float4(0, 0, 1, 0)));
    if (HitKind() == HIT_KIND_TRIANGLE_BACK_FACE)
    {
        normal = -normal;
    }

    ShadowPayload shadow;
    shadow.occluded = true;
    RayDesc shadowRay;
    shadowRay.Origin = hitPosition + normal * 0.01;
    shadowRay.TMin = 0.0;
    shadowRay.Direction = Frame.sunDirection;
    shadowRay.TMax = Frame.maxRayDistance;
    TraceRay(Scene,
             RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH | RAY_FLAG_SKIP_CLOSEST_HIT_SHADER,
             0xFF, 1, 2, SHADOW_MISS_INDEX, shadowRay, shadow);

    float ndotl = saturate(dot(normal, Frame.sunDirection));
    float3 barycentricTint = float3(1.0 - attribs.barycentrics.x - attribs.barycentrics.y,
                                    attribs.barycentrics.x, attribs.barycentrics.y) * 0.05;
    float3 lit = material.albedo * (shadow.occluded ? 0.0 : ndotl * Frame.sunIntensity);
    payload.radiance = lit + barycentricTint + material.albedo * Frame.skyColor * 0.1;
    payload.hitT = RayTCurrent();
    payload.depth += 1;
}

[shader("anyhit")]
void ShadowAnyHit(inout ShadowPayload payload, in BuiltInTriangleIntersectionAttributes attribs)
{
    MaterialRecord material = Materials[InstanceID()];
    // Procedural leaf mask from the barycentrics stands in for an alpha texture.
    float2 b = attribs.barycentrics;
    float coverage = frac(sin(dot(b, float2(12.9898, 78.233))) * 43758.5453);
    if (coverage < material.alphaCutoff)
    {
        IgnoreHit();
    }
    payload.occluded = true;
    AcceptHitAndEndSearch();
}
