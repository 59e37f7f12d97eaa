// entry: PSMain ps_6_5
// args: -fspv-target-env=vulkan1.2
// Deferred sun-shadow pass with inline ray tracing: reconstructs the world position from the depth buffer, traces an any-hit shadow ray per light sample with RayQuery (opaque geometry only, first hit ends the search), lets alpha-tested candidates through a manual traversal loop, and writes a soft shadow factor.

#define SHADOW_SAMPLES 4

struct ShadowConstants
{
    float4x4 invViewProj;
    float3 sunDirection;   // towards the sun, normalized
    float sunConeAngle;    // radians
    float normalBias;
    float maxDistance;
    uint frameIndex;
    uint pad;
};

ConstantBuffer<ShadowConstants> Shadow : register(b0);
Texture2D<float> DepthBuffer : register(t0);
Texture2D<float4> NormalBuffer : register(t1);
RaytracingAccelerationStructure SceneBVH : register(t2);
StructuredBuffer<float> AlphaCutoffPerInstance : register(t3);

struct VSOut
{
    float4 position : SV_Position;
    float2 uv : TEXCOORD0;
};

float3 ReconstructWorld(float2 uv, float depth)
{
    float4 clip = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
    float4 world = mul(Shadow.invViewProj, clip);
    return world.xyz / world.w;
}

// A cheap per-pixel hash to rotate the cone samples.
float Hash(uint2 p, uint frame)
{
    uint h = p.x * 73856093u ^ p.y * 19349663u ^ frame * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return float(h & 0xFFFFu) / 65535.0;
}

float3 ConeSample(float3 dir, float angle, uint i, float rotation)
{
    float3 up = abs(dir.y) < 0.99 ? float3(0, 1, 0) : float3(1, 0, 0);
    float3 t = normalize(cross(up, dir));
    float3 b = cross(dir, t);
    float phi = (float(i) + rotation) * (6.2831853 / SHADOW_SAMPLES);
    float r = tan(angle) * sqrt((float(i) + 0.5) / SHADOW_SAMPLES);
    return normalize(dir + (t * cos(phi) + b * sin(phi)) * r);
}

bool Occluded(float3 origin, float3 direction)
{
    RayDesc ray;
    ray.Origin = origin;
    ray.TMin = 0.0;
    ray.Direction = direction;
    ray.TMax = Shadow.maxDistance;

    RayQuery<RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> query;
    query.TraceRayInline(SceneBVH, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xFF, ray);
    while (query.Proceed())
    {
        if (query.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE)
        {
            // Foliage cards: accept the hit where the barycentric coverage passes the cutoff.
            float2 bary = query.CandidateTriangleBarycentrics();
            float cutoff = AlphaCutoffPerInstance[query.CandidateInstanceID()];
            if (bary.x + bary.y > cutoff)
            {
                query.CommitNonOpaqueTriangleHit();
            }
        }
    }
    return query.CommittedStatus() == COMMITTED_TRIANGLE_HIT;
}

float4 PSMain(VSOut input) : SV_Target
{
    uint2 pixel = uint2(input.position.xy);
    float depth = DepthBuffer.Load(int3(pixel, 0));
    if (depth >= 1.0)
    {
        return float4(1, 1, 1, 1);
    }
    float3 normal = normalize(NormalBuffer.Load(int3(pixel, 0)).xyz * 2.0 - 1.0);
    float3 world = ReconstructWorld(input.uv, depth);
    float3 origin = world + normal * Shadow.normalBias;

    float rotation = Hash(pixel, Shadow.frameIndex);
    float lit = 0.0;
    [unroll]
    for (uint i = 0; i < SHADOW_SAMPLES; ++i)
    {
        float3 dir = ConeSample(Shadow.sunDirection, Shadow.sunConeAngle, i, rotation);
        lit += Occluded(origin, dir) ? 0.0 : 1.0;
    }
    float shadow = lit / SHADOW_SAMPLES;
    return float4(shadow.xxx, 1.0);
}
