//! Shapes from AMD's FidelityFX SDK passes (FSR1/2, CAS, VRS, DOF) built as the SDK's D3D12
//! build would be switched to `dxc -spirv`: `FFX_HALF=1` with `-enable-16bit-types` at
//! `cs_6_2`, and the wave64 permutations at `cs_6_6`. Each module is validated by `spirv-val`.

use crate::harness::compile;

/// `asuint16(1)` and `asfloat16(1.0)`: the SDK's 16-bit core header hands bare literals to the
/// 16-bit reinterpreting casts (`FFX_TO_UINT16(1)`); DXC takes them, an integer literal as an
/// `int16_t` and a float literal as a `half`.
#[test]
fn sixteen_bit_casts_take_literals() {
    let text = r#"
RWStructuredBuffer<uint16_t> Out : register(u0);
RWStructuredBuffer<half> OutH : register(u1);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = asuint16(1);
    Out[1] = asuint16(1.0);
    OutH[0] = asfloat16(15360);
}
"#;
    let m = compile(text, "cs_6_2", &["-enable-16bit-types"]);
    // The integer literal is reinterpreted as it stands (no conversion through half), the
    // float one through its half bits.
    m.assert_has(&[
        "%int16_1 = OpConstant %int16 1",
        "OpBitcast %uint16 %int16_1",
        "OpConstant %half 1.0",
        "%int16_15360 = OpConstant %int16 15360",
        "OpBitcast %half %int16_15360",
    ]);
}
