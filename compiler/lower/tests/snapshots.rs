//! Snapshot tests: the exact IR dump of small compute shaders, each verified.

mod common;

use common::dump;
use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&dump(text));
}

#[test]
fn empty_kernel() {
    check(
        "[numthreads(8, 1, 1)] void main() {}",
        expect![[r#"
            func @main_body() -> void {
            bb0: ; (entry)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(8, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn buffer_doubling() {
    check(
        r#"
RWStructuredBuffer<float> Data : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Data[id.x] = Data[id.x] * 2;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Data

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, float>
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain @g1, %5 : ptr<storage_buffer, float>
              %7 = load %6 : float
              %8 = mul %7, 2.0:float : float
              store %3, %8
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
fn arithmetic_and_conversions() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int a = 3;
    float b = a * 2.5;
    uint c = (uint)b + id.x;
    int d = -a % 2 + (a << 1) - (a >> 1) ^ 5 | 2 & 7;
    Out[0] = d + (int)c;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; a
              %2 = alloca : ptr<function, float> ; b
              %3 = alloca : ptr<function, uint> ; c
              %4 = alloca : ptr<function, int> ; d
              store %0, %arg0
              store %1, 3:int
              %5 = load %1 : int
              %6 = convert %5 : float
              %7 = mul %6, 2.5:float : float
              store %2, %7
              %8 = load %2 : float
              %9 = convert %8 : uint
              %10 = load %0 : uint3
              %11 = composite_extract %10, [0] : uint
              %12 = add %9, %11 : uint
              store %3, %12
              %13 = load %1 : int
              %14 = neg %13 : int
              %15 = rem %14, 2:int : int
              %16 = load %1 : int
              %17 = shl %16, 1:int : int
              %18 = add %15, %17 : int
              %19 = load %1 : int
              %20 = shr %19, 1:int : int
              %21 = sub %18, %20 : int
              %22 = bit_xor %21, 5:int : int
              %23 = bit_or %22, 2:int : int
              store %4, %23
              %24 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %25 = load %4 : int
              %26 = load %3 : uint
              %27 = convert %26 : int
              %28 = add %25, %27 : int
              store %24, %28
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
fn vector_arithmetic() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 v = float4(1, 2, 3, 4);
    float2 w = float2(id.xy);
    v = v * 2 + float4(w, w);
    v /= 3;
    Out[id.x] = v;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float4> ; v
              %2 = alloca : ptr<function, float2> ; w
              store %0, %arg0
              %3 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              store %1, %3
              %4 = load %0 : uint3
              %5 = swizzle %4, xy : uint2
              %6 = convert %5 : float2
              store %2, %6
              %7 = load %1 : float4
              %8 = mul %7, {2.0, 2.0, 2.0, 2.0}:float4 : float4
              %9 = load %2 : float2
              %10 = load %2 : float2
              %11 = composite_construct %9, %10 : float4
              %12 = add %8, %11 : float4
              store %1, %12
              %13 = load %1 : float4
              %14 = div %13, {3.0, 3.0, 3.0, 3.0}:float4 : float4
              store %1, %14
              %15 = load %0 : uint3
              %16 = composite_extract %15, [0] : uint
              %17 = access_chain @g1, %16 : ptr<storage_buffer, float4>
              %18 = load %1 : float4
              store %17, %18
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
fn for_loop_break_continue() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int sum = 0;
    for (int i = 0; i < 10; ++i) {
        if (i == 3) continue;
        if (i == 7) break;
        sum += i;
    }
    Out[0] = sum;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; sum
              %1 = alloca : ptr<function, int> ; i
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb9 continue=bb8 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : int
              %3 = lt %2, 10:int : bool
              cond_br %3, bb3, bb9
            bb3: ; selection merge=bb5 (loop.body)
              %4 = load %1 : int
              %5 = eq %4, 3:int : bool
              cond_br %5, bb4, bb5
            bb4: ; (if.then)
              br bb8
            bb5: ; selection merge=bb7 (if.merge)
              %6 = load %1 : int
              %7 = eq %6, 7:int : bool
              cond_br %7, bb6, bb7
            bb6: ; (if.then)
              br bb9
            bb7: ; (if.merge)
              %8 = load %0 : int
              %9 = load %1 : int
              %10 = add %8, %9 : int
              store %0, %10
              br bb8
            bb8: ; (loop.continue)
              %11 = load %1 : int
              %12 = add %11, 1:int : int
              store %1, %12
              br bb1
            bb9: ; (loop.merge)
              %13 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %14 = load %0 : int
              store %13, %14
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
fn while_loop() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint n = id.x;
    uint steps = 0;
    while (n > 1) {
        n = (n & 1) ? n * 3 + 1 : n / 2;
        steps++;
    }
    Out[id.x] = steps;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; n
              %2 = alloca : ptr<function, uint> ; steps
              store %0, %arg0
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              store %1, %4
              store %2, 0:uint
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %5 = load %1 : uint
              %6 = gt %5, 1:uint : bool
              cond_br %6, bb3, bb5
            bb3: ; (loop.body)
              %7 = load %1 : uint
              %8 = bit_and %7, 1:uint : uint
              %9 = ne %8, 0:uint : bool
              %10 = load %1 : uint
              %11 = mul %10, 3:uint : uint
              %12 = add %11, 1:uint : uint
              %13 = load %1 : uint
              %14 = div %13, 2:uint : uint
              %15 = select %9, %12, %14 : uint
              store %1, %15
              %16 = load %2 : uint
              %17 = add %16, 1:uint : uint
              store %2, %17
              br bb4
            bb4: ; (loop.continue)
              br bb1
            bb5: ; (loop.merge)
              %18 = load %0 : uint3
              %19 = composite_extract %18, [0] : uint
              %20 = access_chain @g1, %19 : ptr<storage_buffer, uint>
              %21 = load %2 : uint
              store %20, %21
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
fn do_while_loop() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int i = 0;
    do {
        i += 2;
    } while (i < 10);
    Out[0] = i;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              store %0, 0:int
              br bb1
            bb1: ; loop merge=bb4 continue=bb3 (loop.header)
              br bb2
            bb2: ; (loop.body)
              %1 = load %0 : int
              %2 = add %1, 2:int : int
              store %0, %2
              br bb3
            bb3: ; (loop.continue)
              %3 = load %0 : int
              %4 = lt %3, 10:int : bool
              cond_br %4, bb1, bb4
            bb4: ; (loop.merge)
              %5 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %6 = load %0 : int
              store %5, %6
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
fn short_circuit_and_or() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int x = (int)id.x;
    if (x > 0 && Out[x] != 0 || x == 5) {
        Out[0] = 1;
    }
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              store %1, %4
              %5 = load %1 : int
              %6 = gt %5, 0:int : bool
              cond_br %6, bb1, bb2
            bb1: ; (logic.rhs)
              %7 = load %1 : int
              %8 = access_chain @g1, %7 : ptr<storage_buffer, int>
              %9 = load %8 : int
              %10 = ne %9, 0:int : bool
              br bb2
            bb2: ; selection merge=bb4 (logic.merge)
              %11 = phi [false:bool, bb0], [%10, bb1] : bool
              cond_br %11, bb4, bb3
            bb3: ; (logic.rhs)
              %12 = load %1 : int
              %13 = eq %12, 5:int : bool
              br bb4
            bb4: ; selection merge=bb6 (logic.merge)
              %14 = phi [true:bool, bb2], [%13, bb3] : bool
              cond_br %14, bb5, bb6
            bb5: ; (if.then)
              %15 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              store %15, 1:int
              br bb6
            bb6: ; (if.merge)
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
fn pure_ternary_is_select() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float a = Out[0];
    Out[1] = a > 0 ? a : -a;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; a
              store %0, %arg0
              %2 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %3 = load %2 : float
              store %1, %3
              %4 = access_chain @g1, 1:int : ptr<storage_buffer, float>
              %5 = load %1 : float
              %6 = gt %5, 0.0:float : bool
              %7 = load %1 : float
              %8 = load %1 : float
              %9 = neg %8 : float
              %10 = select %6, %7, %9 : float
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
fn impure_ternary_is_control_flow() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int i = 0;
    int r = id.x > 2 ? i++ : i--;
    Out[0] = r + i;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; i
              %2 = alloca : ptr<function, int> ; r
              store %0, %arg0
              store %1, 0:int
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = gt %4, 2:uint : bool
              cond_br %5, bb1, bb2
            bb1: ; (cond.then)
              %6 = load %1 : int
              %7 = add %6, 1:int : int
              store %1, %7
              br bb3
            bb2: ; (cond.else)
              %8 = load %1 : int
              %9 = sub %8, 1:int : int
              store %1, %9
              br bb3
            bb3: ; (cond.merge)
              %10 = phi [%6, bb1], [%8, bb2] : int
              store %2, %10
              %11 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %12 = load %2 : int
              %13 = load %1 : int
              %14 = add %12, %13 : int
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
fn swizzle_store() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float4 v = 0;
    v.zx = float2(1, 2);
    v.w = 5;
    v.y += v.x;
    Out[0] = v.wzyx;
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
              %4 = composite_insert %2, %3, [2] : float4
              %5 = composite_extract %1, [1] : float
              %6 = composite_insert %4, %5, [0] : float4
              store %0, %6
              %7 = load %0 : float4
              %8 = composite_insert %7, 5.0:float, [3] : float4
              store %0, %8
              %9 = load %0 : float4
              %10 = composite_extract %9, [1] : float
              %11 = load %0 : float4
              %12 = composite_extract %11, [0] : float
              %13 = add %10, %12 : float
              %14 = load %0 : float4
              %15 = composite_insert %14, %13, [1] : float4
              store %0, %15
              %16 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %17 = load %0 : float4
              %18 = swizzle %17, wzyx : float4
              store %16, %18
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
fn vector_indexing() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
    float4 v = float4(1, 2, 3, 4);
    v[tid.x] = 0;
    Out[tid.x] = v[3 - tid.x];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(LocalInvocationId) ; SV_GroupThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; tid
              %1 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %2 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              store %1, %2
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = access_chain %1, %4 : ptr<function, float>
              store %5, 0.0:float
              %6 = load %0 : uint3
              %7 = composite_extract %6, [0] : uint
              %8 = access_chain @g1, %7 : ptr<storage_buffer, float>
              %9 = load %0 : uint3
              %10 = composite_extract %9, [0] : uint
              %11 = sub 3:uint, %10 : uint
              %12 = access_chain %1, %11 : ptr<function, float>
              %13 = load %12 : float
              store %8, %13
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; tid
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn local_array() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int a[4];
    for (int i = 0; i < 4; i++) a[i] = i * i;
    Out[0] = a[2];
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<int, 4>> ; a
              %1 = alloca : ptr<function, int> ; i
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : int
              %3 = lt %2, 4:int : bool
              cond_br %3, bb3, bb5
            bb3: ; (loop.body)
              %4 = load %1 : int
              %5 = access_chain %0, %4 : ptr<function, int>
              %6 = load %1 : int
              %7 = load %1 : int
              %8 = mul %6, %7 : int
              store %5, %8
              br bb4
            bb4: ; (loop.continue)
              %9 = load %1 : int
              %10 = add %9, 1:int : int
              store %1, %10
              br bb1
            bb5: ; (loop.merge)
              %11 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %12 = access_chain %0, 2:int : ptr<function, int>
              %13 = load %12 : int
              store %11, %13
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
fn switch_statement() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int r;
    switch (id.x) {
    case 0: r = 10; break;
    case 1:
    case 2: r = 20; break;
    default: r = -1; break;
    }
    Out[id.x] = r;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb5 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; r
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              switch %3, bb4, [0: bb1, 1: bb2, 2: bb3]
            bb1: ; (switch.case)
              store %1, 10:int
              br bb5
            bb2: ; (switch.case)
              br bb3
            bb3: ; (switch.case)
              store %1, 20:int
              br bb5
            bb4: ; (switch.case)
              store %1, -1:int
              br bb5
            bb5: ; (switch.merge)
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain @g1, %5 : ptr<storage_buffer, int>
              %7 = load %1 : int
              store %6, %7
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
fn return_in_branch_and_unreachable_merge() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int sign_of(int x) {
    if (x < 0) { return -1; } else { return 1; }
}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = sign_of((int)id.x - 3);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              %5 = sub %4, 3:int : int
              %6 = call @sign_of(%5) : int
              store %1, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @sign_of(%arg0: int) -> int {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %1 = load %0 : int
              %2 = lt %1, 0:int : bool
              cond_br %2, bb1, bb2
            bb1: ; (if.then)
              ret -1:int
            bb2: ; (if.else)
              ret 1:int
            bb3: ; (if.merge)
              unreachable
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn helper_function_call() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
float square(float x) { return x * x; }
void store_at(uint i, float v) { Out[i] = v; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    store_at(id.x, square(id.x));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = convert %4 : float
              %6 = call @square(%5) : float
              call @store_at(%2, %6)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @store_at(%arg0: uint, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, float> ; v
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, float>
              %4 = load %1 : float
              store %3, %4
              ret
            }

            func @square(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              %2 = load %0 : float
              %3 = mul %1, %2 : float
              ret %3
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn groupshared_and_barrier() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Tile[64];
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
    Tile[gi] = gi;
    GroupMemoryBarrierWithGroupSync();
    Out[gid.x * 64 + gi] = Tile[63 - gi];
    AllMemoryBarrier();
    DeviceMemoryBarrierWithGroupSync();
}
"#,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g1 = input uint3 builtin(WorkgroupId) ; SV_GroupID
            @g2 = groupshared array<uint, 64> ; Tile
            @g3 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint, %arg1: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; gi
              %1 = alloca : ptr<function, uint3> ; gid
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : uint
              %3 = access_chain @g2, %2 : ptr<workgroup, uint>
              %4 = load %0 : uint
              store %3, %4
              barrier workgroup_memory|group_sync
              %5 = load %1 : uint3
              %6 = composite_extract %5, [0] : uint
              %7 = mul %6, 64:uint : uint
              %8 = load %0 : uint
              %9 = add %7, %8 : uint
              %10 = access_chain @g3, %9 : ptr<storage_buffer, uint>
              %11 = load %0 : uint
              %12 = sub 63:uint, %11 : uint
              %13 = access_chain @g2, %12 : ptr<workgroup, uint>
              %14 = load %13 : uint
              store %10, %14
              barrier workgroup_memory|device_memory
              barrier device_memory|group_sync
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint ; gi
              %1 = load @g1 : uint3 ; gid
              call @main_body(%0, %1)
              ret
            }

            entry compute "main" @main numthreads(64, 1, 1) inputs(@g0, @g1) outputs()
        "#]],
    );
}

#[test]
fn atomics_groupshared_and_buffer() {
    check(
        r#"
RWStructuredBuffer<uint> Counters : register(u0);
RWByteAddressBuffer Raw : register(u1);
groupshared uint Total;
[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi == 0) Total = 0;
    GroupMemoryBarrierWithGroupSync();
    uint old;
    InterlockedAdd(Total, 1, old);
    InterlockedMax(Counters[0], old);
    InterlockedCompareExchange(Counters[1], 0, gi, old);
    Raw.InterlockedOr(8, 1u << gi);
}
"#,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g1 = groupshared uint ; Total
            @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Counters
            @g3 = resource storage_buffer RWByteAddressBuffer set(0) binding(1) ; Raw

            func @main_body(%arg0: uint) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint> ; gi
              %1 = alloca : ptr<function, uint> ; old
              store %0, %arg0
              %2 = load %0 : uint
              %3 = eq %2, 0:uint : bool
              cond_br %3, bb1, bb2
            bb1: ; (if.then)
              store @g1, 0:uint
              br bb2
            bb2: ; (if.merge)
              barrier workgroup_memory|group_sync
              %4 = atomic_rmw add @g1, 1:uint : uint
              store %1, %4
              %5 = access_chain @g2, 0:int : ptr<storage_buffer, uint>
              %6 = load %1 : uint
              %7 = atomic_rmw max %5, %6 : uint
              %8 = access_chain @g2, 1:int : ptr<storage_buffer, uint>
              %9 = load %0 : uint
              %10 = atomic_compare_exchange %8, 0:uint, %9 : uint
              store %1, %10
              %11 = shr 8:uint, 2:uint : uint
              %12 = access_chain @g3, %11 : ptr<storage_buffer, uint>
              %13 = load %0 : uint
              %14 = shl 1:uint, %13 : uint
              %15 = atomic_rmw or %12, %14 : uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint ; gi
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(32, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn cbuffer_read() {
    check(
        r#"
cbuffer Params : register(b0, space1) {
    float Scale;
    uint Count;
    float4 Offset;
};
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x < Count) Out[id.x] = Out[id.x] * Scale + Offset;
}
"#,
        expect![[r#"
            struct type.Params { float Scale; uint Count; float4 Offset; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform ConstantBuffer<type.Params> set(1) binding(0) layout(relaxed_std140) ; Params
            @g2 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = access_chain @g1, 1:int : ptr<uniform, uint>
              %4 = load %3 : uint
              %5 = lt %2, %4 : bool
              cond_br %5, bb1, bb2
            bb1: ; (if.then)
              %6 = load %0 : uint3
              %7 = composite_extract %6, [0] : uint
              %8 = access_chain @g2, %7 : ptr<storage_buffer, float4>
              %9 = load %0 : uint3
              %10 = composite_extract %9, [0] : uint
              %11 = access_chain @g2, %10 : ptr<storage_buffer, float4>
              %12 = load %11 : float4
              %13 = access_chain @g1, 0:int : ptr<uniform, float>
              %14 = load %13 : float
              %15 = composite_construct %14, %14, %14, %14 : float4
              %16 = mul %12, %15 : float4
              %17 = access_chain @g1, 2:int : ptr<uniform, float4>
              %18 = load %17 : float4
              %19 = add %16, %18 : float4
              store %8, %19
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

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn byte_address_buffer() {
    check(
        r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint2 v = In.Load2(id.x * 8);
    Out.Store(id.x * 4, v.x + v.y);
    Out.Store2(64, v);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer ByteAddressBuffer set(0) binding(0) ; In
            @g2 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint2> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = mul %3, 8:uint : uint
              %5 = byte_address_load @g1, %4 : uint2
              store %1, %5
              %6 = load %0 : uint3
              %7 = composite_extract %6, [0] : uint
              %8 = mul %7, 4:uint : uint
              %9 = load %1 : uint2
              %10 = composite_extract %9, [0] : uint
              %11 = load %1 : uint2
              %12 = composite_extract %11, [1] : uint
              %13 = add %10, %12 : uint
              byte_address_store @g2, %8, %13
              %14 = load %1 : uint2
              byte_address_store @g2, 64:uint, %14
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
fn typed_buffers_and_textures() {
    check(
        r#"
Buffer<float4> In : register(t0);
RWBuffer<float> Out : register(u0);
Texture2D<float4> Tex : register(t1);
RWTexture2D<float4> Img : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = In[id.x].x + In.Load(id.y).y;
    Img[id.xy] = Tex.Load(int3(id.xy, 0)) + Tex[id.xy];
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform_constant RWBuffer<float> set(0) binding(0) ; Out
            @g2 = resource uniform_constant Buffer<float4> set(0) binding(0) ; In
            @g3 = resource uniform_constant RWTexture2D<float4> set(0) binding(1) ; Img
            @g4 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; Tex

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = texture_load @g2, %4 : float4
              %6 = composite_extract %5, [0] : float
              %7 = load %0 : uint3
              %8 = composite_extract %7, [1] : uint
              %9 = texture_load @g2, %8 : float4
              %10 = composite_extract %9, [1] : float
              %11 = add %6, %10 : float
              texture_store @g1, %2, %11
              %12 = load %0 : uint3
              %13 = swizzle %12, xy : uint2
              %14 = load %0 : uint3
              %15 = swizzle %14, xy : uint2
              %16 = convert %15 : int2
              %17 = composite_construct %16, 0:int : int3
              %18 = swizzle %17, xy : int2
              %19 = composite_extract %17, [2] : int
              %20 = texture_load @g4, %18, %19 : float4
              %21 = load %0 : uint3
              %22 = swizzle %21, xy : uint2
              %23 = texture_load @g4, %22, 0:uint : float4
              %24 = add %20, %23 : float4
              texture_store @g3, %13, %24
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
