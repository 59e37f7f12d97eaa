//! Forms from the classic DirectX SDK samples (the copies in Slang's HLSL tests) that once
//! failed here although DXC takes them: `asuint(double, out uint lo, out uint hi)` and
//! `InputPatch`/`OutputPatch` parameters of helper functions in tessellation shaders. Each
//! module is validated by `spirv-val`.

use crate::harness::{compile, compile_entry};

/// `asuint(d, lo, hi)` of a double and of a double vector: each component is bit-cast to a
/// `uint2` (SPIR-V puts the low-order word first) and the two words are stored through the
/// out arguments.
#[test]
fn asuint_of_doubles_into_low_and_high_words() {
    let text = r#"
RWByteAddressBuffer B : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    double d = asdouble(B.Load(id.x * 8), B.Load(id.x * 8 + 4)) + 1.0;
    uint lo, hi;
    asuint(d, lo, hi);
    double3 v = double3(d, 2.0 * d, -d);
    uint3 vlo, vhi;
    asuint(v, vlo, vhi);
    B.Store2(64, uint2(lo, hi));
    B.Store3(72, vlo ^ vhi);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpCapability Float64", "OpBitcast %v2uint"]);
    // One bitcast of the scalar and one per component of the vector.
    assert_eq!(m.asm.matches("OpBitcast %v2uint").count(), 4, "{}", m.asm);
}

/// A domain shader hands its `OutputPatch` to a helper (the SDK's `EvaluateBezier`): the
/// helper takes the control points as an array value.
#[test]
fn output_patch_argument_of_a_domain_shader_helper() {
    let text = r#"
cbuffer C : register(b0) { float4x4 ViewProj; };
struct HS_OUT { float3 p : BEZIERPOS; };
struct HSC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
float4 Basis(float t) {
    float s = 1.0 - t;
    return float4(s * s * s, 3 * t * s * s, 3 * t * t * s, t * t * t);
}
float3 Evaluate(const OutputPatch<HS_OUT, 16> bez, float4 bu, float4 bv) {
    float3 r = 0;
    [unroll] for (uint j = 0; j < 4; j++) {
        float3 row = bez[j * 4].p * bu.x + bez[j * 4 + 1].p * bu.y
                   + bez[j * 4 + 2].p * bu.z + bez[j * 4 + 3].p * bu.w;
        r += bv[j] * row;
    }
    return r;
}
[domain("quad")]
float4 main(HSC c, float2 uv : SV_DomainLocation,
            const OutputPatch<HS_OUT, 16> bez) : SV_Position {
    float3 p = Evaluate(bez, Basis(uv.x), Basis(uv.y));
    return mul(float4(p, 1), ViewProj);
}
"#;
    let m = compile(text, "ds_6_0", &[]);
    m.assert_has(&["OpExecutionMode %main Quads", "OpFunctionCall %v3float"]);
}

/// A hull shader hands its `InputPatch` to helpers from the control-point function and from
/// the patch-constant function, one helper calling another.
#[test]
fn input_patch_argument_of_hull_shader_helpers() {
    let text = r#"
struct CP { float3 p : POSITION; };
struct HSC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
float3 Centroid(const in InputPatch<CP, 3> ip) { return (ip[0].p + ip[1].p + ip[2].p) / 3.0; }
float Spread(InputPatch<CP, 3> ip, uint k) { return length(ip[k].p - Centroid(ip)); }
HSC PatchConst(InputPatch<CP, 3> ip) {
    HSC o;
    [unroll] for (uint k = 0; k < 3; k++) o.e[k] = 1.0 + Spread(ip, k);
    o.i = 2.0;
    return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("PatchConst")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) {
    CP o;
    o.p = ip[id].p - Centroid(ip);
    return o;
}
"#;
    let m = compile_entry(text, "hs_6_0", Some("main"), &[]);
    m.assert_has(&["OpExecutionMode %main OutputVertices 3"]);
    // `Centroid` from `main` and from `Spread`, `Spread` three times (unrolled or not, at
    // least one call site each).
    assert!(m.asm.matches("OpFunctionCall").count() >= 3, "{}", m.asm);
}

/// `-HV 2018`: a `for` statement's variable outlives the loop (the SDK's prefix scan walks
/// up with `for (uint stride = 2; ...)` and back down with `for (stride = N / 2; ...)`), as
/// DXC takes it before HLSL 2021; the default (2021) rejects the second loop, as DXC does.
#[test]
fn legacy_for_variable_reused_by_a_later_loop() {
    let text = r#"
RWStructuredBuffer<uint> Data : register(u0);
groupshared uint Bucket[64];
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    Bucket[gi] = Data[gi];
    for (uint stride = 2; stride <= 64; stride <<= 1) {
        GroupMemoryBarrierWithGroupSync();
        if ((gi & (stride - 1)) == stride - 1) Bucket[gi] += Bucket[gi - stride / 2];
    }
    for (stride = 32; stride >= 1; stride >>= 1) {
        GroupMemoryBarrierWithGroupSync();
        if ((gi & (stride - 1)) == 0 && gi + stride < 64) Bucket[gi] += 0;
    }
    Data[gi] = Bucket[gi] + stride;
}
"#;
    let m = compile(text, "cs_6_0", &["-HV", "2018"]);
    m.assert_has(&["OpControlBarrier"]);
    crate::harness::refuse(
        text,
        "cs_6_0",
        &[],
        1,
        "use of undeclared identifier `stride` (the variable a `for` statement declares ends \
         with the loop from HLSL 2021 on; `-HV 2018` keeps it)",
    );
}
