//! Texel offsets made constants: `for` loops without a hint unrolled when only that makes
//! them constants (the DirectX SDK's blur and tone-mapping shaders rely on it), and left as
//! loops otherwise; elements of `static const` offset arrays.

use crate::harness::{compile, refuse};

const BOX_BLUR: &str = r#"
Texture2D t : register(t0);
SamplerState s : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float4 c = 0;
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x < 2; x += 1)
            c += t.Sample(s, uv, int2(x, y));
    return c / 9;
}
"#;

/// Nine samples, each with its own constant offset, and no loop left.
#[test]
fn unmarked_loops_feeding_offsets_are_unrolled() {
    let m = compile(BOX_BLUR, "ps_6_0", &[]);
    let samples: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpImageSampleImplicitLod"))
        .collect();
    assert_eq!(samples.len(), 9, "{}", m.asm);
    assert!(
        samples.iter().all(|l| l.contains("ConstOffset")),
        "{}",
        m.asm
    );
    assert!(!m.has("OpLoopMerge"), "{}", m.asm);
}

/// `[loop]` asks for a loop: the offset stays a run-time value, which Vulkan refuses.
#[test]
fn loop_hint_keeps_the_loop_and_the_error() {
    let text = BOX_BLUR.replace("for (int x", "[loop] for (int x");
    refuse(&text, "ps_6_0", &[], 1, "needs a constant texel offset");
}

/// A loop whose body needs no constant stays a loop.
#[test]
fn unmarked_loops_without_offsets_stay_loops() {
    let text = r#"
Texture2D t : register(t0);
SamplerState s : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float4 c = 0;
    for (int i = 0; i < 4; i++)
        c += t.Sample(s, uv + i * 0.1);
    return c;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpLoopMerge"]);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        1,
        "{}",
        m.asm
    );
}

/// Offsets read from a `static const` array, by a constant and by the variable of a loop
/// unrolled for it: each a `ConstOffset` of that element's value.
#[test]
fn offsets_from_a_static_const_array() {
    let text = r#"
Texture2D t : register(t0);
SamplerState s : register(s0);
static const int2 kOffsets[3] = { int2(-1, -2), int2(3, -4), { 5, 6 } };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float4 c = t.Sample(s, uv, kOffsets[1]);
    for (int i = 0; i < 3; i++)
        c += t.Sample(s, uv, kOffsets[i]);
    return c;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(m.asm.matches("ConstOffset").count(), 4, "{}", m.asm);
    m.assert_has(&[
        "OpConstantComposite %v2int %int_n1 %int_n2",
        "OpConstantComposite %v2int %int_3 %int_n4",
        "OpConstantComposite %v2int %int_5 %int_6",
    ]);
}

/// A `static` array that is not `const` may change: its elements are no constants.
#[test]
fn offsets_from_a_mutable_static_array_are_refused() {
    let text = r#"
Texture2D t : register(t0);
SamplerState s : register(s0);
static int2 gOffsets[2] = { int2(-1, 0), int2(1, 0) };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return t.Sample(s, uv, gOffsets[1]);
}
"#;
    refuse(text, "ps_6_0", &[], 1, "needs a constant texel offset");
}
