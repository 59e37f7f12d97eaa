//! Inline SPIR-V decorations on the declarations behind the stage variables of every stage,
//! as DXC's `createSpirvInterfaceVariable` gives them: a parameter (or an entry function,
//! for its result) that is one value decorates its variable; a struct's fields decorate
//! their own. Each module passes `spirv-val`, and each decoration is checked on its id.

use crate::harness::compile;

const VK12: &[&str] = &["-fspv-target-env=vulkan1.2"];

/// A geometry shader: the per-vertex input array takes its parameter's decoration, the
/// stream's variables their fields'.
#[test]
fn geometry_inputs_and_stream_fields_are_decorated() {
    let m = compile(
        "struct V { float4 pos : SV_Position;
           [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float4 c : COLOR; };
[maxvertexcount(3)]
void main([[vk::ext_decorate(/* Invariant */ 18)]] triangle float4 p[3] : POSITION,
          inout TriangleStream<V> s) {
  V v; v.pos = p[0]; v.c = p[1]; s.Append(v);
}
",
        "gs_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("in.POSITION", "Invariant").as_deref(),
        Some("")
    );
    assert_eq!(
        m.decoration("out.COLOR", "RelaxedPrecision").as_deref(),
        Some("")
    );
    assert_eq!(m.decoration("out.SV_Position", "RelaxedPrecision"), None);
}

/// A hull shader: the function decorates its per-control-point result, a parameter its
/// built-in, and an `InputPatch` element's field its arrayed input.
#[test]
fn hull_results_parameters_and_patch_fields_are_decorated() {
    let m = compile(
        r#"struct VSOut { float4 pos : POSITION;
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float3 n : NORMAL; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC pcf(InputPatch<VSOut, 3> ip) {
  PC o; o.edges[0] = 1; o.edges[1] = 1; o.edges[2] = 1; o.inside = 1; return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
[[vk::ext_decorate(/* Invariant */ 18)]]
float4 main(InputPatch<VSOut, 3> ip,
            [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint id : SV_OutputControlPointID)
    : POSITION {
  return ip[id].pos + float4(ip[id].n, 0);
}
"#,
        "hs_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("out.POSITION", "Invariant").as_deref(),
        Some("")
    );
    assert_eq!(
        m.decoration("in.SV_OutputControlPointID", "RelaxedPrecision")
            .as_deref(),
        Some("")
    );
    assert_eq!(
        m.decoration("in.NORMAL", "RelaxedPrecision").as_deref(),
        Some("")
    );
    assert_eq!(m.decoration("in.POSITION", "RelaxedPrecision"), None);
}

/// A domain shader: result, a built-in parameter, an `OutputPatch` element's field.
#[test]
fn domain_results_parameters_and_patch_fields_are_decorated() {
    let m = compile(
        r#"struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
struct CP { [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float4 pos : POSITION; };
[domain("tri")]
[[vk::ext_decorate(/* Invariant */ 18)]]
float4 main(PC pc, [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float3 uvw : SV_DomainLocation,
            const OutputPatch<CP, 3> patch) : SV_Position {
  return patch[0].pos * uvw.x;
}
"#,
        "ds_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("out.SV_Position", "Invariant").as_deref(),
        Some("")
    );
    assert_eq!(
        m.decoration("in.SV_DomainLocation", "RelaxedPrecision")
            .as_deref(),
        Some("")
    );
    assert_eq!(
        m.decoration("in.POSITION", "RelaxedPrecision").as_deref(),
        Some("")
    );
}

/// A mesh shader: an input parameter, the fields of its vertices and primitives, its
/// indices, and a vertices array of values (decorated by the parameter itself).
#[test]
fn mesh_inputs_and_outputs_are_decorated() {
    let m = compile(
        r#"struct V { float4 pos : SV_Position;
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float4 c : COLOR; };
struct P { [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint id : ID; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint t : SV_GroupIndex,
          out vertices V verts[3],
          [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] out indices uint3 tris[1],
          out primitives P prims[1]) {
  SetMeshOutputCounts(3, 1);
  verts[t].pos = 0; verts[t].c = 1; tris[0] = uint3(0, 1, 2); prims[0].id = t;
}
"#,
        "ms_6_5",
        VK12,
    );
    for name in ["in.SV_GroupIndex", "out.COLOR", "out.ID", "out.indices"] {
        assert_eq!(
            m.decoration(name, "RelaxedPrecision").as_deref(),
            Some(""),
            "{name}: {}",
            m.asm
        );
    }
    assert_eq!(m.decoration("out.SV_Position", "RelaxedPrecision"), None);
    let m = compile(
        r#"[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main([[vk::ext_decorate(/* Invariant */ 18)]] out vertices float4 verts[3] : SV_Position,
          out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  verts[0] = 0; tris[0] = uint3(0, 1, 2);
}
"#,
        "ms_6_5",
        VK12,
    );
    assert_eq!(
        m.decoration("out.SV_Position", "Invariant").as_deref(),
        Some("")
    );
}

/// A compute shader's struct parameter: each field's built-in takes the field's
/// decorations (the parameter's own were dropped before only because it was a struct).
#[test]
fn compute_struct_fields_decorate_their_built_ins() {
    let m = compile(
        "struct In { [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint3 id : SV_DispatchThreadID;
           uint gi : SV_GroupIndex; };
RWStructuredBuffer<uint> O;
[numthreads(1, 1, 1)] void main(In i) { O[i.gi] = i.id.x; }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("SV_DispatchThreadID", "RelaxedPrecision")
            .as_deref(),
        Some("")
    );
    assert_eq!(m.decoration("SV_GroupIndex", "RelaxedPrecision"), None);
}

/// What DXC does not decorate compiles, the decoration dropped (semantic analysis warns,
/// W2111): a ray-tracing payload and hit attributes, an entry returning nothing, a mesh
/// payload (these were `E3001`).
#[test]
fn undecorated_entries_compile() {
    let m = crate::harness::compile_entry(
        r#"struct Payload { float4 c; };
struct Attr { float2 bary; };
[shader("closesthit")]
void main([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] inout Payload p,
          [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] in Attr a) { p.c = a.bary.xyxy; }
"#,
        "lib_6_3",
        None,
        VK12,
    );
    assert!(!m.has("RelaxedPrecision"), "{}", m.asm);
    let m = compile(
        "RWStructuredBuffer<uint> O;
[[vk::ext_decorate(/* RelaxedPrecision */ 0)]]
[numthreads(1, 1, 1)] void main(uint t : SV_GroupIndex) { O[t] = 1; }
",
        "cs_6_0",
        &[],
    );
    assert!(!m.has("RelaxedPrecision"), "{}", m.asm);
    let m = compile(
        r#"struct Pay { uint n; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] in payload Pay pay,
          out vertices float4 verts[3] : SV_Position, out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  verts[0] = pay.n; tris[0] = uint3(0, 1, 2);
}
"#,
        "ms_6_5",
        VK12,
    );
    assert!(!m.has("RelaxedPrecision"), "{}", m.asm);
}

/// One reading of an inline `Location` (`attrs::location_in`) for parameters, results and
/// struct fields: it is the variable's location, written once, and the automatic location
/// is not written beside it.
#[test]
fn an_inline_location_places_parameters_results_and_fields_alike() {
    let m = compile(
        "[[vk::ext_decorate(/* Location */ 30, 5)]]
float4 main([[vk::ext_decorate(/* Location */ 30, 2)]] float4 a : A) : SV_Target {
  return a;
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.decoration("in.A", "Location").as_deref(), Some("2"));
    assert_eq!(
        m.decoration("out.SV_Target", "Location").as_deref(),
        Some("5")
    );
    assert_eq!(m.asm.matches("Location").count(), 2, "{}", m.asm);
    let m = compile(
        "struct VOut { float4 pos : SV_Position;
  [[vk::ext_decorate(/* Location */ 30, 3)]] float4 c : COLOR; };
VOut main(float4 p : POSITION) { VOut o; o.pos = p; o.c = p; return o; }
",
        "vs_6_0",
        &[],
    );
    assert_eq!(m.decoration("out.COLOR", "Location").as_deref(), Some("3"));
    assert_eq!(m.asm.matches("OpDecorate %out_COLOR Location").count(), 1);
}

/// An inline `BuiltIn` (`[[vk::ext_decorate(11, n)]]`) makes the variable that built-in with
/// no location, and it is no located variable for the all-or-none rule of
/// `[[vk::location]]`, as DXC's `locOrBuiltinDecorateAttr` (its `spv.intrinsicDecorate`).
#[test]
fn an_inline_builtin_takes_no_location() {
    let m = compile(
        r#"[[vk::ext_extension("SPV_AMD_shader_explicit_vertex_parameter")]]
[[vk::ext_decorate(/* Location */ 30, 23)]]
float4 main([[vk::ext_decorate(/* BuiltIn */ 11, /* BaryCoordNoPerspAMD */ 4992)]] float2 b0 : COLOR0,
            [[vk::location(12), vk::ext_decorate(/* ExplicitInterpAMD */ 4999)]] float2 b7 : COLOR7)
    : SV_Target {
  return float4(b0, b7);
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("in.COLOR0", "BuiltIn").as_deref(),
        Some("BaryCoordNoPerspAMD")
    );
    assert_eq!(m.decoration("in.COLOR0", "Location"), None);
    assert_eq!(m.decoration("in.COLOR7", "Location").as_deref(), Some("12"));
    assert_eq!(
        m.decoration("in.COLOR7", "ExplicitInterpAMD").as_deref(),
        Some("")
    );
    assert_eq!(
        m.decoration("out.SV_Target", "Location").as_deref(),
        Some("23")
    );
    let m = compile(
        "struct V { float4 pos : SV_Position; float4 c : COLOR; };
[maxvertexcount(3)]
void main(triangle float4 p[3] : POSITION,
          [[vk::ext_decorate(/* BuiltIn */ 11, /* PointSize */ 1)]] triangle float q[3] : PSIZE,
          inout TriangleStream<V> s) {
  V v; v.pos = p[0]; v.c = q[1]; s.Append(v);
}
",
        "gs_6_0",
        &[],
    );
    assert_eq!(
        m.decoration("in.PSIZE", "BuiltIn").as_deref(),
        Some("PointSize")
    );
    assert_eq!(m.decoration("in.PSIZE", "Location"), None);
    assert_eq!(
        m.decoration("in.POSITION", "Location").as_deref(),
        Some("0")
    );
}

/// A hull shader's patch-constant function: its parameter's built-in takes the parameter's
/// decoration, and no `W2100` says it is ignored.
#[test]
fn patch_constant_function_parameters_are_decorated() {
    let text = r#"struct VSOut { float4 pos : POSITION; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC pcf(InputPatch<VSOut, 3> ip,
       [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint id : SV_PrimitiveID) {
  PC o; o.edges[0] = id; o.edges[1] = 1; o.edges[2] = 1; o.inside = 1; return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
float4 main(InputPatch<VSOut, 3> ip, uint id : SV_OutputControlPointID) : POSITION {
  return ip[id].pos;
}
"#;
    let m = compile(text, "hs_6_0", &[]);
    assert_eq!(
        m.decoration("in.SV_PrimitiveID", "RelaxedPrecision")
            .as_deref(),
        Some("")
    );
    let (output, _) = crate::harness::run(text, "hs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("W2100"), "{stderr}");
}
