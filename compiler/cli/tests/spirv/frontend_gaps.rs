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
