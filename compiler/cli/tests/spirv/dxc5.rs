//! Differences from DXC's SPIR-V found in the fifth survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits for it, written for this suite.

use crate::harness::compile;

/// Minimum-precision values are `RelaxedPrecision` (struct members through
/// `OpMemberDecorate`), and `half` without `-enable-16bit-types` is a plain 32-bit float that
/// takes no decoration, as in DXC (its `isRelaxedPrecisionType` knows the `min*` types only).
#[test]
fn relaxed_precision_marks_min_precision_members_and_not_half() {
    let text = r#"
struct Pair { float whole; min16float low; min16uint count; half h; };
float4 main(float4 v : V) : SV_Target {
    Pair p;
    p.whole = v.x;
    p.low = (min16float)v.y;
    p.count = (min16uint)v.z;
    p.h = (half)v.w;
    half scaled = p.h * 2;
    return float4(p.whole, p.low, p.count, scaled);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&[
        "OpMemberDecorate %Pair 1 RelaxedPrecision",
        "OpMemberDecorate %Pair 2 RelaxedPrecision",
    ]);
    assert!(
        !m.has("OpMemberDecorate %Pair 0 RelaxedPrecision"),
        "{}",
        m.asm
    );
    assert!(
        !m.has("OpMemberDecorate %Pair 3 RelaxedPrecision"),
        "{}",
        m.asm
    );
    assert!(!m.has("OpDecorate %scaled RelaxedPrecision"), "{}", m.asm);
}
