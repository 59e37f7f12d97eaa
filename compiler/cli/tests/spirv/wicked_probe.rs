//! Shapes from Wicked Engine's shaders compiled as its Vulkan build runs DXC (`-spirv
//! -fspv-target-env=vulkan1.2 -fvk-use-dx-layout -fvk-use-dx-position-w` and the `t`/`u`/`s`
//! shifts): texel offsets written as arithmetic on constant vectors (`2 * int2(-1, 1)` in its
//! wet-map update), which DXC folds to the constant the `ConstOffset` operand needs. Each
//! module is validated by `spirv-val`.

use crate::harness::{compile, refuse};

/// Wicked Engine's compile flags for a SPIR-V target (`wiShaderCompiler.cpp`); `eng4` uses
/// them too.
pub(crate) const WICKED_FLAGS: &[&str] = &[
    "-fspv-target-env=vulkan1.2",
    "-fvk-use-dx-layout",
    "-fvk-use-dx-position-w",
    "-fvk-t-shift",
    "1000",
    "0",
    "-fvk-u-shift",
    "2000",
    "0",
    "-fvk-s-shift",
    "3000",
    "0",
];

/// A scalar times a constant vector, a vector times a scalar, vector minus scalar and a
/// negated sum are folded componentwise (`2 * int2(-1, 1)` is `(-2, 2)`, `int2(3, 1) * 3` is
/// `(9, 3)`, `int2(6, 4) / 2 - 1` is `(2, 1)`, `-(int2(1, 2) + 1)` is `(-2, -3)`), and a
/// swizzle of a constant picks its components (`kOffset.yx` of `int2(4, -5)` is `(-5, 4)`),
/// whether on a comparison sample, a level sample or a gather.
#[test]
fn arithmetic_on_constant_vectors_is_a_constant_offset() {
    let text = r#"
Texture2D<float> shadowmap : register(t0);
SamplerComparisonState cmp_sampler : register(s0);
SamplerState lin : register(s1);
RWStructuredBuffer<float4> result : register(u0);
static const int2 kOffset = int2(4, -5);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = id.xy / 64.0;
    float s = shadowmap.SampleCmpLevelZero(cmp_sampler, uv, 0.5, 2 * int2(-1, 1));
    s += shadowmap.SampleLevel(lin, uv, 0, int2(3, 1) * 3);
    float4 g = shadowmap.GatherRed(lin, uv, int2(6, 4) / 2 - 1);
    s += shadowmap.SampleCmpLevelZero(cmp_sampler, uv, 0.5, -(int2(1, 2) + 1));
    s += shadowmap.SampleLevel(lin, uv, 1, kOffset.yx);
    result[id.x] = g + s;
}
"#;
    let m = compile(text, "cs_6_0", WICKED_FLAGS);
    let offsets = m.asm.lines().filter(|l| l.contains("ConstOffset")).count();
    assert_eq!(offsets, 5, "every offset is a ConstOffset:\n{}", m.asm);
    for (x, y) in [
        ("n2", "2"),
        ("9", "3"),
        ("2", "1"),
        ("n2", "n3"),
        ("n5", "4"),
    ] {
        let composite = format!("= OpConstantComposite %v2int %int_{x} %int_{y}");
        assert!(m.has(&composite), "no {composite} in\n{}", m.asm);
    }
}

/// A vector operand that is not constant still makes a run-time offset, which Vulkan allows on
/// gathers only: refused with E3004 as before (DXC refuses it too).
#[test]
fn arithmetic_on_a_run_time_vector_is_still_refused() {
    let text = r#"
Texture2D<float> shadowmap : register(t0);
SamplerComparisonState cmp_sampler : register(s0);
float4 main(float2 uv : TEXCOORD0, nointerpolation int2 o : OFFSET) : SV_Target {
    return shadowmap.SampleCmpLevelZero(cmp_sampler, uv, 0.5, 2 * o);
}
"#;
    refuse(
        text,
        "ps_6_0",
        WICKED_FLAGS,
        1,
        "needs a constant texel offset",
    );
}

/// `float const x`, the qualifier after the type as AMD's FidelityFX shadow denoiser (in
/// Wicked Engine's `ffx-shadows-dnsr`) writes it, is a constant local, global or parameter
/// as `const float x` is: a local sizes an array, and assigning to one is refused.
#[test]
fn const_after_the_type_is_a_const_declaration() {
    let text = r#"
float const g_scale = 2;
static float const k_bias = 0.5;
RWStructuredBuffer<float> result : register(u0);
float twice(float const v) { return v * 2; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float const sigma = 20.0f;
    int const N = 3;
    float a[N];
    for (int i = 0; i < N; ++i)
        a[i] = twice(i) * g_scale + k_bias;
    result[id.x] = (a[0] + a[1] + a[2]) / sigma;
}
"#;
    let m = compile(text, "cs_6_0", WICKED_FLAGS);
    // `a` is a function-storage array of three floats; `g_scale` a member of `$Globals`.
    m.assert_has(&[
        "OpTypeArray %float %uint_3",
        "OpMemberName %type__Globals 0 \"g_scale\"",
    ]);

    let assign = r#"
RWStructuredBuffer<float> result : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float const s = 1;
    s = 2;
    result[id.x] = s;
}
"#;
    refuse(
        assign,
        "cs_6_0",
        WICKED_FLAGS,
        1,
        "cannot assign to a const value",
    );
}
