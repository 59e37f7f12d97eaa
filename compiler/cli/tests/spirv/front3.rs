//! Front-end rules found by the third round of test-suite probes (vkd3d, Slang, glslang),
//! end to end: shaders DXC accepts compile to SPIR-V every `spirv-val` installed accepts, and
//! compute ones run in the interpreter with hand-computed results; shaders DXC refuses get
//! its diagnostic. The shaders are ours.

use std::process::Command;

use serde_json::{json, Value};

use crate::harness::{compile, refuse};

/// Runs `shader` (entry `main`, one group of one thread) in the interpreter with one
/// `RWStructuredBuffer<float>` `o` at `u0` of `n` floats, and returns its values.
fn run_floats(test: &str, shader: &str, n: u32) -> Value {
    let dir = crate::test_dir::TestDir::new(&format!("front3-{test}"));
    let src = dir.join("shader.hlsl");
    let yaml = dir.join("pipeline.yaml");
    std::fs::write(&src, shader).unwrap();
    std::fs::write(
        &yaml,
        format!(
            "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  \
             DispatchGroupCount: [1, 1, 1]\nBuffers:\n  - {{ Name: o, Format: Float32, \
             FillSize: {} }}\nDescriptorSets:\n  - Resources:\n    - Name: o\n      Kind: \
             RWStructuredBuffer\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n",
            n * 4
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .arg("run")
        .arg("--pipeline")
        .arg(&yaml)
        .arg(&src)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hlslc run failed:\n{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    json["buffers"]["o"].clone()
}

const OVERLOAD_SCORES: &str = r#"
RWStructuredBuffer<float> o : register(u0);
float pick(int x) { return 1; }
float pick(uint x) { return 2; }
float pick(float x) { return 3; }
float wide(uint3 v) { return 4; }
float wide(float v) { return 5; }
float mixed(float f, uint u, uint w) { return 6; }
float mixed(int i, float f, float g) { return 7; }
float two(int a, float b) { return 8; }
float two(float2 a, float2 b) { return 9; }
[numthreads(1, 1, 1)]
void main()
{
    int i = -1;
    uint u = 2;
    float x = 0.5;
    o[0] = pick(i + u);
    o[1] = pick(i + x);
    o[2] = pick(int2(i, i));
    o[3] = wide(u);
    o[4] = mixed(i, u, u);
    o[5] = two(x, x);
}
"#;

#[test]
fn overloads_rank_as_dxc_scores_them() {
    // `int + uint` is a `uint` (exact for `pick(uint)`), `int + float` a `float`; `int2` to
    // `int` only truncates; a splat to `uint3` costs less than a conversion to `float`; one
    // int-to-float conversion costs less than two uint-to-float ones; two splats cost less
    // than one float-to-int conversion.
    compile(OVERLOAD_SCORES, "cs_6_0", &[]);
    assert_eq!(
        run_floats("overloads", OVERLOAD_SCORES, 6),
        json!([2, 3, 1, 4, 6, 9])
    );
    refuse(
        "float pick(int x) { return 1; }
float pick(uint x) { return 2; }
float4 main() : SV_Target { return pick(1); }",
        "ps_6_0",
        &[],
        1,
        "call to `pick` is ambiguous",
    );
}

#[test]
fn zero_sized_arrays() {
    // DXC accepts zero-length arrays; unused globals of that type compile away.
    compile(
        "float g[0]; static float s[0];
float4 main() : SV_Target { return 1; }",
        "ps_6_0",
        &[],
    );
    // A local zero-length array has no memory (DXC's optimizer removes the variable; SPIR-V
    // has no empty arrays); passed as an argument it is an empty value (`empty_arrays`), and
    // reading an element of it, at any index, is refused where it is read (E3257).
    compile(
        "float4 main() : SV_Target { float a[0]; return 0; }",
        "ps_6_0",
        &[],
    );
    compile(
        "float f(float x[0]) { return 1; }
float4 main() : SV_Target { float a[0]; return f(a); }",
        "ps_6_0",
        &[],
    );
    refuse(
        "cbuffer C { int i; };
float4 main() : SV_Target { float a[0]; return a[i]; }",
        "ps_6_0",
        &[],
        1,
        "error[E3257]: an element of a zero-length array: every index is past the end",
    );
    refuse(
        "float4 main() : SV_Target { float a[-1]; return 0; }",
        "ps_6_0",
        &[],
        1,
        "array size is negative",
    );
}

const CAST_SHAPES: &str = r#"
RWStructuredBuffer<float> o : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float3x1 c = float3x1(1, 2, 3);
    float4 v = float4(4, 5, 6, 7);
    float2 column = (float2)c;
    float1x2 row = (float1x2)v;
    float2x2 square = (float2x2)v;
    o[0] = column.x;
    o[1] = column.y;
    o[2] = row._m01;
    o[3] = square._m10;
}
"#;

#[test]
fn explicit_casts_change_shapes_as_dxc_allows() {
    // A one-column matrix truncates to a shorter vector, a vector to a one-row matrix, and a
    // float4 fills a float2x2 row by row.
    compile(CAST_SHAPES, "cs_6_0", &[]);
    assert_eq!(run_floats("casts", CAST_SHAPES, 4), json!([1, 2, 5, 6]));
    refuse(
        "float4 main(float2x2 m : M) : SV_Target { return float4((float3)m, 1); }",
        "ps_6_0",
        &[],
        1,
        "cannot convert from `float2x2` to `float3`",
    );
}

#[test]
fn a_function_name_is_not_a_value() {
    refuse(
        "float4 shade(int i) { return i; }
int main() : SV_Target { return shade; }",
        "ps_6_0",
        &[],
        1,
        "`shade` is a function of type `float4 (int)`, not a value",
    );
}

#[test]
fn anonymous_structs_declare_something() {
    refuse(
        "struct { float4 a; };
float4 main() : SV_Target { return 0; }",
        "ps_6_0",
        &[],
        1,
        "anonymous structs and classes must be class members",
    );
    // With a variable it is an ordinary declaration.
    compile(
        "static struct { float4 a; } s = { float4(1, 2, 3, 4) };
float4 main() : SV_Target { return s.a; }",
        "ps_6_0",
        &[],
    );
}
