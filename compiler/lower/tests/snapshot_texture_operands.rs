//! Snapshot tests of the optional texture arguments: `clamp` (a `min_lod` operand), `out uint
//! status` (a `status` pointer operand and the copy back), run-time and four gather offsets,
//! `SampleCmpLevel`, `CheckAccessFullyMapped`; and the E3004 refusals DXC shares
//! (`GatherCmpGreen`, run-time `Sample` offsets, status of structured loads). Each dump
//! verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check_stage(text: &str, stage: ShaderStage, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(text, stage)));
}

fn check(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Compute, expect);
}

fn check_ps(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Pixel, expect);
}

fn check_error(text: &str, stage: ShaderStage, expect: Expect) {
    match common::try_lower_stage(text, stage) {
        Ok(m) => panic!("lowered:\n{}", ir::print_module(&m)),
        Err(e) => expect.assert_eq(&e),
    }
}

#[test]
fn sample_with_offset_clamp_and_status() {
    check_ps(
        r#"
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    uint st;
    float4 c = T.Sample(S, uv, int2(1, -1), 2.5, st);
    return CheckAccessFullyMapped(st) ? c : float4(0, 0, 0, 0);
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; T
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; status
              %1 = alloca : ptr<function, float2> ; uv
              %2 = alloca : ptr<function, uint> ; st
              %3 = alloca : ptr<function, float4> ; c
              store %1, %arg0
              %4 = load %1 : float2
              %5 = texture_sample @g2, @g3, %4, offset(1, -1), min_lod(2.5:float), status(%0) : float4
              %6 = load %0 : uint
              store %2, %6
              store %3, %5
              %7 = load %2 : uint
              %8 = call_intrinsic CheckAccessFullyMapped(%7) : bool
              %9 = load %3 : float4
              %10 = composite_construct 0.0:float, 0.0:float, 0.0:float, 0.0:float : float4
              %11 = select %8, %9, %10 : float4
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
fn clamp_without_offset_on_cubes_and_comparisons() {
    check_ps(
        r#"
TextureCube<float4> C : register(t0);
Texture2D<float> D : register(t1);
SamplerState S : register(s0);
SamplerComparisonState Z : register(s1);
float4 main(float3 dir : TEXCOORD0) : SV_Target {
    float4 a = C.SampleGrad(S, dir, dir, dir, 1.0);
    float b = D.SampleCmp(Z, dir.xy, 0.5, int2(0, 1), 3.0);
    return a * b;
}
"#,
        expect![[r#"
            @g0 = input float3 location(0) ; in.TEXCOORD0
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant TextureCube<float4> set(0) binding(0) ; C
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S
            @g4 = resource uniform_constant Texture2D<float> set(0) binding(1) ; D
            @g5 = resource uniform_constant SamplerComparisonState set(0) binding(1) ; Z

            func @main_body(%arg0: float3) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; dir
              %1 = alloca : ptr<function, float4> ; a
              %2 = alloca : ptr<function, float> ; b
              store %0, %arg0
              %3 = load %0 : float3
              %4 = load %0 : float3
              %5 = load %0 : float3
              %6 = texture_sample_grad @g2, @g3, %3, %4, %5, min_lod(1.0:float) : float4
              store %1, %6
              %7 = load %0 : float3
              %8 = swizzle %7, xy : float2
              %9 = texture_sample_compare @g4, @g5, %8, 0.5:float, offset(0, 1), min_lod(3.0:float) : float
              store %2, %9
              %10 = load %1 : float4
              %11 = load %2 : float
              %12 = composite_construct %11, %11, %11, %11 : float4
              %13 = mul %10, %12 : float4
              ret %13
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
fn loads_with_status() {
    check(
        r#"
Texture2D<float4> T : register(t0);
RWTexture2D<float4> W : register(u0);
Buffer<uint2> B : register(t1);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint s0, s1, s2;
    float4 a = T.Load(int3(id.xy, 0), int2(1, 0), s0);
    float4 b = W.Load(id.xy, s1);
    uint2 c = B.Load(id.x, s2);
    Out[0] = a + b + float4(c, s0 + s1, s2);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; T
            @g2 = resource uniform_constant RWTexture2D<float4> set(0) binding(0) ; W
            @g3 = resource uniform_constant Buffer<uint2> set(0) binding(1) ; B
            @g4 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; status
              %1 = alloca : ptr<function, uint> ; status
              %2 = alloca : ptr<function, uint> ; status
              %3 = alloca : ptr<function, uint3> ; id
              %4 = alloca : ptr<function, uint> ; s0
              %5 = alloca : ptr<function, uint> ; s1
              %6 = alloca : ptr<function, uint> ; s2
              %7 = alloca : ptr<function, float4> ; a
              %8 = alloca : ptr<function, float4> ; b
              %9 = alloca : ptr<function, uint2> ; c
              store %3, %arg0
              %10 = load %3 : uint3
              %11 = swizzle %10, xy : uint2
              %12 = convert %11 : int2
              %13 = composite_construct %12, 0:int : int3
              %14 = swizzle %13, xy : int2
              %15 = composite_extract %13, [2] : int
              %16 = texture_load @g1, %14, %15, offset(1, 0), status(%2) : float4
              %17 = load %2 : uint
              store %4, %17
              store %7, %16
              %18 = load %3 : uint3
              %19 = swizzle %18, xy : uint2
              %20 = convert %19 : int2
              %21 = texture_load @g2, %20, status(%1) : float4
              %22 = load %1 : uint
              store %5, %22
              store %8, %21
              %23 = load %3 : uint3
              %24 = composite_extract %23, [0] : uint
              %25 = texture_load @g3, %24, status(%0) : uint2
              %26 = load %0 : uint
              store %6, %26
              store %9, %25
              %27 = access_chain @g4, 0:int : ptr<storage_buffer, float4>
              %28 = load %7 : float4
              %29 = load %8 : float4
              %30 = add %28, %29 : float4
              %31 = load %9 : uint2
              %32 = convert %31 : float2
              %33 = load %4 : uint
              %34 = load %5 : uint
              %35 = add %33, %34 : uint
              %36 = convert %35 : float
              %37 = load %6 : uint
              %38 = convert %37 : float
              %39 = composite_construct %32, %36, %38 : float4
              %40 = add %30, %39 : float4
              store %27, %40
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
fn writable_multisampled_load_with_status() {
    check(
        r#"
RWTexture2DMS<float4> W : register(u0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    uint s;
    Out[0] = W.Load(int2(3, 4), 1, s);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(1) layout(relaxed_std430) ; Out
            @g1 = resource uniform_constant RWTexture2DMS<float4> set(0) binding(0) ; W

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; status
              %1 = alloca : ptr<function, uint> ; s
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %3 = composite_construct 3:int, 4:int : int2
              %4 = texture_load @g1, %3, 1:int, status(%0) : float4
              %5 = load %0 : uint
              store %1, %5
              store %2, %4
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
fn gathers_with_four_constant_offsets_and_status() {
    check(
        r#"
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint st;
    Out[0] = T.GatherGreen(S, float2(0.5, 0.5), int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1), st);
    Out[1] = T.GatherAlpha(S, float2(0.5, 0.5), int2(-1, 2), st);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; T
            @g2 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; status
              %1 = alloca : ptr<function, uint> ; status
              %2 = alloca : ptr<function, uint> ; st
              %3 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %4 = composite_construct 0.5:float, 0.5:float : float2
              %5 = texture_gather @g1, @g2, %4, component(1), offsets(0, 0, 1, 0, 0, 1, 1, 1), status(%1) : float4
              %6 = load %1 : uint
              store %2, %6
              store %3, %5
              %7 = access_chain @g0, 1:int : ptr<storage_buffer, float4>
              %8 = composite_construct 0.5:float, 0.5:float : float2
              %9 = texture_gather @g1, @g2, %8, component(3), offset(-1, 2), status(%0) : float4
              %10 = load %0 : uint
              store %2, %10
              store %7, %9
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
fn gathers_with_run_time_offsets() {
    check(
        r#"
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
SamplerComparisonState Z : register(s1);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int2 o = int2(id.xy);
    Out[0] = T.GatherRed(S, float2(0.5, 0.5), o);
    Out[1] = T.GatherCmpRed(Z, float2(0.5, 0.5), 0.25, o);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; T
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S
            @g4 = resource uniform_constant SamplerComparisonState set(0) binding(1) ; Z

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int2> ; o
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = swizzle %2, xy : uint2
              %4 = convert %3 : int2
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %6 = composite_construct 0.5:float, 0.5:float : float2
              %7 = load %1 : int2
              %8 = texture_gather @g2, @g3, %6, component(0), offset(%7) : float4
              store %5, %8
              %9 = access_chain @g1, 1:int : ptr<storage_buffer, float4>
              %10 = composite_construct 0.5:float, 0.5:float : float2
              %11 = load %1 : int2
              %12 = texture_gather_compare @g2, @g4, %10, 0.25:float, offset(%11) : float4
              store %9, %12
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
fn four_offsets_with_a_run_time_one_are_four_gathers() {
    check(
        r#"
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int2 o = int2(id.xy);
    Out[0] = T.GatherBlue(S, float2(0.5, 0.5), int2(1, 2), o, o, int2(7, 8));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; T
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int2> ; o
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = swizzle %2, xy : uint2
              %4 = convert %3 : int2
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %6 = composite_construct 0.5:float, 0.5:float : float2
              %7 = texture_gather @g2, @g3, %6, component(2), offset(1, 2) : float4
              %8 = composite_extract %7, [0] : float
              %9 = load %1 : int2
              %10 = texture_gather @g2, @g3, %6, component(2), offset(%9) : float4
              %11 = composite_extract %10, [1] : float
              %12 = load %1 : int2
              %13 = texture_gather @g2, @g3, %6, component(2), offset(%12) : float4
              %14 = composite_extract %13, [2] : float
              %15 = texture_gather @g2, @g3, %6, component(2), offset(7, 8) : float4
              %16 = composite_extract %15, [3] : float
              %17 = composite_construct %8, %11, %14, %16 : float4
              store %5, %17
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
fn sample_cmp_level() {
    check(
        r#"
Texture2DArray<float> D : register(t0);
SamplerComparisonState Z : register(s0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint st;
    Out[0] = D.SampleCmpLevel(Z, float3(0.5, 0.5, 1), 0.75, 2.0, int2(1, 1), st);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform_constant Texture2DArray<float> set(0) binding(0) ; D
            @g2 = resource uniform_constant SamplerComparisonState set(0) binding(0) ; Z

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; status
              %1 = alloca : ptr<function, uint> ; st
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %3 = composite_construct 0.5:float, 0.5:float, 1.0:float : float3
              %4 = texture_sample_compare_level @g1, @g2, %3, 0.75:float, 2.0:float, offset(1, 1), status(%0) : float
              %5 = load %0 : uint
              store %1, %5
              store %2, %4
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
fn gather_cmp_green_has_no_vulkan_equivalent() {
    check_error(
        r#"
Texture2D<float4> T : register(t0);
SamplerComparisonState Z : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return T.GatherCmpGreen(Z, uv, 0.5, int2(1, 2));
}
"#,
        ShaderStage::Pixel,
        expect!["E3004 140..154: no equivalent for GatherCmpGreen intrinsic method in Vulkan"],
    );
}

#[test]
fn gather_raw_has_no_vulkan_equivalent() {
    check_error(
        r#"
Texture2D<uint> T : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = T.GatherRaw(S, float2(0.5, 0.5));
}
"#,
        ShaderStage::Compute,
        expect!["E3004 163..172: no equivalent for GatherRaw intrinsic method in Vulkan (it reads texels without format conversion)"],
    );
}

#[test]
fn run_time_sample_and_load_offsets_are_refused() {
    check_error(
        r#"
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0, int2 o : OFFSET) : SV_Target {
    return T.Sample(S, uv, o);
}
"#,
        ShaderStage::Pixel,
        expect!["E3004 161..162: `Sample` needs a constant texel offset (Vulkan takes run-time offsets only on gathers): a texel offset that is not a constant"],
    );
    check_error(
        r#"
Texture2D<float4> T : register(t0);
float4 main(int2 o : OFFSET) : SV_Target {
    return T.Load(int3(0, 0, 0), o);
}
"#,
        ShaderStage::Pixel,
        expect!["E3004 113..114: `Load` needs a constant texel offset (Vulkan takes run-time offsets only on gathers): a texel offset that is not a constant"],
    );
}

#[test]
fn structured_and_byte_address_status_loads_are_refused() {
    check_error(
        r#"
StructuredBuffer<float> A : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint s;
    Out[0] = A.Load(0, s);
}
"#,
        ShaderStage::Compute,
        expect![
            "E3004 150..162: (RW)StructuredBuffer::Load(in location, out status) not supported"
        ],
    );
    check_error(
        r#"
ByteAddressBuffer B : register(t1);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint s;
    Out[0] = asfloat(B.Load2(4, s).y);
}
"#,
        ShaderStage::Compute,
        expect![
            "E3004 152..165: (RW)ByteAddressBuffer::Load(in address, out status) not supported"
        ],
    );
}
