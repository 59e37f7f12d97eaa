//! System values of vertex and pixel shaders against DXC's table (`docs/SPIR-V.rst`, "HLSL
//! semantic and Vulkan `BuiltIn`"): the built-in, the capability and extension each needs,
//! the execution modes of the conservative depth outputs, and the one `float` array that all
//! clip (and, apart, all cull) distances of a signature share.

use crate::harness::{compile, refuse};

#[test]
fn vertex_clip_and_cull_distances_are_float_arrays() {
    let m = compile(
        r#"
struct VsOut {
    float4 pos : SV_Position;
    float3 clip5 : SV_ClipDistance5;
    float clip0 : SV_ClipDistance0;
    float2 clip2 : SV_ClipDistance2;
    float cull : SV_CullDistance;
};
VsOut main(float4 p : POSITION) {
    VsOut o;
    o.pos = p;
    o.clip5 = p.xyz;
    o.clip0 = p.w;
    o.clip2 = p.zw;
    o.cull = -p.x;
    return o;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.builtin("out.SV_ClipDistance"), "ClipDistance");
    assert_eq!(m.builtin("out.SV_CullDistance"), "CullDistance");
    m.assert_has(&[
        "OpCapability ClipDistance",
        "OpCapability CullDistance",
        // 1 + 2 + 3 clip distances, one cull distance.
        "OpTypeArray %float %uint_6",
        "OpTypeArray %float %uint_1",
    ]);
    assert!(m
        .pointee_definition("out.SV_ClipDistance")
        .starts_with("OpTypeFloat 32"));
}

#[test]
fn pixel_shader_reads_clip_distances() {
    let m = compile(
        r#"
float4 main(float2 c : SV_ClipDistance1, float d : SV_ClipDistance0, float e : SV_CullDistance3) : SV_Target {
    return float4(c, d, e);
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("in.SV_ClipDistance"), "ClipDistance");
    assert_eq!(m.builtin("in.SV_CullDistance"), "CullDistance");
    m.assert_has(&["OpTypeArray %float %uint_3", "OpCapability ClipDistance"]);
}

#[test]
fn pixel_inputs_of_later_shader_models() {
    let m = compile(
        r#"
struct PsIn {
    float3 bary : SV_Barycentrics;
    uint prim : SV_PrimitiveID;
    uint view : SV_ViewID;
    uint rate : SV_ShadingRate;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
};
float4 main(PsIn i, uint inner : SV_InnerCoverage) : SV_Target {
    return float4(i.bary, float(i.prim + i.view + i.rate + i.layer + i.viewport + inner));
}
"#,
        "ps_6_4",
        &[],
    );
    assert_eq!(m.builtin("in.SV_Barycentrics"), "BaryCoordKHR");
    assert_eq!(m.builtin("in.SV_PrimitiveID"), "PrimitiveId");
    assert_eq!(m.builtin("in.SV_ViewID"), "ViewIndex");
    assert_eq!(m.builtin("in.SV_ShadingRate"), "ShadingRateKHR");
    assert_eq!(m.builtin("in.SV_RenderTargetArrayIndex"), "Layer");
    assert_eq!(m.builtin("in.SV_ViewportArrayIndex"), "ViewportIndex");
    assert_eq!(m.builtin("in.SV_InnerCoverage"), "FullyCoveredEXT");
    m.assert_has(&[
        "OpCapability FragmentBarycentricKHR",
        "OpExtension \"SPV_KHR_fragment_shader_barycentric\"",
        "OpCapability Geometry",
        "OpCapability MultiView",
        "OpCapability FragmentShadingRateKHR",
        "OpExtension \"SPV_KHR_fragment_shading_rate\"",
        "OpCapability MultiViewport",
        "OpCapability FragmentFullyCoveredEXT",
        "OpExtension \"SPV_EXT_fragment_fully_covered\"",
    ]);
    // Integer fragment inputs are flat, built-ins included.
    assert_eq!(
        m.decoration("in.SV_PrimitiveID", "Flat"),
        Some(String::new())
    );
}

#[test]
fn noperspective_barycentrics() {
    let m = compile(
        r#"
float4 main(noperspective float3 b : SV_Barycentrics) : SV_Target { return float4(b, 1); }
"#,
        "ps_6_1",
        &[],
    );
    assert_eq!(m.builtin("in.SV_Barycentrics"), "BaryCoordNoPerspKHR");
}

#[test]
fn conservative_depth_and_stencil_outputs() {
    let m = compile(
        r#"
struct PsOut {
    float4 color : SV_Target;
    float depth : SV_DepthGreaterEqual;
    uint stencil : SV_StencilRef;
};
PsOut main(float4 pos : SV_Position) {
    PsOut o;
    o.color = pos;
    o.depth = pos.z;
    o.stencil = 3;
    return o;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("out.SV_DepthGreaterEqual"), "FragDepth");
    assert_eq!(m.builtin("out.SV_StencilRef"), "FragStencilRefEXT");
    m.assert_has(&[
        "OpExecutionMode %main DepthReplacing",
        "OpExecutionMode %main DepthGreater",
        "OpCapability StencilExportEXT",
        "OpExtension \"SPV_EXT_shader_stencil_export\"",
    ]);
    let m = compile(
        "float main(float4 pos : SV_Position) : SV_DepthLessEqual { return pos.z * 0.5; }",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpExecutionMode %main DepthLess"]);
}

#[test]
fn vertex_outputs_layer_viewport_and_shading_rate() {
    let m = compile(
        r#"
struct VsOut {
    float4 pos : SV_Position;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
    uint rate : SV_ShadingRate;
};
VsOut main(float4 p : SV_Position, uint view : SV_ViewID) {
    VsOut o;
    o.pos = p;
    o.layer = view;
    o.viewport = 1;
    o.rate = 0;
    return o;
}
"#,
        "vs_6_4",
        &[],
    );
    // A vertex input `SV_Position` is an ordinary location (no built-in in DXC's table).
    assert_eq!(m.location("in.SV_Position"), 0);
    assert_eq!(m.builtin("in.SV_ViewID"), "ViewIndex");
    assert_eq!(m.builtin("out.SV_RenderTargetArrayIndex"), "Layer");
    assert_eq!(m.builtin("out.SV_ViewportArrayIndex"), "ViewportIndex");
    assert_eq!(m.builtin("out.SV_ShadingRate"), "PrimitiveShadingRateKHR");
    m.assert_has(&[
        "OpCapability ShaderViewportIndexLayerEXT",
        "OpExtension \"SPV_EXT_shader_viewport_index_layer\"",
        "OpCapability FragmentShadingRateKHR",
    ]);
}

#[test]
fn per_primitive_pixel_inputs() {
    let m = compile(
        r#"
struct PrimAttrs { [[vk::perprimitive]] nointerpolation uint material : MATERIAL; };
float4 main(float4 color : COLOR, PrimAttrs p) : SV_Target {
    return color * float(p.material);
}
"#,
        "ps_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    assert_eq!(
        m.decoration("in.MATERIAL", "PerPrimitiveEXT"),
        Some(String::new())
    );
    assert_eq!(m.decoration("in.COLOR", "PerPrimitiveEXT"), None);
    m.assert_has(&[
        "OpCapability MeshShadingEXT",
        "OpExtension \"SPV_EXT_mesh_shader\"",
    ]);
    // SPV_EXT_mesh_shader needs SPIR-V 1.4: a clear error when it is asked for under Vulkan
    // 1.0 (without the flag, NV mesh shading takes it there: `weak7.rs`).
    refuse(
        "struct P { [[vk::perprimitive]] nointerpolation uint m : MATERIAL; };\n\
         float4 main(P p) : SV_Target { return float(p.m); }\n",
        "ps_6_5",
        &["-fspv-extension=SPV_EXT_mesh_shader"],
        1,
        "the per-primitive stage variable \"in.MATERIAL\" (SPV_EXT_mesh_shader) needs SPIR-V 1.4",
    );
}

#[test]
fn out_and_inout_entry_parameters() {
    let m = compile(
        r#"
float4 main(float4 pos : SV_Position, out float d : SV_Depth, inout uint c : SV_Coverage,
            out float4 extra : SV_Target1) : SV_Target {
    d = pos.z;
    c &= 1;
    extra = pos.yxzw;
    return pos;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("out.SV_Depth"), "FragDepth");
    assert_eq!(m.builtin("in.SV_Coverage"), "SampleMask");
    assert_eq!(m.builtin("out.SV_Coverage"), "SampleMask");
    assert_eq!(m.location("out.SV_Target"), 0);
    assert_eq!(m.location("out.SV_Target1"), 1);
    m.assert_has(&["OpExecutionMode %main DepthReplacing"]);
    let m = compile(
        r#"
void main(float3 p : POSITION, out float4 pos : SV_Position, out float2 uv : TEXCOORD0,
          out float clip : SV_ClipDistance0) {
    pos = float4(p, 1);
    uv = p.xy;
    clip = p.z;
}
"#,
        "vs_6_0",
        &["-O0"],
    );
    assert_eq!(m.builtin("out.SV_Position"), "Position");
    assert_eq!(m.location("out.TEXCOORD0"), 0);
    assert_eq!(m.builtin("out.SV_ClipDistance"), "ClipDistance");
}

#[test]
fn get_attribute_at_vertex_uses_per_vertex_inputs() {
    let m = compile(
        r#"
struct PsIn { float4 pos : SV_Position; nointerpolation float3 color : COLOR; float2 uv : TEXCOORD0; };
float4 main(PsIn i, nointerpolation uint id : ID, float3 bary : SV_Barycentrics) : SV_Target {
    float3 c = GetAttributeAtVertex(i.color, 0) * bary.x + GetAttributeAtVertex(i.color, 1) * bary.y
        + GetAttributeAtVertex(i.color, 2) * bary.z;
    return float4(c + i.color, float(GetAttributeAtVertex(id, 2)) + i.uv.x);
}
"#,
        "ps_6_1",
        &[],
    );
    assert_eq!(
        m.decoration("in.COLOR", "PerVertexKHR"),
        Some(String::new())
    );
    assert_eq!(m.decoration("in.ID", "PerVertexKHR"), Some(String::new()));
    // DXC keeps the `nointerpolation` of a per-vertex input: `Flat` beside `PerVertexKHR`.
    assert_eq!(m.decoration("in.ID", "Flat"), Some(String::new()));
    assert_eq!(m.decoration("in.COLOR", "Flat"), Some(String::new()));
    assert_eq!(m.decoration("in.TEXCOORD0", "PerVertexKHR"), None);
    assert!(
        m.pointee_definition("in.COLOR").starts_with("OpTypeVector"),
        "{}",
        m.asm
    );
    m.assert_has(&[
        "OpCapability FragmentBarycentricKHR",
        "OpExtension \"SPV_KHR_fragment_shader_barycentric\"",
        "OpTypeArray %v3float %uint_3",
    ]);
}

#[test]
fn attribute_evaluation_reads_the_input_variable() {
    // The GLSL.std.450 interpolation functions take the input variable itself; the snapped
    // offset is in 1/16 pixels (DXC's mapping), and `SV_Position0` is `SV_Position`.
    let m = compile(
        r#"
struct PsIn { float4 pos : SV_Position0; sample float2 uv : TEXCOORD0; };
float4 main(PsIn i, float3 n : NORMAL, uint s : SV_SampleIndex) : SV_Target {
    float2 a = EvaluateAttributeAtSample(i.uv, s);
    float2 b = EvaluateAttributeSnapped(i.uv, int2(4, -8));
    float3 c = EvaluateAttributeCentroid(n);
    return float4(a + b, c.x, i.pos.x);
}
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability InterpolationFunction",
        "InterpolateAtSample %in_TEXCOORD0",
        "InterpolateAtOffset %in_TEXCOORD0",
        "InterpolateAtCentroid %in_NORMAL",
    ]);
    assert_eq!(m.builtin("in.SV_Position0"), "FragCoord");
}

#[test]
fn attribute_evaluation_of_a_computed_value_is_refused() {
    refuse(
        r#"
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float2 x = uv * 2;
    return EvaluateAttributeCentroid(x).xyxy;
}
"#,
        "ps_6_0",
        &[],
        1,
        // DXC's words (E3060).
        "attribute evaluation can only be done on values taken directly from inputs.",
    );
}

#[test]
fn vk_builtin_attribute_picks_the_builtin() {
    // `[[vk::builtin("...")]]` makes a value the named Vulkan built-in whatever its semantic
    // (DXC's PointSize, BaseVertex, BaseInstance, DrawIndex and HelperInvocation); the draw
    // parameters need DrawParameters (an extension before SPIR-V 1.3).
    let m = compile(
        r#"
struct VsOut {
    float4 pos : SV_Position;
    [[vk::builtin("PointSize")]] float size : PSIZE;
    float2 uv : TEXCOORD0;
};
VsOut main(float4 p : POSITION, [[vk::builtin("DrawIndex")]] int draw : DRAWINDEX,
           [[vk::builtin("BaseVertex")]] int bv : BASEVERTEX) {
    VsOut o;
    o.pos = p;
    o.size = 2.0 + draw + bv;
    o.uv = p.xy;
    return o;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.builtin("out.PSIZE"), "PointSize");
    assert_eq!(m.builtin("in.DRAWINDEX"), "DrawIndex");
    assert_eq!(m.builtin("in.BASEVERTEX"), "BaseVertex");
    // The built-ins take no location: the texture coordinate is the first output location.
    assert_eq!(m.location("in.POSITION"), 0);
    assert_eq!(m.location("out.TEXCOORD0"), 0);
    m.assert_has(&["OpCapability DrawParameters"]);
}

#[test]
fn vk_builtin_where_dxc_does_not_allow_it_is_an_error() {
    refuse(
        r#"
float4 main([[vk::builtin("PointSize")]] float s : PSIZE) : SV_Target { return s; }
"#,
        "ps_6_0",
        &[],
        1,
        // DXC accepts the attribute on a pixel input, but its module fails validation once the
        // value is read (an unread one compiles: `eng6.rs`).
        "`[[vk::builtin(\"PointSize\")]]` on the pixel input, which the shader reads",
    );
}
