//! Valid HLSL that DXC accepts and that once met false errors in our front end or lowering:
//! declarations as conditions, and more; each module validated by `spirv-val`.

use crate::harness::compile;

#[test]
fn declarations_as_conditions() {
    let text = r#"
int pick(int v) { return v - 1; }
float4 main(int a : A) : SV_Target {
    float4 r = 0;
    if (int y = pick(a)) r.x = y;
    while (int x = pick(a)) { r.y += x; a = x; }
    switch (int c = a) { case 1: r.z = c; break; default: r.w = 1; }
    return r;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpLoopMerge", "OpSwitch", "OpSelectionMerge"]);
}

/// `SV_IsFrontFace` written by a geometry shader has no built-in (`FrontFacing` is a fragment
/// input): DXC passes it through a location, as a `uint` since `bool` cannot cross stages.
/// The layer and viewport index it reads per vertex are locations too; written, they are the
/// `Layer` and `ViewportIndex` built-ins.
#[test]
fn geometry_shader_system_values_without_built_ins() {
    let text = r#"
struct In { float4 p : SV_Position; uint layer : SV_RenderTargetArrayIndex; uint vp : SV_ViewportArrayIndex; };
struct Out {
    float4 p : SV_Position;
    bool front : SV_IsFrontFace;
    uint layer : SV_RenderTargetArrayIndex;
    uint vp : SV_ViewportArrayIndex;
};
[maxvertexcount(3)]
void main(triangle In v[3], inout TriangleStream<Out> s) {
    for (uint i = 0; i < 3; i++) {
        Out o;
        o.p = v[i].p;
        o.front = i == 0;
        o.layer = v[i].layer + 1;
        o.vp = v[i].vp;
        s.Append(o);
    }
}
"#;
    let m = compile(text, "gs_6_0", &[]);
    assert_eq!(m.location("in.SV_RenderTargetArrayIndex"), 0);
    assert_eq!(m.location("in.SV_ViewportArrayIndex"), 1);
    assert_eq!(m.location("out.SV_IsFrontFace"), 0);
    assert_eq!(m.builtin("out.SV_RenderTargetArrayIndex"), "Layer");
    assert_eq!(m.builtin("out.SV_ViewportArrayIndex"), "ViewportIndex");
    assert!(m
        .pointee_definition("out.SV_IsFrontFace")
        .starts_with("OpTypeInt 32 0"));
}

/// Uniform globals declared in namespaces are members of `$Globals` like top-level ones, in
/// declaration order: `A::a`, `A::B::b`, then `c`. Under DXC's default relaxed layout the
/// `float2` needs only 4-byte alignment, as it does not straddle a 16-byte boundary.
#[test]
fn namespace_globals_in_dollar_globals() {
    let text = r#"
namespace A { float a; namespace B { float2 b; } }
float c;
float4 main() : SV_Target { return float4(A::B::b, A::a, c); }
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(m.offsets("type.$Globals"), vec![0, 4, 12]);
    let names: Vec<_> = (0..3)
        .map(|i| format!("OpMemberName %type__Globals {i} "))
        .collect();
    for (i, n) in ["\"a\"", "\"b\"", "\"c\""].iter().enumerate() {
        m.assert_has(&[&format!("{}{n}", names[i])]);
    }
}

/// A `bool2x3` condition selects row by row: one `OpSelect` on `v3bool` per row. (`?:` takes
/// a matrix condition before HLSL 2021 only, hence `-HV 2018`.)
#[test]
fn matrix_condition_selects_per_row() {
    let text = r#"
float4 main(float4 p : P) : SV_Target {
    bool2x3 c = { p.x > 0, true, false, p.y > 0, false, true };
    float2x3 a = 1, b = 2;
    float2x3 r = c ? a : b;
    return float4(r[0], r[1].z);
}
"#;
    let m = compile(text, "ps_6_0", &["-HV", "2018"]);
    let selects = m
        .asm
        .lines()
        .filter(|l| l.contains("= OpSelect %v3float"))
        .count();
    assert_eq!(selects, 2, "{}", m.asm);
}
