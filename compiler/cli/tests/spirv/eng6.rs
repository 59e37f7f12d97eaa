//! Constructs the eng6 survey of two public collections of HLSL written for `dxc -spirv`
//! (Sascha Willems' Vulkan examples and Khronos' Vulkan-Samples) showed compiling wrongly or
//! not at all, each in a small shader of our own.

use crate::harness::{compile, compile_entry, refuse};

/// The storage class of the variable named `name`, as the disassembly spells it.
fn storage_class(m: &crate::harness::Module, name: &str) -> String {
    let id = m.id(name);
    m.asm
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{id} = OpVariable ")))
        .and_then(|rest| rest.split(' ').nth(1))
        .unwrap_or_else(|| panic!("no OpVariable {id}:\n{}", m.asm))
        .to_owned()
}

#[test]
fn shader_record_constant_buffer_is_in_the_shader_record_class_without_binding() {
    let m = compile_entry(
        r#"
struct Hit { float3 color; };
struct Bary { float2 uv; };
struct Entry { float scale; float3 tint; };
[[vk::shader_record_ext]] ConstantBuffer<Entry> entry;
Texture2D after;

[shader("closesthit")]
void chit(inout Hit h, in Bary b)
{
    h.color = entry.tint * entry.scale + after.Load(int3(0, 0, 0)).rgb;
}
"#,
        "lib_6_3",
        None,
        &["-fspv-target-env=vulkan1.2"],
    );
    // ShaderRecordBufferKHR and ShaderRecordBufferNV are one storage class (5343).
    assert!(
        storage_class(&m, "entry").starts_with("ShaderRecordBuffer"),
        "{}",
        m.asm
    );
    assert_eq!(m.decoration("entry", "Binding"), None);
    assert_eq!(m.decoration("entry", "DescriptorSet"), None);
    // Laid out as DXC lays out shader records: the storage-buffer rules, so the float3
    // follows the float at offset 4.
    assert_eq!(m.offsets("type.ShaderRecordBufferKHR.Entry"), vec![0, 4]);
    // The record takes no binding: the texture declared after it is binding 0.
    assert_eq!(m.binding("after"), (0, 0));
}

#[test]
fn shader_record_struct_global_and_cbuffer_are_shader_records_too() {
    let m = compile_entry(
        r#"
struct Hit { float4 color; };
struct Entry { float4 tint; };
[[vk::shader_record_nv]] Entry plain;
[[vk::shader_record_ext]] cbuffer block { float4 extra; };

[shader("miss")]
void miss(inout Hit h)
{
    h.color = plain.tint + extra;
}
"#,
        "lib_6_3",
        None,
        &["-fspv-target-env=vulkan1.2"],
    );
    assert!(storage_class(&m, "plain").starts_with("ShaderRecordBuffer"));
    assert!(storage_class(&m, "block").starts_with("ShaderRecordBuffer"));
    assert_eq!(m.decoration("block", "Binding"), None);
}

#[test]
fn shader_record_outside_ray_tracing_stages_is_refused() {
    refuse(
        r#"
struct Entry { float4 tint; };
[[vk::shader_record_ext]] ConstantBuffer<Entry> entry;
float4 main() : SV_Target { return entry.tint; }
"#,
        "ps_6_0",
        &["-fspv-target-env=vulkan1.2"],
        1,
        "E3287",
    );
}

#[test]
fn ext_builtin_on_a_static_local_is_that_builtins_stage_variable() {
    let m = compile(
        r#"
float4 main() : SV_Target
{
    [[vk::ext_builtin_input(/* FragCoord */ 15)]] static const float4 where;
    return where * 0.5;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.builtin("where"), "FragCoord");
    assert_eq!(storage_class(&m, "where"), "Input");
    let m = compile(
        r#"
float4 main(float4 p : POSITION) : SV_Position
{
    [[vk::ext_builtin_output(/* PointSize */ 1)]] static float size;
    size = 3.0;
    return p;
}
"#,
        "vs_6_0",
        &[],
    );
    assert_eq!(m.builtin("size"), "PointSize");
    assert_eq!(storage_class(&m, "size"), "Output");
}

#[test]
fn ext_builtin_on_a_local_that_is_not_static_is_refused_in_dxcs_words() {
    refuse(
        r#"
float4 main() : SV_Target
{
    [[vk::ext_builtin_input(15)]] float4 where;
    return where;
}
"#,
        "ps_6_0",
        &[],
        1,
        "vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable",
    );
}

#[test]
fn point_size_builtin_on_an_unread_pixel_input_compiles_without_the_builtin() {
    // A vertex output struct reused as the pixel input, its point size never read.
    let m = compile(
        r#"
struct Varyings
{
    float4 pos : SV_Position;
    [[vk::location(0)]] float2 uv : TEXCOORD0;
    [[vk::builtin("PointSize")]] float size : PSIZE;
};
float4 tint(Varyings v) { return float4(v.uv, 0, 1); }
float4 main(Varyings v) : SV_Target
{
    return tint(v) + v.pos.x;
}
"#,
        "ps_6_0",
        &[],
    );
    assert!(!m.has("BuiltIn PointSize"), "{}", m.asm);
    assert_eq!(m.location("in.TEXCOORD0"), 0);
}

#[test]
fn point_size_builtin_on_a_pixel_input_that_is_read_is_refused() {
    refuse(
        r#"
struct Varyings
{
    float4 pos : SV_Position;
    [[vk::builtin("PointSize")]] float size : PSIZE;
};
float4 scaled(Varyings v) { return v.pos * v.size; }
float4 main(Varyings v) : SV_Target { return scaled(v); }
"#,
        "ps_6_0",
        &[],
        1,
        "`[[vk::builtin(\"PointSize\")]]` on the pixel input `size`, which the shader reads",
    );
}

#[test]
fn image_format_unknown_is_the_unknown_format_with_the_without_format_capabilities() {
    let m = compile(
        r#"
[[vk::image_format("unknown")]] RWTexture2D<float4> img : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    img[id.xy] = img[id.yx] * 2.0;
}
"#,
        "cs_6_0",
        &[],
    );
    assert!(
        m.pointee_definition("img").ends_with(" 2 Unknown"),
        "{}",
        m.asm
    );
    m.assert_has(&[
        "OpCapability StorageImageReadWithoutFormat",
        "OpCapability StorageImageWriteWithoutFormat",
    ]);
}

#[test]
fn an_inline_builtin_number_spirv_lacks_is_reported_as_the_sources() {
    // 5391 is the capability RayQueryPositionFetchKHR, no built-in (a slip a public sample
    // makes for HitTriangleVertexPositionsKHR, 5335).
    refuse(
        r#"
[[vk::ext_builtin_input(5391)]] static const float4 wrong;
float4 main() : SV_Target { return wrong; }
"#,
        "ps_6_0",
        &[],
        1,
        "BuiltIn 5391, named by inline SPIR-V",
    );
}
