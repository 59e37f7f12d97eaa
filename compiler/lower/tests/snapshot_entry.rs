//! Snapshot tests of module-level conventions: spec constants, static initializers in
//! init_globals, entry wrappers of compute, vertex and pixel shaders with their stage variables
//! and system values; each dump verified.

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
fn spec_constants_are_operands() {
    check(
        r#"
[[vk::constant_id(0)]] const uint Width = 64;
[[vk::constant_id(5)]] const float Gain = 1.5;
[[vk::constant_id(7)]] const bool Clamp = false;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float v = (id.x % Width) * Gain;
    Out[0] = Clamp ? saturate(v) : v;
}
"#,
        expect![[r#"
            spec 0 Width = 64:uint
            spec 5 Gain = 1.5:float
            spec 7 Clamp = false:bool

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = rem %3, spec(0 Width) : uint
              %5 = convert %4 : float
              %6 = mul %5, spec(5 Gain) : float
              store %1, %6
              %7 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %8 = load %1 : float
              %9 = call_intrinsic saturate(%8) : float
              %10 = load %1 : float
              %11 = select spec(7 Clamp), %9, %10 : float
              store %7, %11
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
fn static_initializers_run_in_init_globals() {
    check(
        r#"
cbuffer P : register(b0) { float Base; };
static float Derived = Base * 2;
static const float K = 3;
static float3 Dir = normalize(float3(1, Base, 0));
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Derived + K + Dir.y;
}
"#,
        expect![[r#"
            struct type.P { float Base; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = private float ; Derived
            @g2 = private float = 3.0:float ; K
            @g3 = private float3 ; Dir
            @g4 = resource uniform ConstantBuffer<type.P> set(0) binding(0) layout(relaxed_std140) ; P

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = load @g1 : float
              %2 = load @g2 : float
              %3 = add %1, %2 : float
              %4 = load @g3 : float3
              %5 = composite_extract %4, [1] : float
              %6 = add %3, %5 : float
              store %0, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @init_globals()
              call @main_body()
              ret
            }

            func @init_globals() -> void {
            bb0: ; (entry)
              %0 = access_chain @g4, 0:int : ptr<uniform, float>
              %1 = load %0 : float
              %2 = mul %1, 2.0:float : float
              store @g1, %2
              %3 = access_chain @g4, 0:int : ptr<uniform, float>
              %4 = load %3 : float
              %5 = composite_construct 1.0:float, %4, 0.0:float : float3
              %6 = call_intrinsic normalize(%5) : float3
              store @g3, %6
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn static_initializer_calls_a_function() {
    check(
        r#"
float Seed() { return 0.5; }
static float S = Seed() + 1;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    S *= 2;
    Out[0] = S;
}
"#,
        expect![[r#"
            @g0 = private float ; S
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float
              %1 = mul %0, 2.0:float : float
              store @g0, %1
              %2 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %3 = load @g0 : float
              store %2, %3
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @init_globals()
              call @main_body()
              ret
            }

            func @init_globals() -> void {
            bb0: ; (entry)
              %0 = call @Seed() : float
              %1 = add %0, 1.0:float : float
              store @g0, %1
              ret
            }

            func @Seed() -> float {
            bb0: ; (entry)
              ret 0.5:float
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn compute_wrapper_loads_every_system_value() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 2, 1)]
void main(uint3 dt : SV_DispatchThreadID, uint3 gt : SV_GroupThreadID, uint3 g : SV_GroupID, uint gi : SV_GroupIndex) {
    Out[gi] = dt.x + gt.y + g.z;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = input uint3 builtin(LocalInvocationId) ; SV_GroupThreadID
            @g2 = input uint3 builtin(WorkgroupId) ; SV_GroupID
            @g3 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g4 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3, %arg1: uint3, %arg2: uint3, %arg3: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; dt
              %1 = alloca : ptr<function, uint3> ; gt
              %2 = alloca : ptr<function, uint3> ; g
              %3 = alloca : ptr<function, uint> ; gi
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              store %3, %arg3
              %4 = load %3 : uint
              %5 = access_chain @g4, %4 : ptr<storage_buffer, uint>
              %6 = load %0 : uint3
              %7 = composite_extract %6, [0] : uint
              %8 = load %1 : uint3
              %9 = composite_extract %8, [1] : uint
              %10 = add %7, %9 : uint
              %11 = load %2 : uint3
              %12 = composite_extract %11, [2] : uint
              %13 = add %10, %12 : uint
              store %5, %13
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; dt
              %1 = load @g1 : uint3 ; gt
              %2 = load @g2 : uint3 ; g
              %3 = load @g3 : uint ; gi
              call @main_body(%0, %1, %2, %3)
              ret
            }

            entry compute "main" @main numthreads(4, 2, 1) inputs(@g0, @g1, @g2, @g3) outputs()
        "#]],
    );
}

#[test]
fn compute_wrapper_converts_to_declared_types() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(8, 1, 1)]
void main(int2 dt : SV_DispatchThreadID, int gi : SV_GroupIndex) {
    Out[gi] = dt.y;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g2 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: int2, %arg1: int) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int2> ; dt
              %1 = alloca : ptr<function, int> ; gi
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : int
              %3 = access_chain @g2, %2 : ptr<storage_buffer, int>
              %4 = load %0 : int2
              %5 = composite_extract %4, [1] : int
              store %3, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; dt
              %1 = swizzle %0, xy : uint2
              %2 = convert %1 : int2
              %3 = load @g1 : uint ; gi
              %4 = convert %3 : int
              call @main_body(%2, %4)
              ret
            }

            entry compute "main" @main numthreads(8, 1, 1) inputs(@g0, @g1) outputs()
        "#]],
    );
}

#[test]
fn vertex_entry_parameters_and_result() {
    check_stage(
        r#"
float4 main(float3 pos : POSITION, float4 color : COLOR0, uint iid : SV_InstanceID) : SV_Position {
    return float4(pos + iid, 1) * color;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            @g0 = input float3 location(0) ; in.POSITION
            @g1 = input float4 location(1) ; in.COLOR0
            @g2 = input uint builtin(InstanceIndex) ; in.SV_InstanceID
            @g3 = output float4 builtin(Position) ; out.SV_Position

            func @main_body(%arg0: float3, %arg1: float4, %arg2: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; pos
              %1 = alloca : ptr<function, float4> ; color
              %2 = alloca : ptr<function, uint> ; iid
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %3 = load %0 : float3
              %4 = load %2 : uint
              %5 = convert %4 : float
              %6 = composite_construct %5, %5, %5 : float3
              %7 = add %3, %6 : float3
              %8 = composite_construct %7, 1.0:float : float4
              %9 = load %1 : float4
              %10 = mul %8, %9 : float4
              ret %10
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float3
              %1 = load @g1 : float4
              %2 = load @g2 : uint
              %3 = call @main_body(%0, %1, %2) : float4
              store @g3, %3
              ret
            }

            entry vertex "main" @main inputs(@g0, @g1, @g2) outputs(@g3)
        "#]],
    );
}

#[test]
fn pixel_entry_struct_result_with_two_targets() {
    check_ps(
        r#"
struct Out { float4 color : SV_Target0; float4 normal : SV_Target1; };
Out main(float4 pos : SV_Position, float3 n : NORMAL) {
    Out o;
    o.color = pos;
    o.normal = float4(n, 0);
    return o;
}
"#,
        expect![[r#"
            struct Out { float4 color : SV_Target0; float4 normal : SV_Target1; }

            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input float3 location(0) ; in.NORMAL
            @g2 = output float4 location(0) ; out.SV_Target0
            @g3 = output float4 location(1) ; out.SV_Target1

            func @main_body(%arg0: float4, %arg1: float3) -> Out {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              %1 = alloca : ptr<function, float3> ; n
              %2 = alloca : ptr<function, Out> ; o
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, float4>
              %4 = load %0 : float4
              store %3, %4
              %5 = access_chain %2, 1:int : ptr<function, float4>
              %6 = load %1 : float3
              %7 = composite_construct %6, 0.0:float : float4
              store %5, %7
              %8 = load %2 : Out
              ret %8
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : float3
              %2 = call @main_body(%0, %1) : Out
              %3 = composite_extract %2, [0] : float4
              store @g2, %3
              %4 = composite_extract %2, [1] : float4
              store @g3, %4
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2, @g3)
        "#]],
    );
}

#[test]
fn pixel_depth_and_front_face() {
    check_ps(
        r#"
struct Out { float4 c : SV_Target; float d : SV_Depth; };
Out main(float4 pos : SV_Position, bool front : SV_IsFrontFace) {
    Out o;
    o.c = front ? 1 : 0;
    o.d = pos.z;
    return o;
}
"#,
        expect![[r#"
            struct Out { float4 c : SV_Target; float d : SV_Depth; }

            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input bool builtin(FrontFacing) nointerpolation ; in.SV_IsFrontFace
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = output float builtin(FragDepth) ; out.SV_Depth

            func @main_body(%arg0: float4, %arg1: bool) -> Out {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              %1 = alloca : ptr<function, bool> ; front
              %2 = alloca : ptr<function, Out> ; o
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, float4>
              %4 = load %1 : bool
              %5 = select %4, 1:int, 0:int : int
              %6 = convert %5 : float
              %7 = composite_construct %6, %6, %6, %6 : float4
              store %3, %7
              %8 = access_chain %2, 1:int : ptr<function, float>
              %9 = load %0 : float4
              %10 = composite_extract %9, [2] : float
              store %8, %10
              %11 = load %2 : Out
              ret %11
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : bool
              %2 = call @main_body(%0, %1) : Out
              %3 = composite_extract %2, [0] : float4
              store @g2, %3
              %4 = composite_extract %2, [1] : float
              store @g3, %4
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2, @g3)
        "#]],
    );
}

#[test]
fn pixel_coverage_and_sample_index() {
    check_ps(
        r#"
struct Out { float4 c : SV_Target; uint mask : SV_Coverage; };
Out main(uint s : SV_SampleIndex, uint cov : SV_Coverage) {
    Out o;
    o.c = s;
    o.mask = cov & (1u << s);
    return o;
}
"#,
        expect![[r#"
            struct Out { float4 c : SV_Target; uint mask : SV_Coverage; }

            @g0 = input uint builtin(SampleId) nointerpolation ; in.SV_SampleIndex
            @g1 = input array<uint, 1> builtin(SampleMask) nointerpolation ; in.SV_Coverage
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = output array<uint, 1> builtin(SampleMask) ; out.SV_Coverage

            func @main_body(%arg0: uint, %arg1: uint) -> Out {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; s
              %1 = alloca : ptr<function, uint> ; cov
              %2 = alloca : ptr<function, Out> ; o
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, float4>
              %4 = load %0 : uint
              %5 = convert %4 : float
              %6 = composite_construct %5, %5, %5, %5 : float4
              store %3, %6
              %7 = access_chain %2, 1:int : ptr<function, uint>
              %8 = load %1 : uint
              %9 = load %0 : uint
              %10 = shl 1:uint, %9 : uint
              %11 = bit_and %8, %10 : uint
              store %7, %11
              %12 = load %2 : Out
              ret %12
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint
              %1 = load @g1 : array<uint, 1>
              %2 = composite_extract %1, [0] : uint
              %3 = call @main_body(%0, %2) : Out
              %4 = composite_extract %3, [0] : float4
              store @g2, %4
              %5 = composite_extract %3, [1] : uint
              %6 = access_chain @g3, 0:uint : ptr<output, uint>
              store %6, %5
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2, @g3)
        "#]],
    );
}

#[test]
fn pixel_render_target_array_index() {
    check_ps(
        r#"
float4 main(uint layer : SV_RenderTargetArrayIndex) : SV_Target {
    return layer;
}
"#,
        expect![[r#"
            @g0 = input uint builtin(Layer) nointerpolation ; in.SV_RenderTargetArrayIndex
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; layer
              store %0, %arg0
              %1 = load %0 : uint
              %2 = convert %1 : float
              %3 = composite_construct %2, %2, %2, %2 : float4
              ret %3
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
fn instructions_remember_their_source() {
    let text = r#"RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float v = id.x * 2;
    if (v > 3)
        Out[0] = v;
}
"#;
    let m = common::lower(text);
    let options = ir::PrintOptions {
        locations: true,
        ..Default::default()
    };
    let dump = ir::print_module_with(&m, &options);
    // Each location names text of the shader: `loc(0:START..END)` with START..END its bytes.
    let spans: Vec<&str> = dump
        .lines()
        .filter_map(|l| l.split("loc(0:").nth(1))
        .filter_map(|rest| {
            let (start, end) = rest.trim_end_matches(')').split_once("..")?;
            text.get(start.parse().ok()?..end.parse().ok()?)
        })
        .collect();
    assert!(spans.contains(&"id.x * 2"), "{spans:?}");
    assert!(spans.contains(&"Out[0] = v"), "{spans:?}");
    expect![[r#"
        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint3> ; id
          %1 = alloca : ptr<function, float> ; v
          store %0, %arg0
          %2 = load %0 : uint3 ; loc(0:126..130)
          %3 = composite_extract %2, [0] : uint ; loc(0:126..130)
          %4 = mul %3, 2:uint : uint ; loc(0:126..134)
          %5 = convert %4 : float ; loc(0:116..135)
          store %1, %5 ; loc(0:116..135)
          %6 = load %1 : float ; loc(0:144..145)
          %7 = gt %6, 3.0:float : bool ; loc(0:144..149)
          cond_br %7, bb1, bb2 ; loc(0:140..170)
        bb1: ; (if.then)
          %8 = access_chain @g1, 0:int : ptr<storage_buffer, float> ; loc(0:159..169)
          %9 = load %1 : float ; loc(0:168..169)
          store %8, %9 ; loc(0:159..169)
          br bb2 ; loc(0:140..170)
        bb2: ; (if.merge)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
    "#]].assert_eq(&dump);
}
