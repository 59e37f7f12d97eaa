//! Descriptor sets and bindings: `register(xN, spaceM)`, `[[vk::binding]]`, the
//! `-fvk-{b,t,s,u}-shift` and `-fvk-bind-register` options, and automatic assignment in
//! declaration order (DXC's `docs/SPIR-V.rst`, "HLSL register and Vulkan binding").

use crate::harness::{compile, refuse};

/// One resource of each register class in `space` (b, t, s and u registers 0, 1, 2 and 3).
fn four_classes(space: u32) -> String {
    format!(
        r#"
cbuffer Params : register(b0, space{space}) {{ float Scale; }};
Texture2D<float4> Tex : register(t1, space{space});
SamplerState Smp : register(s2, space{space});
RWTexture2D<float4> Out : register(u3, space{space});
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {{
    Out[id.xy] = Tex.SampleLevel(Smp, float2(id.xy) / 8, 0) * Scale;
}}
"#
    )
}

#[test]
fn register_gives_binding_and_space_gives_set() {
    let m = compile(&four_classes(0), "cs_6_0", &[]);
    assert_eq!(m.binding("Params"), (0, 0));
    assert_eq!(m.binding("Tex"), (0, 1));
    assert_eq!(m.binding("Smp"), (0, 2));
    assert_eq!(m.binding("Out"), (0, 3));
    let m = compile(&four_classes(3), "cs_6_0", &[]);
    assert_eq!(m.binding("Params"), (3, 0));
    assert_eq!(m.binding("Out"), (3, 3));
}

#[test]
fn each_class_shifts_by_its_own_option() {
    let m = compile(
        &four_classes(0),
        "cs_6_0",
        &[
            "-fvk-b-shift",
            "100",
            "0",
            "-fvk-t-shift",
            "200",
            "0",
            "-fvk-s-shift",
            "300",
            "0",
            "-fvk-u-shift",
            "400",
            "0",
        ],
    );
    assert_eq!(m.binding("Params"), (0, 100));
    assert_eq!(m.binding("Tex"), (0, 201));
    assert_eq!(m.binding("Smp"), (0, 302));
    assert_eq!(m.binding("Out"), (0, 403));
}

#[test]
fn a_shift_applies_to_its_space_only() {
    let m = compile(&four_classes(1), "cs_6_0", &["-fvk-t-shift", "10", "0"]);
    assert_eq!(m.binding("Tex"), (1, 1));
    let m = compile(&four_classes(1), "cs_6_0", &["-fvk-t-shift", "10", "1"]);
    assert_eq!(m.binding("Tex"), (1, 11));
}

#[test]
fn shift_all_covers_every_space() {
    let m = compile(
        &four_classes(5),
        "cs_6_0",
        &["-fvk-u-shift", "1000", "all", "-fvk-b-shift", "7", "all"],
    );
    assert_eq!(m.binding("Out"), (5, 1003));
    assert_eq!(m.binding("Params"), (5, 7));
    assert_eq!(m.binding("Tex"), (5, 1));
}

#[test]
fn dxc_documented_shift_example() {
    // SPIR-V.rst, "Summary": with -fvk-t-shift 10 0 -fvk-t-shift 20 1.
    let m = compile(
        r#"
struct S { float4 v; };
ConstantBuffer<S> cbuffer1 : register(b0);
Texture2D<float4> texture1 : register(t0);
Texture2D<float4> texture2 : register(t1, space1);
SamplerState      sampler1;
[[vk::binding(3)]]
RWBuffer<float4> rwbuffer1 : register(u5, space2);
[numthreads(1, 1, 1)]
void main() {
    rwbuffer1[0] = cbuffer1.v + texture1.SampleLevel(sampler1, 0, 0)
        + texture2.SampleLevel(sampler1, 0, 0);
}
"#,
        "cs_6_0",
        &["-fvk-t-shift", "10", "0", "-fvk-t-shift", "20", "1"],
    );
    assert_eq!(m.binding("rwbuffer1"), (0, 3));
    assert_eq!(m.binding("cbuffer1"), (0, 0));
    assert_eq!(m.binding("texture1"), (0, 10));
    assert_eq!(m.binding("texture2"), (1, 21));
    assert_eq!(m.binding("sampler1"), (0, 1));
}

#[test]
fn vk_binding_wins_over_register_and_is_not_shifted() {
    let m = compile(
        r#"
[[vk::binding(5, 2)]] Texture2D<float4> Tex : register(t0);
[[vk::binding(9)]] SamplerState Smp : register(s0);
RWTexture2D<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[uint2(0, 0)] = Tex.SampleLevel(Smp, 0, 0); }
"#,
        "cs_6_0",
        &["-fvk-t-shift", "100", "all", "-fvk-s-shift", "100", "all"],
    );
    assert_eq!(m.binding("Tex"), (2, 5));
    assert_eq!(m.binding("Smp"), (0, 9));
    assert_eq!(m.binding("Out"), (0, 0));
}

#[test]
fn bind_register_moves_one_register() {
    let m = compile(
        &four_classes(1),
        "cs_6_0",
        &[
            "-fvk-bind-register",
            "t1",
            "1",
            "40",
            "6",
            "-fvk-bind-register",
            "u3",
            "1",
            "41",
            "6",
            "-fvk-bind-register",
            "b0",
            "1",
            "0",
            "1",
            "-fvk-bind-register",
            "s2",
            "1",
            "7",
            "0",
        ],
    );
    assert_eq!(m.binding("Tex"), (6, 40));
    assert_eq!(m.binding("Out"), (6, 41));
    assert_eq!(m.binding("Params"), (1, 0));
    assert_eq!(m.binding("Smp"), (0, 7));
    // DXC binds every resource from the flag's table alone: a register it does not name is
    // refused (`weak5.rs` has the other refusals).
    refuse(
        &four_classes(1),
        "cs_6_0",
        &["-fvk-bind-register", "t1", "1", "40", "6"],
        1,
        "missing -fvk-bind-register for resource",
    );
}

#[test]
fn shifts_and_bind_register_exclude_each_other() {
    refuse(
        &four_classes(0),
        "cs_6_0",
        &[
            "-fvk-t-shift",
            "1",
            "0",
            "-fvk-bind-register",
            "t1",
            "0",
            "4",
            "0",
        ],
        2,
        "-fvk-*-shift cannot be used together with -fvk-bind-register",
    );
}

#[test]
fn bad_shift_arguments_are_usage_errors() {
    refuse(
        &four_classes(0),
        "cs_6_0",
        &["-fvk-b-shift", "x", "0"],
        2,
        "invalid -fvk-b-shift argument: x",
    );
    refuse(
        &four_classes(0),
        "cs_6_0",
        &["-fvk-s-shift", "1", "space0"],
        2,
        "invalid -fvk-s-shift argument: space0",
    );
    refuse(
        &four_classes(0),
        "cs_6_0",
        &["-fvk-u-shift", "1", "all", "-fvk-u-shift", "2", "0"],
        2,
        "-fvk-u-shift N all must be the only -fvk-u-shift given",
    );
}

#[test]
fn automatic_bindings_follow_declaration_order() {
    // The unused texture still takes binding 0; `$Globals` takes its turn at `Tint`.
    let m = compile(
        r#"
Texture2D<float4> Unused;
Texture2D<float4> Explicit : register(t1);
float4 Tint;
SamplerState Linear;
RWTexture2D<float4> Out;
[numthreads(1, 1, 1)]
void main() { Out[uint2(0, 0)] = Explicit.SampleLevel(Linear, 0, 0) * Tint; }
"#,
        "cs_6_0",
        &[],
    );
    assert_eq!(m.binding("Explicit"), (0, 1));
    assert_eq!(m.binding("$Globals"), (0, 2));
    assert_eq!(m.binding("Linear"), (0, 3));
    assert_eq!(m.binding("Out"), (0, 4));
}

#[test]
fn dollar_globals_first_takes_binding_zero() {
    // SPIR-V.rst, "HLSL global variables and Vulkan binding", examples 1 and 2.
    let first = compile(
        r#"
float4 someColors;
Texture2D<float4> texture1;
RWTexture2D<float4> Out : register(u9);
[numthreads(1, 1, 1)]
void main() { Out[uint2(0, 0)] = texture1.Load(int3(0, 0, 0)) * someColors; }
"#,
        "cs_6_0",
        &[],
    );
    assert_eq!(first.binding("$Globals"), (0, 0));
    assert_eq!(first.binding("texture1"), (0, 1));
    let second = compile(
        r#"
Texture2D<float4> texture1;
float4 someColors;
RWTexture2D<float4> Out : register(u9);
[numthreads(1, 1, 1)]
void main() { Out[uint2(0, 0)] = texture1.Load(int3(0, 0, 0)) * someColors; }
"#,
        "cs_6_0",
        &[],
    );
    assert_eq!(second.binding("texture1"), (0, 0));
    assert_eq!(second.binding("$Globals"), (0, 1));
}

#[test]
fn resource_arrays_take_one_binding() {
    let m = compile(
        r#"
Texture2D<float4> Textures[4] : register(t2);
SamplerState Smp : register(s0);
RWTexture2D<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[uint2(0, 0)] = Textures[3].SampleLevel(Smp, 0, 0); }
"#,
        "cs_6_0",
        &["-fvk-t-shift", "10", "0"],
    );
    assert_eq!(m.binding("Textures"), (0, 12));
    m.assert_has(&["= OpTypeArray %type_image"]);
}
