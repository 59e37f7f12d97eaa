//! Snapshot tests of composite values and constants: struct and array members, initializer lists,
//! constructors, casts, selects and short-circuit logic, assignments, sizeof, enumerators,
//! qualified constants and HLSL 2021 and/or/select; each dump verified.

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
fn dynamic_vector_component_store() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    float4 v = 0;
    v[gi] = 1;
    Out[0] = v;
}
"#,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; gi
              %1 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              store %1, {0.0, 0.0, 0.0, 0.0}:float4
              %2 = load %0 : uint
              %3 = access_chain %1, %2 : ptr<function, float>
              store %3, 1.0:float
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %5 = load %1 : float4
              store %4, %5
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

#[test]
fn nested_struct_members() {
    check(
        r#"
struct Inner { float2 uv; int id; };
struct Outer { Inner a; Inner b[2]; };
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Outer o;
    o.a.uv = float2(1, 2);
    o.b[1].uv = o.a.uv * 2;
    o.b[1].id = 3;
    Out[0] = o.b[1].uv;
}
"#,
        expect![[r#"
            struct Inner { float2 uv; int id; }
            struct Outer { Inner a; array<Inner, 2> b; }

            @g0 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Outer> ; o
              %1 = access_chain %0, 0:int : ptr<function, Inner>
              %2 = access_chain %1, 0:int : ptr<function, float2>
              %3 = composite_construct 1.0:float, 2.0:float : float2
              store %2, %3
              %4 = access_chain %0, 1:int : ptr<function, array<Inner, 2>>
              %5 = access_chain %4, 1:int : ptr<function, Inner>
              %6 = access_chain %5, 0:int : ptr<function, float2>
              %7 = access_chain %0, 0:int : ptr<function, Inner>
              %8 = access_chain %7, 0:int : ptr<function, float2>
              %9 = load %8 : float2
              %10 = mul %9, {2.0, 2.0}:float2 : float2
              store %6, %10
              %11 = access_chain %0, 1:int : ptr<function, array<Inner, 2>>
              %12 = access_chain %11, 1:int : ptr<function, Inner>
              %13 = access_chain %12, 1:int : ptr<function, int>
              store %13, 3:int
              %14 = access_chain @g0, 0:int : ptr<storage_buffer, float2>
              %15 = access_chain %0, 1:int : ptr<function, array<Inner, 2>>
              %16 = access_chain %15, 1:int : ptr<function, Inner>
              %17 = access_chain %16, 0:int : ptr<function, float2>
              %18 = load %17 : float2
              store %14, %18
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
fn struct_initializer_list() {
    check(
        r#"
struct P { float3 pos; uint id; };
RWStructuredBuffer<P> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    P p = { 1, 2, 3, 4 };
    P q = { float3(5, 6, 7), 8 };
    Out[0] = p;
    Out[1] = q;
}
"#,
        expect![[r#"
            struct P { float3 pos; uint id; }

            @g0 = resource storage_buffer RWStructuredBuffer<P> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, P> ; p
              %1 = alloca : ptr<function, P> ; q
              %2 = composite_construct 1.0:float, 2.0:float, 3.0:float : float3
              %3 = composite_construct %2, 4:uint : P
              store %0, %3
              %4 = composite_construct 5.0:float, 6.0:float, 7.0:float : float3
              %5 = composite_extract %4, [0] : float
              %6 = composite_extract %4, [1] : float
              %7 = composite_extract %4, [2] : float
              %8 = composite_construct %5, %6, %7 : float3
              %9 = composite_construct %8, 8:uint : P
              store %1, %9
              %10 = access_chain @g0, 0:int : ptr<storage_buffer, P>
              %11 = load %0 : P
              store %10, %11
              %12 = access_chain @g0, 1:int : ptr<storage_buffer, P>
              %13 = load %1 : P
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
fn nested_array_initializer() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int2 a[2] = { { 1, 2 }, { 3, 4 } };
    Out[0] = a[1].y;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<int2, 2>> ; a
              %1 = composite_construct 1:int, 2:int : int2
              %2 = composite_construct 3:int, 4:int : int2
              %3 = composite_construct %1, %2 : array<int2, 2>
              store %0, %3
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %5 = access_chain %0, 1:int : ptr<function, int2>
              %6 = load %5 : int2
              %7 = composite_extract %6, [1] : int
              store %4, %7
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
fn vector_constructor_from_parts() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 xy = id.xy;
    Out[0] = float4(xy, 0.5, id.z);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float2> ; xy
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = swizzle %2, xy : uint2
              %4 = convert %3 : float2
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %6 = load %1 : float2
              %7 = load %0 : uint3
              %8 = composite_extract %7, [2] : uint
              %9 = convert %8 : float
              %10 = composite_construct %6, 0.5:float, %9 : float4
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
fn casts_between_vector_kinds() {
    check(
        r#"
RWStructuredBuffer<int3> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 f = id * 1.5;
    Out[0] = (int3)f + int3(id);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int3> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float3> ; f
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = convert %2 : float3
              %4 = mul %3, {1.5, 1.5, 1.5}:float3 : float3
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, int3>
              %6 = load %1 : float3
              %7 = convert %6 : int3
              %8 = load %0 : uint3
              %9 = convert %8 : int3
              %10 = add %7, %9 : int3
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
fn vector_ternary_is_componentwise_select() {
    check(
        r#"
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 v = id;
    Out[0] = select(v > 1, v, -v);
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
              store %1, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, float3>
              %5 = load %1 : float3
              %6 = gt %5, {1.0, 1.0, 1.0}:float3 : bool3
              %7 = load %1 : float3
              %8 = load %1 : float3
              %9 = neg %8 : float3
              %10 = select %6, %7, %9 : float3
              store %4, %10
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
fn nested_short_circuit() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool r = (id.x > 0 && id.y > 0) || id.z == 0;
    Out[0] = r;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, bool> ; r
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = gt %3, 0:uint : bool
              cond_br %4, bb1, bb2
            bb1: ; (logic.rhs)
              %5 = load %0 : uint3
              %6 = composite_extract %5, [1] : uint
              %7 = gt %6, 0:uint : bool
              br bb2
            bb2: ; selection merge=bb4 (logic.merge)
              %8 = phi [false:bool, bb0], [%7, bb1] : bool
              cond_br %8, bb4, bb3
            bb3: ; (logic.rhs)
              %9 = load %0 : uint3
              %10 = composite_extract %9, [2] : uint
              %11 = eq %10, 0:uint : bool
              br bb4
            bb4: ; (logic.merge)
              %12 = phi [true:bool, bb2], [%11, bb3] : bool
              store %1, %12
              %13 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %14 = load %1 : bool
              %15 = select %14, 1:int, 0:int : int
              store %13, %15
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
fn ternary_with_calls_is_control_flow() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int twice(int x) { return x * 2; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int x = id.x;
    Out[0] = x > 2 ? twice(x) : x;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %6 = load %1 : int
              %7 = gt %6, 2:int : bool
              cond_br %7, bb1, bb2
            bb1: ; (cond.then)
              %8 = load %1 : int
              %9 = call @twice(%8) : int
              br bb3
            bb2: ; (cond.else)
              %10 = load %1 : int
              br bb3
            bb3: ; (cond.merge)
              %11 = phi [%9, bb1], [%10, bb2] : int
              store %5, %11
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @twice(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %1 = load %0 : int
              %2 = mul %1, 2:int : int
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn chained_assignment() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int a, b, c;
    a = b = c = 4;
    Out[0] = a + b + c;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; a
              %1 = alloca : ptr<function, int> ; b
              %2 = alloca : ptr<function, int> ; c
              store %2, 4:int
              store %1, 4:int
              store %0, 4:int
              %3 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %4 = load %0 : int
              %5 = load %1 : int
              %6 = add %4, %5 : int
              %7 = load %2 : int
              %8 = add %6, %7 : int
              store %3, %8
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
fn comma_in_for_step() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int j = 0;
    for (int i = 0; i < 3; i++, j += 2) {}
    Out[0] = j;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; j
              %1 = alloca : ptr<function, int> ; i
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : int
              %3 = lt %2, 3:int : bool
              cond_br %3, bb3, bb5
            bb3: ; (loop.body)
              br bb4
            bb4: ; (loop.continue)
              %4 = load %1 : int
              %5 = add %4, 1:int : int
              store %1, %5
              %6 = load %0 : int
              %7 = add %6, 2:int : int
              store %0, %7
              br bb1
            bb5: ; (loop.merge)
              %8 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %9 = load %0 : int
              store %8, %9
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
fn sizeof_types_and_values() {
    check(
        r#"
struct R { float3 p; uint f; float2x2 m; };
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float4 c = 0;
    Out[0] = sizeof(R) + sizeof(float3) + sizeof(c);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; c
              store %0, {0.0, 0.0, 0.0, 0.0}:float4
              %1 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %2 = add 32:uint, 12:uint : uint
              %3 = add %2, 16:uint : uint
              store %1, %3
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
fn enumerators_are_constants() {
    check(
        r#"
enum Color { Red, Green = 5, Blue };
enum class Mode : uint { A = 2, B };
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Color c = Blue;
    Out[0] = c + Green + (int)Mode::B;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; c
              store %0, 6:int
              %1 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %2 = load %0 : int
              %3 = add %2, 5:int : int
              %4 = convert 3:uint : int
              %5 = add %3, %4 : int
              store %1, %5
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
fn switch_on_enumerators() {
    check(
        r#"
enum Kind { KA, KB, KC };
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Kind k = (Kind)id.x;
    int r = 0;
    switch (k) {
    case KA: r = 1; break;
    case KC: r = 3; break;
    }
    Out[0] = r;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; k
              %2 = alloca : ptr<function, int> ; r
              store %0, %arg0
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = convert %4 : int
              store %1, %5
              store %2, 0:int
              %6 = load %1 : int
              switch %6, bb3, [0: bb1, 2: bb2]
            bb1: ; (switch.case)
              store %2, 1:int
              br bb3
            bb2: ; (switch.case)
              store %2, 3:int
              br bb3
            bb3: ; (switch.merge)
              %7 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %8 = load %2 : int
              store %7, %8
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
fn hlsl2021_and_or_select() {
    check(
        r#"
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool2 a = id.xy > 1;
    bool2 b = id.xy < 4;
    Out[0] = select(and(a, b), float2(1, 2), select(or(a, b), 3.0, 4.0));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, bool2> ; a
              %2 = alloca : ptr<function, bool2> ; b
              store %0, %arg0
              %3 = load %0 : uint3
              %4 = swizzle %3, xy : uint2
              %5 = gt %4, {1, 1}:uint2 : bool2
              store %1, %5
              %6 = load %0 : uint3
              %7 = swizzle %6, xy : uint2
              %8 = lt %7, {4, 4}:uint2 : bool2
              store %2, %8
              %9 = access_chain @g1, 0:int : ptr<storage_buffer, float2>
              %10 = load %1 : bool2
              %11 = load %2 : bool2
              %12 = logical_and %10, %11 : bool2
              %13 = composite_construct 1.0:float, 2.0:float : float2
              %14 = load %1 : bool2
              %15 = load %2 : bool2
              %16 = logical_or %14, %15 : bool2
              %17 = select %16, {3.0, 3.0}:float2, {4.0, 4.0}:float2 : float2
              %18 = select %12, %13, %17 : float2
              store %9, %18
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
fn qualified_static_constants() {
    check(
        r#"
namespace Limits { static const uint Max = 16; }
struct Config { static const float Scale = 0.5; };
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = min(id.x, Limits::Max) * Config::Scale;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = private uint = 16:uint ; Max
            @g3 = private float = 0.5:float ; Scale

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = load @g2 : uint
              %5 = call_intrinsic min(%3, %4) : uint
              %6 = convert %5 : float
              %7 = load @g3 : float
              %8 = mul %6, %7 : float
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
