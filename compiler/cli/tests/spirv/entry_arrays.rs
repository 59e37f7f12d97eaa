//! Entry-point values made of arrays, through `hlslc` and `spirv-val`: arrays of matrices with
//! a semantic, arrays of structs (one stage variable per field, holding that field of every
//! element), structs holding them, in every graphics stage, and `InputPatch` as a geometry
//! shader's input. The expected locations and types follow DXC's documented mapping
//! (`docs/SPIR-V.rst`, "HLSL semantic and Vulkan `Location`": declaration order, consecutive
//! locations for arrays and matrices, as Vulkan's "Location Assignment" counts them; an HLSL
//! `RxC` matrix is a SPIR-V matrix of `R` vectors of `C` components).

use crate::harness::{compile, refuse, Module};

/// The type of the variable named `name`, spelled from its pointee's definition: `v2float`,
/// `mat4(v2float)`, `v2float[2]` (outermost array last).
fn var_type(m: &Module, name: &str) -> String {
    let def = |id: &str| -> String {
        m.asm
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{id} = ")).map(str::to_owned))
            .unwrap_or_else(|| panic!("no definition of {id}:\n{}", m.asm))
    };
    let constant = |id: &str| -> String {
        let d = def(id);
        d.rsplit(' ').next().unwrap().to_owned()
    };
    fn spell(def: &dyn Fn(&str) -> String, constant: &dyn Fn(&str) -> String, id: &str) -> String {
        let d = def(id);
        let parts: Vec<&str> = d.split(' ').collect();
        match parts[0] {
            "OpTypeArray" => format!("{}[{}]", spell(def, constant, parts[1]), constant(parts[2])),
            "OpTypeMatrix" => format!("mat{}({})", parts[2], spell(def, constant, parts[1])),
            "OpTypeVector" => format!("v{}{}", parts[2], spell(def, constant, parts[1])),
            "OpTypeFloat" => ["half", "float", "double"][[16, 32, 64]
                .iter()
                .position(|&w| w.to_string() == parts[1])
                .unwrap()]
            .to_owned(),
            "OpTypeInt" if parts[2] == "0" => "uint".to_owned(),
            "OpTypeInt" => "int".to_owned(),
            other => other.to_owned(),
        }
    }
    let var = def(&m.id(name));
    let ptr = def(var.split(' ').nth(1).unwrap());
    spell(&def, &constant, ptr.split(' ').nth(2).unwrap())
}

#[test]
fn an_array_of_matrices_with_a_semantic_takes_a_location_per_row() {
    // `float4x2 tp[2]`: two matrices of four rows of two floats, locations 0 to 7.
    let m = compile(
        r#"
struct In { float4x2 tp[2] : TEXCOORD0; float4 c : COLOR; };
float4 main(in In i) : SV_Target {
    return float4(i.tp[0][0].x, i.tp[0][1].x, i.tp[1][0].x, i.tp[1][1].x) + i.c;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(var_type(&m, "in.TEXCOORD0"), "mat4(v2float)[2]");
    assert_eq!(m.location("in.TEXCOORD0"), 0);
    assert_eq!(m.location("in.COLOR"), 8);
}

#[test]
fn rows_of_64_bit_matrices_take_two_locations_when_longer_than_two() {
    // A `double4x3` row is a `double3`, two locations: eight for the matrix.
    let m = compile(
        r#"
float4 main(double4x3 a : A, double2x2 b : B, float4 c : C) : SV_Position {
    return float4(float(a[3].z + b[1].y), 0, 0, 0) + c;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(var_type(&m, "in.A"), "mat4(v3double)");
    assert_eq!(m.location("in.A"), 0);
    assert_eq!(m.location("in.B"), 8);
    assert_eq!(m.location("in.C"), 10);
}

#[test]
fn an_out_array_of_structs_is_one_array_per_field() {
    let m = compile(
        r#"
struct S { float2 tex : TEXCOORD0; float3 n : NORMAL; };
void main(float4 pos : POSITION, out S s[2], out float4 o : SV_Position) {
    s[0].tex = float2(1, 2);
    s[1].tex = float2(3, 4);
    s[0].n = pos.xyz;
    s[1].n = -pos.xyz;
    o = pos;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(var_type(&m, "out.TEXCOORD0"), "v2float[2]");
    assert_eq!(var_type(&m, "out.NORMAL"), "v3float[2]");
    assert_eq!(m.location("out.TEXCOORD0"), 0);
    assert_eq!(m.location("out.NORMAL"), 2);
    assert_eq!(m.builtin("out.SV_Position"), "Position");
}

#[test]
fn the_pixel_shader_reads_what_the_vertex_shader_wrote() {
    // A returned struct holding `S s[2]` and a matrix array, and the pixel input of the same
    // struct: the same variables at the same locations on both sides.
    let text = r#"
struct S { float2 uv : UV; nointerpolation uint id : ID; };
struct VO { float4 pos : SV_Position; S s[2]; float3x2 m[2] : MAT; float4 c : COLOR; };
VO vs(float4 p : POSITION) {
    VO o = (VO)0;
    o.pos = p;
    o.s[1].uv = p.xy;
    o.s[0].id = 7;
    o.m[1][2] = p.zw;
    o.c = p;
    return o;
}
float4 ps(VO i) : SV_Target { return i.c + float4(i.s[1].uv, i.s[0].id, i.m[1][2].x); }
"#;
    let v = crate::harness::compile_entry(text, "vs_6_0", Some("vs"), &[]);
    let p = crate::harness::compile_entry(text, "ps_6_0", Some("ps"), &[]);
    // UV 0..1, ID 2..3, MAT 4..9 (two matrices of three rows), COLOR 10.
    for (m, side) in [(&v, "out"), (&p, "in")] {
        assert_eq!(var_type(m, &format!("{side}.UV")), "v2float[2]");
        assert_eq!(var_type(m, &format!("{side}.ID")), "uint[2]");
        assert_eq!(var_type(m, &format!("{side}.MAT")), "mat3(v2float)[2]");
        assert_eq!(m.location(&format!("{side}.UV")), 0);
        assert_eq!(m.location(&format!("{side}.ID")), 2);
        assert_eq!(m.location(&format!("{side}.MAT")), 4);
        assert_eq!(m.location(&format!("{side}.COLOR")), 10);
    }
    // The field's `nointerpolation` is the pixel input's `Flat`.
    assert_eq!(p.decoration("in.ID", "Flat"), Some(String::new()));
}

#[test]
fn a_geometry_input_patch_reads_per_vertex_arrays() {
    let m = compile(
        r#"
struct VS_OUT { float3 p : POSITION; };
[maxvertexcount(3)]
void main(InputPatch<VS_OUT, 3> input, inout TriangleStream<VS_OUT> outStream) {
    VS_OUT output;
    for (uint i = 0; i < 3; i += 1) {
        output = input[i];
        outStream.Append(output);
    }
    outStream.RestartStrip();
}
"#,
        "gs_6_0",
        &[],
    );
    assert_eq!(var_type(&m, "in.POSITION"), "v3float[3]");
    assert_eq!(m.location("in.POSITION"), 0);
    m.assert_has(&["OpExecutionMode %main Triangles"]);
}

#[test]
fn geometry_vertices_holding_arrays_of_structs() {
    // Per vertex, WEIGHT is a `float[2]` (locations 0..1) and MAT a `float2x2[2]` (2..5).
    let m = compile(
        r#"
struct W { float w : WEIGHT; };
struct V { float4 pos : SV_Position; W ws[2]; float2x2 m[2] : MAT; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) {
    for (int i = 0; i < 3; i++) {
        V v = input[i];
        v.ws[1].w += v.ws[0].w;
        s.Append(v);
    }
}
"#,
        "gs_6_0",
        &[],
    );
    assert_eq!(var_type(&m, "in.WEIGHT"), "float[2][3]");
    assert_eq!(var_type(&m, "in.MAT"), "mat2(v2float)[2][3]");
    assert_eq!(var_type(&m, "out.WEIGHT"), "float[2]");
    assert_eq!(m.location("in.WEIGHT"), 0);
    assert_eq!(m.location("in.MAT"), 2);
    assert_eq!(m.location("out.WEIGHT"), 0);
    assert_eq!(m.location("out.MAT"), 2);
}

/// Control points and patch constants holding arrays of structs and of matrices.
const TESSELLATION: &str = r#"
struct W { float w : WEIGHT; };
struct PW { float w : PWEIGHT; };
struct CP { float4 pos : POS; W ws[2]; float2x2 m[2] : MAT; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; PW extra[2]; };
struct VO { float4 p : SV_Position; W ws[2]; };
PC pcf(InputPatch<CP, 3> ip) {
    PC p = (PC)1;
    p.extra[0].w = ip[0].ws[1].w;
    p.extra[1].w = ip[1].ws[0].w;
    return p;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP hs(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
[domain("tri")]
VO ds(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> cps) {
    VO o;
    o.p = cps[0].pos * bary.x + pc.extra[1].w + cps[2].m[1][0].x;
    o.ws = cps[1].ws;
    return o;
}
"#;

#[test]
fn hull_and_domain_shaders_agree_on_arrays_of_structs() {
    let h = crate::harness::compile_entry(TESSELLATION, "hs_6_0", Some("hs"), &[]);
    let d = crate::harness::compile_entry(TESSELLATION, "ds_6_0", Some("ds"), &[]);
    // The hull outputs and domain inputs in DXC's alphabetical order (always, for these
    // two sides), control points and patch constants together: MAT 0..3, POS 4,
    // PWEIGHT[2] 5..6, WEIGHT[2] 7..8.
    assert_eq!(var_type(&h, "out.WEIGHT"), "float[2][3]");
    assert_eq!(var_type(&h, "out.MAT"), "mat2(v2float)[2][3]");
    assert_eq!(var_type(&h, "out.PWEIGHT"), "float[2]");
    for (m, side) in [(&h, "out"), (&d, "in")] {
        assert_eq!(m.location(&format!("{side}.MAT")), 0);
        assert_eq!(m.location(&format!("{side}.POS")), 4);
        assert_eq!(m.location(&format!("{side}.PWEIGHT")), 5);
        assert_eq!(m.location(&format!("{side}.WEIGHT")), 7);
        assert_eq!(
            m.decoration(&format!("{side}.PWEIGHT"), "Patch"),
            Some(String::new())
        );
    }
    assert_eq!(var_type(&h, "in.WEIGHT"), "float[2][3]");
    assert_eq!(h.location("in.WEIGHT"), 1);
    assert_eq!(var_type(&d, "in.WEIGHT"), "float[2][3]");
    assert_eq!(var_type(&d, "out.WEIGHT"), "float[2]");
    assert_eq!(d.location("out.WEIGHT"), 0);
}

#[test]
fn mesh_vertices_holding_arrays_of_structs() {
    let m = compile(
        r#"
struct W { float w : WEIGHT; };
struct V { float4 pos : SV_Position; W ws[2]; float4 c : COLOR; };
[outputtopology("triangle")] [numthreads(3, 1, 1)]
void main(uint t : SV_GroupThreadID, out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    W a = { 1.0 };
    W both[2] = { a, a };
    verts[t].pos = float4(t, 0, 0, 1);
    verts[t].ws = both;
    verts[t].ws[1] = a;
    verts[t].c = 1;
    if (t == 0) tris[0] = uint3(0, 1, 2);
}
"#,
        "ms_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    assert_eq!(var_type(&m, "out.WEIGHT"), "float[2][3]");
    assert_eq!(m.location("out.WEIGHT"), 0);
    assert_eq!(m.location("out.COLOR"), 2);
}

#[test]
fn mesh_output_objects_dxc_refuses_are_its_errors() {
    let header = r#"
struct V { float4 p : SV_Position; };
[outputtopology("line")] [numthreads(1, 1, 1)]
"#;
    let env = ["-fspv-target-env=vulkan1.2"];
    for (main, message) in [
        (
            "void main(in vertices V v[2], out indices uint2 t[1]) {}",
            "error[E3030]: 'vertices' object must be an out parameter",
        ),
        (
            "void main(out vertices V v[2]) {}",
            "error[E3030]: expected indices object declaration",
        ),
        (
            "void main(out vertices V v[2], out indices uint3 t[1]) {}",
            "error[E3030]: expected 1D array of uint2 type",
        ),
    ] {
        refuse(&format!("{header}{main}\n"), "ms_6_5", &env, 1, message);
    }
}

#[test]
fn a_patch_constant_result_without_a_semantic_is_dxcs_error() {
    refuse(
        r#"
struct CP { float4 p : POS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float4 extra; };
PC pcf() { return (PC)0; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
        "hs_6_0",
        &[],
        1,
        "error[E3031]: semantic string missing for shader output variable 'extra'",
    );
}

#[test]
fn mesh_assignments_into_arrays_of_structs_and_matrix_rows() {
    let m = compile(
        r#"
struct W { float w : WEIGHT; float2 c : COLOR; };
struct V { float4 pos : SV_Position; W ws[2]; float2x2 m : MAT; };
[outputtopology("triangle")] [numthreads(3, 1, 1)]
void main(uint t : SV_GroupIndex, out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    verts[t].pos = float4(t, 0, 0, 1);
    verts[t].ws[1].w = 5.0;
    verts[t].ws[0].w = 4.0;
    verts[t].ws[0].c.yx = float2(2, 3);
    verts[t].ws[1].c = 1;
    verts[t].m[1][0] = 1.0;
    verts[t].m[0] = float2(6, 7);
    verts[t].m[1].y = 8;
    if (t == 0) tris[0] = uint3(0, 1, 2);
}
"#,
        "ms_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    // WEIGHT `float[2]` per vertex at 0..1, COLOR `float2[2]` at 2..3, MAT two rows at 4..5.
    assert_eq!(var_type(&m, "out.WEIGHT"), "float[2][3]");
    assert_eq!(var_type(&m, "out.COLOR"), "v2float[2][3]");
    assert_eq!(var_type(&m, "out.MAT"), "mat2(v2float)[3]");
    assert_eq!(m.location("out.WEIGHT"), 0);
    assert_eq!(m.location("out.COLOR"), 2);
    assert_eq!(m.location("out.MAT"), 4);
}

#[test]
fn domain_out_parameters_are_outputs_after_the_result() {
    let m = compile(
        r#"
struct CP { float4 p : POS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct W { float w : WEIGHT; };
[domain("tri")]
float4 main(PC pc, float3 b : SV_DomainLocation, out W ws[2], const OutputPatch<CP, 3> cps,
            out float2 uv : UV) : SV_Position {
    ws[0].w = b.x;
    ws[1].w = b.y;
    uv = b.xy;
    return cps[0].p;
}
"#,
        "ds_6_0",
        &[],
    );
    assert_eq!(m.builtin("out.SV_Position"), "Position");
    assert_eq!(var_type(&m, "out.WEIGHT"), "float[2]");
    assert_eq!(m.location("out.WEIGHT"), 0);
    assert_eq!(m.location("out.UV"), 2);
}

#[test]
fn geometry_streams_of_two_primitive_kinds_are_dxcs_error() {
    refuse(
        r#"
struct V { float4 p : SV_Position; };
struct W { float4 c : COLOR; };
[maxvertexcount(2)]
void main(point V i[1], inout PointStream<V> s, inout LineStream<W> t) { s.Append(i[0]); }
"#,
        "gs_6_0",
        &[],
        1,
        "error[E3032]: only one output primitive type can be specified in the geometry shader",
    );
}

#[test]
fn a_geometry_shader_without_maxvertexcount_is_dxcs_error() {
    refuse(
        r#"
struct V { float4 p : SV_Position; };
void main(point V i[1], inout PointStream<V> s) { s.Append(i[0]); }
"#,
        "gs_6_0",
        &[],
        1,
        // Semantic analysis finds it first (E2035), so lowering's E3032 is not reached.
        "error[E2035]: geometry entry point must have the maxvertexcount attribute",
    );
}
