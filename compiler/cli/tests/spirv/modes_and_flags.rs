//! Attributes and DXC flags that change the module beyond types and bindings: push-constant
//! blocks, `precise`, pixel execution modes (`[earlydepthstencil]`,
//! `[[vk::post_depth_coverage]]`), `-Gis` float controls and the `-fvk-*`/`-fspv-*` options
//! that reshape stage variables, bindings or extensions (DXC's `docs/SPIR-V.rst`).

use crate::harness::{compile, refuse, run};

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

#[test]
fn invert_w_reads_the_reciprocal_of_frag_coord_w() {
    let src = "float4 main(float4 pos : SV_Position) : SV_Target { return pos; }";
    let plain = compile(src, "ps_6_0", &[]);
    assert!(!plain.has("OpFDiv"), "{}", plain.asm);
    let m = compile(src, "ps_6_0", &["-fvk-invert-w"]);
    // The wrapper divides 1.0 by component 3 of the loaded FragCoord and puts it back.
    let w = results_of(&m.asm, "OpCompositeExtract");
    assert_eq!(w.len(), 1, "{}", m.asm);
    let div = m
        .asm
        .lines()
        .find(|l| l.contains("= OpFDiv"))
        .unwrap_or_else(|| panic!("no OpFDiv:\n{}", m.asm));
    assert!(div.ends_with(&format!("%float_1 {}", w[0])), "{div}");
    m.assert_has(&["OpCompositeInsert %v4float", " 3\n"]);
    // Vertex shaders write SV_Position: nothing to invert there.
    let vs = "float4 main(float4 p : P) : SV_Position { return p; }";
    let m = compile(vs, "vs_6_0", &["-fvk-invert-w"]);
    assert!(!m.has("OpFDiv"), "{}", m.asm);
}

#[test]
fn nonzero_base_instance_subtracts_base_instance() {
    let src = r#"
float4 main(uint id : SV_InstanceID) : SV_Position { return float4(id, 0, 0, 1); }
"#;
    let plain = compile(src, "vs_6_0", &[]);
    assert!(!plain.has("BaseInstance"), "{}", plain.asm);
    let m = compile(src, "vs_6_0", &["-fvk-support-nonzero-base-instance"]);
    assert_eq!(m.builtin("gl_BaseInstance"), "BaseInstance");
    assert_eq!(m.builtin("in.SV_InstanceID"), "InstanceIndex");
    m.assert_has(&[
        "OpCapability DrawParameters",
        "OpExtension \"SPV_KHR_shader_draw_parameters\"",
    ]);
    let index = m.id("in.SV_InstanceID");
    let base = m.id("gl_BaseInstance");
    let entry = m
        .asm
        .lines()
        .find(|l| l.starts_with("OpEntryPoint"))
        .unwrap();
    assert!(entry.contains(&base), "{entry}");
    let load = |var: &str| {
        m.asm
            .lines()
            .find_map(|l| {
                let (id, def) = l.split_once(" = ")?;
                (def == format!("OpLoad %uint {var}")).then(|| id.to_owned())
            })
            .unwrap_or_else(|| panic!("no load of {var}:\n{}", m.asm))
    };
    let sub = format!("OpISub %uint {} {}", load(&index), load(&base));
    m.assert_has(&[sub.as_str()]);
    // SPIR-V 1.3 has draw parameters in core.
    let m = compile(
        src,
        "vs_6_0",
        &[
            "-fvk-support-nonzero-base-instance",
            "-fspv-target-env=vulkan1.1",
        ],
    );
    assert!(!m.has("SPV_KHR_shader_draw_parameters"), "{}", m.asm);
}

#[test]
fn glsl_layout_is_the_gl_layout() {
    // Strict std140 puts a float3 after a float at 16; the vector-relaxed default at 4.
    let src = r#"
cbuffer Params { float a; float3 b; };
float4 main() : SV_Target { return float4(b, a); }
"#;
    assert_eq!(
        compile(src, "ps_6_0", &[]).offsets("type.Params"),
        vec![0, 4]
    );
    for flag in ["-fvk-use-glsl-layout", "-fvk-use-gl-layout"] {
        assert_eq!(
            compile(src, "ps_6_0", &[flag]).offsets("type.Params"),
            vec![0, 16]
        );
    }
}

#[test]
fn bind_globals_places_dollar_globals() {
    let src = r#"
float scale;
Texture2D<float4> tex;
SamplerState smp;
float4 main(float2 uv : UV) : SV_Target { return tex.Sample(smp, uv) * scale; }
"#;
    let m = compile(src, "ps_6_0", &[]);
    assert_eq!(m.binding("$Globals"), (0, 0));
    assert_eq!(m.binding("tex"), (0, 1));
    let m = compile(src, "ps_6_0", &["-fvk-bind-globals", "5", "2"]);
    assert_eq!(m.binding("$Globals"), (2, 5));
    assert_eq!(m.binding("tex"), (0, 0));
    assert_eq!(m.binding("smp"), (0, 1));
}

#[test]
fn auto_shift_bindings_start_each_class_at_its_shift() {
    let src = r#"
cbuffer Params { float scale; };
Texture2D<float4> tex;
SamplerState smp;
RWBuffer<float4> outBuf;
Texture2D<float4> fixedTex : register(t2);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    outBuf[id.x] = (tex.SampleLevel(smp, float2(0, 0), 0) + fixedTex[id.xy]) * scale;
}
"#;
    let shifts = [
        "-fvk-b-shift",
        "40",
        "0",
        "-fvk-t-shift",
        "10",
        "0",
        "-fvk-s-shift",
        "20",
        "0",
        "-fvk-u-shift",
        "30",
        "0",
    ];
    // Without the flag automatic bindings ignore the shifts: 0, 1, 2, 3 after t2 + 10 = 12.
    let m = compile(src, "cs_6_0", &shifts);
    assert_eq!(m.binding("fixedTex"), (0, 12));
    assert_eq!(
        ["Params", "tex", "smp", "outBuf"].map(|n| m.binding(n)),
        [(0, 0), (0, 1), (0, 2), (0, 3)]
    );
    let mut flags = shifts.to_vec();
    flags.push("-fvk-auto-shift-bindings");
    let m = compile(src, "cs_6_0", &flags);
    assert_eq!(m.binding("fixedTex"), (0, 12));
    // Each class starts at its own shift; `fixedTex` keeps its register.
    assert_eq!(
        ["Params", "tex", "smp", "outBuf"].map(|n| m.binding(n)),
        [(0, 40), (0, 10), (0, 20), (0, 30)]
    );
}

#[test]
fn entrypoint_name_renames_the_spirv_entry() {
    let src = "float4 main(float4 p : P) : SV_Position { return p; }";
    let m = compile(src, "vs_6_0", &["-fspv-entrypoint-name=VSMain"]);
    let entry = m
        .asm
        .lines()
        .find(|l| l.starts_with("OpEntryPoint"))
        .unwrap();
    assert!(entry.contains("\"VSMain\""), "{entry}");
    assert!(!entry.contains("\"main\""), "{entry}");
}

#[test]
fn extension_options_restrict_the_extensions() {
    let src = r#"
[[vk::post_depth_coverage]]
float4 main(uint coverage : SV_Coverage) : SV_Target { return coverage; }
"#;
    compile(
        src,
        "ps_6_0",
        &["-fspv-extension=SPV_KHR_post_depth_coverage"],
    );
    compile(src, "ps_6_0", &["-fspv-extension=KHR"]);
    refuse(
        src,
        "ps_6_0",
        &["-fspv-extension=SPV_KHR_float_controls"],
        1,
        "needs SPIR-V extension SPV_KHR_post_depth_coverage, which the -fspv-extension options \
         do not allow",
    );
    // A module that needs no extension passes any restriction.
    compile(
        "float4 main() : SV_Target { return 1; }",
        "ps_6_0",
        &["-fspv-extension=SPV_KHR_float_controls"],
    );
}

#[test]
fn more_target_environments() {
    let src = "float4 main(float4 p : P) : SV_Position { return p; }";
    for (env, version) in [
        ("-fspv-target-env=vulkan1.1spirv1.4", "; SPIR-V 1.4"),
        ("-fspv-target-env=universal1.5", "; SPIR-V 1.5"),
    ] {
        let m = compile(src, "vs_6_0", &[env]);
        assert!(m.asm.starts_with(version), "{env}:\n{}", m.asm);
    }
}

#[test]
fn optimizer_only_flags_are_accepted() {
    let src = "float4 main(float4 p : P) : SV_Position { return p; }";
    let plain = compile(src, "vs_6_0", &[]);
    // `-fspv-preserve-bindings` does change the output: `dxc2_probe`.
    let flag = "-fspv-preserve-interface";
    let (out, _) = run(src, "vs_6_0", &[flag]);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
    assert_eq!(compile(src, "vs_6_0", &[flag]).asm, plain.asm);
    let (out, _) = run(
        src,
        "vs_6_0",
        &["-Oconfig=--loop-unroll,--scalar-replacement=300"],
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: `-Oconfig=--loop-unroll,--scalar-replacement=300` is ignored"),
        "{stderr}"
    );
}

#[test]
fn reflect_adds_semantics_user_types_and_counter_buffers() {
    let src = r#"
struct Item { float4 v; };
AppendStructuredBuffer<Item> items;
Texture2D<float4> tex;
SamplerState smp;
cbuffer Params { float k; };
float4 main(float2 uv : TEXCOORD0, float4 pos : SV_Position) : SV_Target {
    Item it;
    it.v = pos;
    items.Append(it);
    return tex.Sample(smp, uv) * k;
}
"#;
    let plain = compile(src, "ps_6_0", &[]);
    assert!(
        !plain.has("GOOGLE") && !plain.has("UserSemantic"),
        "{}",
        plain.asm
    );
    let m = compile(src, "ps_6_0", &["-fspv-reflect"]);
    let string = |name: &str, decoration: &str, text: &str| {
        format!("OpDecorateString {} {decoration} \"{text}\"", m.id(name))
    };
    m.assert_has(&[
        "OpExtension \"SPV_GOOGLE_hlsl_functionality1\"",
        "OpExtension \"SPV_GOOGLE_user_type\"",
        &string("in.TEXCOORD0", "UserSemantic", "TEXCOORD0"),
        &string("in.SV_Position", "UserSemantic", "SV_Position"),
        &string("out.SV_Target", "UserSemantic", "SV_Target"),
        &string("tex", "UserTypeGOOGLE", "texture2d:<float4>"),
        &string("smp", "UserTypeGOOGLE", "samplerstate"),
        &string("items", "UserTypeGOOGLE", "appendstructuredbuffer:<Item>"),
        &string("Params", "UserTypeGOOGLE", "cbuffer"),
        &format!(
            "OpDecorateId {} CounterBuffer {}",
            m.id("items"),
            m.id("counter.var.items")
        ),
    ]);
}

#[test]
fn reflect_on_resources_only_declares_decorate_string_below_spirv_1_4() {
    // A compute shader has no stage variable with a semantic, only `UserTypeGOOGLE` strings:
    // below SPIR-V 1.4 `OpDecorateString` needs `SPV_GOOGLE_hlsl_functionality1` (Cauldron's
    // TAA sharpener, `-fspv-reflect -fspv-target-env=vulkan1.1`); `compile` validates it.
    let src = r#"
Texture2D<float4> src_tex;
RWTexture2D<float4> dst_tex;
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) { dst_tex[id.xy] = src_tex[id.xy] * 2; }
"#;
    let m = compile(
        src,
        "cs_6_0",
        &["-fspv-reflect", "-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&[
        "OpExtension \"SPV_GOOGLE_hlsl_functionality1\"",
        "OpExtension \"SPV_GOOGLE_user_type\"",
        &format!(
            "OpDecorateString {} UserTypeGOOGLE \"rwtexture2d:<float4>\"",
            m.id("dst_tex")
        ),
    ]);
}

#[test]
fn precise_struct_fields_mark_the_stores_into_them() {
    // Only the store into the `precise` field `b` (through `s.b`, and `t.inner.b` one level
    // down) marks its arithmetic; the store into `a` does not.
    let src = r#"
struct S { float4 a; precise float4 b; };
struct T { S inner; };
float4 main(float4 x : X, float4 y : Y) : SV_Target {
    S s;
    s.a = x - y;
    s.b = x * y + x;
    T t;
    t.inner.b = x / y;
    return s.a + s.b + t.inner.b;
}
"#;
    let m = compile(src, "ps_6_0", &[]);
    let marked: Vec<String> = m
        .asm
        .lines()
        .filter_map(|l| {
            l.strip_prefix("OpDecorate ")?
                .strip_suffix(" NoContraction")
        })
        .map(str::to_owned)
        .collect();
    let mut expected = results_of(&m.asm, "OpFMul");
    expected.extend(results_of(&m.asm, "OpFDiv"));
    let adds = results_of(&m.asm, "OpFAdd");
    // The first add is `x * y + x`; the two of the return are ordinary.
    assert_eq!(adds.len(), 3, "{}", m.asm);
    expected.push(adds[0].clone());
    let (mut got, mut expected) = (marked, expected);
    got.sort();
    expected.sort();
    assert_eq!(got, expected, "{}", m.asm);
}
