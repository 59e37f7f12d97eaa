//! Snapshot tests of the intrinsic families: math, integer bits, reinterpretation, geometry,
//! clamping and interpolation, tests, waves, derivatives, mul forms, matrices, out-argument
//! intrinsics and barriers; each dump verified.

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
fn math_intrinsics() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 v = id.xyzx * 0.1;
    Out[0] = sin(v) + cos(v) + exp2(v) + log(v + 1) + sqrt(v) + rsqrt(v + 1) + pow(v, 2);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = swizzle %2, xyzx : uint4
              %4 = convert %3 : float4
              %5 = mul %4, {0.1, 0.1, 0.1, 0.1}:float4 : float4
              store %1, %5
              %6 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %7 = load %1 : float4
              %8 = call_intrinsic sin(%7) : float4
              %9 = load %1 : float4
              %10 = call_intrinsic cos(%9) : float4
              %11 = add %8, %10 : float4
              %12 = load %1 : float4
              %13 = call_intrinsic exp2(%12) : float4
              %14 = add %11, %13 : float4
              %15 = load %1 : float4
              %16 = add %15, {1.0, 1.0, 1.0, 1.0}:float4 : float4
              %17 = call_intrinsic log(%16) : float4
              %18 = add %14, %17 : float4
              %19 = load %1 : float4
              %20 = call_intrinsic sqrt(%19) : float4
              %21 = add %18, %20 : float4
              %22 = load %1 : float4
              %23 = add %22, {1.0, 1.0, 1.0, 1.0}:float4 : float4
              %24 = call_intrinsic rsqrt(%23) : float4
              %25 = add %21, %24 : float4
              %26 = load %1 : float4
              %27 = call_intrinsic pow(%26, {2.0, 2.0, 2.0, 2.0}:float4) : float4
              %28 = add %25, %27 : float4
              store %6, %28
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
fn integer_bit_intrinsics() {
    check(
        r#"
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint v = id.x;
    Out[0] = uint4(countbits(v), firstbithigh(v), firstbitlow(v), reversebits(v));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              store %1, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, uint4>
              %5 = load %1 : uint
              %6 = call_intrinsic countbits(%5) : uint
              %7 = load %1 : uint
              %8 = call_intrinsic firstbithigh(%7) : uint
              %9 = load %1 : uint
              %10 = call_intrinsic firstbitlow(%9) : uint
              %11 = load %1 : uint
              %12 = call_intrinsic reversebits(%11) : uint
              %13 = composite_construct %6, %8, %10, %12 : uint4
              store %4, %13
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
fn reinterpretation_intrinsics() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float f = asfloat(id.x);
    Out[0] = asuint(f * 2) + f32tof16(f);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; f
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = call_intrinsic asfloat(%3) : float
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %6 = load %1 : float
              %7 = mul %6, 2.0:float : float
              %8 = call_intrinsic asuint(%7) : uint
              %9 = load %1 : float
              %10 = call_intrinsic f32tof16(%9) : uint
              %11 = add %8, %10 : uint
              store %5, %11
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
fn geometric_intrinsics() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 a = id;
    float3 b = float3(1, 2, 3);
    Out[0] = float4(cross(a, b), dot(a, b) + length(a) + distance(a, b));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float3> ; a
              %2 = alloca : ptr<function, float3> ; b
              store %0, %arg0
              %3 = load %0 : uint3
              %4 = convert %3 : float3
              store %1, %4
              %5 = composite_construct 1.0:float, 2.0:float, 3.0:float : float3
              store %2, %5
              %6 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %7 = load %1 : float3
              %8 = load %2 : float3
              %9 = call_intrinsic cross(%7, %8) : float3
              %10 = load %1 : float3
              %11 = load %2 : float3
              %12 = dot %10, %11 : float
              %13 = load %1 : float3
              %14 = call_intrinsic length(%13) : float
              %15 = add %12, %14 : float
              %16 = load %1 : float3
              %17 = load %2 : float3
              %18 = call_intrinsic distance(%16, %17) : float
              %19 = add %15, %18 : float
              %20 = composite_construct %9, %19 : float4
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
fn clamp_saturate_lerp_smoothstep() {
    check(
        r#"
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 v = id * 0.25;
    Out[0] = lerp(clamp(v, 0, 1), saturate(v), 0.5) + smoothstep(0, 1, v);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float3> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float3> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = convert %2 : float3
              %4 = mul %3, {0.25, 0.25, 0.25}:float3 : float3
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, float3>
              %6 = load %1 : float3
              %7 = call_intrinsic clamp(%6, {0.0, 0.0, 0.0}:float3, {1.0, 1.0, 1.0}:float3) : float3
              %8 = load %1 : float3
              %9 = call_intrinsic saturate(%8) : float3
              %10 = call_intrinsic lerp(%7, %9, {0.5, 0.5, 0.5}:float3) : float3
              %11 = load %1 : float3
              %12 = call_intrinsic smoothstep({0.0, 0.0, 0.0}:float3, {1.0, 1.0, 1.0}:float3, %11) : float3
              %13 = add %10, %12 : float3
              store %5, %13
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
fn any_all_and_tests() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 v = id;
    Out[0] = any(v) + all(v > 1) + isnan(v.x) + isinf(v.y);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float3> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = convert %2 : float3
              store %1, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %5 = load %1 : float3
              %6 = call_intrinsic any(%5) : bool
              %7 = select %6, 1:int, 0:int : int
              %8 = load %1 : float3
              %9 = gt %8, {1.0, 1.0, 1.0}:float3 : bool3
              %10 = call_intrinsic all(%9) : bool
              %11 = select %10, 1:int, 0:int : int
              %12 = add %7, %11 : int
              %13 = load %1 : float3
              %14 = composite_extract %13, [0] : float
              %15 = call_intrinsic isnan(%14) : bool
              %16 = select %15, 1:int, 0:int : int
              %17 = add %12, %16 : int
              %18 = load %1 : float3
              %19 = composite_extract %18, [1] : float
              %20 = call_intrinsic isinf(%19) : bool
              %21 = select %20, 1:int, 0:int : int
              %22 = add %17, %21 : int
              %23 = convert %22 : uint
              store %4, %23
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
fn wave_intrinsics() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint sum = WaveActiveSum(id.x);
    if (WaveIsFirstLane())
        Out[0] = sum + WaveGetLaneCount() + WaveActiveCountBits(id.x > 3);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; sum
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = call_intrinsic WaveActiveSum(%3) : uint
              store %1, %4
              %5 = call_intrinsic WaveIsFirstLane() : bool
              cond_br %5, bb1, bb2
            bb1: ; (if.then)
              %6 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %7 = load %1 : uint
              %8 = call_intrinsic WaveGetLaneCount() : uint
              %9 = add %7, %8 : uint
              %10 = load %0 : uint3
              %11 = composite_extract %10, [0] : uint
              %12 = gt %11, 3:uint : bool
              %13 = call_intrinsic WaveActiveCountBits(%12) : uint
              %14 = add %9, %13 : uint
              store %6, %14
              br bb2
            bb2: ; (if.merge)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(64, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn derivatives_in_pixel_shader() {
    check_ps(
        r#"
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return float4(ddx(uv), ddy(uv)) + fwidth(uv).xyxy;
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              %1 = load %0 : float2
              %2 = call_intrinsic ddx(%1) : float2
              %3 = load %0 : float2
              %4 = call_intrinsic ddy(%3) : float2
              %5 = composite_construct %2, %4 : float4
              %6 = load %0 : float2
              %7 = call_intrinsic fwidth(%6) : float2
              %8 = swizzle %7, xyxy : float4
              %9 = add %5, %8 : float4
              ret %9
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
fn mul_forms() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4x4 m = float4x4(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    float4 v = float4(id, 1);
    Out[0] = mul(m, v) + mul(v, m) + mul(2, v) + mul(mul(m, m), v);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float4x4> ; m
              %2 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %3 = composite_construct 1.0:float, 0.0:float, 0.0:float, 0.0:float : float4
              %4 = composite_construct 0.0:float, 1.0:float, 0.0:float, 0.0:float : float4
              %5 = composite_construct 0.0:float, 0.0:float, 1.0:float, 0.0:float : float4
              %6 = composite_construct 0.0:float, 0.0:float, 0.0:float, 1.0:float : float4
              %7 = composite_construct %3, %4, %5, %6 : float4x4
              store %1, %7
              %8 = load %0 : uint3
              %9 = convert %8 : float3
              %10 = composite_construct %9, 1.0:float : float4
              store %2, %10
              %11 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %12 = load %1 : float4x4
              %13 = load %2 : float4
              %14 = mat_vec_mul %12, %13 : float4
              %15 = load %2 : float4
              %16 = load %1 : float4x4
              %17 = vec_mat_mul %15, %16 : float4
              %18 = add %14, %17 : float4
              %19 = load %2 : float4
              %20 = mul {2.0, 2.0, 2.0, 2.0}:float4, %19 : float4
              %21 = add %18, %20 : float4
              %22 = load %1 : float4x4
              %23 = load %1 : float4x4
              %24 = mat_mul %22, %23 : float4x4
              %25 = load %2 : float4
              %26 = mat_vec_mul %24, %25 : float4
              %27 = add %21, %26 : float4
              store %11, %27
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
fn transpose_and_determinant() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2x2 m = float2x2(id.x, 1, 2, id.y);
    Out[0] = determinant(transpose(m));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float2x2> ; m
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = load %0 : uint3
              %5 = composite_extract %4, [1] : uint
              %6 = convert %3 : float
              %7 = composite_construct %6, 1.0:float : float2
              %8 = convert %5 : float
              %9 = composite_construct 2.0:float, %8 : float2
              %10 = composite_construct %7, %9 : float2x2
              store %1, %10
              %11 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %12 = load %1 : float2x2
              %13 = call_intrinsic transpose(%12) : float2x2
              %14 = call_intrinsic determinant(%13) : float
              store %11, %14
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
fn sincos_and_modf_out_arguments() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float s, c, ip;
    sincos(id.x * 0.1, s, c);
    float fr = modf(id.x * 1.5, ip);
    Out[0] = s + c + fr + ip;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float>
              %1 = alloca : ptr<function, float>
              %2 = alloca : ptr<function, float>
              %3 = alloca : ptr<function, uint3> ; id
              %4 = alloca : ptr<function, float> ; s
              %5 = alloca : ptr<function, float> ; c
              %6 = alloca : ptr<function, float> ; ip
              %7 = alloca : ptr<function, float> ; fr
              store %3, %arg0
              %8 = load %3 : uint3
              %9 = composite_extract %8, [0] : uint
              %10 = convert %9 : float
              %11 = mul %10, 0.1:float : float
              call_intrinsic sincos(%11, %2, %1)
              %12 = load %2 : float
              store %4, %12
              %13 = load %1 : float
              store %5, %13
              %14 = load %3 : uint3
              %15 = composite_extract %14, [0] : uint
              %16 = convert %15 : float
              %17 = mul %16, 1.5:float : float
              %18 = call_intrinsic modf(%17, %0) : float
              %19 = load %0 : float
              store %6, %19
              store %7, %18
              %20 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %21 = load %4 : float
              %22 = load %5 : float
              %23 = add %21, %22 : float
              %24 = load %7 : float
              %25 = add %23, %24 : float
              %26 = load %6 : float
              %27 = add %25, %26 : float
              store %20, %27
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
fn every_barrier() {
    check(
        r#"
[numthreads(1, 1, 1)]
void main() {
    GroupMemoryBarrier();
    GroupMemoryBarrierWithGroupSync();
    DeviceMemoryBarrier();
    DeviceMemoryBarrierWithGroupSync();
    AllMemoryBarrier();
    AllMemoryBarrierWithGroupSync();
}
"#,
        expect![[r#"
            func @main_body() -> void {
            bb0: ; (entry)
              barrier workgroup_memory
              barrier workgroup_memory|group_sync
              barrier device_memory
              barrier device_memory|group_sync
              barrier workgroup_memory|device_memory
              barrier workgroup_memory|device_memory|group_sync
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
