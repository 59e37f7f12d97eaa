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
