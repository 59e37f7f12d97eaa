//! Task tess3: entry-signature leftovers. Resources as entry parameters (`E3286`, which DXC
//! takes none of), struct members of unknown array size (`E3285`, DXC's words),
//! `[[vk::shader_record_ext]]` where DXC refuses it, tessellation signatures DXC refuses or
//! takes, and `-pack-optimized` stage variables written at run-time elements.

use crate::harness::{compile, compile_entry, run};

/// Compiles and expects failure with a diagnostic `code` at `at` (`line:column`) whose
/// message holds `message`.
fn refused_at(text: &str, profile: &str, flags: &[&str], code: &str, at: &str, message: &str) {
    let (output, _) = run(text, profile, flags);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let head = format!("error[{code}]: ");
    let found = stderr
        .split("\n\n")
        .any(|d| d.contains(&head) && d.contains(message) && d.contains(&format!("t.hlsl:{at}")));
    assert!(found, "expected {code} `{message}` at {at} in:\n{stderr}");
}

#[test]
fn textures_and_samplers_as_entry_parameters_are_refused_at_the_parameter() {
    let src = r#"
float4 main(Texture2D t, SamplerState s, float2 uv : TEXCOORD) : SV_Target {
  return t.Sample(s, uv);
}
"#;
    refused_at(
        src,
        "ps_6_0",
        &[],
        "E3286",
        "2:23",
        "semantic string missing for shader input variable 't'",
    );
    refused_at(src, "ps_6_0", &[], "E3286", "2:39", "variable 's'");
    let in_struct = r#"
struct R { float2 uv : TEXCOORD; Texture2D t; SamplerState s; };
float4 main(R r) : SV_Target { return r.t.Sample(r.s, r.uv); }
"#;
    refused_at(
        in_struct,
        "ps_6_0",
        &[],
        "E3286",
        "3:15",
        "variable 'r.t': `r.t` is a resource",
    );
    let compute = r#"
[numthreads(1, 1, 1)]
void main(RWStructuredBuffer<uint> b[2], uint id : SV_DispatchThreadID) { b[0][id] = id; }
"#;
    refused_at(compute, "cs_6_0", &[], "E3286", "3:36", "variable 'b'");
    let vertex = r#"
struct M { float4x4 m; };
float4 main(float4 p : POSITION, ConstantBuffer<M> c) : SV_Position { return mul(c.m, p); }
"#;
    refused_at(vertex, "vs_6_0", &[], "E3286", "3:52", "variable 'c'");
}

#[test]
fn struct_members_of_unknown_array_size_are_refused_in_dxcs_words() {
    let stage = r#"
struct VI { float4 arr[] : A; };
float4 main(VI v) : SV_Position { return v.arr[0]; }
"#;
    refused_at(
        stage,
        "vs_6_0",
        &[],
        "E3285",
        "2:20",
        "array dimensions of struct/class members must be explicit",
    );
    // Not only stage variables: DXC refuses the declaration wherever the struct is used.
    let buffer = r#"
struct S { float a[]; float4 b; };
StructuredBuffer<S> sb;
float4 main() : SV_Target { return sb[0].b; }
"#;
    refused_at(buffer, "ps_6_0", &[], "E3285", "2:18", "must be explicit");
    // A `static` member may leave its size to its initializer, and a sized member lowers.
    let fine = r#"
struct VI { float4 arr[2] : A; };
float4 main(VI v) : SV_Position { return v.arr[0] + v.arr[1]; }
"#;
    compile(fine, "vs_6_0", &[]);
}

#[test]
fn shader_records_outside_ray_tracing_are_refused_at_the_use_with_the_declaration() {
    let src = r#"
struct S { float4 c; };
[[vk::shader_record_ext]] ConstantBuffer<S> rec;
float4 main() : SV_Target { return rec.c; }
"#;
    let flags = ["-fspv-target-env=vulkan1.2"];
    refused_at(
        src,
        "ps_6_0",
        &flags,
        "E3287",
        "4:36",
        "block `rec` used in a pixel entry",
    );
    let (output, _) = run(src, "ps_6_0", &flags);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("3 │ [[vk::shader_record_ext]] ConstantBuffer<S> rec;")
            && stderr.contains("`rec` is declared here"),
        "{stderr}"
    );
    // Through a helper and a cbuffer member, in a compute shader.
    let cbuffer = r#"
[[vk::shader_record_nv]] cbuffer rec { float4 c; };
RWStructuredBuffer<float4> o;
float4 helper() { return c * 2; }
[numthreads(1, 1, 1)] void main() { o[0] = helper(); }
"#;
    refused_at(
        cbuffer,
        "cs_6_0",
        &flags,
        "E3287",
        "4:26",
        "`[[vk::shader_record_nv]]` block",
    );
    // A ray-tracing stage reads it (and an unused one elsewhere is no error).
    let ray = r#"
struct S { float4 c; };
[[vk::shader_record_ext]] ConstantBuffer<S> rec;
RWTexture2D<float4> img;
[shader("raygeneration")] void gen() { img[DispatchRaysIndex().xy] = rec.c; }
"#;
    let m = compile_entry(ray, "lib_6_3", None, &flags);
    assert!(m.has("ShaderRecordBufferKHR"), "{}", m.asm);
}

#[test]
fn shader_record_attributes_on_textures_and_lone_values_are_refused() {
    refused_at(
        "[[vk::shader_record_ext]] Texture2D t;\nfloat4 main() : SV_Target { return 0; }\n",
        "ps_6_0",
        &[],
        "E2027",
        "1:1",
        "'shader_record_ext' attribute only applies to global variables of struct type",
    );
    refused_at(
        "[[vk::shader_record_ext]] float4 f;\nfloat4 main() : SV_Target { return f; }\n",
        "ps_6_0",
        &[],
        "E2027",
        "1:1",
        "not to a float4",
    );
}

const CP_AND_PC: &str = r#"
struct CP { float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
"#;

#[test]
fn out_parameters_of_patch_constant_functions_and_hull_entries_are_refused_at_the_parameter() {
    let pcf_out = format!(
        "{CP_AND_PC}{}",
        r#"PC pcf(InputPatch<CP, 3> ip, out float4 extra : EXTRA) {
  PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; extra = ip[0].p; return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#
    );
    let msg = "patch constant function parameter 'extra' unknown: the `out` parameter of `pcf`";
    refused_at(&pcf_out, "hs_6_0", &[], "E3288", "4:41", msg);
    let pcf_inout = pcf_out.replace("out float4 extra", "inout float4 extra");
    refused_at(
        &pcf_inout,
        "hs_6_0",
        &[],
        "E3288",
        "4:43",
        "the `inout` parameter",
    );
    let hull_out = format!(
        "{CP_AND_PC}{}",
        r#"PC pcf(InputPatch<CP, 3> ip) { PC o = (PC)0; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
void main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID, out CP o) { o = ip[id]; }
"#
    );
    let msg = "the `out` parameter `o` of hull entry `main`";
    refused_at(&hull_out, "hs_6_0", &[], "E3288", "7:75", msg);
}

#[test]
fn a_hull_entry_without_any_control_point_count_is_refused_at_its_name() {
    let src = format!(
        "{CP_AND_PC}{}",
        r#"PC pcf() { PC o = (PC)0; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[patchconstantfunc("pcf")]
CP main(uint id : SV_OutputControlPointID) { CP c; c.p = id; return c; }
"#
    );
    let msg = "hull entry `main` has neither `[outputcontrolpoints(N)]` nor an `InputPatch`";
    refused_at(&src, "hs_6_0", &[], "E3288", "7:4", msg);
    // With the count it lowers (no input patch at all).
    let counted = src.replace(
        "[patchconstantfunc",
        "[outputcontrolpoints(4)] [patchconstantfunc",
    );
    let m = compile(&counted, "hs_6_0", &[]);
    assert!(m.has("OutputVertices 4"), "{}", m.asm);
}

#[test]
fn a_domain_shaders_input_patch_is_read_as_its_control_points() {
    let src = format!(
        "{CP_AND_PC}{}",
        r#"[domain("tri")]
float4 main(PC pc, float3 uvw : SV_DomainLocation, const InputPatch<CP, 3> patch) : SV_Position {
  return patch[0].p * uvw.x + patch[1].p * uvw.y + patch[2].p * uvw.z + pc.i;
}
"#
    );
    let m = compile(&src, "ds_6_0", &[]);
    assert!(m.has("_ptr_Input__arr_v4float_uint_3"), "{}", m.asm);
    assert_eq!(m.location("in.POSITION"), 0);
}

#[test]
fn packed_elements_and_rows_chosen_at_run_time_are_refused_at_the_use() {
    let src = r#"
struct V { float4 pos : SV_Position; float2 t[2] : T; float2x2 m : M; };
[outputtopology("triangle")] [numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID, out vertices V verts[4], out indices uint3 tris[2]) {
  SetMeshOutputCounts(4, 2);
  verts[i].pos = float4(i, 0, 0, 1);
  verts[i].t[i % 2] = float2(i, 1);
  verts[i].m[1] = float2(2, i);
  verts[i].m[0][i % 2] = 3;
  if (i < 2) tris[i] = uint3(0, 1, 2);
}
"#;
    let flags = ["-fspv-target-env=vulkan1.2", "-pack-optimized"];
    let msg =
        "-pack-optimized with an element of the stage variable `T` (float2[2]) chosen at run time";
    refused_at(src, "ms_6_5", &flags, "E3289", "7:3", msg);
    let rows = src
        .replace("verts[i].m[1] = ", "verts[i].m[i % 2] = ")
        .replace("verts[i].t[i % 2]", "verts[i].t[1]");
    refused_at(
        &rows,
        "ms_6_5",
        &flags,
        "E3289",
        "8:3",
        "with a row of the stage variable `M`",
    );
    // Constant elements and rows split; a run-time component inside a row stays an index.
    let constant = src.replace("verts[i].t[i % 2]", "verts[i].t[1]");
    let m = compile(&constant, "ms_6_5", &flags);
    assert!(m.has("out.T_1") && m.has("out.M_1"), "{}", m.asm);
    // Without -pack-optimized nothing is split and the run-time element lowers.
    compile(src, "ms_6_5", &["-fspv-target-env=vulkan1.2"]);
}
