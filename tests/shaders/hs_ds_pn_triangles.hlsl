// entry: VSMain vs_6_0
// entry: HSMain hs_6_0
// entry: DSMain ds_6_0
// Curved PN triangles: the hull shader passes through control points while the patch-constant function computes the cubic Bezier control net and quadratic normal coefficients; the domain shader evaluates them at barycentric SV_DomainLocation.

cbuffer PNCB : register(b0)
{
    float4x4 g_ViewProj;
    float4x4 g_World;
    float    g_TessFactor;
    float    g_InsideFactor;
    float2   g_Pad;
};

struct ControlPoint
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
};

struct PNPatch
{
    float edges[3] : SV_TessFactor;
    float inside   : SV_InsideTessFactor;
    // Bezier control points: b210, b120, b021, b012, b102, b201, b111
    float3 b[7]    : BEZIER;
    // Quadratic normal control points: n110, n011, n101
    float3 n[3]    : NORMALCP;
};

struct DSOut
{
    float4 position : SV_Position;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
};

ControlPoint VSMain(ControlPoint cp)
{
    ControlPoint o;
    o.position = mul(g_World, float4(cp.position, 1.0)).xyz;
    o.normal = normalize(mul((float3x3)g_World, cp.normal));
    o.uv = cp.uv;
    return o;
}

float3 EdgeControl(float3 pi, float3 pj, float3 ni)
{
    return (2.0 * pi + pj - dot(pj - pi, ni) * ni) / 3.0;
}

float3 NormalControl(float3 pi, float3 pj, float3 ni, float3 nj)
{
    float3 d = pj - pi;
    float v = 2.0 * dot(d, ni + nj) / dot(d, d);
    return normalize(ni + nj - v * d);
}

PNPatch PatchConstantFunc(InputPatch<ControlPoint, 3> ip)
{
    PNPatch o;
    o.edges[0] = o.edges[1] = o.edges[2] = g_TessFactor;
    o.inside = g_InsideFactor;

    float3 p0 = ip[0].position, p1 = ip[1].position, p2 = ip[2].position;
    float3 n0 = ip[0].normal, n1 = ip[1].normal, n2 = ip[2].normal;

    o.b[0] = EdgeControl(p0, p1, n0);   // b210
    o.b[1] = EdgeControl(p1, p0, n1);   // b120
    o.b[2] = EdgeControl(p1, p2, n1);   // b021
    o.b[3] = EdgeControl(p2, p1, n2);   // b012
    o.b[4] = EdgeControl(p2, p0, n2);   // b102
    o.b[5] = EdgeControl(p0, p2, n0);   // b201

    float3 e = (o.b[0] + o.b[1] + o.b[2] + o.b[3] + o.b[4] + o.b[5]) / 6.0;
    float3 v = (p0 + p1 + p2) / 3.0;
    o.b[6] = e + (e - v) * 0.5;         // b111

    o.n[0] = NormalControl(p0, p1, n0, n1);
    o.n[1] = NormalControl(p1, p2, n1, n2);
    o.n[2] = NormalControl(p2, p0, n2, n0);
    return o;
}

[domain("tri")]
[partitioning("fractional_odd")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("PatchConstantFunc")]
ControlPoint HSMain(InputPatch<ControlPoint, 3> ip, uint i : SV_OutputControlPointID)
{
    return ip[i];
}

[domain("tri")]
DSOut DSMain(PNPatch pc, float3 bary : SV_DomainLocation, const OutputPatch<ControlPoint, 3> cp)
{
    float u = bary.x, v = bary.y, w = bary.z;
    float uu = u * u, vv = v * v, ww = w * w;

    float3 pos = cp[0].position * (ww * w)
               + cp[1].position * (uu * u)
               + cp[2].position * (vv * v)
               + pc.b[0] * (3.0 * ww * u)
               + pc.b[1] * (3.0 * w * uu)
               + pc.b[5] * (3.0 * ww * v)
               + pc.b[2] * (3.0 * uu * v)
               + pc.b[4] * (3.0 * w * vv)
               + pc.b[3] * (3.0 * u * vv)
               + pc.b[6] * (6.0 * w * u * v);

    float3 nrm = cp[0].normal * ww + cp[1].normal * uu + cp[2].normal * vv
               + pc.n[0] * (w * u) + pc.n[1] * (u * v) + pc.n[2] * (w * v);

    DSOut o;
    o.position = mul(g_ViewProj, float4(pos, 1.0));
    o.normal = normalize(nrm);
    o.uv = cp[0].uv * w + cp[1].uv * u + cp[2].uv * v;
    return o;
}
