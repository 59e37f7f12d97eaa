// entry: main cs_6_0
// args: -HV 2021
// Exercises DXC-accepted corners: literal swizzles (1.0.xxx), vector<>/matrix<> spellings, sizeof, comma operator in for loops, nested template arguments, mixed-size constructors, and a prototype declared before its definition.

struct Record
{
    vector<float, 3> position;
    uint             flags;
    matrix<float, 2, 2> rotation;
};

StructuredBuffer<vector<float, 4> > g_Colors  : register(t0);
StructuredBuffer<Record>            g_Records : register(t1);
RWStructuredBuffer<vector<uint, 4> > g_Out    : register(u0);
RWByteAddressBuffer                 g_Raw     : register(u1);

// Prototype first: the definition comes after main's helpers use it.
float3 ApplyRotation(matrix<float, 2, 2> m, vector<float, 3> p);
uint   PackFlags(uint a, uint b, uint c);

float SumDiagonal(vector<float, 4> v)
{
    // Comma operator in both the init and increment clauses.
    float s = 0.0;
    for (int i = 0, j = 3; i < j; ++i, --j)
    {
        s += v[i] * v[j];
    }
    return s;
}

[numthreads(32, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gtid : SV_GroupThreadID)
{
    // Literal and scalar swizzles.
    float3 ones = 1.0.xxx;
    float4 halfs = (0.5).xxxx;
    float scalar = 2.0;
    float2 two = scalar.xx;
    uint u = 7;
    uint3 u3 = u.xxx;

    vector<float, 4> color = g_Colors[dtid.x];
    Record rec = g_Records[dtid.x];

    // Constructors mixing scalars and vectors.
    uint3 coord = uint3(gtid.xy, 1);
    float4 mixed = float4(ones.xy, two);
    float4x4 m4 = float4x4(halfs, mixed, color, float4(rec.position, 1.0));
    matrix<float, 3, 3> m3 = (float3x3)m4;

    float3 rotated = ApplyRotation(rec.rotation, rec.position);
    float3 transformed = mul(m3, rotated);

    // sizeof on types and expressions (compile-time constants in bytes).
    const uint recordSize = sizeof(Record);
    const uint colorSize = sizeof(color);
    uint offset = dtid.x * (recordSize + colorSize);

    uint packed = PackFlags(rec.flags, coord.z, u3.y);
    float diag = SumDiagonal(color);

    // Comma operator as an expression: evaluates left, yields right.
    int k = 0;
    int last = (k += 2, k * 3);

    g_Out[dtid.x] = vector<uint, 4>(asuint(transformed.x), packed, asuint(diag), uint(last));
    g_Raw.Store2(offset, uint2(asuint(mixed.w), asuint(transformed.z)));
}

float3 ApplyRotation(matrix<float, 2, 2> m, vector<float, 3> p)
{
    float2 xz = mul(m, p.xz);
    return float3(xz.x, p.y, xz.y);
}

uint PackFlags(uint a, uint b, uint c)
{
    return (a & 0xffu) | ((b & 0xffu) << 8) | ((c & 0xffffu) << 16);
}
