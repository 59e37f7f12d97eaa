//! Small gaps from the last session's list (task weak6, issue #4 items 4 and 5), each
//! checked through `hlslc -spirv` and `spirv-val`.

use crate::harness::{compile, run};

/// The stderr of a compilation expected to fail with exit status 1.
fn failure(text: &str, profile: &str, flags: &[&str]) -> String {
    let (output, _) = run(text, profile, flags);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    stderr
}

#[test]
fn evaluating_a_16_bit_float_attribute_is_refused_at_the_call() {
    // DXC emits `InterpolateAt*` on the 16-bit input and spirv-val refuses its module: the
    // instructions take 32-bit floats only. Each evaluation is that error at its call, not
    // "not supported yet"; without 16-bit types `half` is a 32-bit float and interpolates.
    let calls = [
        (
            "half4(EvaluateAttributeCentroid(v), 0)",
            "InterpolateAtCentroid",
        ),
        (
            "half4(EvaluateAttributeAtSample(i.uv, 2), 0, 0)",
            "InterpolateAtSample",
        ),
        (
            "EvaluateAttributeSnapped(w, int2(1, 1))",
            "InterpolateAtOffset",
        ),
    ];
    for (call, instruction) in calls {
        let text = format!(
            "struct In {{ float4 pos : SV_Position; half2 uv : UV; }};\n\
             RWStructuredBuffer<half4> R;\n\
             float4 main(In i, half3 v : V, min16float w : W) : SV_Target {{\n\
             \x20   R[0] = {call};\n    return 0;\n}}\n"
        );
        let stderr = failure(&text, "ps_6_6", &["-enable-16bit-types"]);
        assert!(stderr.contains("error[E3297]"), "{call}: {stderr}");
        assert!(stderr.contains("t.hlsl:4:"), "{call}: {stderr}");
        assert!(!stderr.contains("E3001"), "{stderr}");
        let m = compile(&text, "ps_6_6", &[]);
        m.assert_has(&[instruction]);
    }
}
