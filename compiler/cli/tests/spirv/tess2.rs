//! Task tess2: the last tessellation and signature-packing gaps. `-pack-optimized` with
//! arrays and matrices per vertex or per control point and arrays of matrices (placed whole
//! as DXC's `signature.packing*` tests place them, then split into a variable per element or
//! row); a patch-constant function whose `InputPatch` has another control-point type than
//! the hull entry's (its fields read by semantic from the one input patch); and the
//! tessellation and geometry signatures probed during the task.

use crate::harness::{compile, refuse};

#[test]
fn pack_optimized_places_arrays_and_matrices_per_control_point_as_dxc() {
    // DXC's `signature.packing.hs.hlsl`: the patch constants first, each array and matrix
    // placed whole, then split with the component of the whole.
    let src = r#"
struct HSPatchConstData {
  float tessFactor[3] : SV_TessFactor;
  float insideTessFactor[1] : SV_InsideTessFactor;
  float a : A;
  double b : B;
  float2 c[3] : C;
  float2x2 d : D;
  int e : E;
  float2 f : F;
  float g : G;
};
struct HSCtrlPt {
  float h : H;
  float2 i : I;
  float j[5] : J;
  float4x3 k : K;
};
HSPatchConstData HSPatchConstantFunc(const OutputPatch<HSCtrlPt, 3> input) {
  HSPatchConstData data = (HSPatchConstData)0;
  data.tessFactor[0] = input[1].j[4];
  data.c[2] = input[2].k[3].xy;
  return data;
}
[domain("tri")] [partitioning("fractional_odd")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("HSPatchConstantFunc")] [maxtessfactor(15)]
HSCtrlPt main(InputPatch<HSCtrlPt, 3> input, uint CtrlPtID : SV_OutputControlPointID) {
  HSCtrlPt data = input[CtrlPtID];
  data.k[2] = input[(CtrlPtID + 1) % 3].k[1];
  return data;
}
"#;
    let m = compile(src, "hs_6_0", &["-pack-optimized"]);
    m.assert_placed(&[
        ("out.A", 0, None),
        ("out.B", 0, Some(2)),
        ("out.C_0", 1, Some(0)),
        ("out.C_1", 2, Some(0)),
        ("out.C_2", 3, Some(0)),
        ("out.D_0", 1, Some(2)),
        ("out.D_1", 2, Some(2)),
        ("out.E", 3, Some(2)),
        ("out.F", 4, None),
        ("out.G", 3, Some(3)),
        ("out.H", 4, Some(2)),
        ("out.I", 5, None),
        ("out.J_0", 6, Some(0)),
        ("out.J_4", 10, Some(0)),
        ("out.K_0", 6, Some(1)),
        ("out.K_3", 9, Some(1)),
        // The input control points, in declaration order from 0.
        ("in.H", 0, None),
        ("in.I", 0, Some(1)),
        ("in.J_0", 1, Some(0)),
        ("in.J_4", 5, Some(0)),
        ("in.K_0", 1, Some(1)),
        ("in.K_3", 4, Some(1)),
    ]);
    // Each part of a control point's array is itself arrayed per control point.
    m.assert_has(&["%_arr_float_uint_3 = OpTypeArray %float %uint_3"]);
    assert!(!m.has("OpName %out_J \""), "{}", m.asm);
}

#[test]
fn pack_optimized_splits_per_vertex_arrays_of_domain_and_geometry_inputs() {
    let ds = r#"
struct CP { float4 p : POS; float2 uv[2] : UV; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3x2 m : M; };
struct DSOut { float4 pos : SV_Position; float2 uv[2] : UV; float w : W; };
[domain("tri")]
DSOut main(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> cp) {
  DSOut o;
  o.pos = cp[0].p * bary.x + cp[1].p * bary.y + cp[2].p * bary.z;
  o.uv[0] = cp[0].uv[1] + pc.m[2];
  o.uv[1] = cp[2].uv[0];
  o.w = pc.m[0].y;
  return o;
}
"#;
    let m = compile(ds, "ds_6_0", &["-pack-optimized"]);
    // Inputs: the patch constant matrix first (three rows), then the control points.
    m.assert_placed(&[
        ("in.M_0", 0, Some(0)),
        ("in.M_2", 2, Some(0)),
        ("in.POS", 3, None),
        ("in.UV_0", 0, Some(2)),
        ("in.UV_1", 1, Some(2)),
        ("out.UV_0", 0, Some(0)),
        ("out.UV_1", 1, Some(0)),
        ("out.W", 0, Some(2)),
    ]);
    let gs = r#"
struct V { float4 pos : SV_Position; float2 t[2] : T; float2x2 r[2] : R; };
struct O { float4 pos : SV_Position; float2 t : T; };
[maxvertexcount(3)]
void main(triangle V v[3], inout TriangleStream<O> s) {
  for (uint i = 0; i < 3; i++) {
    O o;
    o.pos = v[i].pos;
    o.t = v[i].t[1] + v[2 - i].r[1][0];
    s.Append(o);
  }
}
"#;
    let m = compile(gs, "gs_6_0", &["-pack-optimized"]);
    m.assert_placed(&[
        ("in.T_0", 0, Some(0)),
        ("in.T_1", 1, Some(0)),
        // Four locations of two: no run of four given out yet.
        ("in.R_0", 2, Some(0)),
        ("in.R_3", 5, Some(0)),
        ("out.T", 0, None),
    ]);
    m.assert_has(&["OpTypeArray %v2float %uint_3"]);
}

#[test]
fn pack_optimized_splits_arrays_of_matrices_and_of_arrays() {
    let m = compile(
        r#"
struct VSOut {
  float4 pos : SV_Position;
  float2x3 m[2] : M;
  float a[2][3] : A;
  double2 d[2] : D;
};
VSOut main(float4 p : P, float2x3 mi[2] : MI) {
  VSOut o = (VSOut)0;
  o.pos = p;
  o.m = mi;
  o.m[1][0] = p.xyz;
  o.a[1][2] = p.w;
  o.d[1] = p.xy;
  return o;
}
"#,
        "vs_6_0",
        &["-pack-optimized"],
    );
    m.assert_placed(&[
        ("in.P", 0, None),
        ("in.MI_0", 1, Some(0)),
        ("in.MI_3", 4, Some(0)),
        // Four rows of three; six elements of one find no run of six given out; two
        // double2s fill two locations each.
        ("out.M_0", 0, Some(0)),
        ("out.M_3", 3, Some(0)),
        ("out.A_0", 4, Some(0)),
        ("out.A_5", 9, Some(0)),
        ("out.D_0", 10, Some(0)),
        ("out.D_1", 11, Some(0)),
    ]);
}

const HULL_WITH_OTHER_PATCH: &str = r#"
struct VSOut { float4 pos : SV_Position; float3 n : NORMAL; float2 uv : TEXCOORD0; };
struct Other { float2 uv : texcoord; float3 n : NORMAL; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<Other, 3> ip, OutputPatch<VSOut, 3> op) {
  PC o;
  o.e[0] = ip[0].uv.x;
  o.e[1] = ip[1].n.y;
  o.e[2] = op[2].uv.y;
  o.i = ip[2].uv.y;
  return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
VSOut main(InputPatch<VSOut, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#;

#[test]
fn patch_constant_function_reads_another_control_point_by_semantic() {
    // One set of input variables: the function's `texcoord` and `NORMAL` are the entry's
    // `TEXCOORD0` and `NORMAL` (DXC's signature matches semantics in any case).
    let m = compile(HULL_WITH_OTHER_PATCH, "hs_6_0", &[]);
    let inputs = m
        .asm
        .lines()
        .filter(|l| l.contains("OpVariable") && l.contains("Input"))
        .count();
    assert_eq!(inputs, 4, "{}", m.asm);
    assert_eq!(m.decoration("in.NORMAL", "Location").as_deref(), Some("0"));
    assert_eq!(
        m.decoration("in.TEXCOORD0", "Location").as_deref(),
        Some("1")
    );
    // The function takes its own type, built from the entry's variables.
    m.assert_has(&["OpTypeArray %Other %uint_3"]);
}

#[test]
fn patch_constant_function_field_of_no_entry_semantic_is_refused_as_dxc() {
    // At the function's parameter (line 5, column 29: `ip`).
    let src = HULL_WITH_OTHER_PATCH.replace(
        "float3 n : NORMAL; };\nstruct PC",
        "float3 n : NORMAL; float t : TANGENT; };\nstruct PC",
    );
    assert!(src.contains("TANGENT"));
    refuse(&src, "hs_6_0", &[], 1, "t.hlsl:5:29");
    refuse(
        &src,
        "hs_6_0",
        &[],
        1,
        "error[E3270]: Signature element TANGENT, referred to by patch constant function, is \
         not found in corresponding hull shader input.",
    );
}

#[test]
fn patch_constant_function_field_of_another_type_is_refused() {
    let src = HULL_WITH_OTHER_PATCH.replace("struct Other { float2 uv", "struct Other { float3 uv");
    refuse(
        &src,
        "hs_6_0",
        &[],
        1,
        "error[E3271]: the patch-constant function's input patch reads `texcoord` as float3, \
         but the hull shader's input patch declares it as float2",
    );
}

#[test]
fn hull_and_geometry_inputs_besides_the_vertices_are_system_values() {
    // A user semantic beside the patch would be a plain `Input` of the tessellation control
    // shader, whose inputs are per control point: DXC refuses it, in the entry and in the
    // patch-constant function.
    let entry = r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip) { PC o = (PC)1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID, float4 x : EXTRA) {
  return ip[id];
}
"#;
    refuse(entry, "hs_6_0", &[], 1, "t.hlsl:7:73");
    refuse(
        entry,
        "hs_6_0",
        &[],
        1,
        "error[E2023]: invalid usage of semantic 'EXTRA' in a hull shader input",
    );
    let pcf = r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip, float4 extra : EXTRA) { PC o = (PC)extra.x; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#;
    refuse(pcf, "hs_6_0", &[], 1, "t.hlsl:4:37");
    refuse(
        pcf,
        "hs_6_0",
        &[],
        1,
        "error[E2023]: patch constant function parameter 'extra' unknown",
    );
    let geometry = r#"
struct V { float4 pos : SV_Position; };
[maxvertexcount(3)]
void main(triangle V v[3], float4 extra : EXTRA, inout TriangleStream<V> s) {
  V o = v[0]; o.pos += extra; s.Append(o);
}
"#;
    refuse(geometry, "gs_6_0", &[], 1, "t.hlsl:4:35");
    refuse(
        geometry,
        "gs_6_0",
        &[],
        1,
        "error[E2023]: invalid usage of semantic 'EXTRA' in a geometry shader input",
    );
    // System values stay: the primitive id in both, shared.
    let m = compile(
        &pcf.replace("float4 extra : EXTRA", "uint extra : SV_PrimitiveID")
            .replace(
                "uint id : SV_OutputControlPointID)",
                "uint id : SV_OutputControlPointID, uint p : SV_PrimitiveID)",
            ),
        "hs_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("BuiltIn PrimitiveId").count(), 1, "{}", m.asm);
}

#[test]
fn a_lone_domain_input_of_a_user_semantic_is_a_patch_constant() {
    // The hull shader writes `EXTRA` per patch, at location 0 before the control point's
    // `POSITION`; the domain shader reads it the same way, though not in a struct.
    let hull = r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float4 x : EXTRA; };
PC pcf(InputPatch<CP, 3> ip) { PC o = (PC)1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#;
    let domain = r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("tri")]
float4 main(PC pc, float3 b : SV_DomainLocation, const OutputPatch<CP, 3> p,
            float4 extra : EXTRA) : SV_Position {
  return p[0].pos * b.x + extra;
}
"#;
    let hs = compile(hull, "hs_6_0", &[]);
    let ds = compile(domain, "ds_6_0", &[]);
    for (m, side) in [(&hs, "out"), (&ds, "in")] {
        let extra = format!("{side}.EXTRA");
        assert_eq!(m.decoration(&extra, "Location").as_deref(), Some("0"));
        assert_eq!(
            m.decoration(&extra, "Patch").as_deref(),
            Some(""),
            "{}",
            m.asm
        );
        let position = format!("{side}.POSITION");
        assert_eq!(m.decoration(&position, "Location").as_deref(), Some("1"));
    }
}

#[test]
fn a_hull_shader_may_read_no_input_patch() {
    // Control points made from their ids alone: no input variable but the id, and no input
    // patch size (Vulkan takes it from the pipeline).
    let src = r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf() { PC o = (PC)1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(uint id : SV_OutputControlPointID) { CP c; c.pos = id; return c; }
"#;
    let m = compile(src, "hs_6_0", &[]);
    m.assert_has(&["OpExecutionMode %main OutputVertices 3"]);
    let inputs = m.asm.lines().filter(|l| l.ends_with(" Input")).count();
    assert_eq!(inputs, 1, "{}", m.asm);
    // A patch-constant function's patch then finds none of its fields, as in DXC.
    refuse(
        &src.replace("PC pcf() {", "PC pcf(InputPatch<CP, 3> ip) {"),
        "hs_6_0",
        &[],
        1,
        "error[E3270]: Signature element POSITION, referred to by patch constant function, is \
         not found in corresponding hull shader input.",
    );
}

#[test]
fn tess_factors_of_a_vector_are_refused_in_dxc_words() {
    let hull = r#"
struct CP { float4 pos : POSITION; };
struct PC { float4 e : SV_TessFactor; float2 i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 4> ip) { PC o; o.e = 4; o.i = float2(2, 3); return o; }
[domain("quad")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(4)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 4> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#;
    let message = "error[E3007]: TessFactor rows, columns (1, 4) invalid for domain Quad.  \
                   Expected 4 rows and 1 column.";
    refuse(hull, "hs_6_0", &[], 1, message);
    let domain = r#"
struct CP { float4 pos : POSITION; };
struct PC { float e[4] : SV_TessFactor; float2 i : SV_InsideTessFactor; };
[domain("quad")]
float4 main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 4> p) : SV_Position {
  return p[0].pos * uv.x + pc.i.y;
}
"#;
    // At the field.
    refuse(domain, "ds_6_0", &[], 1, "t.hlsl:3:41");
    refuse(
        domain,
        "ds_6_0",
        &[],
        1,
        "error[E3007]: InsideTessFactor rows, columns (1, 2) invalid for domain Quad.  Expected \
         2 rows and 1 column.",
    );
    // Arrays, and a scalar inside factor of a triangle, are factors.
    compile(
        &domain
            .replace("float2 i :", "float i[2] :")
            .replace("pc.i.y", "pc.i[1]"),
        "ds_6_0",
        &[],
    );
}
