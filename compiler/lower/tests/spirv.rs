//! Lowered modules go through the SPIR-V backend and validate with every `spirv-val` found
//! (`spirv_backend::validate`); no validator installed is a failure, never a skip.

mod common;

use spirv_backend::{SpirvOptions, TargetEnv};

fn emit_and_validate(name: &str, text: &str) {
    validate_module(name, &common::lower(text));
}

fn validate_module(name: &str, m: &ir::Module) {
    let options = SpirvOptions::new(TargetEnv::Vulkan1_1);
    let words = spirv_backend::emit(m, &options)
        .unwrap_or_else(|e| panic!("{name}: emit failed: {e}\n{}", ir::print_module(m)));
    let failures =
        spirv_backend::validate::validate(&words, &spirv_backend::validator_options(m, &options));
    assert!(
        failures.is_empty(),
        "{name}: spirv-val failed:\n{}\n{}\n{}",
        failures.join("\n"),
        spirv_backend::disassemble(&words),
        ir::print_module(m)
    );
}

#[test]
fn reduction_kernel_validates() {
    emit_and_validate(
        "reduction",
        r#"
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Sums : register(u1);
groupshared uint Partial[64];
[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
    Partial[gi] = In[dtid.x];
    GroupMemoryBarrierWithGroupSync();
    for (uint stride = 32; stride > 0; stride >>= 1) {
        if (gi < stride)
            Partial[gi] += Partial[gi + stride];
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0)
        InterlockedAdd(Sums[gid.x], Partial[0]);
}
"#,
    );
}

#[test]
fn control_flow_kernel_validates() {
    emit_and_validate(
        "control",
        r#"
cbuffer Params : register(b0) { uint Limit; float Scale; };
RWStructuredBuffer<float4> Out : register(u0);
float4 shade(float4 v) { return select(v > 0.5, v * Scale, -v); }
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 acc = 0;
    for (uint i = 0; i < Limit; i++) {
        if (i == 3) continue;
        if (acc.x > 100 && i > 10) break;
        acc.xy += float2(i, 2 * i);
    }
    switch (id.x & 3) {
    case 0: acc.w = 1; break;
    default: acc.w = 2; break;
    }
    int n = 0;
    do { n++; } while (n < 4);
    Out[id.y * 8 + id.x] = shade(acc) + n;
}
"#,
    );
}

#[test]
fn textures_and_byte_address_validate() {
    emit_and_validate(
        "textures",
        r#"
Texture2D<float4> Src : register(t0);
[[vk::image_format("rgba32f")]]
RWTexture2D<float4> Dst : register(u0);
RWByteAddressBuffer Stats : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 c = Src.Load(int3(id.xy, 0)) + Src[id.xy];
    Dst[id.xy] = saturate(c);
    Stats.InterlockedAdd(0, 1);
    Stats.Store(4, asuint(c.x));
}
"#,
    );
}

#[test]
fn vertex_and_pixel_shaders_validate() {
    let vs = common::lower_stage(
        r#"
cbuffer Camera : register(b0) { float4x4 ViewProj; };
struct VsOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
VsOut main(float3 pos : POSITION, float2 uv : TEXCOORD0, uint id : SV_VertexID) {
    VsOut o;
    o.pos = mul(ViewProj, float4(pos, 1));
    o.uv = id > 2 ? uv : uv * 2;
    return o;
}
"#,
        lower::ShaderStage::Vertex,
    );
    validate_module("vs", &vs);
    let ps = common::lower_stage(
        r#"
struct PsIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
float4 main(PsIn i) : SV_Target {
    if (i.uv.x < 0) discard;
    return float4(i.uv, i.pos.z, 1);
}
"#,
        lower::ShaderStage::Pixel,
    );
    validate_module("ps", &ps);
}

#[test]
fn sampling_pixel_shader_validates() {
    let ps = common::lower_stage(
        r#"
Texture2D<float4> Albedo : register(t0);
SamplerState Linear : register(s0);
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    return Albedo.Sample(Linear, uv) + Albedo.SampleLevel(Linear, uv, 1) * pos.z;
}
"#,
        lower::ShaderStage::Pixel,
    );
    validate_module("sample", &ps);
}

#[test]
fn vertex_shader_with_matrix_truncation_validates() {
    let vs = common::lower_stage(
        r#"
cbuffer PerObject : register(b1) { float4x4 World; };
struct VSInput { float3 position : POSITION; float3 normal : NORMAL; };
struct VSOutput { float4 position : SV_Position; float3 normal : NORMAL; };
VSOutput main(VSInput input) {
    VSOutput o;
    o.position = mul(World, float4(input.position, 1));
    o.normal = normalize(mul((float3x3)World, input.normal));
    return o;
}
"#,
        lower::ShaderStage::Vertex,
    );
    validate_module("truncation", &vs);
}

#[test]
fn statics_and_out_parameters_validate() {
    emit_and_validate(
        "statics",
        r#"
static const float Weights[3] = { 0.25, 0.5, 0.25 };
static uint Calls;
RWStructuredBuffer<float> Out : register(u0);
void accumulate(float v, inout float sum) { sum += v; Calls++; }
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float sum = 0;
    [unroll] for (int i = 0; i < 3; i++) accumulate(Out[id.x + i] * Weights[i], sum);
    Out[id.x] = sum + Calls;
}
"#,
    );
}
