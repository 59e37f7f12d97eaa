//! The optional texture arguments end to end, as DXC's `docs/SPIR-V.rst` maps them: `clamp`
//! is the `MinLod` image operand (capability `MinLod`), `out uint status` the
//! `OpImageSparse*` form whose residency code `CheckAccessFullyMapped` reads with
//! `OpImageSparseTexelsResident` (capability `SparseResidency`), four gather offsets
//! `ConstOffsets` and a run-time gather offset `Offset` (both `ImageGatherExtended`), four
//! offsets with a run-time one four gathers; `SampleCmpLevel` (SM 6.7) an explicit-LOD depth
//! comparison; and the forms DXC refuses for Vulkan, refused with E3004.

use crate::harness::{compile, refuse};

/// A pixel shader over `Texture2D<float4> T`, `Texture2D<float> D`, `SamplerState S`,
/// `SamplerComparisonState Z` and a `float2 uv` input, with a `uint st` local, returning `expr`.
fn pixel(expr: &str) -> String {
    format!(
        "Texture2D<float4> T : register(t0);
Texture2D<float> D : register(t1);
SamplerState S : register(s0);
SamplerComparisonState Z : register(s1);
float4 main(float2 uv : TEXCOORD0, nointerpolation int2 o : OFFSET) : SV_Target {{
    uint st;
    float4 r = {expr};
    return CheckAccessFullyMapped(st) ? r : float4(0, 0, 0, 0);
}}
"
    )
}

#[test]
fn sample_clamp_and_status_are_min_lod_and_sparse() {
    let m = compile(
        &pixel("T.Sample(S, uv, int2(1, 0), 1.5, st)"),
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability SparseResidency",
        "OpCapability MinLod",
        "%SparseResidencyStruct = OpTypeStruct %uint %v4float",
        "OpImageSparseSampleImplicitLod",
        "ConstOffset|MinLod",
        "OpImageSparseTexelsResident %bool",
    ]);
}

#[test]
fn bias_grad_and_comparison_take_a_clamp() {
    let m = compile(
        &pixel(
            "T.SampleBias(S, uv, 0.5, int2(0, 1), 2.0) \
             + T.SampleGrad(S, uv, ddx(uv), ddy(uv), int2(0, 0), 3.0, st) \
             + D.SampleCmp(Z, uv, 0.5, int2(1, 1), 4.0, st).xxxx",
        ),
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability MinLod",
        "Bias|ConstOffset|MinLod",
        "OpImageSparseSampleExplicitLod",
        "Grad|ConstOffset|MinLod",
        "OpTypeStruct %uint %float",
        "OpImageSparseSampleDrefImplicitLod",
    ]);
}

#[test]
fn explicit_lod_forms_take_a_status() {
    let m = compile(
        &pixel(
            "T.SampleLevel(S, uv, 1.0, int2(0, 0), st) \
             + D.SampleCmpLevelZero(Z, uv, 0.5, int2(0, 0), st).xxxx",
        ),
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpImageSparseSampleExplicitLod",
        "Lod|ConstOffset",
        "OpImageSparseSampleDrefExplicitLod",
    ]);
}

#[test]
fn sample_cmp_level_is_dref_explicit_lod_with_its_level() {
    let m = compile(
        &pixel("D.SampleCmpLevel(Z, uv, 0.5, 2.0, int2(1, 0), st).xxxx"),
        "ps_6_7",
        &[],
    );
    m.assert_has(&["OpImageSparseSampleDrefExplicitLod %", "Lod|ConstOffset %"]);
}

#[test]
fn loads_with_status_are_sparse_fetches_and_reads() {
    let m = compile(
        "Texture2D<float4> T : register(t0);
Texture2DMS<float4> M : register(t1);
RWTexture2D<float4> W : register(u0);
Buffer<float4> B : register(t2);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint s0, s1, s2, s3;
    float4 v = T.Load(int3(id.xy, 0), int2(1, 1), s0) + M.Load(int2(id.xy), 2, int2(0, 0), s1)
        + W.Load(id.xy, s2) + B.Load(id.x, s3);
    Out[id.x] = CheckAccessFullyMapped(s0) && CheckAccessFullyMapped(s1)
        && CheckAccessFullyMapped(s2) && CheckAccessFullyMapped(s3) ? asuint(v.x) : 0;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability SparseResidency",
        "OpImageSparseFetch",
        "Lod|ConstOffset",
        "ConstOffset|Sample %",
        "OpImageSparseRead",
        "OpImageSparseTexelsResident",
    ]);
}

#[test]
fn four_constant_gather_offsets_are_const_offsets() {
    let m = compile(
        &pixel(
            "T.GatherGreen(S, uv, int2(1, 2), int2(3, 4), int2(5, 6), int2(7, 8)) \
             + T.GatherCmpRed(Z, uv, 0.5, int2(1, 2), int2(3, 4), int2(5, 6), int2(7, 8), st)",
        ),
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability ImageGatherExtended",
        "OpTypeArray %v2int",
        "OpImageGather %v4float",
        "%int_1 ConstOffsets %",
        "OpImageSparseDrefGather",
    ]);
}

#[test]
fn run_time_gather_offsets_are_offset_operands() {
    let m = compile(
        &pixel("T.GatherAlpha(S, uv, o, st) + T.GatherCmp(Z, uv, 0.5, o)"),
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability ImageGatherExtended",
        "OpImageSparseGather",
        "%int_3 Offset %",
        "OpImageDrefGather %v4float",
    ]);
}

#[test]
fn four_offsets_with_a_run_time_one_are_four_gathers() {
    let m = compile(
        &pixel("T.GatherRed(S, uv, int2(1, 2), o, o, int2(7, 8))"),
        "ps_6_0",
        &[],
    );
    assert_eq!(
        m.asm.matches("OpImageGather %v4float").count(),
        4,
        "{}",
        m.asm
    );
    m.assert_has(&["Offset %", "OpCompositeConstruct %v4float"]);
}

#[test]
fn gather_cmp_green_is_refused_as_dxc_does() {
    refuse(
        &pixel("T.GatherCmpGreen(Z, uv, 0.5, int2(1, 2))"),
        "ps_6_0",
        &[],
        1,
        "E3004",
    );
    refuse(
        &pixel("T.GatherCmpAlpha(Z, uv, 0.5)"),
        "ps_6_0",
        &[],
        1,
        "no equivalent for GatherCmpAlpha intrinsic method in Vulkan",
    );
}

#[test]
fn run_time_sample_offsets_are_refused() {
    refuse(
        &pixel("T.Sample(S, uv, o)"),
        "ps_6_0",
        &[],
        1,
        "`Sample` needs a constant texel offset",
    );
}

#[test]
fn every_dimension_takes_its_operands() {
    // Cube arrays and 1D textures have no offset or a scalar one, multisampled arrays a
    // sample index, 3D textures three-component offsets and gradients; a LOD query of an
    // array texture takes the coordinate without the layer.
    let m = compile(
        "TextureCubeArray<float4> CA : register(t0);
Texture1D<float4> T1 : register(t1);
Texture2DMSArray<float4> MA : register(t2);
Texture3D<float4> T3 : register(t3);
Texture2DArray<float> DA : register(t4);
SamplerState S : register(s0);
SamplerComparisonState Z : register(s1);
float4 main(float4 p : TEXCOORD0) : SV_Target {
    uint s0, s1, s2, s3, s4, s5;
    float4 r = CA.SampleBias(S, p, 0.5, 1.0, s0);
    r += T1.Sample(S, p.x, 1, 2.0, s1);
    r += MA.Load(int3(1, 2, 0), 3, int2(1, 1), s2);
    r += T3.SampleGrad(S, p.xyz, p.xyz, p.xyz, int3(1, 0, -1), 1.0, s3);
    r += DA.GatherCmp(Z, p.xyz, 0.5, int2(1, 0), s4);
    r += CA.GatherGreen(S, p, s5);
    r += DA.CalculateLevelOfDetailUnclamped(S, p.xy);
    bool ok = CheckAccessFullyMapped(s0) && CheckAccessFullyMapped(s1)
        && CheckAccessFullyMapped(s2) && CheckAccessFullyMapped(s3)
        && CheckAccessFullyMapped(s4) && CheckAccessFullyMapped(s5);
    return ok ? r : 0;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability SampledCubeArray",
        "Bias|MinLod %float_0_5 %float_1",
        "ConstOffset|MinLod %int_1 %float_2",
        "OpImageSparseFetch",
        "ConstOffset|Sample %v2int_1_1 %int_3",
        "Grad|ConstOffset|MinLod",
        "%v3int_1_0_n1",
        "OpImageSparseDrefGather",
        "OpImageSparseGather",
        "OpImageQueryLod %v2float",
    ]);
    assert_eq!(m.asm.matches("OpImageSparseTexelsResident").count(), 6);
}

#[test]
fn writable_multisampled_loads_are_storage_reads_with_a_sample() {
    let m = compile(
        "RWTexture2DMS<float4> W : register(u0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { uint s; Out[0] = W.Load(int2(0, 0), 1, s) + (CheckAccessFullyMapped(s) ? 1 : 0); }
",
        "cs_6_7",
        &[],
    );
    m.assert_has(&[
        "OpCapability StorageImageMultisample",
        "OpImageSparseRead",
        "Sample %int_1",
    ]);
}

#[test]
fn typed_buffer_loads_with_status() {
    let m = compile(
        "Buffer<float4> R : register(t0);
RWBuffer<float4> W : register(u0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    uint a, b;
    Out[0] = R.Load(3, a) + W.Load(4, b);
    Out[1] = float4(CheckAccessFullyMapped(a), CheckAccessFullyMapped(b), 0, 0);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability SparseResidency",
        "OpImageSparseFetch %SparseResidencyStruct",
        "OpImageSparseRead %SparseResidencyStruct",
    ]);
}
