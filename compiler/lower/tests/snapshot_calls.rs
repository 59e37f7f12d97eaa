//! Snapshot tests of user calls: prototypes, default arguments, overloads, namespaces, struct
//! methods with this (implicit, explicit, static, on temporaries and groupshared objects), out
//! arguments; each dump verified.

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
fn prototype_then_definition() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
float Half(float x);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Half(3);
}
float Half(float x) { return x * 0.5; }
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = call @Half(3.0:float) : float
              store %0, %1
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Half(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              %2 = mul %1, 0.5:float : float
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn default_arguments_fill_missing() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
float Blend(float a, float t = 0.25, uint steps = 4) { return a * t * steps; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Blend(1) + Blend(2, 0.5) + Blend(3, 0.5, 2);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = call @Blend(1.0:float, 0.25:float, 4:uint) : float
              %2 = call @Blend(2.0:float, 0.5:float, 4:uint) : float
              %3 = add %1, %2 : float
              %4 = call @Blend(3.0:float, 0.5:float, 2:uint) : float
              %5 = add %3, %4 : float
              store %0, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Blend(%arg0: float, %arg1: float, %arg2: uint) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; a
              %1 = alloca : ptr<function, float> ; t
              %2 = alloca : ptr<function, uint> ; steps
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %3 = load %0 : float
              %4 = load %1 : float
              %5 = mul %3, %4 : float
              %6 = load %2 : uint
              %7 = convert %6 : float
              %8 = mul %5, %7 : float
              ret %8
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn overload_chosen_with_conversion() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
float Pick(float x) { return x; }
float Pick(float2 v) { return v.x + v.y; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Pick(id.x) + Pick(float2(id.xy));
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : float
              %5 = call @Pick(%4) : float
              %6 = load %0 : uint3
              %7 = swizzle %6, xy : uint2
              %8 = convert %7 : float2
              %9 = call @Pick.1(%8) : float
              %10 = add %5, %9 : float
              store %1, %10
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Pick(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              ret %1
            }

            func @Pick.1(%arg0: float2) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; v
              store %0, %arg0
              %1 = load %0 : float2
              %2 = composite_extract %1, [0] : float
              %3 = load %0 : float2
              %4 = composite_extract %3, [1] : float
              %5 = add %2, %4 : float
              ret %5
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn namespace_functions() {
    check(
        r#"
namespace Math { float Sq(float x) { return x * x; } }
namespace Outer { namespace Inner { float Cube(float x) { return x * Math::Sq(x); } } }
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Outer::Inner::Cube(2);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %1 = call @Cube(2.0:float) : float
              store %0, %1
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Cube(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              %2 = load %0 : float
              %3 = call @Sq(%2) : float
              %4 = mul %1, %3 : float
              ret %4
            }

            func @Sq(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              %2 = load %0 : float
              %3 = mul %1, %2 : float
              ret %3
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn method_with_implicit_member_access() {
    check(
        r#"
struct Counter {
    uint n;
    void Bump(uint k) { n += k; }
};
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Counter c;
    c.n = 0;
    c.Bump(3);
    Out[0] = c.n;
}
"#,
        expect![[r#"
            struct Counter { uint n; }

            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Counter> ; c
              %1 = access_chain %0, 0:int : ptr<function, uint>
              store %1, 0:uint
              call @Counter.Bump(%0, 3:uint)
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %3 = access_chain %0, 0:int : ptr<function, uint>
              %4 = load %3 : uint
              store %2, %4
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Counter.Bump(%arg0: ptr<function, Counter>, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; k
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, uint>
              %2 = load %1 : uint
              %3 = load %0 : uint
              %4 = add %2, %3 : uint
              store %1, %4
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn method_with_explicit_this() {
    check(
        r#"
struct V2 {
    float x, y;
    float Dot(V2 o) { return this.x * o.x + this.y * o.y; }
};
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    V2 a = { 1, 2 };
    V2 b = { 3, 4 };
    Out[0] = a.Dot(b);
}
"#,
        expect![[r#"
            struct V2 { float x; float y; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V2> ; a
              %1 = alloca : ptr<function, V2> ; b
              %2 = composite_construct 1.0:float, 2.0:float : V2
              store %0, %2
              %3 = composite_construct 3.0:float, 4.0:float : V2
              store %1, %3
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %5 = load %1 : V2
              %6 = call @V2.Dot(%0, %5) : float
              store %4, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @V2.Dot(%arg0: ptr<function, V2>, %arg1: V2) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V2> ; o
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, float>
              %2 = load %1 : float
              %3 = access_chain %0, 0:int : ptr<function, float>
              %4 = load %3 : float
              %5 = mul %2, %4 : float
              %6 = access_chain %arg0, 1:int : ptr<function, float>
              %7 = load %6 : float
              %8 = access_chain %0, 1:int : ptr<function, float>
              %9 = load %8 : float
              %10 = mul %7, %9 : float
              %11 = add %5, %10 : float
              ret %11
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn static_method() {
    check(
        r#"
struct Util {
    static uint Twice(uint v) { return v * 2; }
};
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Util::Twice(id.x);
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
              %4 = call @Util.Twice(%3) : uint
              store %1, %4
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Util.Twice(%arg0: uint) -> uint {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; v
              store %0, %arg0
              %1 = load %0 : uint
              %2 = mul %1, 2:uint : uint
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn method_on_a_temporary() {
    check(
        r#"
struct Box {
    float3 lo, hi;
    float3 Size() { return hi - lo; }
};
Box Make(float s) { Box b; b.lo = 0; b.hi = s; return b; }
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Make(2).Size();
}
"#,
        expect![[r#"
            struct Box { float3 lo; float3 hi; }

            @g0 = resource storage_buffer RWStructuredBuffer<float3> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Box>
              %1 = access_chain @g0, 0:int : ptr<storage_buffer, float3>
              %2 = call @Make(2.0:float) : Box
              store %0, %2
              %3 = call @Box.Size(%0) : float3
              store %1, %3
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Box.Size(%arg0: ptr<function, Box>) -> float3 {
            bb0: ; (entry)
              %0 = access_chain %arg0, 1:int : ptr<function, float3>
              %1 = load %0 : float3
              %2 = access_chain %arg0, 0:int : ptr<function, float3>
              %3 = load %2 : float3
              %4 = sub %1, %3 : float3
              ret %4
            }

            func @Make(%arg0: float) -> Box {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; s
              %1 = alloca : ptr<function, Box> ; b
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float3>
              store %2, {0.0, 0.0, 0.0}:float3
              %3 = access_chain %1, 1:int : ptr<function, float3>
              %4 = load %0 : float
              %5 = composite_construct %4, %4, %4 : float3
              store %3, %5
              %6 = load %1 : Box
              ret %6
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn method_on_groupshared_copies_back() {
    check(
        r#"
struct Acc { uint total; void Add(uint v) { total += v; } };
groupshared Acc Shared;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Shared.total = 0;
    Shared.Add(5);
    Out[0] = Shared.total;
}
"#,
        expect![[r#"
            struct Acc { uint total; }

            @g0 = groupshared Acc ; Shared
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Acc>
              %1 = access_chain @g0, 0:int : ptr<workgroup, uint>
              store %1, 0:uint
              %2 = load @g0 : Acc
              store %0, %2
              call @Acc.Add(%0, 5:uint)
              %3 = load %0 : Acc
              store @g0, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %5 = access_chain @g0, 0:int : ptr<workgroup, uint>
              %6 = load %5 : uint
              store %4, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Acc.Add(%arg0: ptr<function, Acc>, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; v
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, uint>
              %2 = load %1 : uint
              %3 = load %0 : uint
              %4 = add %2, %3 : uint
              store %1, %4
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn method_calling_method() {
    check(
        r#"
struct Stats {
    float sum; uint n;
    void Add(float v) { sum += v; n++; }
    void AddTwice(float v) { Add(v); Add(v); }
};
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Stats s = { 0, 0 };
    s.AddTwice(1.5);
    Out[0] = s.sum / s.n;
}
"#,
        expect![[r#"
            struct Stats { float sum; uint n; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Stats> ; s
              %1 = composite_construct 0.0:float, 0:uint : Stats
              store %0, %1
              call @Stats.AddTwice(%0, 1.5:float)
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %3 = access_chain %0, 0:int : ptr<function, float>
              %4 = load %3 : float
              %5 = access_chain %0, 1:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = convert %6 : float
              %8 = div %4, %7 : float
              store %2, %8
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Stats.AddTwice(%arg0: ptr<function, Stats>, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; v
              store %0, %arg1
              %1 = load %0 : float
              call @Stats.Add(%arg0, %1)
              %2 = load %0 : float
              call @Stats.Add(%arg0, %2)
              ret
            }

            func @Stats.Add(%arg0: ptr<function, Stats>, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; v
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, float>
              %2 = load %1 : float
              %3 = load %0 : float
              %4 = add %2, %3 : float
              store %1, %4
              %5 = access_chain %arg0, 1:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = add %6, 1:uint : uint
              store %5, %7
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn out_of_line_method_definition() {
    check(
        r#"
struct Ray { float3 o, d; float3 At(float t); };
float3 Ray::At(float t) { return o + d * t; }
RWStructuredBuffer<float3> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Ray r = { float3(0, 0, 0), float3(0, 0, 1) };
    Out[0] = r.At(2);
}
"#,
        expect![[r#"
            struct Ray { float3 o; float3 d; }

            @g0 = resource storage_buffer RWStructuredBuffer<float3> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Ray> ; r
              %1 = composite_construct 0.0:float, 0.0:float, 0.0:float : float3
              %2 = composite_extract %1, [0] : float
              %3 = composite_extract %1, [1] : float
              %4 = composite_extract %1, [2] : float
              %5 = composite_construct 0.0:float, 0.0:float, 1.0:float : float3
              %6 = composite_extract %5, [0] : float
              %7 = composite_extract %5, [1] : float
              %8 = composite_extract %5, [2] : float
              %9 = composite_construct %2, %3, %4 : float3
              %10 = composite_construct %6, %7, %8 : float3
              %11 = composite_construct %9, %10 : Ray
              store %0, %11
              %12 = access_chain @g0, 0:int : ptr<storage_buffer, float3>
              %13 = call @Ray.At(%0, 2.0:float) : float3
              store %12, %13
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Ray.At(%arg0: ptr<function, Ray>, %arg1: float) -> float3 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; t
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, float3>
              %2 = load %1 : float3
              %3 = access_chain %arg0, 1:int : ptr<function, float3>
              %4 = load %3 : float3
              %5 = load %0 : float
              %6 = composite_construct %5, %5, %5 : float3
              %7 = mul %4, %6 : float3
              %8 = add %2, %7 : float3
              ret %8
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn method_with_out_parameter() {
    check(
        r#"
struct Range {
    float lo, hi;
    void Split(out float mid, inout uint count) { mid = (lo + hi) * 0.5; count++; }
};
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Range r = { 1, 3 };
    float m;
    uint n = 0;
    r.Split(m, n);
    Out[0] = m + n;
}
"#,
        expect![[r#"
            struct Range { float lo; float hi; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint>
              %1 = alloca : ptr<function, float>
              %2 = alloca : ptr<function, Range> ; r
              %3 = alloca : ptr<function, float> ; m
              %4 = alloca : ptr<function, uint> ; n
              %5 = composite_construct 1.0:float, 3.0:float : Range
              store %2, %5
              store %4, 0:uint
              %6 = load %4 : uint
              store %0, %6
              call @Range.Split(%2, %1, %0)
              %7 = load %1 : float
              store %3, %7
              %8 = load %0 : uint
              store %4, %8
              %9 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %10 = load %3 : float
              %11 = load %4 : uint
              %12 = convert %11 : float
              %13 = add %10, %12 : float
              store %9, %13
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Range.Split(%arg0: ptr<function, Range>, %arg1: ptr<function, float>, %arg2: ptr<function, uint>) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, 0:int : ptr<function, float>
              %1 = load %0 : float
              %2 = access_chain %arg0, 1:int : ptr<function, float>
              %3 = load %2 : float
              %4 = add %1, %3 : float
              %5 = mul %4, 0.5:float : float
              store %arg1, %5
              %6 = load %arg2 : uint
              %7 = add %6, 1:uint : uint
              store %arg2, %7
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn namespace_prototype_defined_later() {
    check(
        r#"
namespace Tone { float Map(float x, float white = 4.0); }
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Tone::Map(id.x);
}
float Tone::Map(float x, float white) { return x / (1 + x / white); }
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : float
              %5 = call @Map(%4, 4.0:float) : float
              store %1, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Map(%arg0: float, %arg1: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              %1 = alloca : ptr<function, float> ; white
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : float
              %3 = load %0 : float
              %4 = load %1 : float
              %5 = div %3, %4 : float
              %6 = add 1.0:float, %5 : float
              %7 = div %2, %6 : float
              ret %7
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn static_method_through_instance() {
    check(
        r#"
struct Units { float scale; static float Meters(float cm) { return cm / 100; } };
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Units u;
    u.scale = 2;
    Out[0] = u.Meters(250) * u.scale;
}
"#,
        expect![[r#"
            struct Units { float scale; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Units> ; u
              %1 = access_chain %0, 0:int : ptr<function, float>
              store %1, 2.0:float
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %3 = call @Units.Meters(250.0:float) : float
              %4 = access_chain %0, 0:int : ptr<function, float>
              %5 = load %4 : float
              %6 = mul %3, %5 : float
              store %2, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Units.Meters(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; cm
              store %0, %arg0
              %1 = load %0 : float
              %2 = div %1, 100.0:float : float
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn template_function_instantiated_per_type() {
    check(
        r#"
template<typename T> T Twice(T x) { return x + x; }
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = Twice(1.5) + Twice<int>(id.x) + Twice(2.5);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %2 = call @Twice(1.5:float) : float
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = convert %4 : int
              %6 = call @Twice.1(%5) : int
              %7 = convert %6 : float
              %8 = add %2, %7 : float
              %9 = call @Twice(2.5:float) : float
              %10 = add %8, %9 : float
              store %1, %10
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Twice(%arg0: float) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              store %0, %arg0
              %1 = load %0 : float
              %2 = load %0 : float
              %3 = add %1, %2 : float
              ret %3
            }

            func @Twice.1(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %1 = load %0 : int
              %2 = load %0 : int
              %3 = add %1, %2 : int
              ret %3
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn template_struct_methods_with_value_parameter() {
    check(
        r#"
template<typename T, uint N>
struct Ring {
    T items[N];
    uint head;
    void Push(T v) { items[head] = v; head = (head + 1) % N; }
};
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Ring<float, 3> r;
    r.head = 0;
    r.Push(2);
    Out[0] = r.items[0];
}
"#,
        expect![[r#"
            struct Ring<float, 3> { array<float, 3> items; uint head; }

            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Ring<float, 3>> ; r
              %1 = access_chain %0, 1:int : ptr<function, uint>
              store %1, 0:uint
              call @Ring.Push(%0, 2.0:float)
              %2 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %3 = access_chain %0, 0:int : ptr<function, array<float, 3>>
              %4 = access_chain %3, 0:int : ptr<function, float>
              %5 = load %4 : float
              store %2, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Ring.Push(%arg0: ptr<function, Ring<float, 3>>, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; v
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, array<float, 3>>
              %2 = access_chain %arg0, 1:int : ptr<function, uint>
              %3 = load %2 : uint
              %4 = access_chain %1, %3 : ptr<function, float>
              %5 = load %0 : float
              store %4, %5
              %6 = access_chain %arg0, 1:int : ptr<function, uint>
              %7 = access_chain %arg0, 1:int : ptr<function, uint>
              %8 = load %7 : uint
              %9 = add %8, 1:uint : uint
              %10 = rem %9, 3:uint : uint
              store %6, %10
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn method_on_a_buffer_element_writes_back() {
    check(
        r#"
struct Acc { uint total; void Add(uint v) { total += v; } };
RWStructuredBuffer<Acc> Accs : register(u0);
StructuredBuffer<Acc> Seeds : register(t0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Accs[id.x].Add(Seeds[id.x].total);
}
"#,
        expect![[r#"
            struct Acc { uint total; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<Acc> set(0) binding(0) layout(relaxed_std430) ; Accs
            @g2 = resource storage_buffer StructuredBuffer<Acc> set(0) binding(0) layout(relaxed_std430) ; Seeds

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Acc>
              %1 = alloca : ptr<function, uint3> ; id
              store %1, %arg0
              %2 = load %1 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = access_chain @g1, %3 : ptr<storage_buffer, Acc>
              %5 = load %4 : Acc
              store %0, %5
              %6 = load %1 : uint3
              %7 = composite_extract %6, [0] : uint
              %8 = access_chain @g2, %7 : ptr<storage_buffer, Acc>
              %9 = access_chain %8, 0:int : ptr<storage_buffer, uint>
              %10 = load %9 : uint
              call @Acc.Add(%0, %10)
              %11 = load %0 : Acc
              store %4, %11
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Acc.Add(%arg0: ptr<function, Acc>, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; v
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, uint>
              %2 = load %1 : uint
              %3 = load %0 : uint
              %4 = add %2, %3 : uint
              store %1, %4
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}
