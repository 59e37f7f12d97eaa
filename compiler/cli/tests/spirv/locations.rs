//! Stage variables: system values to built-ins per stage, other semantics to locations in
//! declaration order (flattening structs), `SV_Target<N>` at location N, `[[vk::location]]`,
//! interpolation decorations and `-fvk-invert-y` (DXC's `docs/SPIR-V.rst`, "HLSL semantic and
//! Vulkan `Location`"); `[[vk::location]]` on the fields of hull and domain shader structs
//! too (patch elements, control points, domain outputs).

use crate::harness::{compile, refuse};

#[test]
fn vertex_inputs_take_locations_in_declaration_order() {
    let m = compile(
        r#"
struct VSIn { float3 pos : POSITION; float3 normal : NORMAL; };
float4 main(VSIn v, float2 uv : TEXCOORD0, float4 color : COLOR) : SV_Position {
    return float4(v.pos + v.normal, uv.x) * color;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.location("in.POSITION"), 0);
    assert_eq!(m.location("in.NORMAL"), 1);
    assert_eq!(m.location("in.TEXCOORD0"), 2);
    assert_eq!(m.location("in.COLOR"), 3);
    assert_eq!(m.builtin("out.SV_Position"), "Position");
}

#[test]
fn vertex_outputs_skip_builtins_when_numbering() {
    let m = compile(
        r#"
struct VSOut { float2 uv : TEXCOORD0; float4 pos : SV_Position; float3 n : NORMAL; };
VSOut main(float4 p : POSITION) {
    VSOut o;
    o.uv = p.xy;
    o.pos = p;
    o.n = p.xyz;
    return o;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.location("out.TEXCOORD0"), 0);
    assert_eq!(m.builtin("out.SV_Position"), "Position");
    assert_eq!(m.location("out.NORMAL"), 1);
}

#[test]
fn vertex_id_and_instance_id_are_builtins() {
    let m = compile(
        r#"
float4 main(uint vid : SV_VertexID, uint iid : SV_InstanceID, float4 p : POSITION) : SV_Position {
    return p * float(vid + iid);
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.builtin("in.SV_VertexID"), "VertexIndex");
    assert_eq!(m.builtin("in.SV_InstanceID"), "InstanceIndex");
    assert_eq!(m.location("in.POSITION"), 0);
}

#[test]
fn pixel_targets_take_their_index_as_location() {
    let m = compile(
        r#"
struct PSOut {
    float4 c2 : SV_Target2;
    float4 c0 : SV_Target0;
    float4 c1 : SV_Target1;
};
PSOut main(float4 color : COLOR) {
    PSOut o;
    o.c0 = color;
    o.c1 = color * 2;
    o.c2 = color * 3;
    return o;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.location("out.SV_Target2"), 2);
    assert_eq!(m.location("out.SV_Target0"), 0);
    assert_eq!(m.location("out.SV_Target1"), 1);
    assert_eq!(m.location("in.COLOR"), 0);
}

#[test]
fn pixel_inputs_position_is_frag_coord() {
    let m = compile(
        r#"
struct PSIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; float3 n : NORMAL; };
float4 main(PSIn i) : SV_Target { return float4(i.n * i.uv.x, i.pos.z); }
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("in.SV_Position"), "FragCoord");
    assert_eq!(m.location("in.TEXCOORD0"), 0);
    assert_eq!(m.location("in.NORMAL"), 1);
    m.assert_has(&["OpExecutionMode %main OriginUpperLeft"]);
}

#[test]
fn pixel_front_face_and_sample_index() {
    let m = compile(
        r#"
float4 main(bool front : SV_IsFrontFace, uint s : SV_SampleIndex) : SV_Target {
    return front ? float4(1, 0, 0, s) : 0;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("in.SV_IsFrontFace"), "FrontFacing");
    assert_eq!(m.builtin("in.SV_SampleIndex"), "SampleId");
    m.assert_has(&["OpCapability SampleRateShading"]);
}

#[test]
fn pixel_depth_output_replaces_depth() {
    let m = compile(
        r#"
float main(float4 pos : SV_Position) : SV_Depth { return pos.z * 0.5; }
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("out.SV_Depth"), "FragDepth");
    m.assert_has(&["OpExecutionMode %main DepthReplacing"]);
}

#[test]
fn integer_pixel_inputs_are_flat() {
    let m = compile(
        r#"
float4 main(uint id : MATERIAL, int2 t : TILE, float w : WEIGHT) : SV_Target {
    return float4(id, t, w);
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.decoration("in.MATERIAL", "Flat").as_deref(), Some(""));
    assert_eq!(m.decoration("in.TILE", "Flat").as_deref(), Some(""));
    assert_eq!(m.decoration("in.WEIGHT", "Flat"), None);
    assert_eq!(
        [
            m.location("in.MATERIAL"),
            m.location("in.TILE"),
            m.location("in.WEIGHT")
        ],
        [0, 1, 2]
    );
}

#[test]
fn interpolation_modifiers_become_decorations() {
    let m = compile(
        r#"
struct PSIn {
    nointerpolation float4 a : A;
    noperspective float4 b : B;
    centroid float4 c : C;
    sample float4 d : D;
    linear float4 e : E;
};
float4 main(PSIn i) : SV_Target { return i.a + i.b + i.c + i.d + i.e; }
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.decoration("in.A", "Flat").as_deref(), Some(""));
    assert_eq!(m.decoration("in.B", "NoPerspective").as_deref(), Some(""));
    assert_eq!(m.decoration("in.C", "Centroid").as_deref(), Some(""));
    assert_eq!(m.decoration("in.D", "Sample").as_deref(), Some(""));
    assert_eq!(m.decoration("in.E", "Flat"), None);
    m.assert_has(&["OpCapability SampleRateShading"]);
}

#[test]
fn compute_system_values_are_builtins() {
    let m = compile(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 4, 2)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID,
          uint3 gtid : SV_GroupThreadID, uint gi : SV_GroupIndex) {
    Out[dtid.x] = gid.y + gtid.z + gi;
}
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "BuiltIn GlobalInvocationId",
        "BuiltIn WorkgroupId",
        "BuiltIn LocalInvocationId",
        "BuiltIn LocalInvocationIndex",
        "OpExecutionMode %main LocalSize 8 4 2",
    ]);
}

#[test]
fn vk_location_dxc_documented_example() {
    // SPIR-V.rst: POSITION, NORMAL and TEXCOORD in at 0, 1 and 2, the TEXCOORD result at 1.
    let m = compile(
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
        "vs_6_0",
        &[],
    );
    assert_eq!(m.location("in.POSITION"), 0);
    assert_eq!(m.location("in.NORMAL"), 1);
    assert_eq!(m.location("in.TEXCOORD"), 2);
    assert_eq!(m.location("out.TEXCOORD"), 1);
}

#[test]
fn vk_location_on_struct_fields_reorders_outputs() {
    let m = compile(
        r#"
struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(4)]] float2 uv : TEXCOORD0;
    [[vk::location(2)]] float3 n : NORMAL;
};
VSOut main(float4 p : POSITION) {
    VSOut o;
    o.pos = p;
    o.uv = p.xy;
    o.n = p.xyz;
    return o;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.location("out.TEXCOORD0"), 4);
    assert_eq!(m.location("out.NORMAL"), 2);
    assert_eq!(m.builtin("out.SV_Position"), "Position");
    assert_eq!(m.location("in.POSITION"), 0);
}

#[test]
fn vk_location_mixed_with_implicit_is_refused() {
    refuse(
        r#"
float4 main([[vk::location(1)]] float4 a : A, float4 b : B) : SV_Target { return a + b; }
"#,
        "ps_6_0",
        &[],
        1,
        "error[E3003]: the stage inputs mix `[[vk::location]]` with implicit locations",
    );
}

#[test]
fn invert_y_negates_the_vertex_position() {
    let text = r#"
float4 main(float4 p : POSITION) : SV_Position { return p; }
"#;
    let m = compile(text, "vs_6_0", &["-fvk-invert-y"]);
    m.assert_has(&["OpFNegate %float", "OpCompositeInsert %v4float"]);
    let plain = compile(text, "vs_6_0", &[]);
    assert!(!plain.has("OpFNegate"), "{}", plain.asm);
}

#[test]
fn invert_y_leaves_pixel_shaders_alone() {
    let m = compile(
        r#"
float4 main(float4 p : SV_Position) : SV_Target { return p; }
"#,
        "ps_6_0",
        &["-fvk-invert-y"],
    );
    assert!(!m.has("OpFNegate"), "{}", m.asm);
}

/// Matrices and arrays take one location per row or element, like DXC's (a `float4x4` takes
/// four, a `float2[2]` two).
#[test]
fn matrix_and_array_stage_variables_take_several_locations() {
    let m = compile(
        r#"
struct VsOut { float4 pos : SV_Position; float2 w[2] : WEIGHTS; float c : COLOR; };
VsOut main(float4x4 m : MATRIX, float3 p : POSITION, float2 w[2] : WEIGHTS) {
    VsOut o;
    o.pos = mul(m, float4(p, 1));
    o.w = w;
    o.c = p.x;
    return o;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.location("in.MATRIX"), 0);
    assert_eq!(m.location("in.POSITION"), 4);
    assert_eq!(m.location("in.WEIGHTS"), 5);
    assert_eq!(m.location("out.WEIGHTS"), 0);
    assert_eq!(m.location("out.COLOR"), 2);
}

#[test]
fn tessellation_struct_fields_keep_their_written_locations() {
    // A hull shader passing control points through, whose structs number their fields out of
    // declaration order (and leave a gap for an array), and the domain shader reading them.
    let hull = r#"
struct Point {
    [[vk::location(2)]] float4 pos : POSITION;
    [[vk::location(0)]] float3 normal : NORMAL;
    [[vk::location(5)]] float weights[3] : WEIGHTS;
};
struct Factors {
    float edges[3] : SV_TessFactor;
    float inside : SV_InsideTessFactor;
};
Factors Constants(InputPatch<Point, 3> p) {
    Factors f;
    f.edges[0] = f.edges[1] = f.edges[2] = p[0].weights[1];
    f.inside = 2;
    return f;
}
[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("Constants")]
Point main(InputPatch<Point, 3> p, uint i : SV_OutputControlPointID) { return p[i]; }
"#;
    let m = compile(hull, "hs_6_0", &[]);
    for side in ["in", "out"] {
        assert_eq!(m.location(&format!("{side}.POSITION")), 2, "{side}");
        assert_eq!(m.location(&format!("{side}.NORMAL")), 0, "{side}");
        assert_eq!(m.location(&format!("{side}.WEIGHTS")), 5, "{side}");
    }
    let domain = r#"
struct Point {
    [[vk::location(2)]] float4 pos : POSITION;
    [[vk::location(0)]] float3 normal : NORMAL;
};
struct Factors {
    float edges[3] : SV_TessFactor;
    float inside : SV_InsideTessFactor;
};
struct Vertex {
    float4 pos : SV_Position;
    [[vk::location(4)]] float3 normal : NORMAL;
};
[domain("tri")]
Vertex main(Factors f, float3 at : SV_DomainLocation, const OutputPatch<Point, 3> p) {
    Vertex v;
    v.pos = at.x * p[0].pos + at.y * p[1].pos + at.z * p[2].pos;
    v.normal = p[0].normal;
    return v;
}
"#;
    let m = compile(domain, "ds_6_0", &[]);
    assert_eq!(m.location("in.POSITION"), 2);
    assert_eq!(m.location("in.NORMAL"), 0);
    assert_eq!(m.location("out.NORMAL"), 4);
}
