//! Struct members that hold nothing (`float e[0]`): the IR's struct leaves them out, so they
//! take no space in buffers or in private memory and the other members keep their places.
//! Expected values are computed by hand.

mod common;

use expect_test::expect;
use interp::pipeline::BufferValues;
use interp::{parse_pipeline, run_pipeline, PipelineOptions};

/// `Z` is `{ float a; float b; }` once its empty members are gone: 8 bytes per element in a
/// structured buffer (a at 0, b at 4). In the cbuffer, `W` is `{ Z z; float c; }`: z at 0
/// (8 bytes, padded to 16 as a std140 struct), c at 16; `t` follows W (32 bytes) at 32.
const EMPTY_MEMBERS: &str = r#"
struct Z { float a; float e[0]; float b; int m[2][0]; };
struct W { Z z; float c; };
StructuredBuffer<Z> In : register(t0);
cbuffer C : register(b0) { W w; float t; };
RWStructuredBuffer<float> Out : register(u0);
float product(Z z) { return z.a * z.b; }
[numthreads(1, 1, 1)]
void main()
{
    Z z = In[1];
    Z y = { 3.0, 5.0 };
    W v = w;
    Out[0] = z.a;
    Out[1] = z.b;
    Out[2] = product(y);
    Out[3] = v.z.b + v.c;
    Out[4] = t + w.z.a;
}
"#;

#[test]
fn zero_length_members_take_no_space() {
    let m = common::lower(EMPTY_MEMBERS);
    let yaml = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:
  - { Name: In, Format: Float32, Stride: 8, Data: [1, 2, 10, 20] }
  - { Name: C, Format: Float32, Data: [0.5, 0.25, 0, 0, 4, 0, 0, 0, 100, 0, 0, 0] }
  - { Name: Out, Format: Float32, FillSize: 20 }
DescriptorSets:
  - Resources:
    - Name: In
      Kind: StructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: C
      Kind: ConstantBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
";
    let pipeline = parse_pipeline(yaml).unwrap();
    let r = run_pipeline(&m, &pipeline, &PipelineOptions::default()).unwrap();
    // In[1] = { 10, 20 }; 3 * 5; w.z.b + w.c = 0.25 + 4; t + w.z.a = 100 + 0.5.
    match r.get("Out") {
        Some(BufferValues::Float32(v)) => assert_eq!(v, &[10.0, 20.0, 15.0, 4.25, 100.5]),
        other => panic!("Out: {other:?}"),
    }
}

#[test]
fn the_ir_structs_leave_empty_members_out() {
    let dump = common::dump(EMPTY_MEMBERS);
    let structs: Vec<&str> = dump.lines().filter(|l| l.starts_with("struct ")).collect();
    expect![[r#"
        [
            "struct Z { float a; float b; }",
            "struct W { Z z; float c; }",
            "struct type.C { W w; float t; }",
        ]
    "#]]
    .assert_debug_eq(&structs);
}

/// An array of arrays of resources is one resource global of the nested array type, bound
/// once; a chain can stop at a row (`t[1]`) and go on from it.
#[test]
fn resource_arrays_of_arrays_are_resource_globals() {
    let dump = ir::print_module(&common::lower_stage(
        r#"
Texture2D t[2][3];
SamplerState s;
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { return t[1][i].Sample(s, uv); }
"#,
        lower::ShaderStage::Pixel,
    ));
    let lines: Vec<&str> = dump
        .lines()
        .filter(|l| l.starts_with("@g") && l.contains("resource") || l.contains("access_chain"))
        .collect();
    expect![[r#"
        [
            "@g3 = resource uniform_constant array<array<Texture2D<float4>, 3>, 2> set(0) binding(0) count(2) ; t",
            "@g4 = resource uniform_constant SamplerState set(0) binding(1) ; s",
            "  %2 = access_chain @g3, 1:int : ptr<uniform_constant, array<Texture2D<float4>, 3>>",
            "  %4 = access_chain %2, %3 : ptr<uniform_constant, Texture2D<float4>>",
        ]
    "#]].assert_debug_eq(&lines);
}

/// The interpreter does not run them yet: a clear error, not a wrong binding.
#[test]
fn the_interpreter_refuses_resource_arrays_of_arrays() {
    let m = common::lower(
        r#"
Buffer<uint> In[2][3] : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[1][2][0]; }
"#,
    );
    let yaml = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:
  - { Name: Out, Format: UInt32, FillSize: 4 }
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
";
    let pipeline = parse_pipeline(yaml).unwrap();
    let e = run_pipeline(&m, &pipeline, &PipelineOptions::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("an array of arrays of resources (In)"),
        "{e}"
    );
}
