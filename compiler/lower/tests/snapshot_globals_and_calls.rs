//! Snapshot tests, continued from `snapshots.rs`: intrinsics, struct buffers, initializer
//! lists, `out` parameters, matrices, static globals and `init_globals`, control hints,
//! overloads, loose uniforms: the exact IR dump of small compute shaders, each verified.

mod common;

use common::{dump, try_lower};
use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&dump(text));
}

#[test]
fn intrinsics() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 v = Out[0];
    float d = dot(v.xyz, v.zyx);
    v = clamp(v, 0, 1) + lerp(v, v * 2, 0.5) + sqrt(abs(v)) + max(v, d);
    bool ok = all(v > 0) || any(isnan(v));
    Out[1] = ok ? v : saturate(v);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float4> ; v
              %2 = alloca : ptr<function, float> ; d
              %3 = alloca : ptr<function, bool> ; ok
              store %0, %arg0
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %5 = load %4 : float4
              store %1, %5
              %6 = load %1 : float4
              %7 = swizzle %6, xyz : float3
              %8 = load %1 : float4
              %9 = swizzle %8, zyx : float3
              %10 = dot %7, %9 : float
              store %2, %10
              %11 = load %1 : float4
              %12 = call_intrinsic clamp(%11, {0.0, 0.0, 0.0, 0.0}:float4, {1.0, 1.0, 1.0, 1.0}:float4) : float4
              %13 = load %1 : float4
              %14 = load %1 : float4
              %15 = mul %14, {2.0, 2.0, 2.0, 2.0}:float4 : float4
              %16 = call_intrinsic lerp(%13, %15, {0.5, 0.5, 0.5, 0.5}:float4) : float4
              %17 = add %12, %16 : float4
              %18 = load %1 : float4
              %19 = call_intrinsic abs(%18) : float4
              %20 = call_intrinsic sqrt(%19) : float4
              %21 = add %17, %20 : float4
              %22 = load %1 : float4
              %23 = load %2 : float
              %24 = composite_construct %23, %23, %23, %23 : float4
              %25 = call_intrinsic max(%22, %24) : float4
              %26 = add %21, %25 : float4
              store %1, %26
              %27 = load %1 : float4
              %28 = gt %27, {0.0, 0.0, 0.0, 0.0}:float4 : bool4
              %29 = call_intrinsic all(%28) : bool
              cond_br %29, bb2, bb1
            bb1: ; (logic.rhs)
              %30 = load %1 : float4
              %31 = call_intrinsic isnan(%30) : bool4
              %32 = call_intrinsic any(%31) : bool
              br bb2
            bb2: ; (logic.merge)
              %33 = phi [true:bool, bb0], [%32, bb1] : bool
              store %3, %33
              %34 = access_chain @g1, 1:int : ptr<storage_buffer, float4>
              %35 = load %3 : bool
              %36 = load %1 : float4
              %37 = load %1 : float4
              %38 = call_intrinsic saturate(%37) : float4
              %39 = select %35, %36, %38 : float4
              store %34, %39
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
fn integer_intrinsics() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = countbits(id.x) + reversebits(id.y) + firstbithigh(id.z) + min(id.x, 7u) + asuint(1.0f);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = call_intrinsic countbits(%3) : uint
              %5 = load %0 : uint3
              %6 = composite_extract %5, [1] : uint
              %7 = call_intrinsic reversebits(%6) : uint
              %8 = add %4, %7 : uint
              %9 = load %0 : uint3
              %10 = composite_extract %9, [2] : uint
              %11 = call_intrinsic firstbithigh(%10) : uint
              %12 = add %8, %11 : uint
              %13 = load %0 : uint3
              %14 = composite_extract %13, [0] : uint
              %15 = call_intrinsic min(%14, 7:uint) : uint
              %16 = add %12, %15 : uint
              %17 = call_intrinsic asuint(1.0:float) : uint
              %18 = add %16, %17 : uint
              store %1, %18
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
fn logical_not_and_bool_conversion() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool b = id.x;
    int i = b;
    float f = !b;
    Out[0] = i + (int)f + (int)(~id.y);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, bool> ; b
              %2 = alloca : ptr<function, int> ; i
              %3 = alloca : ptr<function, float> ; f
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = ne %5, 0:uint : bool
              store %1, %6
              %7 = load %1 : bool
              %8 = select %7, 1:int, 0:int : int
              store %2, %8
              %9 = load %1 : bool
              %10 = logical_not %9 : bool
              %11 = select %10, 1.0:float, 0.0:float : float
              store %3, %11
              %12 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %13 = load %2 : int
              %14 = load %3 : float
              %15 = convert %14 : int
              %16 = add %13, %15 : int
              %17 = load %0 : uint3
              %18 = composite_extract %17, [1] : uint
              %19 = bit_not %18 : uint
              %20 = convert %19 : int
              %21 = add %16, %20 : int
              store %12, %21
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
fn nested_loops_with_break() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int n = 0;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
            if (j > i) break;
            n++;
        }
    }
    Out[0] = n;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; n
              %1 = alloca : ptr<function, int> ; i
              %2 = alloca : ptr<function, int> ; j
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb12 continue=bb11 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %3 = load %1 : int
              %4 = lt %3, 4:int : bool
              cond_br %4, bb3, bb12
            bb3: ; (loop.body)
              store %2, 0:int
              br bb4
            bb4: ; loop merge=bb10 continue=bb9 (loop.header)
              br bb5
            bb5: ; (loop.check)
              %5 = load %2 : int
              %6 = lt %5, 4:int : bool
              cond_br %6, bb6, bb10
            bb6: ; selection merge=bb8 (loop.body)
              %7 = load %2 : int
              %8 = load %1 : int
              %9 = gt %7, %8 : bool
              cond_br %9, bb7, bb8
            bb7: ; (if.then)
              br bb10
            bb8: ; (if.merge)
              %10 = load %0 : int
              %11 = add %10, 1:int : int
              store %0, %11
              br bb9
            bb9: ; (loop.continue)
              %12 = load %2 : int
              %13 = add %12, 1:int : int
              store %2, %13
              br bb4
            bb10: ; (loop.merge)
              br bb11
            bb11: ; (loop.continue)
              %14 = load %1 : int
              %15 = add %14, 1:int : int
              store %1, %15
              br bb1
            bb12: ; (loop.merge)
              %16 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %17 = load %0 : int
              store %16, %17
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
fn endless_loop_with_return() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int i = 0;
    for (;;) {
        if (Out[i] == 0) return;
        i++;
    }
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              store %0, 0:int
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (loop.header)
              br bb2
            bb2: ; selection merge=bb4 (loop.body)
              %1 = load %0 : int
              %2 = access_chain @g0, %1 : ptr<storage_buffer, int>
              %3 = load %2 : int
              %4 = eq %3, 0:int : bool
              cond_br %4, bb3, bb4
            bb3: ; (if.then)
              ret
            bb4: ; (if.merge)
              %5 = load %0 : int
              %6 = add %5, 1:int : int
              store %0, %6
              br bb5
            bb5: ; (loop.continue)
              br bb1
            bb6: ; (loop.merge)
              unreachable
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
fn struct_buffer_members() {
    check(
        r#"
struct Particle { float3 pos; float3 vel; uint alive; };
RWStructuredBuffer<Particle> Particles : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (Particles[id.x].alive != 0) {
        Particles[id.x].pos += Particles[id.x].vel * 0.5;
        Particles[id.x].vel.y -= 9.8;
    }
}
"#,
        expect![[r#"
            struct Particle { float3 pos; float3 vel; uint alive; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<Particle> set(0) binding(0) layout(relaxed_std430) ; Particles

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, Particle>
              %4 = access_chain %3, 2:int : ptr<storage_buffer, uint>
              %5 = load %4 : uint
              %6 = ne %5, 0:uint : bool
              cond_br %6, bb1, bb2
            bb1: ; (if.then)
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = access_chain @g1, %8 : ptr<storage_buffer, Particle>
              %10 = access_chain %9, 0:int : ptr<storage_buffer, float3>
              %11 = load %10 : float3
              %12 = load %0 : uint3
              %13 = composite_extract %12, [0] : uint
              %14 = access_chain @g1, %13 : ptr<storage_buffer, Particle>
              %15 = access_chain %14, 1:int : ptr<storage_buffer, float3>
              %16 = load %15 : float3
              %17 = mul %16, {0.5, 0.5, 0.5}:float3 : float3
              %18 = add %11, %17 : float3
              store %10, %18
              %19 = load %0 : uint3
              %20 = composite_extract %19, [0] : uint
              %21 = access_chain @g1, %20 : ptr<storage_buffer, Particle>
              %22 = access_chain %21, 1:int : ptr<storage_buffer, float3>
              %23 = load %22 : float3
              %24 = composite_extract %23, [1] : float
              %25 = sub %24, 9.8:float : float
              %26 = load %22 : float3
              %27 = composite_insert %26, %25, [1] : float3
              store %22, %27
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
fn group_ids_converted_to_int() {
    check(
        r#"
RWStructuredBuffer<int2> Out : register(u0);
[numthreads(4, 4, 1)]
void main(int2 gtid : SV_GroupThreadID, int gi : SV_GroupIndex) {
    Out[gi] = gtid * 2;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(LocalInvocationId) ; SV_GroupThreadID
            @g1 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g2 = resource storage_buffer RWStructuredBuffer<int2> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: int2, %arg1: int) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int2> ; gtid
              %1 = alloca : ptr<function, int> ; gi
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : int
              %3 = access_chain @g2, %2 : ptr<storage_buffer, int2>
              %4 = load %0 : int2
              %5 = mul %4, {2, 2}:int2 : int2
              store %3, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; gtid
              %1 = swizzle %0, xy : uint2
              %2 = convert %1 : int2
              %3 = load @g1 : uint ; gi
              %4 = convert %3 : int
              call @main_body(%2, %4)
              ret
            }

            entry compute "main" @main numthreads(4, 4, 1) inputs(@g0, @g1) outputs()
        "#]],
    );
}

#[test]
fn comma_and_compound_assignments() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint a = 1, b = 2;
    a <<= 3; b |= a; a ^= b; b %= 5; a -= 1;
    for (uint i = 0, j = 10; i < j; i++, j--) a += i;
    Out[0] = a + b;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; a
              %1 = alloca : ptr<function, uint> ; b
              %2 = alloca : ptr<function, uint> ; i
              %3 = alloca : ptr<function, uint> ; j
              store %0, 1:uint
              store %1, 2:uint
              %4 = load %0 : uint
              %5 = shl %4, 3:uint : uint
              store %0, %5
              %6 = load %1 : uint
              %7 = load %0 : uint
              %8 = bit_or %6, %7 : uint
              store %1, %8
              %9 = load %0 : uint
              %10 = load %1 : uint
              %11 = bit_xor %9, %10 : uint
              store %0, %11
              %12 = load %1 : uint
              %13 = rem %12, 5:uint : uint
              store %1, %13
              %14 = load %0 : uint
              %15 = sub %14, 1:uint : uint
              store %0, %15
              store %2, 0:uint
              store %3, 10:uint
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %16 = load %2 : uint
              %17 = load %3 : uint
              %18 = lt %16, %17 : bool
              cond_br %18, bb3, bb5
            bb3: ; (loop.body)
              %19 = load %0 : uint
              %20 = load %2 : uint
              %21 = add %19, %20 : uint
              store %0, %21
              br bb4
            bb4: ; (loop.continue)
              %22 = load %2 : uint
              %23 = add %22, 1:uint : uint
              store %2, %23
              %24 = load %3 : uint
              %25 = sub %24, 1:uint : uint
              store %3, %25
              br bb1
            bb5: ; (loop.merge)
              %26 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %27 = load %0 : uint
              %28 = load %1 : uint
              %29 = add %27, %28 : uint
              store %26, %29
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

fn unsupported(text: &str, expect: Expect) {
    match try_lower(text) {
        Ok(m) => panic!("lowered:\n{}", ir::print_module(&m)),
        Err(e) => expect.assert_eq(&e),
    }
}

#[test]
fn initializer_lists() {
    check(
        r#"
struct Pair { float a; int2 b; };
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int a[3] = { 1, id.x, 3 };
    float2 v = { 0.5, a[1] };
    Pair p = { v.x, { a[0], 2 } };
    Out[0] = p.a + p.b.y + v.y;
}
"#,
        expect![[r#"
            struct Pair { float a; int2 b; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, array<int, 3>> ; a
              %2 = alloca : ptr<function, float2> ; v
              %3 = alloca : ptr<function, Pair> ; p
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = convert %5 : int
              %7 = composite_construct 1:int, %6, 3:int : array<int, 3>
              store %1, %7
              %8 = access_chain %1, 1:int : ptr<function, int>
              %9 = load %8 : int
              %10 = convert %9 : float
              %11 = composite_construct 0.5:float, %10 : float2
              store %2, %11
              %12 = load %2 : float2
              %13 = composite_extract %12, [0] : float
              %14 = access_chain %1, 0:int : ptr<function, int>
              %15 = load %14 : int
              %16 = composite_construct %15, 2:int : int2
              %17 = composite_construct %13, %16 : Pair
              store %3, %17
              %18 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %19 = access_chain %3, 0:int : ptr<function, float>
              %20 = load %19 : float
              %21 = access_chain %3, 1:int : ptr<function, int2>
              %22 = load %21 : int2
              %23 = composite_extract %22, [1] : int
              %24 = convert %23 : float
              %25 = add %20, %24 : float
              %26 = load %2 : float2
              %27 = composite_extract %26, [1] : float
              %28 = add %25, %27 : float
              store %18, %28
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
fn out_and_inout_parameters() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
void split(int v, out int hi, inout uint lo) { hi = v >> 4; lo += v & 15; }
[numthreads(1, 1, 1)]
void main() {
    int h;
    int2 l = 1;
    split(Out[0], h, l.y);
    Out[1] = h + l.y;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint>
              %1 = alloca : ptr<function, int>
              %2 = alloca : ptr<function, int> ; h
              %3 = alloca : ptr<function, int2> ; l
              store %3, {1, 1}:int2
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %5 = load %4 : int
              %6 = load %3 : int2
              %7 = composite_extract %6, [1] : int
              %8 = convert %7 : uint
              store %0, %8
              call @split(%5, %1, %0)
              %9 = load %1 : int
              store %2, %9
              %10 = load %0 : uint
              %11 = convert %10 : int
              %12 = load %3 : int2
              %13 = composite_insert %12, %11, [1] : int2
              store %3, %13
              %14 = access_chain @g0, 1:int : ptr<storage_buffer, int>
              %15 = load %2 : int
              %16 = load %3 : int2
              %17 = composite_extract %16, [1] : int
              %18 = add %15, %17 : int
              store %14, %18
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @split(%arg0: int, %arg1: ptr<function, int>, %arg2: ptr<function, uint>) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; v
              store %0, %arg0
              %1 = load %0 : int
              %2 = shr %1, 4:int : int
              store %arg1, %2
              %3 = load %arg2 : uint
              %4 = load %0 : int
              %5 = bit_and %4, 15:int : int
              %6 = convert %5 : uint
              %7 = add %3, %6 : uint
              store %arg2, %7
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn missing_entry_point() {
    unsupported(
        "[numthreads(1,1,1)] void other() {}",
        expect!["E3002 0..1: entry point `main` not found"],
    );
}

#[test]
fn matrices_and_mul() {
    check(
        r#"
cbuffer Xf : register(b0) { float4x4 World; float3x3 Normal; };
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 p = Out[id.x];
    float3 n = mul(p.xyz, Normal);
    float4x4 twice = World + World;
    Out[id.x] = mul(twice, p) + mul(p, World) * 2 + float4(n, mul(p.x, 3.0));
}
"#,
        expect![[r#"
            struct type.Xf { float4x4 World; float3x3 Normal; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform ConstantBuffer<type.Xf> set(0) binding(0) layout(relaxed_std140) ; Xf

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float4> ; p
              %2 = alloca : ptr<function, float3> ; n
              %3 = alloca : ptr<function, float4x4> ; twice
              store %0, %arg0
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain @g1, %5 : ptr<storage_buffer, float4>
              %7 = load %6 : float4
              store %1, %7
              %8 = load %1 : float4
              %9 = swizzle %8, xyz : float3
              %10 = access_chain @g2, 1:int : ptr<uniform, float3x3>
              %11 = load %10 : float3x3
              %12 = vec_mat_mul %9, %11 : float3
              store %2, %12
              %13 = access_chain @g2, 0:int : ptr<uniform, float4x4>
              %14 = load %13 : float4x4
              %15 = access_chain @g2, 0:int : ptr<uniform, float4x4>
              %16 = load %15 : float4x4
              %17 = add %14, %16 : float4x4
              store %3, %17
              %18 = load %0 : uint3
              %19 = composite_extract %18, [0] : uint
              %20 = access_chain @g1, %19 : ptr<storage_buffer, float4>
              %21 = load %3 : float4x4
              %22 = load %1 : float4
              %23 = mat_vec_mul %21, %22 : float4
              %24 = load %1 : float4
              %25 = access_chain @g2, 0:int : ptr<uniform, float4x4>
              %26 = load %25 : float4x4
              %27 = vec_mat_mul %24, %26 : float4
              %28 = mul %27, {2.0, 2.0, 2.0, 2.0}:float4 : float4
              %29 = add %23, %28 : float4
              %30 = load %2 : float3
              %31 = load %1 : float4
              %32 = composite_extract %31, [0] : float
              %33 = mul %32, 3.0:float : float
              %34 = composite_construct %30, %33 : float4
              %35 = add %29, %34 : float4
              store %20, %35
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
fn static_globals_and_init_globals() {
    check(
        r#"
static const int N = 4;
static const float Neg = -1.5;
static const float2 K = float2(1, 2) * N;
static float Table[3] = { 1, 2, 3 };
static uint Counter;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Counter += N;
    Out[id.x] = K.y + Table[id.x % 3] + Neg + Counter;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = private uint ; Counter
            @g2 = private int = 4:int ; N
            @g3 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out
            @g4 = private float2 ; K
            @g5 = private array<float, 3> ; Table
            @g6 = private float = -1.5:float ; Neg

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load @g1 : uint
              %2 = load @g2 : int
              %3 = convert %2 : uint
              %4 = add %1, %3 : uint
              store @g1, %4
              %5 = load %0 : uint3
              %6 = composite_extract %5, [0] : uint
              %7 = access_chain @g3, %6 : ptr<storage_buffer, float>
              %8 = load @g4 : float2
              %9 = composite_extract %8, [1] : float
              %10 = load %0 : uint3
              %11 = composite_extract %10, [0] : uint
              %12 = rem %11, 3:uint : uint
              %13 = access_chain @g5, %12 : ptr<private, float>
              %14 = load %13 : float
              %15 = add %9, %14 : float
              %16 = load @g6 : float
              %17 = add %15, %16 : float
              %18 = load @g1 : uint
              %19 = convert %18 : float
              %20 = add %17, %19 : float
              store %7, %20
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @init_globals()
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @init_globals() -> void {
            bb0: ; (entry)
              %0 = composite_construct 1.0:float, 2.0:float : float2
              %1 = load @g2 : int
              %2 = convert %1 : float
              %3 = composite_construct %2, %2 : float2
              %4 = mul %0, %3 : float2
              store @g4, %4
              %5 = composite_construct 1.0:float, 2.0:float, 3.0:float : array<float, 3>
              store @g5, %5
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn control_hints_and_vk_binding() {
    check(
        r#"
[[vk::binding(3, 2)]] RWStructuredBuffer<int> Out : register(u0);
[[vk::binding(5)]] cbuffer C { int Limit; };
[numthreads(1, 1, 1)]
void main() {
    int s = 0;
    [unroll(4)] for (int i = 0; i < 4; i++) s += i;
    [loop] while (s > Limit) s--;
    [branch] if (s == 2) s = 0;
    [flatten] switch (s) { default: break; }
    Out[0] = s;
}
"#,
        expect![[r#"
            struct type.C { int Limit; }

            @g0 = resource uniform ConstantBuffer<type.C> set(0) binding(5) layout(relaxed_std140) ; C
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(2) binding(3) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; s
              %1 = alloca : ptr<function, int> ; i
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 hint=unroll(4) (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : int
              %3 = lt %2, 4:int : bool
              cond_br %3, bb3, bb5
            bb3: ; (loop.body)
              %4 = load %0 : int
              %5 = load %1 : int
              %6 = add %4, %5 : int
              store %0, %6
              br bb4
            bb4: ; (loop.continue)
              %7 = load %1 : int
              %8 = add %7, 1:int : int
              store %1, %8
              br bb1
            bb5: ; (loop.merge)
              br bb6
            bb6: ; loop merge=bb10 continue=bb9 hint=dontunroll (loop.header)
              br bb7
            bb7: ; (loop.check)
              %9 = load %0 : int
              %10 = access_chain @g0, 0:int : ptr<uniform, int>
              %11 = load %10 : int
              %12 = gt %9, %11 : bool
              cond_br %12, bb8, bb10
            bb8: ; (loop.body)
              %13 = load %0 : int
              %14 = sub %13, 1:int : int
              store %0, %14
              br bb9
            bb9: ; (loop.continue)
              br bb6
            bb10: ; selection merge=bb12 hint=dontflatten (loop.merge)
              %15 = load %0 : int
              %16 = eq %15, 2:int : bool
              cond_br %16, bb11, bb12
            bb11: ; (if.then)
              store %0, 0:int
              br bb12
            bb12: ; selection merge=bb14 hint=flatten (if.merge)
              %17 = load %0 : int
              switch %17, bb13, []
            bb13: ; (switch.case)
              br bb14
            bb14: ; (switch.merge)
              %18 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %19 = load %0 : int
              store %18, %19
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
fn intrinsics_with_out_arguments() {
    check(
        r#"
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float s, c;
    sincos(id.x * 0.5, s, c);
    float2 ip;
    float2 f = modf(Out[0], ip);
    Out[id.x] = float2(s, c) + f + ip;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2>
              %1 = alloca : ptr<function, float>
              %2 = alloca : ptr<function, float>
              %3 = alloca : ptr<function, uint3> ; id
              %4 = alloca : ptr<function, float> ; s
              %5 = alloca : ptr<function, float> ; c
              %6 = alloca : ptr<function, float2> ; ip
              %7 = alloca : ptr<function, float2> ; f
              store %3, %arg0
              %8 = load %3 : uint3
              %9 = composite_extract %8, [0] : uint
              %10 = convert %9 : float
              %11 = mul %10, 0.5:float : float
              call_intrinsic sincos(%11, %2, %1)
              %12 = load %2 : float
              store %4, %12
              %13 = load %1 : float
              store %5, %13
              %14 = access_chain @g1, 0:int : ptr<storage_buffer, float2>
              %15 = load %14 : float2
              %16 = call_intrinsic modf(%15, %0) : float2
              %17 = load %0 : float2
              store %6, %17
              store %7, %16
              %18 = load %3 : uint3
              %19 = composite_extract %18, [0] : uint
              %20 = access_chain @g1, %19 : ptr<storage_buffer, float2>
              %21 = load %4 : float
              %22 = load %5 : float
              %23 = composite_construct %21, %22 : float2
              %24 = load %7 : float2
              %25 = add %23, %24 : float2
              %26 = load %6 : float2
              %27 = add %25, %26 : float2
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
fn matrix_constructors() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float2x2 a = float2x2(1, 2, float2(3, 4));
    float2x3 z = 0;
    float2x2 b = float2x2(Out[0]);
    Out[1] = float4(mul(a, b)[0], z[1].xy);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2x2> ; a
              %1 = alloca : ptr<function, float2x3> ; z
              %2 = alloca : ptr<function, float2x2> ; b
              %3 = composite_construct 3.0:float, 4.0:float : float2
              %4 = composite_extract %3, [0] : float
              %5 = composite_extract %3, [1] : float
              %6 = composite_construct 1.0:float, 2.0:float : float2
              %7 = composite_construct %4, %5 : float2
              %8 = composite_construct %6, %7 : float2x2
              store %0, %8
              store %1, {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}:float2x3
              %9 = access_chain @g0, 0:int : ptr<storage_buffer, float4>
              %10 = load %9 : float4
              %11 = composite_extract %10, [0] : float
              %12 = composite_extract %10, [1] : float
              %13 = composite_extract %10, [2] : float
              %14 = composite_extract %10, [3] : float
              %15 = composite_construct %11, %12 : float2
              %16 = composite_construct %13, %14 : float2
              %17 = composite_construct %15, %16 : float2x2
              store %2, %17
              %18 = access_chain @g0, 1:int : ptr<storage_buffer, float4>
              %19 = load %0 : float2x2
              %20 = load %2 : float2x2
              %21 = mat_mul %19, %20 : float2x2
              %22 = composite_extract %21, [0] : float2
              %23 = access_chain %1, 1:int : ptr<function, float3>
              %24 = load %23 : float3
              %25 = swizzle %24, xy : float2
              %26 = composite_construct %22, %25 : float4
              store %18, %26
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
fn texture_get_dimensions() {
    check(
        r#"
Texture2D<float4> Tex : register(t0);
RWTexture2D<float> Img : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint w, h, levels;
    Tex.GetDimensions(0, w, h, levels);
    float fw, fh;
    Img.GetDimensions(fw, fh);
    Img[uint2(0, 0)] = w + h + levels + fw + fh;
}
"#,
        expect![[r#"
            @g0 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; Tex
            @g1 = resource uniform_constant RWTexture2D<float> set(0) binding(0) ; Img

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; w
              %1 = alloca : ptr<function, uint> ; h
              %2 = alloca : ptr<function, uint> ; levels
              %3 = alloca : ptr<function, float> ; fw
              %4 = alloca : ptr<function, float> ; fh
              %5 = texture_query_size @g0, 0:uint : uint2
              %6 = composite_extract %5, [0] : uint
              store %0, %6
              %7 = composite_extract %5, [1] : uint
              store %1, %7
              %8 = texture_query_levels @g0 : uint
              store %2, %8
              %9 = texture_query_size @g1 : uint2
              %10 = composite_extract %9, [0] : uint
              %11 = convert %10 : float
              store %3, %11
              %12 = composite_extract %9, [1] : uint
              %13 = convert %12 : float
              store %4, %13
              %14 = composite_construct 0:uint, 0:uint : uint2
              %15 = load %0 : uint
              %16 = load %1 : uint
              %17 = add %15, %16 : uint
              %18 = load %2 : uint
              %19 = add %17, %18 : uint
              %20 = convert %19 : float
              %21 = load %3 : float
              %22 = add %20, %21 : float
              %23 = load %4 : float
              %24 = add %22, %23 : float
              texture_store @g1, %14, %24
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
fn overloads_by_exact_argument_types() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
float weight(float x) { return x * 2; }
float weight(float3 v) { return v.x + v.y + v.z; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = weight(Out[1]) + weight(float3(1, 2, 3));
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = access_chain @g0, 1:int : ptr<storage_buffer, float>
              %2 = load %1 : float
              %3 = call @weight(%2) : float
              %4 = composite_construct 1.0:float, 2.0:float, 3.0:float : float3
              %5 = call @weight.1(%4) : float
              %6 = add %3, %5 : float
              store %0, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @weight(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              %2 = mul %1, 2.0:float : float
              ret %2
            }

            func @weight.1(%arg0: float3) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; v
              store %0, %arg0
              %1 = load %0 : float3
              %2 = composite_extract %1, [0] : float
              %3 = load %0 : float3
              %4 = composite_extract %3, [1] : float
              %5 = add %2, %4 : float
              %6 = load %0 : float3
              %7 = composite_extract %6, [2] : float
              %8 = add %5, %7 : float
              ret %8
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn loose_uniforms_go_to_dollar_globals() {
    check(
        r#"
float Gain;
RWStructuredBuffer<float> Out : register(u0);
uint Count;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x < Count) Out[id.x] *= Gain;
}
"#,
        expect![[r#"
            struct type.$Globals { float Gain; uint Count; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(1) layout(relaxed_std140) ; $Globals
            @g2 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

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
              %8 = access_chain @g2, %7 : ptr<storage_buffer, float>
              %9 = load %8 : float
              %10 = access_chain @g1, 0:int : ptr<uniform, float>
              %11 = load %10 : float
              %12 = mul %9, %11 : float
              store %8, %12
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
fn static_const_local() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    static const float3 Lum = float3(0.25, 0.5, 0.25);
    Out[0] = dot(Lum, float3(Out[1], Out[2], Out[3]));
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float3> ; Lum
              %1 = composite_construct 0.25:float, 0.5:float, 0.25:float : float3
              store %0, %1
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %3 = load %0 : float3
              %4 = access_chain @g0, 1:int : ptr<storage_buffer, float>
              %5 = load %4 : float
              %6 = access_chain @g0, 2:int : ptr<storage_buffer, float>
              %7 = load %6 : float
              %8 = access_chain @g0, 3:int : ptr<storage_buffer, float>
              %9 = load %8 : float
              %10 = composite_construct %5, %7, %9 : float3
              %11 = dot %3, %10 : float
              store %2, %11
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
fn select_nonuniform_and_matrix_compound_assignment() {
    check(
        r#"
StructuredBuffer<float4> Inputs[4] : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2x2 m = 1;
    m *= 2;
    float4 v = Inputs[NonUniformResourceIndex(id.x)][0];
    Out[0] = select(v > 0, v, m[1].xyxy);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer array<StructuredBuffer<float4>, 4> set(0) binding(0) count(4) layout(relaxed_std430) ; Inputs
            @g2 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float2x2> ; m
              %2 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              store %1, {{1.0, 1.0}, {1.0, 1.0}}:float2x2
              %3 = load %1 : float2x2
              %4 = mul %3, {{2.0, 2.0}, {2.0, 2.0}}:float2x2 : float2x2
              store %1, %4
              %5 = load %0 : uint3
              %6 = composite_extract %5, [0] : uint
              %7 = call_intrinsic NonUniformIndex(%6) : uint
              %8 = access_chain @g1, %7 : ptr<storage_buffer, StructuredBuffer<float4>>
              %9 = access_chain %8, 0:int : ptr<storage_buffer, float4>
              %10 = load %9 : float4
              store %2, %10
              %11 = access_chain @g2, 0:int : ptr<storage_buffer, float4>
              %12 = load %2 : float4
              %13 = gt %12, {0.0, 0.0, 0.0, 0.0}:float4 : bool4
              %14 = load %2 : float4
              %15 = access_chain %1, 1:int : ptr<function, float2>
              %16 = load %15 : float2
              %17 = swizzle %16, xyxy : float4
              %18 = select %13, %14, %17 : float4
              store %11, %18
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
fn negative_int_literals_at_float_type() {
    // `-2` at a float is -2.0, folded from the signed literal (was 2^64 - 2 as a float).
    let text = r#"
RWStructuredBuffer<float2> Out : register(u0);
static const float K = -3;
[numthreads(1, 1, 1)]
void main() { Out[0] = float2(2, -2) * K; }
"#;
    let d = dump(text);
    assert!(d.contains("-2.0:float"), "{d}");
    assert!(d.contains("-3.0:float"), "{d}");
    assert!(!d.contains("e19"), "{d}");
}

#[test]
fn numthreads_may_be_arithmetic_after_macro_expansion() {
    let m =
        common::lower("#define TILE 8\n[numthreads(TILE * TILE, (2 + 1) % 2, 1)] void main() {}");
    assert_eq!(m.entry_points[0].workgroup_size, Some([64, 1, 1]));
}
