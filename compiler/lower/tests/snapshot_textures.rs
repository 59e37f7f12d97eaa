//! Snapshot tests of texture access: loads with offsets and the mips/sample properties, storage
//! textures and their atomics, sampling with constant offsets, comparisons, gathers, LOD queries,
//! multisampled textures, resource locals and array elements passed to functions; each dump
//! verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

/// The verified dump of `main` lowered for `stage`.
fn check_stage(text: &str, stage: ShaderStage, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(text, stage)));
}

fn check(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Compute, expect);
}

fn check_ps(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Pixel, expect);
}

#[test]
fn storage_texture_load_and_store() {
    check(
        r#"
[[vk::image_format("rgba8")]] RWTexture2D<float4> Img : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Img[id.xy] = Img[id.xy].wzyx;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform_constant RWTexture2D<float4> set(0) binding(0) format(rgba8) ; Img

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = swizzle %1, xy : uint2
              %3 = load %0 : uint3
              %4 = swizzle %3, xy : uint2
              %5 = texture_load @g1, %4 : float4
              %6 = swizzle %5, wzyx : float4
              texture_store @g1, %2, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(8, 8, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn texture_load_with_offset() {
    check(
        r#"
Texture2D<float4> Src : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Src.Load(int3(id.xy, 1), int2(-1, 2));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Src

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %2 = load %0 : uint3
              %3 = swizzle %2, xy : uint2
              %4 = convert %3 : int2
              %5 = composite_construct %4, 1:int : int3
              %6 = swizzle %5, xy : int2
              %7 = composite_extract %5, [2] : int
              %8 = texture_load @g2, %6, %7, offset(-1, 2) : float4
              store %1, %8
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn texture_mips_property() {
    check(
        r#"
Texture2D<float> Src : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Src.mips[2][id.xy];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant Texture2D<float> set(0) binding(0) ; Src

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %2 = load %0 : uint3
              %3 = swizzle %2, xy : uint2
              %4 = texture_load @g2, %3, 2:uint : float
              store %1, %4
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn atomic_on_storage_texture() {
    check(
        r#"
RWTexture2D<uint> Counts : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    InterlockedAdd(Counts[id.xy / 2], 1);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform_constant RWTexture2D<uint> set(0) binding(0) ; Counts

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = swizzle %1, xy : uint2
              %3 = div %2, {2, 2}:uint2 : uint2
              %4 = atomic_rmw add @g1, %3, 1:uint : uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(8, 8, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn sample_with_offset() {
    check_ps(
        r#"
Texture2D<float4> Tex : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return Tex.Sample(S, uv, int2(1, -1));
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Tex
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              %1 = load %0 : float2
              %2 = texture_sample @g2, @g3, %1, offset(1, -1) : float4
              ret %2
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn sample_level_bias_grad_with_offsets() {
    check_ps(
        r#"
Texture2D<float4> Tex : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return Tex.SampleLevel(S, uv, 2, int2(0, 1)) + Tex.SampleBias(S, uv, -1, int2(2, 0))
        + Tex.SampleGrad(S, uv, ddx(uv), ddy(uv), int2(1, 1));
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Tex
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              %1 = load %0 : float2
              %2 = texture_sample_level @g2, @g3, %1, 2.0:float, offset(0, 1) : float4
              %3 = load %0 : float2
              %4 = texture_sample_bias @g2, @g3, %3, -1.0:float, offset(2, 0) : float4
              %5 = add %2, %4 : float4
              %6 = load %0 : float2
              %7 = load %0 : float2
              %8 = call_intrinsic ddx(%7) : float2
              %9 = load %0 : float2
              %10 = call_intrinsic ddy(%9) : float2
              %11 = texture_sample_grad @g2, @g3, %6, %8, %10, offset(1, 1) : float4
              %12 = add %5, %11 : float4
              ret %12
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn sample_compare_forms() {
    check_ps(
        r#"
Texture2D<float> Depth : register(t0);
SamplerComparisonState Cmp : register(s0);
float4 main(float2 uv : TEXCOORD0, float z : DEPTH) : SV_Target {
    return Depth.SampleCmp(Cmp, uv, z) + Depth.SampleCmpLevelZero(Cmp, uv, z, int2(1, 0));
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = input float location(1) ; in.DEPTH
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = resource uniform_constant Texture2D<float> set(0) binding(0) ; Depth
            @g4 = resource uniform_constant SamplerComparisonState set(0) binding(0) ; Cmp

            func @main_body(%arg0: float2, %arg1: float) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, float> ; z
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : float2
              %3 = load %1 : float
              %4 = texture_sample_compare @g3, @g4, %2, %3 : float
              %5 = load %0 : float2
              %6 = load %1 : float
              %7 = texture_sample_compare_level_zero @g3, @g4, %5, %6, offset(1, 0) : float
              %8 = add %4, %7 : float
              %9 = composite_construct %8, %8, %8, %8 : float4
              ret %9
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = load @g1 : float
              %2 = call @main_body(%0, %1) : float4
              store @g2, %2
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn sample_compare_level_zero_array_with_offset() {
    check_ps(
        r#"
Texture2DArray<float> Shadow : register(t0);
SamplerComparisonState Cmp : register(s0);
float4 main(float3 uvw : TEXCOORD0) : SV_Target {
    return Shadow.SampleCmpLevelZero(Cmp, uvw, 0.5, int2(-1, 1));
}
"#,
        expect![[r#"
            @g0 = input float3 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2DArray<float> set(0) binding(0) ; Shadow
            @g3 = resource uniform_constant SamplerComparisonState set(0) binding(0) ; Cmp

            func @main_body(%arg0: float3) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; uvw
              store %0, %arg0
              %1 = load %0 : float3
              %2 = texture_sample_compare_level_zero @g2, @g3, %1, 0.5:float, offset(-1, 1) : float
              %3 = composite_construct %2, %2, %2, %2 : float4
              ret %3
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float3
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn sample_cube_and_volume() {
    check_ps(
        r#"
TextureCube<float4> Env : register(t0);
Texture3D<float> Volume : register(t1);
SamplerState S : register(s0);
float4 main(float3 dir : TEXCOORD0) : SV_Target {
    return Env.SampleLevel(S, dir, 0) * Volume.Sample(S, dir);
}
"#,
        expect![[r#"
            @g0 = input float3 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant TextureCube<float4> set(0) binding(0) ; Env
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S
            @g4 = resource uniform_constant Texture3D<float> set(0) binding(1) ; Volume

            func @main_body(%arg0: float3) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; dir
              store %0, %arg0
              %1 = load %0 : float3
              %2 = texture_sample_level @g2, @g3, %1, 0.0:float : float4
              %3 = load %0 : float3
              %4 = texture_sample @g4, @g3, %3 : float
              %5 = composite_construct %4, %4, %4, %4 : float4
              %6 = mul %2, %5 : float4
              ret %6
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float3
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn gather_components() {
    check(
        r#"
Texture2D<float4> Color : register(t0);
SamplerState Point : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = id.xy / 64.0;
    Out[0] = Color.Gather(Point, uv) + Color.GatherRed(Point, uv) + Color.GatherGreen(Point, uv)
        + Color.GatherBlue(Point, uv) + Color.GatherAlpha(Point, uv);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Color
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; Point

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = swizzle %2, xy : uint2
              %4 = convert %3 : float2
              %5 = div %4, {64.0, 64.0}:float2 : float2
              store %1, %5
              %6 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %7 = load %1 : float2
              %8 = texture_gather @g2, @g3, %7, component(0) : float4
              %9 = load %1 : float2
              %10 = texture_gather @g2, @g3, %9, component(0) : float4
              %11 = add %8, %10 : float4
              %12 = load %1 : float2
              %13 = texture_gather @g2, @g3, %12, component(1) : float4
              %14 = add %11, %13 : float4
              %15 = load %1 : float2
              %16 = texture_gather @g2, @g3, %15, component(2) : float4
              %17 = add %14, %16 : float4
              %18 = load %1 : float2
              %19 = texture_gather @g2, @g3, %18, component(3) : float4
              %20 = add %17, %19 : float4
              store %6, %20
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn gather_with_offset() {
    check(
        r#"
Texture2D<float> Depth : register(t0);
SamplerState Point : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Depth.Gather(Point, float2(0.5, 0.5), int2(1, 1));
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform_constant Texture2D<float> set(0) binding(0) ; Depth
            @g2 = resource uniform_constant SamplerState set(0) binding(0) ; Point

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %1 = composite_construct 0.5:float, 0.5:float : float2
              %2 = texture_gather @g1, @g2, %1, component(0), offset(1, 1) : float4
              store %0, %2
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn gather_compare() {
    check(
        r#"
Texture2D<float> Depth : register(t0);
SamplerComparisonState Cmp : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Depth.GatherCmp(Cmp, float2(0.5, 0.5), 0.25)
        + Depth.GatherCmpRed(Cmp, float2(0.5, 0.5), 0.25, int2(-1, 0));
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform_constant Texture2D<float> set(0) binding(0) ; Depth
            @g2 = resource uniform_constant SamplerComparisonState set(0) binding(0) ; Cmp

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %1 = composite_construct 0.5:float, 0.5:float : float2
              %2 = texture_gather_compare @g1, @g2, %1, 0.25:float : float4
              %3 = composite_construct 0.5:float, 0.5:float : float2
              %4 = texture_gather_compare @g1, @g2, %3, 0.25:float, offset(-1, 0) : float4
              %5 = add %2, %4 : float4
              store %0, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn calculate_level_of_detail() {
    check_ps(
        r#"
Texture2D<float4> Tex : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float a = Tex.CalculateLevelOfDetail(S, uv);
    float b = Tex.CalculateLevelOfDetailUnclamped(S, uv);
    return float4(a, b, 0, 1);
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Tex
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, float> ; a
              %2 = alloca : ptr<function, float> ; b
              store %0, %arg0
              %3 = load %0 : float2
              %4 = texture_query_lod @g2, @g3, %3 : float2
              %5 = composite_extract %4, [0] : float
              store %1, %5
              %6 = load %0 : float2
              %7 = texture_query_lod @g2, @g3, %6 : float2
              %8 = composite_extract %7, [1] : float
              store %2, %8
              %9 = load %1 : float
              %10 = load %2 : float
              %11 = composite_construct %9, %10, 0.0:float, 1.0:float : float4
              ret %11
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn multisampled_load_and_dimensions() {
    check_ps(
        r#"
Texture2DMS<float4> Color : register(t0);
float4 main(float4 pos : SV_Position, uint s : SV_SampleIndex) : SV_Target {
    uint w, h, n;
    Color.GetDimensions(w, h, n);
    return Color.Load(int2(pos.xy), s) / n + w * h;
}
"#,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input uint builtin(SampleId) nointerpolation ; in.SV_SampleIndex
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = resource uniform_constant Texture2DMS<float4> set(0) binding(0) ; Color

            func @main_body(%arg0: float4, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              %1 = alloca : ptr<function, uint> ; s
              %2 = alloca : ptr<function, uint> ; w
              %3 = alloca : ptr<function, uint> ; h
              %4 = alloca : ptr<function, uint> ; n
              store %0, %arg0
              store %1, %arg1
              %5 = texture_query_size @g3 : uint2
              %6 = composite_extract %5, [0] : uint
              store %2, %6
              %7 = composite_extract %5, [1] : uint
              store %3, %7
              %8 = texture_query_samples @g3 : uint
              store %4, %8
              %9 = load %0 : float4
              %10 = swizzle %9, xy : float2
              %11 = convert %10 : int2
              %12 = load %1 : uint
              %13 = convert %12 : int
              %14 = texture_load @g3, %11, %13 : float4
              %15 = load %4 : uint
              %16 = convert %15 : float
              %17 = composite_construct %16, %16, %16, %16 : float4
              %18 = div %14, %17 : float4
              %19 = load %2 : uint
              %20 = load %3 : uint
              %21 = mul %19, %20 : uint
              %22 = convert %21 : float
              %23 = composite_construct %22, %22, %22, %22 : float4
              %24 = add %18, %23 : float4
              ret %24
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : uint
              %2 = call @main_body(%0, %1) : float4
              store @g2, %2
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn multisampled_sample_property() {
    check_ps(
        r#"
Texture2DMS<float> Depth : register(t0);
float4 main(float4 pos : SV_Position) : SV_Target {
    return Depth.sample[3][uint2(pos.xy)];
}
"#,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2DMS<float> set(0) binding(0) ; Depth

            func @main_body(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              store %0, %arg0
              %1 = load %0 : float4
              %2 = swizzle %1, xy : float2
              %3 = convert %2 : uint2
              %4 = texture_load @g2, %3, 3:uint : float
              %5 = composite_construct %4, %4, %4, %4 : float4
              ret %5
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn multisampled_array_dimensions() {
    check_ps(
        r#"
Texture2DMSArray<float4> Layers : register(t0);
float4 main() : SV_Target {
    uint w, h, e, n;
    Layers.GetDimensions(w, h, e, n);
    return float4(w, h, e, n);
}
"#,
        expect![[r#"
            @g0 = output float4 location(0) ; out.SV_Target
            @g1 = resource uniform_constant Texture2DMSArray<float4> set(0) binding(0) ; Layers

            func @main_body() -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; w
              %1 = alloca : ptr<function, uint> ; h
              %2 = alloca : ptr<function, uint> ; e
              %3 = alloca : ptr<function, uint> ; n
              %4 = texture_query_size @g1 : uint3
              %5 = composite_extract %4, [0] : uint
              store %0, %5
              %6 = composite_extract %4, [1] : uint
              store %1, %6
              %7 = composite_extract %4, [2] : uint
              store %2, %7
              %8 = texture_query_samples @g1 : uint
              store %3, %8
              %9 = load %0 : uint
              %10 = convert %9 : float
              %11 = load %1 : uint
              %12 = convert %11 : float
              %13 = load %2 : uint
              %14 = convert %13 : float
              %15 = load %3 : uint
              %16 = convert %15 : float
              %17 = composite_construct %10, %12, %14, %16 : float4
              ret %17
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = call @main_body() : float4
              store @g0, %0
              ret
            }

            entry pixel "main" @main inputs() outputs(@g0)
        "#]],
    );
}

#[test]
fn get_sample_position() {
    check_ps(
        r#"
Texture2DMS<float4> Color : register(t0);
float4 main(uint s : SV_SampleIndex) : SV_Target {
    return Color.GetSamplePosition(s).xyxy;
}
"#,
        expect![[r#"
            @g0 = input uint builtin(SampleId) nointerpolation ; in.SV_SampleIndex
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2DMS<float4> set(0) binding(0) ; Color
            @g3 = private array<float2, 31> = {{0.0, 0.0}, {0.25, 0.25}, {-0.25, -0.25}, {-0.125, -0.375}, {0.375, -0.125}, {-0.375, 0.125}, {0.125, 0.375}, {0.0625, -0.1875}, {-0.0625, 0.1875}, {0.3125, 0.0625}, {-0.1875, -0.3125}, {-0.3125, 0.3125}, {-0.4375, -0.0625}, {0.1875, 0.4375}, {0.4375, -0.4375}, {0.0625, 0.0625}, {-0.0625, -0.1875}, {-0.1875, 0.125}, {0.25, -0.0625}, {-0.3125, -0.125}, {0.125, 0.3125}, {0.3125, 0.1875}, {0.1875, -0.3125}, {-0.125, 0.375}, {0.0, -0.4375}, {-0.25, -0.375}, {-0.375, 0.25}, {-0.5, 0.0}, {0.4375, -0.25}, {0.375, 0.4375}, {-0.4375, -0.5}}:array<float2, 31> ; sample_positions

            func @main_body(%arg0: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; s
              store %0, %arg0
              %1 = load %0 : uint
              %2 = texture_query_samples @g2 : uint
              %3 = sub %2, 1:uint : uint
              %4 = add %3, %1 : uint
              %5 = lt %1, %2 : bool
              %6 = select %5, %4, 0:uint : uint
              %7 = access_chain @g3, %6 : ptr<private, float2>
              %8 = load %7 : float2
              %9 = select %5, %8, {0.0, 0.0}:float2 : float2
              %10 = swizzle %9, xyxy : float4
              ret %10
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn texture_array_dimensions_with_levels() {
    check(
        r#"
Texture2DArray<float4> Layers : register(t0);
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint w, h, e, levels;
    Layers.GetDimensions(1, w, h, e, levels);
    Out[0] = uint4(w, h, e, levels);
}
"#,
        expect![[r#"
            @g0 = resource uniform_constant Texture2DArray<float4> set(0) binding(0) ; Layers
            @g1 = resource storage_buffer RWStructuredBuffer<uint4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; w
              %1 = alloca : ptr<function, uint> ; h
              %2 = alloca : ptr<function, uint> ; e
              %3 = alloca : ptr<function, uint> ; levels
              %4 = texture_query_size @g0, 1:uint : uint3
              %5 = composite_extract %4, [0] : uint
              store %0, %5
              %6 = composite_extract %4, [1] : uint
              store %1, %6
              %7 = composite_extract %4, [2] : uint
              store %2, %7
              %8 = texture_query_levels @g0 : uint
              store %3, %8
              %9 = access_chain @g1, 0:int : ptr<storage_buffer, uint4>
              %10 = load %0 : uint
              %11 = load %1 : uint
              %12 = load %2 : uint
              %13 = load %3 : uint
              %14 = composite_construct %10, %11, %12, %13 : uint4
              store %9, %14
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn resource_local_is_the_resource() {
    check(
        r#"
Texture2D<float4> Textures[2] : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Texture2D<float4> t = Textures[id.x & 1];
    Out[0] = t.Load(int3(0, 0, 0)) + t[uint2(1, 1)];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform_constant array<Texture2D<float4>, 2> set(0) binding(0) count(2) ; Textures
            @g2 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = bit_and %2, 1:uint : uint
              %4 = access_chain @g1, %3 : ptr<uniform_constant, Texture2D<float4>>
              %5 = access_chain @g2, 0:int : ptr<storage_buffer, float4>
              %6 = composite_construct 0:int, 0:int, 0:int : int3
              %7 = swizzle %6, xy : int2
              %8 = composite_extract %6, [2] : int
              %9 = texture_load %4, %7, %8 : float4
              %10 = composite_construct 1:uint, 1:uint : uint2
              %11 = texture_load %4, %10, 0:uint : float4
              %12 = add %9, %11 : float4
              store %5, %12
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn function_taking_an_array_element() {
    check(
        r#"
Texture2D<float4> Textures[4] : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
float4 First(Texture2D<float4> t) { return t.Load(int3(0, 0, 0)); }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = First(Textures[id.x]) + First(Textures[2]);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant array<Texture2D<float4>, 4> set(0) binding(0) count(4) ; Textures

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              %5 = call @First(%4) : float4
              %6 = call @First(2:int) : float4
              %7 = add %5, %6 : float4
              store %1, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @First(%arg0: int) -> float4 {
            bb0: ; (entry)
              %0 = access_chain @g2, %arg0 : ptr<uniform_constant, Texture2D<float4>>
              %1 = composite_construct 0:int, 0:int, 0:int : int3
              %2 = swizzle %1, xy : int2
              %3 = composite_extract %1, [2] : int
              %4 = texture_load %0, %2, %3 : float4
              ret %4
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn unrolled_loop_gives_constant_offsets() {
    check_ps(
        r#"
Texture2D<float> Depth : register(t0);
SamplerComparisonState Cmp : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    static const int k = 2 / 2;
    float lit = 0;
    [unroll] for (int x = -k; x <= k; x += 2)
        lit += Depth.SampleCmpLevelZero(Cmp, uv, 0.5, int2(x, 0));
    return lit;
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float> set(0) binding(0) ; Depth
            @g3 = resource uniform_constant SamplerComparisonState set(0) binding(0) ; Cmp

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, int> ; k
              %2 = alloca : ptr<function, float> ; lit
              %3 = alloca : ptr<function, int> ; x
              store %0, %arg0
              store %1, 1:int
              store %2, 0.0:float
              %4 = load %2 : float
              %5 = load %0 : float2
              %6 = texture_sample_compare_level_zero @g2, @g3, %5, 0.5:float, offset(-1, 0) : float
              %7 = add %4, %6 : float
              store %2, %7
              %8 = load %2 : float
              %9 = load %0 : float2
              %10 = texture_sample_compare_level_zero @g2, @g3, %9, 0.5:float, offset(1, 0) : float
              %11 = add %8, %10 : float
              store %2, %11
              %12 = load %2 : float
              %13 = composite_construct %12, %12, %12, %12 : float4
              ret %13
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

/// The first try lowers the loop as a loop and makes the access chain of `arr[1]`; unrolling
/// starts again from before the loop, which must forget that chain with everything else the
/// try made (the element then stands for `tb` in every copy and after the loop).
#[test]
fn unrolling_forgets_what_the_loop_try_made() {
    check_ps(
        r#"
Texture2D ta; Texture2D tb; SamplerState ps;
static Texture2D arr[2] = {ta, tb};
float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 acc = 0;
    for (int x = -1; x <= 1; x += 2)
        acc += arr[1].Sample(ps, uv, int2(x, 0));
    acc += arr[0].Sample(ps, uv);
    acc += arr[1].Sample(ps, uv * 2);
    return acc;
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; ta
            @g3 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; tb
            @g4 = resource uniform_constant SamplerState set(0) binding(2) ; ps

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, float4> ; acc
              %2 = alloca : ptr<function, int> ; x
              store %0, %arg0
              store %1, {0.0, 0.0, 0.0, 0.0}:float4
              %3 = load %1 : float4
              %4 = load %0 : float2
              %5 = texture_sample @g3, @g4, %4, offset(-1, 0) : float4
              %6 = add %3, %5 : float4
              store %1, %6
              %7 = load %1 : float4
              %8 = load %0 : float2
              %9 = texture_sample @g3, @g4, %8, offset(1, 0) : float4
              %10 = add %7, %9 : float4
              store %1, %10
              %11 = load %1 : float4
              %12 = load %0 : float2
              %13 = texture_sample @g2, @g4, %12 : float4
              %14 = add %11, %13 : float4
              store %1, %14
              %15 = load %1 : float4
              %16 = load %0 : float2
              %17 = mul %16, {2.0, 2.0}:float2 : float2
              %18 = texture_sample @g3, @g4, %17 : float4
              %19 = add %15, %18 : float4
              store %1, %19
              %20 = load %1 : float4
              ret %20
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn unroll_hint_kept_when_not_needed() {
    check_ps(
        r#"
Texture2D<float> Depth : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float sum = 0;
    [unroll] for (int i = 0; i < 2; i++)
        sum += Depth.Sample(S, uv + i, int2(1, 0));
    return sum;
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float> set(0) binding(0) ; Depth
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, float> ; sum
              %2 = alloca : ptr<function, int> ; i
              store %0, %arg0
              store %1, 0.0:float
              store %2, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 hint=unroll (loop.header)
              br bb2
            bb2: ; (loop.check)
              %3 = load %2 : int
              %4 = lt %3, 2:int : bool
              cond_br %4, bb3, bb5
            bb3: ; (loop.body)
              %5 = load %1 : float
              %6 = load %0 : float2
              %7 = load %2 : int
              %8 = convert %7 : float
              %9 = composite_construct %8, %8 : float2
              %10 = add %6, %9 : float2
              %11 = texture_sample @g2, @g3, %10, offset(1, 0) : float
              %12 = add %5, %11 : float
              store %1, %12
              br bb4
            bb4: ; (loop.continue)
              %13 = load %2 : int
              %14 = add %13, 1:int : int
              store %2, %14
              br bb1
            bb5: ; (loop.merge)
              %15 = load %1 : float
              %16 = composite_construct %15, %15, %15, %15 : float4
              ret %16
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}
