// entry: main cs_6_0
// include-dir: include
// GPU particle simulation step: consumes live particles, integrates gravity, drag and a curl-ish noise force, and appends survivors to the next frame's list.

#include "common.hlsli"

struct Particle
{
    float3 position;
    float  age;
    float3 velocity;
    float  lifetime;
    float4 color;
    float  size;
    uint   seed;
    float2 pad;
};

cbuffer SimParams : register(b0)
{
    float3 g_Gravity;
    float  g_DeltaTime;
    float3 g_WindVelocity;
    float  g_Drag;
    float4 g_ColorOverLife[2];   // start, end
    float  g_GroundHeight;
    float  g_Restitution;
    uint   g_AliveCountLastFrame;
    float  g_NoiseStrength;
};

ConsumeStructuredBuffer<Particle> g_CurrentParticles : register(u0);
AppendStructuredBuffer<Particle>  g_NextParticles    : register(u1);
RWStructuredBuffer<uint>          g_DeadCounter      : register(u2);

float3 NoiseForce(float3 p, uint seed)
{
    uint h = Hash32(asuint(p.x) ^ Hash32(asuint(p.y) ^ Hash32(asuint(p.z) ^ seed)));
    float3 r = float3(HashToFloat01(h), HashToFloat01(Hash32(h)), HashToFloat01(Hash32(h + 1u)));
    return (r * 2.0 - 1.0) * g_NoiseStrength;
}

bool Integrate(inout Particle p, float dt)
{
    p.age += dt;
    if (p.age >= p.lifetime)
    {
        return false;
    }

    float3 relVel = p.velocity - g_WindVelocity;
    float3 accel = g_Gravity - relVel * g_Drag + NoiseForce(p.position, p.seed);
    p.velocity += accel * dt;
    p.position += p.velocity * dt;

    // Simple ground-plane bounce.
    if (p.position.y < g_GroundHeight)
    {
        p.position.y = g_GroundHeight;
        p.velocity.y = -p.velocity.y * g_Restitution;
        p.velocity.xz *= 0.8;
    }

    float t = saturate(p.age / p.lifetime);
    p.color = lerp(g_ColorOverLife[0], g_ColorOverLife[1], t);
    p.size *= 1.0 + 0.5 * dt;
    p.seed = Hash32(p.seed);
    return true;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    if (dtid.x >= g_AliveCountLastFrame)
    {
        return;
    }

    Particle p = g_CurrentParticles.Consume();
    if (Integrate(p, g_DeltaTime))
    {
        g_NextParticles.Append(p);
    }
    else
    {
        uint unused;
        InterlockedAdd(g_DeadCounter[0], 1u, unused);
    }
}
