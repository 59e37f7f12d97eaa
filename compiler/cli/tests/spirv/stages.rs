//! Geometry shaders with several output streams (`OpEmitStreamVertex`,
//! `OpEndStreamPrimitive`, the `Stream` decoration and the `GeometryStreams` capability), and
//! clip distances in the stages between vertex and pixel shaders.

use crate::harness::compile;

const TWO_STREAMS: &str = r#"
struct VsOut { float4 pos : SV_Position; float3 color : COLOR; };
struct Main { float4 pos : SV_Position; float3 color : COLOR; };
struct Side { float2 uv : TEXCOORD0; uint id : ID; };
[maxvertexcount(2)]
void main(point VsOut input[1], inout PointStream<Main> s0, inout PointStream<Side> s1) {
    Main m;
    m.pos = input[0].pos;
    m.color = input[0].color;
    s0.Append(m);
    s0.RestartStrip();
    Side s;
    s.uv = input[0].pos.xy;
    s.id = 7;
    s1.Append(s);
    s1.RestartStrip();
}
"#;

#[test]
fn geometry_shader_with_two_streams() {
    for flags in [&[][..], &["-O0"][..]] {
        let m = compile(TWO_STREAMS, "gs_6_0", flags);
        m.assert_has(&[
            "OpCapability GeometryStreams",
            "OpEmitStreamVertex %uint_0",
            "OpEmitStreamVertex %uint_1",
            "OpEndStreamPrimitive %uint_0",
            "OpEndStreamPrimitive %uint_1",
            "OpExecutionMode %main OutputPoints",
        ]);
        assert_eq!(m.decoration("out.COLOR", "Stream").as_deref(), Some("0"));
        assert_eq!(
            m.decoration("out.TEXCOORD0", "Stream").as_deref(),
            Some("1")
        );
        assert_eq!(m.decoration("out.ID", "Stream").as_deref(), Some("1"));
        // Locations continue from one stream to the next.
        assert_eq!(m.location("out.COLOR"), 0);
        assert_eq!(m.location("out.TEXCOORD0"), 1);
        assert_eq!(m.location("out.ID"), 2);
        assert!(!m.has("OpEmitVertex"), "{}", m.asm);
    }
}

#[test]
fn geometry_shader_clip_distances() {
    let m = compile(
        r#"
struct V { float4 pos : SV_Position; float2 clip : SV_ClipDistance0; float cull : SV_CullDistance0; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) {
    for (uint i = 0; i < 3; i++) {
        V v = input[i];
        v.clip.y += 1;
        s.Append(v);
    }
}
"#,
        "gs_6_0",
        &[],
    );
    assert_eq!(m.builtin("in.SV_ClipDistance"), "ClipDistance");
    assert_eq!(m.builtin("out.SV_ClipDistance"), "ClipDistance");
    assert_eq!(m.builtin("out.SV_CullDistance"), "CullDistance");
    m.assert_has(&["OpCapability ClipDistance", "OpCapability CullDistance"]);
}

#[test]
fn geometry_view_id_and_shading_rate() {
    let m = compile(
        r#"
struct V { float4 pos : SV_Position; };
struct G { float4 pos : SV_Position; uint rate : SV_ShadingRate; uint layer : SV_RenderTargetArrayIndex; };
[maxvertexcount(1)]
void main(point V input[1], uint view : SV_ViewID, inout PointStream<G> s) {
    G g;
    g.pos = input[0].pos;
    g.rate = 0;
    g.layer = view;
    s.Append(g);
}
"#,
        "gs_6_4",
        &[],
    );
    assert_eq!(m.builtin("in.SV_ViewID"), "ViewIndex");
    assert_eq!(m.builtin("out.SV_ShadingRate"), "PrimitiveShadingRateKHR");
    assert_eq!(m.builtin("out.SV_RenderTargetArrayIndex"), "Layer");
    m.assert_has(&[
        "OpCapability MultiView",
        "OpCapability FragmentShadingRateKHR",
    ]);
}

#[test]
fn domain_shader_view_id() {
    let m = compile(
        r#"
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
struct CP { float4 pos : SV_Position; };
[domain("quad")]
float4 main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 4> cp, uint view : SV_ViewID) : SV_Position {
    return lerp(cp[0].pos, cp[3].pos, uv.x) + float(view);
}
"#,
        "ds_6_1",
        &[],
    );
    assert_eq!(m.builtin("in.SV_ViewID"), "ViewIndex");
}
