//! Weak spots left from an earlier session, through `hlslc -spirv`: empty base structs kept as
//! empty members (as DXC declares them), the fragment-test execution modes of
//! `SPV_AMD_shader_early_and_late_fragment_tests`, unknown or misplaced `[[vk::*]]`
//! attributes, and stage attributes DXC checks. Every module passes every `spirv-val`
//! installed.

use crate::harness::{compile, refuse};

/// An empty base is a member of its own: DXC declares `struct S : E { float x; }` as
/// `OpTypeStruct %E %float`, and spirv-val takes an empty struct inside a block.
const EMPTY_BASES: &str = r#"
struct E {};
struct A { float a; };
struct M : E {};
struct D : A, E { float y; };
struct N : M { float z; };
cbuffer C { float f0; M m; float f1; D d; N n; float f2; };
RWStructuredBuffer<D> sb;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() {
  D l = {1.0, 2.0};
  sb[0] = l;
  N q = (N)5;
  o[0] = f0 + f1 + d.y + n.z + f2 + q.z + l.a;
}
"#;

#[test]
fn an_empty_base_is_an_empty_member() {
    let m = compile(EMPTY_BASES, "cs_6_0", &[]);
    m.assert_has(&["%E = OpTypeStruct\n", "%D = OpTypeStruct %float %E %float"]);
    // std430: a at 0, the empty E and y at 4.
    assert_eq!(m.offsets("D"), [0, 4, 4]);
    // std140: f0 at 0; M (a struct with a base: alignment 16, size 0) and f1 at 16; D (A
    // rounded to 16, then E and y) at 32, 32 bytes; N at 64; f2 at 80.
    assert_eq!(m.offsets("type.C"), [0, 16, 16, 32, 64, 80]);
}

#[test]
fn a_struct_with_only_an_empty_base_aligns_to_a_row_under_dx_rules() {
    // DXC's alignment calculator gives a struct size 0 and alignment 1 only when it has
    // neither fields nor bases; `M : E` takes a row's alignment (16) under the cbuffer DX
    // rules, so f1 follows it at 16, not at 4. D is a at 0, E and y at 4 (8 bytes, no tail
    // padding), N is E and z at 0.
    let m = compile(EMPTY_BASES, "cs_6_0", &["-fvk-use-dx-layout"]);
    assert_eq!(m.offsets("type.C"), [0, 16, 16, 32, 48, 52]);
}

#[test]
fn a_bad_vk_offset_behind_a_buffer_pointer_points_at_its_member() {
    // The flat case is in weak_spots (`a_vk_offset_behind_a_buffer_pointer_follows_the_pointer_layout`).
    // In a struct nested in the pointee, the member of the nested struct (line 2, column 27).
    let nested = "struct I { float a;
  [[vk::offset(2)]] float b; };
struct S { float x; I i; };
struct Push { vk::BufferPointer<S> p; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() { o[0] = pc.p.Get().i.b; }
";
    refuse(
        nested,
        "cs_6_0",
        &["-fspv-target-env=vulkan1.3"],
        1,
        ".hlsl:2:27",
    );
}

#[test]
fn early_and_late_fragment_tests_attributes_are_execution_modes() {
    // DXC: `EarlyAndLateFragmentTestsAMD` with `SPV_AMD_shader_early_and_late_fragment_tests`;
    // a stencil promise needs `StencilExportEXT` and `SPV_EXT_shader_stencil_export` too.
    let m = compile(
        "[[vk::early_and_late_tests]]
[[vk::depth_unchanged]]
[[vk::stencil_ref_less_equal_front]]
[[vk::stencil_ref_greater_equal_back]]
float4 main(float4 c : COLOR, out float d : SV_Depth, out uint s : SV_StencilRef) : SV_Target {
  d = c.x;
  s = 1;
  return c;
}
",
        "ps_6_0",
        &["-fspv-target-env=vulkan1.3"],
    );
    m.assert_has(&[
        "OpCapability StencilExportEXT",
        "OpExtension \"SPV_AMD_shader_early_and_late_fragment_tests\"",
        "OpExtension \"SPV_EXT_shader_stencil_export\"",
        "OpExecutionMode %main EarlyAndLateFragmentTestsAMD",
        "OpExecutionMode %main DepthUnchanged",
        "OpExecutionMode %main StencilRefLessFrontAMD",
        "OpExecutionMode %main StencilRefGreaterBackAMD",
    ]);
    for (attr, mode) in [
        ("stencil_ref_unchanged_front", "StencilRefUnchangedFrontAMD"),
        (
            "stencil_ref_greater_equal_front",
            "StencilRefGreaterFrontAMD",
        ),
        ("stencil_ref_unchanged_back", "StencilRefUnchangedBackAMD"),
        ("stencil_ref_less_equal_back", "StencilRefLessBackAMD"),
    ] {
        let m = compile(
            &format!("[[vk::early_and_late_tests]]\n[[vk::{attr}]]\nvoid main() {{}}\n"),
            "ps_6_0",
            &[],
        );
        m.assert_has(&[&format!("OpExecutionMode %main {mode}")]);
    }
    // Alone, only the AMD extension.
    let m = compile(
        "[[vk::early_and_late_tests]]\nvoid main() {}\n",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpExecutionMode %main EarlyAndLateFragmentTestsAMD"]);
    assert!(!m.has("StencilExportEXT"), "{}", m.asm);
}

#[test]
fn one_stencil_promise_per_face_and_one_depth_promise() {
    refuse(
        "[[vk::early_and_late_tests]]
[[vk::stencil_ref_less_equal_back]]
[[vk::stencil_ref_unchanged_back]]
void main() {}
",
        "ps_6_0",
        &[],
        1,
        "error[E2240]: Shaders must not specify more than one of stencil_ref_unchanged_back, \
         stencil_ref_greater_equal_back, and stencil_ref_less_equal_back.",
    );
    refuse(
        "[[vk::early_and_late_tests]]
[[vk::depth_unchanged]]
float4 main(float4 c : COLOR, out float d : SV_DepthGreaterEqual) : SV_Target { d = c.x; return c; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3240]: `[[vk::depth_unchanged]]` contradicts the `SV_DepthGreaterEqual` output",
    );
}

#[test]
fn unknown_and_misplaced_vk_attributes_are_warnings() {
    let (output, _) = crate::harness::run(
        "[earlydepthstencil]
[[vk::early_and_late_tests]]
[[vk::not_an_attribute]]
float4 main([[vk::nor_this(1)]] float4 p : POSITION) : SV_Position { return p; }
",
        "vs_6_0",
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for expected in [
        "warning[W2091]: `[earlydepthstencil]` has no effect on a vertex shader",
        "warning[W2091]: `[[vk::early_and_late_tests]]` has no effect on a vertex shader",
        "warning[W2090]: unknown attribute 'not_an_attribute' ignored",
        "warning[W2090]: unknown attribute 'nor_this' ignored",
    ] {
        assert!(stderr.contains(expected), "no `{expected}` in:\n{stderr}");
    }
}

/// A hull shader whose control-point input has `[[vk::location]]` on one field only, and
/// whose outputs (control points and patch constants together) mix them too.
const HULL_MIXED: &str = r#"struct VSOut { [[vk::location(0)]] float4 pos : POS; float4 color : COLOR; };
struct HSOut { float4 pos : POS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; [[vk::location(5)]] float3 extra : EXTRA; };
PC pcf(InputPatch<VSOut, 3> ip) {
  PC o;
  o.edges[0] = o.edges[1] = o.edges[2] = 1;
  o.inside = 1;
  o.extra = ip[0].pos.xyz;
  return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
HSOut main(InputPatch<VSOut, 3> ip, uint id : SV_OutputControlPointID) {
  HSOut o;
  o.pos = ip[id].pos + ip[id].color;
  return o;
}
"#;

#[test]
fn tessellation_stages_refuse_partly_explicit_locations() {
    // DXC (every stage): "partial explicit stage input location assignment via
    // vk::location(X) unsupported"; ours names the first variable without one, at its field.
    refuse(
        HULL_MIXED,
        "hs_6_0",
        &[],
        1,
        "error[E3003]: partial explicit stage input location assignment via vk::location(X) \
         unsupported: `COLOR` has no `[[vk::location]]`",
    );
    refuse(HULL_MIXED, "hs_6_0", &[], 1, ".hlsl:1:54");
    // The outputs: the patch constant `EXTRA` has one, the control point `POS` none.
    refuse(
        HULL_MIXED,
        "hs_6_0",
        &[],
        1,
        "partial explicit stage output location assignment via vk::location(X) unsupported: \
         `POS` has no `[[vk::location]]`",
    );
    let domain = r#"struct HSOut { [[vk::location(1)]] float4 pos : POS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; float3 extra : EXTRA; };
[domain("tri")]
float4 main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<HSOut, 3> patch) : SV_Position {
  return patch[0].pos * uvw.x + float4(pc.extra, 1);
}
"#;
    refuse(
        domain,
        "ds_6_0",
        &[],
        1,
        "partial explicit stage input location assignment via vk::location(X) unsupported: \
         `EXTRA` has no `[[vk::location]]`",
    );
    // Every one given: the locations written.
    let m = compile(
        &domain.replace(
            "float3 extra : EXTRA",
            "[[vk::location(0)]] float3 extra : EXTRA",
        ),
        "ds_6_0",
        &[],
    );
    assert_eq!((m.location("in.POS"), m.location("in.EXTRA")), (1, 0));
}

#[test]
fn stage_attributes_of_other_stages_are_warnings() {
    let (output, _) = crate::harness::run(
        "[maxvertexcount(3)]
[domain(\"tri\")]
[outputtopology(\"triangle\")]
float4 main(float4 p : POSITION) : SV_Position { return p; }
",
        "vs_6_0",
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for expected in [
        "`[maxvertexcount]` has no effect on a vertex shader; only geometry shaders take it",
        "`[domain]` has no effect on a vertex shader; only hull and domain shaders take it",
        "`[outputtopology]` has no effect on a vertex shader; only hull, domain and mesh shaders take it",
    ] {
        assert!(stderr.contains(expected), "no `{expected}` in:\n{stderr}");
    }
}

#[test]
fn a_missing_patch_constant_function_is_dxcs_error() {
    // Was "not supported yet"; DXC: "patch constant function 'nothere' must be defined", at
    // the attribute's argument (line 6, column 20).
    let shader = HULL_MIXED
        .replace("[[vk::location(0)]] ", "")
        .replace("[[vk::location(5)]] ", "")
        .replace(
            "[patchconstantfunc(\"pcf\")]",
            "\n[patchconstantfunc(\"nothere\")]",
        );
    refuse(
        &shader,
        "hs_6_0",
        &[],
        1,
        "error[E2035]: patch constant function 'nothere' must be defined",
    );
}

#[test]
fn wave_size_needs_its_shader_model() {
    let shader = |attr: &str| {
        format!(
            "RWStructuredBuffer<uint> o;\n{attr}\n[numthreads(64, 1, 1)]\n\
             void main(uint i : SV_DispatchThreadID) {{ o[i] = WaveGetLaneCount(); }}\n"
        )
    };
    let env = ["-fspv-target-env=vulkan1.1"];
    refuse(
        &shader("[WaveSize(32)]"),
        "cs_6_5",
        &env,
        1,
        "error[E2025]: attribute wavesize requires shader model 6.6 or greater",
    );
    refuse(
        &shader("[WaveSize(16, 64)]"),
        "cs_6_6",
        &env,
        1,
        "error[E2025]: wavesize only takes multiple arguments in shader model 6.8 or higher",
    );
    compile(&shader("[WaveSize(32)]"), "cs_6_6", &env);
    compile(&shader("[WaveSize(16, 64, 32)]"), "cs_6_8", &env);
}

#[test]
fn push_constant_blocks_as_dxc_checks_them() {
    // DXC counts the declarations, used or not.
    refuse(
        "struct A { float a; };
struct B { float b; };
[[vk::push_constant]] ConstantBuffer<A> pa;
[[vk::push_constant]] ConstantBuffer<B> pb;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { o[0] = pa.a; }
",
        "cs_6_0",
        &[],
        1,
        "error[E2241]: cannot have more than one push constant block",
    );
    refuse(
        "struct A { float a; };
[[vk::push_constant]] [[vk::binding(1)]] ConstantBuffer<A> pa;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { o[0] = pa.a; }
",
        "cs_6_0",
        &[],
        1,
        "error[E2241]: vk::push_constant attribute cannot be used together with vk::binding \
         attribute",
    );
}

#[test]
fn resource_attributes_that_do_not_apply_are_warnings() {
    // An unknown format is ignored (the format inferred from `float4`); an input attachment
    // index on a texture is left out, where it made the module invalid (no `InputAttachment`).
    let src = "[[vk::image_format(\"bogus\")]] RWTexture2D<float4> t;
[[vk::input_attachment_index(0)]] Texture2D tex;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { t[uint2(0, 0)] = 1; o[0] = tex.Load(int3(0, 0, 0)).x; }
";
    let (output, _) = crate::harness::run(src, "cs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for expected in [
        "warning[W2092]: 'image_format' attribute argument not supported: bogus",
        "warning[W2091]: `[[vk::input_attachment_index]]` has no effect on a `Texture2D<float4>`",
    ] {
        assert!(stderr.contains(expected), "no `{expected}` in:\n{stderr}");
    }
    let m = compile(src, "cs_6_0", &[]);
    assert!(!m.has("InputAttachmentIndex"), "{}", m.asm);
    m.assert_has(&["Rgba32f"]);
}

#[test]
fn a_hull_entry_may_not_call_its_patch_constant_function() {
    // DXC: the two run apart; the error sits on the `[patchconstantfunc]` argument.
    let shader = r#"struct VSOut { float4 pos : POS; };
struct HSOut { float4 pos : POS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC pcf(InputPatch<VSOut, 3> ip) {
  PC o;
  o.edges[0] = o.edges[1] = o.edges[2] = 1;
  o.inside = 1;
  return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
HSOut main(InputPatch<VSOut, 3> ip, uint id : SV_OutputControlPointID) {
  HSOut o;
  o.pos = ip[id].pos + pcf(ip).inside;
  return o;
}
"#;
    refuse(
        shader,
        "hs_6_0",
        &[],
        1,
        "error[E2035]: patch constant function 'pcf' should not be reachable from entry \
         function 'main'",
    );
    compile(&shader.replace(" + pcf(ip).inside", ""), "hs_6_0", &[]);
}
