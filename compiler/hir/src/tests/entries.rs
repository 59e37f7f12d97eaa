//! Entry points (from the configuration, `[shader]` and `[numthreads]`) and the diagnostics of
//! their signatures: semantics per stage (E2023), missing semantics (E2024) and a missing
//! `[numthreads]` (E2026).

use expect_test::{expect, Expect};

use super::{config_with_entries, diagnostics_with_entries};
use crate::entry::{entry_points, function_stage};
use crate::functions;
use crate::test_db::TestDb;

fn check_entries(src: &str, configured: &[(&str, &str)], expect: Expect) {
    let mut db = TestDb::new();
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = config_with_entries(&db, configured);
    let mut out = String::new();
    for e in entry_points(&db, file, config).iter() {
        out.push_str(&format!("{} {} {:?}\n", e.name, e.stage.name(), e.source));
    }
    // `function_stage` agrees with the list.
    let staged = functions(&db, file, config)
        .into_iter()
        .filter(|f| function_stage(&db, *f).is_some())
        .count();
    assert_eq!(staged, entry_points(&db, file, config).len());
    expect.assert_eq(&out);
}

fn check(src: &str, configured: &[(&str, &str)], expect: Expect) {
    expect.assert_eq(&diagnostics_with_entries(src, configured));
}

#[test]
fn entries_from_config_shader_and_numthreads() {
    check_entries(
        r#"
float4 VSMain(float4 p : POSITION) : SV_Position { return p; }
[shader("pixel")] float4 PSMain() : SV_Target { return 1; }
[numthreads(8, 8, 1)] void CSMain(uint3 id : SV_DispatchThreadID) {}
[outputtopology("triangle")] [numthreads(32, 1, 1)] void MSMain() {}
void helper() {}
"#,
        &[("VSMain", "vs_6_0")],
        expect![[r#"
            VSMain vertex Config
            PSMain pixel ShaderAttribute
            CSMain compute NumThreads
            MSMain mesh NumThreads
        "#]],
    );
}

#[test]
fn config_wins_over_attributes() {
    check_entries(
        r#"
[numthreads(8, 1, 1)] float4 main() : SV_Target { return 0; }
"#,
        &[("main", "ps_6_0")],
        expect![[r#"
            main pixel Config
        "#]],
    );
}

#[test]
fn library_profile_and_missing_names_add_nothing() {
    check_entries(
        r#"
[shader("raygeneration")] void Ray() {}
namespace N { float4 main() : SV_Target { return 0; } }
"#,
        &[("Ray", "lib_6_3"), ("main", "ps_6_0")],
        expect![[r#"
            Ray raygeneration ShaderAttribute
        "#]],
    );
}

#[test]
fn entry_points_survive_body_edits() {
    use std::sync::{Arc, Mutex};
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut db = TestDb::with_log(log.clone());
    let file = db.set_file_text(
        "/t/main.hlsl",
        "[numthreads(1, 1, 1)] void main() { int a = 1; }\n",
    );
    let config = config_with_entries(&db, &[]);
    assert_eq!(entry_points(&db, file, config).len(), 1);
    log.lock().unwrap().clear();
    db.set_file_text(
        "/t/main.hlsl",
        "[numthreads(1, 1, 1)] void main() { int a = 2; }\n",
    );
    assert_eq!(entry_points(&db, file, config).len(), 1);
    let ran = log.lock().unwrap().clone();
    assert!(
        !ran.iter().any(|e| e.starts_with("entry_points(")),
        "{ran:#?}"
    );
}

#[test]
fn sv_target_as_vertex_input_e2023() {
    check(
        r#"
float4 main(float4 c : SV_Target) : SV_Position { return c; }
"#,
        &[("main", "vs_6_0")],
        expect![[r#"
            E2023 2:24 `SV_Target`: `SV_Target` is not valid as a vertex shader input
        "#]],
    );
}

#[test]
fn dispatch_thread_id_in_pixel_shader_e2023() {
    check(
        r#"
float4 main(uint3 id : SV_DispatchThreadID) : SV_Target { return id.x; }
"#,
        &[("main", "ps_6_0")],
        expect![[r#"
            E2023 2:24 `SV_DispatchThreadID`: `SV_DispatchThreadID` is not valid as a pixel shader input
        "#]],
    );
}

#[test]
fn position_input_of_compute_shader_e2023() {
    check(
        r#"
[numthreads(8, 8, 1)] void main(float4 p : SV_Position, uint3 id : TEXCOORD0) {}
"#,
        &[],
        expect![[r#"
            E2023 2:44 `SV_Position`: `SV_Position` is not valid as a compute shader input
            E2023 2:68 `TEXCOORD0`: user semantic `TEXCOORD0` is not valid as a compute shader input: only system values are
        "#]],
    );
}

#[test]
fn struct_field_semantics_are_checked_at_the_field() {
    check(
        r#"
struct PSOut { float4 color : SV_Target0; float depth : SV_Position; };
PSOut main(float4 p : SV_Position) { PSOut o; o.color = p; o.depth = 0; return o; }
"#,
        &[("main", "ps_6_0")],
        expect![[r#"
            E2023 2:57 `SV_Position`: `SV_Position` is not valid as a pixel shader output
              note 3:1 `PSOut`: the return value of pixel entry point `main`
        "#]],
    );
}

#[test]
fn unknown_system_value_and_user_semantic_as_compute_input() {
    // A user semantic on a pixel output (`COLOR0`) is an ordinary located output in DXC's
    // SPIR-V path; a compute shader has no signature to carry one.
    check(
        r#"
[shader("pixel")] float4 main(float4 p : SV_Positon) : COLOR0 { return p; }
[shader("compute")] [numthreads(1, 1, 1)] void cs(uint i : TEXCOORD0) {}
"#,
        &[],
        expect![[r#"
            E2023 2:42 `SV_Positon`: unknown system-value semantic `SV_Positon`
            E2023 3:60 `TEXCOORD0`: user semantic `TEXCOORD0` is not valid as a compute shader input: only system values are
        "#]],
    );
}

#[test]
fn semantics_valid_for_their_stages() {
    check(
        r#"
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint rt : SV_RenderTargetArrayIndex; };
struct PSOut { float4 c0 : SV_Target0; float4 c1 : SV_Target1; float d : SV_Depth; uint cov : SV_Coverage; };
VSOut VSMain(float3 p : POSITION, uint vid : SV_VertexID, uint iid : SV_InstanceID) { VSOut o = (VSOut)0; return o; }
PSOut PSMain(VSOut i, bool ff : SV_IsFrontFace, uint s : SV_SampleIndex, uint prim : SV_PrimitiveID) { PSOut o = (PSOut)0; return o; }
[numthreads(64, 1, 1)] void CSMain(uint3 d : SV_DispatchThreadID, uint3 g : SV_GroupID, uint3 t : SV_GroupThreadID, uint i : SV_GroupIndex) {}
"#,
        &[("VSMain", "vs_6_0"), ("PSMain", "ps_6_0")],
        expect![[r#""#]],
    );
}

#[test]
fn geometry_hull_domain_and_mesh_signatures() {
    check(
        r#"
struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
struct G { float4 pos : SV_Position; uint layer : SV_RenderTargetArrayIndex; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct P { uint id : SV_PrimitiveID; bool cull : SV_CullPrimitive; };
struct Payload { uint n; };
[shader("geometry")] [maxvertexcount(3)] void GS(triangle V input[3], uint id : SV_PrimitiveID, inout TriangleStream<G> s) {}
PC PCF(InputPatch<V, 3> ip) { PC pc = (PC)0; return pc; }
[shader("hull")] [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] [patchconstantfunc("PCF")]
V HS(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
[shader("domain")] [domain("tri")] V DS(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<V, 3> cp) { return cp[0]; }
[shader("mesh")] [outputtopology("triangle")] [numthreads(32, 1, 1)]
void MS(uint t : SV_GroupThreadID, in payload Payload pl, out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) {}
[shader("amplification")] [numthreads(32, 1, 1)] void AS(uint t : SV_DispatchThreadID) {}
"#,
        &[],
        expect![[r#""#]],
    );
}

#[test]
fn gs_stream_element_is_an_output() {
    check(
        r#"
struct G { float4 pos : SV_Position; uint idx : SV_VertexID; };
[shader("geometry")] [maxvertexcount(3)] void GS(point G p[1], inout PointStream<G> s) {}
"#,
        &[],
        expect![[r#"
            E2023 2:49 `SV_VertexID`: `SV_VertexID` is not valid as a geometry shader input
              note 3:58 `p`: parameter `p` of geometry entry point `GS`
            E2023 2:49 `SV_VertexID`: `SV_VertexID` is not valid as a geometry shader output
              note 3:85 `s`: parameter `s` of geometry entry point `GS`
        "#]],
    );
}

#[test]
fn missing_semantic_on_parameter_e2024() {
    check(
        r#"
float4 main(float4 p : POSITION, float2 uv) : SV_Position { return p; }
"#,
        &[("main", "vs_6_0")],
        expect![[r#"
            E2024 2:41 `uv`: parameter `uv` of vertex entry point `main` has no semantic
        "#]],
    );
}

#[test]
fn missing_semantic_on_return_and_field_e2024() {
    check(
        r#"
struct VSIn { float3 pos : POSITION; float3 normal; };
float4 main(VSIn v) { return float4(v.pos, 1); }
"#,
        &[("main", "vs_6_0")],
        expect![[r#"
            E2024 2:45 `normal`: field `normal` has no semantic; it is part of parameter `v` of vertex entry point `main`
              note 3:18 `v`: parameter `v` of vertex entry point `main`
            E2024 3:1 `float4`: the return value of vertex entry point `main` has no semantic
        "#]],
    );
}

#[test]
fn compute_parameters_need_system_values_e2024() {
    check(
        r#"
[numthreads(8, 1, 1)] void main(uint3 id) {}
"#,
        &[],
        expect![[r#"
            E2024 2:39 `id`: parameter `id` of compute entry point `main` has no semantic
        "#]],
    );
}

#[test]
fn resources_need_no_semantic_but_uniform_values_do() {
    // DXC parses `uniform` on entry parameters but has no `$Params` buffer (fxc had): a
    // value still needs a semantic (DXC issue 2197); resources are bound, not passed.
    check(
        r#"
Texture2D t;
float4 main(uniform float4 tint, float2 uv : TEXCOORD0, SamplerState s) : SV_Target { return tint; }
"#,
        &[("main", "ps_6_0")],
        expect![[r#"
            E2024 3:28 `tint`: parameter `tint` of pixel entry point `main` has no semantic
        "#]],
    );
}

#[test]
fn missing_numthreads_e2026() {
    check(
        r#"
void main(uint3 id : SV_DispatchThreadID) {}
[shader("compute")] void other(uint3 id : SV_DispatchThreadID) {}
"#,
        &[("main", "cs_6_0")],
        expect![[r#"
            E2026 2:6 `main`: thread group size [numthreads(x,y,z)] is missing from the entry-point function: compute entry point `main` has no `[numthreads(x, y, z)]` attribute
            E2026 3:26 `other`: thread group size [numthreads(x,y,z)] is missing from the entry-point function: compute entry point `other` has no `[numthreads(x, y, z)]` attribute
        "#]],
    );
}

#[test]
fn helpers_and_other_stages_entries_are_not_checked() {
    // `PSMain` is not compiled by `-E VSMain -T vs_6_0`: its signature is not a vertex one.
    check(
        r#"
float4 VSMain(float4 p : POSITION) : SV_Position { return p; }
float4 PSMain(float4 p : SV_Position) : SV_Target { return p; }
float helper(float x) { return x; }
"#,
        &[("VSMain", "vs_6_0")],
        expect![[r#""#]],
    );
}

#[test]
fn vk_builtin_values_skip_the_semantic_rules_and_hulls_need_a_topology() {
    // `DRAW` is a user semantic, which a mesh input may not have, but `[[vk::builtin]]`
    // makes the value a Vulkan built-in (lowering checks it against the stage); the one
    // without the attribute is still an error. The hull entry lacks `[outputtopology]`.
    check(
        r#"
struct V { float4 p : SV_Position; [[vk::builtin("PointSize")]] float size : PSIZE; };
[outputtopology("triangle")] [numthreads(32, 1, 1)]
void MSMain([[vk::builtin("DrawIndex")]] in int draw : DRAW, in uint other : OTHER,
            out vertices V verts[3], out indices uint3 tris[1]) {}
struct CP { float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC consts() { return (PC)0; }
[domain("tri")] [partitioning("integer")] [patchconstantfunc("consts")] [outputcontrolpoints(3)]
CP HSMain(InputPatch<CP, 3> v, uint id : SV_OutputControlPointID) { return v[id]; }
"#,
        &[("MSMain", "ms_6_5"), ("HSMain", "hs_6_0")],
        expect![[r#"
            E2023 4:70 `other`: invalid usage of semantic 'OTHER' in shader profile ms
            E2035 10:4 `HSMain`: hull entry point must have a valid outputtopology attribute
        "#]],
    );
}

#[test]
fn a_semantic_names_one_input_and_one_output() {
    // Two inputs on TEXCOORD0; `SEM` and `sem0` are the same output; two `out` parameters of
    // one struct type repeat its field's semantic. An `inout` value is one input and one
    // output, so it does not clash with itself.
    check(
        r#"
struct S { float2 f : FIELD; };
float4 ps(float4 a : TEXCOORD0, float4 b : texcoord0) : SV_Target { return a + b; }
void vs(float4 p : POSITION, out float2 a : sem0, out float2 b : SEM, out S s1, out S s2,
        out float4 pos : SV_Position) { a = 0; b = 0; s1.f = 0; s2.f = 0; pos = p; }
void ok(inout float4 c : COLOR, float4 d : COLOR1, out float4 pos : SV_Position) { pos = c + d; }
"#,
        &[("ps", "ps_6_0"), ("vs", "vs_6_0"), ("ok", "vs_6_0")],
        expect![[r#"
            E2050 2:23 `FIELD`: output semantic 'FIELD' used more than once in vertex entry point `vs`
              note 4:87 `s2`: parameter `s2` of vertex entry point `vs`
            E2050 3:44 `texcoord0`: input semantic 'texcoord0' used more than once in pixel entry point `ps`
            E2050 4:66 `SEM`: output semantic 'SEM' used more than once in vertex entry point `vs`
        "#]],
    );
}

#[test]
fn a_patch_and_the_patch_constants_are_two_signatures() {
    // A domain shader reads `IDX` from its control points and from its patch constants, as
    // DXC allows (its `semantic.viewport-array-index.ds` test); within the control points a
    // repeated semantic is still refused.
    check(
        r#"
struct Pcf { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; uint idx : IDX; };
struct Cp { uint idx : IDX; float4 p : POS; };
struct Twice { uint a : IDX; uint b : IDX; };
struct Out { float4 pos : SV_Position; };
[domain("quad")] Out ds(OutputPatch<Cp, 3> patch, Pcf pcf) { Out o; o.pos = patch[0].p; return o; }
[domain("quad")] Out bad(OutputPatch<Twice, 3> patch, Pcf pcf) { Out o; o.pos = 0; return o; }
"#,
        &[("ds", "ds_6_0"), ("bad", "ds_6_0")],
        expect![[r#"
            E2050 4:39 `IDX`: input semantic 'IDX' used more than once in domain entry point `bad`
              note 7:48 `patch`: parameter `patch` of domain entry point `bad`
        "#]],
    );
}
