//! Resource methods: each family per resource kind.

mod common;

cases! {
    tex2d_sample: "Texture2D<float4>.Sample(SamplerState, float2)" => "float4 Sample(SamplerState s, float2 location)";
    tex2d_sample_offset: "Texture2D<float4>.Sample(SamplerState, float2, int2)" => "float4 Sample(SamplerState s, float2 location, int2 offset)";
    tex2d_sample_clamp_status: "Texture2D<float4>.Sample(SamplerState, float2, int2, float, uint)" => "float4 Sample(SamplerState s, float2 location, int2 offset, float clamp, out uint status)";
    tex1d_sample_scalar_coord: "Texture1D<float>.Sample(SamplerState, 0.5)" => "float Sample(SamplerState s, float location)";
    tex1darray_sample: "Texture1DArray<float2>.Sample(SamplerState, float2)" => "float2 Sample(SamplerState s, float2 location)";
    tex2darray_sample: "Texture2DArray<float4>.Sample(SamplerState, float3, int2)" => "float4 Sample(SamplerState s, float3 location, int2 offset)";
    tex3d_sample_offset: "Texture3D<float4>.Sample(SamplerState, float3, int3)" => "float4 Sample(SamplerState s, float3 location, int3 offset)";
    cube_sample_clamp: "TextureCube<float4>.Sample(SamplerState, float3, float)" => "float4 Sample(SamplerState s, float3 location, float clamp)";
    cubearray_sample: "TextureCubeArray<float4>.Sample(SamplerState, float4)" => "float4 Sample(SamplerState s, float4 location)";
    tex2d_sample_bias: "Texture2D<float4>.SampleBias(SamplerState, float2, -1.0)" => "float4 SampleBias(SamplerState s, float2 location, float bias)";
    tex2d_sample_level: "Texture2D<float3>.SampleLevel(SamplerState, float2, 0)" => "float3 SampleLevel(SamplerState s, float2 location, float lod)";
    tex2d_sample_level_offset: "Texture2D<float4>.SampleLevel(SamplerState, float2, 0, int2)" => "float4 SampleLevel(SamplerState s, float2 location, float lod, int2 offset)";
    tex2d_sample_grad: "Texture2D<float4>.SampleGrad(SamplerState, float2, float2, float2)" => "float4 SampleGrad(SamplerState s, float2 location, float2 ddx, float2 ddy)";
    cube_sample_grad: "TextureCube<float4>.SampleGrad(SamplerState, float3, float3, float3)" => "float4 SampleGrad(SamplerState s, float3 location, float3 ddx, float3 ddy)";
    tex2d_sample_cmp: "Texture2D<float>.SampleCmp(SamplerComparisonState, float2, float)" => "float SampleCmp(SamplerComparisonState s, float2 location, float compareValue)";
    tex2d_sample_cmp_level_zero: "Texture2D<float>.SampleCmpLevelZero(SamplerComparisonState, float2, 0.5)" => "float SampleCmpLevelZero(SamplerComparisonState s, float2 location, float compareValue)";
    tex2darray_sample_cmp_level: "Texture2DArray<float>.SampleCmpLevel(SamplerComparisonState, float3, 0.5, 1.0)" => "float SampleCmpLevel(SamplerComparisonState s, float3 location, float compareValue, float lod)";
    half_texture_cmp_returns_half: "Texture2D<half4>.SampleCmpLevelZero(SamplerComparisonState, float2, 0.5)" => "half SampleCmpLevelZero(SamplerComparisonState s, float2 location, float compareValue)";
    tex2d_gather: "Texture2D<float4>.Gather(SamplerState, float2)" => "float4 Gather(SamplerState s, float2 location)";
    tex2d_gather_uint: "Texture2D<uint>.GatherRed(SamplerState, float2, int2)" => "uint4 GatherRed(SamplerState s, float2 location, int2 offset)";
    tex2d_gather_four_offsets: "Texture2D<float4>.GatherGreen(SamplerState, float2, int2, int2, int2, int2)" => "float4 GatherGreen(SamplerState s, float2 location, int2 offset1, int2 offset2, int2 offset3, int2 offset4)";
    cube_gather_alpha: "TextureCube<float4>.GatherAlpha(SamplerState, float3)" => "float4 GatherAlpha(SamplerState s, float3 location)";
    tex2d_gather_cmp: "Texture2D<float>.GatherCmp(SamplerComparisonState, float2, float)" => "float4 GatherCmp(SamplerComparisonState s, float2 location, float compareValue)";
    tex2darray_gather_cmp_blue: "Texture2DArray<float>.GatherCmpBlue(SamplerComparisonState, float3, float, int2)" => "float4 GatherCmpBlue(SamplerComparisonState s, float3 location, float compareValue, int2 offset)";
    tex2d_load_mip: "Texture2D<float4>.Load(int3)" => "float4 Load(int3 location)";
    tex2d_load_offset_status: "Texture2D<float4>.Load(int3, int2, uint)" => "float4 Load(int3 location, int2 offset, out uint status)";
    tex1d_load: "Texture1D<float4>.Load(int2)" => "float4 Load(int2 location)";
    tex2darray_load: "Texture2DArray<float4>.Load(int4)" => "float4 Load(int4 location)";
    tex3d_load_offset: "Texture3D<float>.Load(int4, int3)" => "float Load(int4 location, int3 offset)";
    tex2dms_load: "Texture2DMS<float4>.Load(int2, 3)" => "float4 Load(int2 location, int sampleIndex)";
    tex2dmsarray_load_offset: "Texture2DMSArray<float4>.Load(int3, 0, int2)" => "float4 Load(int3 location, int sampleIndex, int2 offset)";
    tex2d_index: "Texture2D<float4>.operator[](uint2)" => "float4 operator[](uint2 pos)";
    tex2d_mips: "Texture2D<float4>.mips(0, uint2)" => "float4 mips(uint mipLevel, uint2 pos)";
    tex2dms_sample_index: "Texture2DMS<float4>.sample(1, uint2)" => "float4 sample(uint sampleIndex, uint2 pos)";
    tex2d_dims_no_mip: "Texture2D<float4>.GetDimensions(uint, uint)" => "void GetDimensions(out uint width, out uint height)";
    tex2d_dims_mip: "Texture2D<float4>.GetDimensions(0, uint, uint, uint)" => "void GetDimensions(uint mipLevel, out uint width, out uint height, out uint numberOfLevels)";
    tex2d_dims_float: "Texture2D<float4>.GetDimensions(0, float, float, float)" => "void GetDimensions(uint mipLevel, out float width, out float height, out float numberOfLevels)";
    // An `int` lvalue takes a `uint` back better than a `float` (DXC; the Vulkan samples
    // write sizes into `int2` components).
    tex2d_dims_int_outs: "Texture2D<float4>.GetDimensions(int, int)" => "void GetDimensions(out uint width, out uint height)";
    tex2darray_dims_int_outs_mip: "Texture2DArray<float4>.GetDimensions(0, int, int, int, int)" => "void GetDimensions(uint mipLevel, out uint width, out uint height, out uint elements, out uint numberOfLevels)";
    tex1d_dims: "Texture1D<float4>.GetDimensions(uint)" => "void GetDimensions(out uint width)";
    tex2darray_dims: "Texture2DArray<float4>.GetDimensions(uint, uint, uint)" => "void GetDimensions(out uint width, out uint height, out uint elements)";
    tex3d_dims_mip: "Texture3D<float4>.GetDimensions(0, uint, uint, uint, uint)" => "void GetDimensions(uint mipLevel, out uint width, out uint height, out uint depth, out uint numberOfLevels)";
    cubearray_dims: "TextureCubeArray<float4>.GetDimensions(uint, uint, uint)" => "void GetDimensions(out uint width, out uint height, out uint elements)";
    tex2dms_dims: "Texture2DMS<float4>.GetDimensions(uint, uint, uint)" => "void GetDimensions(out uint width, out uint height, out uint numberOfSamples)";
    tex2d_lod: "Texture2D<float4>.CalculateLevelOfDetail(SamplerState, float2)" => "float CalculateLevelOfDetail(SamplerState s, float2 location)";
    tex2d_lod_comparison_sampler: "Texture2D<float4>.CalculateLevelOfDetail(SamplerComparisonState, float2)" => "float CalculateLevelOfDetail(SamplerComparisonState s, float2 location)";
    half_texture_gather_cmp: "Texture2D<half>.GatherCmpRed(SamplerComparisonState, float2, 0.5)" => "half4 GatherCmpRed(SamplerComparisonState s, float2 location, float compareValue)";
    tex2darray_lod_unclamped: "Texture2DArray<float4>.CalculateLevelOfDetailUnclamped(SamplerState, float2)" => "float CalculateLevelOfDetailUnclamped(SamplerState s, float2 location)";
    rwtex2d_load: "RWTexture2D<float4>.Load(int2)" => "float4 Load(int2 location)";
    rwtex2d_load_status: "RWTexture2D<float4>.Load(int2, uint)" => "float4 Load(int2 location, out uint status)";
    rwtex3d_index: "RWTexture3D<uint>.operator[](uint3)" => "uint operator[](uint3 pos)";
    rwtex2darray_dims: "RWTexture2DArray<float>.GetDimensions(uint, uint, uint)" => "void GetDimensions(out uint width, out uint height, out uint elements)";
    rov_texture_load: "RasterizerOrderedTexture2D<float4>.Load(int2)" => "float4 Load(int2 location)";
    buffer_load: "Buffer<float4>.Load(int)" => "float4 Load(int location)";
    buffer_load_status: "Buffer<uint2>.Load(0, uint)" => "uint2 Load(int location, out uint status)";
    buffer_index: "Buffer<float>.operator[](uint)" => "float operator[](uint index)";
    rwbuffer_dims: "RWBuffer<int>.GetDimensions(uint)" => "void GetDimensions(out uint dim)";
    structured_load: "StructuredBuffer<S>.Load(0)" => "S Load(int location)";
    structured_index: "StructuredBuffer<S>.operator[](uint)" => "S operator[](uint index)";
    structured_dims: "StructuredBuffer<S>.GetDimensions(uint, uint)" => "void GetDimensions(out uint numStructs, out uint stride)";
    rwstructured_increment: "RWStructuredBuffer<S>.IncrementCounter()" => "uint IncrementCounter()";
    rwstructured_decrement: "RWStructuredBuffer<float4>.DecrementCounter()" => "uint DecrementCounter()";
    append_append: "AppendStructuredBuffer<S>.Append(S)" => "void Append(S value)";
    consume_consume: "ConsumeStructuredBuffer<float4>.Consume()" => "float4 Consume()";
    byte_address_load: "ByteAddressBuffer.Load(0)" => "uint Load(uint address)";
    byte_address_load2: "ByteAddressBuffer.Load2(uint)" => "uint2 Load2(uint address)";
    byte_address_load4_status: "ByteAddressBuffer.Load4(16, uint)" => "uint4 Load4(uint address, out uint status)";
    byte_address_load_templated: "ByteAddressBuffer.Load<float3x3>(0)" => "float3x3 Load(uint address)";
    byte_address_load_templated_struct: "RWByteAddressBuffer.Load<S>(uint)" => "S Load(uint address)";
    byte_address_dims: "ByteAddressBuffer.GetDimensions(uint)" => "void GetDimensions(out uint dim)";
    rwbyte_store: "RWByteAddressBuffer.Store(0, uint)" => "void Store(uint address, uint value)";
    rwbyte_store_literal: "RWByteAddressBuffer.Store(0, 1)" => "void Store(uint address, uint value)";
    rwbyte_store3: "RWByteAddressBuffer.Store3(0, uint3)" => "void Store3(uint address, uint3 value)";
    rwbyte_store_templated_float: "RWByteAddressBuffer.Store(0, float4)" => "void Store(uint address, float4 value)";
    rwbyte_store_templated_struct: "RWByteAddressBuffer.Store(0, S)" => "void Store(uint address, S value)";
    rwbyte_store_explicit_template: "RWByteAddressBuffer.Store<half2>(0, half2)" => "void Store(uint address, half2 value)";
    rwbyte_interlocked_add: "RWByteAddressBuffer.InterlockedAdd(0, 1)" => "void InterlockedAdd(uint dest, uint value)";
    rwbyte_interlocked_min_signed: "RWByteAddressBuffer.InterlockedMin(0, int, uint)" => "void InterlockedMin(uint dest, int value, out uint original)";
    rwbyte_interlocked_max_unsigned: "RWByteAddressBuffer.InterlockedMax(0, uint)" => "void InterlockedMax(uint dest, uint value)";
    rwbyte_interlocked_add_original: "RWByteAddressBuffer.InterlockedAdd(0, uint, uint)" => "void InterlockedAdd(uint dest, uint value, out uint original)";
    rwbyte_interlocked_add64: "RWByteAddressBuffer.InterlockedAdd64(0, uint64_t, uint64_t)" => "void InterlockedAdd64(uint dest, uint64_t value, out uint64_t original)";
    rwbyte_cmpxchg: "RWByteAddressBuffer.InterlockedCompareExchange(0, uint, uint, uint)" => "void InterlockedCompareExchange(uint dest, uint compare, uint value, out uint original)";
    rwbyte_exchange_float: "RWByteAddressBuffer.InterlockedExchangeFloat(0, float, float)" => "void InterlockedExchangeFloat(uint dest, float value, out float original)";
    stream_append: "TriangleStream<S>.Append(S)" => "void Append(S vertex)";
    stream_restart: "PointStream<float4>.RestartStrip()" => "void RestartStrip()";
    input_patch_index: "InputPatch<S, 3>.operator[](uint)" => "S operator[](uint index)";
    output_patch_index: "OutputPatch<float4, 4>.operator[](0)" => "float4 operator[](uint index)";
}

cases! {
    tex2dms_sample_position: "Texture2DMS<float4>.GetSamplePosition(0)" => "float2 GetSamplePosition(int sampleIndex)";
}

cases! {
    tex2d_gather_raw: "Texture2D<uint>.GatherRaw(SamplerState, float2)" => "uint4 GatherRaw(SamplerState s, float2 location)";
    tex2darray_gather_raw_16: "Texture2DArray<uint16_t>.GatherRaw(SamplerState, float3, int2)" => "uint16_t4 GatherRaw(SamplerState s, float3 location, int2 offset)";
    tex2d_gather_raw_64: "Texture2D<uint64_t>.GatherRaw(SamplerState, float2, int2, uint)" => "uint64_t4 GatherRaw(SamplerState s, float2 location, int2 offset, out uint status)";
    cube_has_no_gather_raw: "TextureCube<uint>.GatherRaw(SamplerState, float3)" => "error: `TextureCube<uint>` has no method `GatherRaw`";
}

/// DXC accepts a longer vector for a fixed-type parameter and truncates it with a warning;
/// `Resolved::truncated` lists those arguments.
#[test]
fn fixed_parameters_truncate_longer_vectors() {
    use intrinsics::{resolve_call, resolve_method, ArgType};
    use types::{ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
    let tex = Type::resource(ResourceType::Texture {
        dim: TextureDim::D2,
        access: TextureAccess::ReadOnly,
        sample: Type::vector(ScalarKind::Float, 4),
    });
    let s = ArgType::Type(Type::resource(ResourceType::Sampler { comparison: false }));
    let f4 = ArgType::Type(Type::vector(ScalarKind::Float, 4));
    let r = resolve_method(&tex, "Sample", &[s.clone(), f4.clone()]).unwrap();
    assert_eq!(
        r.signature_text(),
        "float4 Sample(SamplerState s, float2 location)"
    );
    assert_eq!(r.truncated, [1]);
    let f2 = ArgType::Type(Type::vector(ScalarKind::Float, 2));
    let r = resolve_method(&tex, "SampleLevel", &[s, f2, f4.clone()]).unwrap();
    assert_eq!(r.truncated, [2]);
    assert_eq!(r.params[2].ty, Type::FLOAT);
    // Vectors bound to one template meet at the shortest, the longer ones truncating (DXC
    // warns and takes `lerp(float4, float3, float3)` as a `float3` lerp).
    let f3 = ArgType::Type(Type::vector(ScalarKind::Float, 3));
    let r = resolve_call("lerp", &[f4.clone(), f3.clone(), f3.clone()]).unwrap();
    assert_eq!(
        r.signature_text(),
        "float3 lerp(float3 x, float3 y, float3 s)"
    );
    assert_eq!(r.truncated, [0]);
    // So do the lengths of `T<n>`: `dot(float4, float3)` is a three-component dot product...
    let r = resolve_call("dot", &[f4.clone(), f3.clone()]).unwrap();
    assert_eq!(r.signature_text(), "float dot(float3 a, float3 b)");
    assert_eq!(r.truncated, [0]);
    // ...and a vector longer than a matrix's inner size truncates to it, while a matrix
    // never shrinks to fit a shorter vector.
    let m33 = ArgType::Type(Type::matrix(ScalarKind::Float, 3, 3));
    let r = resolve_call("mul", &[m33.clone(), f4.clone()]).unwrap();
    assert_eq!(r.signature_text(), "float3 mul(float3x3 a, float3 b)");
    assert_eq!(r.truncated, [1]);
    let m44 = ArgType::Type(Type::matrix(ScalarKind::Float, 4, 4));
    assert!(resolve_call("mul", &[m44, f3.clone()]).is_err());
    // An exact overload beats a truncating one.
    let u4 = ArgType::Type(Type::vector(ScalarKind::Uint, 4));
    let r = resolve_call("AddUint64", &[u4.clone(), u4]).unwrap();
    assert!(r.truncated.is_empty());
    let u3 = ArgType::Type(Type::vector(ScalarKind::Uint, 3));
    let r = resolve_call("AddUint64", &[u3.clone(), u3]).unwrap();
    assert_eq!(r.signature_text(), "uint2 AddUint64(uint2 a, uint2 b)");
    assert_eq!(r.truncated, [0, 1]);
}

cases! {
    feedback_write: "FeedbackTexture2D.WriteSamplerFeedback(Texture2D<float4>, SamplerState, float2)" => "void WriteSamplerFeedback(Texture2D<float4> t, SamplerState s, float2 location)";
    feedback_write_any_element: "FeedbackTexture2D.WriteSamplerFeedbackLevel(Texture2D<uint>, SamplerState, float2, 0)" => "void WriteSamplerFeedbackLevel(Texture2D<uint> t, SamplerState s, float2 location, float lod)";
    feedback_array_grad_clamp: "FeedbackTexture2DArray.WriteSamplerFeedbackGrad(Texture2DArray<float4>, SamplerState, float3, float2, float2, 1.0)" => "void WriteSamplerFeedbackGrad(Texture2DArray<float4> t, SamplerState s, float3 location, float2 ddx, float2 ddy, float clamp)";
    feedback_needs_matching_texture: "FeedbackTexture2D.WriteSamplerFeedbackBias(Texture2DArray<float4>, SamplerState, float2, 0.5)" => "error: no overload of `WriteSamplerFeedbackBias` takes (Texture2DArray<float4>, SamplerState, float2, literal float)\n  candidate: void WriteSamplerFeedbackBias(Texture2D t, SamplerState s, float2 location, float bias)";
}
