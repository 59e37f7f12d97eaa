//! Gaps the lead found probing by hand: each test is one construct DXC compiles.

use crate::harness::compile;

/// `any`/`all` of a matrix: each row reduced, then the rows combined, for float, int and
/// bool matrices (SPIR-V's `OpAny`/`OpAll` take vectors only).
#[test]
fn any_and_all_of_matrices() {
    let text = r#"
float4 main(float4 pos : SV_Position) : SV_Target {
    bool2x3 bm = float2x3(pos.x, 0, 0, 1, 0, 0) > 0.5;
    float3x2 fm = float3x2(pos.x, 0, 0, 1, 0, 0);
    int2x2 im = int2x2(1, 0, 0, (int)pos.y);
    return float4(any(bm), all(bm), any(fm), all(im));
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    // Two rows of `bm` and of `im`, three of `fm`.
    assert_eq!(m.asm.matches("OpAny ").count(), 5, "{}", m.asm);
    assert_eq!(m.asm.matches("OpAll ").count(), 4, "{}", m.asm);
    assert_eq!(m.asm.matches("OpLogicalOr ").count(), 1 + 2, "{}", m.asm);
    assert_eq!(m.asm.matches("OpLogicalAnd ").count(), 1 + 1, "{}", m.asm);
}

/// An atomic on one component of a vector in a structured buffer, in groupshared memory,
/// and on one element of a row-major integer matrix: an access chain to the scalar.
#[test]
fn atomics_on_one_component() {
    let text = r#"
struct S { uint2 v; row_major int2x2 m; };
RWStructuredBuffer<S> Buf : register(u0);
groupshared uint4 Shared;
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    InterlockedMax(Buf[0].v.y, i + 10);
    InterlockedAdd(Buf[1].m._m10, 2);
    InterlockedAdd(Shared.z, i);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpAtomicUMax", "OpAtomicIAdd"]);
    assert_eq!(m.asm.matches("OpAtomicIAdd").count(), 2, "{}", m.asm);
}

/// Payload access qualifiers (SM 6.6, `[raypayload]` and `: read(...) : write(...)` on the
/// fields) are parsed and, as in DXC's SPIR-V, have no effect on the module.
#[test]
fn ray_payload_access_qualifiers() {
    let text = r#"
struct [raypayload] Payload {
    float4 color : write(caller, closesthit, miss) : read(caller);
    float dist : write(closesthit) : read(caller, anyhit);
};
RaytracingAccelerationStructure Scene : register(t0);
RWTexture2D<float4> Out : register(u0);
[shader("raygeneration")] void Gen() {
    RayDesc r = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 100.0 };
    Payload p = (Payload)0;
    TraceRay(Scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, r, p);
    Out[DispatchRaysIndex().xy] = p.color * p.dist;
}
[shader("miss")] void Miss(inout Payload p) { p.color = 1; }
"#;
    let m = compile(text, "lib_6_6", &["-fspv-target-env=vulkan1.2"]);
    m.assert_has(&["OpTraceRayKHR", "OpEntryPoint MissNV %Miss"]);
}
