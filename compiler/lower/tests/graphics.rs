//! Vertex and pixel entry points: stage variables as input and output globals, snapshots of
//! the dump, each verified (their SPIR-V is validated in `spirv.rs`).

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check(text: &str, stage: ShaderStage, expect: Expect) {
    let m = common::lower_stage(text, stage);
    expect.assert_eq(&ir::print_module(&m));
}

#[test]
fn vertex_shader_with_struct_output() {
    check(
        r#"
cbuffer Camera : register(b0) { float4x4 ViewProj; };
struct VsOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; float3 color : COLOR; };
VsOut main(float3 pos : POSITION, float2 uv : TEXCOORD0, uint id : SV_VertexID) {
    VsOut o;
    o.pos = mul(ViewProj, float4(pos, 1));
    o.uv = uv;
    o.color = id % 2 ? float3(1, 0, 0) : float3(0, 1, 0);
    return o;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            struct type.Camera { float4x4 ViewProj; }
            struct VsOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; float3 color : COLOR; }

            @g0 = input float3 location(0) ; in.POSITION
            @g1 = input float2 location(1) ; in.TEXCOORD0
            @g2 = input uint builtin(VertexIndex) ; in.SV_VertexID
            @g3 = output float4 builtin(Position) ; out.SV_Position
            @g4 = output float2 location(0) ; out.TEXCOORD0
            @g5 = output float3 location(1) ; out.COLOR
            @g6 = resource uniform ConstantBuffer<type.Camera> set(0) binding(0) layout(relaxed_std140) ; Camera

            func @main_body(%arg0: float3, %arg1: float2, %arg2: uint) -> VsOut {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; pos
              %1 = alloca : ptr<function, float2> ; uv
              %2 = alloca : ptr<function, uint> ; id
              %3 = alloca : ptr<function, VsOut> ; o
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %4 = access_chain %3, 0:int : ptr<function, float4>
              %5 = access_chain @g6, 0:int : ptr<uniform, float4x4>
              %6 = load %5 : float4x4
              %7 = load %0 : float3
              %8 = composite_construct %7, 1.0:float : float4
              %9 = mat_vec_mul %6, %8 : float4
              store %4, %9
              %10 = access_chain %3, 1:int : ptr<function, float2>
              %11 = load %1 : float2
              store %10, %11
              %12 = access_chain %3, 2:int : ptr<function, float3>
              %13 = load %2 : uint
              %14 = rem %13, 2:uint : uint
              %15 = ne %14, 0:uint : bool
              %16 = composite_construct 1.0:float, 0.0:float, 0.0:float : float3
              %17 = composite_construct 0.0:float, 1.0:float, 0.0:float : float3
              %18 = select %15, %16, %17 : float3
              store %12, %18
              %19 = load %3 : VsOut
              ret %19
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float3
              %1 = load @g1 : float2
              %2 = load @g2 : uint
              %3 = call @main_body(%0, %1, %2) : VsOut
              %4 = composite_extract %3, [0] : float4
              store @g3, %4
              %5 = composite_extract %3, [1] : float2
              store @g4, %5
              %6 = composite_extract %3, [2] : float3
              store @g5, %6
              ret
            }

            entry vertex "main" @main inputs(@g0, @g1, @g2) outputs(@g3, @g4, @g5)
        "#]],
    );
}

#[test]
fn pixel_shader_with_struct_input() {
    check(
        r#"
struct PsIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
float4 main(PsIn i) : SV_Target {
    return float4(i.uv, i.pos.z, 1);
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            struct PsIn { float4 pos : SV_Position; float2 uv : TEXCOORD0; }

            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input float2 location(0) ; in.TEXCOORD0
            @g2 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: PsIn) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, PsIn> ; i
              store %0, %arg0
              %1 = access_chain %0, 1:int : ptr<function, float2>
              %2 = load %1 : float2
              %3 = access_chain %0, 0:int : ptr<function, float4>
              %4 = load %3 : float4
              %5 = composite_extract %4, [2] : float
              %6 = composite_construct %2, %5, 1.0:float : float4
              ret %6
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : float2
              %2 = composite_construct %0, %1 : PsIn
              %3 = call @main_body(%2) : float4
              store @g2, %3
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn out_and_inout_parameters() {
    // Outputs: the result first (SV_Target), then `d` and `c`; `c` is also an input.
    check(
        r#"
float4 main(float4 pos : SV_Position, out float d : SV_Depth, inout uint c : SV_Coverage) : SV_Target {
    d = pos.z;
    c &= 1;
    return pos;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input array<uint, 1> builtin(SampleMask) nointerpolation ; in.SV_Coverage
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = output float builtin(FragDepth) ; out.SV_Depth
            @g4 = output array<uint, 1> builtin(SampleMask) ; out.SV_Coverage

            func @main_body(%arg0: float4, %arg1: ptr<function, float>, %arg2: ptr<function, uint>) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              store %0, %arg0
              %1 = load %0 : float4
              %2 = composite_extract %1, [2] : float
              store %arg1, %2
              %3 = load %arg2 : uint
              %4 = bit_and %3, 1:uint : uint
              store %arg2, %4
              %5 = load %0 : float4
              ret %5
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = alloca : ptr<function, float> ; d
              %2 = load @g1 : array<uint, 1>
              %3 = composite_extract %2, [0] : uint
              %4 = alloca : ptr<function, uint> ; c
              store %4, %3
              %5 = call @main_body(%0, %1, %4) : float4
              store @g2, %5
              %6 = load %1 : float
              store @g3, %6
              %7 = load %4 : uint
              %8 = access_chain @g4, 0:uint : ptr<output, uint>
              store %8, %7
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2, @g3, @g4)
        "#]],
    );
}

#[test]
fn pixel_shader_samples_textures() {
    check(
        r#"
Texture2D<float4> Albedo : register(t0);
Texture2DArray<float> Shadow : register(t1);
SamplerState Linear : register(s0);
SamplerComparisonState Cmp : register(s1);
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    float4 c = Albedo.Sample(Linear, uv) + Albedo.SampleLevel(Linear, uv, 2)
        + Albedo.SampleBias(Linear, uv, 0.5) + Albedo.SampleGrad(Linear, uv, ddx(uv), ddy(uv));
    float s = Shadow.SampleCmpLevelZero(Cmp, float3(uv, 1), pos.z);
    return c * s;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input float2 location(0) ; in.TEXCOORD0
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Albedo
            @g4 = resource uniform_constant SamplerState set(0) binding(0) ; Linear
            @g5 = resource uniform_constant Texture2DArray<float> set(0) binding(1) ; Shadow
            @g6 = resource uniform_constant SamplerComparisonState set(0) binding(1) ; Cmp

            func @main_body(%arg0: float4, %arg1: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              %1 = alloca : ptr<function, float2> ; uv
              %2 = alloca : ptr<function, float4> ; c
              %3 = alloca : ptr<function, float> ; s
              store %0, %arg0
              store %1, %arg1
              %4 = load %1 : float2
              %5 = texture_sample @g3, @g4, %4 : float4
              %6 = load %1 : float2
              %7 = texture_sample_level @g3, @g4, %6, 2.0:float : float4
              %8 = add %5, %7 : float4
              %9 = load %1 : float2
              %10 = texture_sample_bias @g3, @g4, %9, 0.5:float : float4
              %11 = add %8, %10 : float4
              %12 = load %1 : float2
              %13 = load %1 : float2
              %14 = call_intrinsic ddx(%13) : float2
              %15 = load %1 : float2
              %16 = call_intrinsic ddy(%15) : float2
              %17 = texture_sample_grad @g3, @g4, %12, %14, %16 : float4
              %18 = add %11, %17 : float4
              store %2, %18
              %19 = load %1 : float2
              %20 = composite_construct %19, 1.0:float : float3
              %21 = load %0 : float4
              %22 = composite_extract %21, [2] : float
              %23 = texture_sample_compare_level_zero @g5, @g6, %20, %22 : float
              store %3, %23
              %24 = load %2 : float4
              %25 = load %3 : float
              %26 = composite_construct %25, %25, %25, %25 : float4
              %27 = mul %24, %26 : float4
              ret %27
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : float2
              %2 = call @main_body(%0, %1) : float4
              store @g2, %2
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}
