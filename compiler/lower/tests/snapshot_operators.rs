//! Snapshot tests of operators and conversions: arithmetic, bitwise, increments, compound
//! assignment, comparisons, implicit and explicit conversions, splats, truncation, swizzles and
//! indexing; each dump verified.

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

#[test]
fn signed_division_and_remainder() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int a = (int)id.x - 7;
    Out[0] = a / 2 + a % 3;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; a
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              %5 = sub %4, 7:int : int
              store %1, %5
              %6 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %7 = load %1 : int
              %8 = div %7, 2:int : int
              %9 = load %1 : int
              %10 = rem %9, 3:int : int
              %11 = add %8, %10 : int
              store %6, %11
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
fn unsigned_shifts_and_bitwise() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint v = id.x;
    Out[0] = ((v << 3) | (v >> 1)) ^ (v & 0xFF);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              store %1, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %5 = load %1 : uint
              %6 = shl %5, 3:uint : uint
              %7 = load %1 : uint
              %8 = shr %7, 1:uint : uint
              %9 = bit_or %6, %8 : uint
              %10 = load %1 : uint
              %11 = bit_and %10, 255:uint : uint
              %12 = bit_xor %9, %11 : uint
              store %4, %12
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
fn negation_and_bitwise_not() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int v = id.x;
    Out[0] = -v + ~v;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %6 = load %1 : int
              %7 = neg %6 : int
              %8 = load %1 : int
              %9 = bit_not %8 : int
              %10 = add %7, %9 : int
              store %5, %10
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
fn pre_and_post_increment_values() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int i = 5;
    int a = i++;
    int b = ++i;
    int c = i--;
    Out[0] = a + b + c + --i;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              %1 = alloca : ptr<function, int> ; a
              %2 = alloca : ptr<function, int> ; b
              %3 = alloca : ptr<function, int> ; c
              store %0, 5:int
              %4 = load %0 : int
              %5 = add %4, 1:int : int
              store %0, %5
              store %1, %4
              %6 = load %0 : int
              %7 = add %6, 1:int : int
              store %0, %7
              store %2, %7
              %8 = load %0 : int
              %9 = sub %8, 1:int : int
              store %0, %9
              store %3, %8
              %10 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %11 = load %1 : int
              %12 = load %2 : int
              %13 = add %11, %12 : int
              %14 = load %3 : int
              %15 = add %13, %14 : int
              %16 = load %0 : int
              %17 = sub %16, 1:int : int
              store %0, %17
              %18 = add %15, %17 : int
              store %10, %18
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
fn compound_assignments_on_vectors() {
    check(
        r#"
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float3 v = 1;
    v += 2;
    v *= float3(1, 2, 3);
    v /= 4;
    v -= v.zyx;
    Out[0] = v;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float3> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; v
              store %0, {1.0, 1.0, 1.0}:float3
              %1 = load %0 : float3
              %2 = add %1, {2.0, 2.0, 2.0}:float3 : float3
              store %0, %2
              %3 = load %0 : float3
              %4 = composite_construct 1.0:float, 2.0:float, 3.0:float : float3
              %5 = mul %3, %4 : float3
              store %0, %5
              %6 = load %0 : float3
              %7 = div %6, {4.0, 4.0, 4.0}:float3 : float3
              store %0, %7
              %8 = load %0 : float3
              %9 = load %0 : float3
              %10 = swizzle %9, zyx : float3
              %11 = sub %8, %10 : float3
              store %0, %11
              %12 = access_chain @g0, 0:int : ptr<storage_buffer, float3>
              %13 = load %0 : float3
              store %12, %13
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
fn vector_comparison_gives_bool_vector() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool3 lt = id < uint3(1, 2, 3);
    Out[0] = lt.x ? 1 : 0;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, bool3> ; lt
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_construct 1:uint, 2:uint, 3:uint : uint3
              %4 = lt %2, %3 : bool3
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %6 = load %1 : bool3
              %7 = composite_extract %6, [0] : bool
              %8 = select %7, 1:int, 0:int : int
              %9 = convert %8 : uint
              store %5, %9
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
fn float_to_int_and_back() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float f = id.x * 0.5;
    int i = (int)f;
    uint u = f;
    Out[0] = i + u;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; f
              %2 = alloca : ptr<function, int> ; i
              %3 = alloca : ptr<function, uint> ; u
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = convert %5 : float
              %7 = mul %6, 0.5:float : float
              store %1, %7
              %8 = load %1 : float
              %9 = convert %8 : int
              store %2, %9
              %10 = load %1 : float
              %11 = convert %10 : uint
              store %3, %11
              %12 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %13 = load %2 : int
              %14 = convert %13 : uint
              %15 = load %3 : uint
              %16 = add %14, %15 : uint
              %17 = convert %16 : float
              store %12, %17
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
fn bool_to_number_is_select() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool b = id.x > 3;
    float f = b;
    int i = (int)b;
    Out[0] = f + i;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, bool> ; b
              %2 = alloca : ptr<function, float> ; f
              %3 = alloca : ptr<function, int> ; i
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = gt %5, 3:uint : bool
              store %1, %6
              %7 = load %1 : bool
              %8 = select %7, 1.0:float, 0.0:float : float
              store %2, %8
              %9 = load %1 : bool
              %10 = select %9, 1:int, 0:int : int
              store %3, %10
              %11 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %12 = load %2 : float
              %13 = load %3 : int
              %14 = convert %13 : float
              %15 = add %12, %14 : float
              store %11, %15
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
fn number_to_bool_is_comparison() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float f = id.x;
    bool b = f;
    bool2 v = float2(f, 0);
    Out[0] = b && v.y;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; f
              %2 = alloca : ptr<function, bool> ; b
              %3 = alloca : ptr<function, bool2> ; v
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = convert %5 : float
              store %1, %6
              %7 = load %1 : float
              %8 = ne %7, 0.0:float : bool
              store %2, %8
              %9 = load %1 : float
              %10 = composite_construct %9, 0.0:float : float2
              %11 = ne %10, {0.0, 0.0}:float2 : bool2
              store %3, %11
              %12 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %13 = load %2 : bool
              cond_br %13, bb1, bb2
            bb1: ; (logic.rhs)
              %14 = load %3 : bool2
              %15 = composite_extract %14, [1] : bool
              br bb2
            bb2: ; (logic.merge)
              %16 = phi [false:bool, bb0], [%15, bb1] : bool
              %17 = select %16, 1:int, 0:int : int
              store %12, %17
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
fn scalar_splats_to_vector() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float s = id.x;
    float4 v = s;
    Out[0] = v + s;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; s
              %2 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = convert %4 : float
              store %1, %5
              %6 = load %1 : float
              %7 = composite_construct %6, %6, %6, %6 : float4
              store %2, %7
              %8 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %9 = load %2 : float4
              %10 = load %1 : float
              %11 = composite_construct %10, %10, %10, %10 : float4
              %12 = add %9, %11 : float4
              store %8, %12
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
fn vector_truncation_to_smaller() {
    check(
        r#"
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 v = float4(id, 1);
    float2 t = (float2)v;
    float s = (float)v;
    Out[0] = t + s;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float4> ; v
              %2 = alloca : ptr<function, float2> ; t
              %3 = alloca : ptr<function, float> ; s
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = convert %4 : float3
              %6 = composite_construct %5, 1.0:float : float4
              store %1, %6
              %7 = load %1 : float4
              %8 = swizzle %7, xy : float2
              store %2, %8
              %9 = load %1 : float4
              %10 = composite_extract %9, [0] : float
              store %3, %10
              %11 = access_chain @g1, 0:int : ptr<storage_buffer, float2>
              %12 = load %2 : float2
              %13 = load %3 : float
              %14 = composite_construct %13, %13 : float2
              %15 = add %12, %14 : float2
              store %11, %15
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
fn swizzle_reads_with_repeats() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 v = id;
    Out[0] = v.xxzy + v.rrrb;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float3> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = convert %2 : float3
              store %1, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %5 = load %1 : float3
              %6 = swizzle %5, xxzy : float4
              %7 = load %1 : float3
              %8 = swizzle %7, xxxz : float4
              %9 = add %6, %8 : float4
              store %4, %9
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
fn swizzle_partial_write() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float4 v = 0;
    v.wx = float2(1, 2);
    v.y = 3;
    Out[0] = v;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; v
              store %0, {0.0, 0.0, 0.0, 0.0}:float4
              %1 = composite_construct 1.0:float, 2.0:float : float2
              %2 = load %0 : float4
              %3 = composite_extract %1, [0] : float
              %4 = composite_insert %2, %3, [3] : float4
              %5 = composite_extract %1, [1] : float
              %6 = composite_insert %4, %5, [0] : float4
              store %0, %6
              %7 = load %0 : float4
              %8 = composite_insert %7, 3.0:float, [1] : float4
              store %0, %8
              %9 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %10 = load %0 : float4
              store %9, %10
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
fn scalar_swizzle() {
    check(
        r#"
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float s = id.x;
    Out[0] = s.xxx;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float3> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; s
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : float
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, float3>
              %6 = load %1 : float
              %7 = composite_construct %6, %6, %6 : float3
              store %5, %7
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
fn matrix_rows_and_elements() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2x4 m = float2x4(1, 2, 3, 4, 5, 6, 7, 8);
    m[1][2] = id.x;
    Out[0] = m[0] + m[1];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float2x4> ; m
              store %0, %arg0
              %2 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              %3 = composite_construct 5.0:float, 6.0:float, 7.0:float, 8.0:float : float4
              %4 = composite_construct %2, %3 : float2x4
              store %1, %4
              %5 = access_chain %1, 1:int : ptr<function, float4>
              %6 = access_chain %5, 2:int : ptr<function, float>
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = convert %8 : float
              store %6, %9
              %10 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %11 = access_chain %1, 0:int : ptr<function, float4>
              %12 = load %11 : float4
              %13 = access_chain %1, 1:int : ptr<function, float4>
              %14 = load %13 : float4
              %15 = add %12, %14 : float4
              store %10, %15
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
fn dynamic_index_into_local_array() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    int a[4] = { 1, 2, 3, 4 };
    a[gi] = a[3 - gi] * 2;
    Out[gi] = a[gi];
}
"#,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; gi
              %1 = alloca : ptr<function, array<int, 4>> ; a
              store %0, %arg0
              %2 = composite_construct 1:int, 2:int, 3:int, 4:int : array<int, 4>
              store %1, %2
              %3 = load %0 : uint
              %4 = access_chain %1, %3 : ptr<function, int>
              %5 = load %0 : uint
              %6 = sub 3:uint, %5 : uint
              %7 = access_chain %1, %6 : ptr<function, int>
              %8 = load %7 : int
              %9 = mul %8, 2:int : int
              store %4, %9
              %10 = load %0 : uint
              %11 = access_chain @g1, %10 : ptr<storage_buffer, int>
              %12 = load %0 : uint
              %13 = access_chain %1, %12 : ptr<function, int>
              %14 = load %13 : int
              store %11, %14
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint ; gi
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}
