//! Rules found by measuring the front end against DXC's SemaHLSL tests, end to end: shaders
//! DXC accepts compile to SPIR-V every `spirv-val` installed accepts, and compute ones run in
//! the interpreter with hand-computed results; constructs lowering does not handle yet are a
//! clear E3001. The shaders are ours.

use std::process::Command;

use serde_json::{json, Value};

use crate::harness::{compile, refuse};

/// Runs `shader` (entry `main`, one group of one thread) in the interpreter with one
/// `RWStructuredBuffer<float>` `o` at `u0` of `n` floats, and returns its values.
fn run_floats(test: &str, shader: &str, n: u32) -> Value {
    run_floats_with(test, shader, n, &[])
}

/// `run_floats` with more `hlslc` flags (`-HV 202x`).
fn run_floats_with(test: &str, shader: &str, n: u32, flags: &[&str]) -> Value {
    let dir = crate::test_dir::TestDir::new(&format!("sema-{test}"));
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
        .args(flags)
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

const VECTOR_CAST_PLACES: &str = r#"
RWStructuredBuffer<float> o : register(u0);
void set3(out int3 v) { v = int3(7, 8, 9); }
[numthreads(1, 1, 1)]
void main()
{
    int4 i4 = int4(1, 2, 3, 4);
    ((int3)i4).x = 5;
    o[0] = i4.x;
    set3((int3)i4);
    ((int2)i4).y += 10;
    (int4)i4 = i4 * 2;
    o[1] = i4.x;
    o[2] = i4.y;
    o[3] = i4.z;
    o[4] = i4.w;
}
"#;

#[test]
fn truncating_vector_casts_write_their_operand() {
    // (1,2,3,4) -> x = 5 -> (7,8,9) from `set3` -> y += 10 gives (7,18,9,4) -> doubled.
    compile(VECTOR_CAST_PLACES, "cs_6_0", &[]);
    assert_eq!(
        run_floats("vector-casts", VECTOR_CAST_PLACES, 5),
        json!([5, 14, 36, 18, 8])
    );
}

/// `(Base)d = b` writes `d`'s first fields, where its base is laid out (task res6; it was
/// "not supported yet").
#[test]
fn assigning_through_a_base_cast() {
    let m = compile(
        r#"
struct Base { float4 a; };
struct Derived : Base { float4 c; };
RWStructuredBuffer<float4> o : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Derived d = (Derived)1;
    Base b = (Base)2;
    (Base)d = b;
    o[0] = d.a + d.c;
}
"#,
        "cs_6_0",
        &[],
    );
    assert!(m.has("OpCompositeExtract %v4float"), "{}", m.asm);
}

const ARRAY_LENGTHS: &str = r#"
RWStructuredBuffer<float> o : register(u0);
struct S { float p[4]; };
[numthreads(1, 1, 1)]
void main()
{
    float a[3] = { 1, 2, 3 };
    float b[2][5];
    S s;
    o[0] = a.Length;
    o[1] = b.Length;
    o[2] = b[1].Length;
    o[3] = s.p.Length * 10;
}
"#;

#[test]
fn array_length_is_the_element_count() {
    compile(ARRAY_LENGTHS, "cs_6_0", &[]);
    assert_eq!(
        run_floats("array-length", ARRAY_LENGTHS, 4),
        json!([3, 2, 5, 40])
    );
}

const NAMESPACED_INTRINSICS: &str = r#"
RWStructuredBuffer<float> o : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    using namespace hlsl;
    o[0] = ::abs(-3.0);
    o[1] = hlsl::dot(float3(1, 2, 3), float3(4, 5, 6));
    o[2] = hlsl::max(::min(7.0, 9.0), 2.0);
    o[3] = hlsl::saturate(1.5);
}
"#;

#[test]
fn intrinsics_named_through_namespaces_run() {
    // |-3| = 3; 1*4 + 2*5 + 3*6 = 32; max(min(7, 9), 2) = 7; saturate(1.5) = 1.
    compile(NAMESPACED_INTRINSICS, "cs_6_0", &["-HV", "202x"]);
    assert_eq!(
        run_floats_with("namespaces", NAMESPACED_INTRINSICS, 4, &["-HV", "202x"]),
        json!([3, 32, 7, 1])
    );
}

const CONST_METHODS: &str = r#"
RWStructuredBuffer<float> o : register(u0);
struct S {
    int x;
    int get() const { return x * 2; }
    int later() const;
};
int S::later() const { return x + 1; }
[numthreads(1, 1, 1)]
void main()
{
    S s = { 5 };
    const S c = { 7 };
    o[0] = s.get();
    o[1] = c.later();
}
"#;

#[test]
fn const_methods_run_under_hlsl_202x() {
    // 5 * 2 = 10; 7 + 1 = 8. Before 202x the same shader is DXC's error.
    compile(CONST_METHODS, "cs_6_0", &["-HV", "202x"]);
    assert_eq!(
        run_floats_with("const-methods", CONST_METHODS, 2, &["-HV", "202x"]),
        json!([10, 8])
    );
    refuse(
        CONST_METHODS,
        "cs_6_0",
        &[],
        1,
        "const-qualified member functions are unsupported in HLSL before 202x",
    );
}
