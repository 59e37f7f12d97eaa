//! Vulkan's combined image samplers end to end (DXC's `docs/SPIR-V.rst`: a
//! `vk::SampledTexture*` is one binding holding image and sampler, a `UniformConstant`
//! variable of `OpTypeSampledImage`): sampling reads the loaded sampled image directly,
//! fetches and size queries take its image with `OpImage`, and a 16-bit float sampled type is
//! refused at the declaration as DXC refuses it. Every module passes `spirv-val`.

use crate::harness::{compile, refuse};

#[test]
fn the_variable_is_a_sampled_image_with_one_binding() {
    let m = compile(
        "vk::SampledTexture2D<float4> albedo : register(t4, space1);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return albedo.Sample(uv); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.binding("albedo"), (1, 4));
    let pointee = m.pointee_definition("albedo");
    assert!(pointee.starts_with("OpTypeSampledImage "), "{pointee}");
    // Sampled (1), not arrayed, single-sampled 2D float image.
    m.assert_has(&[
        "OpTypeImage %float 2D 0 0 0 1 Unknown",
        "OpImageSampleImplicitLod %v4float",
    ]);
    // No separate sampler and no `OpSampledImage`: the variable holds the pair.
    assert!(!m.has("OpTypeSampler"), "{}", m.asm);
    assert!(!m.has("OpSampledImage"), "{}", m.asm);
}

#[test]
fn sampling_forms_take_the_sampled_image() {
    let m = compile(
        "vk::SampledTexture2D<float4> tex : register(t0);
vk::SampledTexture2D<float> shadow : register(t1);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float4 c = tex.SampleLevel(uv, 2.0, int2(1, -1));
    c += tex.SampleBias(uv, 0.5);
    c += tex.SampleGrad(uv, ddx(uv), ddy(uv));
    c += tex.GatherAlpha(uv);
    c.x += shadow.SampleCmp(uv, 0.5) + shadow.SampleCmpLevelZero(uv, 0.25);
    c += shadow.GatherCmp(uv, 0.75);
    c.y += tex.CalculateLevelOfDetailUnclamped(uv);
    return c;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpImageSampleExplicitLod %v4float",
        "Lod|ConstOffset %float_2",
        "Bias %float_0_5",
        "Grad",
        "OpImageGather %v4float",
        "OpImageSampleDrefImplicitLod %float",
        "OpImageSampleDrefExplicitLod %float",
        "OpImageDrefGather %v4float",
        "OpImageQueryLod %v2float",
    ]);
    assert!(!m.has("OpImage %"), "sampling needs no OpImage:\n{}", m.asm);
}

#[test]
fn loads_and_queries_read_the_image() {
    let m = compile(
        "vk::SampledTexture2DArray<uint4> layers : register(t0);
vk::SampledTexture2DMS<float4> ms : register(t1);
RWStructuredBuffer<uint4> output : register(u0, space1);
[numthreads(1, 1, 1)]
void main() {
    uint w, h, n, levels;
    layers.GetDimensions(0, w, h, n, levels);
    uint mw, mh, samples;
    ms.GetDimensions(mw, mh, samples);
    output[0] = layers.Load(int4(1, 2, 0, 0)) + layers[uint3(3, 4, 1)] + layers.mips[1][uint3(0, 0, 0)]
        + uint4(w, h, n, levels) + uint4(mw, mh, samples, 0) + uint4(ms.Load(int2(1, 1), 2));
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpTypeImage %uint 2D 0 1 0 1 Unknown",
        "OpTypeImage %float 2D 0 0 1 1 Unknown",
        "OpImage %type_image",
        "OpImageFetch %v4uint",
        "OpImageQuerySizeLod %v3uint",
        "OpImageQueryLevels %uint",
        "OpImageQuerySize %v2uint",
        "OpImageQuerySamples %uint",
        "Sample %int_2",
    ]);
}

#[test]
fn every_dimension_validates() {
    let m = compile(
        "vk::SampledTexture1D<float> a : register(t0);
vk::SampledTexture1DArray<float2> b : register(t1);
vk::SampledTexture2DArray<float4> c : register(t2);
vk::SampledTexture3D<float4> d : register(t3);
vk::SampledTextureCUBE<float4> e : register(t4);
vk::SampledTextureCUBEArray<float4> f : register(t5);
vk::SampledTexture2DMSArray<int4> g : register(t6);
float4 main(float4 p : TEXCOORD0) : SV_Target {
    return a.Sample(p.x) + b.Sample(p.xy).xyxy + c.Sample(p.xyz) + d.SampleLevel(p.xyz, 0)
        + e.Sample(p.xyz) + f.Sample(p) + float4(g.Load(int3(0, 0, 1), 0));
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability Sampled1D",
        "OpCapability SampledCubeArray",
        "OpTypeImage %float 1D 0 0 0 1 Unknown",
        "OpTypeImage %float 1D 0 1 0 1 Unknown",
        "OpTypeImage %float 3D 0 0 0 1 Unknown",
        "OpTypeImage %float Cube 0 1 0 1 Unknown",
        "OpTypeImage %int 2D 0 1 1 1 Unknown",
    ]);
}

#[test]
fn arrays_and_parameters_of_combined_samplers() {
    let m = compile(
        "vk::SampledTexture2D<float4> maps[3] : register(t0);
float4 fetch(vk::SampledTexture2D<float4> t, float2 uv) { return t.Sample(uv); }
float4 main(float2 uv : TEXCOORD0, nointerpolation uint i : INDEX) : SV_Target {
    return maps[i].Sample(uv) + fetch(maps[2], uv);
}
",
        "ps_6_0",
        &[],
    );
    let pointee = m.pointee_definition("maps");
    assert!(pointee.starts_with("OpTypeSampledImage "), "{pointee}");
    m.assert_has(&["OpTypeArray %type_sampled_image %uint_3"]);
}

#[test]
fn a_16bit_float_sampled_type_is_refused() {
    refuse(
        "vk::SampledTexture2D<half4> tex;
float4 main() : SV_Target { return 0; }
",
        "ps_6_2",
        &["-enable-16bit-types"],
        1,
        "error[E2029]: The sampled type for textures cannot be a floating point type smaller \
         than 32-bits when targeting a Vulkan environment.",
    );
}

#[test]
fn a_sampler_argument_is_an_error() {
    refuse(
        "vk::SampledTexture2D<float4> tex;
SamplerState s;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return tex.Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "no matching overload for call to `Sample`",
    );
}

#[test]
fn a_struct_element_is_refused() {
    refuse(
        "struct Texel { float4 rgba; };
vk::SampledTexture2D<Texel> tex;
float4 main() : SV_Target { return 0; }
",
        "ps_6_0",
        &[],
        1,
        "error[E2029]: 'Texel' cannot be used as a type parameter where it must be of type \
         float, int, uint or their vector equivalents",
    );
}

/// `-fspv-reflect` names the HLSL type in lower case without its namespace, as DXC does with
/// the declared name of every resource type.
#[test]
fn reflection_names_the_type() {
    let m = compile(
        "vk::SampledTexture2D<float4> albedo;
vk::SampledTextureCUBE<float> sky;
float4 main(float3 d : DIR) : SV_Target { return albedo.Sample(d.xy) + sky.Sample(d); }
",
        "ps_6_0",
        &["-fspv-reflect"],
    );
    m.assert_has(&[
        "UserTypeGOOGLE \"sampledtexture2d:<float4>\"",
        "UserTypeGOOGLE \"sampledtexturecube:<float>\"",
    ]);
}

/// Locals, `static` aliases and struct members that hold a combined image sampler all read
/// the one global; `-fvk-t-shift` moves it as a `t` register.
#[test]
fn copies_read_the_global_and_t_shifts_apply() {
    let m = compile(
        "struct Material { vk::SampledTexture2D<float4> albedo; float scale; };
vk::SampledTexture2D<float4> g : register(t1);
static const Material mat = { g, 2.0 };
static vk::SampledTexture2D<float4> alias = g;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    vk::SampledTexture2D<float4> local = g;
    return local.Sample(uv) + alias.SampleLevel(uv, 0) + mat.albedo.Sample(uv) * mat.scale;
}
",
        "ps_6_0",
        &["-fvk-t-shift", "10", "0"],
    );
    assert_eq!(m.binding("g"), (0, 11));
    let loads = m
        .asm
        .lines()
        .filter(|l| l.contains("= OpLoad %type_sampled_image %g"))
        .count();
    assert_eq!(loads, 3, "{}", m.asm);
}
