//! The methods of Vulkan's combined image samplers (`vk::SampledTexture2D<T>` and the other
//! dimensions): a read-only texture's methods without the sampler parameter, since the
//! texture carries its own sampler (DXC's `docs/SPIR-V.rst`).

mod common;

cases! {
    sampled_lod_takes_no_sampler: "vk::SampledTexture2D<float4>.CalculateLevelOfDetail(SamplerState, float2)" => "error: `CalculateLevelOfDetail` takes 1 argument, not 2";
    sampled_sample: "vk::SampledTexture2D<float4>.Sample(float2)" => "float4 Sample(float2 location)";
    sampled_sample_offset_clamp: "vk::SampledTexture2D<float4>.Sample(float2, int2, float)" => "float4 Sample(float2 location, int2 offset, float clamp)";
    sampled_sample_level: "vk::SampledTexture2DArray<float>.SampleLevel(float3, 0)" => "float SampleLevel(float3 location, float lod)";
    sampled_sample_bias: "vk::SampledTextureCube<float4>.SampleBias(float3, 0.5)" => "float4 SampleBias(float3 location, float bias)";
    sampled_sample_grad: "vk::SampledTexture3D<float4>.SampleGrad(float3, float3, float3)" => "float4 SampleGrad(float3 location, float3 ddx, float3 ddy)";
    sampled_sample_cmp: "vk::SampledTexture2D<float>.SampleCmp(float2, 0.5)" => "float SampleCmp(float2 location, float compareValue)";
    sampled_sample_cmp_level_zero: "vk::SampledTexture2D<float>.SampleCmpLevelZero(float2, 0.5)" => "float SampleCmpLevelZero(float2 location, float compareValue)";
    sampled_gather_green: "vk::SampledTexture2D<float4>.GatherGreen(float2, int2)" => "float4 GatherGreen(float2 location, int2 offset)";
    sampled_gather_cmp: "vk::SampledTexture2D<float>.GatherCmp(float2, 0.5)" => "float4 GatherCmp(float2 location, float compareValue)";
    sampled_lod: "vk::SampledTexture2DArray<float4>.CalculateLevelOfDetail(float2)" => "float CalculateLevelOfDetail(float2 location)";
    sampled_load_mip: "vk::SampledTexture2D<float4>.Load(int3)" => "float4 Load(int3 location)";
    sampled_ms_load: "vk::SampledTexture2DMS<float4>.Load(int2, 1)" => "float4 Load(int2 location, int sampleIndex)";
    sampled_index: "vk::SampledTexture2D<float4>.operator[](uint2)" => "float4 operator[](uint2 pos)";
    sampled_mips: "vk::SampledTexture1D<float>.mips(0, uint)" => "float mips(uint mipLevel, uint pos)";
    sampled_dims_mip: "vk::SampledTexture2D<float4>.GetDimensions(0, uint, uint, uint)" => "void GetDimensions(uint mipLevel, out uint width, out uint height, out uint numberOfLevels)";
    sampled_ms_dims: "vk::SampledTexture2DMSArray<float4>.GetDimensions(uint, uint, uint, uint)" => "void GetDimensions(out uint width, out uint height, out uint elements, out uint numberOfSamples)";
}

/// A sampler argument is one argument too many: no overload of a combined image sampler
/// takes one.
#[test]
fn a_sampler_argument_matches_nothing() {
    for call in [
        "vk::SampledTexture2D<float4>.Sample(SamplerState, float2)",
        "vk::SampledTexture2D<float>.SampleCmp(SamplerComparisonState, float2, 0.5)",
        "vk::SampledTexture2D<float4>.CalculateLevelOfDetail(SamplerState, float2)",
    ] {
        let got = common::call(call);
        assert!(got.starts_with("error: "), "{call} resolved to {got}");
    }
}

/// The spelling hover and diagnostics show: DXC's, with the cube forms in capitals.
#[test]
fn spelled_as_dxc_declares_them() {
    for (s, shown) in [
        (
            "vk::SampledTexture2D<float4>",
            "vk::SampledTexture2D<float4>",
        ),
        (
            "vk::SampledTextureCube<float>",
            "vk::SampledTextureCUBE<float>",
        ),
        (
            "vk::SampledTextureCubeArray<uint2>",
            "vk::SampledTextureCUBEArray<uint2>",
        ),
    ] {
        assert_eq!(common::parse_type(s).to_string(), shown);
    }
}
