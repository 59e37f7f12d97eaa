// Packing helpers: octahedral normals, half floats, unorm colors.
#ifndef PACKING_HLSLI
#define PACKING_HLSLI

float2 OctWrap(float2 v)
{
    float2 s = float2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
    return (1.0 - abs(v.yx)) * s;
}

// Unit vector -> [0,1]^2
float2 EncodeOctahedral(float3 n)
{
    n /= (abs(n.x) + abs(n.y) + abs(n.z));
    float2 e = n.z >= 0.0 ? n.xy : OctWrap(n.xy);
    return e * 0.5 + 0.5;
}

float3 DecodeOctahedral(float2 e)
{
    e = e * 2.0 - 1.0;
    float3 n = float3(e.x, e.y, 1.0 - abs(e.x) - abs(e.y));
    float t = saturate(-n.z);
    n.x += n.x >= 0.0 ? -t : t;
    n.y += n.y >= 0.0 ? -t : t;
    return normalize(n);
}

uint PackHalf2(float2 v)
{
    return f32tof16(v.x) | (f32tof16(v.y) << 16);
}

float2 UnpackHalf2(uint p)
{
    return float2(f16tof32(p & 0xffffu), f16tof32(p >> 16));
}

uint PackUnorm4x8(float4 c)
{
    uint4 u = uint4(round(saturate(c) * 255.0));
    return u.x | (u.y << 8) | (u.z << 16) | (u.w << 24);
}

float4 UnpackUnorm4x8(uint p)
{
    uint4 u = uint4(p & 0xffu, (p >> 8) & 0xffu, (p >> 16) & 0xffu, p >> 24);
    return float4(u) / 255.0;
}

uint PackUnorm2x16(float2 v)
{
    uint2 u = uint2(round(saturate(v) * 65535.0));
    return u.x | (u.y << 16);
}

float2 UnpackUnorm2x16(uint p)
{
    return float2(p & 0xffffu, p >> 16) / 65535.0;
}

// R11G11B10-style float packing via half conversions (drops sign and
// low mantissa bits).
uint PackR11G11B10(float3 rgb)
{
    uint r = (f32tof16(rgb.r) >> 4) & 0x7ffu;
    uint g = (f32tof16(rgb.g) >> 4) & 0x7ffu;
    uint b = (f32tof16(rgb.b) >> 5) & 0x3ffu;
    return r | (g << 11) | (b << 22);
}

float3 UnpackR11G11B10(uint p)
{
    float r = f16tof32((p << 4) & 0x7ff0u);
    float g = f16tof32((p >> 7) & 0x7ff0u);
    float b = f16tof32((p >> 17) & 0x7fe0u);
    return float3(r, g, b);
}

#endif // PACKING_HLSLI
