//! Differences from DXC's SPIR-V found in the fourth survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits for it, written for this suite.

use crate::harness::compile;

/// SM 6.6 `InterlockedAdd`, `InterlockedMin` and `InterlockedMax` on 32-bit floats (groupshared,
/// typed buffers, structured buffers) are DXC's `OpAtomicFAddEXT`, `OpAtomicFMinEXT` and
/// `OpAtomicFMaxEXT` with their capabilities and extensions; they were no overload (E2004).
/// Groupshared atomics take the workgroup scope (`%uint_2`) as DXC's do, the others the device
/// scope (`%uint_1`).
#[test]
fn float_atomics_and_groupshared_scope() {
    let text = r#"
groupshared float Sum;
groupshared uint Count;
RWBuffer<float> Lows;
RWStructuredBuffer<float> Highs;
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float v = (float)id.x * 0.5;
    float before;
    InterlockedAdd(Sum, v, before);
    InterlockedAdd(Count, 1);
    InterlockedMin(Lows[0], v);
    InterlockedMax(Highs[0], before);
}
"#;
    let m = compile(text, "cs_6_6", &[]);
    m.assert_has(&[
        "OpCapability AtomicFloat32AddEXT",
        "OpCapability AtomicFloat32MinMaxEXT",
        "OpExtension \"SPV_EXT_shader_atomic_float_add\"",
        "OpExtension \"SPV_EXT_shader_atomic_float_min_max\"",
        "OpAtomicFAddEXT %float %Sum %uint_2 %uint_0",
        "OpAtomicIAdd %uint %Count %uint_2 %uint_0 %uint_1",
        "OpAtomicFMinEXT %float",
        "OpAtomicFMaxEXT %float",
    ]);
    let device = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAtomicFM") && l.contains("%uint_1 %uint_0"))
        .count();
    assert_eq!(device, 2, "{}", m.asm);
}
