mod common;
#[test]
fn smoke() {
    for c in [
        "lerp(float3, float3, float)", "max(float, 0)", "max(1, 2)", "max(int, 0.5)", "sin(1)", "mul(float4, float4x4)",
        "mul(float4x4, float4)", "mul(float3x4, float4x2)", "mul(float, float)", "mul(float, float3)", "dot(float3, float3)",
        "lerp(float3, float2, float)", "firstbithigh(float)", "firstbithigh(5)", "abs()", "foo(1)", "sin(bool3)",
        "asuint(double, uint, uint)", "InterlockedAdd(int, 1)", "InterlockedAdd(float, 1)", "InterlockedAdd(uint64_t, 1, uint64_t)",
        "printf(\"x\", float, 1)", "TraceRay(RaytracingAccelerationStructure, uint, uint, uint, uint, uint, RayDesc, S)",
        "Texture2D<float4>.Sample(SamplerState, float2)", "Texture2DArray<float4>.Sample(SamplerState, float3, int2)",
        "Texture2D<float4>.GetDimensions(uint, uint, uint, uint)", "Texture2D<float4>.GetDimensions(float, float)",
        "TextureCube<float4>.GatherRed(SamplerState, float3)", "ByteAddressBuffer.Load<float4>(uint)",
        "RWByteAddressBuffer.Store(uint, S)", "RWByteAddressBuffer.Store(uint, 1)", "transpose(float3x4)", "determinant(float3x3)",
        "select(bool3, float3, float)", "length(float3)", "cross(float3, float3)", "Texture2DMS<float4>.Load(int2, int)",
        "RayQuery.TraceRayInline(RaytracingAccelerationStructure, uint, uint, RayDesc)",
    ] {
        println!("{c:70} {}", common::call(c));
    }
}
