//! HLSL that vkd3d's test suite records as DXC's behaviour (its `sm>=6` verdicts) and that
//! `hlslc` got wrong: shaders DXC accepts compile to SPIR-V every `spirv-val` installed
//! accepts (and compute ones run in the interpreter with hand-computed results); shaders DXC
//! refuses get DXC's diagnostic. The shaders are ours.

use std::process::Command;

use serde_json::{json, Value};

use crate::harness::{compile, refuse};

/// Runs `shader` (entry `main`, one group of one thread) in the interpreter with one
/// `RWStructuredBuffer<float>` `o` at `u0` of `n` floats, and returns its values.
fn run_floats(test: &str, shader: &str, n: u32) -> Value {
    let dir = crate::test_dir::TestDir::new(&format!("vkd3d-probe-{test}"));
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

const ARRAYS_AS_VALUES: &str = r#"
RWStructuredBuffer<float> o : register(u0);
struct S { float2 a; int b; float c; };
float weigh(float a[2][3]) { return 100 * a[0][0] + 10 * a[1][0] + a[1][2]; }
[numthreads(1, 1, 1)]
void main()
{
    float f[3][2] = {1, 2, 3, 4, 5, 6};
    float g[6] = {7, 8, 9, 0, 1, 2};
    int i[4] = {1, 2, 3, 4};
    S s = {5, 6, 7, 8};
    float4 v = float4(i);
    float4 w = float4(s.a, s.b, s.c);
    o[0] = weigh(f);
    o[1] = weigh(g);
    o[2] = v.x + 10 * v.w;
    o[3] = w.y + 10 * w.z;
}
"#;

#[test]
fn arrays_of_another_shape_and_aggregates_in_constructors() {
    // An array argument of another shape but as many floats fills the parameter in order;
    // `float4(arr)` takes the scalars of an array in order.
    compile(ARRAYS_AS_VALUES, "cs_6_0", &[]);
    // weigh(f): a = {{1, 2, 3}, {4, 5, 6}}: 100 + 40 + 6; weigh(g): {{7, 8, 9}, {0, 1, 2}}:
    // 700 + 0 + 2; v = (1, 2, 3, 4): 1 + 40; w = (5, 6, 7, 8): 6 + 70.
    assert_eq!(
        run_floats("arrays", ARRAYS_AS_VALUES, 4),
        json!([146, 702, 41, 76])
    );
}

#[test]
fn void_parameter_lists_and_struct_keyword_parameters() {
    compile(
        r#"
struct P { float4 color : COLOR; };
float2 half_pair(void) { return float2(0.5, 0.25); }
float4 shade(struct P p) { return p.color * 2; }
float4 main(struct P p) : SV_Target { return float4(half_pair(), 0, 1) + shade(p); }
"#,
        "ps_6_0",
        &[],
    );
}

#[test]
fn refused_as_dxc_refuses() {
    refuse(
        "float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD0) : SV_Target { return a + b; }",
        "ps_6_0",
        &[],
        1,
        "input semantic 'TEXCOORD0' used more than once",
    );
    refuse(
        "cbuffer B { float4 c : packoffset(c0.z); } float4 main() : SV_Target { return c; }",
        "ps_6_0",
        &[],
        1,
        "register or offset bind not valid",
    );
    refuse(
        "float4 g : packoffset(c0); float4 main() : SV_Target { return g; }",
        "ps_6_0",
        &[],
        1,
        "packoffset is only allowed in a constant buffer",
    );
    refuse(
        "float4 v; float4 main() : SV_Target { if (v.xy) return 1; return 0; }",
        "ps_6_0",
        &[],
        1,
        "a condition must be a scalar",
    );
    refuse(
        "float4 main() : SV_Target { float r = 0; [loop] [unroll] for (int i = 0; i < 4; i++) r += i; return r; }",
        "ps_6_0",
        &[],
        1,
        "'unroll' and 'loop' attributes are not compatible",
    );
}

const SPLATS_AND_SWIZZLE_INDEXING: &str = r#"
RWStructuredBuffer<float> o : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float1 b = 3;
    int1 i = 2;
    float4 r = b;
    float4 s = i + float4(1, 2, 3, 4);
    float4 v = float4(1, 2, 3, 4);
    o[0] = r.w;
    o[1] = s.z;
    o[2] = v.wyxz[3];
    float sum = 0;
    [loop] for (uint k = 0; k < 4; k++)
        sum = sum * 10 + v.wyxz[k];
    o[3] = sum;
    v.wyxz[1] = 9;
    o[4] = v.y;
}
"#;

#[test]
fn one_component_vectors_splat_and_swizzles_are_indexed() {
    compile(SPLATS_AND_SWIZZLE_INDEXING, "cs_6_0", &[]);
    compile(
        "float1 b; float4 a; float4 main() : SV_Target { return 100 * a + 10 * b + a.wyxz[1]; }",
        "ps_6_0",
        &[],
    );
    // r = (3, 3, 3, 3); s = 2 + (1, 2, 3, 4); v.wyxz = (4, 2, 1, 3): its component 3 is 3, and
    // read in order 4213; `v.wyxz[1]` is `v.y`.
    assert_eq!(
        run_floats("splat", SPLATS_AND_SWIZZLE_INDEXING, 5),
        json!([3, 5, 3, 4213, 9])
    );
}

const INTRINSIC_OVER_USER_FUNCTION: &str = r#"
RWStructuredBuffer<float> o : register(u0);
float2 max(float2 a, float2 b) { return a + b; }
float max(float a, float b, float c) { return a + b + c; }
float lerp(float a) { return a * 2; }
[numthreads(1, 1, 1)]
void main()
{
    float2 m = max(float2(1, 5), float2(3, 4));
    o[0] = max(1, 2);
    o[1] = m.x;
    o[2] = m.y;
    o[3] = max(1, 2, 3);
    o[4] = lerp(8);
}
"#;

#[test]
fn intrinsics_win_over_user_functions_of_their_name() {
    // DXC calls the intrinsic where it takes the arguments (`max(1, 2)` is a scalar 2, not
    // the user's float2), and the user function where only it does.
    compile(INTRINSIC_OVER_USER_FUNCTION, "cs_6_0", &[]);
    assert_eq!(
        run_floats("intrinsic", INTRINSIC_OVER_USER_FUNCTION, 5),
        json!([2, 3, 5, 6, 16])
    );
    refuse(
        "float2 max(float2 a, float2 b) { return a + b; }
float4 main() : SV_Target { return float4(max(0.1, 0.2), max(float2(0.1, 0.2), float2(0.3, 0.4))); }",
        "ps_6_0",
        &[],
        1,
        "`float4` needs 4 component(s), 3 given",
    );
}

#[test]
fn numthreads_from_named_constants_and_prototypes() {
    // A named constant and a cast are constants; a prototype written before the definition
    // gives its attributes to the entry.
    let m = compile(
        r#"
static const uint G = 16;
RWStructuredBuffer<uint> o;
[numthreads(G * 2, uint(2), 1)]
void main(uint i : SV_DispatchThreadID) { o[i] = i; }
"#,
        "cs_6_0",
        &[],
    );
    assert!(m.asm.contains("LocalSize 32 2 1"), "{}", m.asm);
    let m = compile(
        r#"
RWStructuredBuffer<uint> o;
[numthreads(4, 1, 1)] void main(uint i : SV_DispatchThreadID);
void main(uint i : SV_DispatchThreadID) { o[i] = i; }
"#,
        "cs_6_0",
        &[],
    );
    assert!(m.asm.contains("LocalSize 4 1 1"), "{}", m.asm);
    refuse(
        "RWStructuredBuffer<uint> o;\nvoid main() { o[0] = 1; }\n[numthreads(4, 1, 1)] void main();",
        "cs_6_0",
        &[],
        1,
        "thread group size [numthreads(x,y,z)] is missing",
    );
    refuse(
        "RWStructuredBuffer<uint> o;\n[numthreads(uint1(4), 1, 1)] void main() { o[0] = 1; }",
        "cs_6_0",
        &[],
        1,
        "must be integer constants",
    );
}
