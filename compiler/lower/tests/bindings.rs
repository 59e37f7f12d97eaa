//! Bindings, locations and layouts the `-fvk-*` options and Vulkan attributes choose: the
//! globals of the dump (`@g... = ...` lines) after lowering with [`lower::LowerOptions`]. The
//! expected numbers follow DXC's `docs/SPIR-V.rst` ("HLSL register and Vulkan binding",
//! "Explicit `Location` number assignment").

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use expect_test::{expect, Expect};
use lower::{BindingShift, BoundRegister, LayoutChoice, LowerOptions, RegisterClass, ShaderStage};

fn lower_with(
    text: &str,
    stage: ShaderStage,
    options: &LowerOptions,
) -> Result<ir::Module, String> {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    lower::lower_module_with(&db, file, config, "main", stage, options).map_err(|ds| {
        ds.iter()
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// The global lines of the dump, or the diagnostics.
fn check(text: &str, stage: ShaderStage, options: &LowerOptions, expect: Expect) {
    let actual = match lower_with(text, stage, options) {
        Ok(m) => {
            assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
            ir::print_module(&m)
                .lines()
                .filter(|l| l.starts_with('@'))
                .map(|l| format!("{l}\n"))
                .collect()
        }
        Err(e) => format!("{e}\n"),
    };
    expect.assert_eq(&actual);
}

fn shift(class: RegisterClass, shift: u32, space: Option<u32>) -> BindingShift {
    BindingShift {
        class,
        space,
        shift,
    }
}

#[test]
fn dxc_documented_shift_example() {
    // SPIR-V.rst, "Summary": with `-fvk-t-shift 10 0 -fvk-t-shift 20 1`, rwbuffer1 keeps its
    // vk::binding (3, set 0), cbuffer1 is 0, texture1 10, texture2 21 in set 1, and sampler1
    // takes the next free binding of set 0, 1.
    let options = LowerOptions {
        binding_shifts: vec![
            shift(RegisterClass::ShaderResource, 10, Some(0)),
            shift(RegisterClass::ShaderResource, 20, Some(1)),
        ],
        ..LowerOptions::default()
    };
    check(
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
        ShaderStage::Compute,
        &options,
        expect![[r#"
            @g0 = resource uniform_constant RWBuffer<float4> set(0) binding(3) ; rwbuffer1
            @g1 = resource uniform ConstantBuffer<S> set(0) binding(0) layout(relaxed_std140) ; cbuffer1
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(10) ; texture1
            @g3 = resource uniform_constant SamplerState set(0) binding(1) ; sampler1
            @g4 = resource uniform_constant Texture2D<float4> set(1) binding(21) ; texture2
        "#]],
    );
}

#[test]
fn shift_for_all_spaces_and_bound_register() {
    // The two never meet (`hlslc` refuses the shifts with `-fvk-bind-register`, as DXC does,
    // and under the flag every resource needs a register it names: `bind_register_checks`).
    let shifted = LowerOptions {
        binding_shifts: vec![shift(RegisterClass::UnorderedAccess, 100, None)],
        ..LowerOptions::default()
    };
    check(
        r#"
cbuffer Params : register(b2, space1) { float Scale; };
RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u3, space2);
[numthreads(1, 1, 1)]
void main() { A[0] = B[0] * Scale; }
"#,
        ShaderStage::Compute,
        &shifted,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(100) layout(relaxed_std430) ; A
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(2) binding(103) layout(relaxed_std430) ; B
            @g2 = resource uniform ConstantBuffer<type.Params> set(1) binding(2) layout(relaxed_std140) ; Params
        "#]],
    );
    let bound = LowerOptions {
        bound_registers: vec![BoundRegister {
            class: RegisterClass::ConstantBuffer,
            register: 2,
            space: 1,
            binding: 7,
            set: 4,
        }],
        ..LowerOptions::default()
    };
    check(
        r#"
cbuffer Params : register(b2, space1) { float Scale; };
[numthreads(1, 1, 1)]
void main() { float s = Scale; }
"#,
        ShaderStage::Compute,
        &bound,
        expect![[r#"
            @g0 = resource uniform ConstantBuffer<type.Params> set(4) binding(7) layout(relaxed_std140) ; Params
        "#]],
    );
}

#[test]
fn automatic_bindings_follow_declaration_order_even_for_unused_resources() {
    // DXC assigns the next free binding of set 0 in declaration order, after the explicit
    // ones; `$Globals` takes its place at the first loose global.
    check(
        r#"
Texture2D<float4> Unused;
Texture2D<float4> Explicit : register(t1);
float4 Tint;
SamplerState Linear;
RWTexture2D<float4> Out;
[numthreads(1, 1, 1)]
void main() { Out[uint2(0, 0)] = Explicit.SampleLevel(Linear, 0, 0) * Tint; }
"#,
        ShaderStage::Compute,
        &LowerOptions::default(),
        expect![[r#"
            @g0 = resource uniform_constant RWTexture2D<float4> set(0) binding(4) ; Out
            @g1 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; Explicit
            @g2 = resource uniform_constant SamplerState set(0) binding(3) ; Linear
            @g3 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(2) layout(relaxed_std140) ; $Globals
        "#]],
    );
}

#[test]
fn append_and_consume_counters_take_the_binding_after_their_buffer() {
    // DXC declares an append or consume buffer's counter right after the buffer, so in the
    // last binding pass the counter takes the next free binding at the buffer's place, before
    // the resources declared later, even for a buffer bound by register; an RW structured
    // buffer's counter is made on first use, after every declared resource.
    check(
        r#"
struct P { float x; };
AppendStructuredBuffer<P> Emitted;
Texture2D<float4> Noise;
ConsumeStructuredBuffer<P> Pending : register(u3);
RWStructuredBuffer<P> Counted;
SamplerState Linear;
AppendStructuredBuffer<P> Lanes[2];
[numthreads(1, 1, 1)]
void main() {
  P p = Pending.Consume();
  p.x += Noise.SampleLevel(Linear, 0.5, 0).x;
  Emitted.Append(p);
  Lanes[1].Append(p);
  Counted.IncrementCounter();
}
"#,
        ShaderStage::Compute,
        &LowerOptions::default(),
        expect![[r#"
            @g0 = resource storage_buffer ConsumeStructuredBuffer<P> set(0) binding(3) layout(relaxed_std430) ; Pending
            @g1 = resource storage_buffer RWByteAddressBuffer set(0) binding(4) ; counter.var.Pending
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(2) ; Noise
            @g3 = resource uniform_constant SamplerState set(0) binding(6) ; Linear
            @g4 = resource storage_buffer AppendStructuredBuffer<P> set(0) binding(0) layout(relaxed_std430) ; Emitted
            @g5 = resource storage_buffer RWByteAddressBuffer set(0) binding(1) ; counter.var.Emitted
            @g6 = resource storage_buffer array<AppendStructuredBuffer<P>, 2> set(0) binding(7) count(2) layout(relaxed_std430) ; Lanes
            @g7 = resource storage_buffer array<RWByteAddressBuffer, 2> set(0) binding(8) count(2) ; counter.var.Lanes
            @g8 = resource storage_buffer RWStructuredBuffer<P> set(0) binding(5) layout(relaxed_std430) ; Counted
            @g9 = resource storage_buffer RWByteAddressBuffer set(0) binding(9) ; counter.var.Counted
        "#]],
    );
}

#[test]
fn resources_inside_cbuffers_come_before_their_cbuffer() {
    // DXC declares the resources of a cbuffer before the cbuffer's own variable, so they take
    // the lower automatic bindings; a cbuffer holding only resources is no variable, and its
    // register reserves no binding (Shadow's b2 is free for Albedo's sampler).
    check(
        r#"
cbuffer Fixed : register(b0) { float4 Base; };
cbuffer Material {
  float4 Tint;
  Texture2D<float4> Albedo;
  SamplerState Point;
};
cbuffer Shadow : register(b2) { SamplerState Linear; };
float4 main(float2 uv : UV) : SV_Target {
  return Base + Tint * Albedo.Sample(Point, uv) + Albedo.Sample(Linear, uv);
}
"#,
        ShaderStage::Pixel,
        &LowerOptions::default(),
        expect![[r#"
            @g0 = input float2 location(0) ; in.UV
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform ConstantBuffer<type.Fixed> set(0) binding(0) layout(relaxed_std140) ; Fixed
            @g3 = resource uniform ConstantBuffer<type.Material> set(0) binding(3) layout(relaxed_std140) ; Material
            @g4 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; Albedo
            @g5 = resource uniform_constant SamplerState set(0) binding(2) ; Point
            @g6 = resource uniform_constant SamplerState set(0) binding(4) ; Linear
        "#]],
    );
}

#[test]
fn vk_location_on_parameters_fields_and_results() {
    // SPIR-V.rst's example: POSITION, NORMAL and TEXCOORD in at 0, 1 and 2, the result at 1.
    check(
        r#"
struct VSInput {
  [[vk::location(0)]] float4 pos  : POSITION;
  [[vk::location(1)]] float3 norm : NORMAL;
};
[[vk::location(1)]]
float4 main(in VSInput input, [[vk::location(2)]] in float4 tex : TEXCOORD) : TEXCOORD {
  return tex + input.pos + float4(input.norm, 0);
}
"#,
        ShaderStage::Vertex,
        &LowerOptions::default(),
        expect![[r#"
            @g0 = input float4 location(0) ; in.POSITION
            @g1 = input float3 location(1) ; in.NORMAL
            @g2 = input float4 location(2) ; in.TEXCOORD
            @g3 = output float4 location(1) ; out.TEXCOORD
        "#]],
    );
}

#[test]
fn vk_location_leaves_builtins_alone_and_can_reorder() {
    check(
        r#"
struct PsIn {
  float4 pos : SV_Position;
  [[vk::location(3)]] float2 uv : TEXCOORD0;
  [[vk::location(0)]] float4 color : COLOR;
};
float4 main(PsIn i) : SV_Target { return i.color * i.uv.x; }
"#,
        ShaderStage::Pixel,
        &LowerOptions::default(),
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input float2 location(3) ; in.TEXCOORD0
            @g2 = input float4 location(0) ; in.COLOR
            @g3 = output float4 location(0) ; out.SV_Target
        "#]],
    );
}

#[test]
fn vk_location_on_some_inputs_only_is_an_error() {
    check(
        r#"
float4 main([[vk::location(1)]] float4 a : A, float4 b : B) : SV_Target { return a + b; }
"#,
        ShaderStage::Pixel,
        &LowerOptions::default(),
        expect![[r#"
            E3003: the stage inputs mix `[[vk::location]]` with implicit locations (`B` has none): give every one a location, or none (DXC requires the same)
        "#]],
    );
}

#[test]
fn layout_choice_sets_the_rules_of_every_buffer() {
    let text = r#"
cbuffer Params : register(b0) { float3 Dir; float Scale; };
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = Dir * Scale; }
"#;
    let layouts = |choice| {
        let options = LowerOptions {
            layout: choice,
            ..LowerOptions::default()
        };
        let m = lower_with(text, ShaderStage::Compute, &options).unwrap();
        let mut rules: Vec<&str> = m
            .globals
            .iter()
            .filter_map(|(_, g)| g.layout.as_ref().map(|l| l.rules.name()))
            .collect();
        rules.sort();
        rules.join(" ")
    };
    assert_eq!(
        layouts(LayoutChoice::VectorRelaxed),
        "relaxed_std140 relaxed_std430"
    );
    assert_eq!(layouts(LayoutChoice::Gl), "std140 std430");
    assert_eq!(layouts(LayoutChoice::Dx), "dx dx_structured");
    assert_eq!(layouts(LayoutChoice::Scalar), "scalar scalar");
}
