//! Snapshot tests of Vulkan's combined image samplers (`vk::SampledTexture*`): the global is
//! one `uniform_constant` resource, and its sampling instructions name it as both the texture
//! and the sampler operand (`ir::texture`); loads and size queries read it like a texture.
//! Each dump verified.

mod common;

use expect_test::expect;
use lower::ShaderStage;

#[test]
fn sampling_names_the_texture_twice() {
    let text = r#"
vk::SampledTexture2D<float4> tex : register(t2);
vk::SampledTexture2D<float> depth : register(t3);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float4 c = tex.Sample(uv, int2(1, -1));
    c += tex.SampleLevel(uv, 1.5);
    c.x += depth.SampleCmp(uv, 0.25);
    c += tex.GatherBlue(uv);
    c.y += tex.CalculateLevelOfDetail(uv);
    return c;
}
"#;
    expect![[r#"
        @g0 = input float2 location(0) ; in.TEXCOORD0
        @g1 = output float4 location(0) ; out.SV_Target
        @g2 = resource uniform_constant vk::SampledTexture2D<float4> set(0) binding(2) ; tex
        @g3 = resource uniform_constant vk::SampledTexture2D<float> set(0) binding(3) ; depth

        func @main_body(%arg0: float2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; uv
          %1 = alloca : ptr<function, float4> ; c
          store %0, %arg0
          %2 = load %0 : float2
          %3 = texture_sample @g2, @g2, %2, offset(1, -1) : float4
          store %1, %3
          %4 = load %1 : float4
          %5 = load %0 : float2
          %6 = texture_sample_level @g2, @g2, %5, 1.5:float : float4
          %7 = add %4, %6 : float4
          store %1, %7
          %8 = load %1 : float4
          %9 = composite_extract %8, [0] : float
          %10 = load %0 : float2
          %11 = texture_sample_compare @g3, @g3, %10, 0.25:float : float
          %12 = add %9, %11 : float
          %13 = load %1 : float4
          %14 = composite_insert %13, %12, [0] : float4
          store %1, %14
          %15 = load %1 : float4
          %16 = load %0 : float2
          %17 = texture_gather @g2, @g2, %16, component(2) : float4
          %18 = add %15, %17 : float4
          store %1, %18
          %19 = load %1 : float4
          %20 = composite_extract %19, [1] : float
          %21 = load %0 : float2
          %22 = texture_query_lod @g2, @g2, %21 : float2
          %23 = composite_extract %22, [0] : float
          %24 = add %20, %23 : float
          %25 = load %1 : float4
          %26 = composite_insert %25, %24, [1] : float4
          store %1, %26
          %27 = load %1 : float4
          ret %27
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : float2
          %1 = call @main_body(%0) : float4
          store @g1, %1
          ret
        }

        entry pixel "main" @main inputs(@g0) outputs(@g1)
    "#]]
    .assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Pixel,
    )));
}

#[test]
fn loads_and_queries_read_the_texture() {
    let text = r#"
vk::SampledTexture2DArray<uint2> layers : register(t0);
RWStructuredBuffer<uint4> output : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint w, h, n;
    layers.GetDimensions(w, h, n);
    output[0] = uint4(layers.Load(int4(1, 2, 3, 0)), layers[uint3(0, 1, 2)]) + uint4(w, h, n, 0);
}
"#;
    expect![[r#"
        @g0 = resource uniform_constant vk::SampledTexture2DArray<uint2> set(0) binding(0) ; layers
        @g1 = resource storage_buffer RWStructuredBuffer<uint4> set(0) binding(0) layout(relaxed_std430) ; output

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; w
          %1 = alloca : ptr<function, uint> ; h
          %2 = alloca : ptr<function, uint> ; n
          %3 = texture_query_size @g0, 0:uint : uint3
          %4 = composite_extract %3, [0] : uint
          store %0, %4
          %5 = composite_extract %3, [1] : uint
          store %1, %5
          %6 = composite_extract %3, [2] : uint
          store %2, %6
          %7 = access_chain @g1, 0:int : ptr<storage_buffer, uint4>
          %8 = composite_construct 1:int, 2:int, 3:int, 0:int : int4
          %9 = swizzle %8, xyz : int3
          %10 = composite_extract %8, [3] : int
          %11 = texture_load @g0, %9, %10 : uint2
          %12 = composite_construct 0:uint, 1:uint, 2:uint : uint3
          %13 = texture_load @g0, %12, 0:uint : uint2
          %14 = composite_construct %11, %13 : uint4
          %15 = load %0 : uint
          %16 = load %1 : uint
          %17 = load %2 : uint
          %18 = composite_construct %15, %16, %17, 0:uint : uint4
          %19 = add %14, %18 : uint4
          store %7, %19
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Compute,
    )));
}
