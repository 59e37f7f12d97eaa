//! Pixel attribute evaluation, mesh outputs in helpers, inline SPIR-V types with operands
//! and the alphabetical stage I/O order through `hlslc -spirv` (issue #4 item 4, second
//! round): each test states the instructions and decorations that matter, and every module
//! passes `spirv-val`.

use crate::harness::{compile, refuse};

const VK12: &[&str] = &["-fspv-target-env=vulkan1.2"];

#[test]
fn attribute_of_a_member_of_an_element_of_an_array_of_structs_is_a_chain_into_its_variable() {
    // `V v[2]` is one `float4[2]` Input variable per field: `v[1].c` is its element 1, and
    // `v[k].c.y` a component of element `k` (GLSL.std.450's interpolant may be any access
    // chain into an Input variable).
    let m = compile(
        "struct V { float4 c : COLOR; float2 t : TEX; };
float4 main(V v[2] : VV, nointerpolation uint k : K) : SV_Target {
  float4 a = EvaluateAttributeAtSample(v[1].c, 0);
  float b = EvaluateAttributeCentroid(v[k].c.y);
  float2 c = EvaluateAttributeSnapped(v[0].t, int2(2, -3));
  return a + b + c.xyxy;
}
",
        "ps_6_0",
        VK12,
    );
    let c = m.id("in.VV");
    let t = m.id("in.VV1");
    m.assert_has(&[
        "OpCapability InterpolationFunction",
        &format!("OpDecorate {c} Location 0"),
        &format!("OpDecorate {t} Location 2"),
        &format!("{c} = OpVariable %_ptr_Input__arr_v4float_uint_2 Input"),
        &format!("OpAccessChain %_ptr_Input_v4float {c} %int_1"),
        &format!("OpAccessChain %_ptr_Input_float {c} "),
        &format!("OpAccessChain %_ptr_Input_v2float {t} %int_0"),
        "InterpolateAtSample",
        "InterpolateAtCentroid",
        "InterpolateAtOffset",
    ]);
}

#[test]
fn a_helper_evaluating_its_parameter_has_a_copy_per_input_it_is_given() {
    // DXC inlines `ev` at each call: `ev(a)` interpolates `A`, `ev(b)` interpolates `B`.
    let m = compile(
        "float4 ev(float4 x) { return EvaluateAttributeSnapped(x, int2(1, 1)); }
float4 twice(float4 y) { return ev(y) * 2; }
float4 main(float4 a : A, float4 b : B) : SV_Target { return ev(a) + ev(b) + twice(a); }
",
        "ps_6_0",
        VK12,
    );
    let (a, b) = (m.id("in.A"), m.id("in.B"));
    assert_eq!(
        m.asm.matches(&format!("InterpolateAtOffset {a} ")).count(),
        1,
        "one copy of `ev` for `A`, shared by `twice`'s call:\n{}",
        m.asm
    );
    assert_eq!(
        m.asm.matches(&format!("InterpolateAtOffset {b} ")).count(),
        1,
        "{}",
        m.asm
    );
}

#[test]
fn a_helper_given_a_computed_value_is_dxcs_error() {
    refuse(
        "float4 ev(float4 x) { return EvaluateAttributeCentroid(x); }
float4 main(float4 a : A) : SV_Target { return ev(a + 1); }
",
        "ps_6_0",
        VK12,
        1,
        "attribute evaluation can only be done on values taken directly from inputs",
    );
}

#[test]
fn helpers_given_the_mesh_output_arrays_write_and_read_the_entrys_output_variables() {
    // `fill` (out), `shade` (inout, reading what `fill` wrote), `tri` and `prim` get no
    // parameter for the arrays: they access the entry's per-field `Output` arrays, which
    // SPV_EXT_mesh_shader lets a mesh shader read back.
    let m = compile(
        "struct VO { float4 p : SV_Position; float4 c : COLOR; };
struct PO { uint id : SV_PrimitiveID; bool cull : SV_CullPrimitive; };
void tri(inout indices uint3 t[2], uint i) { t[i] = uint3(0, 1, 2) + i; }
void shade(inout vertices VO v[4], uint i) { v[i].c = v[i].p * 0.5; }
void fill(out vertices VO v[4], uint i) { v[i].p = float4(i, 0, 0, 1); shade(v, i); }
void prim(out primitives PO p[2], uint i) { p[i].id = i; p[i].cull = i == 1; }
[outputtopology(\"triangle\")] [numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID, out vertices VO verts[4], out indices uint3 tris[2],
          out primitives PO prims[2]) {
  SetMeshOutputCounts(4, 2);
  fill(verts, i);
  if (i < 2) { tri(tris, i); prim(prims, i); }
}
",
        "ms_6_5",
        VK12,
    );
    let (p, c) = (m.id("out.SV_Position"), m.id("out.COLOR"));
    let (id, cull) = (m.id("out.SV_PrimitiveID"), m.id("out.SV_CullPrimitive"));
    let indices = m.id("out.indices");
    m.assert_has(&[
        &format!("OpDecorate {p} BuiltIn Position"),
        &format!("OpDecorate {c} Location 0"),
        &format!("OpDecorate {id} BuiltIn PrimitiveId"),
        &format!("OpDecorate {id} PerPrimitiveEXT"),
        &format!("OpDecorate {cull} BuiltIn CullPrimitiveEXT"),
        &format!("OpDecorate {cull} PerPrimitiveEXT"),
        &format!("OpDecorate {indices} BuiltIn PrimitiveTriangleIndicesEXT"),
        &format!("{p} = OpVariable %_ptr_Output__arr_v4float_uint_4 Output"),
        &format!("OpAccessChain %_ptr_Output_v4float {c} "),
        &format!("OpAccessChain %_ptr_Output_v3uint {indices} "),
        &format!("OpAccessChain %_ptr_Output_bool {cull} "),
    ]);
    // The helpers take only `i`: no function parameter is a pointer to an output.
    assert!(!m.has("OpTypePointer Function %_arr_VO"), "{}", m.asm);
    // `shade` reads the position back from its Output variable.
    let chains: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains(&format!("OpAccessChain %_ptr_Output_v4float {p} ")))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        chains
            .iter()
            .any(|id| m.has(&format!("OpLoad %v4float {id}"))),
        "{}",
        m.asm
    );
}

#[test]
fn a_mesh_output_parameter_given_a_local_array_is_an_out_array() {
    // Once not supported; now an ordinary `out` array argument, as DXC passes it
    // (`attr2.rs`).
    compile(
        "struct VO { float4 p : SV_Position; };
void fill(out vertices VO v[3]) { v[0].p = 1; }
[outputtopology(\"triangle\")] [numthreads(3, 1, 1)]
void main(out vertices VO verts[3], out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  VO local[3];
  fill(local);
  verts[0] = local[0];
}
",
        "ms_6_5",
        VK12,
    );
}

#[test]
fn alphabetical_stage_io_order_sorts_dxcs_semantic_strings_by_byte() {
    // DXC's strings: `TEXCOORD02` is `TEXCOORD2` (index 2), `A0` stays `A0` (index 0), the
    // struct's `ZZ` names `ZZ` and `ZZ1`; sorted by byte: A0, Blue, TEXCOORD1, TEXCOORD10,
    // TEXCOORD2, ZZ, ZZ1, a1, color (upper case before lower case, `1` before `10` before
    // `2`).
    let m = compile(
        "struct S { float4 x : TEXCOORD10; float4 y : TEXCOORD02; float4 z : color;
           float4 w : Blue; float2 q : A0; float2 r : a1; };
struct P { float4 a : B; float4 b : B1; };
float4 main(S s, P p : ZZ, float4 m : TEXCOORD1) : SV_Position {
  return s.x + s.y + s.z + s.w + s.q.xyxy + s.r.xyxy + p.a + p.b + m;
}
",
        "vs_6_0",
        &["-fvk-stage-io-order=alpha"],
    );
    let order = [
        "in.A0",
        "in.Blue",
        "in.TEXCOORD1",
        "in.TEXCOORD10",
        "in.TEXCOORD02",
        "in.ZZ",
        "in.ZZ1",
        "in.a1",
        "in.color",
    ];
    for (n, name) in order.iter().enumerate() {
        assert_eq!(m.location(name), n as u32, "{name}:\n{}", m.asm);
    }
}

#[test]
fn hull_outputs_and_domain_inputs_are_in_alphabetical_order_without_the_option() {
    // DXC sorts them always so the two stages agree; patch constants and control points
    // share one run of locations: BIAS 0, NORMAL 1, POSITION 2, TEXCOORD 3.
    let hull = compile(
        "struct VI { float4 p : POSITION; float2 uv : TEXCOORD; };
struct CP { float2 uv : TEXCOORD; float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3 n : NORMAL;
            float b : BIAS; };
PC pcf(InputPatch<VI, 3> ip) {
  PC o; o.e[0] = 1; o.e[1] = 1; o.e[2] = 1; o.i = 1; o.n = 0; o.b = 0; return o;
}
[domain(\"tri\")] [partitioning(\"integer\")] [outputtopology(\"triangle_cw\")]
[outputcontrolpoints(3)] [patchconstantfunc(\"pcf\")]
CP main(InputPatch<VI, 3> ip, uint id : SV_OutputControlPointID) {
  CP o; o.uv = ip[id].uv; o.p = ip[id].p; return o;
}
",
        "hs_6_0",
        &[],
    );
    // Inputs keep declaration order.
    assert_eq!(hull.location("in.POSITION"), 0);
    assert_eq!(hull.location("in.TEXCOORD"), 1);
    for (n, name) in ["out.BIAS", "out.NORMAL", "out.POSITION", "out.TEXCOORD"]
        .iter()
        .enumerate()
    {
        assert_eq!(hull.location(name), n as u32, "{name}:\n{}", hull.asm);
    }
    let domain = compile(
        "struct CP { float2 uv : TEXCOORD; float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float3 n : NORMAL;
            float b : BIAS; };
[domain(\"tri\")]
float4 main(PC pc, float3 bc : SV_DomainLocation, const OutputPatch<CP, 3> cp) : SV_Position {
  return cp[0].p * bc.x + pc.b + float4(pc.n, cp[1].uv.x);
}
",
        "ds_6_0",
        &[],
    );
    for (n, name) in ["in.BIAS", "in.NORMAL", "in.POSITION", "in.TEXCOORD"]
        .iter()
        .enumerate()
    {
        assert_eq!(domain.location(name), n as u32, "{name}:\n{}", domain.asm);
    }
}

#[test]
fn ext_types_defined_by_calls_take_the_calls_operands() {
    // DXC's documented form: the arguments of a call of the [[vk::ext_type_def]] function
    // are the type's operands (literals, a constant, the id of a `vk::ext_type` parameter's
    // type). `vk::ext_type<0>` is `OpTypeInt 32 0`, the module's `uint`; `<1>` a `uint4`;
    // `<2>` an array of 3 of them (its length an `OpConstant`).
    let m = compile(
        "[[vk::ext_type_def(0, 21)]]
void makeInt([[vk::ext_literal]] uint width, [[vk::ext_literal]] uint signedness);
[[vk::ext_type_def(1, 23)]]
void makeVec([[vk::ext_reference]] vk::ext_type<0> component, [[vk::ext_literal]] uint count);
[[vk::ext_type_def(2, 28)]]
void makeArray([[vk::ext_reference]] vk::ext_type<1> element, uint length);
vk::ext_type<0> proto;
vk::ext_type<1> protoVec;
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main() {
  makeInt(32, 0);
  makeVec(proto, 4);
  makeArray(protoVec, 3);
  vk::ext_type<2> arr;
  o[0] = 1;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "%uint = OpTypeInt 32 0",
        "%v4uint = OpTypeVector %uint 4",
        "%_arr_v4uint_uint_3 = OpTypeArray %v4uint %uint_3",
        "%arr = OpVariable %_ptr_Function__arr_v4uint_uint_3 Function",
    ]);
    assert_eq!(m.asm.matches("OpTypeInt 32 0").count(), 1, "{}", m.asm);
}

#[test]
fn an_ext_type_whose_defining_call_is_never_reached_is_refused() {
    refuse(
        "[[vk::ext_type_def(0, 21)]]
void makeInt([[vk::ext_literal]] uint width, [[vk::ext_literal]] uint signedness);
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main() { vk::ext_type<0> x; o[0] = 1; }
",
        "cs_6_0",
        &[],
        1,
        "no call of its [[vk::ext_type_def(0, 21)]] function gives its operands",
    );
}

#[test]
fn helpers_given_different_per_vertex_or_struct_inputs_read_each_ones_variables() {
    // `at(a)`/`at(b)`: a copy per per-vertex input, each reading element 1 of its
    // `PerVertexKHR` array.
    let m = compile(
        "float4 at(nointerpolation float4 v) { return GetAttributeAtVertex(v, 1); }
float4 main(nointerpolation float4 a : A, nointerpolation float4 b : B) : SV_Target {
  return at(a) + at(b);
}
",
        "ps_6_1",
        VK12,
    );
    let (a, b) = (m.id("in.A"), m.id("in.B"));
    m.assert_has(&[
        &format!("OpDecorate {a} PerVertexKHR"),
        &format!("OpDecorate {b} PerVertexKHR"),
        &format!("OpAccessChain %_ptr_Input_v4float {a} %uint_1"),
        &format!("OpAccessChain %_ptr_Input_v4float {b} %uint_1"),
    ]);
    // A struct input passed whole: its fields' variables.
    let m = compile(
        "struct V { float4 c : COLOR; float4 d : DATA; };
float4 pick(V v) { return EvaluateAttributeAtSample(v.c, 1) + EvaluateAttributeCentroid(v.d); }
float4 main(V a : A, V b : B) : SV_Target { return pick(a) + pick(b); }
",
        "ps_6_0",
        VK12,
    );
    for name in ["in.A", "in.B"] {
        let c = m.id(name);
        let d = m.id(&format!("{name}1"));
        m.assert_has(&[
            &format!("InterpolateAtSample {c} %int_1"),
            &format!("InterpolateAtCentroid {d}"),
        ]);
    }
}

#[test]
fn sweep_barycentrics_interpolation_modifiers_and_per_vertex_elements() {
    // Two barycentric inputs (DXIL's signature allows indices 0 and 1): the `noperspective`
    // one is `BaryCoordNoPerspKHR`, both built-ins.
    let m = compile(
        "float4 main(float3 b : SV_Barycentrics, noperspective float3 n : SV_Barycentrics1)
  : SV_Target { return float4(b + n, 1); }
",
        "ps_6_1",
        VK12,
    );
    m.assert_has(&[
        &format!(
            "OpDecorate {} BuiltIn BaryCoordKHR",
            m.id("in.SV_Barycentrics")
        ),
        &format!(
            "OpDecorate {} BuiltIn BaryCoordNoPerspKHR",
            m.id("in.SV_Barycentrics1")
        ),
        "OpCapability FragmentBarycentricKHR",
    ]);
    // Interpolation modifiers on struct members are the inputs' decorations.
    let m = compile(
        "struct PSIn { float4 pos : SV_Position; nointerpolation float4 flat : FLAT;
  sample float2 s : SMP; centroid float3 c : CEN; noperspective float np : NP; };
float4 main(PSIn i) : SV_Target { return i.flat + i.s.xyxy + i.c.xyzx + i.np; }
",
        "ps_6_0",
        VK12,
    );
    for (name, decoration) in [
        ("in.FLAT", "Flat"),
        ("in.SMP", "Sample"),
        ("in.CEN", "Centroid"),
        ("in.NP", "NoPerspective"),
    ] {
        assert_eq!(
            m.decoration(name, decoration),
            Some(String::new()),
            "{name}:\n{}",
            m.asm
        );
    }
    // `GetAttributeAtVertex` of an element of an array member: vertex first, then element.
    let m = compile(
        "struct V { nointerpolation float4 c : COLOR; nointerpolation uint id[2] : ID; };
float4 main(V v) : SV_Target { return GetAttributeAtVertex(v.c, 2) + GetAttributeAtVertex(v.id[1], 0); }
",
        "ps_6_1",
        VK12,
    );
    let id = m.id("in.ID");
    m.assert_has(&[
        &format!("OpDecorate {id} PerVertexKHR"),
        &format!("{id} = OpVariable %_ptr_Input__arr__arr_uint_uint_2_uint_3 Input"),
        &format!("OpAccessChain %_ptr_Input_uint {id} %uint_0 %int_1"),
    ]);
}

#[test]
fn attribute_of_a_row_or_an_element_of_a_matrix_input_is_a_chain_into_it() {
    // DXC's matrices are stored with HLSL rows as SPIR-V columns: row 2 is index 2, `_m01`
    // indices 0 then 1.
    let m = compile(
        "float4 main(float4x4 m : MAT, uint s : SV_SampleIndex) : SV_Target {
  return EvaluateAttributeAtSample(m[2], s) + EvaluateAttributeCentroid(m._m01);
}
",
        "ps_6_0",
        VK12,
    );
    let mat = m.id("in.MAT");
    m.assert_has(&[
        &format!("OpAccessChain %_ptr_Input_v4float {mat} %int_2"),
        &format!("OpAccessChain %_ptr_Input_float {mat} %uint_0 %uint_1"),
    ]);
}

#[test]
fn a_struct_input_passed_whole_is_read_per_vertex_in_the_helper() {
    // Only the fields `at` reads per vertex are `PerVertexKHR` arrays; each call's copy
    // reads its own input's.
    let m = compile(
        "struct V { nointerpolation float4 c : COLOR; nointerpolation uint id : ID;
  float4 smooth : SMOOTH; };
float4 at(V v, uint k) { return GetAttributeAtVertex(v.c, k) + GetAttributeAtVertex(v.id, 2); }
float4 main(V a : A, V b : B) : SV_Target { return at(a, 0) + at(b, 1) + a.smooth; }
",
        "ps_6_1",
        VK12,
    );
    for name in ["in.A", "in.A1", "in.B", "in.B1"] {
        assert_eq!(
            m.decoration(name, "PerVertexKHR"),
            Some(String::new()),
            "{name}"
        );
    }
    assert_eq!(m.decoration("in.A2", "PerVertexKHR"), None, "{}", m.asm);
    m.assert_has(&[
        &format!("OpAccessChain %_ptr_Input_uint {} %uint_2", m.id("in.A1")),
        &format!("OpAccessChain %_ptr_Input_uint {} %uint_2", m.id("in.B1")),
    ]);
}
