//! Attributes and DXC flags that change the module beyond types and bindings: push-constant
//! blocks, `precise`, pixel execution modes (`[earlydepthstencil]`,
//! `[[vk::post_depth_coverage]]`), `-Gis` float controls and the `-fvk-*`/`-fspv-*` options
//! that reshape stage variables, bindings or extensions (DXC's `docs/SPIR-V.rst`).

use crate::harness::compile;

/// Push constants: a plain struct global and a `ConstantBuffer<S>` with
/// `[[vk::push_constant]]` become one `PushConstant` block, never a member of `$Globals` and
/// never a descriptor.
fn push_constant_source(decl: &str) -> String {
    format!(
        r#"
struct Consts {{ float weights[2]; float bias; float4 tint; }};
{decl}
float other;
float4 main() : SV_Target {{
    return pc.tint * (pc.weights[1] + pc.bias) + other;
}}
"#
    )
}

#[test]
fn push_constant_struct_is_a_push_constant_block() {
    for decl in [
        "[[vk::push_constant]] Consts pc;",
        "[[vk::push_constant]] ConstantBuffer<Consts> pc;",
    ] {
        let m = compile(&push_constant_source(decl), "ps_6_0", &[]);
        m.assert_has(&["OpVariable %_ptr_PushConstant_", "PushConstant\n"]);
        assert_eq!(m.decoration("pc", "DescriptorSet"), None, "{decl}");
        assert_eq!(m.decoration("pc", "Binding"), None, "{decl}");
        // `$Globals` keeps the loose `other` only, at the first binding.
        assert_eq!(m.offsets("type.$Globals"), vec![0]);
        assert_eq!(m.binding("$Globals"), (0, 0));
        // std430 (DXC's rule for push constants): a float array has stride 4, so `bias`
        // follows it at byte 8 and the float4 is aligned to 16.
        assert_eq!(m.offsets("type.PushConstant.Consts"), vec![0, 8, 16]);
        assert_eq!(m.array_strides("%float"), vec![4]);
    }
}

/// The result ids of every instruction `op` in the module (`OpFAdd` → `%27`...).
fn results_of(asm: &str, op: &str) -> Vec<String> {
    asm.lines()
        .filter_map(|l| {
            let (id, def) = l.split_once(" = ")?;
            (def.split(' ').next() == Some(op)).then(|| id.trim().to_owned())
        })
        .collect()
}

#[test]
fn precise_marks_the_arithmetic_feeding_the_variable() {
    // `t` feeds the precise `p` through a load, so its product is precise too (as in DXC);
    // `q` and the final `dot` are ordinary arithmetic.
    let src = r#"
float main(float4 a : A, float4 b : B, float c : C) : SV_Target {
    float4 t = a * b;
    precise float4 p = t + c;
    float4 q = (a - b) / c;
    return dot(p, q);
}
"#;
    let m = compile(src, "ps_6_0", &[]);
    let contracted: Vec<String> = m
        .asm
        .lines()
        .filter_map(|l| {
            l.strip_prefix("OpDecorate ")?
                .strip_suffix(" NoContraction")
        })
        .map(str::to_owned)
        .collect();
    let mut expected = results_of(&m.asm, "OpFMul");
    expected.extend(results_of(&m.asm, "OpFAdd"));
    assert_eq!(expected.len(), 2, "{}", m.asm);
    let mut got = contracted.clone();
    got.sort();
    expected.sort();
    assert_eq!(got, expected, "{}", m.asm);
    for op in ["OpFSub", "OpFDiv", "OpDot"] {
        for id in results_of(&m.asm, op) {
            assert!(!contracted.contains(&id), "{op} {id} is marked:\n{}", m.asm);
        }
    }
}

/// The `OpExecutionMode` lines of the module, without the entry id.
fn modes(m: &crate::harness::Module) -> Vec<String> {
    m.asm
        .lines()
        .filter_map(|l| l.strip_prefix("OpExecutionMode "))
        .map(|l| l.split_once(' ').map_or(l, |(_, rest)| rest).to_owned())
        .collect()
}

#[test]
fn pixel_test_attributes_become_execution_modes() {
    let src = r#"
[earlydepthstencil]
float4 main(float4 pos : SV_Position) : SV_Target { return pos; }
"#;
    let m = compile(src, "ps_6_0", &[]);
    assert_eq!(modes(&m), ["OriginUpperLeft", "EarlyFragmentTests"]);
    assert!(!m.has("PostDepthCoverage"), "{}", m.asm);

    // Post-depth coverage needs its extension and capability (SPV_KHR_post_depth_coverage).
    let src = r#"
[[vk::post_depth_coverage]]
[earlydepthstencil]
float4 main(uint coverage : SV_Coverage) : SV_Target { return coverage; }
"#;
    let m = compile(src, "ps_6_0", &[]);
    assert_eq!(
        modes(&m),
        ["OriginUpperLeft", "EarlyFragmentTests", "PostDepthCoverage"]
    );
    m.assert_has(&[
        "OpCapability SampleMaskPostDepthCoverage",
        "OpExtension \"SPV_KHR_post_depth_coverage\"",
    ]);
}

#[test]
fn gis_preserves_signed_zero_inf_nan_for_each_float_width() {
    let src = r#"
RWStructuredBuffer<double> Out;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = Out[id.x + 1] * 0.5; }
"#;
    // Without -Gis nothing changes.
    let m = compile(src, "cs_6_0", &[]);
    assert!(!m.has("SignedZeroInfNanPreserve"), "{}", m.asm);
    // SPIR-V 1.0 needs SPV_KHR_float_controls; the mode is core from SPIR-V 1.4 (vulkan1.2).
    let m = compile(src, "cs_6_0", &["-Gis"]);
    assert_eq!(
        modes(&m),
        [
            "LocalSize 4 1 1",
            "SignedZeroInfNanPreserve 32",
            "SignedZeroInfNanPreserve 64"
        ]
    );
    m.assert_has(&[
        "OpCapability SignedZeroInfNanPreserve",
        "OpExtension \"SPV_KHR_float_controls\"",
    ]);
    let m = compile(src, "cs_6_0", &["-Gis", "-fspv-target-env=vulkan1.2"]);
    assert!(modes(&m).contains(&"SignedZeroInfNanPreserve 64".to_owned()));
    assert!(!m.has("SPV_KHR_float_controls"), "{}", m.asm);
}
